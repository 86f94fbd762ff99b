"""Planet Steam's greedy bot: it plays only legal actions everywhere, decides sensibly, and beats the random bot.

(Named ``test_greedy_bot.py``, not ``test_bots.py``: the test directories are not packages, so two test modules
may not share a base name, and ``tests/bots/test_bots.py`` exists.)

``pytest --soak`` adds many more seeds of every option set and the 200-game win-rate check.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from helpers import accepted, at, clear_map, finish_setup, give, hold_cards, new_state, own, put_tank, set_exchange
from play_policies import option_sets, with_edition

from brassboard.bots import Bot, RandomBot, bot_kinds, make_bot, seat_seed
from brassboard.engine import Action, new_game
from brassboard.games.planet_steam.bots import BOTS, GreedyBot
from brassboard.games.planet_steam.figures import ENERGY, ORE, QUARTZ, WATER
from brassboard.games.planet_steam.rules import PlanetSteamState

GAME = "planet_steam"
EDITIONS = ("2013", "2008")
QUICK_SETS = ("default", "all_on", "advanced", "optional_cards", "claim_by_choice", "variable_claims_5",
              "scarce_all_on", "cheap_all_on")
"""Option sets of the default run; the soak run plays every set of ``play_policies.option_sets``."""


def play_game(players: int, seed: int, options: dict[str, Any], greedy_seats: set[int]) -> tuple[
        PlanetSteamState, set[str]]:
    """One game with strict greedy bots in ``greedy_seats`` and random bots elsewhere; every choice checked legal.

    Returns the final state and the step kinds the greedy bots decided.
    """
    state = new_game(GAME, players, seed, options)
    assert isinstance(state, PlanetSteamState)
    bots: list[Bot] = [GreedyBot(seat_seed(seed, s), strict=True) if s in greedy_seats
                       else RandomBot(seat_seed(seed, s)) for s in range(players)]
    decided: set[str] = set()
    for _ in range(20_000):
        if state.is_over():
            return state, decided
        (player,) = state.active_players()
        legal = state.legal_actions(player)
        if player in greedy_seats and len(legal) > 1:
            decided.add(state.agenda[0]["k"])
        action = bots[player].choose(state, player)
        assert accepted(state, player, action), f"{action} is not legal at {state.agenda[0]}"
        state.apply(player, action)
    raise AssertionError("the game did not end")


def greedy_wins(games: int, first_seed: int = 0) -> int:
    """Of ``games`` 4-player games (1 greedy, 3 random, the greedy seat rotating): those greedy wins or shares."""
    wins = 0
    for i in range(games):
        seat = i % 4
        state, _ = play_game(4, first_seed + i, {}, {seat})
        wins += seat in state.winners()
    return wins


# ----- registration ---------------------------------------------------------------------------------------------------
def test_greedy_is_offered_for_planet_steam() -> None:
    assert "greedy" in BOTS
    assert "greedy" in bot_kinds(GAME)
    bot = make_bot("greedy", GAME, 7)
    assert isinstance(bot, GreedyBot) and isinstance(bot, Bot)
    assert bot.name == "greedy"


def test_greedy_refuses_a_player_who_is_not_to_act() -> None:
    state = new_game(GAME, 4, 0)
    (active,) = state.active_players()
    with pytest.raises(ValueError, match="no legal action"):
        GreedyBot(0).choose(state, (active + 1) % 4)


# ----- legality everywhere ------------------------------------------------------------------------------------------
def run_legality(edition: str, name: str, seeds: range) -> set[str]:
    options = with_edition(option_sets()[name], edition)
    decided: set[str] = set()
    for seed in seeds:
        players = 2 + seed % 4
        greedy = {s for s in range(players) if (s + seed) % 3 != 0}  # mostly greedy, some random opponents
        _, kinds = play_game(players, seed, options, greedy)
        decided |= kinds
    return decided


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", QUICK_SETS)
def test_greedy_plays_only_legal_actions(edition: str, name: str) -> None:
    run_legality(edition, name, range(2))


@pytest.mark.soak
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", sorted(option_sets()))
def test_soak_greedy_plays_only_legal_actions(edition: str, name: str) -> None:
    run_legality(edition, name, range(40))


def test_greedy_decides_every_kind_of_step() -> None:
    """The legality runs are only worth something if the bot meets every decision the rules have."""
    decided = run_legality("2013", "all_on", range(4)) | run_legality("2008", "default", range(2, 4))
    expected = {
        "setup_upgrade", "river_neutral", "bid", "pick", "engineer", "banker", "bonus", "order", "manipulate",
        "sabotage", "topple", "draft", "speculate", "claim", "divert", "airship", "freighter_keep", "activate",
        "build", "produce", "trade", "certificate",
    }
    assert expected <= decided, f"never decided: {sorted(expected - decided)}"


def test_greedy_is_reproducible_and_leaves_the_state_alone() -> None:
    state = new_game(GAME, 4, 3)
    for _ in range(120):  # into the first tank phase
        (player,) = state.active_players()
        state.apply(player, GreedyBot(player).choose(state, player))
    (player,) = state.active_players()
    before = state.to_json()
    first = GreedyBot(5).choose(state, player)
    assert state.to_json() == before  # neither the state nor its generator changed
    assert GreedyBot(5).choose(state, player) == first


def test_a_four_player_greedy_game_is_fast() -> None:
    started = time.perf_counter()
    play_game(4, 11, {}, {0, 1, 2, 3})
    assert time.perf_counter() - started < 2.0


# ----- sensible decisions -------------------------------------------------------------------------------------------
def scenario(players: int = 4) -> PlanetSteamState:
    state = new_state(players, start=0)
    finish_setup(state)
    clear_map(state)
    hold_cards(state, {p: p + 1 for p in range(players)})
    return state


def dry_zones(state: PlanetSteamState, count: int) -> list[str]:
    """Zones apart from one another where a plain tank burns energy (no river, no free water)."""
    fig = state.fig
    chosen: list[int] = []
    for z in range(len(fig.zone_names)):
        if z in fig.free_water_zones or z in fig.unavailable:
            continue
        if any(z in fig.neighbours[c] for c in chosen):
            continue
        chosen.append(z)
        if len(chosen) == count:
            break
    return [fig.zone_names[z] for z in chosen]


def test_production_runs_the_valuable_tank_when_energy_is_short() -> None:
    state = scenario()
    quartz_zone, water_a, water_b = dry_zones(state, 3)
    put_tank(state, 0, quartz_zone, converter="quartz")
    put_tank(state, 0, water_a, water_b)
    give(state, 0, quartz=0, water=0, energy=1)
    set_exchange(state, "quartz", price=15)
    set_exchange(state, "water", price=4)
    at(state, {"k": "produce", "p": 0})
    bot = GreedyBot(0, strict=True)
    while state.agenda and state.agenda[0]["k"] == "produce":
        state.apply(0, bot.choose(state, 0))
    assert state.players[0].goods[QUARTZ] == 1
    assert state.players[0].goods[WATER] == 0
    assert state.players[0].goods[ENERGY] == 0


def test_production_idles_a_tank_whose_goods_are_worth_less_than_its_energy() -> None:
    state = scenario()
    (water_zone,) = dry_zones(state, 1)
    put_tank(state, 0, water_zone)
    give(state, 0, water=0, energy=3)
    set_exchange(state, "water", price=2)
    set_exchange(state, "energy", price=9)
    at(state, {"k": "produce", "p": 0})
    assert GreedyBot(0, strict=True).choose(state, 0) == Action("produce", "idle", water_zone)


def test_certificates_luxury_quarters_whenever_affordable() -> None:
    state = scenario()
    give(state, 0, quartz=1, ore=1, water=1)
    at(state, {"k": "certificate", "p": 0})
    assert GreedyBot(0, strict=True).choose(state, 0) == Action("buy-quarters")


def test_the_last_round_sells_goods_before_their_price_falls() -> None:
    state = scenario()
    state.round = state.fig.rounds
    give(state, 0, water=6)
    set_exchange(state, "water", price=10, supply=14)  # red: each later turn lowers the price by 3
    at(state, {"k": "trade", "p": 0, "r": WATER}, {"k": "trade", "p": 1, "r": WATER})
    assert GreedyBot(0, strict=True).choose(state, 0) == Action("sell", "water", 6)


def test_trading_buys_the_ore_missing_for_luxury_quarters() -> None:
    state = scenario()
    state.round = state.fig.rounds
    give(state, 0, credits=50, quartz=1, ore=0)
    set_exchange(state, "ore", price=8, supply=6)
    at(state, {"k": "trade", "p": 0, "r": ORE})
    assert GreedyBot(0, strict=True).choose(state, 0) == Action("buy", "ore", 1)


def test_the_tank_phase_buys_a_tank_for_an_empty_zone() -> None:
    state = scenario()
    (empty,) = dry_zones(state, 1)
    own(state, 0, empty)
    give(state, 0, credits=60, water=3, energy=3)
    at(state, {"k": "activate", "p": 0})
    bot = GreedyBot(0, strict=True)
    assert bot.choose(state, 0) == Action("activate")
    state.apply(0, Action("activate"))
    first = bot.choose(state, 0)
    assert first[0] in ("buy-tank", "import") and first[1] == empty


def test_the_tank_phase_declines_when_nothing_is_worth_buying() -> None:
    state = scenario()
    give(state, 0, credits=0, quartz=0, ore=0, water=2, energy=0)  # no zone, no money: activation buys nothing
    at(state, {"k": "activate", "p": 0})
    assert GreedyBot(0, strict=True).choose(state, 0) == Action("decline")


def test_claims_grow_a_cluster_next_to_own_tanks() -> None:
    state = new_state(4, start=0, claim_by_choice=True)
    finish_setup(state)
    clear_map(state)
    hold_cards(state, {p: p + 1 for p in range(4)})
    put_tank(state, 0, "B2", "B3")
    at(state, {"k": "claim", "p": 0})
    action = GreedyBot(0, strict=True).choose(state, 0)
    assert action[0] == "claim"
    neighbours = {state.fig.zone_names[z] for z in state.fig.neighbours[state.fig.zone("B2")]}
    neighbours |= {state.fig.zone_names[z] for z in state.fig.neighbours[state.fig.zone("B3")]}
    assert action[1] in neighbours


def test_specialist_bids_stay_modest() -> None:
    """Greedy raises only while the best card is worth more than the worst, and never past a quarter of its credits."""
    for seed in range(6):
        state = new_game(GAME, 4, seed)
        assert isinstance(state, PlanetSteamState)
        bots = [GreedyBot(s, strict=True) for s in range(4)]
        while state.round == 1 and state.phase in ("setup", "expansion"):
            (player,) = state.active_players()
            step = state.agenda[0]
            action = bots[player].choose(state, player)
            if step["k"] == "bid" and step["what"] == "specialist" and action[0] == "bid" and step["high"] > 0:
                assert int(action[1]) <= state.players[player].credits / 4 + 1
            state.apply(player, action)


# ----- strength -----------------------------------------------------------------------------------------------------
def test_greedy_beats_random_in_most_four_player_games() -> None:
    assert greedy_wins(30, first_seed=100) >= 24  # 80 %


@pytest.mark.soak
def test_soak_greedy_beats_random_in_nine_games_of_ten() -> None:
    assert greedy_wins(200, first_seed=1000) >= 180  # 90 %
