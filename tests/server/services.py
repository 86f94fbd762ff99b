"""Throwaway PostgreSQL and Redis servers on loopback, for the tests of what the server promises with them, and
``brassboard serve`` itself as a process.

Both come from Debian's packages (`make test` installs them when missing: postgresql, redis-server). Each server
lives in a temporary folder of its own and is stopped, folder and all, when its context ends. PostgreSQL refuses
to run as root; as root, its folder is handed to the ``postgres`` user that Debian's package creates, and the server
runs as that user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
from serve_process import LOOPBACK, brassboard_serve, free_port, stop_process

START_SECONDS = 30.0


class ServiceUnavailable(Exception):
    """The service's programs are not installed here (the reason says which)."""


def _postgres_program(name: str) -> str:
    """Debian keeps PostgreSQL's server programs out of PATH, under /usr/lib/postgresql/VERSION/bin."""
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    if found is None:
        raise ServiceUnavailable(f"PostgreSQL's {name} is not installed (Debian package: postgresql)")
    return found


def _wait_for_port(port: int, process: subprocess.Popen[bytes], what: str, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            if probe.connect_ex((LOOPBACK, port)) == 0:
                return
        time.sleep(0.05)
    tail = log.read_text(errors="replace")[-1500:] if log.exists() else ""
    raise RuntimeError(f"{what} did not start on port {port}: {tail}")


@contextmanager
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server; yields the URL of its ``postgres`` database (user ``brass``, no password)."""
    initdb, pg_ctl = _postgres_program("initdb"), _postgres_program("pg_ctl")
    folder = Path(tempfile.mkdtemp(prefix="brassboard-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise ServiceUnavailable("PostgreSQL will not run as root and there is no postgres user") from None
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data, log = folder / "data", folder / "server.log"
    port = free_port()
    try:
        subprocess.run([*as_user, initdb, "-D", str(data), "-U", "brass", "-A", "trust", "-E", "UTF8",
                        "--no-sync"], check=True, capture_output=True, timeout=120)
        # fsync off: these databases are thrown away; the socket folder is ours, not /var/run/postgresql
        options = f"-p {port} -k {folder} -c listen_addresses={LOOPBACK} -F"
        # -w: pg_ctl returns once the server accepts connections
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(log), "-o", options, "-w", "-t", "60",
                        "start"], check=True, capture_output=True, timeout=90)
        try:
            yield f"postgresql://brass@{LOOPBACK}:{port}/postgres"
        finally:
            subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                           capture_output=True, timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def new_database(server_url: str, name: str) -> str:
    """Create database ``name`` on the server; its URL."""
    import psycopg

    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"


@contextmanager
def redis_server() -> Iterator[str]:
    """A Redis server with no persistence; yields its URL."""
    program = shutil.which("redis-server")
    if program is None:
        raise ServiceUnavailable("redis-server is not installed (Debian package: redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="brassboard-redis-"))
    log = folder / "server.log"
    port = free_port()
    with log.open("wb") as output:
        process = subprocess.Popen([program, "--port", str(port), "--bind", LOOPBACK, "--save", "",
                                    "--appendonly", "no", "--dir", str(folder)],
                                   stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        _wait_for_port(port, process, "Redis", log)
        yield f"redis://{LOOPBACK}:{port}/0"
    finally:
        stop_process(process)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def serve_process(port: int, **settings: str) -> Iterator[subprocess.Popen[bytes]]:
    """``brassboard serve`` on loopback ``port`` with these ``BRASSBOARD_*`` settings (e.g. ``DATA_DIR``) and no
    others from the environment; bots move at once. Its output is piped; it is stopped at the end if still running
    (tests/serve_process.py)."""
    with brassboard_serve(settings, port=port, wait=False) as served:
        yield served.process


def wait_until_serving(client: httpx.Client, process: subprocess.Popen[bytes]) -> None:
    """Wait until the server behind ``client`` (on its base URL) answers."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server exited at start"
        try:
            if client.get("/api/games").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise AssertionError("the server did not start")
