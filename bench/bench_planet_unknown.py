"""Planet Unknown figures: self-play speed, the time to list a player's legal placements, and the bots' strength.
Prints figures; never asserts a timing.

    .venv/bin/python bench/bench_planet_unknown.py [--seconds S] [--samples N] [--bot-games N] [--json]

  (a) random self-play through the public API (legal_actions + apply, one core) at 1, 4 and 6 players;
  (b) listing one player's legal actions at the start of their tile turn (every placement of both depot tiles),
      on states sampled from random 6-player games: p50 / p99 / max over ``--samples`` cold calls;
  (c) ``--bot-games N``: greedy in seat 0 against three random players in N four-player games (mean score of each,
      mean margin, games won), and greedy's solo score over N/4 solo games against the target.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brassboard
from brassboard.bots import make_bot, seat_seed
from brassboard.games.planet_unknown.rules import TILES, PlanetUnknownState

GAME = "planet_unknown"
SEED = 1


def playout(players: int, chooser: random.Random) -> int:
    state = brassboard.new_game(GAME, players, chooser.randrange(1 << 30))
    moves = 0
    while not state.is_over():
        player = chooser.choice(state.active_players())
        state.apply(player, chooser.choice(state.legal_actions(player)))
        moves += 1
    return moves


def self_play(players: int, seconds: float) -> dict[str, float]:
    chooser = random.Random(SEED)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += playout(players, chooser)
        games += 1
    elapsed = time.perf_counter() - start
    return {"moves_per_second": moves / elapsed, "games_per_second": games / elapsed, "moves": moves}


def placement_listing(samples: int) -> dict[str, float]:
    """Cold legal-action lists at the start of tile turns in random 6-player games."""
    chooser = random.Random(SEED)
    timings: list[float] = []
    counts: list[int] = []
    while len(timings) < samples:
        state = brassboard.new_game(GAME, 6, chooser.randrange(1 << 30))
        assert isinstance(state, PlanetUnknownState)
        while not state.is_over() and len(timings) < samples:
            player = chooser.choice(state.active_players())
            if state.phase == TILES and not state.corps[player].took_tile:
                probe = state.clone()
                start = time.perf_counter()
                legal = probe.legal_actions(player)
                timings.append(time.perf_counter() - start)
                counts.append(len(legal))
            state.apply(player, chooser.choice(state.legal_actions(player)))
    timings.sort()
    return {"samples": len(timings), "p50_ms": timings[len(timings) // 2] * 1000,
            "p99_ms": timings[int(len(timings) * 0.99)] * 1000, "max_ms": timings[-1] * 1000,
            "mean_actions": statistics.mean(counts), "max_actions": max(counts)}


def bot_strength(games: int) -> dict[str, Any]:
    greedy, others, margins, wins = [], [], [], 0
    for game in range(games):
        seed = 1000 + game
        bots = [make_bot("greedy" if seat == 0 else "random", GAME, seat_seed(seed, seat)) for seat in range(4)]
        state = brassboard.new_game(GAME, 4, seed)
        while not state.is_over():
            player = state.active_players()[0]
            state.apply(player, bots[player].choose(state, player))
        totals = [s.total for s in state.scores()]
        greedy.append(totals[0])
        others.extend(totals[1:])
        margins.append(totals[0] - statistics.mean(totals[1:]))
        wins += 0 in state.winners()
    solo_scores, targets = [], []
    for game in range(max(1, games // 4)):
        seed = 5000 + game
        bot = make_bot("greedy", GAME, seat_seed(seed, 0))
        solo = brassboard.new_game(GAME, 1, seed)
        assert isinstance(solo, PlanetUnknownState)
        while not solo.is_over():
            solo.apply(0, bot.choose(solo, 0))
        solo_scores.append(solo.scores()[0].total)
        targets.append(solo.solo_target())
    return {"games": games, "greedy_mean": statistics.mean(greedy), "random_mean": statistics.mean(others),
            "mean_margin": statistics.mean(margins), "min_margin": min(margins), "greedy_wins": wins,
            "solo_games": len(solo_scores), "solo_mean": statistics.mean(solo_scores),
            "solo_best": max(solo_scores), "solo_mean_target": statistics.mean(targets)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per self-play figure (default 3)")
    parser.add_argument("--samples", type=int, default=2000, help="legal-action lists timed (default 2000)")
    parser.add_argument("--bot-games", type=int, default=0, help="four-player bot games to play (default 0)")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    report["self_play"] = {f"{n}p": self_play(n, options.seconds) for n in (1, 4, 6)}
    report["legal_placements_6p"] = placement_listing(options.samples)
    if options.bot_games:
        report["bots"] = bot_strength(options.bot_games)
    if options.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"Planet Unknown bench — Python {report['python']} on {report['machine']}, one core\n(a) random self-play")
    for name, figure in report["self_play"].items():
        print(f"  {name}  {figure['moves_per_second']:>9,.0f} moves/s   ({figure['games_per_second']:.1f} games/s)")
    listing = report["legal_placements_6p"]
    print(f"(b) a player's legal actions at the start of a tile turn (6 players, {listing['samples']} samples)")
    print(f"  p50 {listing['p50_ms']:.2f} ms   p99 {listing['p99_ms']:.2f} ms   max {listing['max_ms']:.2f} ms"
          f"   ({listing['mean_actions']:.0f} actions on average, at most {listing['max_actions']})")
    if "bots" in report:
        bots = report["bots"]
        print(f"(c) greedy vs 3 random, {bots['games']} four-player games")
        print(f"  greedy {bots['greedy_mean']:.1f}, random {bots['random_mean']:.1f}, margin {bots['mean_margin']:.1f}"
              f" (smallest {bots['min_margin']:.1f}), greedy won {bots['greedy_wins']} of {bots['games']}")
        print(f"  solo greedy over {bots['solo_games']} games: mean {bots['solo_mean']:.1f}, best {bots['solo_best']},"
              f" mean target {bots['solo_mean_target']:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
