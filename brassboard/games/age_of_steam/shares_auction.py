"""A round's start, issuing shares (phase I) and the auction for turn order (phase II)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


def start_round(state: AgeOfSteamState) -> None:
    state.phase = "shares"
    state.move_round = None
    state.queue = [p for p in state.order if not state.eliminated[p]]
    state.emit("round", round=state.round)
    if not state.queue:
        state._end_game()


def do_issue(state: AgeOfSteamState, p: int, action: Action) -> None:
    count = state._int_arg(action, 0, "the number of shares")
    room = int(state.fig.game["shares"]["max"]) - state.shares[p]
    if not 0 <= count <= room:
        raise IllegalAction(f"a company issues 0 to {room} more shares (15 in the game at most)")
    state.shares[p] += count
    state.cash[p] += count * int(state.fig.game["shares"]["price"])
    state.emit("issue", player=p, shares=count, cash=state.cash[p])
    state.queue.pop(0)
    if not state.queue:
        start_auction(state)


def start_auction(state: AgeOfSteamState) -> None:
    state.phase = "auction"
    bidders = [p for p in state.order if not state.eliminated[p]]
    pass_holder = state.holder("turn-order")
    state.auction = {"bidders": bidders, "in": bidders[:], "high_bid": 0, "high_bidder": None,
                    "bids": {}, "out": [], "pass_holder": pass_holder, "pass_used": False,
                    "current": bidders[0] if bidders else -1}
    if len(bidders) <= 1:
        finish_auction(state)


def legal_auction(state: AgeOfSteamState, p: int) -> list[Action]:
    auction = state.auction
    assert auction is not None
    actions = [Action("bid", n) for n in range(auction["high_bid"] + 1, state.cash[p] + 1)]
    if auction["pass_holder"] == p and not auction["pass_used"]:
        actions.append(Action("turn-pass"))
    actions.append(Action("drop"))
    return actions


def do_bid(state: AgeOfSteamState, p: int, action: Action) -> None:
    auction = state.auction
    assert auction is not None
    amount = state._int_arg(action, 0, "the bid")
    if amount < 1:
        raise IllegalAction("bids of $0 are not allowed; bid $1 or more, or drop")
    if amount <= auction["high_bid"]:
        raise IllegalAction(f"a bid must be higher than the last bid of another player (${auction['high_bid']})")
    if amount > state.cash[p]:
        raise IllegalAction(f"a bid may not exceed the bidder's cash (${state.cash[p]})")
    auction["high_bid"], auction["high_bidder"] = amount, p
    auction["bids"][str(p)] = amount
    state.emit("bid", player=p, amount=amount)
    next_bidder(state)


def do_turn_pass(state: AgeOfSteamState, p: int, action: Action) -> None:
    auction = state.auction
    assert auction is not None
    if auction["pass_holder"] != p:
        raise IllegalAction("only the holder of last round's Turn Order action may pass in the auction")
    if auction["pass_used"]:
        raise IllegalAction("the Turn Order pass may be used once per auction")
    auction["pass_used"] = True
    state.emit("turn_pass", player=p)
    next_bidder(state)


def do_drop(state: AgeOfSteamState, p: int, action: Action) -> None:
    auction = state.auction
    assert auction is not None
    auction["in"].remove(p)
    auction["out"].append(p)
    position = len(auction["in"]) + 1  # the dropout takes the last free position
    state.emit("drop", player=p, position=position)
    if len(auction["in"]) == 1:
        finish_auction(state)
    else:
        next_bidder(state)


def next_bidder(state: AgeOfSteamState) -> None:
    auction = state.auction
    assert auction is not None
    bidders: list[int] = auction["bidders"]
    at = bidders.index(auction["current"])
    for step in range(1, len(bidders) + 1):
        candidate = bidders[(at + step) % len(bidders)]
        # a player whose own bid is the high bid is skipped
        if candidate in auction["in"] and candidate != auction["high_bidder"]:
            auction["current"] = candidate
            return


def finish_auction(state: AgeOfSteamState) -> None:
    auction = state.auction
    assert auction is not None
    out: list[int] = auction["out"]
    winners: list[int] = auction["in"]
    bids = {int(k): v for k, v in auction["bids"].items()}
    new_order = winners + out[::-1]
    for p in new_order:
        bid = bids.get(p, 0)
        if out and p == out[0]:
            pay = 0  # the first to drop pays nothing, whatever he bid
        elif p in winners or (out and p == out[-1]):
            pay = bid  # the last two pay in full
        else:
            pay = math.ceil(bid / 2)  # everyone else pays half, rounded up
        state.cash[p] -= pay
        if bid or pay:
            state.emit("pay_bid", player=p, bid=bid, paid=pay)
    state.order = new_order
    state.emit("turn_order", order=list(new_order))
    state.auction = None
    state._start_actions()
