"""The state message each seat receives, as data: what one revision's messages share (built once for every seat),
what is each seat's own (its view, its legal actions, the log tail as it may read it), and the log tail's cache.
:class:`~brassboard.server.service.MatchService` turns it into JSON once per revision and seat."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import clocks
from .models import STATUS_FINISHED, STATUS_RUNNING
from .replays import Seat, Step, log_entry_for, same_for_everyone
from .store import SeatRecord

if TYPE_CHECKING:
    from .service import LiveMatch

LOG_TAIL = 30
"""How many of the latest log entries a state message carries (the replay endpoint has the whole log)."""


def seat_summary(seat: SeatRecord) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "name": seat.name, "taken": seat.taken}



@dataclass
class LogCache:
    """The log entries of one step, by viewer ("all" where every viewer reads the same), made once each. The step's
    events list is held here: a step that replaces an undone one has another list, so entries are reused only for
    the very step they were made of (and only while the match's finished-or-not stays the same)."""

    events: list[dict[str, Any]]
    full: bool  # the match is finished: nothing is hidden
    same: bool  # every viewer reads the same entry
    entries: dict[Seat | str, dict[str, Any]] = field(default_factory=dict)



def shared_data(live: LiveMatch) -> dict[str, Any]:
    """What the state messages of one revision have in common, whatever the seat (built once for them all)."""
    state = live.state
    over = state.is_over()
    forfeits = live.forfeits()
    winners: list[int] | None = None
    order: list[int] | None = None
    scores = state.scores() if over else None
    if scores is not None:
        winners = state.winners()
        if forfeits:  # the server's ranking: forfeited seats last (clocks.py); the points stay the rules'
            order, winners = clocks.ranking([score.total for score in scores], forfeits)
    return {
        "log_steps": _log_steps(live),
        "active": state.active_players() if live.status == STATUS_RUNNING else [],
        "seats": [seat_summary(s) for s in live.seats],
        "seeded": live.seeded,
        "visibility": live.visibility,
        "scores": [s.to_dict() for s in scores] if scores is not None else None,
        "winners": winners,
        "ranking": order,
        "forfeits": forfeits,
        "clock": live.clock,
        "rematch": live.rematch,
    }

def message_data(live: LiveMatch, seat: Seat, shared: dict[str, Any]) -> dict[str, Any]:
    state = live.state
    running = live.status == STATUS_RUNNING
    active = shared["active"]
    return {
        "type": "state",
        "match": live.id,
        "game": live.game,
        "version": live.version,
        "status": live.status,
        "seat": seat,
        "seats": shared["seats"],
        "seeded": shared["seeded"],
        "visibility": shared["visibility"],
        "active": active,
        "view": state.view(seat),
        "legal": [str(a) for a in state.legal_actions(seat)] if seat is not None and seat in active else [],
        "can_undo": running and seat is not None and live.match.can_undo(seat) and not played_for(live, seat),
        "log": _log_for(live, shared["log_steps"], seat),
        "scores": shared["scores"],
        "winners": shared["winners"],
        "ranking": shared["ranking"],
        "forfeits": shared["forfeits"],
        "clock": shared["clock"],
        "rematch": shared["rematch"],
    }


def played_for(live: LiveMatch, seat: int) -> bool:
    if not live.notes:  # no move was played for a seat out of time (the common case): no need to list the history
        return False
    return clocks.played_for([step[0] for step in live.match.history], live.notes, seat)


def _log_steps(live: LiveMatch) -> list[tuple[int, Step, LogCache]]:
    """The steps of the log tail with their caches (once per revision, for every viewer's message)."""
    first = max(0, live.match.steps_taken - LOG_TAIL)
    full = live.status == STATUS_FINISHED
    cached, kept = live.log_entries, {}
    steps = []
    for index, step in enumerate(live.match.history_since(first), first):
        hit = cached.get(index)
        if hit is None or hit.events is not step[2] or hit.full != full:
            hit = LogCache(step[2], full, full or same_for_everyone(live.state, step[2]))
        kept[index] = hit
        steps.append((index, step, hit))
    live.log_entries = kept
    return steps


def _log_for(live: LiveMatch, steps: list[tuple[int, Step, LogCache]], viewer: Seat) -> list[dict[str, Any]]:
    """The log tail as ``viewer`` may read it, each entry made once per step and viewer."""
    tail = []
    for index, step, hit in steps:
        key: Seat | str = "all" if hit.same else viewer
        entry = hit.entries.get(key)
        if entry is None:
            entry = hit.entries[key] = log_entry_for(live.state, index, step, viewer, hit.full)
        tail.append(clocks.noted(entry, live.notes.get(index)))
    return tail
