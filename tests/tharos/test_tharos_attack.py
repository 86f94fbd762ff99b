"""Phase III: the attack, resolved for every player in turn order."""

from __future__ import annotations

from tharos_helpers import new_state, put_mine, put_tile, set_converter, set_dice

from brassboard.games.tharos import turn
from brassboard.games.tharos.attack import strength
from brassboard.games.tharos.figures import CELL_OF


def _attack(state, values: dict[int, str]) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    """Put red dice on the attack field of each player (``values``), then resolve the attack."""
    set_converter(state, "A1", "none")
    for p, tokens in values.items():
        set_dice(state, p, tokens)
        g = state.guilds[p]
        g.placed, g.placed_on = list(g.active), ["attack"] * len(g.active)
        g.active = []
    state._events = []
    turn.resolve_attack(state, turn.order(state))
    return list(state._events)


def _strength_value(state, value: int) -> None:  # type: ignore[no-untyped-def]
    card = next(c for c in range(8) if state.fig.attack_values[c] == value)
    board = state.board
    board.attack_deck.append(board.attack_row[0])
    board.attack_deck.remove(card)
    board.attack_row = [card]


def test_defence_equal_to_the_strength_wins_a_combat_point() -> None:
    state = new_state(3, seed=1)
    _strength_value(state, 2)
    assert strength(state) == 3
    _attack(state, {0: "r3", 1: "r2", 2: "r1 r2"})
    assert [g.combat_points for g in state.guilds] == [1, 0, 1]


def test_combat_points_stop_at_seven() -> None:
    state = new_state(2, seed=1)
    _strength_value(state, 1)
    state.guilds[0].combat_points = 7
    _attack(state, {0: "r6", 1: "r6"})
    assert state.guilds[0].combat_points == 7 and state.guilds[1].combat_points == 1


def test_a_lost_attack_costs_a_tile_on_the_card_and_the_mine_and_tile_on_the_landscape() -> None:
    state = new_state(3, seed=1)
    _strength_value(state, 4)
    put_mine(state, 1, "A1")
    put_tile(state, 1, "A1")
    put_mine(state, 2, "A1")
    put_tile(state, 1, "B1")
    events = _attack(state, {0: "r5", 1: "r1", 2: "r6"})
    board = state.board
    assert board.attack_tiles == [1 << 1]
    assert board.mines_on[CELL_OF["A1"]] == 1 << 2  # player 2 defended: the mine stays
    assert board.guild_on[CELL_OF["A1"]] == 0 and board.guild_on[CELL_OF["B1"]] == 1 << 1
    g = state.guilds[1]
    assert g.mines == 10 and g.guild == 12 - 1 - 1  # B1 and the attack card
    lost = [e for e in events if e["type"] == "attack_lost"]
    assert [(e["player"], e["lost_mine"], e["lost_tile"], e["tile_on_card"]) for e in lost] == [(1, True, True, True)]
    assert [e["player"] for e in events if e["type"] == "defended"] == [q for q in turn.order(state) if q != 1]


def test_with_all_tiles_placed_the_tile_on_the_attacked_landscape_goes_to_the_card() -> None:
    state = new_state(2, seed=1)
    _strength_value(state, 4)
    cells = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3"]
    put_tile(state, 0, *cells)
    _attack(state, {0: "r1", 1: "r6"})
    assert state.board.attack_tiles == [1] and state.guilds[0].guild == 0
    assert not state.board.guild_on[CELL_OF["A1"]] & 1


def test_with_all_tiles_placed_elsewhere_the_player_chooses_which_to_give() -> None:
    state = new_state(2, seed=1)
    _strength_value(state, 4)
    cells = ["B1", "C1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3", "A4"]
    put_tile(state, 0, *cells)
    events = _attack(state, {0: "r1", 1: "r6"})
    assert state.board.pending == [[0, "give", 0]]
    # no tile went onto the card by itself: the log says so by the event (the decision follows)
    assert [e["tile_on_card"] for e in events if e["type"] == "attack_lost"] == [False]
    assert len(state.legal_actions(0)) == 12
    state.apply(0, "give D3")
    assert state.board.attack_tiles == [1] and not state.board.guild_on[CELL_OF["D3"]] & 1


def test_sure_defence_wins_whatever_the_strength_and_combat_resets() -> None:
    state = new_state(2, seed=1)
    _strength_value(state, 4)
    state.guilds[0].sure_defence = True
    state.guilds[1].combat = 4
    _attack(state, {0: "r1", 1: "r1"})
    assert [g.combat_points for g in state.guilds] == [1, 1]
    assert [g.combat for g in state.guilds] == [0, 0] and not state.guilds[0].sure_defence
