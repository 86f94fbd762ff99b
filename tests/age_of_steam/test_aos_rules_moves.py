"""Moving goods (Güter bewegen), rule by rule.

Rule text: shared/seeds/001_023a9815c01177b0.txt. The network: A's link Evansville J10 - Cincinnati M9 (K10, L9);
B's link Evansville - Indianapolis K9 (J9); C's link Indianapolis - Cincinnati (L8); A's unfinished link out of
Chicago H6 (G7). From Evansville: side 1 = A's link, side 0 = B's; from Cincinnati: side 4 = A's, side 5 = C's.
"""

from __future__ import annotations

from aos_helpers import fresh, hx, refused, start_build, start_move

from brassboard.games.age_of_steam.rules import AgeOfSteamState

A, B, C = range(3)


def network() -> AgeOfSteamState:
    state = fresh(3)
    start_build(state, [A, B, C])
    state.cash = [30, 30, 30]
    for p, builds in ((A, ["K10 14", "L9 14", "G7 13"]), (B, ["J9 13", "K9 t4"]), (C, ["L8 24", "K9 t14"])):
        for build in builds:
            state.apply(p, f"build {build}")
        state.apply(p, "done")
    state.cubes = {h: [] for h in state.cubes}
    state.cubes[hx("J10")] = ["blue", "red"]
    state.cubes[hx("M9")] = ["blue"]
    state.cubes[hx("H6")] = ["blue"]
    state.income = [0, 0, 0]
    start_move(state, [A, B, C])
    return state


def test_a_cube_moves_over_an_established_link_to_a_city_of_its_colour() -> None:
    state = network()
    bag = state.bag["blue"]
    events = state.apply(A, "move J10 blue 1")
    assert events[0]["to"] == "M9"
    assert state.cubes[hx("J10")] == ["red"] and state.bag["blue"] == bag + 1  # back into the bag
    assert state.income == [1, 0, 0]


def test_each_link_raises_its_owners_income_by_1_whoever_moves() -> None:
    state = network()
    state.loco[A] = 2
    state.apply(A, "move J10 blue 0 1")  # over B's link to Indianapolis, then C's to Cincinnati
    assert state.income == [0, 1, 1]


def test_a_cube_moves_over_no_more_links_than_the_locomotive_shows() -> None:
    state = network()
    refused(state, A, "move J10 blue 0 1", "at most as many links")
    assert all(len(a.args) == 3 for a in state.legal_actions(A) if a.kind == "move")


def test_a_cube_may_not_use_an_unfinished_link() -> None:
    state = network()
    refused(state, A, "move H6 blue 4", "no established link")
    assert all(a.args[0] != "H6" for a in state.legal_actions(A) if a.kind == "move")


def test_a_cube_stops_at_the_first_city_of_its_colour() -> None:
    state = network()
    state.loco[A] = 3
    refused(state, A, "move M9 blue 4 0", "first city of its colour")  # Evansville is blue: the trip ends there


def test_a_cube_visits_each_city_and_town_only_once() -> None:
    state = network()
    state.loco[A] = 3
    state.cubes[hx("M9")].append("red")
    refused(state, A, "move M9 red 5 4 1", "only once")  # Cincinnati - Indianapolis - Evansville - Cincinnati


def test_a_cube_must_end_in_a_city_of_its_colour() -> None:
    state = network()
    refused(state, A, "move J10 red 1", "must end in a red city")


def test_a_link_without_owner_earns_nobody_income() -> None:
    state = network()
    for h in ("K10", "L9"):
        state.tiles[hx(h)]["owners"] = [None]
    state._board_changed()
    state.apply(A, "move J10 blue 1")
    assert state.income == [0, 0, 0]


def test_players_move_in_turn_order_twice_first_move_holder_first_in_both_rounds() -> None:
    state = network()
    state.action = [None, None, "first-move"]
    start_move(state, [A, B, C])
    movers = []
    while state.phase == "move":
        p = state.active_players()[0]
        movers.append((state.move_round, p))
        state.apply(p, "pass")
    assert movers == [(1, C), (1, A), (1, B), (2, C), (2, A), (2, B)]


def test_locomotive_instead_of_a_move_in_one_of_the_two_rounds() -> None:
    state = network()
    state.apply(A, "locomotive")
    assert state.loco[A] == 2
    state.apply(B, "pass")
    state.apply(C, "pass")
    assert state.move_round == 2
    assert "locomotive" not in {str(a) for a in state.legal_actions(A)}
    refused(state, A, "locomotive", "once per move phase")
    state.apply(A, "move J10 blue 0 1")  # the raised engine counts at once


def test_the_locomotive_never_goes_above_6_links() -> None:
    state = network()
    state.loco[A] = 6
    assert "locomotive" not in {str(a) for a in state.legal_actions(A)}
    refused(state, A, "locomotive", "6 links at most")


def test_a_player_may_do_nothing_in_a_move_round() -> None:
    state = network()
    state.apply(A, "pass")
    assert state.income == [0, 0, 0] and state.active_players() == [B]
