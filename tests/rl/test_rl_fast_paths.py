"""The speed-ups change no observation: fast paths equal the view's encoding, memoised hashing equals a fresh walk."""

from __future__ import annotations

import random

import numpy as np
import pytest

from brassboard import rl
from brassboard.engine import GameState, games, new_game
from brassboard.rl.encoders import game_encoder, state_encoding
from brassboard.rl.encoders.age_of_steam import PublicViewEncoder


def random_states(game_id: str, players: int, seed: int, limit: int) -> list[GameState]:
    """Snapshots of one random game (every step up to ``limit``), via clone so each stays as it was."""
    chooser = random.Random(seed)
    state = new_game(game_id, players, seed)
    seen = [state.clone()]
    while not state.is_over() and len(seen) < limit:
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
        seen.append(state.clone())
    return seen


FAST_GAMES = [game_id for game_id in games()
              if (encoder := game_encoder(game_id, 2, {})) is not None and state_encoding(encoder) is not None]


def test_the_games_with_a_fast_path() -> None:
    assert {"tictactoe", "age_of_steam", "planet_steam"} <= set(FAST_GAMES)


@pytest.mark.parametrize("game_id", FAST_GAMES)
def test_a_fast_path_gives_exactly_the_encoding_of_the_players_view(game_id: str) -> None:
    # so encode_state can carry nothing the view hides: it is a function of the view
    players = 3 if game_id == "age_of_steam" else 2
    encoder = game_encoder(game_id, players, {})
    assert encoder is not None
    fast = state_encoding(encoder)
    assert fast is not None
    private_parts = 0  # views that differ from the spectator's: the cases where a fast path could go wrong
    for state in random_states(game_id, players, seed=5, limit=120):
        for seat in range(players):
            view = state.view(seat)
            private_parts += view != state.view(None)
            assert np.array_equal(fast(state, seat), encoder.encode(view, seat))
    if game_id == "age_of_steam":
        assert private_parts, "no builder's view with its cost table was met: the test would be blind"


def test_planet_unknowns_fast_path_equals_the_view_with_special_boards_and_events() -> None:
    # special planets and corporations (their own squares, rules and secret side choice) and event cards
    options = {"planets": "asymmetric", "corporations": "asymmetric", "events": True}
    chooser = random.Random(3)
    state = new_game("planet_unknown", 3, 3, options)
    encoder = game_encoder("planet_unknown", 3, state.options)
    assert encoder is not None
    fast = state_encoding(encoder)
    assert fast is not None
    for _ in range(70):
        for seat in range(3):
            assert np.array_equal(fast(state, seat), encoder.encode(state.view(seat), seat))
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))


def test_age_of_steam_leaves_the_builders_cost_table_out() -> None:
    encoder = PublicViewEncoder(256)
    view = {"round": 1, "build": {"player": 0, "builds_left": 3, "costs": {"A1": 2}}}
    assert np.array_equal(encoder.encode(view, 0), encoder.encode({**view, "build": {
        "player": 0, "builds_left": 3, "costs": {"A1": 9, "B2": 4}}}, 0))
    assert not np.array_equal(encoder.encode(view, 0), encoder.encode({**view, "build": {
        "player": 0, "builds_left": 2, "costs": {"A1": 2}}}, 0))


@pytest.mark.parametrize("game_id", ["planet_steam", "planet_unknown", "age_of_steam", "tharos"])
def test_memoised_hashing_equals_a_fresh_walk_of_every_view(game_id: str) -> None:
    players = 3 if game_id == "age_of_steam" else 2
    memoised = rl.HashingEncoder()
    for state in random_states(game_id, players, seed=2, limit=80):
        for seat in range(players):
            view = state.view(seat)
            assert np.array_equal(memoised.encode(view, seat), rl.HashingEncoder().encode(view, seat))


def test_memoised_hashing_is_immune_to_a_view_changed_in_place() -> None:
    encoder = rl.HashingEncoder(64)
    board = [[1, 2], [3, 4]]
    first = encoder.encode({"board": board}, 0)
    board[1][0] = 7  # the same objects, new content: the fingerprint sees it
    assert np.array_equal(encoder.encode({"board": board}, 0), rl.HashingEncoder(64).encode({"board": board}, 0))
    assert not np.array_equal(first, encoder.encode({"board": board}, 0))


def test_planet_steams_fast_path_hides_other_players_credits_as_the_view_does() -> None:
    options = {"hidden_credits": True}
    encoder = game_encoder("planet_steam", 3, options)
    assert encoder is not None
    fast = state_encoding(encoder)
    assert fast is not None
    chooser = random.Random(9)
    state = new_game("planet_steam", 3, 9, options)
    for _ in range(60):
        for seat in range(3):
            assert np.array_equal(fast(state, seat), encoder.encode(state.view(seat), seat))
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
    before = [fast(state, seat) for seat in range(3)]
    state.players[1].credits += 17  # only seat 1 may see this
    after = [fast(state, seat) for seat in range(3)]
    assert np.array_equal(before[0], after[0]) and np.array_equal(before[2], after[2])
    assert not np.array_equal(before[1], after[1])


def test_planet_steams_board_is_seen_from_the_observer() -> None:
    encoder = game_encoder("planet_steam", 2, {})
    assert encoder is not None
    state = new_game("planet_steam", 2, 1)
    zone = 3
    state.owner[zone] = 1  # type: ignore[attr-defined]
    width = 2 + 9
    for seat in range(2):
        row = encoder.encode(state.view(seat), seat)[zone * width: (zone + 1) * width]
        assert row[:2].tolist() == ([0, 1] if seat == 0 else [1, 0])  # seat 1's zone: "next seat" for 0, "own" for 1
