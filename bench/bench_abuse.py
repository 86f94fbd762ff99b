"""A bystander's latency while bots think: N Age of Steam matches of ``mcts-strong`` bots (3 seats each, no think
delay) run on ``brassboard serve``, and one client, alone on its address, asks ``GET /api/games`` and a match's
state by turns. Prints the bystander's p50 / p95 / max and how many bot moves were made meanwhile. Never asserts.

    .venv/bin/python bench/bench_abuse.py [--matches 4] [--seconds 20] [--server granian|uvicorn] [--json]

Goal (issue 11): p95 < 300 ms with 4 such matches on 2 cores. Before bots moved to worker processes, 8 such
matches pushed a bystander's p95 to 4.75 s, and one match without delay blocked other requests for 16–36 s.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve_process import brassboard_serve  # tests/serve_process.py: the one helper

MAX_MATCHES = 32
MAX_SECONDS = 300.0
WARM_SECONDS = 3.0  # the bots start thinking (worker processes spawn) before the bystander's clock starts


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def request(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, headers=headers), timeout=60) as ok:
        return json.load(ok)


def measure(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    settings = {"DATA_DIR": str(work / "data"), "CREATE_RATE": "1000/minute"}
    with brassboard_serve(settings, flags=["--server", args.server], log=work / "server.log") as served:
        base = served.url
        thinking = [request(base, "/api/matches", {"game": "age_of_steam", "players": 3,
                                                   "seats": ["bot:mcts-strong"] * 3})["id"]
                    for _ in range(args.matches)]
        bystander = request(base, "/api/matches", {"game": "tictactoe", "players": 2,
                                                   "seats": ["human", "human"]})["id"]
        time.sleep(WARM_SECONDS)
        start_versions = sum(request(base, f"/api/matches/{m}")["version"] for m in thinking)
        latencies: list[float] = []
        deadline = time.monotonic() + args.seconds
        paths = ["/api/games", f"/api/matches/{bystander}/state"]
        while time.monotonic() < deadline:
            path = paths[len(latencies) % 2]
            start = time.perf_counter()
            request(base, path)
            latencies.append((time.perf_counter() - start) * 1000)
            time.sleep(0.05)
        moves = sum(request(base, f"/api/matches/{m}")["version"] for m in thinking) - start_versions
    return {"matches": args.matches, "server": args.server, "seconds": args.seconds, "requests": len(latencies),
            "p50_ms": round(quantile(latencies, 0.5), 1), "p95_ms": round(quantile(latencies, 0.95), 1),
            "max_ms": round(max(latencies), 1), "bot_moves": moves, "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=4, help=f"all-bot matches thinking (1-{MAX_MATCHES})")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the bystander measures")
    parser.add_argument("--server", choices=["granian", "uvicorn"], default="granian")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.matches <= MAX_MATCHES or not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--matches 1-{MAX_MATCHES}, --seconds 1-{MAX_SECONDS:g}")
    with tempfile.TemporaryDirectory(prefix="bench-abuse-") as folder:
        result = measure(args, Path(folder))
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"bystander while {result['matches']} Age of Steam matches of mcts-strong bots think "
          f"({result['server']}, {result['cpus']} CPUs, load average {result['load_average']}):")
    print(f"  {result['requests']} requests in {result['seconds']:g} s: p50 {result['p50_ms']} ms, "
          f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms; {result['bot_moves']} bot moves meanwhile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
