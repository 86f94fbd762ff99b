"""Every worked example of the 2002 rules text, set up on the real Rust Belt map where the text says where.

Seats: Pete 0, Dave 1, Vince 2, Hudson 3, John 4. Where the text shows a picture without hex names we chose hexes
that fit every figure it gives (costs, terrain, which links are complete); the choices are written beside each build.
"""

from __future__ import annotations

from typing import Any

from aos_helpers import forced_dice, fresh, hx, link_between, start_build, start_move

from brassboard.games.age_of_steam.rules import AgeOfSteamState

PETE, DAVE, VINCE, HUDSON, JOHN = range(5)


def test_auction_example_pete_dave_vince_hudson_john() -> None:
    state = fresh(5)
    state.order = [PETE, DAVE, VINCE, HUDSON, JOHN]
    state.queue = state.order[:]
    state.action[JOHN] = "turn-order"  # John took Turn Order (PASSEN) last round
    for p in state.order:
        state.apply(p, "issue 0")
    assert state.phase == "auction"
    cash_before = state.cash[:]
    state.apply(PETE, "bid 2")
    state.apply(DAVE, "drop")  # fifth place, pays nothing
    state.apply(VINCE, "bid 3")
    state.apply(HUDSON, "drop")  # fourth place, bid nothing
    state.apply(JOHN, "turn-pass")
    state.apply(PETE, "drop")  # third place, pays half of $2
    # Vince's $3 stands: he is skipped, John must beat it or drop
    assert state.active_players() == [JOHN]
    assert "turn-pass" not in {str(a) for a in state.legal_actions(JOHN)}
    state.apply(JOHN, "drop")  # second place, pays nothing (he only passed)
    assert state.order == [VINCE, JOHN, PETE, HUDSON, DAVE]
    paid = [before - after for before, after in zip(cash_before, state.cash, strict=True)]
    assert paid == [1, 0, 3, 0, 0]
    assert state.phase == "actions"


def petes_build(state: AgeOfSteamState) -> list[Any]:
    """Pete: A (K10, plain) and B (L9, plain) from Evansville to Cincinnati, C (N9, river) towards Lexington."""
    start_build(state, [PETE, DAVE, JOHN])
    events = state.apply(PETE, "build K10 14")  # A: Evansville (SW) to NE
    events += state.apply(PETE, "build L9 14")  # B: into Cincinnati (NE)
    events += state.apply(PETE, "build N9 35")  # C: out of Cincinnati (NW) to Lexington (S)
    return events


def test_build_example_pete_a_b_c_for_7() -> None:
    state = fresh(5)
    cash = state.cash[PETE]
    events = petes_build(state)
    assert [e["cost"] for e in events if e["type"] == "build"] == [2, 2, 3]  # C: first tile on a river hex
    assert cash - state.cash[PETE] == 7
    evansville_cincinnati = link_between(state, "J10", "M9")
    assert evansville_cincinnati is not None and evansville_cincinnati.owner == PETE  # type: ignore[attr-defined]
    towards_lexington = link_between(state, "M9", None)
    assert towards_lexington is not None and towards_lexington.owner == PETE  # type: ignore[attr-defined]
    assert not towards_lexington.complete  # type: ignore[attr-defined]
    assert state.markers_left(PETE) == 18


def daves_build(state: AgeOfSteamState) -> None:
    """Dave: D (J9) from Evansville, E through Indianapolis (K9, straight + town disc), F (L8) into Cincinnati."""
    state.apply(PETE, "done")
    state.apply(DAVE, "build J9 13")
    state.apply(DAVE, "build K9 t14")
    state.apply(DAVE, "build L8 24")


def test_build_example_dave_d_e_f_with_indianapolis() -> None:
    state = fresh(5)
    petes_build(state)
    cash = state.cash[DAVE]
    daves_build(state)
    assert cash - state.cash[DAVE] == 2 + 3 + 2  # the town: $1 + $1 per exit
    indianapolis = state.tiles[hx("K9")]
    assert indianapolis["town"] and indianapolis["disc"] and indianapolis["kind"] == "straight"
    for other in ("J10", "M9"):
        link = link_between(state, "K9", other)
        assert link is not None and link.complete and link.owner == DAVE  # type: ignore[attr-defined]


def johns_build(state: AgeOfSteamState) -> list[Any]:
    """John: G (M10, river) out of Cincinnati, H crossing Pete's B (L9), J: Indianapolis to four exits."""
    state.apply(DAVE, "done")
    events = state.apply(JOHN, "build M10 05")
    events += state.apply(JOHN, "build L9 14+25")
    events += state.apply(JOHN, "build K9 t1245")
    return events


def test_build_example_john_g_h_j() -> None:
    state = fresh(5)
    petes_build(state)
    daves_build(state)
    cash = state.cash[JOHN]
    events = johns_build(state)
    builds = [e for e in events if e["type"] == "build"]
    assert [(e["operation"], e["cost"]) for e in builds] == [("new", 3), ("upgrade", 3), ("town-upgrade", 3)]
    assert cash - state.cash[JOHN] == 9
    assert state.tiles[hx("L9")]["kind"] == "x" and state.tiles[hx("L9")]["owners"] == [PETE, JOHN]
    link = link_between(state, "K9", "M9")
    assert link is not None
    owners = {link.owner for link in state.links() if set(link.stops) == {hx("K9"), hx("M9")}}  # type: ignore
    assert owners == {DAVE, JOHN}  # Dave's and John's links both join Indianapolis and Cincinnati
    out = link_between(state, "K9", None)
    assert out is not None and out.owner == JOHN and not out.complete  # type: ignore[attr-defined]
    assert state.tiles[hx("K9")]["disc"]


def test_build_example_vince_urbanizes_indianapolis_b_then_k_l_m() -> None:
    state = fresh(5)
    petes_build(state)
    daves_build(state)
    johns_build(state)
    state.apply(JOHN, "done")
    state.action[VINCE] = "urbanization"
    start_build(state, [VINCE])
    discs, x_tiles = state.discs, state.supply["x"]
    state.apply(VINCE, "urbanize B K9")
    assert hx("K9") in state.new_cities and state.city_color(hx("K9")) == "blue"
    assert hx("K9") not in state.tiles
    assert state.discs == discs + 1 and state.supply["x"] == x_tiles + 1  # John's J goes back to the supply
    assert link_between(state, "K9", None) is None  # John's unfinished link out of Indianapolis is void
    assert link_between(state, "J10", "K9").owner == DAVE  # type: ignore[union-attr]
    cash = state.cash[VINCE]
    state.apply(VINCE, "build K8 03")  # K: $2, leaving the new city northwards
    state.apply(VINCE, "build K10 03+14")  # L: Pete's A becomes a crossing, $3
    state.apply(VINCE, "build K11 05")  # M: river, $3, into Evansville
    assert cash - state.cash[VINCE] == 2 + 3 + 3
    link = next(link for link in state.links()
                if set(link.stops) == {hx("K9"), hx("J10")} and link.owner == VINCE)
    assert len(link.tracks) == 2


def test_move_example_daves_locomotive_and_pete_and_dave_deliver() -> None:
    state = fresh(5)
    petes_build(state)
    daves_build(state)
    state.apply(DAVE, "done")
    state.cubes[hx("J10")] = ["blue"]
    state.cubes[hx("M9")] = ["blue"]
    state.action = [None] * 5
    state.action[DAVE] = "first-move"
    start_move(state, [PETE, DAVE, VINCE, HUDSON, JOHN])
    assert state.active_players() == [DAVE]  # First Move goes before Pete, the first in turn order
    state.apply(DAVE, "locomotive")
    assert state.loco[DAVE] == 2
    income = state.income[:]
    state.apply(PETE, "move J10 blue 1")  # Evansville over Pete's link to Cincinnati
    assert state.income[PETE] == income[PETE] + 1
    for p in (VINCE, HUDSON, JOHN):
        state.apply(p, "pass")
    assert state.move_round == 2 and state.active_players() == [DAVE]
    state.apply(DAVE, "move M9 blue 5 4")  # Cincinnati -> Indianapolis -> Evansville, two own links
    assert state.income[DAVE] == income[DAVE] + 2
    state.apply(PETE, "pass")


def test_goods_growth_example_dice_3_3_4_in_a_three_player_game() -> None:
    state = fresh(3)
    state.new_cities[hx("K9")] = "B"
    state.new_city_supply.remove("B")
    state.cubes[hx("K9")] = []
    state._board_changed()
    column3, column4 = state.display["W3"][:], state.display["W4"][:]
    row_a, row_b = state.display["A"][:], state.display["B"][:]
    kansas_city, des_moines = state.cubes[hx("A11")][:], state.cubes[hx("C8")][:]
    with forced_dice(state, [3, 3, 4, 6, 6, 6]):  # west 3, 3, 4; east all 6
        state._goods_growth()
    assert state.cubes[hx("A11")] == kansas_city + column3[:2]  # the first and second cube of column 3
    assert state.display["W3"] == [None, None, column3[2]]
    assert state.display["A"] == row_a  # new city A is not on the map
    assert state.cubes[hx("C8")] == des_moines + column4[:1]
    assert state.cubes[hx("K9")] == row_b[:1]  # new city B (on Indianapolis) gets the first cube of row B
    assert state.last_growth is not None and state.last_growth["west"] == [3, 3, 4]
