"""Final scoring: the breakdown sums to the total; mines count from three; sets of four medals; the tie-break."""

from __future__ import annotations

import random

from tharos_helpers import activate, new_state, put_mine

from brassboard.games.tharos.scoring import score, tie_break


def test_mines_score_only_from_three() -> None:
    state = new_state(2, seed=1)
    put_mine(state, 0, "A1", "B1")
    assert score(state, 0).breakdown["mines"] == 0
    put_mine(state, 0, "C1")
    assert score(state, 0).breakdown["mines"] == 3


def test_two_points_per_complete_set_of_four_medals() -> None:
    state = new_state(2, seed=1)
    state.guilds[0].medals = [2, 3, 2, 5]
    assert score(state, 0).breakdown["medal_sets"] == 4
    state.guilds[0].medals = [0, 3, 2, 5]
    assert score(state, 0).breakdown["medal_sets"] == 0


def test_money_one_point_per_five_jars_and_card_points() -> None:
    state = new_state(2, seed=1)
    state.guilds[0].money = 14
    activate(state, 0, "gunner")
    activate(state, 0, "steam_pressure_plant")
    result = score(state, 0)
    assert result.breakdown["jars"] == 2
    assert result.breakdown["player_cards"] == 1 + 3  # one and three die symbols
    assert result.total == sum(result.breakdown.values())


def test_tie_break_more_medals_then_money_then_later_seat() -> None:
    state = new_state(3, seed=1)
    first = state.board.first_player
    for g in state.guilds:
        g.medals = [1, 0, 0, 0]
        g.money = 4
    assert state.winners() == [(first + 2) % 3]  # equal in all: the seat acting last in the first turn
    state.guilds[first].money = 9  # 1 point more from jars: a clear winner
    assert state.winners() == [first]
    assert tie_break(state, first)[0] == score(state, first).total


def test_a_random_game_ends_with_a_score_per_player_equal_to_its_breakdown() -> None:
    state = new_state(4, seed=9)
    rng = random.Random(9)
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    for s in state.scores():
        assert s.total == sum(s.breakdown.values())
    assert state.view(None)["scores"] == [s.to_dict() for s in state.scores()]
