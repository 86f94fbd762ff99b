"""Determining the turn order (Reihenfolge bestimmen) and selecting actions (Aktionen wählen), rule by rule.

Rule text: shared/seeds/001_023a9815c01177b0.txt. Seats A=0, B=1, C=2, D=3; the order is set explicitly.
"""

from __future__ import annotations

from aos_helpers import fresh, refused

from brassboard.games.age_of_steam.rules import AgeOfSteamState

A, B, C, D = range(4)


def auction(players: int = 4, order: list[int] | None = None, turn_order_holder: int | None = None
            ) -> AgeOfSteamState:
    state = fresh(players)
    state.order = order or list(range(players))
    state.queue = state.order[:]
    if turn_order_holder is not None:
        state.action[turn_order_holder] = "turn-order"
    for p in state.order:
        state.apply(p, "issue 0")
    assert state.phase == "auction"
    return state


def test_bidding_opens_with_the_first_player_of_the_old_order() -> None:
    state = auction(order=[C, A, D, B])
    assert state.active_players() == [C]


def test_a_bid_of_0_dollars_is_not_allowed() -> None:
    state = auction()
    refused(state, A, "bid 0", "$0")
    assert "bid 0" not in {str(a) for a in state.legal_actions(A)}
    assert "bid 1" in {str(a) for a in state.legal_actions(A)}


def test_a_bid_must_be_higher_than_the_last_bid_of_another_player() -> None:
    state = auction()
    state.apply(A, "bid 3")
    refused(state, B, "bid 3", "higher than the last bid")
    assert min(a.args[0] for a in state.legal_actions(B) if a.kind == "bid") == 4  # type: ignore[type-var]
    state.apply(B, "bid 4")


def test_a_bid_may_not_exceed_the_bidders_cash() -> None:
    state = auction()
    refused(state, A, "bid 11", "cash")
    assert max(a.args[0] for a in state.legal_actions(A) if a.kind == "bid") == 10  # type: ignore[type-var]


def test_the_high_bidder_is_skipped_his_bid_stands() -> None:
    state = auction(players=3)
    state.apply(A, "bid 2")
    state.apply(B, "drop")
    state.apply(C, "bid 3")
    assert state.active_players() == [A]
    state.apply(A, "bid 4")
    assert state.active_players() == [C]  # B is out and A holds the high bid: C must answer


def test_the_first_to_drop_takes_the_last_place_and_pays_nothing_even_after_bidding() -> None:
    state = auction()
    state.apply(A, "bid 2")
    state.apply(B, "bid 3")
    state.apply(C, "bid 4")
    state.apply(D, "bid 5")
    state.apply(A, "drop")  # first out, had bid $2
    state.apply(B, "drop")  # third place: half of $3 rounded up = $2
    state.apply(C, "drop")  # second place: in full, $4
    assert state.order == [D, C, B, A]
    assert state.cash == [10, 8, 6, 5]  # D, the winner, pays $5 in full


def test_players_other_than_the_last_two_pay_half_their_bid_rounded_up() -> None:
    state = auction()
    state.apply(A, "bid 1")
    state.apply(B, "bid 2")
    state.apply(C, "bid 5")
    state.apply(D, "drop")  # first out: last place, pays nothing (bid nothing)
    state.apply(A, "drop")  # third place: half of $1 rounded up = $1
    state.apply(B, "bid 6")
    state.apply(C, "drop")  # second place: $5 in full
    assert state.order == [B, C, A, D]
    assert state.cash == [9, 4, 5, 10]


def test_a_player_who_drops_without_bidding_pays_nothing() -> None:
    state = auction(players=3)
    state.apply(A, "drop")
    state.apply(B, "drop")
    assert state.order == [C, B, A]
    assert state.cash == [10, 10, 10]
    assert state.phase == "actions"


def test_the_auction_runs_until_one_player_is_left() -> None:
    state = auction()
    state.apply(A, "drop")
    state.apply(B, "drop")
    assert state.phase == "auction"
    state.apply(C, "drop")
    assert state.phase == "actions" and state.order == [D, C, B, A]


def test_the_turn_order_holder_may_say_pass_once_and_stays_in() -> None:
    state = auction(players=3, turn_order_holder=B)
    state.apply(A, "bid 1")
    assert "turn-pass" in {str(a) for a in state.legal_actions(B)}
    state.apply(B, "turn-pass")
    state.apply(C, "bid 2")
    state.apply(A, "bid 3")
    assert "turn-pass" not in {str(a) for a in state.legal_actions(B)}
    refused(state, B, "turn-pass", "once")
    state.apply(B, "drop")  # the first to drop: last place
    state.apply(C, "drop")
    assert state.order == [A, C, B]
    assert state.cash == [7, 10, 8]  # A $3; B bid nothing; C, second, pays his $2 in full


def test_only_last_rounds_turn_order_holder_may_pass() -> None:
    state = auction(players=3, turn_order_holder=C)
    refused(state, A, "turn-pass", "Turn Order")
    assert "turn-pass" not in {str(a) for a in state.legal_actions(A)}


def test_the_turn_order_pass_is_not_available_in_the_first_round() -> None:
    state = auction(players=3)
    assert all(a.kind != "turn-pass" for a in state.legal_actions(A))


# ----- Aktionen wählen ------------------------------------------------------------------------------------------
def actions_phase(players: int = 4) -> AgeOfSteamState:
    state = auction(players)
    for p in range(players - 1):
        state.apply(p, "drop")
    assert state.phase == "actions"
    return state


def test_actions_are_selected_in_the_new_turn_order() -> None:
    state = actions_phase()
    assert state.order == [D, C, B, A]
    seen = []
    for choice in ("engineer", "first-build", "production", "first-move"):
        p = state.active_players()[0]
        seen.append(p)
        state.apply(p, f"select {choice}")
    assert seen == [D, C, B, A]
    assert state.phase == "build"


def test_each_action_may_be_taken_by_one_player_only() -> None:
    state = actions_phase()
    state.apply(D, "select engineer")
    refused(state, C, "select engineer", "one player only")
    assert "select engineer" not in {str(a) for a in state.legal_actions(C)}
    assert len(state.legal_actions(C)) == 6


def test_locomotive_action_raises_the_engine_at_once() -> None:
    state = actions_phase()
    state.apply(D, "select locomotive")
    assert state.loco[D] == 2 and state.phase == "actions"


def test_locomotive_action_never_raises_the_engine_above_6() -> None:
    state = actions_phase()
    state.loco[D] = 6
    state.apply(D, "select locomotive")
    assert state.loco[D] == 6


def test_first_build_holder_builds_before_the_first_player() -> None:
    state = actions_phase()
    state.apply(D, "select engineer")
    state.apply(C, "select production")
    state.apply(B, "select turn-order")
    state.apply(A, "select first-build")
    assert state.queue == [A, D, C, B]
    assert state.active_players() == [A]


def test_engineer_builds_four_tiles_everyone_else_three() -> None:
    state = actions_phase()
    state.apply(D, "select engineer")
    state.apply(C, "select production")
    state.apply(B, "select turn-order")
    state.apply(A, "select first-build")
    assert state.build is not None and state.build["builds_left"] == 3
    state.apply(A, "done")
    assert state.build is not None and state.build["player"] == D and state.build["builds_left"] == 4


def test_turn_order_action_gives_the_pass_in_the_next_rounds_auction() -> None:
    state = actions_phase(3)
    state.apply(C, "select turn-order")
    assert state.holder("turn-order") == C
    state.phase = "shares"
    state.queue = state.order[:]
    for p in state.order:
        state.apply(p, "issue 0")
    assert state.auction is not None and state.auction["pass_holder"] == C


def test_with_two_companies_left_the_one_dropping_out_is_the_first_to_drop_and_pays_nothing() -> None:
    """README decision: after a bankruptcy only two bid; the one dropping is "first to drop" (pays $0) rather than
    one of "the last two" (would pay in full)."""
    state = fresh(3)
    state._eliminate(C)
    state.order = [A, B]
    state.queue = state.order[:]
    for p in state.order:
        state.apply(p, "issue 0")
    cash = list(state.cash)
    state.apply(A, "bid 2")
    state.apply(B, "bid 3")
    state.apply(A, "drop")
    assert state.order == [B, A]
    assert state.cash[A] == cash[A] and state.cash[B] == cash[B] - 3
