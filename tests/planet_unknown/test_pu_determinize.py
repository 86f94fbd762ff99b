"""``PlanetUnknownState.determinize``: re-dealing what one player cannot see keeps the state whole and lawful.

For sampled states of random games and every observer: the invariants of pu_invariants.py still hold, the
observer's view is unchanged, every active player can still act and the game plays on; the result depends only on
the observer's view (a state with the same view but other hidden parts re-deals identically); and the hidden
parts are actually re-dealt.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
import random_walk
from pu_invariants import check

from brassboard.engine import Rng, new_game
from brassboard.games.planet_unknown.rules import PlanetUnknownState


def hidden_variant(state: PlanetUnknownState, observer: int, rng: random.Random) -> PlanetUnknownState:
    """A state ``observer`` cannot tell from ``state``: hidden stack orders, event deck and objectives changed."""
    other = state.clone()
    for ring, stacks in enumerate(other.stacks):
        for index, tiles in enumerate(stacks):
            hidden = len(tiles) - (1 if tiles and index not in other.taken[ring] else 0)
            below = tiles[:hidden]
            rng.shuffle(below)
            tiles[:hidden] = below
    unpeeked = len(other.event_deck) - (1 if other.corps[observer].peek else 0)
    below = other.event_deck[:unpeeked]
    rng.shuffle(below)
    other.event_deck[:unpeeked] = below
    for p, corp in enumerate(other.corps):
        if p != observer and corp.peek:
            corp.peek = other.event_deck[-1]
        if p != observer and corp.objectives and other.objective_deck:
            corp.objectives[0], other.objective_deck[-1] = other.objective_deck[-1], corp.objectives[0]
            corp.objectives.sort()
    other.rng = Rng(rng.randrange(1 << 32))
    other._legal = {}
    return other


def sampled_states(players: int, seed: int, options: dict[str, Any], every: int) -> list[PlanetUnknownState]:
    state = new_game("planet_unknown", players, seed, options)
    samples = random_walk.sampled_states(state, seed, every)
    assert all(isinstance(x, PlanetUnknownState) for x in samples)
    return cast(list[PlanetUnknownState], samples)


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 1, {"events": True, "private_objectives": True}),
    (4, 2, {}),
    (2, 3, {"private_objectives": True, "events": True, "two_player_rotation": "commander"}),
    (1, 4, {}),
])
def test_determinize_keeps_the_state_lawful_and_the_view(players: int, seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    changed = 0
    for state in sampled_states(players, seed, options, every=9):
        for observer in range(players):
            world = state.clone()
            world.determinize(observer, Rng(rng.randrange(1 << 32)))
            check(world)
            assert world.view(observer) == state.view(observer), "determinize changed what the observer sees"
            assert world.active_players() == state.active_players()
            for p in world.active_players():
                assert world.legal_actions(p), f"P{p} is active without a legal action after determinize"
            changed += world.to_dict() != state.to_dict()
            for _ in range(4):  # the re-dealt world plays on
                if world.is_over():
                    break
                mover = rng.choice(world.active_players())
                world.apply(mover, rng.choice(world.legal_actions(mover)))
                check(world)
    assert changed, "determinize never re-dealt anything"


def test_determinize_depends_only_on_the_observers_view() -> None:
    rng = random.Random(9)
    for state in sampled_states(3, 6, {"events": True, "private_objectives": True}, every=23):
        for observer in range(3):
            other = hidden_variant(state, observer, rng)
            assert other.view(observer) == state.view(observer)
            first, second = state.clone(), other.clone()
            first.determinize(observer, Rng(77))
            second.determinize(observer, Rng(77))
            first.rng = second.rng = Rng(0)
            assert first.to_dict() == second.to_dict(), "the re-dealt state depends on hidden parts"


def test_a_finished_game_is_left_alone() -> None:
    (state,) = sampled_states(2, 8, {}, every=10_000)
    while not state.is_over():
        player = state.active_players()[0]
        state.apply(player, state.legal_actions(player)[0])
    before = state.to_dict()
    state.determinize(0, Rng(1))
    assert state.to_dict() == before
