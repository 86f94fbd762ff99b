"""Engine throughput, measured against outside yardsticks. Prints figures; never asserts a timing.

    .venv/bin/python bench/bench_engine.py [--seconds S] [--json]

Sections:
  (a) tic-tac-toe random self-play on our engine (legal_actions + apply, one core);
  (b) the same game on OpenSpiel (its pure-Python implementation, and its C++ one for scale) and PettingZoo's raw
      AEC environment, where installed (pip install '.[yardstick]');
  (c) Planet Steam random self-play at 2 and 5 players, and clone / to_json on a mid-game state.

Every random choice comes from ``random.Random(seed)``, so runs differ only in timing. Each figure is the rate over
roughly ``--seconds`` of work, after a short warm-up.
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

# Run as a script from a checkout: make the package importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brassboard
from brassboard.engine import GameState

NOT_INSTALLED = "not installed (pip install '.[yardstick]')"
SEED = 1
WARM_UP_SECONDS = 0.2
MAX_PLAYOUT_MOVES = 100_000  # a guard against a rules bug that never ends a game; real games are far shorter


def rate_of(step: Callable[[], int], seconds: float) -> dict[str, float]:
    """Call ``step`` (which does some work and returns how many units it did) for about ``seconds``."""
    deadline = time.perf_counter() + WARM_UP_SECONDS
    while time.perf_counter() < deadline:
        step()
    units = 0
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        units += step()
        calls += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"per_second": units / elapsed, "units": units, "calls": calls, "seconds": elapsed}


# ----- (a) our engine ---------------------------------------------------------------------------------------------
def brassboard_playout(game: str, players: int, chooser: random.Random) -> int:
    """One random game to the end through the public API; returns the number of moves made."""
    state = brassboard.new_game(game, players, chooser.randrange(1 << 30))
    moves = 0
    while not state.is_over() and moves < MAX_PLAYOUT_MOVES:
        active = state.active_players()
        player = active[0] if len(active) == 1 else chooser.choice(active)
        state.apply(player, chooser.choice(state.legal_actions(player)))
        moves += 1
    return moves


def bench_ours(seconds: float) -> dict[str, float]:
    chooser = random.Random(SEED)
    return rate_of(lambda: brassboard_playout("tictactoe", 2, chooser), seconds)


# ----- (b) yardsticks ---------------------------------------------------------------------------------------------
def bench_openspiel(seconds: float, game_name: str) -> dict[str, float] | str:
    try:
        # the yardsticks ship no type information
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.games import tic_tac_toe  # type: ignore[import-untyped]  # noqa: F401 (registers it)
    except ImportError:
        return NOT_INSTALLED
    game = pyspiel.load_game(game_name)
    chooser = random.Random(SEED)

    def playout() -> int:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
            moves += 1
        return moves

    return rate_of(playout, seconds)


def bench_pettingzoo(seconds: float) -> dict[str, float] | str:
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped]
    except ImportError as exc:
        # PettingZoo's tic-tac-toe imports pygame at module level, so a missing pygame lands here too
        return f"{NOT_INSTALLED}: {exc}"
    env = tictactoe_v3.raw_env()
    chooser = random.Random(SEED)

    def playout() -> int:
        env.reset(seed=chooser.randrange(1 << 30))
        moves = 0
        while env.agents:
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)  # AEC: each finished agent is stepped with None until the episode closes
                continue
            mask = observation["action_mask"]
            env.step(chooser.choice([index for index in range(len(mask)) if mask[index]]))
            moves += 1
        return moves

    return rate_of(playout, seconds)


# ----- (c) Planet Steam -------------------------------------------------------------------------------------------
def mid_game_state(players: int) -> GameState:
    """Halfway through a random game (the length measured by playing it once to the end)."""
    length = brassboard_playout("planet_steam", players, random.Random(SEED))
    chooser = random.Random(SEED)
    state = brassboard.new_game("planet_steam", players, chooser.randrange(1 << 30))
    for _ in range(length // 2):
        active = state.active_players()
        player = active[0] if len(active) == 1 else chooser.choice(active)
        state.apply(player, chooser.choice(state.legal_actions(player)))
    return state


def planet_steam_playouts(players: int) -> Callable[[], int]:
    chooser = random.Random(SEED)
    return lambda: brassboard_playout("planet_steam", players, chooser)


def bench_planet_steam(seconds: float) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for players in (2, 5):
        results[f"self_play_{players}p"] = rate_of(planet_steam_playouts(players), seconds)
    state = mid_game_state(4)
    batch = 50

    def clones() -> int:
        for _ in range(batch):
            state.clone()
        return batch

    def dumps() -> int:
        for _ in range(batch):
            state.to_json()
        return batch

    results["clone_4p_mid_game"] = rate_of(clones, seconds)
    results["to_json_4p_mid_game"] = rate_of(dumps, seconds)
    results["to_json_4p_mid_game"]["bytes"] = len(state.to_json())
    return results


# ----- report -----------------------------------------------------------------------------------------------------
def describe(figure: dict[str, float] | str, unit: str) -> str:
    if isinstance(figure, str):
        return figure
    line = f"{figure['per_second']:>12,.0f} {unit}/s"
    if unit == "moves":
        line += f"   ({figure['calls'] / figure['seconds']:,.0f} games/s)"
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each figure (default 2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    options = parser.parse_args(argv)
    seconds: float = options.seconds

    report: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seconds_per_figure": seconds,
    }
    report["tictactoe"] = {
        "brassboard": bench_ours(seconds),
        "openspiel_python": bench_openspiel(seconds, "python_tic_tac_toe"),
        "openspiel_cpp": bench_openspiel(seconds, "tic_tac_toe"),
        "pettingzoo_raw_env": bench_pettingzoo(seconds),
    }
    ours = report["tictactoe"]["brassboard"]
    yardstick = report["tictactoe"]["openspiel_python"]
    report["tictactoe"]["ratio_brassboard_to_openspiel_python"] = (
        ours["per_second"] / yardstick["per_second"] if isinstance(yardstick, dict) else None
    )
    try:
        report["planet_steam"] = bench_planet_steam(seconds)
    except Exception as exc:  # the game is under construction: report it, and keep the other figures
        report["planet_steam"] = f"skipped: {type(exc).__name__}: {exc}"

    if options.json:
        print(json.dumps(report, indent=1))
        return 0

    print(f"Brassboard engine bench — {report['implementation']} {report['python']} on {report['machine']}, "
          f"one core, ~{seconds:g} s per figure\n")
    ttt = report["tictactoe"]
    print("(a) tic-tac-toe, random self-play")
    print(f"  brassboard                  {describe(ttt['brassboard'], 'moves')}")
    print("(b) yardsticks, the same loop")
    print(f"  OpenSpiel (pure Python)     {describe(ttt['openspiel_python'], 'moves')}")
    print(f"  OpenSpiel (C++ via pybind)  {describe(ttt['openspiel_cpp'], 'moves')}")
    print(f"  PettingZoo raw AEC env      {describe(ttt['pettingzoo_raw_env'], 'moves')}")
    ratio = ttt["ratio_brassboard_to_openspiel_python"]
    print(f"  ratio brassboard / OpenSpiel-Python: {ratio:.2f}×" if ratio is not None else
          "  ratio brassboard / OpenSpiel-Python: n/a")
    print("(c) Planet Steam")
    steam = report["planet_steam"]
    if isinstance(steam, str):
        print(f"  {steam}")
    else:
        print(f"  random self-play, 2 players {describe(steam['self_play_2p'], 'moves')}")
        print(f"  random self-play, 5 players {describe(steam['self_play_5p'], 'moves')}")
        print(f"  clone, 4p mid-game          {describe(steam['clone_4p_mid_game'], 'ops')}")
        print(f"  to_json, 4p mid-game        {describe(steam['to_json_4p_mid_game'], 'ops')}"
              f"   ({steam['to_json_4p_mid_game']['bytes']:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
