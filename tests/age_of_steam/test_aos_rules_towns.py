"""Towns (Städte) and new cities (Kacheln Neue Großstadt, Städtebau), rule by rule.

Rule text: shared/seeds/001_023a9815c01177b0.txt. Indianapolis K9 is the town used throughout: J9 leads into it
from Evansville J10 (sides: K9 1 = L8, 2 = L9, 4 = J9, 5 = J8).
"""

from __future__ import annotations

import pytest
from aos_helpers import cost, fresh, hx, link, refused, start_build

from brassboard.games.age_of_steam.rules import AgeOfSteamState

A, B, C = range(3)


def at_indianapolis(builders: list[int] | None = None) -> AgeOfSteamState:
    state = fresh(3)
    start_build(state, builders or [A, B, C])
    state.cash[A] = 30
    state.apply(A, "build J9 13")  # Evansville -> towards Indianapolis
    return state


@pytest.mark.parametrize(("exits", "price", "kind", "disc"), [
    ("t4", 2, "town_1", False),  # the town tile with one track: $1 + $1
    ("t14", 3, "straight", True),  # a simple tile + town disc: $1 + 2 x $1
    ("t145", 4, "town_", False),  # a town tile with three tracks
    ("t1245", 5, "", True),  # a complex tile + town disc: the dearest, $5
])
def test_a_town_tile_costs_1_for_the_town_and_1_per_track(exits: str, price: int, kind: str, disc: bool) -> None:
    state = at_indianapolis()
    discs = state.discs
    assert cost(state.apply(A, f"build K9 {exits}")) == price
    tile = state.tiles[hx("K9")]
    assert tile["town"] and tile["kind"].startswith(kind) and tile["disc"] == disc
    assert state.discs == discs - (1 if disc else 0)
    assert state.supply["x"] + state.supply["bow_and_arrow"] + state.supply["crossing_curves"] + sum(
        state.supply[k] for k in ("straight_sharp", "baseball", "gentle_sharp_left", "gentle_sharp_right")) == (
        11 + 4 - (1 if exits == "t1245" else 0))


def test_a_town_has_at_most_four_tracks() -> None:
    state = at_indianapolis()
    refused(state, A, "build K9 t01245", "at most 4 exits")


def test_track_into_a_town_tile_is_an_established_link() -> None:
    state = at_indianapolis()
    state.apply(A, "build K9 t14")
    assert link(state, "J10", "K9").complete and link(state, "J10", "K9").owner == A
    spoke = link(state, "K9", None)  # the town's other track, towards L8, is unfinished
    assert not spoke.complete and spoke.owner == A
    assert state.markers_left(A) == 18


def test_a_town_tile_must_connect_to_the_own_network() -> None:
    state = at_indianapolis([A, B])
    state.apply(A, "done")
    state.apply(B, "build K10 14")
    refused(state, B, "build K9 t5", "own network")  # J8 side: nobody's track there


def test_a_town_spoke_may_not_join_another_players_track() -> None:
    state = at_indianapolis([A, B])
    state.apply(A, "done")
    state.apply(B, "build L9 15")  # Cincinnati (NE) -> Indianapolis (NW)
    refused(state, B, "build K9 t24", "another player's track")  # spoke 4 would meet A's J9
    assert cost(state.apply(B, "build K9 t2")) == 2


def test_replacing_a_town_tile_costs_3_and_keeps_the_existing_track() -> None:
    state = at_indianapolis()
    state.apply(A, "build K9 t4")
    events = state.apply(A, "build K9 t14")
    assert cost(events) == 3 and events[0]["operation"] == "town-upgrade"
    assert state.tiles[hx("K9")]["tracks"] == [(1,), (4,)]
    assert state.supply["town_1"] == 3  # the old town tile went back


def test_town_track_cannot_be_redirected() -> None:
    state = at_indianapolis()
    state.apply(A, "build K9 t14")
    refused(state, A, "build K9 t24", "keep the existing track")


def test_a_town_disc_returns_when_the_town_gets_a_town_tile() -> None:
    state = at_indianapolis()
    state.apply(A, "build K9 t14")
    assert state.discs == 7
    state.apply(A, "build K9 t145")
    assert state.discs == 8 and not state.tiles[hx("K9")]["disc"]


# ----- Städtebau ------------------------------------------------------------------------------------------------
def urbanizing(builders: list[int] | None = None) -> AgeOfSteamState:
    state = fresh(3)
    state.action[B] = "urbanization"
    start_build(state, builders or [B])
    return state


def test_urbanization_places_a_new_city_on_a_town_free_before_building() -> None:
    state = urbanizing()
    events = state.apply(B, "urbanize B K9")
    assert state.cash[B] == 10
    assert state.new_cities[hx("K9")] == "B" and state.city_color(hx("K9")) == "blue"
    assert "B" not in state.new_city_supply and state.is_city(hx("K9")) and not state.is_town(hx("K9"))
    assert any(e["type"] == "urbanize" for e in events)
    assert state.build is not None and state.build["builds_left"] == 3  # three tiles still to build
    assert cost(state.apply(B, "build K8 03")) == 2  # track out of the new city


def test_only_the_urbanization_holder_places_a_new_city() -> None:
    state = urbanizing([A])
    refused(state, A, "urbanize B K9", "Urbanization")


def test_the_new_city_is_placed_before_any_track_is_built() -> None:
    state = urbanizing()
    state.apply(B, "build G7 13")
    refused(state, B, "urbanize B K9", "before any track")
    assert all(a.kind != "urbanize" for a in state.legal_actions(B))


def test_a_new_city_goes_on_a_town_only() -> None:
    state = urbanizing()
    refused(state, B, "urbanize B G7", "town hex")
    refused(state, B, "urbanize B H6", "town hex")


def test_a_new_city_may_not_go_on_another_new_city() -> None:
    state = urbanizing()
    state.new_cities[hx("K9")] = "A"
    state.new_city_supply.remove("A")
    refused(state, B, "urbanize B K9", "another new city")


def test_one_new_city_per_urbanization() -> None:
    state = urbanizing()
    state.apply(B, "urbanize B K9")
    refused(state, B, "urbanize C L7", "once")


def test_urbanization_removes_the_town_tile_unfinished_links_through_it_lose_their_owner() -> None:
    state = at_indianapolis([A])
    state.apply(A, "build K9 t14")
    state.apply(A, "build L8 04")  # out of Indianapolis towards L7: unfinished
    state.apply(A, "done")
    state.action[B] = "urbanization"
    start_build(state, [B])
    discs, straights = state.discs, state.supply["straight"]
    events = state.apply(B, "urbanize B K9")
    assert hx("K9") not in state.tiles and state.discs == discs + 1 and state.supply["straight"] == straights + 1
    assert link(state, "J10", "K9").owner == A  # the established link now ends in the new city
    assert link(state, "K9", None).owner is None  # the unfinished one is void
    assert any(e["type"] == "ownership_lost" and e["player"] == A for e in events)
