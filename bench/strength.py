"""``mcts-strong`` against ``greedy`` with a fixed round cap: reproducible win rates, one game per JSON line.

Used by ``bench/bench_mcts.py --strength`` (options there). The guided search's default stop is a wall-clock budget
(0.45 s per searched decision) with a round cap, so on a loaded machine it completes fewer rounds than on an idle
one and a win rate would depend on the load. Here the budget is off and only the round cap stops a search: every
game replays exactly from its seed, on any machine, under any load. The cap is the game's ``bench_rounds`` in
``GUIDED_SETTINGS`` (the mean rounds the budget reaches on an idle core, measured by ``--calibrate``) unless
``--rounds`` overrides it.

``--calibrate`` measures that cap: in the bench's own games (seeds ``seed_base + i``, ``mcts-strong`` at the current
cap against greedy, seats as below), every ``SAMPLE_EVERY``-th decision of the searching seat with a choice is
searched by a second ``mcts-strong`` with the 0.45 s budget counted in *CPU* seconds
of its own process (``time.process_time``) instead of wall seconds, and a cap too high to bind, so each search
completes the rounds one core gives it in 0.45 s whatever else the machine runs; it records the rounds of each
(other processes still share the core's caches, so on a truly idle machine the figure is, if anything, higher).

Game ``i`` of a pairing is seeded ``seed_base + i``, the searching bot in seat ``i mod players``, greedy in every
other seat. Jobs are interleaved over the pairings (game 0 of each, then game 1 of each, ...) so that a run cut
short leaves every pairing with about the same number of games; a results file already holding a game (same
pairing, seed, kind and cap) is not played again, so a run resumes where it stopped.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

from brassboard.bots import Bot, make_bot, seat_seed
from brassboard.bots.guided import GuidedBot
from brassboard.bots.registry import GUIDED_KINDS, GUIDED_SETTINGS, LEVELS, STRONG_TIME_BUDGET, medium_rounds
from brassboard.bots.selfplay import play_bot_game
from brassboard.engine import new_game

PAIRINGS: dict[str, tuple[str, int]] = {
    "ps": ("planet_steam", 2), "pu": ("planet_unknown", 2), "aos": ("age_of_steam", 3), "tharos": ("tharos", 2),
}
"""Issue 13's pairings: short name -> (game, players)."""
CALIBRATION_CAP = 10_000  # a round cap that never binds within 0.45 s
SAMPLE_EVERY = 6  # calibration searches every 6th decision with a choice (cheap, spread over the whole game)


LEVEL_KINDS = tuple(kinds[0] for _, _, kinds in LEVELS)
"""The bot kinds behind the lobby's levels Beginner, Easy, Medium and Hard in a game with a greedy bot."""


def cap_of(game: str, rounds: int | None, kind: str = "mcts-strong") -> int:
    """The round cap of ``kind`` in ``game``'s trials: ``rounds`` if given, else the game's ``bench_rounds``
    (``mcts-medium``: the registry's :func:`medium_rounds` of it); 0 for a kind that does not search."""
    if kind not in GUIDED_KINDS:  # random, greedy: nothing to cap
        return 0
    if rounds is not None:
        return rounds
    settings = GUIDED_SETTINGS[game]
    cap = int(settings.get("bench_rounds", settings["rounds"]))
    return medium_rounds(cap) if kind == "mcts-medium" else cap


def job_key(job: dict[str, Any]) -> tuple[Any, ...]:
    return job["game"], job["players"], job["seed"], job["kind"], job["opponent"], job["rounds"], job["variant"]


def capped_bots(game: str, players: int, seed: int, seat: int, kind: str, opponent: str, cap: int) -> list[Bot]:
    """The bots of one trial game: ``kind`` in ``seat`` stopped by the round ``cap`` alone (no clock: an exact
    replay), ``opponent`` in every other seat (a searching opponent likewise, at its kind's :func:`cap_of`), each
    seeded as the CLI's bot matches are."""
    bots: list[Bot] = []
    for p in range(players):
        bot = make_bot(kind if p == seat else opponent, game, seat_seed(seed, p))
        if isinstance(bot, GuidedBot):
            bot.rounds, bot.time_budget = (cap if p == seat else cap_of(game, None, opponent)), None
        bots.append(bot)
    return bots


def play_one(job: dict[str, Any]) -> dict[str, Any]:
    """One game of ``job``; returns the job with the result (win share, scores, times, rounds per decision)."""
    game, players, seed, seat = job["game"], job["players"], job["seed"], job["seat"]
    bots = capped_bots(game, players, seed, seat, job["kind"], job["opponent"], job["rounds"])
    result = play_bot_game(game, players, seed, {}, bots)
    if result.error is not None:
        raise RuntimeError(f"{game} seed {seed}: {result.error}")
    moves, rounds = result.moves[seat], result.rounds[seat]
    return {**job, "won": 1 / len(result.winners) if seat in result.winners else 0.0, "winners": result.winners,
            "scores": [score.total for score in result.scores], "moves": moves,
            "wall_s_per_move": round(result.think_seconds[seat] / moves, 4),
            "cpu_s_per_move": round(result.cpu_seconds[seat] / moves, 4),
            "searched": len(rounds), "rounds_mean": round(statistics.fmean(rounds), 2) if rounds else None,
            "rounds_median": statistics.median(rounds) if rounds else None,
            "game_wall_s": round(result.seconds, 1)}


def calibrate(pairing: str, seed: int, seat: int, cap: int) -> dict[str, Any]:
    """Rounds per searched decision at 0.45 CPU seconds, sampled in one of the bench's own games: ``mcts-strong``
    with the fixed round ``cap`` in ``seat`` against greedy, as :func:`play_one` plays it (its positions are the
    ones whose cost matters: in Planet Steam the searching bot builds a far bigger engine than greedy does, and
    rollouts over it cost more than over a greedy-vs-greedy game's)."""
    game, players = PAIRINGS[pairing]
    state = new_game(game, players, seed)
    bots = capped_bots(game, players, seed, seat, "mcts-strong", "greedy", cap)
    rounds: list[int] = []
    cpu: list[float] = []
    choices = 0
    while not state.is_over():
        player = state.active_players()[0]
        if player == seat and len(state.legal_actions(player)) > 1:
            choices += 1
            if choices % SAMPLE_EVERY == 0:
                searcher = make_bot("mcts-strong", game, seat_seed(seed, player) + choices)
                assert isinstance(searcher, GuidedBot)
                searcher.rounds, searcher.time_budget, searcher.clock = (CALIBRATION_CAP, STRONG_TIME_BUDGET,
                                                                         time.process_time)
                cpu_start = time.process_time()
                searcher.choose(state.clone(), player)
                if searcher.last_rounds:
                    rounds.append(searcher.last_rounds)
                    cpu.append(time.process_time() - cpu_start)
        state.apply(player, bots[player].choose(state, player))
    return {"pairing": pairing, "game": game, "players": players, "seed": seed, "seat": seat, "cap": cap,
            "rounds": rounds, "cpu_s": [round(t, 3) for t in cpu]}


def calibration_summary(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    by_pairing: dict[str, list[int]] = {}
    for row in rows:
        by_pairing.setdefault(row["pairing"], []).extend(row["rounds"])
    return {name: {"decisions": len(rounds), "mean": round(statistics.fmean(rounds), 2),
                   "median": statistics.median(rounds), "p10": sorted(rounds)[len(rounds) // 10],
                   "p90": sorted(rounds)[len(rounds) * 9 // 10]}
            for name, rounds in by_pairing.items() if rounds}


def jobs(pairings: list[str], games: int, seed_base: int, kind: str, opponent: str, rounds: int | None,
         variant: str) -> list[dict[str, Any]]:
    planned = []
    for index in range(games):
        for name in pairings:
            game, players = PAIRINGS[name]
            planned.append({"pairing": name, "game": game, "players": players, "seed": seed_base + index,
                            "seat": index % players, "kind": kind, "opponent": opponent,
                            "rounds": cap_of(game, rounds, kind), "variant": variant})
    return planned


def read_results(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(planned: list[dict[str, Any]], out: Path, workers: int) -> None:
    """Plays the planned games not yet in ``out``, appending each result as one JSON line as soon as it ends."""
    done = {job_key(row) for row in read_results(out)}
    todo = [job for job in planned if job_key(job) not in done]
    print(f"{len(todo)} games to play ({len(planned) - len(todo)} already in {out})", flush=True)
    if workers <= 1:
        results = map(play_one, todo)
        _write(results, out)
        return
    import multiprocessing

    with multiprocessing.Pool(workers) as pool:
        _write(pool.imap_unordered(play_one, todo), out)


def _write(results: Any, out: Path) -> None:
    for row in results:
        with out.open("a") as handle:
            handle.write(json.dumps(row) + "\n")
        print(f"{row['pairing']:6} seed {row['seed']} seat {row['seat']}: won {row['won']:.2f}, scores "
              f"{row['scores']}, {row['wall_s_per_move']} s/move, rounds {row['rounds_mean']}, "
              f"{row['game_wall_s']} s", flush=True)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a win rate (a shared win counts its share)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per pairing, kind and cap: games, wins, rate, Wilson 95 % interval, seeds, s/move, rounds."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["pairing"], row["kind"], row["opponent"], row["rounds"], row["variant"]),
                          []).append(row)
    table = []
    for (pairing, kind, opponent, rounds, variant), group in groups.items():
        wins = sum(row["won"] for row in group)
        low, high = wilson(wins, len(group))
        seeds = sorted(row["seed"] for row in group)
        moves = sum(row["moves"] for row in group)
        searched = [row for row in group if row["searched"]]
        table.append({
            "pairing": pairing, "kind": kind, "opponent": opponent, "rounds": rounds, "variant": variant,
            "games": len(group), "wins": round(wins, 2), "rate": round(wins / len(group), 3),
            "wilson95": [round(low, 3), round(high, 3)], "seeds": _ranges(seeds),
            "wall_s_per_move": round(sum(row["wall_s_per_move"] * row["moves"] for row in group) / moves, 3),
            "cpu_s_per_move": round(sum(row["cpu_s_per_move"] * row["moves"] for row in group) / moves, 3),
            "rounds_mean": round(sum(row["rounds_mean"] * row["searched"] for row in searched)
                                 / sum(row["searched"] for row in searched), 2) if searched else None,
            "rounds_median_of_games": statistics.median(row["rounds_median"] for row in searched)
            if searched else None,
        })
    return table


def current_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games of today's bots: per pairing, kind and opponent, the largest group of games played at the caps the
    registry sets now (older versions of a bot, and trials at other caps, are left out)."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in rows:
        game = row["game"]
        if row["rounds"] == cap_of(game, None, row["kind"]):
            groups.setdefault((row["pairing"], row["kind"], row["opponent"], row["variant"]), []).append(row)
    best: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for (pairing, kind, opponent, _variant), group in groups.items():
        key = (pairing, kind, opponent)
        if len(group) > len(best.get(key, [])):
            best[key] = group
    return [row for group in best.values() for row in group]


def elo_of_share(share: float, players: int) -> float | None:
    """The Elo difference to its opponents of a kind that wins ``share`` of the games against ``players - 1``
    copies of one opponent kind: in the Bradley-Terry (two players) and Plackett-Luce (first place) models,
    ``share = s / (s + players - 1)`` for a strength ratio ``s``, and Elo = 400 log10 s. None where it is
    unbounded (a share of 0 or 1)."""
    if not 0.0 < share < 1.0:
        return None
    return 400.0 * math.log10((players - 1) * share / (1.0 - share))


def level_elo(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per pairing and level kind, its Elo against Easy (``greedy``) from its win share in ``rows``' current games
    against greedy (:func:`current_rows`), with the Wilson 95 % interval of the share carried through the same
    formula; greedy itself is 0. An order-free measure: every game weighs the same, whenever it was played."""
    table = []
    for row in summary(current_rows(rows)):
        if row["opponent"] != "greedy" or row["kind"] not in LEVEL_KINDS:
            continue
        players = PAIRINGS[row["pairing"]][1]
        low, high = wilson(row["wins"], row["games"])
        table.append({"pairing": row["pairing"], "kind": row["kind"], "games": row["games"], "rate": row["rate"],
                      "elo": _rounded(elo_of_share(row["rate"], players)),
                      "elo95": [_rounded(elo_of_share(low, players)), _rounded(elo_of_share(high, players))]})
    return table


def _rounded(value: float | None) -> int | None:
    return None if value is None else round(value)


def _ranges(seeds: list[int]) -> str:
    parts: list[str] = []
    for seed in seeds:
        if parts and seed == int(parts[-1].split("–")[-1]) + 1:
            parts[-1] = f"{parts[-1].split('–')[0]}–{seed}"
        else:
            parts.append(str(seed))
    return ", ".join(parts)
