"""perft for Planet Steam: leaf counts of the legal-action tree from fixed seeds, pinned.

Any change of move generation (a new legal action, one fewer, a different automatic step) changes these numbers.
When the change is deliberate, recompute them (``brassboard perft planet_steam ...`` or ``perft(state, depth)``),
check the small ones by hand as the tests below do, and pin the new values.

A perft leaf is one sequence of ``depth`` actions (fewer where the game ends first); the chance of dice is part of the
state's seeded generator, so each action has exactly one outcome.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from play_policies import ALL_ON, GAME, KindUniformPolicy

from brassboard import new_game, perft
from brassboard.engine import Action, GameState
from brassboard.games.planet_steam.figures import RESOURCES
from brassboard.games.planet_steam.rules import PlanetSteamState

# (players, options, seed) -> leaves at depth 1, 2, 3, ...
PERFT: dict[str, tuple[int, dict[str, Any], int, list[int]]] = {
    "2p": (2, {}, 1, [4, 16, 1600, 80816]),
    "4p": (4, {}, 2, [4, 16, 64, 256]),
    "2p-variable-claims": (2, {"variable_claims": True, "river_neutrals": 2}, 5, [4, 16, 128, 896]),
    "3p-all-options": (3, {**ALL_ON, "river_neutrals": 2}, 3, [4, 16, 64, 512, 3584]),
    "3p-2008-all-options": (3, {**ALL_ON, "edition": "2008", "river_neutrals": 2}, 3, [4, 16, 64, 5760]),
}

PERFT_CASES = [
    pytest.param(name, depth, leaves, id=f"{name}-d{depth}")
    for name, (_, _, _, counts) in PERFT.items() for depth, leaves in enumerate(counts, start=1)
]


def start(name: str) -> PlanetSteamState:
    players, options, seed, _ = PERFT[name]
    state = new_game(GAME, players, seed, options)
    assert isinstance(state, PlanetSteamState)
    return state


@pytest.mark.parametrize(("name", "depth", "leaves"), PERFT_CASES)
def test_perft_from_the_start(name: str, depth: int, leaves: int) -> None:
    assert perft(start(name), depth) == leaves


def test_depth_one_is_the_four_set_up_upgrades() -> None:
    for name in PERFT:
        state = start(name)
        (player,) = state.active_players()
        assert player == state.start_player
        assert state.legal_actions(player) == [Action("upgrade", r) for r in RESOURCES]


def after(state: PlanetSteamState, notations: list[str]) -> PlanetSteamState:
    state = state.clone()
    for notation in notations:
        (player,) = state.active_players()
        state.apply(player, notation)
    return state


def test_the_first_perft_numbers_by_hand() -> None:
    # Set-up: each player in turn chooses one of 4 freighters to upgrade: 4, 16 (2 players), 4**4 = 256 (4 players).
    assert PERFT["2p"][3][:2] == [4, 16]
    assert PERFT["4p"][3] == [4, 16, 64, 256]
    # Then the specialist auction opens: the opener must bid (no pass), 1..all their credits.
    two = after(start("2p"), ["upgrade ore", "upgrade water"])
    credits = two.players[0].credits
    assert credits == 100
    (opener,) = two.active_players()
    assert two.legal_actions(opener) == [Action("bid", b) for b in range(1, credits + 1)]
    assert PERFT["2p"][3][2] == 16 * credits
    # After a bid b the other player bids b+1..credits or passes (credits - b + 1 ways); after an all-in bid of 100
    # the other player cannot raise, the opener wins at once and chooses one of the 2 cards.
    per_setup = sum(credits - b + 1 for b in range(1, credits)) + 2
    assert perft(two, 2) == per_setup
    assert PERFT["2p"][3][3] == 16 * per_setup
    all_in = after(two, [f"bid {credits}"])
    assert all_in.legal_actions(opener) == [Action("take", 1), Action("take", 2)]
    four = after(start("4p"), ["upgrade quartz"] * 4)
    (opener,) = four.active_players()
    assert four.legal_actions(opener) == [Action("bid", b) for b in range(1, four.players[opener].credits + 1)]
    # Variable claims: after the set-up upgrades the start player puts 2 neutral markers on free river zones.
    vc = start("2p-variable-claims")
    rivers = sum(1 for z in vc.fig.rivers if vc.owner[z] == -1)
    assert PERFT["2p-variable-claims"][3][2:] == [16 * rivers, 16 * rivers * (rivers - 1)]
    three = start("3p-all-options")
    rivers = sum(1 for z in three.fig.rivers if three.owner[z] == -1)
    assert PERFT["3p-all-options"][3][3:] == [64 * rivers, 64 * rivers * (rivers - 1)]
    # 2008 has no rivers, so no neutral river markers: the independent freighter's auction opens at depth 4
    old = after(start("3p-2008-all-options"), ["upgrade energy"] * 3)
    (opener,) = old.active_players()
    assert old.agenda[0]["what"] == "freighter"
    assert PERFT["3p-2008-all-options"][3][3] == 64 * old.players[opener].credits


# ----- perft from the middle of a game ----------------------------------------------------------------------------
MIDGAME: dict[str, tuple[int, int, str, list[int]]] = {
    # name: (players, seed, step kind to stop at, leaves at depth 1..)
    "3p-build": (3, 11, "build", [19, 305, 4278]),  # depth 3: 4283 (4p: 1207) when production listed every idle set
    "3p-claim": (3, 11, "claim", [25, 125, 4445]),
    "3p-trade": (3, 11, "trade", [5, 12, 33]),
    "3p-produce": (3, 11, "produce", [2, 2, 6]),
    "4p-build": (4, 10, "build", [11, 118, 1206]),  # seed 14 no longer reaches a 2-tank build (one production action)
    "4p-claim": (4, 12, "claim", [30, 871]),
}


def midgame(name: str) -> GameState:
    """The first decision of the given step kind in a seeded kind-uniform 3-player game (a build step needs 2 tanks).

    The path there is chosen by the policy over the legal actions, so it too is pinned by these numbers.
    """
    players, seed, kind, _ = MIDGAME[name]
    state = new_game(GAME, players, seed)
    assert isinstance(state, PlanetSteamState)
    policy = KindUniformPolicy(seed)
    while not state.is_over():
        step = state.agenda[0]
        if step["k"] == kind and (kind != "build" or len(state.tanks_of(step["p"])) >= 2):
            return state
        (player,) = state.active_players()
        state.apply(player, policy.choose(state, player))
    raise AssertionError(f"no {kind} step reached")


MIDGAME_CASES = [
    pytest.param(name, depth, leaves, id=f"{name}-d{depth}")
    for name, (_, _, _, counts) in MIDGAME.items() for depth, leaves in enumerate(counts, start=1)
]


@pytest.mark.parametrize(("name", "depth", "leaves"), MIDGAME_CASES)
def test_perft_from_the_middle_of_a_game(name: str, depth: int, leaves: int) -> None:
    assert perft(midgame(name), depth) == leaves


def test_perft_leaves_the_state_untouched_and_agrees_with_clones() -> None:
    state = midgame("3p-build")
    before = state.to_json()
    assert perft(state, 2) == MIDGAME["3p-build"][3][1]
    assert state.to_json() == before
    # the same count through JSON copies (perft itself uses clone())
    (player,) = state.active_players()
    total = 0
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(player, action)
        total += len(child.legal_actions(child.active_players()[0])) if not child.is_over() else 1
    assert total == MIDGAME["3p-build"][3][1]


def test_perft_of_a_finished_game_is_one_leaf() -> None:
    state = new_game(GAME, 2, 9)
    policy = KindUniformPolicy(9)
    rng = random.Random(9)
    while not state.is_over():
        (player,) = state.active_players()
        state.apply(player, policy.choose(state, player) if rng.random() < 0.5 else state.legal_actions(player)[-1])
    assert perft(state, 0) == perft(state, 1) == perft(state, 3) == 1
