"""Vectorised Gymnasium environments: several copies of the single-learner env stepped as one batch.

    from brassboard import rl
    envs = rl.vector_env("planet_steam", num_envs=8, players=2, opponents="random", seed=0)
    observations, infos = envs.reset()
    masks = observations["action_mask"]                     # (8, slots) int8: each copy's legal slots now

Copy ``i`` is :func:`brassboard.rl.gym_env` with constructor seed ``seed + i * SEED_STRIDE``, so the copies play
different games and every copy's run of episodes still replays from the one ``seed``. ``asynchronous=True`` runs the
copies in worker processes (``gymnasium.vector.AsyncVectorEnv``), else in this process (``SyncVectorEnv``).

Autoreset: Gymnasium's default ("next step"): after a copy's episode ends, its next ``step`` ignores the action given
for it and resets it. Until then its observation is the final one, whose mask is all zeros — send any slot (e.g. 0)
for such a copy; :func:`sample_masked` does.

:class:`ObservationOnly` narrows the ``Dict`` observation to the encoded view (a plain ``Box``) for learners whose
policies take one array (e.g. sb3-contrib's MaskablePPO with ``MlpPolicy``); the mask stays reachable through
``action_masks()``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

from .gym_env import BrassboardGymEnv, gym_env

SEED_STRIDE = 1_000_003
"""Distance between the constructor seeds of neighbouring copies (a prime far beyond any run's episode count)."""


class ObservationOnly(gymnasium.ObservationWrapper[npt.NDArray[np.float32], np.int64, dict[str, Any]]):
    """The env's observation reduced to its ``"observation"`` array; ``action_masks()`` still gives the mask."""

    def __init__(self, env: gymnasium.Env[dict[str, Any], np.int64]) -> None:
        super().__init__(env)
        space = env.observation_space
        if not isinstance(space, spaces.Dict) or "observation" not in space.spaces:
            raise TypeError("ObservationOnly wraps a Brassboard env (a Dict space with an 'observation' entry)")
        self.observation_space = space["observation"]

    def observation(self, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        return observation["observation"]  # type: ignore[no-any-return]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        masks: npt.NDArray[np.bool_] = self.env.get_wrapper_attr("action_masks")()
        return masks


def _make_copy(game_id: str, players: int | None, options: Mapping[str, Any] | None, seed: int,
               observation_only: bool, settings: dict[str, Any]) -> gymnasium.Env[Any, Any]:
    env: BrassboardGymEnv = gym_env(game_id, players, options, seed, **settings)
    return ObservationOnly(env) if observation_only else env


def vector_env(
    game_id: str,
    num_envs: int = 4,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    asynchronous: bool = False,
    observation_only: bool = False,
    **settings: Any,
) -> SyncVectorEnv | AsyncVectorEnv:
    """``num_envs`` copies of :func:`brassboard.rl.gym_env` (same ``settings``: seat, opponents, reward, …) as one
    Gymnasium vector env; ``observation_only`` wraps each copy in :class:`ObservationOnly`."""
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")
    # partial of a module-level function: picklable, so worker processes can build their copy
    makers = [partial(_make_copy, game_id, players, dict(options or {}), seed + index * SEED_STRIDE,
                      observation_only, dict(settings)) for index in range(num_envs)]
    if asynchronous:
        return AsyncVectorEnv(makers)
    return SyncVectorEnv(makers)


def action_masks(envs: SyncVectorEnv | AsyncVectorEnv) -> npt.NDArray[np.bool_]:
    """Every copy's legal slots now, shape ``(num_envs, slots)`` (works with ``observation_only`` copies too)."""
    return np.stack(envs.call("action_masks")).astype(bool)


def sample_masked(masks: npt.NDArray[Any], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One uniformly random legal slot per row of ``masks``; slot 0 for a row with none (a copy whose episode just
    ended: the vector env ignores that action and resets the copy)."""
    chosen = np.zeros(len(masks), dtype=np.int64)
    for row, mask in enumerate(masks):
        legal = np.flatnonzero(mask)
        if legal.size:
            chosen[row] = legal[rng.integers(legal.size)]
    return chosen
