"""Age of Steam: random self-play moves/s per player count, and legal-action latency in the build phase.

    .venv/bin/python bench/bench_age_of_steam.py [--games N] [--bot-games N]

--bot-games N also plays N four-player games of greedy vs three random bots and N/2 games of four greedy bots, and
reports the greedy bot's win share, how many games reach the last round with it solvent, its final figures and its
decision times (the README's bot figures).

Times are the process's CPU time (time.process_time), so that the figures hold on a shared, busy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import new_game
from brassboard.games.age_of_steam.rules import AgeOfSteamState


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bot-games", type=int, default=0)
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
    if args.bot_games:
        bot_games(["greedy", "random", "random", "random"], args.bot_games)
        bot_games(["greedy"] * 4, max(1, args.bot_games // 2))


def bot_games(kinds: list[str], games: int) -> None:
    share, reached, eliminated, moves = 0.0, 0, 0, 0
    finals: dict[str, list[float]] = {"score": [], "income": [], "shares": [], "locomotive": []}
    decisions: list[float] = []
    for game in range(games):
        seed = 5000 + game
        bots = [make_bot(kind, "age_of_steam", seat_seed(seed, seat)) for seat, kind in enumerate(kinds)]
        state = new_game("age_of_steam", len(kinds), seed)
        assert isinstance(state, AgeOfSteamState)
        while not state.is_over():
            (p,) = state.active_players()
            t0 = time.process_time()
            action = bots[p].choose(state, p)
            if kinds[p] == "greedy":
                decisions.append(time.process_time() - t0)
            state.apply(p, action)
            moves += 1
        winners = state.winners()
        share += (0 in winners) / len(winners)
        eliminated += sum(state.eliminated)
        totals = [s.total for s in state.scores()]
        reached += state.round == state.rounds and not state.eliminated[0]
        for seat, kind in enumerate(kinds):
            if kind == "greedy":
                finals["score"].append(totals[seat])
                finals["income"].append(state.income[seat])
                finals["shares"].append(state.shares[seat])
                finals["locomotive"].append(state.loco[seat])
    decisions.sort()
    means = ", ".join(f"{k} {statistics.mean(v):.1f}" for k, v in finals.items())
    print(f"{'+'.join(kinds)}: {games} games, seat 0 win share {share / games:.0%}, seat 0 solvent in the last round "
          f"{reached}/{games}, {eliminated / games:.2f} bankrupt a game, {moves / games:.0f} moves a game; greedy "
          f"finals: {means}; greedy decision p50 {statistics.median(decisions) * 1000:.1f} ms, "
          f"p99 {decisions[int(len(decisions) * 0.99)] * 1000:.1f} ms, max {decisions[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
