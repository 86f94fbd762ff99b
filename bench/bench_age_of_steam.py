"""Age of Steam: random self-play moves/s per player count, and legal-action latency in the build phase.

    .venv/bin/python bench/bench_age_of_steam.py [--games N]

Times are the process's CPU time (time.process_time), so that the figures hold on a shared, busy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from brassboard.engine import new_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    build_latency: list[float] = []
    for players in (3, 4, 5, 6):
        moves, started = 0, time.process_time()
        for seed in range(args.games):
            state = new_game("age_of_steam", players, seed)
            rng = random.Random(seed)
            while not state.is_over():
                (p,) = state.active_players()
                t0 = time.process_time()
                actions = state.legal_actions(p)
                if state.phase == "build":
                    build_latency.append(time.process_time() - t0)
                cheap = [a for a in actions if a.kind not in ("bid", "issue", "done", "pass")
                         or (a.kind == "issue" and a.args[0] in (0, 1, 2)) or (a.kind == "bid" and a.args[0] <= 2)]
                state.apply(p, rng.choice(cheap if cheap and rng.random() < 0.6 else actions))
                moves += 1
        seconds = time.process_time() - started
        print(f"{players} players: {moves / seconds:,.0f} moves/s ({moves / args.games:.0f} moves per game)")
    build_latency.sort()
    p50 = statistics.median(build_latency) * 1000
    p99 = build_latency[int(len(build_latency) * 0.99)] * 1000
    print(f"build-phase legal_actions: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(build_latency)} calls")


if __name__ == "__main__":
    main()
