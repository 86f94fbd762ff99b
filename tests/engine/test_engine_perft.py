"""perft on tic-tac-toe, checked against the published counts of the game tree."""

from __future__ import annotations

from collections import Counter

import pytest

from brassboard.engine import GameState, new_game, perft

# Leaves of the action tree by depth. A game that ends early counts once, where it ended, so from depth 8 on the count
# is the number of complete games: every position still open after 8 marks has exactly one move left.
PERFT = [1, 9, 72, 504, 3024, 15120, 56160, 154944, 255168, 255168]


@pytest.mark.parametrize(("depth", "leaves"), list(enumerate(PERFT[:8])))
def test_perft_from_the_empty_board(depth: int, leaves: int) -> None:
    assert perft(new_game("tictactoe", 2), depth) == leaves


def test_full_depth_perft_counts_the_255168_complete_games() -> None:
    assert perft(new_game("tictactoe", 2), 9) == 255168


def test_perft_of_a_finished_game_is_one_leaf() -> None:
    state = new_game("tictactoe", 2)
    for notation in ["mark b2", "mark a2", "mark a1", "mark c2", "mark c3"]:
        (player,) = state.active_players()
        state.apply(player, notation)
    assert state.is_over()
    assert perft(state, 3) == 1


def test_perft_leaves_the_state_untouched() -> None:
    state = new_game("tictactoe", 2)
    state.apply(0, "mark b2")
    before = state.to_json()
    assert perft(state, 3) == 8 * 7 * 6
    assert state.to_json() == before


def _complete_games(state: GameState, ply: int, tally: Counter[tuple[int, str]]) -> None:
    """Count every complete game by its length and result ("x", "o" or "draw")."""
    if state.is_over():
        winners = state.winners()
        tally[ply, "draw" if len(winners) == 2 else "xo"[winners[0]]] += 1
        return
    (player,) = state.active_players()
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(player, action)
        _complete_games(child, ply + 1, tally)


def test_complete_games_match_the_published_figures() -> None:
    # The well-known census of tic-tac-toe: 255168 games, 131184 won by X, 77904 by O and 46080 drawn; by length
    # 1440 end after 5 marks, 5328 after 6, 47952 after 7, 72576 after 8 and 127872 after 9.
    tally: Counter[tuple[int, str]] = Counter()
    _complete_games(new_game("tictactoe", 2), 0, tally)
    by_result: Counter[str] = Counter()
    by_length: Counter[int] = Counter()
    for (length, result), games in tally.items():
        by_result[result] += games
        by_length[length] += games
    assert by_result == {"x": 131184, "o": 77904, "draw": 46080}
    assert by_length == {5: 1440, 6: 5328, 7: 47952, 8: 72576, 9: 127872}
    assert tally[9, "draw"] == 46080
    assert sum(by_length.values()) == PERFT[9]
