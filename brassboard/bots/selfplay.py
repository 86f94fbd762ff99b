"""Games between bots, driven straight on the state: the one loop behind ``brassboard selfplay``, ``ladder`` and
the bench scripts (``bench/strength.py``, ``bench/bench_mcts.py``).

No undo snapshots are kept (a bot game never takes a move back), but every action is recorded, so each game can be
replayed exactly from its record. Per seat it measures the time its bot spends choosing (wall and CPU seconds), its
moves, and the rounds of each search (a bot that reports ``last_rounds``, as the guided search does); on request it
logs every decision.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from brassboard.engine import IllegalAction, MatchRecord, Score, new_game

from .base import Bot, seat_seed
from .registry import make_bot

DEFAULT_MAX_ACTIONS = 100_000
"""A game is given up after this many actions: a rules bug that never ends a game must not hang a run."""


@dataclass(frozen=True)
class Decision:
    """One bot decision of a logged game (``play_bot_game(..., log_decisions=True)``)."""

    seat: int
    choices: int  # legal actions the seat had: 1 is a forced move, which needs no search
    wall_seconds: float
    cpu_seconds: float  # of this process (``time.process_time``): what other jobs on the machine disturb less
    rounds: int  # the bot's ``last_rounds`` after choosing (0: it did not search, or does not say)


@dataclass
class SelfplayResult:
    record: MatchRecord
    seats: list[str] | None  # None where unknown: a match record does not say who sat where
    scores: list[Score]
    winners: list[int]
    seconds: float
    error: str | None = None
    think_seconds: list[float] = field(default_factory=list)  # per seat: time its bot spent in ``choose``
    moves: list[int] = field(default_factory=list)  # per seat: actions it chose
    cpu_seconds: list[float] = field(default_factory=list)  # per seat: CPU time of this process in ``choose``
    rounds: list[list[int]] = field(default_factory=list)  # per seat: ``last_rounds`` of each decision it searched
    decisions: list[Decision] = field(default_factory=list)  # every decision, in order, if asked for

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.record.game, "seed": self.record.seed, "players": self.record.players,
            "seats": self.seats, "options": self.record.options,
            "scores": [score.total for score in self.scores],
            "breakdown": [dict(score.breakdown) for score in self.scores],
            "winners": self.winners, "actions": len(self.record.actions),
        }
        if self.error is not None:
            data["error"] = self.error
        return data


def play_bot_game(game_id: str, players: int, seed: int, options: dict[str, Any], seats: Sequence[str | Bot],
                  max_actions: int = DEFAULT_MAX_ACTIONS, log_decisions: bool = False) -> SelfplayResult:
    """One game of ``game_id`` between ``seats`` (one per seat): bot kinds, each made with the seat's
    ``seat_seed``, or ready-made bots (a bench's tuned search). Unknown kinds raise ``ValueError``.

    ``log_decisions`` also records every decision (with its number of legal actions, which costs a call of
    ``legal_actions`` per decision) in ``decisions``.
    """
    started = time.perf_counter()
    state = new_game(game_id, players, seed, options)
    bots = [make_bot(seat, game_id, seat_seed(seed, number)) if isinstance(seat, str) else seat
            for number, seat in enumerate(seats)]
    names = [bot if isinstance(bot, str) else bot.name for bot in seats]
    record = MatchRecord(game_id, players, seed, dict(state.options))
    think = [0.0] * players
    cpu = [0.0] * players
    moves = [0] * players
    rounds: list[list[int]] = [[] for _ in range(players)]
    decisions: list[Decision] = []
    error: str | None = None
    while not state.is_over():
        active = state.active_players()
        if not active:
            error = "the game is not over but nobody may act"
            break
        if len(record.actions) >= max_actions:
            error = f"no end after {max_actions} actions"
            break
        player = active[0]
        choices = len(state.legal_actions(player)) if log_decisions else 0
        wall_since, cpu_since = time.perf_counter(), time.process_time()
        action = bots[player].choose(state, player)
        wall_spent, cpu_spent = time.perf_counter() - wall_since, time.process_time() - cpu_since
        think[player] += wall_spent
        cpu[player] += cpu_spent
        moves[player] += 1
        searched = getattr(bots[player], "last_rounds", 0)
        if searched:
            rounds[player].append(searched)
        if log_decisions:
            decisions.append(Decision(player, choices, wall_spent, cpu_spent, searched))
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            error = f"player {player} ({names[player]}) chose an illegal action: {exc}"
            break
        record.actions.append((player, str(action)))
    winners = state.winners() if error is None else []
    return SelfplayResult(record, names, state.scores(), winners, time.perf_counter() - started, error,
                          think, moves, cpu, rounds, decisions)
