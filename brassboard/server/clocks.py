"""Turn clocks (issue 12): the arithmetic of a seat's turn time and bank, and the final ranking once a seat forfeits.

Clocks are the server's, not the rules': a game's rules never see time, so a match still replays exactly from its
seed and actions. What the server stores per clocked seat (columns of ``seats``):

- ``clock_bank``: the seconds of bank the seat had when its current turn began (or has now, between turns);
- ``clock_started``: when its current turn began (None while it is not to act);
- ``clock_deadline``: ``started + per_turn + bank``, the moment its time is gone (indexed: the background task
  that acts on passed deadlines finds them with one query, also after a restart).

A turn is the stretch during which the seat stays among the active players: its ``per_turn`` seconds run first,
then the bank; when the turn ends the bank is charged what the turn took beyond ``per_turn``. Bot seats and seats
that forfeited have no clock.

Forfeit (``on_timeout: "forfeit"``): the seat is scored last and a bot plays it on. The rules' scores stay exactly
as the rules computed them (the points are honest); the server overrides only the ranking: the seats that did not
forfeit first (by their totals, best first), then the forfeited seats in the order they forfeited; the winners are
the best of the seats that did not forfeit. The forfeits are recorded on the match's seats (``seats.forfeited``,
and the log's ``timeout`` / ``forfeit`` events), so every server derives the same ranking.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from . import errors
from .store import SeatRecord

ON_TIMEOUT = ("bot", "forfeit")
MAX_CLOCK_SECONDS = 30 * 86400
"""The longest turn time or bank accepted (30 days)."""

QUICK_BOT_PREFERENCE = ("greedy", "mcts", "random")
"""The bot that moves for a seat out of time: the game's best quick one (greedy where the game has it)."""


@dataclass(frozen=True)
class ClockRule:
    per_turn: float
    bank: float
    on_timeout: str = "bot"

    def to_dict(self) -> dict[str, Any]:
        return {"per_turn": self.per_turn, "bank": self.bank, "on_timeout": self.on_timeout}


@dataclass(frozen=True)
class SeatClock:
    """A seat's stored clock: the bank at the start of the current turn and when that turn began (None: idle)."""

    bank: float
    started: datetime | None = None

    def deadline(self, rule: ClockRule) -> datetime | None:
        if self.started is None:
            return None
        return self.started + timedelta(seconds=rule.per_turn + self.bank)


def _seconds(data: Mapping[str, Any], name: str, default: float | None) -> float:
    value = data.get(name, default)
    if value is None:
        raise errors.invalid(f"clock.{name} is required (seconds)")
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise errors.invalid(f"clock.{name} must be a number of seconds")
    if not 0 <= value <= MAX_CLOCK_SECONDS:
        raise errors.invalid(f"clock.{name} must be from 0 to {MAX_CLOCK_SECONDS} seconds, not {value}")
    return float(value)


def parse_clock(data: Mapping[str, Any] | None) -> ClockRule | None:
    """The clock of ``POST /api/matches`` (``{"per_turn", "bank", "on_timeout"}``); None for no clock."""
    if data is None:
        return None
    unknown = sorted(set(data) - {"per_turn", "bank", "on_timeout"})
    if unknown:
        raise errors.invalid(f"clock has no field {unknown[0]!r}; its fields are per_turn, bank, on_timeout")
    per_turn = _seconds(data, "per_turn", None)
    bank = _seconds(data, "bank", 0.0)
    if per_turn + bank < 1:
        raise errors.invalid("a clock must give at least 1 second a turn (per_turn + bank)")
    on_timeout = data.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise errors.invalid(f"clock.on_timeout is one of {', '.join(ON_TIMEOUT)}, not {on_timeout!r}")
    return ClockRule(per_turn, bank, str(on_timeout))


def rule_of(stored: Mapping[str, Any] | None) -> ClockRule | None:
    """The rule stored with a match (already checked when it was created)."""
    if stored is None:
        return None
    return ClockRule(float(stored["per_turn"]), float(stored["bank"]), str(stored.get("on_timeout", "bot")))


def used_bank(rule: ClockRule, clock: SeatClock, now: datetime) -> float:
    """The bank left at ``now``: what the running turn took beyond ``per_turn`` is gone from it."""
    if clock.started is None:
        return clock.bank
    elapsed = max(0.0, (now - clock.started).total_seconds())
    return max(0.0, clock.bank - max(0.0, elapsed - rule.per_turn))


def start_turn(rule: ClockRule, clock: SeatClock, now: datetime) -> SeatClock:
    return SeatClock(clock.bank, now)


def end_turn(rule: ClockRule, clock: SeatClock, now: datetime) -> SeatClock:
    return SeatClock(used_bank(rule, clock, now), None)


def transitions(rule: ClockRule, clocks: Mapping[int, SeatClock], before: Iterable[int], after: Iterable[int],
                now: datetime) -> dict[int, SeatClock]:
    """The clocks that change when the active seats go from ``before`` to ``after``: a seat that stops being active
    ends its turn, one that becomes active starts one; a seat active throughout keeps its turn running."""
    was, becomes = set(before), set(after)
    changed: dict[int, SeatClock] = {}
    for seat, clock in clocks.items():
        if seat in was and seat not in becomes and clock.started is not None:
            changed[seat] = end_turn(rule, clock, now)
        elif seat in becomes and (seat not in was or clock.started is None):
            changed[seat] = start_turn(rule, clock, now)
    return changed


def report(rule: ClockRule, clocks: Mapping[int, SeatClock], now: datetime) -> list[dict[str, Any]]:
    """The state message's ``clocks``: each clocked seat's turn time and bank left at ``now`` (seconds, to the
    tenth) and whether it is running."""
    entries = []
    for seat in sorted(clocks):
        clock = clocks[seat]
        if clock.started is None:
            turn_left = rule.per_turn
        else:
            elapsed = max(0.0, (now - clock.started).total_seconds())
            turn_left = max(0.0, rule.per_turn - elapsed)
        entries.append({"seat": seat, "turn_left": round(turn_left, 1),
                        "bank_left": round(used_bank(rule, clock, now), 1), "running": clock.started is not None})
    return entries


def quick_bot(kinds: Sequence[str]) -> str:
    """The kind that plays a timed-out (or forfeited) seat: the first of :data:`QUICK_BOT_PREFERENCE` offered."""
    for kind in QUICK_BOT_PREFERENCE:
        if kind in kinds:
            return kind
    return kinds[0]


def ranking(totals: Sequence[int], forfeits: Sequence[int]) -> tuple[list[int], list[int]]:
    """The final order of seats (best first) and the winners, with forfeited seats last (in the order they
    forfeited). Without forfeits this is the rules' own order: by total, ties by seat."""
    standing = [seat for seat in sorted(range(len(totals)), key=lambda s: (-totals[s], s)) if seat not in forfeits]
    order = standing + [seat for seat in forfeits if 0 <= seat < len(totals)]
    if not standing:  # everyone forfeited: the points decide
        best = max(totals)
        return order, [seat for seat, total in enumerate(totals) if total == best]
    best = totals[standing[0]]
    return order, [seat for seat in standing if totals[seat] == best]


def forfeit_order(seats: Iterable[SeatRecord]) -> list[int]:
    """The seats that forfeited, in the order they did (``forfeited`` is the version it happened at)."""
    forfeited = [s for s in seats if s.forfeited is not None]
    if not forfeited:  # the common case, asked at every change
        return []
    return [s.seat for s in sorted(forfeited, key=lambda s: (s.forfeited or 0, s.seat))]


NOTE_EVENTS = {"timeout": ("timeout",), "forfeit": ("timeout", "forfeit")}
"""The log events a move played by the server shows before the rules' own: the seat's time ran out (and it
forfeited). They live in the server's note on the action, not in the rules' events: the rules never see time."""


def noted(entry: dict[str, Any], note: str | None) -> dict[str, Any]:
    """A log entry with the server's note on its move, as events ahead of the rules' own."""
    if note is None:
        return entry
    events = [{"type": kind, "seat": entry["seat"]} for kind in NOTE_EVENTS.get(note, ())]
    return {**entry, "events": [*events, *entry["events"]]}


def played_for(players: Sequence[int], notes: Mapping[int, str], seat: int) -> bool:
    """Whether the seat's last step (``players``: who made each step) is one the server played when its time ran
    out: undo must not take it back, or running out of time would cost nothing."""
    if not notes:
        return False
    last = next((index for index in range(len(players) - 1, -1, -1) if players[index] == seat), None)
    return last is not None and last in notes
