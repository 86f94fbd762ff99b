"""Observations come from the player's view alone: hidden parts of the state never change them."""

from __future__ import annotations

import numpy as np

from brassboard import rl
from brassboard.engine import Rng


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[key], b[key]) for key in a)


def test_planet_steam_hidden_credits_of_others_do_not_reach_an_observation() -> None:
    env = rl.env("planet_steam", players=3, options={"hidden_credits": True}, seed=4)
    env.reset()
    before = {agent: env.observe(agent) for agent in env.agents}
    state = env.game_state
    state.players[1].credits += 17  # only player 1 may see this
    assert state.view(0) != {} and env.observe("player_1")["observation"].tolist() != \
        before["player_1"]["observation"].tolist(), "the owner's observation must show its credits"
    assert same(env.observe("player_0"), before["player_0"])
    assert same(env.observe("player_2"), before["player_2"])


def test_planet_steam_open_credits_do_change_observations() -> None:
    # the same change without the option is visible to all: the test above is not blind
    env = rl.env("planet_steam", players=3, seed=4)
    env.reset()
    before = env.observe("player_0")
    env.game_state.players[1].credits += 17
    assert not same(env.observe("player_0"), before)


def test_planet_unknown_tiles_under_the_stack_tops_do_not_reach_an_observation() -> None:
    env = rl.env("planet_unknown", players=2, seed=6)
    env.reset()
    before = {agent: env.observe(agent) for agent in env.agents}
    views = [env.game_state.view(seat) for seat in range(2)]
    stacks = env.game_state.stacks
    changed = 0
    for ring in stacks:
        for stack in ring:
            if len(stack) > 2:
                stack[:-1] = stack[:-1][::-1]  # reorder the hidden tiles below the visible top
                changed += 1
    assert changed
    assert [env.game_state.view(seat) for seat in range(2)] == views
    for agent in env.agents:
        assert same(env.observe(agent), before[agent])


def test_the_seed_and_the_generator_do_not_reach_an_observation() -> None:
    # with the generator's state every future die roll could be foreseen; it must not matter to an observation
    env = rl.env("planet_steam", players=2, seed=8)
    env.reset()
    before = env.observe(env.agent_selection)
    env.game_state.rng = Rng(12345)
    env.game_state.seed = 12345
    assert same(env.observe(env.agent_selection), before)


def test_the_observation_is_the_encoded_view() -> None:
    env = rl.env("planet_unknown", players=2, seed=1)
    env.reset()
    for seat, agent in enumerate(env.agents):
        view = env.game_state.view(seat)
        assert np.array_equal(env.observe(agent)["observation"], env.settings.encoder.encode(view, seat))


def test_a_players_private_position_stays_private_in_the_toy_game(race: str) -> None:
    env = rl.env(race, players=2)
    env.reset()
    before = env.observe("player_1")
    env.step(env.slot_of("player_0", "step 2"))  # player 0 moves; player 1 cannot see where to
    after = env.observe("player_1")
    assert np.array_equal(after["observation"], before["observation"])
