"""The rating ladder: its schedule, its rating arithmetic (against OpenSkill's own documented figures), and runs."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from brassboard.bots import ladder
from brassboard.bots.ladder import GameOutcome, LadderGame
from brassboard.cli import main


def test_tables_are_the_sets_of_distinct_kinds_when_there_are_enough() -> None:
    assert ladder.tables(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert ladder.tables(["a", "b", "c", "d"], 3) == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"),
                                                        ("b", "c", "d")]


def test_with_fewer_kinds_than_seats_every_mixed_table_is_played() -> None:
    assert ladder.tables(["greedy", "mcts"], 3) == [("greedy", "greedy", "mcts"), ("greedy", "mcts", "mcts")]


def test_a_ladder_refuses_repeated_kinds_and_single_kinds() -> None:
    with pytest.raises(ValueError, match="each bot kind once"):
        ladder.tables(["a", "a"], 2)
    with pytest.raises(ValueError, match="at least two bot kinds"):
        ladder.tables(["a"], 2)
    with pytest.raises(ValueError, match="--games"):
        ladder.schedule(["a", "b"], 2, 0, 0)


def test_the_schedule_rotates_seats_and_numbers_seeds_in_order() -> None:
    games = ladder.schedule(["x", "y", "z"], 3, 3, seed=100)
    assert [game.seed for game in games] == [100, 101, 102]
    assert [game.seats for game in games] == [("x", "y", "z"), ("y", "z", "x"), ("z", "x", "y")]
    for kind in "xyz":  # every kind sits in every seat once
        assert sorted(game.seats.index(kind) for game in games) == [0, 1, 2]


def test_ranks_put_the_winners_first_then_sort_by_score() -> None:
    assert ladder.seat_ranks([10, 30, 20], [1]) == [3, 1, 2]
    assert ladder.seat_ranks([30, 30, 5], [0, 1]) == [1, 1, 3]
    # the game's tie-break made seat 1 the winner although seat 0 has the same score
    assert ladder.seat_ranks([30, 30, 5], [1]) == [2, 1, 3]


def test_the_rating_model_reproduces_openskills_documented_example() -> None:
    # The openskill.py README's example: a1, a2 (team) beat b1, b2; figures as printed there (model without tau)
    model = ladder.rating_model()
    a1, a2 = model.rating(), model.rating(mu=32.444, sigma=5.123)
    b1, b2 = model.rating(mu=43.381, sigma=2.421), model.rating(mu=25.188, sigma=6.211)
    [[x1, x2], [y1, y2]] = model.rate([[a1, a2], [b1, b2]])
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197), rel=1e-12)
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765), rel=1e-12)
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256), rel=1e-12)
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135), rel=1e-12)


def outcome(seats: tuple[str, ...], totals: tuple[int, ...], winners: tuple[int, ...],
            error: str | None = None) -> GameOutcome:
    game = LadderGame(0, 0, seats, tuple(sorted(seats)))
    return GameOutcome(game, totals, winners, (0.0,) * len(seats), (1,) * len(seats), error)


def test_a_two_seat_game_is_rated_as_the_model_rates_it() -> None:
    ratings = ladder.rate_games([outcome(("a", "b"), (5, 3), (0,))], ["a", "b"])
    model = ladder.rating_model()
    [[winner], [loser]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    assert (ratings["a"].mu, ratings["a"].sigma) == pytest.approx((winner.mu, winner.sigma))
    assert (ratings["b"].mu, ratings["b"].sigma) == pytest.approx((loser.mu, loser.sigma))
    assert ratings["a"].mu > 25 > ratings["b"].mu


def test_a_kind_in_two_seats_moves_by_the_mean_of_its_copies() -> None:
    ratings = ladder.rate_games([outcome(("g", "g", "m"), (10, 2, 5), (0,))], ["g", "m"])
    model = ladder.rating_model()
    [[first], [third], [second]] = model.rate([[model.rating()] for _ in range(3)], ranks=[1.0, 3.0, 2.0])
    assert ratings["g"].mu == pytest.approx(25 + ((first.mu - 25) + (third.mu - 25)) / 2)
    assert ratings["g"].sigma == pytest.approx(((first.sigma ** 2 + third.sigma ** 2) / 2) ** 0.5)
    assert ratings["m"].mu == pytest.approx(second.mu)


def test_failed_games_do_not_count() -> None:
    ratings = ladder.rate_games([outcome(("a", "b"), (5, 3), (), error="boom")], ["a", "b"])
    assert ratings["a"].mu == ratings["b"].mu == 25.0


def test_a_ladder_run_is_the_same_in_one_process_and_in_two() -> None:
    alone = ladder.run_ladder("tictactoe", 2, ["random", "mcts"], 4, seed=3, workers=1)
    pooled = ladder.run_ladder("tictactoe", 2, ["random", "mcts"], 4, seed=3, workers=2)
    assert [o.totals for o in alone.outcomes] == [o.totals for o in pooled.outcomes]
    assert [(k.kind, k.mu, k.sigma) for k in alone.kinds] == [(k.kind, k.mu, k.sigma) for k in pooled.kinds]
    best = alone.kinds[0]
    assert best.kind == "mcts" and best.games == 4 and best.moves > 0
    assert alone.tables[0].games == 4 and sum(alone.tables[0].win_share.values()) == pytest.approx(4)


def test_the_ladder_command_prints_ratings_and_draws_them(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ratings.png"
    status = main(["ladder", "tictactoe", "--bots", "random,mcts", "--games", "2", "--seed", "5", "--json",
                   "--quiet", "--plot", str(plot)])
    assert status == 0
    result = json.loads(capsys.readouterr().out)
    assert result["seeds"] == [5, 6] and [r["kind"] for r in result["ratings"]] == ["mcts", "random"]
    assert all(r["low"] < r["mu"] < r["high"] for r in result["ratings"])
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_ladder_command_names_unknown_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "tictactoe", "--bots", "random,wizard", "--games", "1"]) == 2
    assert "wizard" in capsys.readouterr().err


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is the optional 'cluster' extra")
def test_a_ladder_on_a_local_ray_equals_the_local_run() -> None:
    runner = ladder.ray_runner("tictactoe", 2, {}, None)
    on_ray = ladder.run_ladder("tictactoe", 2, ["random", "mcts"], 2, seed=1, runner=runner)
    local = ladder.run_ladder("tictactoe", 2, ["random", "mcts"], 2, seed=1)
    assert [o.totals for o in on_ray.outcomes] == [o.totals for o in local.outcomes]
