"""Legal games to the end for 2-4 players, with the invariants of tharos_invariants.py after every action.

Most games are uniformly random; one in thirteen seats a greedy bot beside random ones, so that the late game is
reached (active player cards, buildings, explorations, trade medals, full combat tracks, round-end damage). Every
game also round-trips through JSON and clone, hides each hand from the other seats' views, and replays from its
record (through the text notation, as a match record stores it) to the identical state; now and then every listed
action is applied to a copy (the listing and the handlers agree). The soak variant plays 4,000 games.
"""

from __future__ import annotations

import random

import pytest
from tharos_invariants import check, check_views

from brassboard.bots import seat_seed
from brassboard.engine import Action, GameState, IllegalAction, new_game, state_from_json
from brassboard.games.tharos.bots import GreedyBot

GAMES = 120  # per run, over BLOCKS tests; the soak variant plays 4,000
BLOCKS = 4
ROUND_TRIP_EVERY = 17  # JSON and clone round trips and the views' secrecy, every this many actions
EVERY_ACTION_EVERY = 41  # every listed action applied to a copy, every this many actions


def play(seed: int) -> GameState:
    players = 2 + seed % 3
    state = new_game("tharos", players, seed)
    rng = random.Random(seed)
    mixed = seed % 13 == 1  # one game in 13 (spread over the blocks): greedy in seat 0, random elsewhere
    bots = [GreedyBot(seat_seed(seed, p)) if mixed and p == 0 else None for p in range(players)]
    record: list[tuple[int, str]] = []
    check(state)
    while not state.is_over():
        p = state.active_players()[0]
        bot = bots[p]
        action = bot.choose(state, p) if bot else rng.choice(state.legal_actions(p))
        state.apply(p, action)
        record.append((p, str(action)))
        check(state)
        if len(record) % ROUND_TRIP_EVERY == 0:
            round_trips(state)
        if len(record) % EVERY_ACTION_EVERY == 0:
            every_listed_action_applies(state)
    round_trips(state)
    replay = new_game("tharos", players, seed)
    for player, notation in record:
        replay.apply(player, Action.parse(notation))
    assert replay.to_json() == state.to_json(), "a record replays identically"
    return state


def every_listed_action_applies(state: GameState) -> None:
    """Each legal action of the player to act is accepted by apply (the listing and the handlers agree)."""
    if state.is_over():
        return
    p = state.active_players()[0]
    for action in state.legal_actions(p):
        trial = state.clone()
        try:
            trial.apply(p, action)
        except IllegalAction as exc:
            raise AssertionError(f"{action} is listed as legal but refused: {exc.reason}") from None
        check(trial)


def round_trips(state: GameState) -> None:
    text = state.to_json()
    assert state_from_json(text).to_json() == text, "JSON round trip"
    copy = state.clone()
    assert copy.to_json() == text, "clone round trip"
    if not state.is_over():
        p = state.active_players()[0]
        assert copy.legal_actions(p) == state.legal_actions(p), "a clone offers the same actions"
    check_views(state)


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_tharos_games_keep_the_invariants(block: int) -> None:
    for seed in range(block, GAMES, BLOCKS):
        assert play(seed).is_over()


@pytest.mark.soak
def test_soak_random_tharos_games_keep_the_invariants() -> None:
    for seed in range(10_000, 14_000):
        assert play(seed).is_over()
