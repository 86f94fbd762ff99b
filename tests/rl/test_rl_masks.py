"""At every step of many random episodes the action mask marks exactly the legal actions of the player to act."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from rl_helpers import game_cases, play_aec

from brassboard import rl
from brassboard.engine import Action
from brassboard.rl.aec import seat_of

EPISODES = {"tictactoe": 40, "rl_race": 20}
"""Random episodes per (game, players); the long games play 2 (their own property tests play thousands)."""


def check_mask_is_exactly_the_legal_actions(env: rl.BrassboardAECEnv, agent: str, observation: dict[str, Any]
                                            ) -> None:
    state = env.game_state
    seat = seat_of(agent)
    assert seat in state.active_players()
    legal = state.legal_actions(seat)
    mask = observation["action_mask"]
    assert mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1}
    slots = env.legal_slots(agent)
    assert sorted(slots) == np.flatnonzero(mask).tolist()
    assert len(slots) == len(legal) and set(slots.values()) == set(legal)
    # slot features describe exactly the filled slots (a fixed action space has none: its slots never change)
    features = observation.get("action_features")
    assert features is not None or isinstance(env.settings.codec, rl.FixedActionCodec)
    assert features is None or not features[mask == 0].any()
    # every other agent is offered nothing: only the selected agent may act
    for other in env.agents:
        if other != agent:
            assert not env.observe(other)["action_mask"].any()


def run_mask_check(game_id: str, players: int, episodes: int) -> None:
    env = rl.env(game_id, players=players, seed=11)
    rng = np.random.default_rng(5)
    for _ in range(episodes):
        env.reset()
        play_aec(env, rng, check_mask_is_exactly_the_legal_actions)
        assert env.game_state.is_over()


@pytest.mark.parametrize(("game_id", "players"), game_cases())
def test_masks_equal_legal_actions_at_every_step(game_id: str, players: int) -> None:
    run_mask_check(game_id, players, EPISODES.get(game_id, 2))


def test_masks_in_a_simultaneous_toy_game(race: str) -> None:
    run_mask_check(race, 3, EPISODES[race])


@pytest.mark.soak
@pytest.mark.parametrize(("game_id", "players"), game_cases())
def test_masks_soak(game_id: str, players: int) -> None:
    run_mask_check(game_id, players, 200)


def test_gym_mask_matches_the_learners_legal_actions() -> None:
    env = rl.gym_env("planet_steam", players=3, seat=1, seed=2)
    rng = np.random.default_rng(0)
    observation, _ = env.reset()
    terminated = False
    while not terminated:
        legal = env.game_state.legal_actions(1)
        slots = env.legal_slots()
        assert set(slots.values()) == set(legal) and len(slots) == len(legal)
        assert np.flatnonzero(observation["action_mask"]).tolist() == sorted(slots)
        assert env.action_masks().tolist() == observation["action_mask"].astype(bool).tolist()
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, _ = env.step(action)
        assert not truncated
    assert not observation["action_mask"].any()


def test_slots_follow_the_canonical_order() -> None:
    env = rl.env("planet_steam", players=2, seed=1)
    env.reset()
    agent = env.agent_selection
    slots = env.legal_slots(agent)
    ordered = sorted(slots.values(), key=rl.action_sort_key)
    assert [slots[slot] for slot in sorted(slots)] == ordered
    assert rl.action_sort_key(rl.actions.Action("bid", 5)) < rl.action_sort_key(rl.actions.Action("bid", 10))


def test_tictactoe_slots_are_the_cells() -> None:
    env = rl.env("tictactoe")
    env.reset()
    assert env.action_space("player_0").n == 9
    assert env.slot_of("player_0", "mark a1") == 0 and env.slot_of("player_0", "mark c3") == 8
    env.step(4)  # the centre
    assert env.game_state.view(0)["board"] == "....0...."
    observation = env.observe("player_1")
    assert observation["action_mask"].tolist() == [1, 1, 1, 1, 0, 1, 1, 1, 1]


def test_the_codecs_order_text_sorts_as_the_canonical_sort_key() -> None:
    # the legal-list codec sorts by order_text (strings compare fast); its order must be action_sort_key's
    chooser = random.Random(4)
    words = ["", "a", "ab", "abc", "b", "Z", "inner", "place", "x y"]
    actions = [Action(chooser.choice(words), *(chooser.choice([chooser.randrange(-10**6, 10**6), chooser.choice(words)])
                                               for _ in range(chooser.randrange(4))))
               for _ in range(3000)]
    assert sorted(actions, key=rl.actions.order_text) == sorted(actions, key=rl.action_sort_key)
    assert rl.actions.order_text(Action("bid", 1 << 70)) is None  # beyond 64 bits: the codec sorts by tuples then
    codec = rl.LegalListCodec(8)
    legal = [Action("bid", 1 << 70), Action("bid", 5), Action("pass")]
    assert list(codec.assign(legal).actions) == sorted(legal, key=rl.action_sort_key)
