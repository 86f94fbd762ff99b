"""The MaskablePPO example (examples/train_maskable_ppo.py) with a tiny budget: it trains, saves and evaluates.

Needs the train extra (torch, stable-baselines3, sb3-contrib); skipped where it is not installed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_tictactoe_trains_saves_a_model_and_a_curve_and_reports_win_rates(tmp_path: Path) -> None:
    from sb3_contrib import MaskablePPO

    train = example().train
    figures = train("tictactoe", steps=128, num_envs=2, n_steps=32, batch_size=32, eval_games=6, eval_every=64,
                    out=tmp_path, curve=tmp_path / "curve.png")
    assert figures["steps"] >= 128
    (evaluation,) = figures["evaluations"]
    assert evaluation.opponent == "random" and evaluation.seeds == list(range(10_000, 10_006))
    assert evaluation.wins + evaluation.draws + evaluation.losses == 6
    assert figures["win_rate"] == {"random": evaluation.wins / 6}
    assert (tmp_path / "curve.png").stat().st_size > 0 and len(figures["curve_points"]) >= 2
    model = MaskablePPO.load(figures["model"])
    assert model.action_space.n == 9


def test_planet_steam_against_random_runs_end_to_end(tmp_path: Path) -> None:
    figures = example().train("planet_steam", players=2, steps=64, num_envs=1, n_steps=64, batch_size=32,
                              eval_games=1, out=tmp_path, eval_against=["random"])
    (evaluation,) = figures["evaluations"]
    assert evaluation.games == 1 and evaluation.wins + evaluation.draws + evaluation.losses == 1
    assert Path(figures["model"]).exists() and (tmp_path / "maskable_ppo_planet_steam_vecnormalize.pkl").exists()


def test_the_command_line_prints_the_win_rate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example().main(["tictactoe", "--steps", "64", "--envs", "1", "--n-steps", "64", "--batch-size", "32",
                    "--eval-games", "2", "--out", str(tmp_path)])
    printed = capsys.readouterr().out
    assert "MaskablePPO on tictactoe after 64 steps" in printed and "vs random: win rate" in printed
