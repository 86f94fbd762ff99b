"""What the ASGI server alone costs per WebSocket message: Granian under ASGI and under its native RSGI, serving a
bare echo (``bench/ws_frame_apps.py``), no Brassboard code. Prints figures, asserts none.

    .venv/bin/python bench/bench_ws_frame.py [--connections N] [--seconds S] [--reply-bytes B]

Each interface runs as its own ``granian`` process (one worker) on a free loopback port; this process is the client:
N WebSockets at once, each sending a short move-sized text and awaiting the reply before the next. Server CPU is
every process of the server's tree (``/proc``). A move of ``bench/bench_server.py`` costs one received and one sent
message per seat that is told of it, so this is the floor under its server CPU per move.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import websockets

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests"))
from bench_server import cpu_seconds, server_process  # noqa: E402  (the bench's own process helpers)
from serve_process import free_port  # noqa: E402  (tests/serve_process.py: the one helper)

MOVE = '{"type":"act","action":"mark b2","version":3}'
MAX_CONNECTIONS = 500
MAX_SECONDS = 120.0


async def drive(port: int, connections: int, seconds: float) -> int:
    answered = [0]
    stop = time.monotonic() + seconds

    async def one() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", compression=None) as socket:
            while time.monotonic() < stop:
                await socket.send(MOVE)
                await socket.recv()
                answered[0] += 1

    await asyncio.gather(*(one() for _ in range(connections)))
    return answered[0]


def measure(interface: str, connections: int, seconds: float, reply_bytes: int) -> tuple[float, float | None]:
    port = free_port()
    command = [sys.executable, "-m", "granian", "--interface", interface, "--host", "127.0.0.1", "--port", str(port),
               "--workers", "1", "--log-level", "error", "--working-dir", str(BENCH), f"ws_frame_apps:{interface}_app"]
    env = dict(os.environ, WS_FRAME_REPLY_BYTES=str(reply_bytes))
    with tempfile.TemporaryDirectory() as work, \
            server_process(command, env, f"http://127.0.0.1:{port}/", Path(work) / "granian.log") as pid:
        asyncio.run(drive(port, connections, min(1.0, seconds / 5)))  # warm-up
        before, start = cpu_seconds(pid), time.monotonic()
        answered = asyncio.run(drive(port, connections, seconds))
        wall, after = time.monotonic() - start, cpu_seconds(pid)
    cpu = None if before is None or after is None else after - before
    return answered / wall, None if cpu is None or not answered else cpu / answered * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--reply-bytes", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=2, help="alternating measurements of each interface")
    args = parser.parse_args()
    connections = max(1, min(args.connections, MAX_CONNECTIONS))
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    print(f"Granian bare echo, {connections} WebSockets, replies of {args.reply_bytes} characters, "
          f"{seconds:g} s per measurement; load average {os.getloadavg()[0]:.2f}")
    print(f"{'interface':10} {'messages/s':>11} {'server CPU us/message':>22}")
    for _ in range(max(1, min(args.rounds, 10))):
        for interface in ("asgi", "rsgi"):
            rate, cost = measure(interface, connections, seconds, args.reply_bytes)
            print(f"{interface:10} {rate:11,.0f} {'-' if cost is None else f'{cost:.1f}':>22}")


if __name__ == "__main__":
    main()
