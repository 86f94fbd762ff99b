"""What a viewer may read of a match's past: log entries through the engine's secret convention, and replays served
from cached snapshots instead of a re-run from the first action on every request.

Every log entry any viewer receives — in a state message, a WebSocket push or a replay — is made by
:func:`log_entry_for`: while a match runs, each event passes through ``GameState.event_view`` and each action's
notation through ``GameState.notation_view`` for that viewer, so no seat reads another seat's secret; once the
match is finished the full log is public (as its record is).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from brassboard.engine import GameState, new_game

Seat = int | None
Step = tuple[int, Any, list[dict[str, Any]]]
"""A step of a match's history: (seat, action, events)."""

SNAPSHOT_EVERY = 32
"""A replay keeps the state after every this many actions: a request replays fewer than this many actions."""

CACHED_TEXTS = 16
"""Replay answers kept per match (by revision and position): polling clients are answered from memory."""


def _default_views(state: GameState) -> bool:
    """Whether the game keeps the engine's default event and notation views (then only events with secret fields
    differ between viewers)."""
    cls = type(state)
    return (cls.event_view is GameState.event_view
            and getattr(cls.notation_view, "__func__", None) is getattr(GameState.notation_view, "__func__", None))


def same_for_everyone(state: GameState, events: Sequence[dict[str, Any]]) -> bool:
    """Whether every viewer receives this step alike (no secret field, the game's views are the default ones)."""
    return _default_views(state) and not any(event.get("secret") for event in events)


def log_entry_for(state: GameState, index: int, step: Step, viewer: Seat, full: bool) -> dict[str, Any]:
    """The log entry of step ``index`` as ``viewer`` may read it (``full``: the match is over, nothing is hidden)."""
    seat, action, events = step
    # "version" is the version the action was made on (the one its sender named); it made version + 1
    if full or same_for_everyone(state, events):
        return {"version": index, "seat": seat, "action": str(action), "events": events}
    return {"version": index, "seat": seat, "action": state.notation_view(action, seat, viewer),
            "events": [state.event_view(event, viewer) for event in events]}


class ReplayCache:
    """A live match's replay snapshots (state after every :data:`SNAPSHOT_EVERY` actions) and recent answers.

    Snapshots are kept with the actions they were made from; an undo (or a change by another process) that rewrites
    part of the history drops the snapshots after the first changed action.
    """

    def __init__(self) -> None:
        self.actions: list[tuple[int, str]] = []
        self.snapshots: dict[int, str] = {}  # action count -> the state's JSON
        self.texts: OrderedDict[tuple[int, int], str] = OrderedDict()

    def cached(self, revision: int, at: int) -> str | None:
        text = self.texts.get((revision, at))
        if text is not None:
            self.texts.move_to_end((revision, at))
        return text

    def keep(self, revision: int, at: int, text: str) -> None:
        self.texts[(revision, at)] = text
        while len(self.texts) > CACHED_TEXTS:
            self.texts.popitem(last=False)

    def _forget_changed(self, actions: Sequence[tuple[int, str]]) -> None:
        common = 0
        for mine, theirs in zip(self.actions, actions, strict=False):
            if mine != theirs:
                break
            common += 1
        if common < len(self.actions):
            self.snapshots = {at: text for at, text in self.snapshots.items() if at <= common}
        self.actions = list(actions)

    def note(self, actions: Sequence[tuple[int, str]], state: GameState) -> None:
        """Keep ``state`` (after all of ``actions``) if its action count is a snapshot's: the server calls this
        as it replays a stored match or commits an action, so even a first replay request starts near its goal."""
        if actions and len(actions) % SNAPSHOT_EVERY == 0:
            self._forget_changed(actions)
            self.snapshots[len(actions)] = json.dumps(state.to_dict(), separators=(",", ":"))

    def state_at(self, game: str, players: int, seed: int, options: dict[str, Any],
                 actions: Sequence[tuple[int, str]], at: int) -> GameState:
        """The state after the first ``at`` actions, from the nearest snapshot at or before it."""
        self._forget_changed(actions)
        start = max((k for k in self.snapshots if k <= at), default=0)
        state = new_game(game, players, seed, options)
        if start:
            state = type(state).from_dict(json.loads(self.snapshots[start]))
        for index in range(start, at):
            seat, notation = actions[index]
            state.apply(seat, notation)
            if (index + 1) % SNAPSHOT_EVERY == 0:
                self.snapshots[index + 1] = json.dumps(state.to_dict(), separators=(",", ":"))
        return state
