"""``brassboard serve`` as a real process on a free loopback port: the one helper of the service tests
(tests/server), the browser tests (tests/e2e) and the benchmarks (bench/bench_server.py, bench/bench_abuse.py); and
the one way they stop a process they started (:func:`stop_process`).

Tests find this module through tests/conftest.py's folder (pytest puts it on the path); the bench scripts put
``tests/`` on their path themselves.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LOOPBACK = "127.0.0.1"
READY_SECONDS = 30.0
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def answers(url: str) -> bool:
    """Whether ``url`` answers 200."""
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def stop_process(process: subprocess.Popen[Any], grace: float = 10.0) -> None:
    """Stop a process this code started, and only it: SIGTERM, SIGKILL if it is still running ``grace`` seconds
    later; returns once it has ended."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
    process.wait(timeout=grace)


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path | None  # the output's file; None when it is piped (``process.stdout``)

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def tail(self, characters: int = 1500) -> str:
        if self.log is None or not self.log.exists():
            return ""
        return self.log.read_text(errors="replace")[-characters:]


def serve_env(settings: dict[str, str]) -> dict[str, str]:
    """This environment without any ``BRASSBOARD_*`` setting, plus ``settings`` (names without the prefix); bots
    move at once unless ``BOT_DELAY`` is given."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("BRASSBOARD_")}
    env.update({"BRASSBOARD_BOT_DELAY": "0"} | {f"BRASSBOARD_{name}": value for name, value in settings.items()})
    python_path = [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(python_path))  # the brassboard of this source tree
    return env


@contextmanager
def brassboard_serve(settings: dict[str, str] | None = None, *, flags: list[str] | None = None,
                     port: int | None = None, log: Path | None = None, wait: bool = True,
                     cwd: Path | None = None) -> Iterator[Served]:
    """``brassboard serve`` on ``port`` (default: a free one) of 127.0.0.1 with these ``BRASSBOARD_*`` settings and
    serve ``flags``; its output goes to ``log`` (default: a pipe). With ``wait``, returns once ``/api/games``
    answers (RuntimeError, with the output's tail, if it does not within 30 s). Stopped — SIGTERM, then SIGKILL —
    at the end if still running."""
    port = port or free_port()
    command = [sys.executable, "-m", "brassboard", "serve", "--host", LOOPBACK, "--port", str(port), *(flags or [])]
    output = log.open("wb") if log is not None else None
    try:
        process = subprocess.Popen(command, env=serve_env(settings or {}), cwd=cwd or ROOT, stdin=subprocess.DEVNULL,
                                   stdout=output if output is not None else subprocess.PIPE, stderr=subprocess.STDOUT)
    finally:
        if output is not None:
            output.close()
    served = Served(process, port, log)
    try:
        if wait:
            deadline = time.monotonic() + READY_SECONDS
            while not answers(f"{served.url}/api/games"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"brassboard serve did not come up on port {port}:\n{served.tail()}")
                time.sleep(0.05)
        yield served
    finally:
        stop_process(process)
        if process.stdout is not None:
            process.stdout.close()
