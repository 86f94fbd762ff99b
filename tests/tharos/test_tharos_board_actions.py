"""The player board's fields: dice requirements, money, guild tiles, exploring, the dice market, mines, buildings.
Every refusal names its rule and leaves the state unchanged (``refused``)."""

from __future__ import annotations

from tharos_helpers import activate, new_state, play, put_mine, put_tile, refused, set_dice, set_kind, turn_to

from brassboard.games.tharos import dice as d
from brassboard.games.tharos.figures import CELL_OF, CIVIL, EXPLORATION


def _start(tokens: str, money: int = 0, seed: int = 6):  # type: ignore[no-untyped-def]
    state = new_state(2, seed=seed)
    p = state.board.current
    set_dice(state, p, tokens)
    state.guilds[p].money = money
    return state, p


def test_much_money_adds_up_to_three_white_dice_at_most_8() -> None:
    state, p = _start("w6 w5 w1 r6")
    play(state, p, "money many dice w1 w5 w6")
    assert state.guilds[p].money == 8


def test_much_money_takes_white_dice_only_and_at_most_three() -> None:
    state, p = _start("w6 w5 w1 w2 r6")
    assert "white dice only" in refused(state, p, "money many dice r6 w5")
    assert "one to three" in refused(state, p, "money many dice w1 w2 w5 w6")


def test_single_card_with_any_die() -> None:
    state, p = _start("g3")
    top = state.board.action_deck[-1]
    play(state, p, "cards single dice g3")
    assert state.guilds[p].hand == [top]


def test_large_card_choice_needs_a_white_die() -> None:
    state, p = _start("g5 w1")
    assert "white die" in refused(state, p, "cards large dice g5")


def test_reroll_with_a_white_die_rerolls_the_chosen_dice_only() -> None:
    state, p = _start("w4 r1 y1 g2")
    events = state.apply(p, "reroll r1 y1 dice w4")
    g = state.guilds[p]
    assert [d.token(x) for x in g.placed] == ["w4"]
    rolled = next(e for e in events if e["type"] == "reroll")
    assert len(rolled["dice"]) == 2 and rolled["chance"]
    assert "g2" in [d.token(x) for x in g.active]
    state2, q = _start("y4 r1")
    assert "white die" in refused(state2, q, "reroll r1 dice y4")


def test_guild_tile_on_a_card_respects_its_limit_and_needs_an_active_card() -> None:
    state, p = _start("w2 w3")
    assert "not an active player card" in refused(state, p, "tile manipulator dice w2")
    activate(state, p, "manipulator", tiles=3)
    assert "at most 3" in refused(state, p, "tile manipulator dice w2")


def test_all_twelve_tiles_placed_a_tile_is_taken_from_a_landscape() -> None:
    state, p = _start("w2 w3")
    cells = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3"]
    put_tile(state, p, *cells)
    assert state.guilds[p].guild == 0
    set_kind(state, "A4", "wasteland")
    legal = [a for a in state.legal_actions(p) if a.kind == "land" and a.args[0] == "A4"]
    assert legal and all(a.args[1] == "from" for a in legal)
    assert "name a landscape" in refused(state, p, "land A4 dice w2 w3")
    play(state, p, "land A4 from C3 dice w2 w3")
    assert state.board.guild_on[CELL_OF["A4"]] & 1 << p and not state.board.guild_on[CELL_OF["C3"]] & 1 << p
    assert state.guilds[p].guild == 0


def test_one_guild_tile_per_player_and_landscape() -> None:
    state, p = _start("w2 w3")
    set_kind(state, "A1", "wasteland")
    put_tile(state, p, "A1")
    assert "already has a guild tile" in refused(state, p, "land A1 dice w2 w3")


def test_explore_needs_exactly_four_connected_own_tiles() -> None:
    state, p = _start("w5")
    put_tile(state, p, "A1", "B1", "C2", "D2", "A4")
    assert "connected" in refused(state, p, "explore A1 B1 C2 D2 dice w5")
    assert "no guild tile" in refused(state, p, "explore A1 B1 C1 D1 dice w5")
    assert "exactly 4" in refused(state, p, "explore A1 B1 dice w5")
    assert not [a for a in state.legal_actions(p) if a.kind == "explore"]


def test_explore_five_tiles_takes_four_of_them() -> None:
    state, p = _start("w5")
    put_tile(state, p, "A1", "B1", "C1", "D1", "D2")
    explores = {a.args[:4] for a in state.legal_actions(p) if a.kind == "explore"}
    assert explores == {("A1", "B1", "C1", "D1"), ("B1", "C1", "D1", "D2")}
    play(state, p, "explore B1 C1 D1 D2 dice w5")
    assert state.board.guild_on[CELL_OF["A1"]] & 1 << p
    assert state.guilds[p].medals[EXPLORATION] == 1


def test_dice_prices_by_row_and_money_required() -> None:
    state, p = _start("w1 w2 w3", money=5)
    assert "costs 6 jars" in refused(state, p, "buy 2 blue dice w1")
    play(state, p, "buy 2 red dice w1")
    assert state.guilds[p].money == 3
    assert [state.fig.die_colours[i] for i in state.guilds[p].market[1]] == ["g", "b"]
    turn_to(state, p)
    assert "already used" in refused(state, p, "buy 2 green dice w2")


def test_mine_needs_a_six_of_the_landscape_colour() -> None:
    state, p = _start("w5 r6 g6")
    set_kind(state, "A1", "hill")
    set_kind(state, "B1", "wasteland")
    assert "showing 6" in refused(state, p, "mine B1 dice w5")
    assert "colour" in refused(state, p, "mine B1 dice r6")
    play(state, p, "mine A1 dice r6")
    assert state.guilds[p].mines == 9


def test_mine_refused_when_all_ten_are_placed() -> None:
    state, p = _start("r6")
    set_kind(state, "A1", "hill")
    state.guilds[p].mines = 0
    assert "all 10 mines" in refused(state, p, "mine A1 dice r6")


def test_build_needs_a_yellow_three_and_ten_jars() -> None:
    state, p = _start("y2 y3 w6", money=10)
    assert "yellow die showing 3" in refused(state, p, "build notary dice y2")
    assert "yellow die showing 3" in refused(state, p, "build notary dice w6")
    assert "costs 12 jars" in refused(state, p, "build notary own dice y3")
    play(state, p, "build notary dice y3")
    while state.board.pending:  # a plugin's free use of the new building, declined
        state.apply(p, state.legal_actions(p)[-1])
    g = state.guilds[p]
    assert g.medals[CIVIL] == 1 and state.board.built == ["notary"] and state.board.owners == {}
    assert "notary" not in state.board.unbuilt


def test_build_refuses_a_building_already_built() -> None:
    state, p = _start("y4", money=30)
    state.board.unbuilt.remove("notary")
    state.board.built.append("notary")
    assert "not an unbuilt public building" in refused(state, p, "build notary dice y4")


def test_unknown_dice_are_refused_with_their_colour() -> None:
    state, p = _start("w2")
    assert "no unused active red die showing 4" in refused(state, p, "defend dice r4")
    assert "is not a die" in refused(state, p, "money little dice x9")


def test_mine_chain_first_mine_anywhere_of_the_colour() -> None:
    state, p = _start("w6")
    put_mine(state, 1 - p, "A1")
    spots = {a.args[0] for a in state.legal_actions(p) if a.kind == "mine"}
    whites = {n for n, c in CELL_OF.items() if state.board.kinds[c] == "wasteland"}
    assert spots == whites


def test_owning_a_building_with_all_tiles_placed_takes_one_from_a_landscape() -> None:
    state, p = _start("y5", money=12)
    cells = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3"]
    put_tile(state, p, *cells)
    owned = [a for a in state.legal_actions(p) if a.kind == "build" and "own" in a and a.args[0] == "notary"]
    assert {a.args[3] for a in owned} == set(cells)
    play(state, p, "build notary own from D3 dice y5")
    assert state.board.owners == {"notary": p} and not state.board.guild_on[CELL_OF["D3"]] & 1 << p


def test_no_tile_anywhere_no_ownership() -> None:
    state, p = _start("y5", money=12)
    state.guilds[p].guild = 0  # all twelve on attack cards and buildings (none to take back)
    assert not [a for a in state.legal_actions(p) if a.kind == "build" and "own" in a]
    assert [a for a in state.legal_actions(p) if a.kind == "build"]
    assert "name a landscape or player card" in refused(state, p, "build notary own dice y5")
