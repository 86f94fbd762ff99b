"""One focused test per rule of Planet Steam: the resource phase's production.

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
    hold_cards,
    legal,
    produce_turn,
    put_tank,
)

from brassboard.engine import IllegalAction
from brassboard.games.planet_steam.figures import ENERGY, ORE, WATER
from brassboard.games.planet_steam.rules import PlanetSteamState

# =====================================================================================================================
# Resource phase: production
# =====================================================================================================================


def start_production(state: PlanetSteamState, p: int = 0) -> None:
    at(state, {"k": "produce", "p": p, "idle": []})


def test_energy_is_paid_before_production_energy_produced_now_cannot_pay() -> None:
    """'Weil ein Spieler Rohstoffe erst dann gewinnt, nachdem er Energie dafür gezahlt hat, kann er dafür nicht mit
    Energie zahlen, die er erst in dieser Energiephase gefördert hat.'"""
    state = produce_turn()
    put_tank(state, 0, "A1", converter="energy")
    put_tank(state, 0, "F7")  # a water tank off the river: needs 1 energy
    start_production(state)
    assert "produce" not in legal(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, "produce")
    act(state, 0, "idle F7", "produce")
    assert state.players[0].goods[ENERGY] == 1
    assert state.players[0].goods[WATER] == 0


@pytest.mark.parametrize(("setup", "action", "rule"),
                         [("produce", "produce", "energy"), ("sell", "sell water 1", "hold")])
def test_refusal_names_the_rule_even_when_no_action_of_the_kind_is_legal(setup: str, action: str, rule: str) -> None:
    """GUIDE: 'Illegal input: every action kind is tried where it is illegal; the error names the rule.'"""
    state = produce_turn()
    if setup == "produce":
        put_tank(state, 0, "F7")
        start_production(state)
    else:
        at(state, {"k": "trade", "p": 0, "r": WATER})
    with pytest.raises(IllegalAction, match=rule):
        state.apply(0, action)


def test_energy_tanks_and_river_water_tanks_need_no_energy() -> None:
    state = produce_turn()
    put_tank(state, 0, "A1", converter="energy")
    put_tank(state, 0, "C1")  # river, simple tank
    put_tank(state, 0, "C3", converter="ore")  # river, but converted: needs energy
    give(state, 0, energy=1)
    start_production(state)
    act(state, 0, "produce")
    assert state.players[0].goods == [0, 1, 1, 1]  # energy: 1 paid, 1 produced


def test_synergy_only_among_tanks_with_the_same_output() -> None:
    state = produce_turn()
    put_tank(state, 0, "A6", "B6", converter="ore")
    put_tank(state, 0, "A7", converter="quartz")
    put_tank(state, 0, "B7")
    give(state, 0, energy=4)
    assert state.production(0, state.tanks_of(0))["synergy"] == [0, 1, 0, 0]


def test_synergy_only_among_tanks_of_the_same_owner() -> None:
    """'Der Synergie-Effekt gilt nicht für Tanks, die verschiedenen Spielern gehören.'"""
    state = produce_turn()
    put_tank(state, 0, "A6")
    put_tank(state, 1, "B6", "C6")
    put_tank(state, 0, "D6")
    assert state.production(0, state.tanks_of(0))["synergy"] == [0, 0, 0, 0]
    assert state.production(1, state.tanks_of(1))["synergy"] == [0, 0, 1, 0]


def test_idle_tanks_get_no_bonus_and_split_a_group() -> None:
    """'Tanks, die keine Rohstoffe durch Grundförderung gewonnen haben, können auch keine Rohstoffe durch
    Bonusförderung gewinnen.'"""
    state = produce_turn()
    put_tank(state, 0, "A6", "C6")
    put_tank(state, 0, "B6", compressor=True)
    state.airship_row = 6
    give(state, 0, energy=3)
    start_production(state)
    act(state, 0, "idle B6", "produce")
    assert state.players[0].goods[WATER] == 2 + 2  # A6 and C6: base + airship, no synergy, no compressor
    assert state.players[0].goods[ENERGY] == 1


def test_several_synergy_groups_of_different_resources() -> None:
    """'Ein Spieler kann mehrere, auch verschiedene Gruppen haben, die durch den Synergie-Effekt zusätzliche Rohstoffe
    fördern.'"""
    state = produce_turn()
    put_tank(state, 0, "A1", "A2", "A3", converter="energy")
    put_tank(state, 0, "F1", "F2", converter="ore")
    give(state, 0, energy=2)
    start_production(state)
    act(state, 0, "produce")
    assert state.players[0].goods[ENERGY] == 3 + 2
    assert state.players[0].goods[ORE] == 2 + 1


def test_production_in_player_order_for_players_with_tanks() -> None:
    state = produce_turn()
    hold_cards(state, {0: 4, 1: 3, 2: 1, 3: 2})
    put_tank(state, 0, "A1")
    put_tank(state, 1, "B1")
    put_tank(state, 3, "D1")
    at(state, {"k": "resource_phase"})
    assert [s["p"] for s in state.agenda if s["k"] == "produce"] == [3, 1, 0]
