"""Tharos through ``brassboard.rl``: a four-player AEC episode to the end, a Gymnasium learner against greedy bots,
and action-card hands that never reach another seat's observation. (tests/rl covers every registered game at 2
and 3 players with the generic checks.)"""

from __future__ import annotations

import numpy as np
import pytest

from brassboard import rl


def test_a_four_player_aec_episode_pays_the_score_differences() -> None:
    env = rl.env("tharos", players=4, seed=3)
    env.reset()
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    most = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        most = max(most, len(legal))
        env.step(int(rng.choice(legal)))
    state = env.game_state
    assert state.is_over()
    scores = [s.total for s in state.scores()]
    expected = [s - (sum(scores) - s) / 3 for s in scores]
    assert [totals[f"player_{seat}"] for seat in range(4)] == pytest.approx(expected)
    assert most <= rl.DEFAULT_MAX_ACTIONS


def test_a_gym_learner_against_greedy_bots() -> None:
    env = rl.gym_env("tharos", players=3, seat=1, opponents="greedy", seed=8)
    observation, _ = env.reset()
    rng = np.random.default_rng(2)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert env.game_state.active_players() == [1] or env.game_state.is_over()
        observation, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert terminated and not truncated
    scores = env.game_state.scores()
    assert reward == pytest.approx(rl.score_difference(scores, 1))
    assert info["scores"] == [s.total for s in scores]


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[key], b[key]) for key in a)


def test_another_players_hand_never_reaches_an_observation() -> None:
    env = rl.env("tharos", players=3, seed=4)
    env.reset()
    state = env.game_state
    deck = state.board.action_deck  # type: ignore[attr-defined]
    hand = state.guilds[2].hand  # type: ignore[attr-defined]
    hand.append(deck.pop())  # player 2 holds a card ...
    state._legal = {}  # type: ignore[attr-defined]
    before = {agent: env.observe(agent) for agent in env.agents}
    hand[0], deck[0] = deck[0], hand[0]  # ... then another one: the hand and deck sizes stay
    state._legal = {}  # type: ignore[attr-defined]
    assert same(env.observe("player_0"), before["player_0"])
    assert same(env.observe("player_1"), before["player_1"])
    assert not same(env.observe("player_2"), before["player_2"]), "the owner sees its own hand"
