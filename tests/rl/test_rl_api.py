"""The environments pass the official checkers: PettingZoo's api_test and Gymnasium's check_env, for every game."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from rl_helpers import game_cases

from brassboard import rl
from brassboard.engine import games


@pytest.fixture(autouse=True)
def _quiet_checker_advice() -> None:
    # the checkers' advice (dict observations, infinite Box bounds of the hashed encoding) is expected: see docs/rl.md
    warnings.filterwarnings("ignore", category=UserWarning, module=r"(pettingzoo|gymnasium)\..*")


@pytest.mark.parametrize(("game_id", "players"), game_cases())
def test_pettingzoo_api_test_passes(game_id: str, players: int) -> None:
    env = rl.env(game_id, players=players, seed=3)
    # enough cycles for api_test's play-through to reach the end of the game (rewards, dead steps)
    api_test(env, num_cycles=1000)


@pytest.mark.parametrize(("game_id", "players"), game_cases())
def test_gymnasium_check_env_passes(game_id: str, players: int) -> None:
    check_env(rl.gym_env(game_id, players=players, seed=3, seat=players - 1), skip_render_check=True)


def test_simultaneous_toy_game_passes_api_test(race: str) -> None:
    env = rl.env(race, players=3)
    api_test(env, num_cycles=100)


def test_gymnasium_ids_are_registered_for_every_game() -> None:
    ids = rl.register_envs()
    assert ids == [rl.env_id(game_id) for game_id in games()]
    assert rl.register_envs() == ids  # idempotent
    env = gymnasium.make("Brassboard/tictactoe-v0", seat=1, seed=4)
    observation, info = env.reset()
    assert info["game_seed"] == 4
    assert observation["action_mask"].sum() == 8  # the random opponent (seat 0) has marked one cell
    assert isinstance(env.unwrapped, rl.BrassboardGymEnv)
    env.close()


def test_render_shows_the_spectator_picture() -> None:
    env = rl.env("tictactoe", render_mode="ansi")
    env.reset()
    env.step(env.slot_of("player_0", "mark b2"))
    assert env.render() == env.game_state.render_text(None)
    gym = rl.gym_env("tictactoe", render_mode="ansi")
    gym.reset()
    assert isinstance(gym.render(), str)


def test_unknown_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        rl.env("tictactoe", players=3)
    with pytest.raises(ValueError, match="no option"):
        rl.env("tictactoe", options={"colour": "red"})
    with pytest.raises(ValueError, match="unknown reward"):
        rl.env("tictactoe", reward="elo")
    with pytest.raises(ValueError, match="at least two players"):
        rl.env("planet_unknown", players=1, reward="win_loss")
    with pytest.raises(ValueError, match="unknown bot kind"):
        rl.gym_env("tictactoe", opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        rl.gym_env("tictactoe", seat=2)
    with pytest.raises(ValueError, match="opponent"):
        rl.gym_env("planet_steam", players=3, opponents=["random"])
