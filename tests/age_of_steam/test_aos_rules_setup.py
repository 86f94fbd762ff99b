"""Set-up (Spielaufbau), issuing shares (Aktien ausgeben) and the game length, rule by rule.

Rule text: shared/seeds/001_023a9815c01177b0.txt (2002, German). Each test names the rule it proves.
"""

from __future__ import annotations

import pytest
from aos_helpers import fresh, hx

from brassboard.engine import IllegalAction
from brassboard.games.age_of_steam.figures import figures
from brassboard.games.age_of_steam.rules import AgeOfSteamState


def cubes_in_play(state: AgeOfSteamState) -> int:
    on_display = sum(1 for spaces in state.display.values() for c in spaces if c is not None)
    return sum(state.bag.values()) + on_display + sum(len(c) for c in state.cubes.values())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_company_starts_with_10_dollars_2_shares_locomotive_1_income_0(players: int) -> None:
    state = fresh(players)
    assert state.cash == [10] * players
    assert state.shares == [2] * players
    assert state.loco == [1] * players
    assert state.income == [0] * players
    assert state.round == 1 and state.phase == "shares"


def test_display_is_filled_with_52_random_cubes_row_by_row_from_the_top_left() -> None:
    state = fresh(4, seed=3)
    fig = figures()
    assert len(fig.display_fill_order) == 52
    assert all(c is not None for spaces in state.display.values() for c in spaces)
    assert fig.display_fill_order[:2] == (("W1", 0), ("W2", 0))  # first cube top left, the second beside it
    first_draw = next(e for e in state._events if e["type"] == "draw")
    assert first_draw["why"] == "display set-up" and len(first_draw["cubes"]) == 52
    assert [state.display[d][i] for d, i in fig.display_fill_order] == first_draw["cubes"]


def test_three_cubes_on_pittsburgh_and_wheeling_two_on_every_other_city() -> None:
    state = fresh(4, seed=5)
    fig = figures()
    for h, city in fig.cities.items():
        expected = 3 if city.name in ("Pittsburgh", "Wheeling") else 2
        assert len(state.cubes[h]) == expected, city.name
    assert len(state.cubes[hx("R6")]) == 3 and len(state.cubes[hx("Q9")]) == 3
    assert sum(len(c) for c in state.cubes.values()) == 3 + 3 + 10 * 2


def test_the_96_goods_cubes_are_20_red_blue_purple_yellow_and_16_black() -> None:
    state = fresh(3)
    assert figures().bag == {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}
    assert cubes_in_play(state) == 96
    assert sum(state.bag.values()) == 96 - 52 - 26


def test_opening_turn_order_by_three_dice_each_highest_total_first() -> None:
    for seed in range(6):
        state = fresh(5, seed=seed)
        rolls = [e for e in state._events if e["type"] == "roll" and e["why"] == "turn order"]
        first_round = rolls[:15]
        totals = {p: sum(e["value"] for e in first_round if e["player"] == p) for p in range(5)}
        assert all(sum(1 for e in first_round if e["player"] == p) == 3 for p in range(5))
        assert [totals[p] for p in state.order] == sorted(totals.values(), reverse=True)
        if len(set(totals.values())) == 5:
            assert len(rolls) == 15  # ties alone roll again


@pytest.mark.parametrize(("players", "rounds"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_the_game_lasts_a_number_of_rounds_set_by_the_player_count(players: int, rounds: int) -> None:
    # the text: "ein 5-Personen-Spiel [endet] nach Vollendung der siebten Spielrunde"
    assert fresh(players).rounds == rounds


# ----- Aktien ausgeben ------------------------------------------------------------------------------------------
def test_issuing_a_share_gives_5_dollars_and_moves_the_share_marker() -> None:
    state = fresh(3)
    p = state.active_players()[0]
    state.apply(p, "issue 3")
    assert state.cash[p] == 10 + 15 and state.shares[p] == 5


def test_shares_are_issued_in_turn_order_one_decision_each() -> None:
    state = fresh(4, seed=2)
    order = state.order[:]
    seen = []
    while state.phase == "shares":
        p = state.active_players()[0]
        seen.append(p)
        state.apply(p, "issue 0")
    assert seen == order
    assert state.phase == "auction" and state.cash == [10] * 4 and state.shares == [2] * 4


def test_no_company_issues_more_than_15_shares_in_the_game() -> None:
    state = fresh(3)
    p = state.active_players()[0]
    assert max(a.args[0] for a in state.legal_actions(p)) == 13  # type: ignore[type-var]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="15 in the game"):
        state.apply(p, "issue 14")
    assert state.to_json() == before
    state.apply(p, "issue 13")
    assert state.shares[p] == 15 and state.cash[p] == 75
    state.shares[p] = 15
    state.queue = [p]
    assert [str(a) for a in state.legal_actions(p)] == ["issue 0"]


def test_nobody_is_forced_to_issue_shares() -> None:
    state = fresh(3)
    p = state.active_players()[0]
    assert "issue 0" in {str(a) for a in state.legal_actions(p)}
    with pytest.raises(IllegalAction):
        state.apply(p, "issue -1")
