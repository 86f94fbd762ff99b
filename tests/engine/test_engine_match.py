"""Match: the record, replay and the rules of undo."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from brassboard.engine import (
    Action,
    GameInfo,
    GameState,
    IllegalAction,
    Match,
    MatchRecord,
    Score,
    is_barrier,
    registry,
)


class DiceRaceState(GameState):
    """A test-only race with chance: on your turn ``step`` (+1), ``roll`` (+ a die), ``peek`` (a reveal) any number
    of times, then ``end``. First to 20 wins. Small enough to read, and it has every kind of undo barrier."""

    info = GameInfo(id="dice_race", name="Dice race", min_players=2, max_players=3, chance=True)
    GOAL = 20

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        self.positions = [0] * players
        self.to_move = 0

    def active_players(self) -> list[int]:
        return [] if self.is_over() else [self.to_move]

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        return [Action("step"), Action("roll"), Action("peek"), Action("end")]

    def is_over(self) -> bool:
        return max(self.positions) >= self.GOAL

    def scores(self) -> list[Score]:
        return [Score(p, {"position": p}) for p in self.positions]

    def _apply(self, player: int, action: Action) -> None:
        if action not in (Action("step"), Action("roll"), Action("peek"), Action("end")):
            raise IllegalAction(f"no action {action.kind!r} in the dice race")
        if action.kind == "step":
            self.positions[player] += 1
            self.emit("step", player=player)
        elif action.kind == "roll":
            self.positions[player] += self.roll(player, 6, why="race")
        elif action.kind == "peek":
            self.emit("peek", player=player, reveal=True)
        else:
            self.to_move = (player + 1) % self.num_players

    def to_dict(self) -> dict[str, Any]:
        return {**self._base_dict(), "positions": list(self.positions), "to_move": self.to_move}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DiceRaceState:
        state = cls.__new__(cls)
        state._restore_base(data)
        state.positions = list(data["positions"])
        state.to_move = data["to_move"]
        return state


@pytest.fixture
def dice_race(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the dice race for one test, through a stand-in module as the registry expects."""
    module = types.ModuleType("brassboard_test_dice_race")
    module.STATE_CLASS = DiceRaceState  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry._MODULES, "dice_race", module.__name__)
    yield "dice_race"


# ----- record and replay -------------------------------------------------------------------------------------------
def test_record_holds_game_seed_resolved_options_and_notation() -> None:
    match = Match("tictactoe", 2, seed=5)
    match.apply(0, Action("mark", "b2"))
    match.apply(1, "mark a1")
    assert match.record == MatchRecord("tictactoe", 2, 5, {"first_player": 0}, [(0, "mark b2"), (1, "mark a1")])
    assert [(player, str(action)) for player, action, _ in match.history] == match.record.actions


def test_history_since_gives_the_tail_of_the_history_and_steps_taken_its_length() -> None:
    match = Match("tictactoe", 2, seed=5)
    for player, move in [(0, "mark b2"), (1, "mark a1"), (0, "mark c3")]:
        match.apply(player, move)
    assert match.steps_taken == 3
    assert match.history_since(1) == match.history[1:]
    assert match.history_since(-1) == match.history[-1:]
    assert [str(action) for _, action, _ in match.history_since(2)] == ["mark c3"]
    assert match.history_since(3) == []

def test_replay_gives_the_identical_state() -> None:
    match = Match("tictactoe", 2, seed=3, options={"first_player": 1})
    for player, notation in [(1, "mark a1"), (0, "mark b2"), (1, "mark a2"), (0, "mark c3"), (1, "mark a3")]:
        match.apply(player, notation)
    assert match.state.is_over()
    replayed = Match.replay(match.record)
    assert replayed.state.to_json() == match.state.to_json()
    assert replayed.record == match.record


def test_record_json_round_trip() -> None:
    match = Match("tictactoe", 2, seed=8)
    match.apply(0, "mark c1")
    match.apply(1, "mark b2")
    record = MatchRecord.from_json(match.record.to_json())
    assert record == match.record
    assert Match.replay(record).state.to_json() == match.state.to_json()


def test_replay_names_the_first_bad_recorded_action() -> None:
    record = MatchRecord("tictactoe", 2, 0, {}, [(0, "mark b2"), (1, "mark a1"), (0, "mark a1")])
    with pytest.raises(IllegalAction, match=r"recorded action #2 \(mark a1\) by player 0: cell a1 is taken"):
        Match.replay(record)


def test_illegal_action_leaves_the_match_unchanged() -> None:
    match = Match("tictactoe", 2)
    match.apply(0, "mark b2")
    before = match.state.to_json()
    with pytest.raises(IllegalAction):
        match.apply(1, "mark b2")
    assert match.state.to_json() == before
    assert match.record.actions == [(0, "mark b2")]
    assert match.can_undo(0)


@pytest.mark.parametrize("action", ["", "   ", ["mark", "b2"]])
def test_unreadable_action_is_illegal_and_unrecorded(action: Any) -> None:
    match = Match("tictactoe", 2)
    with pytest.raises(IllegalAction, match="cannot read the action"):
        match.apply(0, action)
    assert match.record.actions == []
    assert not match.can_undo(0)


def test_chance_match_replays_exactly_from_its_seed(dice_race: str) -> None:
    match = Match(dice_race, 3, seed=21)
    while not match.state.is_over():
        (player,) = match.state.active_players()
        match.apply(player, "roll")
        if not match.state.is_over():
            match.apply(player, "end")
    replayed = Match.replay(MatchRecord.from_json(match.record.to_json()))
    assert replayed.state.to_json() == match.state.to_json()
    assert [events for _, _, events in replayed.history] == [events for _, _, events in match.history]


# ----- undo -------------------------------------------------------------------------------------------------------
def test_undo_takes_back_own_last_step() -> None:
    match = Match("tictactoe", 2)
    start = match.state.to_json()
    match.apply(0, "mark b2")
    assert match.can_undo(0)
    assert not match.can_undo(1)
    assert match.undo(0) == Action("mark", "b2")
    assert match.state.to_json() == start
    assert match.record.actions == []
    assert match.state.active_players() == [0]


def test_nothing_to_undo() -> None:
    match = Match("tictactoe", 2)
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo(0)


def test_undo_never_takes_back_another_players_step() -> None:
    match = Match("tictactoe", 2)
    match.apply(0, "mark b2")
    match.apply(1, "mark a1")
    before = match.state.to_json()
    with pytest.raises(IllegalAction, match="another player's"):
        match.undo(0)
    assert match.state.to_json() == before
    assert len(match.record.actions) == 2
    # once another player has acted on it, a step stands for good, even if that player takes theirs back
    match.undo(1)
    assert not match.can_undo(0)


def test_undo_walks_back_several_own_steps(dice_race: str) -> None:
    match = Match(dice_race, 2, seed=1)
    start = match.state.to_json()
    for _ in range(3):
        match.apply(0, "step")
    for _ in range(3):
        assert match.undo(0) == Action("step")
    assert match.state.to_json() == start


def test_undo_never_crosses_a_die_roll(dice_race: str) -> None:
    match = Match(dice_race, 2, seed=1)
    match.apply(0, "step")
    events = match.apply(0, "roll")
    assert any(is_barrier(event) for event in events)
    match.apply(0, "step")
    assert match.undo(0) == Action("step")  # the step after the roll is still free to take back
    assert not match.can_undo(0)
    before = match.state.to_json()
    with pytest.raises(IllegalAction, match="die roll"):
        match.undo(0)
    assert match.state.to_json() == before
    assert match.record.actions == [(0, "step"), (0, "roll")]


def test_undo_never_crosses_a_reveal(dice_race: str) -> None:
    match = Match(dice_race, 2, seed=1)
    match.apply(0, "step")
    match.apply(0, "peek")
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="reveal"):
        match.undo(0)


def test_barrier_events() -> None:
    assert is_barrier({"type": "roll", "chance": True})
    assert is_barrier({"type": "draw", "reveal": True})
    assert not is_barrier({"type": "mark"})
    assert not is_barrier({"type": "roll", "chance": False})
