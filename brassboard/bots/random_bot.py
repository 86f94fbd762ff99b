"""The uniform random bot: the baseline every other bot must beat, and the driver of random-game tests."""

from __future__ import annotations

import random

from brassboard.engine import Action, GameState


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        if not actions:
            raise ValueError(f"player {player} has no legal action to choose from")
        return self.rng.choice(actions)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
