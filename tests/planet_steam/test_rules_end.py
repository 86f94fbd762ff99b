"""One focused test per rule of Planet Steam: the end phase, game end, scores and the JSON round trip.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import pytest
from helpers import (
    at,
    auction_start,
    give,
    new_state,
    own,
    play_until,
    scene,
    set_exchange,
)

from brassboard.games.planet_steam.figures import ENERGY, ORE
from brassboard.games.planet_steam.rules import PlanetSteamState

# =====================================================================================================================
# End phase and game end
# =====================================================================================================================


def end_phase(state: PlanetSteamState) -> None:
    at(state, {"k": "end_phase"})


def test_no_tank_production_raises_ore_and_energy_prices_by_four() -> None:
    state = scene(4)
    state.supply[ORE] = state.supply[ENERGY] = 0
    set_exchange(state, "ore", price=5)
    set_exchange(state, "energy", price=9)  # the scale stops at 10
    end_phase(state)
    assert state.price[ORE] == 9
    assert state.price[ENERGY] == state.fig.scales[ENERGY].price_max


def test_full_tank_market_produces_nothing_and_moves_no_price() -> None:
    state = scene(4)
    state.round = state.fig.rounds
    state.track = 14
    supply, price = state.supply[:], state.price[:]
    end_phase(state)
    assert (state.supply, state.price, state.track) == (supply, price, 14)


@pytest.mark.parametrize(("n", "rounds"), [(2, 7), (3, 6), (4, 5), (5, 4)])
def test_game_lasts_7_6_5_4_rounds(n: int, rounds: int) -> None:
    state = new_state(n, seed=n)
    play_until(state)
    assert state.is_over() and state.round == rounds
    assert state.active_players() == [] and state.legal_actions(0) == []


def test_next_round_is_prepared() -> None:
    state = scene(4, cards={0: 3, 1: 1, 2: 2, 3: 4}, variable_trading_order=True)
    state.start_player = 1  # the auction's end made Lady Steam's holder (seat 1) the start player
    state.airship_row = 4
    state.trade_markers = {"ore": 1}
    end_phase(state)
    assert state.round == 2
    assert state.start_player == 1  # and she opens the next round's auction
    assert (state.airship_row, state.trade_markers) == (0, {})
    assert state.cards == [-1, -1, -1, -1]
    assert state.bonus == [1, 1, 1, 1]
    assert state.active_players() == [1]


def test_final_wealth_and_shared_victory() -> None:
    """'Bei einem Gleichstand teilen sich alle daran beteiligten Spieler den Sieg.'"""
    state = scene(3)
    for pl in state.players:
        pl.goods = [0, 0, 0, 0]
    give(state, 0, credits=75)
    give(state, 1, credits=50)
    own(state, 1, "F5")
    give(state, 2, credits=74)
    assert [s.total for s in state.scores()] == [75, 75, 74]
    assert state.winners() == [0, 1]


def test_scores_count_resources_at_the_current_price() -> None:
    state = scene(4)
    give(state, 0, credits=0, quartz=2, ore=1, water=0, energy=3)
    state.price = [11, 7, 5, 2]
    assert state.scores()[0].total == 2 * 11 + 7 + 3 * 2


# =====================================================================================================================
# The protocol (GUIDE: to_json / from_json)
# =====================================================================================================================


def test_state_survives_a_json_round_trip_mid_game() -> None:
    from brassboard.engine import state_from_json

    state = auction_start(3, independent_freighter=True)
    play_until(state, "claim")
    copy = state_from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    assert copy.legal_actions(state.active_players()[0]) == state.legal_actions(state.active_players()[0])
