"""A match: the authoritative state plus its record (game, options, seed, actions), replay and undo.

The record alone reproduces the match exactly, because rules take randomness only from the state's seeded
generator. Undo removes a player's own most recent steps; it never crosses a die roll, a shuffle or a reveal (any
event that :func:`is_barrier`), nor another player's action — except where both players were acting at the same
time (a simultaneous phase, as in Planet Unknown): there the other players' later steps are replayed without the
undone one, and the undo is refused if any of them no longer fits.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Arg, as_action
from .game import Event, GameState, IllegalAction, is_barrier
from .registry import new_game


@dataclass
class MatchRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)  # (player, notation)
    meta: dict[str, Any] = field(default_factory=dict)  # free-form: who sat where, names, dates

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed, "options": dict(self.options),
                "actions": [[p, a] for p, a in self.actions], "meta": dict(self.meta)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchRecord:
        return cls(game=data["game"], players=int(data["players"]), seed=int(data["seed"]),
                   options=dict(data.get("options") or {}),
                   actions=[(int(p), str(a)) for p, a in data.get("actions", [])],
                   meta=dict(data.get("meta") or {}))

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        return cls.from_dict(json.loads(text))


@dataclass
class _Step:
    player: int
    action: Action
    events: list[Event]
    before: GameState | None  # snapshot for undo; None when the step is a barrier
    active: frozenset[int] = frozenset()  # the players who could act when this step was taken


class Match:
    """Drives one game: apply actions, keep the record, undo own steps, replay."""

    def __init__(self, game: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> None:
        self.state: GameState = new_game(game, players, seed, options)
        self.record = MatchRecord(game, players, seed, dict(self.state.options))
        self._steps: list[_Step] = []
        self._undo_floor = 0  # steps before this index can never be undone (their snapshots are dropped)

    @classmethod
    def replay(cls, record: MatchRecord) -> Match:
        """Rebuild a match from its record; raises IllegalAction if a recorded action is not legal."""
        match = cls(record.game, record.players, record.seed, record.options)
        for index, (player, notation) in enumerate(record.actions):
            try:
                match.apply(player, notation)
            except IllegalAction as exc:
                raise IllegalAction(f"recorded action #{index} ({notation}) by player {player}: {exc.reason}",
                                    exc.action, player) from None
        return match

    def apply(self, player: int, action: Action | str | tuple[Arg, ...]) -> list[Event]:
        try:
            act = as_action(action)
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"cannot read the action: {exc}", None, player) from None
        before = self.state.clone()
        active = frozenset(self.state.active_players())
        events = self.state.apply(player, act)
        barrier = any(is_barrier(e) for e in events)
        if barrier or (self._steps and not self._concurrent(self._steps[-1], player)):
            # undo never crosses a barrier or another player's step: earlier snapshots are no longer needed
            self._seal()
        self._steps.append(_Step(player, act, events, None if barrier else before, active))
        self.record.actions.append((player, str(act)))
        return events

    def _concurrent(self, previous: _Step, player: int) -> bool:
        """May ``player``'s step stand beside ``previous`` without sealing it? Yes for the same player, and for
        another player in a simultaneous game who could act already when ``previous`` was taken (their steps are
        independent; should one still depend on the other, undo's replay refuses)."""
        if previous.player == player:
            return True
        return self.state.info.simultaneous and player in previous.active

    def _seal(self) -> None:
        for step in self._steps[self._undo_floor:]:
            step.before = None
        self._undo_floor = len(self._steps)

    def _own_last(self, player: int) -> int | None:
        """Index of ``player``'s most recent step still open to undo, or None."""
        for index in range(len(self._steps) - 1, self._undo_floor - 1, -1):
            if self._steps[index].player == player:
                return index if self._steps[index].before is not None else None
        return None

    def can_undo(self, player: int) -> bool:
        return self._own_last(player) is not None

    def undo(self, player: int) -> Action:
        """Take back ``player``'s last step; raises IllegalAction where the rules of undo forbid it."""
        return self.undo_step(player)[1]

    def undo_step(self, player: int) -> tuple[int, Action]:
        """Take back ``player``'s last step; returns its index in the record and the action."""
        if not self._steps:
            raise IllegalAction("nothing to undo", None, player)
        index = self._own_last(player)
        if index is None:
            last = self._steps[-1]
            if last.player != player and not any(s.player == player for s in self._steps[self._undo_floor:]):
                raise IllegalAction("undo never takes back another player's action", None, player)
            raise IllegalAction("undo never crosses a die roll, a shuffle or a reveal", None, player)
        undone = self._steps[index]
        assert undone.before is not None
        state = undone.before.clone()  # the snapshot stays intact if a replay below fails
        later = self._steps[index + 1:]
        replayed: list[_Step] = []
        for step in later:  # other players' steps taken meanwhile, in a simultaneous phase
            before = state.clone()
            try:
                events = state.apply(step.player, step.action)
            except IllegalAction:
                raise IllegalAction("another player's later action depends on this one", None, player) from None
            replayed.append(_Step(step.player, step.action, events, before, step.active))
        self.state = state
        del self._steps[index:]
        self._steps.extend(replayed)
        self._undo_floor = min(self._undo_floor, index)
        del self.record.actions[index]
        return index, undone.action

    @property
    def history(self) -> list[tuple[int, Action, list[Event]]]:
        return self.history_since(0)

    def history_since(self, start: int) -> list[tuple[int, Action, list[Event]]]:
        """The steps from index ``start`` on (a negative start counts from the end, as in a slice): a server builds
        the log tail after every move, and listing the whole history for it would cost a long match more each move."""
        return [(s.player, s.action, s.events) for s in self._steps[start:]]

    @property
    def steps_taken(self) -> int:
        return len(self._steps)
