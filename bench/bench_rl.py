"""RL environment throughput: env steps per second per game next to its bare engine. Prints figures, asserts none.

    .venv/bin/python bench/bench_rl.py [--seconds S] [--games a,b] [--json]

For every registered game (at its default player count, the smallest contest) it measures:
  * aec:    PettingZoo AEC steps/s — ``last()`` (builds the selected agent's observation) + ``step()``;
  * gym:    Gymnasium steps/s of the learner in seat 0, random bots in the other seats (their moves are inside);
  * engine: the bare engine's random-move rate on the same kind of play (``legal_actions`` + ``apply``);
  * ratio:  aec / engine — the share of the engine's speed an RL loop keeps (issue 13 asks >= 25 %);
and for tic-tac-toe also PettingZoo's own ``tictactoe_v3`` driven by the very same AEC loop (issue 13 asks our AEC
env to be >= 1.0x it). The figures of one game are measured interleaved (a slice of each in turn, several rounds),
so a change of load on a shared machine hits them alike and their ratios stay comparable. Time is this process's CPU
time (``time.process_time``), after a warm-up of a fifth of each figure's time: steady-state rates, as a training
run sees them, undisturbed by the other processes of a shared machine.

Dead steps at the end of AEC episodes are counted as steps, as a training loop runs them. Every choice comes from a
seeded generator (Python's ``random`` for every loop alike), so runs differ only in timing.
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

ROUNDS = 3
"""Slices of each figure, interleaved: load drift on a shared machine then hits every figure of a game alike."""

CLOCK = time.process_time
"""Seconds of this process's CPU time: on a shared machine wall time mostly measures the other processes' load."""

WARM_UP = 0.2
"""Share of a figure's time spent on it before measuring (at least one episode)."""


class Meter:
    """Accumulates units and seconds of one figure over several interleaved slices."""

    def __init__(self, step: Callable[[], int], warm_up: float) -> None:
        self.step = step
        self.done = 0
        self.seconds = 0.0
        start = CLOCK()
        step()
        while CLOCK() - start < warm_up:  # imports, memos: a training run's steady state, not its first second
            step()

    def run(self, seconds: float) -> None:
        start = CLOCK()
        while (elapsed := CLOCK() - start) < seconds:
            self.done += self.step()
        self.seconds += elapsed

    @property
    def rate(self) -> float:
        return self.done / self.seconds if self.seconds else 0.0


def measure(meters: dict[str, Meter], seconds: float) -> dict[str, float]:
    for _ in range(ROUNDS):
        for meter in meters.values():
            meter.run(seconds / ROUNDS)
    return {name: meter.rate for name, meter in meters.items()}


def aec_episode(env: Any, chooser: random.Random) -> int:
    """One episode of any PettingZoo AEC env with uniformly random masked actions (ours and PettingZoo's alike)."""
    env.reset(seed=chooser.randrange(1 << 30))
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else chooser.choice(np.flatnonzero(observation["action_mask"])))
        steps += 1
    return steps


def gym_episode(env: rl.BrassboardGymEnv, chooser: random.Random) -> int:
    observation, _ = env.reset(seed=chooser.randrange(1 << 30))
    steps, done = 0, False
    while not done:
        action = chooser.choice(np.flatnonzero(observation["action_mask"]))
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
        steps += 1
    return steps


def engine_episode(game_id: str, players: int, chooser: random.Random) -> int:
    state = new_game(game_id, players, chooser.randrange(1 << 30))
    steps = 0
    while not state.is_over():
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
        steps += 1
    return steps


def pettingzoo_tictactoe() -> Any | None:
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped]
    except ImportError:  # PettingZoo's tic-tac-toe imports pygame at module level (the yardstick extra)
        return None
    return tictactoe_v3.raw_env()


def bench_game(game_id: str, seconds: float) -> dict[str, Any]:
    players = default_players(game_info(game_id))
    aec = rl.env(game_id, players=players, seed=1)
    gym = rl.gym_env(game_id, players=players, seed=1)
    choosers = {name: random.Random(name) for name in ("aec", "gym", "engine", "pettingzoo")}
    warm_up = WARM_UP * seconds
    meters = {
        "aec": Meter(lambda: aec_episode(aec, choosers["aec"]), warm_up),
        "gym": Meter(lambda: gym_episode(gym, choosers["gym"]), warm_up),
        "engine": Meter(lambda: engine_episode(game_id, players, choosers["engine"]), warm_up),
    }
    yardstick = pettingzoo_tictactoe() if game_id == "tictactoe" else None
    if yardstick is not None:
        meters["pettingzoo"] = Meter(lambda: aec_episode(yardstick, choosers["pettingzoo"]), warm_up)
    rates = measure(meters, seconds)
    row: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "actions": int(aec.action_space("player_0").n),
        "observation": int(np.prod(aec.observation_space("player_0")["observation"].shape or (1,))),
        "encoder": repr(aec.settings.encoder),
        "aec_steps_per_s": round(rates["aec"], 1),
        "gym_steps_per_s": round(rates["gym"], 1),
        "engine_actions_per_s": round(rates["engine"], 1),
        "aec_to_engine": round(rates["aec"] / rates["engine"], 4),
    }
    if "pettingzoo" in rates:
        row["pettingzoo_tictactoe_v3_steps_per_s"] = round(rates["pettingzoo"], 1)
        row["aec_to_pettingzoo"] = round(rates["aec"] / rates["pettingzoo"], 3)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each figure (default 3)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every registered game)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    args = parser.parse_args()
    chosen = [g for g in args.games.split(",") if g] or games()
    rows = [bench_game(game_id, args.seconds) for game_id in chosen]
    if args.json:
        print(json.dumps({"python": platform.python_version(), "rounds": ROUNDS, "clock": "process_time",
                          "results": rows}, indent=1))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, CPU time; random masked actions; "
          f"figures of a row interleaved over {ROUNDS} rounds")
    print(f"{'game':<16}{'players':>8}{'slots':>7}{'obs':>6}{'AEC steps/s':>13}{'Gym steps/s':>13}{'engine/s':>11}"
          f"{'AEC/engine':>12}")
    for row in rows:
        print(f"{row['game']:<16}{row['players']:>8}{row['actions']:>7}{row['observation']:>6}"
              f"{row['aec_steps_per_s']:>13,.0f}{row['gym_steps_per_s']:>13,.0f}{row['engine_actions_per_s']:>11,.0f}"
              f"{row['aec_to_engine']:>11.1%}")
        if "aec_to_pettingzoo" in row:
            print(f"{'':<16}PettingZoo tictactoe_v3 (same AEC loop): {row['pettingzoo_tictactoe_v3_steps_per_s']:,.0f}"
                  f" steps/s; ours / theirs = {row['aec_to_pettingzoo']:.2f}x")


if __name__ == "__main__":
    main()
