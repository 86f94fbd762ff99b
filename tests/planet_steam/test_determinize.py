"""``PlanetSteamState.determinize``: other players' secret credits are re-sampled, consistently with the view.

Only with ``hidden_credits``: the observer's view is unchanged, no purse is negative, a standing high bid stays
payable and a bidder to move can still act; the result depends only on the observer's view; without the option
nothing changes.
"""

from __future__ import annotations

import random
from typing import cast

import random_walk

from brassboard.engine import Rng, new_game
from brassboard.games.planet_steam.rules import PlanetSteamState


def sampled_states(players: int, seed: int, hidden: bool, every: int) -> list[PlanetSteamState]:
    state = new_game("planet_steam", players, seed, {"hidden_credits": hidden})
    samples = random_walk.sampled_states(state, seed, every)
    assert all(isinstance(x, PlanetSteamState) for x in samples)
    return cast(list[PlanetSteamState], samples)


def test_hidden_credits_are_resampled_within_the_public_bounds() -> None:
    rng = random.Random(1)
    changed = 0
    for players, seed in ((3, 1), (4, 2), (2, 3)):
        for state in sampled_states(players, seed, True, every=5):
            for observer in range(players):
                world = state.clone()
                world.determinize(observer, Rng(rng.randrange(1 << 32)))
                assert world.view(observer) == state.view(observer)
                assert all(pl.credits >= 0 for pl in world.players)
                assert world.players[observer].credits == state.players[observer].credits
                step = world.agenda[0] if world.agenda else None
                if step is not None and step["k"] == "bid" and step["leader"] >= 0:
                    assert world.max_bid(step["leader"], step) >= step["high"], "a standing bid became unpayable"
                for p in world.active_players():
                    assert world.legal_actions(p), "the player to move cannot act any more"
                changed += world.to_dict() != state.to_dict()
                for _ in range(5):  # the re-sampled world plays on
                    if world.is_over():
                        break
                    (mover,) = world.active_players()
                    world.apply(mover, rng.choice(world.legal_actions(mover)))
    assert changed


def test_the_resampled_credits_depend_only_on_the_view() -> None:
    for state in sampled_states(3, 4, True, every=17):
        other = state.clone()
        for p, pl in enumerate(other.players):
            if p != 0:
                pl.credits += 11 * p
        other.rng = Rng(5)
        assert other.view(0) == state.view(0)
        state.determinize(0, Rng(3))
        other.determinize(0, Rng(3))
        other.rng = state.rng
        assert other.to_dict() == state.to_dict()


def test_open_credits_are_left_alone() -> None:
    for state in sampled_states(3, 5, False, every=40):
        before = state.to_dict()
        state.determinize(1, Rng(2))
        assert state.to_dict() == before
