"""The round end's events carry their figures, so the log can tell each player's reckoning (issue 12, item 3):
the round that ends, income received, expenses with their parts (shares, locomotive) and what was left, the income a
shortfall cost, income reduction, and a bankruptcy with the expenses that caused it. Played through ``apply`` (the
last pass of the second move round ends the round), as the server sees them."""

from __future__ import annotations

from typing import Any

from aos_helpers import forced_dice, fresh, start_move

from brassboard.games.age_of_steam.rules import AgeOfSteamState

A, B, C = range(3)


def last_pass(state: AgeOfSteamState) -> list[dict[str, Any]]:
    """Every player passes through both move rounds; the events of the last pass (the round end's)."""
    start_move(state, [A, B, C])
    events: list[dict[str, Any]] = []
    with forced_dice(state, [6] * 6):
        while state.phase == "move":
            events = state.apply(state.active_players()[0], "pass")
    return events


def of(events: list[dict[str, Any]], kind: str, player: int | None = None) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind and (player is None or e.get("player") == player)]


def prepared(cash: list[int], income: list[int], shares: list[int], loco: list[int]) -> AgeOfSteamState:
    state = fresh(3)
    state.action = [None] * 3
    state.cash, state.income, state.shares, state.loco = cash, income, shares, loco
    return state


def test_the_round_end_is_announced_with_its_round_number() -> None:
    state = prepared([10, 10, 10], [0, 0, 0], [2, 2, 2], [1, 1, 1])
    events = last_pass(state)
    assert of(events, "round_end") == [{"type": "round_end", "round": 1}]
    assert [e["type"] for e in events].index("round_end") < [e["type"] for e in events].index("income")


def test_income_is_logged_per_player_with_the_amount_and_the_cash_after() -> None:
    state = prepared([10, 3, 0], [5, 0, 12], [2, 2, 2], [1, 1, 1])
    events = last_pass(state)
    assert of(events, "income") == [
        {"type": "income", "player": A, "amount": 5, "cash": 15},
        {"type": "income", "player": B, "amount": 0, "cash": 3},
        {"type": "income", "player": C, "amount": 12, "cash": 12},
    ]


def test_expenses_are_logged_with_the_share_and_locomotive_parts_and_the_cash_left() -> None:
    state = prepared([10, 10, 10], [5, 0, 0], [4, 2, 2], [3, 1, 1])
    events = last_pass(state)
    assert of(events, "expenses", A) == [{"type": "expenses", "player": A, "due": 7, "paid": 7, "short": 0,
                                          "shares": 4, "locomotive": 3, "cash": 8, "income": 5}]


def test_a_shortfall_is_logged_with_the_income_it_cost() -> None:
    state = prepared([1, 10, 10], [4, 0, 0], [5, 2, 2], [2, 1, 1])  # due 7, cash 5 after income: 2 short
    events = last_pass(state)
    (expenses,) = of(events, "expenses", A)
    assert (expenses["due"], expenses["paid"], expenses["short"], expenses["cash"], expenses["income"]) == (
        7, 5, 2, 0, 2)
    assert not of(events, "bankrupt") and not state.eliminated[A]


def test_income_reduction_is_logged_with_the_loss_and_the_income_left() -> None:
    state = prepared([10, 10, 10], [0, 0, 23], [2, 2, 2], [1, 1, 1])
    events = last_pass(state)
    assert of(events, "income_reduction") == [{"type": "income_reduction", "player": C, "loss": 4, "income": 19}]


def test_a_bankruptcy_is_logged_with_the_expenses_that_caused_it() -> None:
    state = prepared([0, 10, 10], [1, 0, 0], [4, 2, 2], [1, 1, 1])  # due 5, $1 to pay with: 4 short, income -3
    events = last_pass(state)
    assert of(events, "bankrupt") == [{"type": "bankrupt", "player": A, "income": -3, "due": 5, "short": 4,
                                       "round": 1}]
    assert state.eliminated[A]
    types = [e["type"] for e in events]
    assert types.index("bankrupt") == types.index("expenses") + 1  # right after the expenses that broke it
