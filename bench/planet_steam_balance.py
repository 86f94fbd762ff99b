"""Planet Steam balance, measured by bot self-play. Prints figures; never asserts.

    .venv/bin/python bench/planet_steam_balance.py [--games N] [--versus N] [--players 2,3,4,5] [--seed S]
                                                   [--option name=value ...]

Sections:
  (a) greedy against random: one greedy bot and three random bots in 4-player games, the greedy seat rotating;
      a win is the highest total, shared or not.
  (b) all-greedy games at each player count: score per seat (mean, min, max), win share per seat (a shared win
      counts 1/k to each of the k winners), the score breakdown, the exchange prices met at each trading turn
      (range, share of turns at the scale's bounds, distribution), how often each supply band set the price
      adjustment, the tank track, how often the local market sold out, the end-phase tank production and its
      shortages, components that ran out, and the game length in actions.

These figures justify (or question) the DESIGN figures of data/board.toml: the exchange scales and bands, the
tank track prices, the freighter capacities and the start claims. Games are seeded SEED + i, so a run repeats.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Run as a script from a checkout: make the package importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brassboard.bots import Bot, RandomBot, seat_seed
from brassboard.engine import new_game
from brassboard.games.planet_steam.bots import GreedyBot
from brassboard.games.planet_steam.figures import RESOURCES
from brassboard.games.planet_steam.rules import PlanetSteamState

MAX_ACTIONS = 20_000


@dataclass
class Tally:
    """Everything measured over the games of one player count."""

    players: int
    games: int = 0
    actions: list[int] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)          # per game, per seat
    win_share: list[float] = field(default_factory=list)           # per seat
    wins: list[int] = field(default_factory=list)                  # per seat, shared wins included
    breakdown: Counter[str] = field(default_factory=Counter)       # summed over all players and games
    trade_prices: list[Counter[int]] = field(default_factory=lambda: [Counter() for _ in RESOURCES])
    final_prices: list[Counter[int]] = field(default_factory=lambda: [Counter() for _ in RESOURCES])
    bands: list[Counter[str]] = field(default_factory=lambda: [Counter() for _ in RESOURCES])
    track_at_tank_phase: Counter[int] = field(default_factory=Counter)
    market_tank_prices: Counter[int] = field(default_factory=Counter)
    imports: int = 0
    market_tanks: int = 0
    rounds: int = 0
    sold_out_rounds: int = 0
    games_with_sell_out: int = 0
    tanks_made: Counter[int] = field(default_factory=Counter)      # tanks the end phase produced, per round
    shortages: Counter[str] = field(default_factory=Counter)
    ran_out: Counter[str] = field(default_factory=Counter)         # components exhausted by the end of a game
    made: Counter[str] = field(default_factory=Counter)            # goods produced, by resource
    lost: Counter[str] = field(default_factory=Counter)            # goods lost to full freighters, by resource
    upgrades: Counter[str] = field(default_factory=Counter)        # freighter upgrades bought (tank phase, banker)
    final_class: list[Counter[int]] = field(default_factory=lambda: [Counter() for _ in RESOURCES])
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.win_share = [0.0] * self.players
        self.wins = [0] * self.players


def play(players: int, seed: int, bots: list[Bot], options: dict[str, Any], tally: Tally | None) -> PlanetSteamState:
    state = new_game("planet_steam", players, seed, options)
    assert isinstance(state, PlanetSteamState)
    actions = 0
    sold_out_this_round = False
    any_sell_out = False
    seen_tank_phase = 0
    while not state.is_over():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
        (player,) = state.active_players()
        step = state.agenda[0]
        if tally is not None:
            if step["k"] == "trade":
                r = step["r"]
                tally.trade_prices[r][state.price[r]] += 1
            if step["k"] == "activate" and seen_tank_phase != state.round:
                seen_tank_phase = state.round
                tally.track_at_tank_phase[state.track] += 1
        action = bots[player].choose(state, player)
        events = state.apply(player, action)
        actions += 1
        if tally is None:
            continue
        for event in events:
            kind = event["type"]
            if kind == "band":
                tally.bands[RESOURCES.index(event["resource"])][event["band"]] += 1
            elif kind == "buy_tank":
                tally.market_tanks += 1
                tally.market_tank_prices[event["price"]] += 1
                if state.market_tanks() == 0:
                    sold_out_this_round = True
            elif kind == "import_tank":
                tally.imports += 1
            elif kind == "gain":
                if event["why"] == "production":
                    tally.made[event["resource"]] += event["amount"] + event["lost"]
                tally.lost[event["resource"]] += event["lost"]
            elif kind == "upgrade" and event.get("why") != "set-up":
                tally.upgrades[event["resource"]] += 1
            elif kind == "tank_production":
                tally.rounds += 1
                tally.tanks_made[event["made"]] += 1
                for name in event.get("shortage", []):
                    tally.shortages[name] += 1
                if sold_out_this_round:
                    tally.sold_out_rounds += 1
                    any_sell_out = True
                sold_out_this_round = False
    if tally is not None:
        tally.games += 1
        tally.actions.append(actions)
        tally.games_with_sell_out += any_sell_out
        totals = [score.total for score in state.scores()]
        tally.scores.append(totals)
        winners = state.winners()
        for w in winners:
            tally.win_share[w] += 1 / len(winners)
            tally.wins[w] += 1
        for score in state.scores():
            tally.breakdown.update(score.breakdown)
        for r in range(4):
            tally.final_prices[r][state.price[r]] += 1
            for pl in state.players:
                tally.final_class[r][pl.freighter[r]] += 1
        for name, left in state.stock.items():
            if left == 0 and name != "neutral_markers":
                tally.ran_out[name] += 1
        if state.market_tanks() == 0:
            tally.ran_out["market tanks (end)"] += 1
    return state


# ----- (a) greedy against random ----------------------------------------------------------------------------------
def versus_random(games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    players = 4
    wins = strict = 0
    margins: list[int] = []
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        seat = i % players
        bots: list[Bot] = [RandomBot(seat_seed(game_seed, s)) for s in range(players)]
        bots[seat] = GreedyBot(seat_seed(game_seed, seat))
        state = play(players, game_seed, bots, options, None)
        totals = [score.total for score in state.scores()]
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        wins += totals[seat] >= best_other
        strict += totals[seat] > best_other
        margins.append(totals[seat] - best_other)
    return {"games": games, "wins": wins, "strict_wins": strict, "mean_margin": sum(margins) / games,
            "min_margin": min(margins), "seconds": time.perf_counter() - started}


# ----- (b) all-greedy self-play -----------------------------------------------------------------------------------
def self_play(players: int, games: int, seed: int, options: dict[str, Any]) -> Tally:
    tally = Tally(players)
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        bots: list[Bot] = [GreedyBot(seat_seed(game_seed, s)) for s in range(players)]
        play(players, game_seed, bots, options, tally)
    tally.seconds = time.perf_counter() - started
    return tally


def distribution(counter: Counter[int], total: int) -> str:
    return " ".join(f"{value}:{100 * count / total:.0f}%" for value, count in sorted(counter.items())
                    if 100 * count / total >= 0.5)


def report(tally: Tally, options: dict[str, Any]) -> list[str]:
    state = new_game("planet_steam", tally.players, 0, options)
    assert isinstance(state, PlanetSteamState)
    fig = state.fig
    n, games = tally.players, tally.games
    lines = [f"== all-greedy, {n} players: {games} games, {fig.rounds} rounds, "
             f"{tally.seconds / games * 1000:.0f} ms a game"]
    lines.append(f"game length (actions): mean {sum(tally.actions) / games:.0f}, "
                 f"min {min(tally.actions)}, max {max(tally.actions)}")
    lines.append("score per seat       mean    min    max   wins  win share")
    for seat in range(n):
        column = [game[seat] for game in tally.scores]
        lines.append(f"  seat {seat} ({', '.join(fig.zone_names[z] for z in fig.start_claims[seat])})"
                     f"{sum(column) / games:>9.1f} {min(column):>6} {max(column):>6} {tally.wins[seat]:>6}"
                     f"  {100 * tally.win_share[seat] / games:>6.1f}%")
    spread = [max(game) - min(game) for game in tally.scores]
    lines.append(f"  winner's lead over the last seat: mean {sum(spread) / games:.0f}")
    per_player = games * n
    parts = ", ".join(f"{key} {value / per_player:.0f}" for key, value in tally.breakdown.most_common())
    lines.append(f"score breakdown (mean per player): {parts}")
    lines.append("exchange prices met at each trading turn (scale min-max, start):")
    for r, name in enumerate(RESOURCES):
        scale = fig.scales[r]
        seen = tally.trade_prices[r]
        total = sum(seen.values())
        low = 100 * seen[scale.price_min] / total
        high = 100 * seen[scale.price_max] / total
        lines.append(f"  {name:<7} scale {scale.price_min}-{scale.price_max} start {scale.price_start}: "
                     f"visited {min(seen)}-{max(seen)}, at min {low:.0f}%, at max {high:.0f}%")
        lines.append(f"          {distribution(seen, total)}")
        finals = tally.final_prices[r]
        lines.append(f"          end of game: {distribution(finals, games)}")
    lines.append("supply band of each price adjustment (red -3, orange -2, yellow -1, green 0, blue +1, black +2):")
    order = ["red", "orange", "yellow", "green", "blue", "black"]
    for r, name in enumerate(RESOURCES):
        bands = tally.bands[r]
        total = sum(bands.values())
        lines.append(f"  {name:<7} " + "  ".join(f"{b} {100 * bands[b] / total:>3.0f}%" for b in order))
    phases = sum(tally.track_at_tank_phase.values())
    lines.append(f"tank track at the start of each tank phase (start {fig.tank_track_start}): "
                 f"{distribution(tally.track_at_tank_phase, phases)}")
    bought = tally.market_tanks
    lines.append(f"market tanks bought {bought / games:.1f} a game, imported {tally.imports / games:.1f} a game; "
                 f"prices paid: {distribution(tally.market_tank_prices, max(1, bought))}")
    lines.append(f"market sold out in {100 * tally.sold_out_rounds / tally.rounds:.0f}% of rounds, "
                 f"in {100 * tally.games_with_sell_out / games:.0f}% of games")
    made = sum(k * v for k, v in tally.tanks_made.items())
    short = ", ".join(f"{name} {100 * count / tally.rounds:.0f}%" for name, count in tally.shortages.items())
    lines.append(f"end-phase tank production: {made / games:.1f} tanks a game; "
                 f"per round {distribution(tally.tanks_made, tally.rounds)}; "
                 f"rounds with an exchange shortage: {short or 'none'}")
    lines.append("freighters (capacity by class): goods made / lost to full holds / upgrades bought, per player "
                 "and game; final classes")
    for r, name in enumerate(RESOURCES):
        made_r, lost_r = tally.made[name], tally.lost[name]
        lines.append(f"  {name:<7} {'/'.join(str(c) for c in fig.capacity[r]):<10} made {made_r / per_player:>5.1f}"
                     f"  lost {lost_r / per_player:>4.1f} ({100 * lost_r / max(1, made_r):>3.0f}% of made)"
                     f"  upgrades {tally.upgrades[name] / per_player:.2f}"
                     f"  classes {distribution(tally.final_class[r], per_player)}")
    ran = ", ".join(f"{name} {100 * count / games:.0f}%" for name, count in tally.ran_out.most_common())
    lines.append(f"components exhausted at the end (share of games): {ran or 'none'}")
    return lines


def parse_option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="all-greedy games per player count (default 100)")
    parser.add_argument("--versus", type=int, default=200, help="greedy-vs-random 4-player games (default 200)")
    parser.add_argument("--players", default="2,3,4,5", help="player counts for self-play (default 2,3,4,5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (JSON value), e.g. --option edition='\"2008\"'")
    args = parser.parse_args(argv)
    options = dict(parse_option(text) for text in args.option)
    print(f"Planet Steam balance by bot self-play; options {options or 'default'}; seeds from {args.seed}")
    if args.versus > 0:
        result = versus_random(args.versus, args.seed, options)
        games = result["games"]
        print(f"== greedy vs 3 random, 4 players, {games} games (greedy seat rotating): "
              f"greedy wins {result['wins']} ({100 * result['wins'] / games:.1f}%), "
              f"outright {result['strict_wins']}; lead over the best random: mean {result['mean_margin']:.0f}, "
              f"min {result['min_margin']}; {result['seconds'] / games * 1000:.0f} ms a game")
    for players in (int(p) for p in args.players.split(",") if p):
        print()
        for line in report(self_play(players, args.games, args.seed, options), options):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
