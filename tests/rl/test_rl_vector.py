"""The vectorised Gymnasium env: copies on their own seeds, masks per copy, autoreset, replay, the narrow wrapper."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from brassboard import rl
from brassboard.rl.vector import SEED_STRIDE


def play(envs: Any, steps: int, choice_seed: int) -> list[Any]:
    """Step ``envs`` with random legal slots; record observations, rewards and ends."""
    rng = np.random.default_rng(choice_seed)
    observations, infos = envs.reset()
    trace: list[Any] = [infos["game_seed"].tolist()]
    for _ in range(steps):
        observations, rewards, terminated, truncated, infos = envs.step(
            rl.sample_masked(observations["action_mask"], rng))
        trace.append((observations["observation"].tolist(), observations["action_mask"].tolist(), rewards.tolist(),
                      terminated.tolist(), truncated.tolist()))
    return trace


def test_copies_play_their_own_games_from_one_seed() -> None:
    envs = rl.vector_env("planet_steam", num_envs=3, players=2, seed=7)
    _, infos = envs.reset()
    assert infos["game_seed"].tolist() == [7, 7 + SEED_STRIDE, 7 + 2 * SEED_STRIDE]
    assert envs.single_action_space == spaces.Discrete(1024)
    assert envs.observation_space["action_mask"].shape == (3, 1024)


def test_each_copys_mask_is_exactly_its_legal_slots() -> None:
    envs = rl.vector_env("planet_steam", num_envs=2, players=2, seed=3)
    observations, _ = envs.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        masks = observations["action_mask"]
        assert np.array_equal(rl.action_masks(envs), masks.astype(bool))
        for index, copy in enumerate(envs.envs):
            assert sorted(np.flatnonzero(masks[index]).tolist()) == sorted(copy.unwrapped.legal_slots())
        observations, *_ = envs.step(rl.sample_masked(masks, rng))


def test_same_seed_and_actions_replay_the_same_batch() -> None:
    first = play(rl.vector_env("tictactoe", num_envs=3, seed=11), 40, choice_seed=5)
    again = play(rl.vector_env("tictactoe", num_envs=3, seed=11), 40, choice_seed=5)
    other = play(rl.vector_env("tictactoe", num_envs=3, seed=12), 40, choice_seed=5)
    assert first == again
    assert first != other


def test_a_finished_copy_shows_an_empty_mask_then_starts_its_next_game() -> None:
    envs = rl.vector_env("tictactoe", num_envs=2, seed=20)
    observations, _ = envs.reset()
    rng = np.random.default_rng(1)
    for _ in range(20):
        observations, rewards, terminated, _, _ = envs.step(rl.sample_masked(observations["action_mask"], rng))
        if terminated.any():
            break
    ended = int(np.flatnonzero(terminated)[0])
    assert not observations["action_mask"][ended].any()
    assert rewards[ended] in (-2.0, 0.0, 2.0)  # score_diff: a win is +2 in tic-tac-toe (scores are ±1)
    seed_before = envs.envs[ended].unwrapped.game_seed
    observations, *_ = envs.step(rl.sample_masked(observations["action_mask"], rng))
    assert observations["action_mask"][ended].any()
    assert envs.envs[ended].unwrapped.game_seed == seed_before + 1  # the copy's next seed, as a lone env counts


def test_observation_only_copies_and_worker_processes() -> None:
    envs = rl.vector_env("tictactoe", num_envs=2, seed=4, asynchronous=True, observation_only=True)
    try:
        observations, _ = envs.reset()
        assert observations.shape == (2, 27) and observations.dtype == np.float32
        masks = rl.action_masks(envs)
        assert masks.shape == (2, 9) and masks.all()  # an empty board: every cell is legal
        observations, *_ = envs.step(np.array([4, 0]))
        assert observations[0].reshape(3, 9)[0, 4] == 1  # seat 0's own mark is in plane 0 of seat 0's view...
        assert observations[0].reshape(3, 9)[2].sum() == 7  # ...after the random bot answered: 7 cells empty
    finally:
        envs.close()


def test_observation_only_keeps_the_mask_reachable() -> None:
    env = rl.ObservationOnly(rl.gym_env("planet_steam", players=2, seed=2))
    observation, _ = env.reset()
    assert isinstance(env.observation_space, spaces.Box) and observation.shape == env.observation_space.shape
    mask = env.get_wrapper_attr("action_masks")()
    assert mask.dtype == bool and sorted(np.flatnonzero(mask).tolist()) == sorted(env.unwrapped.legal_slots())
