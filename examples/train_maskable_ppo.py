"""Train a masked-action agent with sb3-contrib's MaskablePPO on a Brassboard game against bots, save it, and print
its win rate against ``random`` (and the game's ``greedy`` bot, where it has one).

    pip install -e '.[train]'        # torch (a CPU build is enough), stable-baselines3, sb3-contrib
    python examples/train_maskable_ppo.py tictactoe --steps 20000 --curve ttt-curve.png
    python examples/train_maskable_ppo.py planet_steam --players 2 --steps 5000 --curve ps-curve.png

The learner sits in seat 0 (``--seat``); every other seat is played by ``--opponents`` (default ``random``). The
observation is the game's encoding of the learner's view (``rl.ObservationOnly``: one array, no action features),
scaled by a running mean/variance (``VecNormalize``, saved beside the model); the reward is ``win_loss`` (+1 for a
win, -1 for a loss, 0 for a draw), paid at the end. Each learner decision is one step; the bots' moves happen inside.

Evaluation draws each move from the trained policy (masked); ``--deterministic`` takes its most likely move instead,
which can cycle forever where the rules allow a cycle (episodes are cut after ``MAX_STEPS`` decisions and such a
game counts as lost). ``--curve FILE.png`` evaluates every ``--eval-every`` steps and draws the win rates over
training steps. Evaluation games use seeds ``--eval-seed``, ``--eval-seed + 1``, …, so every figure can be repeated.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv, VecNormalize

from brassboard import rl
from brassboard.bots.registry import bot_kinds


@dataclass
class Evaluation:
    """Games of the trained policy (deterministic, masked) against one opponent kind."""

    opponent: str
    games: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0  # cut at the step limit (counted as lost): a policy may loop where the rules allow it
    seeds: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def line(self) -> str:
        return (f"vs {self.opponent}: win rate {self.win_rate:.0%} ({self.wins} won, {self.draws} drawn, "
                f"{self.losses} lost of {self.games}, {self.unfinished} of them cut at the step limit; "
                f"seeds {self.seeds[0]}-{self.seeds[-1]})")


MAX_STEPS = 2000
"""Learner decisions after which an episode is cut (truncated, no reward). Some rules allow endless cycles (e.g.
switching a production zone on and off), and a deterministic policy can fall into one."""


def make_env(game_id: str, players: int | None, seat: int, opponents: str, seed: int) -> rl.ObservationOnly:
    env = rl.gym_env(game_id, players, seed=seed, seat=seat, opponents=opponents, reward="win_loss",
                     action_feature_size=0, max_steps=MAX_STEPS)
    return rl.ObservationOnly(env)


def make_training_envs(game_id: str, players: int | None, seat: int, opponents: str, seed: int,
                       num_envs: int) -> VecNormalize:
    stride = rl.vector.SEED_STRIDE
    makers: list[Callable[[], gymnasium.Env[Any, Any]]] = [
        partial(make_env, game_id, players, seat, opponents, seed + index * stride) for index in range(num_envs)]
    # the view's encoding is unscaled (counts, credits, prices): a running normalisation keeps PPO's inputs sane
    return VecNormalize(DummyVecEnv(makers), norm_obs=True, norm_reward=False, clip_obs=10.0)


def evaluate(model: MaskablePPO, normalizer: VecNormalize, game_id: str, players: int | None, seat: int,
             opponent: str, games: int, first_seed: int, deterministic: bool = False) -> Evaluation:
    """Play ``games`` games (seeds ``first_seed`` …), each step a legal action drawn from the policy (its most likely
    one if ``deterministic``: a fixed choice can cycle forever where the rules allow a cycle)."""
    result = Evaluation(opponent, games)
    env = make_env(game_id, players, seat, opponent, first_seed)
    for game in range(games):
        seed = first_seed + game
        result.seeds.append(seed)
        observation, _ = env.reset(seed=seed)
        done, info = False, dict[str, Any]()
        while not done:
            scaled = normalizer.normalize_obs(observation[None, :])
            action, _ = model.predict(scaled, action_masks=env.action_masks()[None, :],
                                      deterministic=deterministic)
            observation, _, terminated, truncated, info = env.step(np.int64(action[0]))
            done = terminated or truncated
        if "scores" not in info:  # cut at the step limit: the game has no result
            result.losses += 1
            result.unfinished += 1
            continue
        totals = info["scores"]
        own, best_other = totals[seat], max(total for s, total in enumerate(totals) if s != seat)
        if own > best_other:
            result.wins += 1
        elif own == best_other:
            result.draws += 1
        else:
            result.losses += 1
    return result


def eval_opponents(game_id: str) -> list[str]:
    return ["random"] + (["greedy"] if "greedy" in bot_kinds(game_id) else [])


class CurveCallback(BaseCallback):  # type: ignore[misc]  # stable-baselines3 ships no complete type information
    """Evaluates every ``every`` steps: (steps, {opponent: win rate}) for the learning curve."""

    def __init__(self, every: int, evaluate_now: Any) -> None:
        super().__init__()
        self.every = every
        self.evaluate_now = evaluate_now
        self.points: list[tuple[int, dict[str, float]]] = []
        self._next = every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self._next:
            self._next += self.every
            self.points.append((self.num_timesteps, self.evaluate_now()))
        return True


def plot_curve(points: list[tuple[int, dict[str, float]]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5))
    for opponent in points[0][1]:
        axes.plot([steps for steps, _ in points], [rates[opponent] for _, rates in points], marker="o",
                  label=f"vs {opponent}")
    axes.set(xlabel="training steps (learner decisions)", ylabel="win rate", ylim=(0, 1), title=title)
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def train(game_id: str, *, players: int | None = None, seat: int = 0, opponents: str = "random",
          steps: int = 20_000, num_envs: int = 4, seed: int = 0, n_steps: int = 256, batch_size: int = 64,
          eval_games: int = 100, eval_seed: int = 10_000, eval_every: int = 0, out: Path | None = None,
          curve: Path | None = None, eval_against: list[str] | None = None, deterministic: bool = False
          ) -> dict[str, Any]:
    """Train, save (when ``out`` is given) and evaluate against ``eval_against`` (default: random, and greedy where
    the game has it); returns the figures."""
    against = eval_against if eval_against is not None else eval_opponents(game_id)
    torch.set_num_threads(1)  # small networks: one thread is fastest, and the machine stays usable
    envs: VecEnv = make_training_envs(game_id, players, seat, opponents, seed, num_envs)
    model = MaskablePPO("MlpPolicy", envs, n_steps=n_steps, batch_size=batch_size, seed=seed, verbose=0,
                        policy_kwargs={"net_arch": [128, 128]}, device="cpu")
    normalizer = model.get_vec_normalize_env()
    assert normalizer is not None

    def evaluate_now(games: int) -> dict[str, float]:
        normalizer.training = False
        rates = {opponent: evaluate(model, normalizer, game_id, players, seat, opponent, games, eval_seed,
                                    deterministic).win_rate for opponent in against}
        normalizer.training = True
        return rates

    callback = CurveCallback(eval_every, lambda: evaluate_now(max(1, eval_games // 4))) if eval_every else None
    model.learn(total_timesteps=steps, callback=callback)
    normalizer.training = False
    evaluations = [evaluate(model, normalizer, game_id, players, seat, opponent, eval_games, eval_seed, deterministic)
                   for opponent in against]
    figures: dict[str, Any] = {"game": game_id, "steps": model.num_timesteps,
                               "win_rate": {e.opponent: e.win_rate for e in evaluations},
                               "evaluations": evaluations}
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        model.save(out / f"maskable_ppo_{game_id}.zip")
        normalizer.save(str(out / f"maskable_ppo_{game_id}_vecnormalize.pkl"))
        figures["model"] = str(out / f"maskable_ppo_{game_id}.zip")
    if curve is not None and callback is not None and callback.points:
        points = [*callback.points, (model.num_timesteps, figures["win_rate"])]
        plot_curve(points, curve, f"MaskablePPO on {game_id}, seat {seat} vs {opponents}")
        figures["curve"] = str(curve)
        figures["curve_points"] = points
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game", help="game id, e.g. tictactoe or planet_steam")
    parser.add_argument("--players", type=int, default=None, help="seats (default: 2 where the game allows)")
    parser.add_argument("--seat", type=int, default=0, help="the learner's seat (default 0)")
    parser.add_argument("--opponents", default="random", help="bot kind in the other seats (default random)")
    parser.add_argument("--steps", type=int, default=20_000, help="learner decisions to train on (default 20000)")
    parser.add_argument("--envs", type=int, default=4, help="env copies stepped together (default 4)")
    parser.add_argument("--n-steps", type=int, default=256, help="PPO rollout length per copy (default 256)")
    parser.add_argument("--batch-size", type=int, default=64, help="PPO minibatch (default 64)")
    parser.add_argument("--seed", type=int, default=0, help="training seed (default 0)")
    parser.add_argument("--eval-games", type=int, default=100, help="evaluation games per opponent (default 100)")
    parser.add_argument("--eval-seed", type=int, default=10_000, help="first evaluation game seed (default 10000)")
    parser.add_argument("--eval-every", type=int, default=0, help="steps between curve points (default: none)")
    parser.add_argument("--out", type=Path, default=Path("models"), help="where to save the model (default models/)")
    parser.add_argument("--curve", type=Path, default=None, help="save the learning curve as this PNG")
    parser.add_argument("--deterministic", action="store_true",
                        help="evaluate with the policy's most likely action (default: draw from the policy)")
    args = parser.parse_args(argv)
    if args.curve is not None and not args.eval_every:
        args.eval_every = max(args.steps // 5, 1)
    figures = train(args.game, players=args.players, seat=args.seat, opponents=args.opponents, steps=args.steps,
                    num_envs=args.envs, seed=args.seed, n_steps=args.n_steps, batch_size=args.batch_size,
                    eval_games=args.eval_games, eval_seed=args.eval_seed, eval_every=args.eval_every,
                    out=args.out, curve=args.curve, deterministic=args.deterministic)
    print(f"MaskablePPO on {figures['game']} after {figures['steps']} steps; model saved to {figures.get('model')}")
    for evaluation in figures["evaluations"]:
        print("  " + evaluation.line())
    if "curve" in figures:
        print(f"  learning curve: {figures['curve']}")


if __name__ == "__main__":
    main()
