"""perft: count the leaves of the legal-action tree, as chess engines do, to pin move generation."""

from __future__ import annotations

from .game import GameState


def perft(state: GameState, depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``state`` (fewer where the game ends first).

    Where several players are active at once, each (player, action) pair is a branch.
    """
    if depth == 0 or state.is_over():
        return 1
    total = 0
    for player in state.active_players():
        for action in state.legal_actions(player):
            child = state.clone()
            child.apply(player, action)
            total += perft(child, depth - 1)
    return total
