"""Random legal play for tests that want states from every stage of a game (importable from every test folder:
``tests/`` is on the path through its conftest)."""

from __future__ import annotations

import random

from brassboard.engine import GameState


def sampled_states(state: GameState, seed: int, every: int) -> list[GameState]:
    """Clones of ``state`` after every ``every``-th random legal action until the game ends (``state`` is played
    out). Of several active players one is picked at random; a lone active player draws no random number."""
    rng = random.Random(seed)
    samples = []
    steps = 0
    while not state.is_over():
        if steps % every == 0:
            samples.append(state.clone())
        active = state.active_players()
        player = active[0] if len(active) == 1 else rng.choice(active)
        state.apply(player, rng.choice(state.legal_actions(player)))
        steps += 1
    return samples
