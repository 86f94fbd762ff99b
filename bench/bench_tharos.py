"""Tharos: random self-play moves/s, the time to list a player's legal actions, and the bot figures of the README.

    PYTHONPATH=$PWD .venv/bin/python bench/bench_tharos.py [--games N] [--players P] [--bot-games N]

The speed part plays ``--games`` uniformly random games at ``--players`` (default 4) and reports moves/s (actions
applied, the listing of the legal actions included, as a random player needs it) and the latency of
``legal_actions`` over every call (p50, p99, max). Targets (issue 10): at least 10,000 moves/s on one core at
4 players, p99 under 2 ms.

``--bot-games N`` also plays N three-player games of greedy against two random bots (greedy rotating through the
seats) and N/2 of three greedy bots, and reports the average scores per kind, greedy's win share, and the defence
success rate per round (share of attack resolutions a player fended off) in the all-greedy games: the balance
figure for the DESIGN attack card values (``--attack-values 2,2,3,3,4,4,5,5`` tries others; ``--games 0`` skips
the speed part).

Times are the process's CPU time (time.process_time), so that the figures hold on a shared, busy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import new_game
from brassboard.games.tharos.rules import TharosState


def speed(players: int, games: int) -> None:
    latency: list[float] = []
    moves = 0
    started = time.process_time()
    for seed in range(games):
        state = new_game("tharos", players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.active_players()[0]
            t0 = time.process_time()
            actions = state.legal_actions(p)
            latency.append(time.process_time() - t0)
            state.apply(p, rng.choice(actions))
            moves += 1
    seconds = time.process_time() - started
    latency.sort()
    p50 = statistics.median(latency) * 1000
    p99 = latency[int(len(latency) * 0.99)] * 1000
    print(f"{players} players random self-play: {moves / seconds:,.0f} moves/s "
          f"({moves / games:.0f} moves per game, {games} games, {seconds:.1f} s CPU)")
    print(f"legal_actions: p50 {p50:.3f} ms, p99 {p99:.3f} ms, max {latency[-1] * 1000:.2f} ms "
          f"over {len(latency)} calls")


def play(kinds: list[str], seed: int, defence: dict[int, list[int]] | None = None,
         options: dict[str, Any] | None = None) -> list[int]:
    """One bot match; returns the totals. ``defence`` (round -> [fended off, attacks]) collects attack results."""
    bots = [make_bot(kind, "tharos", seat_seed(seed, seat)) for seat, kind in enumerate(kinds)]
    state = new_game("tharos", len(kinds), seed, options)
    assert isinstance(state, TharosState)
    while not state.is_over():
        p = state.active_players()[0]
        attack_round = state.board.round  # an attack is resolved in the round of the action that ends the turn
        events = state.apply(p, bots[p].choose(state, p))
        if defence is not None:
            for event in events:
                if event["type"] in ("defended", "attack_lost"):
                    counts = defence.setdefault(attack_round, [0, 0])
                    counts[0] += event["type"] == "defended"
                    counts[1] += 1
    return [score.total for score in state.scores()]


def bot_games(games: int, options: dict[str, Any] | None) -> None:
    by_kind: dict[str, list[int]] = defaultdict(list)
    greedy_wins = 0.0
    decisions: list[float] = []
    for game in range(games):
        seed = 5000 + game
        seat = game % 3
        kinds = ["random"] * 3
        kinds[seat] = "greedy"
        totals = play(kinds, seed, options=options)
        for s, kind in enumerate(kinds):
            by_kind[kind].append(totals[s])
        best = max(totals)
        winners = [s for s, t in enumerate(totals) if t == best]
        greedy_wins += (seat in winners) / len(winners)
    greedy, rnd = by_kind["greedy"], by_kind["random"]
    print(f"greedy vs 2 random, {games} three-player games: greedy average {statistics.mean(greedy):.1f} "
          f"(sd {statistics.pstdev(greedy):.1f}), random average {statistics.mean(rnd):.1f} "
          f"(sd {statistics.pstdev(rnd):.1f}); greedy win share {greedy_wins / games:.0%}")
    defence: dict[int, list[int]] = {}
    all_greedy: list[int] = []
    for game in range(max(1, games // 2)):
        seed = 9000 + game
        t0 = time.process_time()
        all_greedy += play(["greedy"] * 3, seed, defence, options)
        decisions.append(time.process_time() - t0)
    rates = ", ".join(f"round {r}: {d / n:.0%} ({d}/{n})" for r, (d, n) in sorted(defence.items()))
    print(f"3 greedy, {max(1, games // 2)} games: average score {statistics.mean(all_greedy):.1f}; "
          f"defence success {rates}; {statistics.mean(decisions):.2f} s CPU a game")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot-games", type=int, default=0)
    parser.add_argument("--attack-values", type=str, default="",
                        help="the 8 attack card values for the bot games, e.g. 2,2,3,3,4,4,5,5 (default: the data's)")
    args = parser.parse_args()
    if args.games:
        speed(args.players, args.games)
    if args.bot_games:
        options = None
        if args.attack_values:
            values = [int(v) for v in args.attack_values.split(",")]
            options = {"figures": {"attack": {"values": values}}}
            print(f"attack card values {values}")
        bot_games(args.bot_games, options)


if __name__ == "__main__":
    main()
