"""One focused test per rule of Planet Steam: the tank phase: activation, buying and reorganising.

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
    build_turn,
    give,
    legal,
    own,
    put_tank,
    scene,
    zone,
)

from brassboard.engine import IllegalAction
from brassboard.games.planet_steam.figures import ENERGY, ORE, QUARTZ, RESOURCES, WATER
from brassboard.games.planet_steam.rules import NO_CONVERTER

# =====================================================================================================================
# Tank phase
# =====================================================================================================================


def test_tank_phase_in_player_order() -> None:
    state = scene(4, cards={0: 2, 1: 4, 2: 1, 3: 3})
    at(state, {"k": "tank_phase"})
    assert [s["p"] for s in state.agenda if s["k"] == "activate"] == [2, 0, 3, 1]


def test_activation_costs_one_water_then_buying() -> None:
    state = scene(4)
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["activate", "decline"]
    act(state, 0, "activate")
    assert state.players[0].goods[WATER] == 2
    assert state.agenda[0]["k"] == "build" and state.active_players() == [0]


def test_without_activation_take_one_water_and_end_the_turn() -> None:
    """'Falls der aktive Spieler die Aktivierungskosten nicht zahlt, aus welchem Grunde auch immer, nimmt er 1 Rohstoff
    Wasser aus dem Vorrat und beendet damit seinen Spielzug sofort.'"""
    state = scene(4)
    give(state, 0, water=0)
    supply = state.supply[:]
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["decline"]
    act(state, 0, "decline")
    assert state.players[0].goods[WATER] == 1
    assert state.supply == supply
    assert state.agenda[0]["k"] == "activate" and state.active_players() == [1]


def test_buy_a_market_tank_for_water_and_the_track_price() -> None:
    state = build_turn()
    own(state, 0, "A1", "B1")
    give(state, 0, credits=50, water=2)
    assert state.track == 12
    price = state.fig.tank_price[12]
    supply = state.supply[:]
    act(state, 0, "buy-tank A1")
    assert state.tank[zone(state, "A1")]
    assert (state.players[0].credits, state.players[0].goods[WATER]) == (50 - price, 1)
    assert state.track == 11 and state.stock["tanks"] == 34
    assert state.tank_price() == state.fig.tank_price[11] > price  # fewer tanks, dearer
    assert state.supply == supply  # paying with resources never moves the exchange


def test_tanks_only_on_own_zones_without_a_tank() -> None:
    """'... setzt ihn auf eine Zone in seinem Besitz, auf der noch kein Tank steht.'"""
    state = build_turn()
    own(state, 0, "A1")
    put_tank(state, 0, "B1")
    own(state, 1, "C1")
    give(state, 0, credits=50, water=3, quartz=2)
    tanks = [a for a in legal(state, 0) if a.startswith(("buy-tank", "import"))]
    assert tanks == ["buy-tank A1", "import A1"]
    with pytest.raises(IllegalAction, match="not yours"):
        state.apply(0, "buy-tank C1")
    with pytest.raises(IllegalAction, match="already has a tank"):
        state.apply(0, "buy-tank B1")


def test_sold_out_market_still_allows_imports() -> None:
    state = build_turn()
    own(state, 0, "A1")
    give(state, 0, credits=50, water=3, quartz=2)
    state.track = 0
    assert [a for a in legal(state, 0) if a.startswith(("buy-tank", "import"))] == ["import A1"]


def test_import_costs_water_two_quartz_five_credits_and_leaves_the_track() -> None:
    state = build_turn()
    own(state, 0, "A1")
    give(state, 0, credits=5, water=1, quartz=2)
    act(state, 0, "import A1")
    assert state.tank[zone(state, "A1")]
    assert (state.players[0].credits, state.players[0].goods[WATER], state.players[0].goods[QUARTZ]) == (0, 0, 0)
    assert state.track == 12


def test_market_holds_no_more_tanks_than_pieces_left() -> None:
    """'... ist der Tankvorrat gleich der Anzahl der Tanks im allgemeinen Vorrat und jedes Mal, wenn der
    Tankvorratsmarker bewegt wird, ändert sich tatsächlich nur der Preis der Tanks.'"""
    state = build_turn()
    own(state, 0, "A1", "B1")
    give(state, 0, credits=80, water=5, quartz=4)
    state.stock["tanks"] = 1
    state.track = 10
    assert state.market_tanks() == 1
    act(state, 0, "buy-tank A1")
    assert state.players[0].credits == 80 - state.fig.tank_price[10]
    assert not [a for a in legal(state, 0) if a.startswith(("buy-tank", "import"))]  # all 35 pieces in play


@pytest.mark.parametrize(("converter", "cost"), [("quartz", 8), ("ore", 5), ("energy", 2)])
def test_converter_costs(converter: str, cost: int) -> None:
    state = build_turn()
    put_tank(state, 0, "A1")
    give(state, 0, credits=cost - 1)
    assert f"buy-converter A1 {converter}" not in legal(state, 0)
    give(state, 0, credits=cost)
    act(state, 0, f"buy-converter A1 {converter}")
    assert state.players[0].credits == 0
    assert RESOURCES[state.converter[zone(state, "A1")]] == converter
    assert state.stock[converter + "_converters"] == 13


def test_new_converter_replaces_the_old_one_which_returns_to_the_supply() -> None:
    """'Ein Tank kann niemals zwei Konverter gleichzeitig tragen.'"""
    state = build_turn()
    put_tank(state, 0, "A1", converter="ore")
    give(state, 0, credits=20)
    assert "buy-converter A1 ore" not in legal(state, 0)
    act(state, 0, "buy-converter A1 quartz")
    assert state.converter[zone(state, "A1")] == QUARTZ
    assert (state.stock["ore_converters"], state.stock["quartz_converters"]) == (14, 13)


def test_compressor_costs_water_ore_two_quartz_one_per_tank() -> None:
    state = build_turn()
    put_tank(state, 0, "A1", "B1")
    give(state, 0, credits=0, water=2, ore=2, quartz=4)
    act(state, 0, "buy-compressor A1")
    assert state.players[0].goods == [2, 1, 1, state.players[0].goods[ENERGY]]
    assert state.compressor[zone(state, "A1")]
    assert "buy-compressor A1" not in legal(state, 0)  # at most one per tank
    assert "buy-compressor B1" in legal(state, 0)


def test_limited_components_compressors_and_converters() -> None:
    """'Alle Kunststoffteile (Tanks, Konverter und Kompressoren) ... sind auf die Menge limitiert.'"""
    state = build_turn()
    put_tank(state, 0, "A1")
    give(state, 0, credits=50, water=2, ore=2, quartz=4)
    state.stock["compressors"] = 0
    state.stock["ore_converters"] = 0
    options = legal(state, 0)
    assert "buy-compressor A1" not in options
    assert "buy-converter A1 ore" not in options and "buy-converter A1 quartz" in options


def test_freighter_upgrade_costs_ore_and_energy_up_to_class_4() -> None:
    """'Jeder einzelne Frachter kann bis zu drei Mal aufgewertet werden.'"""
    state = build_turn()
    give(state, 0, ore=3, energy=3, freighter={"water": 2})
    act(state, 0, "upgrade water")
    assert state.players[0].freighter[WATER] == 3
    assert (state.players[0].goods[ORE], state.players[0].goods[ENERGY]) == (2, 2)
    act(state, 0, "upgrade water")
    assert state.players[0].freighter[WATER] == 4
    assert "upgrade water" not in legal(state, 0)
    assert "upgrade ore" in legal(state, 0)


def test_reorganise_moves_a_tank_with_its_converter_and_compressor() -> None:
    state = build_turn()
    put_tank(state, 0, "A1", converter="ore", compressor=True)
    own(state, 0, "F7")
    act(state, 0, "move A1 F7")
    a1, f7 = zone(state, "A1"), zone(state, "F7")
    assert not state.tank[a1] and state.converter[a1] == NO_CONVERTER and not state.compressor[a1]
    assert state.tank[f7] and state.converter[f7] == ORE and state.compressor[f7]


def test_reorganise_converters_and_compressors_between_tanks() -> None:
    state = build_turn()
    put_tank(state, 0, "A1", converter="ore", compressor=True)
    put_tank(state, 0, "B1", converter="quartz")
    put_tank(state, 0, "C1")
    act(state, 0, "move-converter A1 B1")
    assert (state.converter[zone(state, "A1")], state.converter[zone(state, "B1")]) == (QUARTZ, ORE)
    act(state, 0, "move-converter B1 C1")
    assert (state.converter[zone(state, "B1")], state.converter[zone(state, "C1")]) == (NO_CONVERTER, ORE)
    act(state, 0, "move-compressor A1 C1")
    assert state.compressor[zone(state, "C1")] and not state.compressor[zone(state, "A1")]
    act(state, 0, "remove-converter A1")
    assert state.converter[zone(state, "A1")] == NO_CONVERTER
    assert state.stock["quartz_converters"] == 14
    act(state, 0, "done")
    assert state.active_players() == [1]


def test_buying_and_reorganising_in_any_order_until_done() -> None:
    state = build_turn()
    own(state, 0, "A1", "B1")
    give(state, 0, credits=100, water=5, quartz=2)
    act(state, 0, "buy-tank A1", "buy-converter A1 energy", "move A1 B1", "import A1", "buy-converter A1 energy")
    assert state.active_players() == [0]
    act(state, 0, "done")
    assert state.active_players() == [1]
