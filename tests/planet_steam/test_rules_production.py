"""One focused test per rule of Planet Steam: the resource phase's production.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    act,
    at,
    events_of,
    give,
    hold_cards,
    legal,
    produce_turn,
    put_tank,
    zone,
)

from brassboard.engine import IllegalAction, Match, MatchRecord
from brassboard.games.planet_steam.figures import ENERGY, ORE, WATER
from brassboard.games.planet_steam.rules import INFO, PlanetSteamState

GAME = INFO.id

# =====================================================================================================================
# Resource phase: production
# =====================================================================================================================


def start_production(state: PlanetSteamState, p: int = 0) -> None:
    at(state, {"k": "produce", "p": p})


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
    act(state, 0, "produce idle F7")
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
    act(state, 0, "produce idle B6")
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


# ----- the production choice is one action ---------------------------------------------------------------------------
def three_tanks_two_energy() -> PlanetSteamState:
    """Ore tanks on A1 and B1 and a water tank on F7 (off the river): 3 energy needed, 2 held."""
    state = produce_turn()
    put_tank(state, 0, "A1", "B1", converter="ore")
    put_tank(state, 0, "F7")
    give(state, 0, energy=2)
    start_production(state)
    return state


def test_production_is_one_action_naming_the_idle_tanks_every_affordable_outcome_offered() -> None:
    """'produce' runs every tank; 'produce idle ZONE …' idles those (board order, fewest first): a choice is legal
    when the energy of the tanks left producing is in hand. The list holds each outcome once (idling B1 does what
    idling A1 does; see test_production_choices.py)."""
    state = three_tanks_two_energy()
    assert legal(state, 0) == [
        "produce idle A1", "produce idle F7", "produce idle A1 B1", "produce idle A1 F7", "produce idle A1 B1 F7",
    ]
    events = act(state, 0, "produce idle F7")
    (production,) = events_of(events, "production")  # one action, one log line
    assert production["idle"] == ["F7"] and production["tanks"] == ["A1", "B1"]
    assert production["energy"] == 2 and production["total"][ORE] == 3  # 2 basic + 1 synergy
    assert state.players[0].goods[ENERGY] == 0 and state.players[0].goods[ORE] == 3
    assert not state.agenda  # the step is over (the scenario holds nothing after it)


@pytest.mark.parametrize(("notation", "reason"), [
    ("produce", "need 3 energy and you hold 2"),
    ("produce idle B1 A1", "in board order: 'produce idle A1 B1'"),
    ("produce idle A1 A1", "in board order: 'produce idle A1'"),
    ("produce idle C4", "C4: not a tank of yours"),
    ("produce idle", "name the tanks to idle"),
    ("produce all", "'produce idle ZONE …'"),
    ("idle A1", "'idle' is not possible here"),
])
def test_production_choice_refused_names_the_rule_and_changes_nothing(notation: str, reason: str) -> None:
    state = three_tanks_two_energy()
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, notation)
    assert reason in refused.value.reason
    assert state.to_json() == before


def test_toppled_tank_is_neither_produced_nor_named() -> None:
    state = three_tanks_two_energy()
    state.toppled[zone(state, "F7")] = True
    start_production(state)
    assert legal(state, 0)[0] == "produce"  # A1 and B1 need the 2 energy held
    with pytest.raises(IllegalAction, match="F7: not a tank of yours that can produce"):
        state.apply(0, "produce idle F7")


def test_production_choices_replay_from_the_record() -> None:
    """A match whose players idle tanks replays from seed and actions to the same state (the GUIDE's replay rule)."""
    match = Match(GAME, 2, 5)
    rng = random.Random(5)
    while not match.state.is_over():
        (player,) = match.state.active_players()
        options = match.state.legal_actions(player)
        producing = [a for a in options if a[0] == "produce" and len(a) > 1]
        match.apply(player, str(rng.choice(producing or options)))
    idled = [n for _, n in match.record.actions if n.startswith("produce idle")]
    assert idled, "the random players never idled a tank"
    again = Match.replay(MatchRecord.from_dict(json.loads(json.dumps(match.record.to_dict()))))
    assert again.state.to_json() == match.state.to_json()
