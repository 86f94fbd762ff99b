"""Illegal input of every action kind: an IllegalAction naming the rule, and the state unchanged."""

from __future__ import annotations

from aos_helpers import fresh, refused, start_build, start_move
from test_aos_worked_examples import daves_build, petes_build


def test_shares_and_auction() -> None:
    state = fresh(3)
    first = state.active_players()[0]
    refused(state, first, "issue 14", "0 to 13")
    refused(state, first, "bid 3", "not an action of the shares phase")
    for p in list(state.queue):
        state.apply(p, "issue 0")
    bidder = state.active_players()[0]
    refused(state, bidder, "bid 0", "$0")
    refused(state, bidder, "bid 11", "cash")
    refused(state, bidder, "turn-pass", "Turn Order")
    state.apply(bidder, "bid 2")
    nxt = state.active_players()[0]
    refused(state, nxt, "bid 2", "higher than the last bid")


def test_select_taken_action() -> None:
    state = fresh(3)
    for p in list(state.queue):
        state.apply(p, "issue 0")
    while state.phase == "auction":
        state.apply(state.active_players()[0], "drop")
    first = state.active_players()[0]
    refused(state, first, "select nothing", "the actions are")
    state.apply(first, "select engineer")
    refused(state, state.active_players()[0], "select engineer", "one player only")


def test_build_rules() -> None:
    state = fresh(5)
    start_build(state, [0, 1])
    refused(state, 0, "build H6 03", "never be built on a city")
    refused(state, 0, "build I2 03", "Great Lakes")
    refused(state, 0, "build G2 03", "connect to a city")  # far from every city
    refused(state, 0, "build K9 t14", "very first tile")  # a town as first tile
    refused(state, 0, "build K10 14+25", "first tile on a hex must be a simple track")
    refused(state, 0, "build K10 41", "ascending")
    refused(state, 0, "urbanize A K9", "Urbanization")
    state.apply(0, "build K10 04")  # Evansville towards Indianapolis
    refused(state, 0, "build K10 02+35", "keep the existing track")
    refused(state, 0, "build L9 02", "connect to a city or to the player's own network")
    state.apply(0, "done")
    state.apply(1, "build J9 13")
    refused(state, 1, "build K9 t34", "another player's track")  # spoke 3 would meet Pete's open end
    refused(state, 1, "move J10 blue 1", "not an action of the build phase")


def test_move_rules() -> None:
    state = fresh(5)
    petes_build(state)
    daves_build(state)
    state.apply(1, "done")
    state.cubes[17 * 0 + 9 * 11 + 9] = ["blue", "red"]  # Evansville J10
    start_move(state, [0, 1, 2, 3, 4])
    refused(state, 0, "move J10 yellow 1", "no yellow cube")
    refused(state, 0, "move J10 red 1", "must end in a red city")
    refused(state, 0, "move J10 blue 5", "no established link")
    refused(state, 0, "move J10 blue 1 2", "at most as many links")
    state.apply(0, "locomotive")
    state.apply(1, "pass")
    for p in (2, 3, 4):
        state.apply(p, "pass")
    refused(state, 0, "locomotive", "once per move phase")
    refused(state, 0, "produce W1.1", "not an action of the move phase")
