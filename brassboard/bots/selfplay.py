"""Games between bots, driven straight on the state: the loop behind ``brassboard selfplay`` and ``ladder``.

No undo snapshots are kept (a bot game never takes a move back), but every action is recorded, so each game can be
replayed exactly from its record. The time each seat's bot spends choosing is measured per seat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from brassboard.engine import IllegalAction, MatchRecord, Score, new_game

from .base import seat_seed
from .registry import make_bot

DEFAULT_MAX_ACTIONS = 100_000
"""A game is given up after this many actions: a rules bug that never ends a game must not hang a run."""


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


def play_bot_game(game_id: str, players: int, seed: int, options: dict[str, Any], seats: list[str],
                  max_actions: int = DEFAULT_MAX_ACTIONS) -> SelfplayResult:
    """One game of ``game_id`` between the bot kinds ``seats`` (one per seat); unknown kinds raise ``ValueError``."""
    started = time.perf_counter()
    state = new_game(game_id, players, seed, options)
    bots = {seat: make_bot(kind, game_id, seat_seed(seed, seat)) for seat, kind in enumerate(seats)}
    record = MatchRecord(game_id, players, seed, dict(state.options))
    think = [0.0] * players
    moves = [0] * players
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
        thinking_since = time.perf_counter()
        action = bots[player].choose(state, player)
        think[player] += time.perf_counter() - thinking_since
        moves[player] += 1
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            error = f"player {player} ({seats[player]}) chose an illegal action: {exc}"
            break
        record.actions.append((player, str(action)))
    winners = state.winners() if error is None else []
    return SelfplayResult(record, list(seats), state.scores(), winners, time.perf_counter() - started, error,
                          think, moves)
