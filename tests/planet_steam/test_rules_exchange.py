"""One focused test per rule of Planet Steam: the exchange and certificates.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import pytest
from helpers import (
    act,
    at,
    give,
    legal,
    scene,
    set_exchange,
)

from brassboard.engine import IllegalAction
from brassboard.games.planet_steam.figures import ENERGY, ORE, QUARTZ, WATER
from brassboard.games.planet_steam.rules import PlanetSteamState

# =====================================================================================================================
# Resource phase: the exchange
# =====================================================================================================================


def test_exchange_trades_resource_by_resource_each_in_player_order() -> None:
    state = scene(3, cards={0: 2, 1: 3, 2: 1})
    at(state, {"k": "exchange"})
    trades = [(s["r"], s["p"]) for s in state.agenda if s["k"] == "trade"]
    assert trades == [(r, p) for r in (QUARTZ, ORE, WATER, ENERGY) for p in (2, 0, 1)]
    rest = [(s["k"], s.get("p")) for s in state.agenda if s["k"] != "trade"]
    assert rest == [("certificate", 2), ("certificate", 0), ("certificate", 1), ("end_phase", None)]


def trade_turn(resource: int, p: int = 0) -> PlanetSteamState:
    state = scene(4)
    at(state, {"k": "trade", "p": p, "r": resource}, {"k": "trade", "p": (p + 1) % 4, "r": resource})
    return state


def test_price_adjusts_after_a_pass_too() -> None:
    """'Auch wenn er passt, muss der aktive Spieler anschließend den Preis des Rohstoffes anpassen.'"""
    state = trade_turn(WATER)
    set_exchange(state, "water", price=6, supply=1)  # blue: +1
    act(state, 0, "pass")
    assert state.price[WATER] == 7
    set_exchange(state, "water", supply=0)  # black: +2
    act(state, 1, "pass")
    assert state.price[WATER] == 9


def test_price_never_leaves_its_scale() -> None:
    state = trade_turn(ENERGY)
    scale = state.fig.scales[ENERGY]
    set_exchange(state, "energy", price=scale.price_min + 1, supply=scale.supply_max)  # red: -3
    act(state, 0, "pass")
    assert state.price[ENERGY] == scale.price_min
    set_exchange(state, "energy", price=scale.price_max - 1, supply=0)  # black: +2
    act(state, 1, "pass")
    assert state.price[ENERGY] == scale.price_max


def test_selling_at_the_top_of_the_supply_scale() -> None:
    """'Ein Spieler kann auch dann weiter Rohstoffe einer Art verkaufen, wenn deren Vorratsanzeiger auf seinem
    Höchststand ist.'"""
    state = trade_turn(ORE)
    top = state.fig.scales[ORE].supply_max
    set_exchange(state, "ore", price=8, supply=top)
    give(state, 0, credits=0, ore=2)
    act(state, 0, "sell ore 2")
    assert state.players[0].credits == 16
    assert state.supply[ORE] == top


def test_buying_beyond_capacity_loses_the_excess_without_restoring_the_supply() -> None:
    """'Falls ein Spieler mehr Rohstoffe kauft, als die Ladekapazität seines Frachters erlaubt, muss er die
    überzähligen Rohstoffe in den Vorrat zurücklegen, ohne die Vorratsanzeige zu ändern.'"""
    state = trade_turn(ORE)
    set_exchange(state, "ore", price=3, supply=10)
    give(state, 0, credits=100, ore=3)  # class 1: room for 1 more
    act(state, 0, "buy ore 4")
    assert state.players[0].goods[ORE] == state.capacity(0, ORE)
    assert state.players[0].credits == 100 - 12
    assert state.supply[ORE] == 6


def test_buying_limited_by_supply_and_credits() -> None:
    state = trade_turn(QUARTZ)
    set_exchange(state, "quartz", price=10, supply=3)
    give(state, 0, credits=25, quartz=0)
    assert [a for a in legal(state, 0) if a.startswith("buy")] == ["buy quartz 1", "buy quartz 2"]
    give(state, 0, credits=100)
    assert [a for a in legal(state, 0) if a.startswith("buy")][-1] == "buy quartz 3"
    set_exchange(state, "quartz", supply=0)
    assert not [a for a in legal(state, 0) if a.startswith("buy")]


def test_selling_limited_to_what_one_holds() -> None:
    state = trade_turn(WATER)
    give(state, 0, water=2)
    assert [a for a in legal(state, 0) if a.startswith("sell")] == ["sell water 1", "sell water 2"]
    with pytest.raises(IllegalAction, match="you hold 2"):
        state.apply(0, "sell water 3")


# =====================================================================================================================
# Resource phase: certificates
# =====================================================================================================================


def certificate_turn(edition: str = "2013") -> PlanetSteamState:
    state = scene(4, edition=edition)
    at(state, {"k": "certificate", "p": 0}, {"k": "certificate", "p": 1})
    return state


@pytest.mark.parametrize(("edition", "water"), [("2013", 1), ("2008", 2)])
def test_buy_a_building_permit(edition: str, water: int) -> None:
    state = certificate_turn(edition)
    give(state, 0, quartz=1, water=water - 1)
    assert "buy-permit" not in legal(state, 0)
    give(state, 0, water=water)
    stock = state.stock["building_permits"]
    act(state, 0, "buy-permit")
    assert state.players[0].permits == 1
    assert (state.players[0].goods[QUARTZ], state.players[0].goods[WATER]) == (0, 0)
    assert state.stock["building_permits"] == stock - 1
    assert state.active_players() == [1]  # one certificate action each


@pytest.mark.parametrize(("edition", "ore"), [("2013", 1), ("2008", 2)])
def test_buy_luxury_quarters(edition: str, ore: int) -> None:
    state = certificate_turn(edition)
    give(state, 0, quartz=1, ore=ore)
    act(state, 0, "buy-quarters")
    assert state.players[0].luxury_quarters == 1
    assert (state.players[0].goods[QUARTZ], state.players[0].goods[ORE]) == (0, 0)


def test_sold_permit_leaves_the_game() -> None:
    """'Wer eine Baulizenz verkauft, muss sie in die Spielschachtel zurücklegen und nicht zurück in den Vorrat.'"""
    state = certificate_turn()
    give(state, 0, credits=0, permits=2)
    stock = state.stock["building_permits"]
    act(state, 0, "sell-permit")
    assert (state.players[0].permits, state.players[0].credits) == (1, 15)
    assert state.stock["building_permits"] == stock


def test_certificates_limited_by_the_stock() -> None:
    state = certificate_turn()
    give(state, 0, quartz=4, ore=4, water=4)
    state.stock["building_permits"] = 0
    state.stock["luxury_quarters"] = 0
    assert legal(state, 0) == ["pass"]
