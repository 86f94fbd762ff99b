"""A rating ladder for bot kinds: a round-robin of bot games with rotated seats, rated with OpenSkill.

Every *table* (a set of bot kinds, one per seat) plays the same number of games, and game ``g`` of a table seats the
kinds rotated by ``g`` places, so every kind plays every seat equally often. Games are numbered in schedule order and
game ``i`` has seed ``seed + i``: a ladder replays exactly, whether its games run in one process, several, or on a
Ray cluster (results are rated in schedule order, never in order of arrival).

Ratings use OpenSkill's Plackett-Luce model (a maintained, open alternative to TrueSkill that rates multi-player
results from their ranking) with ``tau = 0``: a bot does not change between games, so its skill does not drift.
A seat's rank is 1 for the game's winners (the game's own tie-break decides them), then by score.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from .selfplay import DEFAULT_MAX_ACTIONS, play_bot_game

INTERVAL_SIGMAS = 2.0
"""A rating's interval is mu ± 2 sigma: about 95 % of the belief about the bot's skill."""


def rating_model() -> PlackettLuce:
    """The ladder's model: OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6) without skill drift (tau 0)."""
    return PlackettLuce(tau=0.0)


@dataclass(frozen=True)
class LadderGame:
    """One scheduled game: its number, seed, the kind in each seat, and the table it belongs to."""

    index: int
    seed: int
    seats: tuple[str, ...]
    table: tuple[str, ...]


@dataclass(frozen=True)
class GameOutcome:
    """What a game contributes to the ladder (small and picklable: it crosses process boundaries)."""

    game: LadderGame
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    think_seconds: tuple[float, ...]
    moves: tuple[int, ...]
    error: str | None = None


def tables(kinds: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables of a round-robin among ``kinds`` at ``players`` seats.

    With at least as many kinds as seats, every set of distinct kinds; with fewer (e.g. one strong bot against two
    greedy ones at three seats), every multiset of the kinds that holds at least two different kinds.
    """
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"each bot kind once, please: {', '.join(kinds)}")
    if len(kinds) < 2:
        raise ValueError("a ladder needs at least two bot kinds")
    if players < 2:
        raise ValueError("a ladder needs games of at least two players")
    if len(kinds) >= players:
        return list(itertools.combinations(kinds, players))
    return [table for table in itertools.combinations_with_replacement(kinds, players) if len(set(table)) > 1]


def schedule(kinds: Sequence[str], players: int, games_per_table: int, seed: int) -> list[LadderGame]:
    """Every game of the ladder, in the order they are rated."""
    if games_per_table < 1:
        raise ValueError("--games must be at least 1")
    games: list[LadderGame] = []
    for table in tables(kinds, players):
        for round_number in range(games_per_table):
            shift = round_number % players
            seats = table[shift:] + table[:shift]
            index = len(games)
            games.append(LadderGame(index, seed + index, seats, table))
    return games


def play_ladder_game(game_id: str, players: int, options: dict[str, Any], game: LadderGame,
                     max_actions: int = DEFAULT_MAX_ACTIONS) -> GameOutcome:
    """Play one scheduled game (a top-level function, so that worker processes and Ray can run it)."""
    result = play_bot_game(game_id, players, game.seed, options, list(game.seats), max_actions)
    return GameOutcome(game, tuple(score.total for score in result.scores), tuple(result.winners),
                       tuple(result.think_seconds), tuple(result.moves), result.error)


def seat_ranks(totals: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Competition ranks (1 = best, ties share a rank): winners first, the others by score."""
    keys = [(0 if seat in winners else 1, -total) for seat, total in enumerate(totals)]
    return [1 + sum(other < key for other in keys) for key in keys]


def rate_games(outcomes: Sequence[GameOutcome], kinds: Sequence[str],
               model: PlackettLuce | None = None) -> dict[str, PlackettLuceRating]:
    """The rating of each kind after ``outcomes`` (in their order; games that failed are left out).

    A kind in several seats of one game is rated as that many copies of its rating; its new rating moves by the
    mean of the copies' changes (mu) and takes the mean of their variances (sigma), so a game counts once per kind.
    """
    model = model or rating_model()
    ratings = {kind: model.rating(name=kind) for kind in kinds}
    for outcome in outcomes:
        if outcome.error is not None:
            continue
        seats = outcome.game.seats
        teams = [[model.rating(mu=ratings[kind].mu, sigma=ratings[kind].sigma)] for kind in seats]
        rated = model.rate(teams, ranks=[float(rank) for rank in seat_ranks(outcome.totals, outcome.winners)])
        for kind in set(seats):
            copies = [rated[seat][0] for seat, seat_kind in enumerate(seats) if seat_kind == kind]
            old = ratings[kind]
            mu = old.mu + sum(copy.mu - old.mu for copy in copies) / len(copies)
            sigma = math.sqrt(sum(copy.sigma ** 2 for copy in copies) / len(copies))
            ratings[kind] = model.rating(mu=mu, sigma=sigma, name=kind)
    return ratings


@dataclass
class KindSummary:
    kind: str
    mu: float
    sigma: float
    games: int = 0
    win_share: float = 0.0  # wins, a shared win counting as a fraction
    score_sum: int = 0
    seats_played: int = 0
    think_seconds: float = 0.0
    moves: int = 0

    @property
    def low(self) -> float:
        return self.mu - INTERVAL_SIGMAS * self.sigma

    @property
    def high(self) -> float:
        return self.mu + INTERVAL_SIGMAS * self.sigma

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seats_played if self.seats_played else 0.0

    @property
    def seconds_per_move(self) -> float:
        return self.think_seconds / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "mu": self.mu, "sigma": self.sigma, "low": self.low, "high": self.high,
                "games": self.games, "win_share": self.win_share, "mean_score": self.mean_score,
                "seconds_per_move": self.seconds_per_move}


@dataclass
class TableSummary:
    """How each kind fared at one table: its win share over the table's games."""

    table: tuple[str, ...]
    games: int = 0
    win_share: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"table": list(self.table), "games": self.games, "win_share": dict(self.win_share)}


@dataclass
class LadderResult:
    game_id: str
    players: int
    seed: int
    outcomes: list[GameOutcome]
    kinds: list[KindSummary]  # best first
    tables: list[TableSummary]

    @property
    def failures(self) -> list[GameOutcome]:
        return [outcome for outcome in self.outcomes if outcome.error is not None]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players, "seed": self.seed, "games": len(self.outcomes),
                "seeds": [self.seed, self.seed + len(self.outcomes) - 1] if self.outcomes else [],
                "ratings": [kind.to_dict() for kind in self.kinds],
                "tables": [table.to_dict() for table in self.tables],
                "failures": [{"seed": o.game.seed, "seats": list(o.game.seats), "error": o.error}
                             for o in self.failures]}


def summarise(game_id: str, players: int, seed: int, kinds: Sequence[str],
              outcomes: Sequence[GameOutcome]) -> LadderResult:
    ratings = rate_games(outcomes, kinds)
    summaries = {kind: KindSummary(kind, ratings[kind].mu, ratings[kind].sigma) for kind in kinds}
    by_table: dict[tuple[str, ...], TableSummary] = {}
    for outcome in outcomes:
        if outcome.error is not None:
            continue
        table = by_table.setdefault(outcome.game.table, TableSummary(outcome.game.table))
        table.games += 1
        for kind in set(outcome.game.seats):
            summaries[kind].games += 1
        for seat, kind in enumerate(outcome.game.seats):
            summary = summaries[kind]
            summary.seats_played += 1
            summary.score_sum += outcome.totals[seat]
            summary.think_seconds += outcome.think_seconds[seat]
            summary.moves += outcome.moves[seat]
            if seat in outcome.winners:
                share = 1 / len(outcome.winners)
                summary.win_share += share
                table.win_share[kind] = table.win_share.get(kind, 0.0) + share
    ranked = sorted(summaries.values(), key=lambda summary: (-summary.mu, summary.kind))
    return LadderResult(game_id, players, seed, list(outcomes), ranked, list(by_table.values()))


Runner = Callable[[list[LadderGame]], Iterator[GameOutcome]]


def local_runner(game_id: str, players: int, options: dict[str, Any], workers: int,
                 max_actions: int = DEFAULT_MAX_ACTIONS) -> Runner:
    """Runs games in this process (``workers`` 1) or in a pool of ``workers`` processes, yielding in order."""
    def run(games: list[LadderGame]) -> Iterator[GameOutcome]:
        if workers <= 1:
            for game in games:
                yield play_ladder_game(game_id, players, options, game, max_actions)
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(play_ladder_game, itertools.repeat(game_id), itertools.repeat(players),
                                itertools.repeat(options), games, itertools.repeat(max_actions))
    return run


def ray_runner(game_id: str, players: int, options: dict[str, Any], address: str | None,
               max_actions: int = DEFAULT_MAX_ACTIONS) -> Runner:
    """Runs games as Ray tasks on the cluster at ``address`` (``None``: a local Ray started for this run).

    Ray is an optional extra (``pip install brassboard[cluster]``); the cluster's nodes need brassboard installed.
    """
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'brassboard[cluster]'") from None

    def run(games: list[LadderGame]) -> Iterator[GameOutcome]:
        started_here = not ray.is_initialized()
        if started_here:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        try:
            remote_play = ray.remote(play_ladder_game)
            pending = [remote_play.remote(game_id, players, options, game, max_actions) for game in games]
            for reference in pending:
                yield ray.get(reference)
        finally:
            if started_here:
                ray.shutdown()
    return run


def run_ladder(game_id: str, players: int, kinds: Sequence[str], games_per_table: int, seed: int = 0,
               options: dict[str, Any] | None = None, workers: int = 1, runner: Runner | None = None,
               progress: Callable[[GameOutcome, int], None] | None = None) -> LadderResult:
    """Play the whole ladder and rate it. ``progress(outcome, total)`` is called after each game, in order."""
    options = dict(options or {})
    games = schedule(kinds, players, games_per_table, seed)
    runner = runner or local_runner(game_id, players, options, workers)
    outcomes: list[GameOutcome] = []
    for outcome in runner(games):
        outcomes.append(outcome)
        if progress is not None:
            progress(outcome, len(games))
    return summarise(game_id, players, seed, kinds, outcomes)


def default_workers() -> int:
    return max(1, (os.cpu_count() or 1) - 1)


def format_ladder(result: LadderResult) -> list[str]:
    """The rating table (best first) and each table's win shares, as printed by ``brassboard ladder``."""
    played = len(result.outcomes) - len(result.failures)
    lines = [f"{result.game_id}, {result.players} players: {played} games, seeds {result.seed}.."
             f"{result.seed + len(result.outcomes) - 1}; OpenSkill Plackett-Luce, interval mu ± "
             f"{INTERVAL_SIGMAS:g} sigma",
             f"  {'rank':<5}{'bot':<14}{'rating':>8}{'interval':>18}{'games':>7}{'wins':>8}{'mean score':>12}"
             f"{'s/move':>10}"]
    for rank, kind in enumerate(result.kinds, start=1):
        interval = f"{kind.low:.1f} .. {kind.high:.1f}"
        lines.append(f"  {rank:<5}{kind.kind:<14}{kind.mu:>8.1f}{interval:>18}{kind.games:>7}{kind.win_share:>8.1f}"
                     f"{kind.mean_score:>12.1f}{kind.seconds_per_move:>10.4f}")
    lines.append("  win share per table:")
    for table in result.tables:
        shares = ", ".join(f"{kind} {100 * table.win_share.get(kind, 0.0) / table.games:.0f} %"
                           for kind in dict.fromkeys(table.table))
        lines.append(f"    {' / '.join(table.table)} ({table.games} games): {shares}")
    for failure in result.failures[:5]:
        lines.append(f"  failed: seed {failure.game.seed} ({', '.join(failure.game.seats)}): {failure.error}")
    return lines


def plot_ladder(result: LadderResult, path: str) -> None:
    """Draw each kind's rating with its interval into ``path`` (PNG); needs matplotlib (the ``plot`` extra)."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'brassboard[plot]'") from None
    matplotlib.use("Agg")  # no screen needed
    from matplotlib import pyplot

    kinds = list(reversed(result.kinds))  # best at the top
    figure, axes = pyplot.subplots(figsize=(7, 1.2 + 0.5 * len(kinds)))
    axes.errorbar([kind.mu for kind in kinds], range(len(kinds)),
                  xerr=[INTERVAL_SIGMAS * kind.sigma for kind in kinds], fmt="o", capsize=4)
    axes.set_yticks(range(len(kinds)), [kind.kind for kind in kinds])
    axes.set_xlabel(f"OpenSkill rating (mu ± {INTERVAL_SIGMAS:g} sigma)")
    axes.set_title(f"{result.game_id}, {result.players} players, {len(result.outcomes)} games")
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    pyplot.close(figure)
