"""Rewards: paid once, when the game ends, from the final scores.

Why only at the end: a mid-game score may depend on other players' hidden information (Planet Unknown's private
objectives, Planet Steam's hidden credits), so a reward shaped from it would leak what the observation hides.

* ``"score_diff"`` (default): own final total minus the mean of the others' totals. Zero-sum: the rewards of all
  players add up to 0. Solo games: the own total.
* ``"win_loss"``: +1 for each player sharing the best total, -1 for the others, 0 for everyone when all totals are
  equal. Two players: zero-sum. Needs at least two players.
* ``"score"``: the own final total.
* a callable ``(scores, player) -> float`` for anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from brassboard.engine import Score

RewardFn = Callable[[Sequence[Score], int], float]


def score_difference(scores: Sequence[Score], player: int) -> float:
    own = scores[player].total
    if len(scores) == 1:
        return float(own)
    others = [score.total for seat, score in enumerate(scores) if seat != player]
    return float(own - sum(others) / len(others))


def win_loss(scores: Sequence[Score], player: int) -> float:
    totals = [score.total for score in scores]
    best = max(totals)
    if all(total == best for total in totals):
        return 0.0
    return 1.0 if totals[player] == best else -1.0


def own_score(scores: Sequence[Score], player: int) -> float:
    return float(scores[player].total)


REWARDS: dict[str, RewardFn] = {"score_diff": score_difference, "win_loss": win_loss, "score": own_score}


def reward_function(reward: str | RewardFn, players: int) -> RewardFn:
    """The reward function named (or given) by ``reward``; refuses win/loss in a solo game, where it means nothing."""
    if callable(reward):
        return reward
    try:
        function = REWARDS[reward]
    except KeyError:
        raise ValueError(f"unknown reward {reward!r}; choose one of {sorted(REWARDS)} or pass a function") from None
    if function is win_loss and players < 2:
        raise ValueError("reward 'win_loss' needs at least two players; use 'score' or 'score_diff' for solo games")
    return function
