"""Planet Steam: the size of the production step's legal list in all-greedy games. Prints figures; never asserts.

    .venv/bin/python bench/planet_steam_production.py [--games N] [--players 2,3,4] [--seed S]

At every production decision it counts
  * ``listed``: the legal actions now (one idle set per distinct outcome: energy paid, goods made);
  * ``subsets``: what the list held when it named every affordable idle set (2^free x the affordable subsets of
    the tanks that need energy), i.e. before the reduction; computed by formula, not enumerated;
and the time one cold ``legal_actions`` call takes. The greedy bot sends its own idle set (listed or not), so both
counts are taken on the same games. Games are seeded SEED + i and cycle through the player counts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from math import comb
from pathlib import Path

# Run as a script from a checkout: make the package importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brassboard
from brassboard.bots import seat_seed
from brassboard.games.planet_steam.bots import GreedyBot
from brassboard.games.planet_steam.figures import ENERGY
from brassboard.games.planet_steam.rules import PlanetSteamState

SEED = 1


def every_affordable_subset(state: PlanetSteamState, p: int) -> int:
    """How many idle sets leave producing no more energy-using tanks than ``p`` holds energy for."""
    tanks = state.standing_tanks(p)
    needing = sum(1 for z in tanks if state._needs_energy(z))
    free = len(tanks) - needing
    held = state.players[p].goods[ENERGY]
    # idle j of the tanks that need energy: affordable when needing - j <= held
    return int(2 ** free) * sum(comb(needing, j) for j in range(max(0, needing - held), needing + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=36, help="games in all (default 36)")
    parser.add_argument("--players", default="2,3,4", help="player counts to cycle through (default 2,3,4)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    listed: list[int] = []
    subsets: list[int] = []
    seconds: list[float] = []
    worst: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # subsets, listed, game, round, tanks
    started = time.perf_counter()
    for i in range(args.games):
        players, game_seed = counts[i % len(counts)], args.seed + i
        state = brassboard.new_game("planet_steam", players, game_seed)
        assert isinstance(state, PlanetSteamState)
        bots = [GreedyBot(seat_seed(game_seed, s)) for s in range(players)]
        while not state.is_over():
            (p,) = state.active_players()
            if state.agenda[0]["k"] == "produce":
                cold = state.clone()  # a clone has no cached list: time the whole computation
                t0 = time.perf_counter()
                n = len(cold.legal_actions(p))
                seconds.append(time.perf_counter() - t0)
                old = every_affordable_subset(state, p)
                listed.append(n)
                subsets.append(old)
                worst = max(worst, (old, n, i, state.round, len(state.standing_tanks(p))))
            state.apply(p, bots[p].choose(state, p))
    decisions = len(listed)
    print(f"{args.games} all-greedy games ({args.players} players, seeds {args.seed}..{args.seed + args.games - 1}), "
          f"{decisions} production decisions, {time.perf_counter() - started:.0f} s")
    print(f"  listed now (one per outcome): max {max(listed)}, mean {statistics.mean(listed):.1f}, "
          f"median {statistics.median(listed)}")
    print(f"  every affordable subset (before): max {max(subsets)}, mean {statistics.mean(subsets):.1f}, "
          f"median {statistics.median(subsets)}")
    print(f"  the worst state before: {worst[0]} subsets -> {worst[1]} listed "
          f"(game {worst[2]}, round {worst[3]}, {worst[4]} standing tanks)")
    seconds.sort()
    print(f"  one cold legal_actions: median {1000 * statistics.median(seconds):.2f} ms, "
          f"max {1000 * seconds[-1]:.2f} ms")


if __name__ == "__main__":
    main()
