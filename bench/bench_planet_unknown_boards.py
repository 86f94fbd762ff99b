"""Planet Unknown's module boards: the greedy bot's mean score on each planet and corporation side against the
standard sides, so players can see which boards are harder. Prints figures; never asserts.

    .venv/bin/python bench/bench_planet_unknown_boards.py [--games N] [--players P] [--workers W]
                                                          [--only NAME ...] [--json]

For every planet side (with Universal Coalition) and every built corporation side (on KSB-4156), ``--games``
greedy self-play games of ``--players`` seats (default 2), every seat on that side, no events; the same seeds
for every board, so the standard sides' row is the baseline each figure compares with. ``--only`` limits the run
to the boards named (the baseline is always played); ``--workers`` plays the boards in that many processes.
Each row gives the mean of every seat's score, its standard deviation and the standard error of the mean.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brassboard
from brassboard.bots import make_bot, seat_seed
from brassboard.games.planet_unknown.figures import figures
from brassboard.games.planet_unknown.setup import PLAYABLE_CORPORATIONS

GAME = "planet_unknown"
BASELINE = "KSB-4156 + Universal Coalition"


def scores(options: dict[str, Any], games: int, players: int) -> list[float]:
    totals: list[float] = []
    for game in range(games):
        seed = 5000 + game
        state = brassboard.new_game(GAME, players, seed, options)
        bots = [make_bot("greedy", GAME, seat_seed(seed, seat)) for seat in range(players)]
        while not state.is_over():
            player = state.active_players()[0]
            state.apply(player, bots[player].choose(state, player))
        totals.extend(s.total for s in state.scores())
    return totals


def mean_score(options: dict[str, Any], games: int, players: int) -> tuple[float, float]:
    """The mean of every seat's score over ``games`` games and its standard deviation."""
    totals = scores(options, games, players)
    return statistics.mean(totals), statistics.stdev(totals) if len(totals) > 1 else 0.0


def boards() -> list[tuple[str, str, dict[str, Any], int]]:
    """(side, name, options, complexity) of the baseline, every planet side and every built corporation side."""
    fig = figures()
    rows: list[tuple[str, str, dict[str, Any], int]] = [("standard", BASELINE, {}, 1)]
    rows += [("planet", name, {"planet": name}, fig.planets[name].complexity)
             for name in fig.planets if name != fig.planet.name]
    rows += [("corporation", name, {"corporation": name}, fig.corporations[name].complexity)
             for name in PLAYABLE_CORPORATIONS if name != fig.corporation.name]
    return rows


def _row(job: tuple[str, str, dict[str, Any], int, int, int]) -> dict[str, Any]:
    side, name, options, complexity, games, players = job
    totals = scores(options, games, players)
    spread = statistics.stdev(totals) if len(totals) > 1 else 0.0
    return {"side": side, "name": name, "complexity": complexity, "mean": round(statistics.mean(totals), 1),
            "stdev": round(spread, 1), "stderr": round(spread / math.sqrt(len(totals)), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1, help="boards played in this many processes at once")
    parser.add_argument("--only", nargs="*", default=[], metavar="NAME", help="only these boards (and the baseline)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chosen = [b for b in boards() if b[0] == "standard" or not args.only or b[1] in args.only]
    unknown = set(args.only) - {b[1] for b in boards()}
    if unknown:
        parser.error(f"no such board: {', '.join(sorted(unknown))}")
    jobs = [(*board, args.games, args.players) for board in chosen]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(_row, jobs))
    else:
        rows = [_row(job) for job in jobs]
    if args.json:
        print(json.dumps({"games": args.games, "players": args.players, "rows": rows}, indent=2))
        return
    base = rows[0]["mean"]
    print(f"greedy self-play, {args.games} games x {args.players} seats per board (baseline {BASELINE}: {base})")
    for row in rows:
        print(f"  {row['side']:<12}{row['name']:<32} complexity {row['complexity']}  mean {row['mean']:>5}"
              f"  (sd {row['stdev']:>4}, se {row['stderr']:>4})  vs standard {row['mean'] - base:+.1f}")


if __name__ == "__main__":
    main()
