"""The Gymnasium environment: one learner in ``seat``, every other seat played by a bot.

The learner's observation and action space are those of the AEC env's agent (see :mod:`brassboard.rl.core`). After
each learner action the opponents play — in the same serialised turn order — until the learner must act again or
the game ends. The reward is paid when the game ends (:mod:`brassboard.rl.rewards`); ``terminated`` is then True.

Illegal actions: Gymnasium learners and ``check_env`` sample the whole ``Discrete`` space, so by default
(``illegal_action="penalize"``) an empty slot costs ``illegal_penalty`` and changes nothing; ``"raise"`` refuses it.
Maskable learners read ``observation["action_mask"]`` or call :meth:`BrassboardGymEnv.action_masks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from brassboard.bots import Bot, make_bot, seat_seed
from brassboard.engine import Action, GameState, games

from .actions import ActionCodec, OverflowPolicy
from .aec import IllegalActionPolicy, IllegalSlotError, slot_number
from .core import GameDriver, Observation, check_policies, make_settings, observation_space
from .encoders import ObservationEncoder
from .rewards import RewardFn

Policy = Callable[[GameState, int], Action]
"""An opponent as a plain function: (full state, seat) -> one of the legal actions."""

OpponentSpec = str | Bot | Policy
"""A bot kind (``"random"``, or one of the game's own, e.g. ``"greedy"``), a Bot object, or a policy function.

Bot kinds are built afresh every episode, seeded ``seat_seed(game_seed, seat)`` (as the CLI's bot matches are), so
episodes replay exactly; Bot objects and functions are used as given.
"""

Opponents = OpponentSpec | Sequence[OpponentSpec] | Mapping[int, OpponentSpec]
"""One spec for every other seat, one per other seat in seat order, or a mapping seat -> spec."""


def _opponent_specs(opponents: Opponents, seat: int, players: int) -> dict[int, OpponentSpec]:
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, Mapping):
        if sorted(opponents) != others:
            raise ValueError(f"opponents must name exactly the seats {others}, not {sorted(opponents)}")
        return dict(opponents)
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        return dict.fromkeys(others, opponents)
    if len(opponents) != len(others):
        raise ValueError(f"{len(others)} opponent(s) needed for seats {others}, got {len(opponents)}")
    return dict(zip(others, opponents, strict=True))


class BrassboardGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """A Brassboard game as a single-agent Gymnasium environment. Build it with :func:`brassboard.rl.gym_env`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        seat: int = 0,
        opponents: Opponents = "random",
        max_actions: int | None = None,
        overflow: OverflowPolicy = "raise",
        action_codec: ActionCodec | None = None,
        observation_size: int | None = None,
        observation_encoder: ObservationEncoder | None = None,
        action_feature_size: int | None = None,
        reward: str | RewardFn = "score_diff",
        illegal_action: IllegalActionPolicy = "penalize",
        illegal_penalty: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        check_policies(illegal_action, render_mode)
        self.settings = make_settings(
            game_id, players, options, max_actions=max_actions, overflow=overflow, action_codec=action_codec,
            observation_size=observation_size, observation_encoder=observation_encoder,
            action_feature_size=action_feature_size, reward=reward, max_steps=max_steps)
        if not 0 <= seat < self.settings.players:
            raise ValueError(f"seat must be 0-{self.settings.players - 1}, not {seat}")
        self.seat = seat
        self.opponent_specs = _opponent_specs(opponents, seat, self.settings.players)
        for spec in self.opponent_specs.values():
            if isinstance(spec, str):
                make_bot(spec, game_id, 0)  # an unknown kind fails here, not at the first reset
        self.driver = GameDriver(self.settings)
        self.observation_space = observation_space(self.settings)
        self.action_space = spaces.Discrete(self.settings.codec.size)
        self.render_mode = render_mode
        self.illegal_action: IllegalActionPolicy = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.initial_seed = seed
        self._game_seed: int | None = None
        self._opponents: dict[int, Policy] = {}
        self._learner_steps = 0
        self._dropped = 0

    # ----- the Gymnasium API ------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (engine seed as in the AEC env: ``seed``, else the constructor's, then +1 per episode)
        and let the opponents play up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            game_seed = int(seed)
        elif self._game_seed is None:
            game_seed = self.initial_seed
        else:
            game_seed = self._game_seed + 1
        self._game_seed = game_seed
        self.action_space.seed(game_seed)
        self.driver.new_game(game_seed)
        self._opponents = {seat: self._policy(spec, seat, game_seed) for seat, spec in self.opponent_specs.items()}
        self._learner_steps = 0
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        driver = self.driver
        if driver.is_over():
            raise RuntimeError("the episode has ended; call reset()")
        chosen = driver.decode(self.seat, slot_number(action)) if driver.to_act() == self.seat else None
        self._learner_steps += 1
        if chosen is None:
            if self.illegal_action == "raise":
                raise IllegalSlotError(f"seat {self.seat} has no legal action in slot {action!r}")
            truncated = self._step_limit_reached()
            return self._observe(), self.illegal_penalty, False, truncated, self._info(illegal_action=True)
        driver.apply_decoded(self.seat, chosen)
        self._play_opponents()
        if driver.is_over():
            reward = driver.final_rewards()[self.seat]
            scores = [score.total for score in driver.game.scores()]
            return self._observe(), reward, True, False, self._info(scores=scores)
        return self._observe(), 0.0, False, self._step_limit_reached(), self._info()

    def render(self) -> str | None:  # type: ignore[override]  # ansi only: the base class allows any frame type
        if self.render_mode == "ansi":
            return self.driver.game.render_text(None)
        return None

    # ----- beyond the Gymnasium API ---------------------------------------------------------------------------
    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal slots now (the method maskable learners such as sb3-contrib's MaskablePPO call)."""
        return self._observe()["action_mask"].astype(bool)

    @property
    def game_state(self) -> GameState:
        """The engine state (for analysis and tests; observations never read it, only the learner's view)."""
        return self.driver.game

    @property
    def game_seed(self) -> int | None:
        return self._game_seed

    def legal_slots(self) -> dict[int, Action]:
        """Action slot -> legal action of the learner now."""
        if self.driver.to_act() != self.seat:
            return {}
        return dict(self.driver.assignment(self.seat).by_slot)

    # ----- internals --------------------------------------------------------------------------------------------
    def _policy(self, spec: OpponentSpec, seat: int, game_seed: int) -> Policy:
        if isinstance(spec, str):
            return make_bot(spec, self.settings.game_id, seat_seed(game_seed, seat)).choose
        if isinstance(spec, Bot):
            return spec.choose
        return spec

    def _play_opponents(self) -> None:
        driver = self.driver
        while (seat := driver.to_act()) is not None and seat != self.seat:
            driver.apply(seat, self._opponents[seat](driver.game, seat))

    def _observe(self) -> Observation:
        may_act = self.driver.to_act() == self.seat
        return self.driver.observe(self.seat, may_act)

    def _step_limit_reached(self) -> bool:
        limit = self.settings.max_steps
        return limit is not None and self._learner_steps >= limit

    def _info(self, **extra: Any) -> dict[str, Any]:
        info: dict[str, Any] = {"game_seed": self._game_seed, **extra}
        if self.driver.to_act() == self.seat:
            dropped = self.driver.assignment(self.seat).dropped
            if dropped:
                info["actions_dropped"] = dropped
        return info


def gym_env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    seat: int = 0,
    opponents: Opponents = "random",
    **settings: Any,
) -> BrassboardGymEnv:
    """A Gymnasium environment of ``game_id`` for the learner in ``seat`` (see :class:`BrassboardGymEnv`)."""
    return BrassboardGymEnv(game_id, players, options, seed, seat=seat, opponents=opponents, **settings)


ENV_ID_PREFIX = "Brassboard/"


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game, e.g. ``Brassboard/tictactoe-v0``."""
    return f"{ENV_ID_PREFIX}{game_id}-v0"


def register_envs() -> list[str]:
    """Register ``Brassboard/<game>-v0`` with Gymnasium for every registered game (idempotent); returns the ids.

    Then ``gymnasium.make("Brassboard/tictactoe-v0", seat=1)`` works; keyword arguments go to :func:`gym_env`.
    """
    ids = []
    for game_id in games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:BrassboardGymEnv", kwargs={"game_id": game_id})
        ids.append(name)
    return ids
