"""One focused test per rule of Planet Steam: the advanced rules.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import pytest
from helpers import (
    NEUTRAL,
    UNAVAILABLE,
    UNCLAIMED,
    act,
    at,
    auction_start,
    build_turn,
    claim_turn,
    events_of,
    give,
    legal,
    new_state,
    own,
    play_until,
    put_tank,
    rig_dice,
    scene,
    win_cheaply,
    zone,
)

from brassboard.games.planet_steam.figures import ENERGY, ORE, QUARTZ, WATER
from brassboard.games.planet_steam.rules import PlanetSteamState

# =====================================================================================================================
# Advanced rules
# =====================================================================================================================


def test_immovable_tanks_never_move_but_converters_and_compressors_do() -> None:
    state = build_turn(immovable_tanks=True)
    put_tank(state, 0, "A1", converter="ore", compressor=True)
    put_tank(state, 0, "B1")
    own(state, 0, "C1")
    options = legal(state, 0)
    assert not [a for a in options if a.startswith("move ")]
    assert "move-converter A1 B1" in options and "move-compressor A1 B1" in options


def test_river_restriction_no_quartz_or_ore_on_rivers() -> None:
    """'Tanks auf Flusszonen können nicht mit Erz- oder Quarzkonvertern ausgerüstet werden.'"""
    state = build_turn(river_restriction=True)
    put_tank(state, 0, "C1")  # river
    put_tank(state, 0, "A1", converter="ore")
    own(state, 0, "C2")  # river, empty
    give(state, 0, credits=50)
    options = legal(state, 0)
    assert "buy-converter C1 energy" in options
    assert "buy-converter C1 ore" not in options and "buy-converter C1 quartz" not in options
    assert "move A1 C2" not in options  # an ore tank may not move onto a river
    assert "move-converter A1 C1" not in options
    assert "move C1 C2" in options


def test_without_river_restriction_rivers_take_any_converter() -> None:
    state = build_turn()
    put_tank(state, 0, "C1")
    give(state, 0, credits=50)
    assert {"buy-converter C1 ore", "buy-converter C1 quartz"} <= set(legal(state, 0))


def trading_order_auction(n: int) -> PlanetSteamState:
    state = auction_start(n, variable_trading_order=True)
    return state


def test_variable_trading_order_two_players_place_two_markers_each() -> None:
    state = trading_order_auction(2)
    win_cheaply(state, 1)
    act(state, 0, "order 1 energy", "order 2 water")
    assert state.agenda[0]["k"] == "engineer"
    play_until(state, "order")
    act(state, 1, "order 3 ore", "order 4 quartz")
    assert state.trading_order() == [ENERGY, WATER, ORE, QUARTZ]


def test_variable_trading_order_three_players_last_marker_fills_the_last_number() -> None:
    state = trading_order_auction(3)
    win_cheaply(state, 1)
    act(state, 0, "order 2 ore")
    win_cheaply(state, 2)
    act(state, 1, "order 4 quartz")
    play_until(state, "order")
    act(state, 2, "order 1 water")
    play_until(state, "speculate")
    assert state.trade_markers == {"ore": 2, "quartz": 4, "water": 1, "energy": 3}
    assert state.trading_order() == [WATER, ORE, ENERGY, QUARTZ]


def test_variable_trading_order_five_players_last_places_none() -> None:
    state = trading_order_auction(5)
    for card in (1, 2, 3, 4):
        p = win_cheaply(state, card)
        assert state.agenda[0]["k"] == "order" and state.active_players() == [p]
        act(state, p, legal(state, p)[0])
    play_until(state, "speculate")
    assert len(state.trade_markers) == 4
    assert state.specialists_of(4)  # the fifth player took the last card without a marker


def test_variable_trading_order_drives_the_exchange() -> None:
    state = scene(4, variable_trading_order=True)
    state.trade_markers = {"energy": 1, "quartz": 2, "water": 3, "ore": 4}
    at(state, {"k": "exchange"})
    assert [s["r"] for s in state.agenda if s["k"] == "trade"][::4] == [ENERGY, QUARTZ, WATER, ORE]


def test_variable_claims_start_with_an_empty_map() -> None:
    state = new_state(3, variable_claims=True, river_neutrals=0)
    assert set(state.owner) == {UNAVAILABLE, UNCLAIMED}
    assert all(pl.markers == 14 for pl in state.players)


@pytest.mark.parametrize(("n", "roll", "count"), [
    (2, 1, 1), (2, 3, 3), (2, 4, 0), (2, 6, 0),
    (3, 4, 4), (3, 5, 0),
    (4, 5, 5), (4, 6, 0),
    (5, 2, 2), (5, 5, 5), (5, 6, 0),
])
def test_variable_claims_river_die_table(n: int, roll: int, count: int) -> None:
    state = new_state(n, variable_claims=True)
    rig_dice(state, roll)
    assert state._river_neutral_count() == count


def test_variable_claims_start_player_places_the_river_neutrals() -> None:
    state = new_state(4, start=3, variable_claims=True, river_neutrals=2)
    finish_setup_upgrades_only(state)
    assert state.agenda[0] == {"k": "river_neutral", "p": 3, "left": 2}
    assert legal(state, 3) == [f"neutral {state.fig.zone_names[z]}" for z in sorted(state.fig.rivers)]
    act(state, 3, "neutral C2", "neutral E6")
    assert {state.fig.zone_names[z] for z, o in enumerate(state.owner) if o == NEUTRAL} == {"C2", "E6"}
    assert state.agenda[0]["k"] == "bid"


def finish_setup_upgrades_only(state: PlanetSteamState) -> None:
    while state.agenda[0]["k"] == "setup_upgrade":
        act(state, state.agenda[0]["p"], "upgrade water")


@pytest.mark.parametrize(("n", "extra"), [(3, 2), (5, 1)])
def test_variable_claims_snake_draft_after_the_auction(n: int, extra: int) -> None:
    """'Beginnend mit dem Startspieler und weiter in Spielerreihenfolge legt dann jeder Spieler einen seiner eigenen
    Besitzmarker ... und auch einen neutralen Besitzmarker ... Anschließend, beginnend mit dem letzten Spieler und
    weiter in entgegengesetzter Spielerreihenfolge ... In Spielen mit weniger als fünf Spielern legt der Startspieler
    zwei neutrale Besitzmarker anstatt einem.'"""
    state = auction_start(n, variable_claims=True, river_neutrals=0)
    for card in range(1, n):
        win_cheaply(state, card)
    play_until(state, "draft")
    order = state.order
    drafts = [(s["p"], s["own"], s["neutral"]) for s in state.agenda if s["k"] == "draft"]
    expected = [(p, 1, extra if p == order[0] else 1) for p in order + order[::-1]]
    assert drafts == expected
    first = order[0]
    act(state, first, "place E2", "neutral E3")
    if extra == 2:
        assert state.active_players() == [first]
        act(state, first, "neutral E4")
    assert state.active_players() == [order[1]]
    play_until(state, "speculate")
    assert all(state.owner.count(p) == 2 for p in range(n))
    assert state.owner.count(NEUTRAL) == 2 * n + 2 * (extra - 1)


def test_claim_by_choice_needs_no_roll_permits_still_usable() -> None:
    state = claim_turn(claim_by_choice=True)
    give(state, 0, permits=1)
    options = legal(state, 0)
    assert "claim C4 choice" in options and "claim C4 permit" in options
    assert not [a for a in options if a.endswith(" roll")]
    events = act(state, 0, "claim C4 choice")
    assert not events_of(events, "roll")
    assert state.owner[zone(state, "C4")] == 0
    assert state.players[0].permits == 1
