"""The round end: damage from round-end cards left to right, paid as far as possible; reshuffles; next round."""

from __future__ import annotations

import pytest
from tharos_helpers import activate, new_state, play, put_mine, put_tile

from brassboard.games.tharos import turn
from brassboard.games.tharos.figures import CELL_OF, CIVIL, EXPLORATION, TRADE


def _round_end(state, cards: dict[int, int], tiles: dict[int, int], rnd: int) -> None:  # type: ignore[no-untyped-def]
    board = state.board
    board.round = rnd
    board.attack_deck += board.attack_row
    board.attack_row = board.attack_deck[:4]
    board.attack_deck = board.attack_deck[4:]
    board.attack_tiles = [tiles.get(c, 0) for c in range(4)]
    for p in range(state.num_players):
        state.guilds[p].guild -= sum(1 for c in range(4) if board.attack_tiles[c] >> p & 1)
        state.guilds[p].active = []
    for column in sorted(cards, reverse=True):
        board.round_end_deck.remove(cards[column])
        board.round_end_deck.append(cards[column])
    board.step = "round_end"
    state._events = []
    state._legal = {}
    turn.advance(state)


@pytest.mark.parametrize(("card", "medal"), [(3, EXPLORATION), (6, EXPLORATION), (5, TRADE), (1, CIVIL)])
def test_fourth_round_lines_take_a_medal(card: int, medal: int) -> None:
    """Cards 3 and 6 print "Runde 2" on their fourth line: read as round 4 (the lines run in round order)."""
    state = new_state(2, seed=1)
    state.guilds[0].medals = [1, 1, 1, 1]
    _round_end(state, {0: card}, {0: 1}, 4)
    expected = [1, 1, 1, 1]
    expected[medal] = 0
    assert state.guilds[0].medals == expected
    assert state.is_over()


def test_card_3_round_2_takes_two_landscape_tiles_of_the_players_choice() -> None:
    state = new_state(2, seed=1)
    put_tile(state, 0, "A1", "B1", "C1")
    _round_end(state, {0: 3}, {0: 1}, 2)
    assert state.active_players() == [0]
    assert {a.args[1] for a in state.legal_actions(0)} == {"A1", "B1", "C1"}
    play(state, 0, "damage tile B1")
    play(state, 0, "damage tile A1")
    assert state.board.guild_on[CELL_OF["C1"]] == 1 and state.guilds[0].guild == 11
    assert state.board.round == 3


def test_damage_is_paid_as_far_as_possible() -> None:
    """Card 2 in round 3: a player card to the hand and 2 mines; with one mine and no card only the mine goes."""
    state = new_state(2, seed=1)
    put_mine(state, 0, "A1")
    _round_end(state, {0: 2}, {0: 1}, 3)
    assert state.board.mines_on[CELL_OF["A1"]] == 0 and state.guilds[0].mines == 10
    assert state.board.round == 4 and not state.board.pending


def test_card_2_round_2_returns_an_active_player_card_with_its_tiles() -> None:
    state = new_state(2, seed=1)
    activate(state, 0, "manipulator", tiles=2)
    activate(state, 0, "banker")
    _round_end(state, {0: 2}, {0: 1}, 2)
    play(state, 0, "damage return manipulator")
    g = state.guilds[0]
    assert g.cards_active == ["banker"] and "manipulator" in g.cards_inactive
    assert g.guild == 12 and "manipulator" not in g.card_tiles


def test_card_4_round_2_half_the_money_rounded_against_the_player() -> None:
    state = new_state(2, seed=1)
    state.guilds[0].money = 7
    _round_end(state, {0: 4}, {0: 1}, 2)
    assert state.guilds[0].money == 3


def test_card_5_round_3_all_action_cards() -> None:
    state = new_state(2, seed=1)
    state.guilds[1].hand = [state.board.action_deck.pop(), state.board.action_deck.pop()]
    _round_end(state, {0: 5}, {0: 2}, 3)
    assert state.guilds[1].hand == []


def test_card_6_round_1_a_tile_from_a_player_card() -> None:
    state = new_state(2, seed=1)
    activate(state, 0, "organiser", tiles=1)
    _round_end(state, {0: 6}, {0: 1}, 1)
    assert state.guilds[0].card_tiles["organiser"] == 0 and state.guilds[0].guild == 12


def test_round_end_cards_are_revealed_left_to_right_only_for_cards_with_tiles() -> None:
    state = new_state(3, seed=1)
    state.guilds[0].money = 20
    hit_order = [p for p in turn.order(state) if p in (0, 2)]
    _round_end(state, {1: 4, 3: 1}, {1: 1, 3: 1 | 4}, 1)
    revealed = [(e["column"], e["card"], e["players"]) for e in state._events if e["type"] == "round_end_card"]
    assert revealed == [(2, 4, [0]), (4, 1, hit_order)]
    assert state.guilds[0].money == 17
    assert state.board.attack_tiles == [0] and all(g.guild == 12 for g in state.guilds)  # round 2's first card


def test_decks_are_reshuffled_and_the_round_marker_moves_down() -> None:
    state = new_state(2, seed=1)
    _round_end(state, {}, {}, 1)
    board = state.board
    assert board.round == 2 and board.turn == 1
    assert len(board.attack_row) == 1 and len(board.attack_deck) == 7 and len(board.round_end_deck) == 6
    assert board.target() == CELL_OF["A2"]


def test_the_combat_medal_is_once_per_round_even_with_seven_points() -> None:
    state = new_state(2, seed=1)
    state.guilds[0].combat_points = 7
    _round_end(state, {}, {}, 1)
    play(state, 0, "medal take")
    assert state.guilds[0].combat_points == 3 and state.guilds[0].medals[0] == 1
    assert not state.board.pending and state.board.round == 2
