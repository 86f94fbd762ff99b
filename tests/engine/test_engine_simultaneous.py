"""Undo in a simultaneous phase: a player takes back their own step even after other players' concurrent steps.

A test-only game: in each round every player ``pick``s a number (any order, all at once), then ``lock``s; when all
have locked the round's picks are revealed (a barrier) and the next round starts. A second phase, ``bonus``, is
sequential: only the round's lowest picker acts.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from brassboard.engine import Action, GameInfo, GameState, IllegalAction, Match, Score, registry


class PickState(GameState):
    info = GameInfo(id="picks", name="Picks", min_players=2, max_players=3, simultaneous=True)
    ROUNDS = 2

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        self.picks: list[int | None] = [None] * players
        self.locked = [False] * players
        self.total = [0] * players
        self.round = 1
        self.bonus_player: int | None = None

    def active_players(self) -> list[int]:
        if self.is_over():
            return []
        if self.bonus_player is not None:
            return [self.bonus_player]
        return [p for p in range(self.num_players) if not self.locked[p]]

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        if self.bonus_player is not None:
            return [Action("bonus")]
        if self.picks[player] is None:
            return [Action("pick", n) for n in (1, 2, 3)]
        return [Action("lock")]

    def is_over(self) -> bool:
        return self.round > self.ROUNDS

    def scores(self) -> list[Score]:
        return [Score(t, {"picks": t}) for t in self.total]

    def _apply(self, player: int, action: Action) -> None:
        if action not in self.legal_actions(player):
            raise IllegalAction(f"{action} is not possible now")
        if action.kind == "pick":
            self.picks[player] = int(action.args[0])
        elif action.kind == "bonus":
            self.total[player] += 1
            self.bonus_player = None
            self._next_round()
        else:
            self.locked[player] = True
            if all(self.locked):
                self.emit("reveal", picks=list(self.picks), reveal=True)
                for p, pick in enumerate(self.picks):
                    self.total[p] += pick or 0
                self.bonus_player = min(range(self.num_players), key=lambda p: (self.picks[p] or 0, p))

    def _next_round(self) -> None:
        self.round += 1
        self.picks = [None] * self.num_players
        self.locked = [False] * self.num_players

    def to_dict(self) -> dict[str, Any]:
        return {**self._base_dict(), "picks": list(self.picks), "locked": list(self.locked),
                "total": list(self.total), "round": self.round, "bonus_player": self.bonus_player}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PickState:
        state = cls.__new__(cls)
        state._restore_base(data)
        state.picks, state.locked = list(data["picks"]), list(data["locked"])
        state.total, state.round, state.bonus_player = list(data["total"]), data["round"], data["bonus_player"]
        return state


@pytest.fixture
def picks(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    module = types.ModuleType("brassboard_test_picks")
    module.STATE_CLASS = PickState  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry._MODULES, "picks", module.__name__)
    yield "picks"


def test_undo_own_step_after_another_players_concurrent_step(picks: str) -> None:
    match = Match(picks, 2)
    match.apply(0, "pick 3")
    match.apply(1, "pick 1")
    assert match.can_undo(0) and match.can_undo(1)
    index, action = match.undo_step(0)
    assert (index, str(action)) == (0, "pick 3")
    assert match.record.actions == [(1, "pick 1")]
    state = match.state
    assert isinstance(state, PickState)
    assert state.picks == [None, 1]
    match.apply(0, "pick 2")
    assert match.state.to_dict() == Match.replay(match.record).state.to_dict()


def test_undo_walks_back_own_steps_between_others(picks: str) -> None:
    match = Match(picks, 3)
    match.apply(0, "pick 1")
    match.apply(1, "pick 2")
    match.apply(0, "lock")
    match.apply(2, "pick 3")
    assert str(match.undo(0)) == "lock"
    assert str(match.undo(0)) == "pick 1"
    assert match.record.actions == [(1, "pick 2"), (2, "pick 3")]
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="another player's action"):
        match.undo(0)


def test_undo_never_crosses_the_reveal_that_ends_the_simultaneous_phase(picks: str) -> None:
    match = Match(picks, 2)
    for player, action in ((0, "pick 1"), (1, "pick 2"), (0, "lock"), (1, "lock")):
        match.apply(player, action)
    assert not match.can_undo(0) and not match.can_undo(1)
    with pytest.raises(IllegalAction):
        match.undo(1)


def test_a_sequential_step_seals_the_steps_before_it(picks: str) -> None:
    match = Match(picks, 2)
    for player, action in ((0, "pick 1"), (1, "pick 2"), (0, "lock"), (1, "lock"), (0, "bonus"), (1, "pick 3")):
        match.apply(player, action)
    # player 1's pick follows player 0's bonus, a step player 1 could not take at the same time
    assert not match.can_undo(0)
    assert match.can_undo(1)


def test_undo_is_refused_when_another_players_later_step_depends_on_it(picks: str) -> None:
    """Here nothing depends across players, so force a dependency: a later step that no longer replays."""
    match = Match(picks, 2)
    match.apply(0, "pick 1")
    match.apply(1, "pick 2")
    # fake a dependency by rewriting player 1's recorded step into one that needs player 0's pick to exist
    match._steps[-1].action = Action("lock")  # lock needs player 1's own pick, which the replay lacks
    before = match.state.to_json()
    with pytest.raises(IllegalAction, match="depends on this one"):
        match.undo(0)
    assert match.state.to_json() == before
    assert len(match.record.actions) == 2
