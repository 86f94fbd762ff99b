"""Building track (Streckenbau): tiles, restrictions, costs (Streckenbaukosten), established and unfinished links,
ownership (Streckenbesitz), upgrades, redirection (Neuorientierung) — one focused test per rule.

Rule text: shared/seeds/001_023a9815c01177b0.txt. Positions on the real Rust Belt map: Chicago H6 (red),
Evansville J10 (blue), Cincinnati M9 (blue), Wheeling Q9, Pittsburgh R6; sides 0-5 = N, NE, SE, S, SW, NW.
"""

from __future__ import annotations

import pytest
from aos_helpers import cost, fresh, hx, link, refused, start_build

from brassboard.games.age_of_steam.rules import AgeOfSteamState

A, B, C = range(3)


def building(builders: list[int] | None = None, players: int = 3) -> AgeOfSteamState:
    state = fresh(players)
    start_build(state, builders or list(range(players)))
    return state


# ----- the first tile -------------------------------------------------------------------------------------------
def test_first_tile_is_a_simple_track_next_to_a_city_leading_into_it() -> None:
    state = building()
    events = state.apply(A, "build G7 13")  # Chicago (NE) to G8 (S)
    assert cost(events) == 2 and state.tiles[hx("G7")]["kind"] == "gentle"
    assert state.has_built[A]


def test_first_tile_next_to_a_city_but_not_leading_into_it_is_refused() -> None:
    state = building()
    refused(state, A, "build G7 03", "connect to a city")  # G6 to G8: passes Chicago by


def test_first_tile_away_from_every_city_is_refused() -> None:
    state = building()
    refused(state, A, "build G8 03", "connect to a city")


def test_first_tile_may_not_be_a_town_tile_or_a_complex_tile() -> None:
    state = building()
    refused(state, A, "build K9 t14", "very first tile")
    refused(state, A, "build G7 13+45", "first tile on a hex must be a simple track")


# ----- restrictions ---------------------------------------------------------------------------------------------
def test_track_may_never_leave_the_map() -> None:
    state = building()
    refused(state, A, "build R7 01", "leave the map")  # Pittsburgh's south neighbour, pointing off the east edge


def test_track_may_never_run_into_the_great_lakes() -> None:
    state = building()
    refused(state, A, "build H5 13", "Great Lakes")  # from Chicago into Lake Michigan (I5)


def test_no_track_on_a_lake_hex() -> None:
    state = building()
    refused(state, A, "build I6 25", "Great Lakes")


def test_track_may_never_be_built_on_a_city() -> None:
    state = building()
    refused(state, A, "build H6 03", "never be built on a city")


def test_track_may_never_join_another_players_track() -> None:
    state = building()
    state.apply(A, "build G7 13")  # Chicago -> G8 (open)
    state.apply(A, "done")
    refused(state, B, "build G8 03", "another player's track")


def test_later_track_must_connect_to_the_own_network() -> None:
    state = building()
    state.apply(A, "build G7 13")
    refused(state, A, "build J9 02", "own network")  # far from A's track and from every city
    events = state.apply(A, "build G8 03")  # continues A's track southwards
    assert cost(events) == 2


def test_track_from_any_city_is_connected_to_the_own_network() -> None:
    state = building()
    state.apply(A, "build G7 13")
    events = state.apply(A, "build K11 15")  # a new line out of Evansville
    assert cost(events) == 3


def test_a_player_builds_at_most_three_tiles() -> None:
    state = building()
    state.cash[A] = 30
    for action in ("build G7 13", "build G8 03", "build G9 t0"):
        state.apply(A, action)
    assert state.build is not None and state.build["builds_left"] == 0
    refused(state, A, "build H7 05", "at most 3 tiles")
    assert [str(a) for a in state.legal_actions(A)] == ["done"]


def test_engineer_builds_a_fourth_tile() -> None:
    state = fresh(3)
    state.action[A] = "engineer"
    start_build(state, [A, B, C])
    state.cash[A] = 30
    for action in ("build G7 13", "build G8 03", "build G9 t0", "build H7 05"):
        state.apply(A, action)
    assert state.cash[A] == 30 - 2 - 2 - 2 - 2
    refused(state, A, "build K11 15", "4 with the Engineer")


def test_a_build_costing_more_than_the_cash_is_refused() -> None:
    state = building()
    state.cash[A] = 3
    refused(state, A, "build Q10 03", "costs $4")


# ----- costs (Streckenbaukosten) --------------------------------------------------------------------------------
@pytest.mark.parametrize(("action", "price"), [
    ("build G7 13", 2),  # plain
    ("build K11 15", 3),  # river: first tile on a river hex
    ("build Q10 03", 4),  # mountain: first tile on a mountain hex
])
def test_a_simple_tile_costs_2_on_plain_3_on_a_river_4_on_a_mountain(action: str, price: int) -> None:
    state = building()
    assert cost(state.apply(A, action)) == price
    assert state.cash[A] == 10 - price


# ----- established links, unfinished links, ownership -----------------------------------------------------------
def test_track_joining_two_cities_is_an_established_link_with_one_marker() -> None:
    state = building()
    state.apply(A, "build K10 14")
    state.apply(A, "build L9 14")  # Evansville - K10 - L9 - Cincinnati
    joined = link(state, "J10", "M9")
    assert joined.complete and joined.owner == A and len(joined.tracks) == 2
    assert state.markers_left(A) == 19


def test_track_ending_in_the_open_is_an_unfinished_link() -> None:
    state = building()
    state.apply(A, "build G7 13")
    unfinished = link(state, "H6", None)
    assert not unfinished.complete and unfinished.owner == A
    assert state.markers_left(A) == 19


def test_own_unfinished_link_not_extended_in_the_next_build_turn_loses_its_owner() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    state.apply(A, "done")  # built this turn: still A's
    assert link(state, "H6", None).owner == A
    start_build(state, [A])
    state.apply(A, "build K11 15")  # builds elsewhere, not extending G7
    events = state.apply(A, "done")
    assert link(state, "H6", None).owner is None
    assert any(e["type"] == "ownership_lost" and e["player"] == A for e in events)
    assert state.markers_left(A) == 19  # only the K11 link is marked now


def test_own_unfinished_link_extended_in_the_next_build_turn_stays_owned() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    state.apply(A, "done")
    start_build(state, [A])
    state.apply(A, "build G8 03")
    state.apply(A, "done")
    assert link(state, "H6", None).owner == A and len(link(state, "H6", None).tracks) == 2


def test_established_links_stay_owned_without_further_building() -> None:
    state = building([A])
    state.apply(A, "build K10 14")
    state.apply(A, "build L9 14")
    state.apply(A, "done")
    start_build(state, [A])
    state.apply(A, "done")
    assert link(state, "J10", "M9").owner == A


def test_extending_an_unowned_unfinished_link_takes_it_over() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    state.apply(A, "done")
    start_build(state, [A, B])
    state.apply(A, "done")  # A lets it go
    assert link(state, "H6", None).owner is None
    state.apply(B, "build K11 15")  # B's first tile, elsewhere
    state.apply(B, "build G8 03")  # extends the unowned link
    taken = link(state, "H6", None)
    assert taken.owner == B and len(taken.tracks) == 2
    assert state.tiles[hx("G7")]["owners"] == [B]


def test_another_players_unfinished_link_may_not_be_extended() -> None:
    state = building([A, B])
    state.apply(A, "build G7 13")
    state.apply(A, "done")
    state.apply(B, "build K11 15")
    refused(state, B, "build G8 03", "another player's track")


def test_a_player_has_20_ownership_markers() -> None:
    state = building()
    assert state.markers_left(A) == 20


# ----- upgrades (Kreuzung, nebeneinander herführen) -------------------------------------------------------------
def crossing_setup() -> AgeOfSteamState:
    state = building([A, B])
    state.apply(A, "build K10 14")  # Evansville (SW) -> L9 (NE)
    state.apply(A, "done")
    state.apply(B, "build J9 23")  # Evansville (S) -> K10 (SE)
    return state


def test_simple_tile_upgraded_to_a_crossing_costs_3_and_keeps_the_existing_track() -> None:
    state = crossing_setup()
    events = state.apply(B, "build K10 14+25")
    assert cost(events) == 3 and state.cash[B] == 10 - 2 - 3
    tile = state.tiles[hx("K10")]
    assert tile["kind"] == "x" and tile["tracks"] == [(1, 4), (2, 5)] and tile["owners"] == [A, B]
    assert state.supply["x"] == 3 and state.supply["straight"] == 48


def test_simple_tile_upgraded_to_coexisting_track_costs_3() -> None:
    state = crossing_setup()
    events = state.apply(B, "build K10 05+14")
    assert cost(events) == 3
    tile = state.tiles[hx("K10")]
    assert tile["kind"] == "straight_sharp" and tile["owners"] == [B, A]


def test_upgrade_ignores_terrain() -> None:
    state = building([A, B])
    state.apply(A, "build N9 15")  # river: Cincinnati (NW) -> O9 (NE), $3
    state.apply(A, "done")
    state.apply(B, "build M10 01")  # river: Cincinnati (N) -> N9 (NE), $3
    events = state.apply(B, "build N9 04+15")  # a crossing on the river hex: $3, no river surcharge
    assert cost(events) == 3 and state.cash[B] == 10 - 3 - 3
    assert state.tiles[hx("N9")]["kind"] == "crossing_curves"


def test_upgrade_must_keep_another_players_track() -> None:
    state = crossing_setup()
    refused(state, B, "build K10 02+35", "keep the existing track")


def test_upgraded_new_track_must_connect_to_the_own_network() -> None:
    state = building([A, B])
    state.apply(A, "build K10 14")
    state.apply(A, "done")
    state.apply(B, "build G7 13")
    refused(state, B, "build K10 14+25", "own network")  # 2-5 touches none of B's track


def test_upgrade_may_not_join_another_players_track() -> None:
    state = crossing_setup()
    state.apply(B, "done")
    start_build(state, [A])
    refused(state, A, "build K10 14+25", "another player's track")  # side 5 meets B's J9 track


# ----- redirection (Neuorientierung) ----------------------------------------------------------------------------
def test_redirecting_the_open_end_of_an_own_unfinished_link_costs_2() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    events = state.apply(A, "build G7 14")  # keep the Chicago end, turn the open end to F7
    assert cost(events) == 2 and state.tiles[hx("G7")]["tracks"] == [(1, 4)]
    assert state.tiles[hx("G7")]["owners"] == [A]


def test_redirection_of_a_river_tile_costs_2_terrain_ignored() -> None:
    state = building([A])
    state.apply(A, "build K11 15")
    assert cost(state.apply(A, "build K11 05")) == 2


def test_an_established_link_may_not_be_redirected() -> None:
    state = building([A])
    state.apply(A, "build K10 14")
    state.apply(A, "build L9 14")
    refused(state, A, "build L9 04", "unfinished link")


def test_only_the_tile_at_the_open_end_may_be_redirected() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    state.apply(A, "build G8 03")
    refused(state, A, "build G7 14", "open end")


def test_another_players_unfinished_link_may_not_be_redirected() -> None:
    state = building([A, B])
    state.apply(A, "build G7 13")
    state.apply(A, "done")
    state.apply(B, "build H7 05")
    refused(state, B, "build G7 14", "another player's track")


def test_an_unowned_unfinished_link_may_be_redirected_but_is_not_taken_over() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    state.apply(A, "done")
    start_build(state, [A, B])
    state.apply(A, "done")
    state.apply(B, "build H7 05")
    events = state.apply(B, "build G7 14")
    assert cost(events) == 2
    assert state.tiles[hx("G7")]["owners"] == [None]  # a mere redirection is no extension


def test_redirection_does_not_count_as_extending_an_own_link() -> None:
    state = building([A])
    state.apply(A, "build G7 13")
    state.apply(A, "done")
    start_build(state, [A])
    state.apply(A, "build G7 14")
    state.apply(A, "done")
    assert link(state, "H6", None).owner is None


def test_the_builder_sees_the_price_of_every_legal_build_before_choosing() -> None:
    state = building()
    costs = state.view(A)["build"]["costs"]
    legal = {str(a) for a in state.legal_actions(A) if a.kind == "build"}
    assert set(costs) == legal and costs["build G7 13"] == 2
    for action, price in list(costs.items())[:40]:  # the price shown is the price paid
        assert cost(state.clone().apply(A, action)) == price, action
    assert "costs" not in state.view(B)["build"] and "costs" not in state.view(None)["build"]
