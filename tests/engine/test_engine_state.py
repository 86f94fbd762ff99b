"""The game protocol as every game sees it, exercised on tic-tac-toe."""

from __future__ import annotations

import pytest

from brassboard.engine import Action, GameState, IllegalAction, new_game, state_from_json


def play(notations: list[str], **options: int) -> GameState:
    """A tic-tac-toe state after ``notations``, each played by whoever is to move."""
    state = new_game("tictactoe", 2, seed=0, options=options)
    for notation in notations:
        (player,) = state.active_players()
        state.apply(player, notation)
    return state


def fields(state: GameState) -> dict[str, object]:
    """Every attribute of ``state``, with the generator reduced to its state (Rng has no equality)."""
    return {name: value.state if name == "rng" else value for name, value in vars(state).items()}


X_WINS = ["mark b2", "mark a2", "mark a1", "mark c2", "mark c3"]  # X takes the a1-c3 diagonal


def test_new_game_starts_with_player_zero_and_nine_moves() -> None:
    state = new_game("tictactoe", 2)
    assert state.active_players() == [0]
    assert state.legal_actions(0) == [Action("mark", c + r) for r in "123" for c in "abc"]
    assert state.legal_actions(1) == []
    assert not state.is_over()


@pytest.mark.parametrize("action", [Action("mark", "b2"), "mark b2", "  mark   b2 ", ("mark", "b2")])
def test_apply_accepts_values_notation_and_tuples(action: Action | str | tuple[str, str]) -> None:
    state = new_game("tictactoe", 2)
    events = state.apply(0, action)
    assert events == [{"type": "mark", "player": 0, "cell": "b2"}]
    assert state.to_json() == play(["mark b2"]).to_json()
    assert state.active_players() == [1]


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("mark b2", "cell b2 is taken"),
        ("pass", "only 'mark <cell>' actions"),
        ("mark", "exactly one cell"),
        ("mark a1 a2", "exactly one cell"),
        ("mark d1", "no cell 'd1'"),
        ("mark B3", "no cell 'B3'"),
        ("mark 5", "no cell 5"),
        ("", "cannot read the action"),
    ],
)
def test_illegal_action_raises_with_reason_and_changes_nothing(notation: str, reason: str) -> None:
    state = play(["mark b2"])
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason) as caught:
        state.apply(1, notation)
    assert caught.value.player == 1
    assert reason in caught.value.reason
    assert state.to_json() == before
    assert state.active_players() == [1]
    assert len(state.legal_actions(1)) == 8


def test_illegal_action_names_the_action() -> None:
    state = play(["mark b2"])
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, "mark b2")
    assert caught.value.action == Action("mark", "b2")
    assert str(caught.value) == "mark b2: cell b2 is taken"


@pytest.mark.parametrize("player", [1, 2, -1])
def test_player_not_to_move_is_refused(player: int) -> None:
    state = new_game("tictactoe", 2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=f"player {player} may not act now"):
        state.apply(player, "mark b2")
    assert state.to_json() == before


def test_finished_game_refuses_every_action() -> None:
    state = play(X_WINS)
    assert state.is_over()
    assert state.active_players() == []
    assert state.legal_actions(0) == state.legal_actions(1) == []
    before = state.to_json()
    for player in (0, 1):
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(player, "mark a3")
    assert state.to_json() == before


def test_scores_and_winners() -> None:
    state = play(X_WINS)
    scores = state.scores()
    assert [s.total for s in scores] == [1, -1]
    assert all(s.total == sum(s.breakdown.values()) for s in scores)
    assert scores[0].to_dict() == {"total": 1, "breakdown": {"result": 1}}
    assert state.winners() == [0]


def test_json_round_trip_at_every_ply() -> None:
    state = new_game("tictactoe", 2, seed=99)
    for notation in X_WINS:
        restored = state_from_json(state.to_json())
        assert type(restored) is type(state)
        assert restored.to_json() == state.to_json()
        assert restored.active_players() == state.active_players()
        assert restored.legal_actions(0) == state.legal_actions(0)
        assert restored.legal_actions(1) == state.legal_actions(1)
        (player,) = state.active_players()
        assert restored.apply(player, notation) == state.apply(player, notation)
        assert restored.to_json() == state.to_json()
    assert state_from_json(state.to_json()).is_over()
    assert state_from_json(state.to_json()).winners() == [0]


def test_to_json_is_canonical() -> None:
    text = play(["mark b2"]).to_json()
    assert text.startswith('{"game":"tictactoe","state":{')
    assert " " not in text


def test_clone_is_independent() -> None:
    state = play(["mark b2", "mark a1"])
    copy = state.clone()
    assert copy is not state
    assert copy.to_json() == state.to_json()
    assert fields(copy) == fields(state)
    copy.apply(0, "mark c3")
    copy.rng.next64()
    assert state.to_json() == play(["mark b2", "mark a1"]).to_json()
    assert state.active_players() == [0]
    assert Action("mark", "c3") in state.legal_actions(0)
    assert Action("mark", "c3") not in copy.legal_actions(1)


def test_default_clone_agrees_with_the_fast_clone() -> None:
    # the base class's JSON round trip is the reference the hand-written clone must match
    state = play(["mark b2", "mark a1", "mark c1"])
    assert fields(GameState.clone(state)) == fields(state.clone()) == fields(state)


def test_view_has_no_generator_state() -> None:
    state = play(["mark b2"])
    for player in (0, 1, None):
        view = state.view(player)
        assert "rng" not in view
        assert "seed" not in view
    assert state.view(None)["rows"] == ["...", ".X.", "..."]
