"""Shared helpers of the RL tests: the games to cover, a random masked player and a simultaneous toy game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from brassboard.engine import Action, GameInfo, GameState, IllegalAction, Score, game_info, games
from brassboard.rl import BrassboardAECEnv


def player_counts(game_id: str) -> list[int]:
    """The smallest count and one more (capped at the game's maximum): small games keep the suite quick."""
    info = game_info(game_id)
    smallest = info.min_players
    return sorted({smallest, min(max(smallest + 1, 2), info.max_players)})


def game_cases() -> list[tuple[str, int]]:
    """(game, players) for every registered game — discovered from the registry, so new games are covered."""
    return [(game_id, players) for game_id in games() for players in player_counts(game_id)]


StepCheck = Callable[[BrassboardAECEnv, str, dict[str, Any]], None]


def play_aec(env: BrassboardAECEnv, rng: np.random.Generator, check: StepCheck | None = None
             ) -> dict[str, float]:
    """Play one episode (already reset) with uniformly random masked actions; returns each agent's total reward."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if check is not None:
            check(env, agent, observation)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


class RaceState(GameState):
    """A test-only simultaneous game: every player, at once, takes ``step 1`` or ``step 2`` until past 5; a
    player's position is private until the end (the view shows only the own one), the first to finish wins.

    It shows that a game with no adapter module gets the generic encoding and the serialised simultaneous turns.
    """

    info = GameInfo(id="rl_race", name="Race", min_players=2, max_players=3, simultaneous=True,
                    hidden_information=True)
    GOAL = 5

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        self.position = [0] * players
        self.finish_order: list[int] = []

    def active_players(self) -> list[int]:
        if self.is_over():
            return []
        return [p for p in range(self.num_players) if self.position[p] <= self.GOAL]

    def legal_actions(self, player: int) -> list[Action]:
        return [Action("step", 2), Action("step", 1)] if player in self.active_players() else []

    def is_over(self) -> bool:
        return len(self.finish_order) == self.num_players

    def scores(self) -> list[Score]:
        points = [0] * self.num_players
        for rank, player in enumerate(self.finish_order):
            points[player] = self.num_players - rank
        return [Score(total, {"rank": total}) for total in points]

    def _apply(self, player: int, action: Action) -> None:
        if action not in self.legal_actions(player):
            raise IllegalAction(f"{action} is not possible now")
        self.position[player] += int(action[1])
        if self.position[player] > self.GOAL:
            self.finish_order.append(player)

    def view(self, player: int | None) -> dict[str, Any]:
        over = self.is_over()
        return {"you": player, "finished": list(self.finish_order),
                "position": [pos if over or p == player else None for p, pos in enumerate(self.position)]}

    def to_dict(self) -> dict[str, Any]:
        return {**self._base_dict(), "position": list(self.position), "finish_order": list(self.finish_order)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RaceState:
        state = cls.__new__(cls)
        state._restore_base(data)
        state.position, state.finish_order = list(data["position"]), list(data["finish_order"])
        return state
