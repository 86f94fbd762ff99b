"""RL environment throughput: env steps per second per game, random masked actions. Prints figures, asserts none.

    .venv/bin/python bench/bench_rl.py [--seconds S] [--json]

For every registered game (at its default player count, the smallest contest) it measures:
  * aec:    PettingZoo AEC steps/s — ``last()`` (builds the selected agent's observation) + ``step()``;
  * gym:    Gymnasium steps/s of the learner in seat 0, random bots in the other seats (their moves are inside);
  * engine: the bare engine's actions/s on the same random play (``legal_actions`` + ``apply``), for scale.
Dead steps at the end of AEC episodes are counted as steps, as a training loop would run them. Every choice comes
from a seeded generator, so runs differ only in timing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from brassboard import rl
from brassboard.engine import game_info, games, new_game
from brassboard.rl.core import default_players


def rate_of(step: Callable[[], int], seconds: float) -> float:
    """Units per second of ``step`` (which returns how many units it did) over about ``seconds``."""
    step()  # warm-up: imports, caches
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def aec_episode(env: rl.BrassboardAECEnv, rng: np.random.Generator) -> int:
    env.reset()
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


def gym_episode(env: rl.BrassboardGymEnv, rng: np.random.Generator) -> int:
    observation, _ = env.reset()
    steps, done = 0, False
    while not done:
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        done = terminated or truncated
        steps += 1
    return steps


def engine_episode(game_id: str, players: int, seed: int, rng: random.Random) -> int:
    state = new_game(game_id, players, seed)
    steps = 0
    while not state.is_over():
        player = state.active_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        steps += 1
    return steps


def bench_game(game_id: str, seconds: float) -> dict[str, Any]:
    players = default_players(game_info(game_id))
    aec = rl.env(game_id, players=players, seed=1)
    gym = rl.gym_env(game_id, players=players, seed=1)
    rng = np.random.default_rng(1)
    seeds = iter(range(10**9))
    py_rng = random.Random(1)
    return {
        "game": game_id,
        "players": players,
        "actions": int(aec.action_space("player_0").n),
        "observation": int(aec.observation_space("player_0")["observation"].shape[0]),
        "aec_steps_per_s": rate_of(lambda: aec_episode(aec, rng), seconds),
        "gym_steps_per_s": rate_of(lambda: gym_episode(gym, rng), seconds),
        "engine_actions_per_s": rate_of(lambda: engine_episode(game_id, players, next(seeds), py_rng), seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each figure (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    args = parser.parse_args()
    rows = [bench_game(game_id, args.seconds) for game_id in games()]
    if args.json:
        print(json.dumps({"python": platform.python_version(), "results": rows}, indent=1))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; random masked actions")
    print(f"{'game':<16}{'players':>8}{'slots':>7}{'obs':>6}{'AEC steps/s':>13}{'Gym steps/s':>13}{'engine/s':>11}")
    for row in rows:
        print(f"{row['game']:<16}{row['players']:>8}{row['actions']:>7}{row['observation']:>6}"
              f"{row['aec_steps_per_s']:>13,.0f}{row['gym_steps_per_s']:>13,.0f}{row['engine_actions_per_s']:>11,.0f}")


if __name__ == "__main__":
    main()
