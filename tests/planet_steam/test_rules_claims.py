"""One focused test per rule of Planet Steam: claiming a zone (roll, permit, diversion) and the airship.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import pytest
from helpers import (
    NEUTRAL,
    act,
    at,
    claim_turn,
    events_of,
    give,
    legal,
    neutral,
    own,
    rig_dice,
    scene,
    zone,
)

from brassboard.engine import IllegalAction

# =====================================================================================================================
# Expansion phase: claiming a zone
# =====================================================================================================================


@pytest.mark.parametrize("value", [4, 5, 6])
def test_claim_by_roll_of_4_to_6_takes_the_chosen_zone(value: int) -> None:
    state = claim_turn()
    rig_dice(state, value)
    act(state, 0, "claim C4 roll")
    assert state.owner[zone(state, "C4")] == 0
    assert state.active_players() == [1]  # one claim per turn


@pytest.mark.parametrize("value", [1, 2, 3])
def test_claim_by_roll_of_1_to_3_goes_to_a_nearest_zone_and_permit_no_longer_possible(value: int) -> None:
    """'Nachdem ein Spieler gewürfelt hat, ist er dazu verpflichtet, nach dieser Methode einen seiner Besitzmarker auf
    eine Zone zu legen; er kann sich nicht plötzlich dafür entscheiden, lieber eine Baulizenz zu benutzen.'"""
    state = claim_turn()
    give(state, 0, permits=1)
    rig_dice(state, value)
    act(state, 0, "claim C4 roll")
    assert sorted(legal(state, 0)) == ["divert B4", "divert C3", "divert C5", "divert D4"]
    act(state, 0, "divert D4")
    assert state.owner[zone(state, "D4")] == 0
    assert state.players[0].permits == 1


def test_claim_with_a_permit_needs_no_roll_and_the_permit_leaves_the_game() -> None:
    """'Eine benutzte Baulizenz muss in die Spielschachtel zurückgelegt werden.' Without holding the Engineer."""
    state = claim_turn()
    give(state, 0, permits=2)
    stock = state.stock["building_permits"]
    events = act(state, 0, "claim C4 permit")
    assert not events_of(events, "roll")
    assert state.owner[zone(state, "C4")] == 0
    assert state.players[0].permits == 1
    assert state.stock["building_permits"] == stock
    assert state.active_players() == [1]  # only one permit per turn


def test_permit_replaces_a_neutral_marker() -> None:
    state = claim_turn()
    neutral(state, "C4")
    give(state, 0, permits=1)
    stock = state.stock["neutral_markers"]
    assert "claim C4 permit" in legal(state, 0)
    act(state, 0, "claim C4 permit")
    assert state.owner[zone(state, "C4")] == 0
    assert state.stock["neutral_markers"] == stock + 1


def test_roll_cannot_claim_a_neutral_or_claimed_zone() -> None:
    state = claim_turn()
    neutral(state, "C4")
    own(state, 2, "D4")
    for bad in ("claim C4 roll", "claim D4 roll", "claim D4 permit"):
        with pytest.raises(IllegalAction, match="not free to claim"):
            state.apply(0, bad)


def test_no_roll_when_no_zone_is_unclaimed() -> None:
    """'Falls es keine unbeanspruchten Zonen mehr auf der Landkarte gibt, kann kein Spieler mehr würfeln.'"""
    state = claim_turn()
    for z in range(42):
        state.owner[z] = z % 4
    state.owner[zone(state, "E2")] = NEUTRAL
    give(state, 0, permits=1)
    assert legal(state, 0) == ["claim E2 permit", "pass"]
    give(state, 0, permits=0)
    assert legal(state, 0) == ["pass"]


def test_claiming_is_optional() -> None:
    state = claim_turn()
    act(state, 0, "pass")
    assert state.active_players() == [1]
    assert state.owner.count(0) == 0


def test_unavailable_zones_are_neither_claimed_nor_unclaimed() -> None:
    state = claim_turn(2)
    assert not any(a.split()[1][0] in "AB" for a in legal(state, 0) if a.startswith("claim"))
    with pytest.raises(IllegalAction):
        state.apply(0, "claim A1 roll")
    assert [state.fig.zone_names[z] for z in state.diversions(zone(state, "C4"))] == ["C3", "D4", "C5"]


def test_no_claim_without_markers_left() -> None:
    state = claim_turn()
    state.players[0].markers = 0
    give(state, 0, permits=1)
    assert legal(state, 0) == ["pass"]


def test_rivers_are_claimed_like_land_zones() -> None:
    """'Hinweis: Flusszonen werden bei Versteigerungen und bei der Beanspruchung von Zonen wie Landzonen behandelt.'"""
    state = claim_turn()
    assert {f"claim {state.fig.zone_names[z]} roll" for z in state.fig.rivers} <= set(legal(state, 0))


def test_airship_captain_places_the_airship_and_it_leaves_at_round_end() -> None:
    state = scene(4)
    at(state, {"k": "airship", "p": 2})
    act(state, 2, "airship 7")
    assert state.airship_row == 7
    at(state, {"k": "end_phase"})
    assert state.round == 2 and state.airship_row == 0
