"""The rules of tic-tac-toe, and random games checked after every action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from brassboard.engine import Action, GameState, new_game, state_from_json
from brassboard.games.tictactoe.rules import CELLS, LINES, TicTacToeState


def play(notations: list[str], **options: Any) -> GameState:
    state = new_game("tictactoe", 2, seed=0, options=options)
    for notation in notations:
        (player,) = state.active_players()
        state.apply(player, notation)
    return state


def moves_completing(line: tuple[int, int, int]) -> list[str]:
    """X marks ``line``; O answers in the first cells off it (two marks of O never make a line)."""
    x_cells = [CELLS[i] for i in line]
    o_cells = [CELLS[i] for i in range(9) if i not in line][:2]
    order = [x_cells[0], o_cells[0], x_cells[1], o_cells[1], x_cells[2]]
    return [f"mark {cell}" for cell in order]


@pytest.mark.parametrize("line", LINES, ids=["-".join(CELLS[i] for i in line) for line in LINES])
def test_every_line_wins(line: tuple[int, int, int]) -> None:
    state = new_game("tictactoe", 2)
    events: list[dict[str, Any]] = []
    for notation in moves_completing(line):
        (player,) = state.active_players()
        events = state.apply(player, notation)
    assert state.is_over()
    assert state.winners() == [0]
    assert events[-1] == {"type": "win", "player": 0, "line": [CELLS[i] for i in line]}


def test_second_player_can_win() -> None:
    state = play(["mark a1", "mark b1", "mark c3", "mark b2", "mark a3", "mark b3"])
    assert state.is_over()
    assert state.winners() == [1]
    assert [s.total for s in state.scores()] == [-1, 1]


def test_full_board_without_a_line_is_a_draw() -> None:
    state = new_game("tictactoe", 2)
    events: list[dict[str, Any]] = []
    for notation in ["mark a1", "mark b2", "mark c3", "mark b1", "mark b3", "mark a3", "mark c1", "mark c2"]:
        (player,) = state.active_players()
        events = state.apply(player, notation)
        assert not state.is_over()
    events = state.apply(0, "mark a2")
    assert events == [{"type": "mark", "player": 0, "cell": "a2"}, {"type": "draw"}]
    assert state.is_over()
    assert state.winners() == [0, 1]
    assert [s.to_dict() for s in state.scores()] == [{"total": 0, "breakdown": {"result": 0}}] * 2


def test_a_line_made_by_the_ninth_mark_wins_rather_than_draws() -> None:
    state = new_game("tictactoe", 2)
    events: list[dict[str, Any]] = []
    for notation in ["mark a1", "mark b1", "mark c1", "mark a2", "mark b2", "mark c2", "mark b3", "mark a3",
                     "mark c3"]:
        (player,) = state.active_players()
        events = state.apply(player, notation)
    assert [event["type"] for event in events] == ["mark", "win"]
    assert state.winners() == [0]


def test_first_player_option_swaps_who_plays_x() -> None:
    state = play(["mark b2"], first_player=1)
    assert state.active_players() == [0]
    assert state.view(0)["rows"] == ["...", ".X.", "..."]
    assert state.to_dict()["board"] == "....1...."
    assert state_from_json(state.to_json()).to_json() == state.to_json()


def test_view_shows_the_grid_row_three_first() -> None:
    view = play(["mark a1", "mark c3"]).view(1)
    assert view["rows"] == ["..O", "...", "X.."]
    assert (view["to_move"], view["winner"], view["over"]) == (0, None, False)


@pytest.mark.parametrize(
    ("board", "problem"),
    [
        ("........", "9 characters"),
        ("....X....", "9 characters"),
        ("11.......", "cannot arise"),  # O moved twice, X never
        ("000......", "cannot arise"),  # X moved three times, O never
        ("000.11.1.", "did not make the last mark"),  # X's line, yet O marked after it
    ],
)
def test_from_dict_refuses_boards_that_cannot_arise(board: str, problem: str) -> None:
    data = play([]).to_dict() | {"board": board}
    with pytest.raises(ValueError, match=problem):
        TicTacToeState.from_dict(data)


def check_invariants(state: GameState) -> None:
    assert isinstance(state, TicTacToeState)
    empty = [CELLS[i] for i, mark in enumerate(state.cells) if mark < 0]
    scores = state.scores()
    assert all(score.total == sum(score.breakdown.values()) for score in scores)
    assert sum(score.total for score in scores) == 0
    if state.is_over():
        assert state.active_players() == []
        assert state.legal_actions(0) == state.legal_actions(1) == []
    else:
        (player,) = state.active_players()
        assert state.legal_actions(player) == [Action("mark", cell) for cell in empty]
        assert state.legal_actions(1 - player) == []
        marks_of_x, marks_of_o = state.cells.count(0), state.cells.count(1)  # player 0 moves first, as X
        assert marks_of_x - marks_of_o == (1 if player == 1 else 0)
    assert state_from_json(state.to_json()).to_json() == state.to_json()
    assert vars(state.clone()).keys() == vars(state).keys()
    assert state.clone().to_json() == state.to_json()


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_invariants(seed: int) -> None:
    chooser = random.Random(seed)
    results: set[tuple[int, ...]] = set()
    for _ in range(150):
        state = new_game("tictactoe", 2, seed=seed)
        check_invariants(state)
        while not state.is_over():
            (player,) = state.active_players()
            state.apply(player, chooser.choice(state.legal_actions(player)))
            check_invariants(state)
        results.add(tuple(state.winners()))
    assert results == {(0,), (1,), (0, 1)}
