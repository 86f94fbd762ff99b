"""Whole episodes of every game, to the end, with the rewards the docs promise."""

from __future__ import annotations

import numpy as np
import pytest
from rl_helpers import game_cases, play_aec

from brassboard import rl


@pytest.mark.parametrize(("game_id", "players"), game_cases())
@pytest.mark.parametrize("reward", ["score_diff", "win_loss", "score"])
def test_full_aec_episodes_pay_the_documented_rewards(game_id: str, players: int, reward: str) -> None:
    if reward == "win_loss" and players == 1:
        pytest.skip("win/loss needs two players")
    env = rl.env(game_id, players=players, seed=2, reward=reward)
    env.reset()
    totals = play_aec(env, np.random.default_rng(4))
    assert not env.agents and env.game_state.is_over()
    scores = [score.total for score in env.game_state.scores()]
    rewards = [totals[f"player_{seat}"] for seat in range(players)]
    if reward == "score":
        assert rewards == scores
    elif reward == "score_diff":
        if players == 1:
            assert rewards == scores
        else:
            expected = [s - (sum(scores) - s) / (players - 1) for s in scores]
            assert rewards == pytest.approx(expected)
            assert sum(rewards) == pytest.approx(0.0)  # zero-sum
    else:
        best = max(scores)
        if all(s == best for s in scores):
            assert rewards == [0.0] * players
        else:
            assert rewards == [1.0 if s == best else -1.0 for s in scores]


@pytest.mark.parametrize(("game_id", "players"), game_cases())
def test_full_gym_episodes_end_with_the_final_reward(game_id: str, players: int) -> None:
    seat = players - 1
    env = rl.gym_env(game_id, players=players, seat=seat, seed=6)
    observation, _ = env.reset()
    rng = np.random.default_rng(0)
    rewards = []
    terminated = False
    while not terminated:
        observation, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert not truncated
        rewards.append(reward)
    assert env.game_state.is_over()
    assert all(r == 0.0 for r in rewards[:-1])  # paid once, at the end
    scores = env.game_state.scores()
    assert rewards[-1] == pytest.approx(rl.score_difference(scores, seat))
    assert info["scores"] == [score.total for score in scores]


def test_a_custom_reward_function() -> None:
    env = rl.env("tictactoe", reward=lambda scores, seat: 10.0 * scores[seat].total)
    env.reset()
    totals = play_aec(env, np.random.default_rng(1))
    scores = env.game_state.scores()
    assert [totals["player_0"], totals["player_1"]] == [10.0 * scores[0].total, 10.0 * scores[1].total]


def test_max_steps_truncates_every_agent_without_reward() -> None:
    env = rl.env("planet_steam", players=2, max_steps=10)
    env.reset()
    totals = play_aec(env, np.random.default_rng(0))
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert not env.game_state.is_over() and env.driver.steps == 10
    gym = rl.gym_env("planet_steam", players=2, max_steps=5)
    observation, _ = gym.reset()
    for step in range(5):
        observation, reward, terminated, truncated, _ = gym.step(int(np.flatnonzero(observation["action_mask"])[0]))
        assert truncated == (step == 4) and not terminated and reward == 0.0


def test_simultaneous_phases_are_served_in_cyclic_seat_order(race: str) -> None:
    env = rl.env(race, players=3)
    env.reset()
    order = []
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        order.append(agent)
        env.step(env.slot_of(agent, "step 2"))  # everyone needs 3 steps of 2 to pass 5
    assert order == ["player_0", "player_1", "player_2"] * 3
    assert rl.next_to_act([0, 2], after=0, players=3) == 2
    assert rl.next_to_act([0, 2], after=2, players=3) == 0
    assert rl.next_to_act([1], after=None, players=3) == 1
    assert rl.next_to_act([], after=1, players=3) is None


def test_gym_learner_and_bots_share_a_simultaneous_phase(race: str) -> None:
    seen = []

    def bot(state: object, seat: int) -> rl.actions.Action:
        seen.append(seat)
        return rl.actions.Action("step", 1)

    env = rl.gym_env(race, players=3, seat=1, opponents={0: bot, 2: bot})
    env.reset()
    assert seen == [0]  # seat 0 acts first, then the env waits for the learner
    env.step(0)
    assert seen == [0, 2, 0]
