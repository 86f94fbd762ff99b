"""The PettingZoo AEC environment: every seat of a Brassboard game is an agent ``player_<seat>``.

Agents act one at a time in the serialised turn order of :mod:`brassboard.rl.core` (simultaneous phases included).
An agent's observation is built from its own ``view`` only; its ``action_mask`` is non-zero only while the env waits
for that agent. Rewards come once, when the game ends (:mod:`brassboard.rl.rewards`); every agent is then terminated
and, as PettingZoo requires, stepped once more with ``None`` to leave.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from brassboard.engine import Action

from .actions import ActionCodec, FixedActionCodec, OverflowPolicy
from .core import GameDriver, Observation, check_policies, make_settings, observation_space
from .encoders import ObservationEncoder
from .rewards import RewardFn

IllegalActionPolicy = Literal["raise", "penalize"]


class IllegalSlotError(ValueError):
    """``step`` was given an action slot that holds no legal action (illegal-action policy ``"raise"``)."""


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def seat_of(agent: str) -> int:
    prefix, _, number = agent.rpartition("_")
    if prefix != "player" or not number.isdigit():
        raise ValueError(f"agents are named player_<seat>, not {agent!r}")
    return int(number)


def slot_number(action: Any) -> int:
    """An action slot from an int or a NumPy integer (learners hand out both); anything else is refused."""
    kind = type(action)
    if kind is int or kind is np.int64:  # the usual cases first: this runs every step
        return int(action)
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            return int(action)
        raise TypeError(f"an action is the number of an action slot, not {action!r}")
    return int(action)


class BrassboardAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A Brassboard game as a PettingZoo AEC environment. Build it with :func:`brassboard.rl.env`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "brassboard_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        max_actions: int | None = None,
        overflow: OverflowPolicy = "raise",
        action_codec: ActionCodec | None = None,
        observation_size: int | None = None,
        observation_encoder: ObservationEncoder | None = None,
        action_feature_size: int | None = None,
        reward: str | RewardFn = "score_diff",
        illegal_action: IllegalActionPolicy = "raise",
        illegal_penalty: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_policies(illegal_action, render_mode)
        self.settings = make_settings(
            game_id, players, options, max_actions=max_actions, overflow=overflow, action_codec=action_codec,
            observation_size=observation_size, observation_encoder=observation_encoder,
            action_feature_size=action_feature_size, reward=reward, max_steps=max_steps)
        self.driver = GameDriver(self.settings)
        self.metadata = {**self.metadata, "name": f"brassboard_{game_id}_v0"}
        self.render_mode = render_mode
        self.illegal_action: IllegalActionPolicy = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.initial_seed = seed
        self.possible_agents: list[str] = [agent_name(seat) for seat in range(self.settings.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # only a truncating legal-list codec leaves legal actions without a slot (others raise or cannot overflow)
        codec = self.settings.codec
        self._may_drop = not isinstance(codec, FixedActionCodec) and getattr(codec, "overflow", "truncate") != "raise"
        # one space object per agent, kept: PettingZoo asks that observation_space(a) is always the same object
        self.observation_spaces = {agent: observation_space(self.settings) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.settings.codec.size) for agent in self.possible_agents}
        self._max_steps = self.settings.max_steps
        self._game_seed: int | None = None
        self._unseeded_spaces: int | None = None
        self._paid = False

    # ----- spaces ---------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        self._seed_spaces()
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        self._seed_spaces()
        return self.action_spaces[agent]

    def _seed_spaces(self) -> None:
        """Seed every space with the game's seed, once per reset, when a space is first asked for: so that masked
        sampling repeats with the game. (Lazily, because seeding ten generators costs more than a tic-tac-toe game.)"""
        if self._unseeded_spaces is not None:
            seed, self._unseeded_spaces = self._unseeded_spaces, None
            for space in (*self.action_spaces.values(), *self.observation_spaces.values()):
                space.seed(seed)

    # ----- the AEC API -----------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. Its engine seed is ``seed``; without one, the constructor's seed on the first reset and
        the previous game's seed + 1 after that (so a run of episodes is reproducible from the constructor's seed)."""
        if seed is not None:
            game_seed = seed if type(seed) is int else int(seed)
        elif self._game_seed is None:
            game_seed = self.initial_seed
        else:
            game_seed = self._game_seed + 1
        self._game_seed = game_seed
        self._unseeded_spaces = game_seed  # seeded when first asked for (see _seed_spaces)
        self.driver.new_game(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {"game_seed": game_seed} for agent in self.agents}
        self._paid = False  # True while some reward (a penalty, the end) is not zero
        seat = self.driver.to_act()
        if seat is None:  # a game over before anyone acts: end the episode at once
            self._end_game()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]
            self._note_dropped_actions(seat)

    def observe(self, agent: str) -> Observation:
        seat = self._seats.get(agent)
        if seat is None:
            seat = seat_of(agent)  # not one of ours: raises, naming the agent
        may_act = agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent))
        return self.driver.observe(seat, may_act)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # rewards are zero but after a penalty or the end: clear them only then (every step counts)
            self._clear_rewards()
            self._paid = False
            self.infos[agent].pop("illegal_action", None)
        driver = self.driver
        if action is None or not driver.play(seat, slot_number(action)):
            if self.illegal_action == "raise":
                raise IllegalSlotError(f"{agent} has no legal action in slot {action!r}; follow the action_mask")
            # penalised: the state is unchanged and the same agent must choose again
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent]["illegal_action"] = True
            self._paid = True
            self._accumulate_rewards()
            return
        following = driver.to_act()
        if following is None:
            self._end_game()
        elif self._max_steps is not None and driver.steps >= self._max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[following]
            if self._may_drop:
                self._note_dropped_actions(following)
        if self._paid:
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.driver.game.render_text(None)  # the spectator's picture: no player's secrets
        return None

    def close(self) -> None:
        pass

    # ----- beyond the AEC API ---------------------------------------------------------------------------------
    @property
    def game_state(self) -> Any:
        """The engine state (for analysis and tests; observations never read it, only each player's view)."""
        return self.driver.game

    @property
    def game_seed(self) -> int | None:
        """The engine seed of the current game (replay it with the logged actions)."""
        return self._game_seed

    def legal_slots(self, agent: str) -> dict[int, Action]:
        """Action slot -> legal action of ``agent`` now (empty unless the env waits for ``agent``)."""
        if agent != self.agent_selection or self.terminations.get(agent) or self.truncations.get(agent):
            return {}
        return dict(self.driver.assignment(seat_of(agent)).by_slot)

    def slot_of(self, agent: str, action: Action | str) -> int:
        """The slot of a legal action of ``agent`` given as a value or in notation, e.g. ``"mark b2"``."""
        wanted = Action.parse(action) if isinstance(action, str) else action
        for slot, legal in self.legal_slots(agent).items():
            if legal == wanted:
                return slot
        raise ValueError(f"'{wanted}' is not a legal action of {agent} now")

    # ----- internals --------------------------------------------------------------------------------------------
    def _end_game(self) -> None:
        scores = self.driver.game.scores()
        rewards = self.driver.final_rewards(scores)
        totals = [score.total for score in scores]
        self._paid = True
        seats = self._seats
        for agent in self.agents:
            self.rewards[agent] = rewards[seats[agent]]
            self.terminations[agent] = True
            self.infos[agent]["scores"] = list(totals)

    def _note_dropped_actions(self, seat: int) -> None:
        """Under overflow policy "truncate", tell the agent in its info how many legal actions got no slot."""
        if not self._may_drop:
            return
        agent = self.possible_agents[seat]
        dropped = self.driver.assignment(seat).dropped
        if dropped:
            self.infos[agent]["actions_dropped"] = dropped
        else:
            self.infos[agent].pop("actions_dropped", None)


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    **settings: Any,
) -> BrassboardAECEnv:
    """A PettingZoo AEC environment of ``game_id`` (see :class:`BrassboardAECEnv` and docs/rl.md for ``settings``)."""
    return BrassboardAECEnv(game_id, players, options, seed, **settings)
