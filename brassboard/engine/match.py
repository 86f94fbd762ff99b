"""A match: the authoritative state plus its record (game, options, seed, actions), replay and undo.

The record alone reproduces the match exactly, because rules take randomness only from the state's seeded
generator. Undo removes a player's own most recent steps; it never crosses another player's action, a die roll,
a shuffle or a reveal (any event that :func:`is_barrier`).
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
        events = self.state.apply(player, act)
        barrier = any(is_barrier(e) for e in events)
        if barrier or (self._steps and self._steps[-1].player != player):
            # undo never crosses a barrier or another player's step: earlier snapshots are no longer needed
            self._seal()
        self._steps.append(_Step(player, act, events, None if barrier else before))
        self.record.actions.append((player, str(act)))
        return events

    def _seal(self) -> None:
        for step in self._steps[self._undo_floor:]:
            step.before = None
        self._undo_floor = len(self._steps)

    def can_undo(self, player: int) -> bool:
        if not self._steps:
            return False
        last = self._steps[-1]
        return last.player == player and last.before is not None

    def undo(self, player: int) -> Action:
        """Take back ``player``'s last step; raises IllegalAction where the rules of undo forbid it."""
        if not self._steps:
            raise IllegalAction("nothing to undo", None, player)
        last = self._steps[-1]
        if last.player != player:
            raise IllegalAction("undo never takes back another player's action", None, player)
        if last.before is None:
            raise IllegalAction("undo never crosses a die roll, a shuffle or a reveal", None, player)
        self._steps.pop()
        self._undo_floor = min(self._undo_floor, len(self._steps))
        self.record.actions.pop()
        self.state = last.before
        return last.action

    @property
    def history(self) -> list[tuple[int, Action, list[Event]]]:
        return [(s.player, s.action, s.events) for s in self._steps]
