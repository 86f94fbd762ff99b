"""More legal actions than action slots is never silently wrong: it raises, or truncates visibly."""

from __future__ import annotations

import numpy as np
import pytest

from brassboard import rl
from brassboard.engine import Action
from brassboard.rl.actions import FixedActionCodec, LegalListCodec


def test_overflow_raises_by_default() -> None:
    env = rl.env("planet_steam", players=2, seed=0, max_actions=8)
    with pytest.raises(rl.ActionOverflowError, match=r"legal actions do not fit in 8 action slots"):
        env.reset()  # the first decision already offers more than 8 actions
        for _ in range(100):
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))


def test_overflow_truncate_keeps_the_first_slots_and_says_how_many_were_dropped() -> None:
    env = rl.env("planet_steam", players=2, seed=0, max_actions=8, overflow="truncate")
    env.reset()
    rng = np.random.default_rng(1)
    crowded = 0
    for _ in range(150):
        agent = env.agent_selection
        legal = sorted(env.game_state.legal_actions(int(agent.split("_")[1])), key=rl.action_sort_key)
        observation, _, _, _, info = env.last()
        assert observation["action_mask"].sum() == min(len(legal), 8)
        assert list(env.legal_slots(agent).values()) == legal[:8]  # the first 8 in canonical order
        assert info.get("actions_dropped", 0) == max(len(legal) - 8, 0)
        crowded += len(legal) > 8
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert crowded > 10


def test_exactly_full_is_no_overflow() -> None:
    codec = LegalListCodec(3)
    assignment = codec.assign([Action("pick", 3), Action("pick", 1), Action("pick", 2)])
    assert assignment.slots == (0, 1, 2) and assignment.dropped == 0
    assert [str(a) for a in assignment.actions] == ["pick 1", "pick 2", "pick 3"]
    with pytest.raises(rl.ActionOverflowError):
        codec.assign([Action("pick", n) for n in range(4)])
    truncated = LegalListCodec(3, overflow="truncate").assign([Action("pick", n) for n in range(5)])
    assert truncated.dropped == 2 and [str(a) for a in truncated.actions] == ["pick 0", "pick 1", "pick 2"]


def test_a_fixed_codec_refuses_an_action_it_does_not_know() -> None:
    codec = FixedActionCodec([Action("mark", "a1"), Action("mark", "b1")])
    assert codec.assign([Action("mark", "b1")]).by_slot == {1: Action("mark", "b1")}
    with pytest.raises(rl.ActionCodecError, match="no slot"):
        codec.assign([Action("mark", "c1")])


def test_illegal_slots_raise_or_are_penalised() -> None:
    env = rl.env("tictactoe")
    env.reset()
    env.step(4)
    with pytest.raises(rl.IllegalSlotError):
        env.step(4)  # taken
    penalised = rl.env("tictactoe", illegal_action="penalize", illegal_penalty=-0.5)
    penalised.reset()
    penalised.step(4)
    board = penalised.game_state.view(0)["board"]
    penalised.step(4)
    _, reward, terminated, _, info = penalised.last()
    assert (reward, terminated, info["illegal_action"]) == (-0.5, False, True)
    assert penalised.agent_selection == "player_1" and penalised.game_state.view(0)["board"] == board
    gym = rl.gym_env("tictactoe")
    gym.reset()
    _, reward, terminated, _, _ = gym.step(4)  # the centre; the random opponent answers
    assert reward == 0.0 and not terminated
    board = gym.game_state.view(0)["board"]
    _, reward, terminated, _, info = gym.step(4)  # taken: penalised, nothing changes
    assert (reward, terminated, info["illegal_action"]) == (-1.0, False, True)
    assert gym.game_state.view(0)["board"] == board
    strict = rl.gym_env("tictactoe", illegal_action="raise")
    strict.reset()
    with pytest.raises(rl.IllegalSlotError):
        strict.step(9)
