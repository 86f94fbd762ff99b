"""Planet Unknown's module boards: the greedy bot's mean score on each planet and corporation side against the
standard sides, so players can see which boards are harder. Prints figures; never asserts.

    .venv/bin/python bench/bench_planet_unknown_boards.py [--games N] [--players P] [--json]

For every planet side (with Universal Coalition) and every built corporation side (on KSB-4156), ``--games``
greedy self-play games of ``--players`` seats (default 2), every seat on that side, no events; the same seeds
for every board, so the standard sides' row is the baseline each figure compares with.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brassboard
from brassboard.bots import make_bot, seat_seed
from brassboard.games.planet_unknown.figures import figures
from brassboard.games.planet_unknown.setup import PLAYABLE_CORPORATIONS

GAME = "planet_unknown"


def mean_score(options: dict[str, Any], games: int, players: int) -> tuple[float, float]:
    totals: list[float] = []
    for game in range(games):
        seed = 5000 + game
        state = brassboard.new_game(GAME, players, seed, options)
        bots = [make_bot("greedy", GAME, seat_seed(seed, seat)) for seat in range(players)]
        while not state.is_over():
            player = state.active_players()[0]
            state.apply(player, bots[player].choose(state, player))
        totals.extend(s.total for s in state.scores())
    return statistics.mean(totals), statistics.stdev(totals) if len(totals) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    fig = figures()
    rows = []
    for name in fig.planets:
        mean, spread = mean_score({"planet": name}, args.games, args.players)
        rows.append({"side": "planet", "name": name, "complexity": fig.planets[name].complexity,
                     "mean": round(mean, 1), "stdev": round(spread, 1)})
    for name in PLAYABLE_CORPORATIONS:
        if name == fig.corporation.name:
            continue
        mean, spread = mean_score({"corporation": name}, args.games, args.players)
        rows.append({"side": "corporation", "name": name, "complexity": fig.corporations[name].complexity,
                     "mean": round(mean, 1), "stdev": round(spread, 1)})
    if args.json:
        print(json.dumps({"games": args.games, "players": args.players, "rows": rows}, indent=2))
        return
    base = rows[0]["mean"]
    print(f"greedy self-play, {args.games} games x {args.players} seats per board (baseline KSB-4156 + UC: {base})")
    for row in rows:
        print(f"  {row['side']:<12}{row['name']:<22} complexity {row['complexity']}  mean {row['mean']:>5}"
              f"  (sd {row['stdev']:>4})  vs standard {row['mean'] - base:+.1f}")


if __name__ == "__main__":
    main()
