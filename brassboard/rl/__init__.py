"""Reinforcement learning over the Brassboard engine: PettingZoo (AEC) and Gymnasium environments with action masks.

    from brassboard import rl
    aec = rl.env("planet_steam", players=3, seed=7)           # PettingZoo AECEnv, agents player_0..player_2
    gym = rl.gym_env("tictactoe", seat=1, opponents="random")  # Gymnasium Env, the other seats played by bots
    envs = rl.vector_env("planet_steam", num_envs=8)            # gymnasium.vector: 8 copies of the Gym env

Observations come from ``state.view(player)`` only; see docs/rl.md for the spaces, rewards, encoding and limits.
Needs the optional dependencies: ``pip install 'brassboard[rl]'`` (gymnasium, pettingzoo, numpy). Nothing else in
Brassboard imports this package, so the engine and the server run without them.
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"brassboard.rl needs gymnasium, pettingzoo and numpy ({exc.name} is missing): "
        "pip install 'brassboard[rl]'"
    ) from exc

from .actions import (
    ActionCodec,
    ActionCodecError,
    ActionFeaturizer,
    ActionOverflowError,
    FixedActionCodec,
    LegalListCodec,
    SlotAssignment,
    action_sort_key,
)
from .aec import BrassboardAECEnv, IllegalSlotError, env
from .core import DEFAULT_ACTION_FEATURES, DEFAULT_MAX_ACTIONS, next_to_act
from .encoders import HashingEncoder, ObservationEncoder, register_action_codec, register_observation_encoder
from .gym_env import BrassboardGymEnv, env_id, gym_env, register_envs
from .rewards import REWARDS, score_difference, win_loss
from .vector import ObservationOnly, action_masks, sample_masked, vector_env

__all__ = [
    "DEFAULT_ACTION_FEATURES", "DEFAULT_MAX_ACTIONS", "REWARDS", "ActionCodec", "ActionCodecError", "ActionFeaturizer",
    "ActionOverflowError", "BrassboardAECEnv", "BrassboardGymEnv", "FixedActionCodec", "HashingEncoder",
    "IllegalSlotError", "LegalListCodec", "ObservationEncoder", "ObservationOnly", "SlotAssignment", "action_masks",
    "action_sort_key", "env", "env_id", "gym_env", "next_to_act", "register_action_codec", "register_envs",
    "register_observation_encoder", "sample_masked", "score_difference", "vector_env", "win_loss",
]
