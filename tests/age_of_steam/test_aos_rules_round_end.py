"""The end of a round: income (Einkommen erhalten), expenses (Kosten zahlen), bankruptcy, income reduction
(Einkommensminderung), production and goods growth (Güterwachstum), game end and scoring (Siegpunkte), rule by rule.

Rule text: shared/seeds/001_023a9815c01177b0.txt.
"""

from __future__ import annotations

from typing import Any

import pytest
from aos_helpers import forced_dice, fresh, hx, start_build

from brassboard.engine import IllegalAction, new_game
from brassboard.games.age_of_steam.rules import AgeOfSteamState

A, B, C = range(3)


def end_round(state: AgeOfSteamState, dice: list[int] | None = None) -> list[Any]:
    state._events = []
    with forced_dice(state, dice or [6] * (2 * len(state.alive()))):
        state._end_of_round()
    return state._events


def quiet(players: int = 3) -> AgeOfSteamState:
    state = fresh(players)
    state.action = [None] * players
    return state


# ----- income and expenses --------------------------------------------------------------------------------------
def test_income_is_paid_then_1_dollar_per_share_and_per_locomotive_link() -> None:
    state = quiet()
    state.income = [5, 0, 12]
    state.shares = [2, 6, 2]
    state.loco = [1, 3, 1]
    end_round(state)
    assert state.cash == [10 + 5 - 3, 10 - 9, 10 + 12 - 3]
    assert state.income == [5, 0, 10]  # C's 12 falls in the 11-20 band: -2


def test_a_shortfall_lowers_income_by_1_per_dollar_not_paid() -> None:
    state = quiet()
    state.cash[A], state.income[A], state.shares[A], state.loco[A] = 0, 5, 9, 1  # due 10, cash 5 after income
    events = end_round(state)
    assert state.cash[A] == 0 and state.income[A] == 0 and not state.eliminated[A]
    assert {"type": "expenses", "player": A, "due": 10, "paid": 5, "short": 5, "shares": 9, "locomotive": 1,
            "cash": 0, "income": 0} in events


def test_income_below_0_eliminates_the_player() -> None:
    state = quiet()
    state.cash[A], state.income[A] = 0, 0  # due $3, nothing to pay with
    events = end_round(state)
    assert state.eliminated[A] and A not in state.order and state.income[A] == -3
    assert any(e["type"] == "bankrupt" and e["player"] == A for e in events)
    assert state.queue == [p for p in state.order]  # the next round goes on without A


def test_a_bankrupt_players_unfinished_links_lose_their_owner_established_ones_earn_nothing() -> None:
    state = quiet()
    start_build(state, [A])
    state.cash[A] = 20
    for build in ("K10 14", "L9 14", "G7 13"):
        state.apply(A, f"build {build}")
    state.apply(A, "done")
    state.cash[A], state.income[A] = 0, 0
    end_round(state)
    assert state.eliminated[A]
    unfinished = [link for link in state.links() if not link.complete]
    assert unfinished and all(link.owner is None for link in unfinished)
    state.cubes[hx("J10")] = ["blue"]
    state.phase, state.queue, state.move_round = "move", [B], 1
    state.apply(B, "move J10 blue 1")
    assert state.income[A] == -3 and state.income[B] == 0


@pytest.mark.parametrize(("income", "after"), [
    (10, 10), (11, 9), (20, 18), (21, 17), (30, 26), (31, 25), (40, 34), (41, 33), (60, 52),
])
def test_income_reduction_bands_11_20_minus_2_21_30_minus_4_31_40_minus_6_41_up_minus_8(income: int,
                                                                                       after: int) -> None:
    state = quiet()
    state.income[A] = income
    end_round(state)
    assert state.income[A] == after


def test_the_later_editions_50_plus_band_is_an_option() -> None:
    bands = [{"min": 50, "loss": 10}, {"min": 41, "loss": 8}, {"min": 31, "loss": 6}, {"min": 21, "loss": 4},
             {"min": 11, "loss": 2}]
    state = new_game("age_of_steam", 3, 1, {"figures": {"income_reduction": bands}})
    assert isinstance(state, AgeOfSteamState)
    state.action = [None] * 3
    state.income[A] = 50
    end_round(state)
    assert state.income[A] == 40


# ----- production and goods growth ------------------------------------------------------------------------------
def test_production_places_two_drawn_cubes_on_empty_display_spaces() -> None:
    state = quiet()
    state.action[B] = "production"
    state.display["W1"] = [None, None, None]
    state._events = []
    state._end_of_round()
    assert state.phase == "production" and state.active_players() == [B]
    assert {str(a) for a in state.legal_actions(B)} == {"produce W1.1", "produce W1.2", "produce W1.3",
                                                        "produce none"}
    drawn = list(state.production["drawn"])  # type: ignore[index]
    state.apply(B, "produce W1.3")
    with pytest.raises(IllegalAction, match="empty space"):
        state.apply(B, "produce W1.3")
    with forced_dice(state, [6] * 6):
        state.apply(B, "produce W1.1")
    assert state.display["W1"] == [drawn[1], None, drawn[0]] and state.round == 2


def test_production_is_optional_a_drawn_cube_may_go_back_to_the_bag() -> None:
    """The holder "darf" (may) place the two drawn cubes: `produce none` puts the next one back in the bag."""
    state = quiet()
    state.action[B] = "production"
    state.display["W1"] = [None, None, None]
    state._events = []
    state._end_of_round()
    bag = sum(state.bag.values())
    drawn = list(state.production["drawn"])  # type: ignore[index]
    events = state.apply(B, "produce none")
    assert [e["color"] for e in events if e["type"] == "production_returned"] == drawn[:1]
    assert sum(state.bag.values()) == bag + 1 and state.display["W1"] == [None, None, None]
    with forced_dice(state, [6] * 6):
        state.apply(B, "produce W1.2")
    assert state.display["W1"] == [None, drawn[1], None] and state.round == 2


def test_the_production_draw_stays_in_the_log_after_the_cubes_are_placed() -> None:
    """Events are snapshots: the logged ``draw`` names both cubes even once the holder has placed them (it used to
    share the list the holder places from, and read ``[]`` afterwards)."""
    state = quiet()
    state.action[B] = "production"
    state.display["W1"] = [None, None, None]
    state._events = []
    state._end_of_round()
    (draw,) = [e for e in state._events if e["type"] == "draw" and e["why"] == "production"]
    drawn = list(state.production["drawn"])  # type: ignore[index]
    assert draw["cubes"] == drawn and len(drawn) == 2
    state.apply(B, "produce W1.1")
    with forced_dice(state, [6] * 6):
        state.apply(B, "produce W1.2")
    assert state.production is None and state.display["W1"][:2] == drawn
    assert draw["cubes"] == drawn


def test_production_with_a_full_display_returns_the_cubes_to_the_bag() -> None:
    state = quiet()
    state.action[B] = "production"
    bag = sum(state.bag.values())
    events = end_round(state)
    assert sum(1 for e in events if e["type"] == "production_returned") == 2
    assert sum(state.bag.values()) == bag  # growth moves display cubes, not bag cubes


def test_goods_growth_rolls_one_die_per_player_west_then_east() -> None:
    state = quiet(4)
    events = end_round(state, [1, 1, 2, 2, 5, 5, 5, 5])
    assert state.last_growth == {"west": [1, 1, 2, 2], "east": [5, 5, 5, 5]}
    grown = [e["space"] for e in events if e["type"] == "growth"]
    assert grown == ["W1.1", "W1.2", "W2.1", "W2.2", "E5.1", "E5.2", "E5.3"]  # top-most first; the 4th 5 finds none


def test_goods_growth_moves_cubes_to_the_numbered_city() -> None:
    state = quiet()
    chicago, kansas_city = state.cubes[hx("H6")][:], state.cubes[hx("A11")][:]
    w1, w3, e6 = state.display["W1"][:], state.display["W3"][:], state.display["E6"][:]
    end_round(state, [1, 3, 3, 2, 2, 4])
    assert state.cubes[hx("H6")] == chicago + w1[:1]  # Chicago is west 1
    assert state.cubes[hx("A11")] == kansas_city + w3[:2]  # Kansas City is west 3
    assert state.display["W1"] == [None, *w1[1:]]
    assert state.display["E6"] == e6  # no die showed east 6


def test_surplus_dice_on_a_column_are_ignored() -> None:
    state = quiet(6)
    events = end_round(state, [4] * 6 + [6] * 6)
    assert sum(1 for e in events if e["type"] == "growth" and e["space"].startswith("W4")) == 3
    assert state.display["W4"] == [None, None, None]


def test_a_new_city_receives_goods_only_when_it_is_on_the_map() -> None:
    state = quiet()
    row_b, row_a = state.display["B"][:], state.display["A"][:]
    end_round(state, [4, 3, 6, 6, 6, 6])
    assert state.display["B"] == row_b and state.display["A"] == row_a
    state = quiet()
    state.new_cities[hx("K9")] = "B"
    state.new_city_supply.remove("B")
    state.cubes[hx("K9")] = []
    row_b = state.display["B"][:]
    end_round(state, [4, 6, 6, 6, 6, 6])
    assert state.cubes[hx("K9")] == row_b[:1] and state.display["B"] == [None, row_b[1]]


def test_growth_dice_count_players_still_in_the_game() -> None:
    state = quiet(4)
    state.eliminated[3] = True
    state.order = [0, 1, 2]
    end_round(state)
    assert state.last_growth is not None and len(state.last_growth["west"]) == 3
    later = new_game("age_of_steam", 4, 1, {"growth_dice": "starting"})  # the later editions' reading
    assert isinstance(later, AgeOfSteamState)
    later.action = [None] * 4
    later.eliminated[3] = True
    later.order = [0, 1, 2]
    end_round(later, [6] * 8)
    assert later.last_growth is not None and len(later.last_growth["west"]) == 4


# ----- game end and scoring -------------------------------------------------------------------------------------
def test_the_game_ends_after_the_last_round() -> None:
    state = quiet()
    state.round = state.rounds - 1
    end_round(state)
    assert not state.is_over() and state.round == state.rounds and state.phase == "shares"
    end_round(state)
    assert state.is_over() and state.active_players() == []


def test_score_is_3_per_income_1_per_section_of_established_links_minus_3_per_share() -> None:
    state = quiet()
    start_build(state, [A])
    state.cash[A] = 20
    for build in ("J9 13", "K9 t14", "G7 13"):  # J10 - K9 (2 sections) complete; K9 spoke and G7 unfinished
        state.apply(A, f"build {build}")
    state.income[A], state.shares[A] = 10, 4
    score = state.scores()[A]
    assert score.breakdown == {"income": 30, "track": 2, "shares": -12} and score.total == 20


def test_a_link_of_n_tiles_scores_n_sections() -> None:
    state = quiet()
    start_build(state, [A])
    state.apply(A, "build K10 14")
    state.apply(A, "build L9 14")
    assert state.scores()[A].breakdown["track"] == 2


def test_equal_scores_share_the_victory() -> None:
    state = quiet()
    state.income = [4, 4, 1]
    assert state.winners() == [A, B]


def test_an_eliminated_player_ranks_below_every_living_player() -> None:
    state = quiet()
    state.income = [0, 0, 0]
    state.shares = [2, 15, 2]
    state.eliminated[A] = True
    scores = state.scores()
    assert scores[B].total == -45 and scores[A].total < scores[B].total
    assert scores[A].total == sum(scores[A].breakdown.values())
