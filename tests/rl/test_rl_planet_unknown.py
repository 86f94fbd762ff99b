"""Planet Unknown's structured observation: its fast path (from the state) equals its encoding of the player's view
on every planet and corporation side, its hashed rest is the generic hashing of its fields, and its blocks hold what
docs/rl.md says they hold."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from brassboard.engine import GameState, new_game
from brassboard.games.planet_unknown.setup import PLAYABLE_CORPORATIONS
from brassboard.rl import HashingEncoder
from brassboard.rl.encoders.planet_unknown import (
    BOARD_FIELDS,
    CELLS,
    NUMBERS,
    OWN_FIELDS,
    PHASES,
    PLANES,
    PLANETS,
    REST_SIZE,
    SEAT_FIELDS,
    STACKS,
    PlanetUnknownEncoder,
)

SIDES = [(planet, PLAYABLE_CORPORATIONS[index % len(PLAYABLE_CORPORATIONS)]) for index, planet in enumerate(PLANETS)]
"""Every planet side, each with a corporation side in turn: every side of both kinds is played."""


def play(players: int, seed: int, options: dict[str, Any], every: int = 1) -> list[GameState]:
    """Every ``every``-th state of one random game, and its last (cloned, so each stays as it was)."""
    chooser = random.Random(seed)
    state = new_game("planet_unknown", players, seed, options)
    seen = [state.clone()]
    steps = 0
    while not state.is_over():
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
        steps += 1
        if steps % every == 0 or state.is_over():
            seen.append(state.clone())
    return seen


def assert_fast_path_equals_the_view(players: int, states: list[GameState]) -> None:
    fast = PlanetUnknownEncoder(players)  # warmed over the whole game: its memos must never answer for another state
    from_views = PlanetUnknownEncoder(players)
    for state in states:
        for seat in range(players):
            encoded = fast.encode_state(state, seat)
            expected = from_views.encode(state.view(seat), seat)
            assert encoded.shape == fast.shape
            assert np.array_equal(encoded, expected), f"round {state.round}, phase {state.phase}, seat {seat}"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("planet", "corporation"), SIDES)
def test_the_fast_path_equals_the_views_encoding_on_every_side(planet: str, corporation: str) -> None:
    index = PLANETS.index(planet)
    players = 2 + index % 2
    options = {"planet": planet, "corporation": corporation, "events": index % 2 == 1,
               "private_objectives": index % 3 == 0}
    states = play(players, seed=index, options=options)
    assert {corp.planet_name for corp in states[-1].corps} == {planet}  # type: ignore[attr-defined]
    assert_fast_path_equals_the_view(players, states)


@pytest.mark.parametrize("players", [1, 4])
def test_the_fast_path_equals_the_views_encoding_with_dealt_sides_and_secrets(players: int) -> None:
    # dealt special boards chosen in secret, private objectives, events (the solo game always has them)
    options = {"planets": "asymmetric", "corporations": "asymmetric", "events": True, "private_objectives": True}
    assert_fast_path_equals_the_view(players, play(players, seed=players, options=options, every=2))


def test_the_hashed_rest_is_the_generic_hashing_of_its_fields() -> None:
    # the rest is summed group by group from memoised vectors; it must equal the hashing of the whole record
    encoder = PlanetUnknownEncoder(3)
    generic = HashingEncoder(REST_SIZE)
    options = {"planets": "asymmetric", "corporations": "asymmetric", "events": True}
    for state in play(3, seed=11, options=options, every=3):
        for seat in range(3):
            view = state.view(seat)
            fields: dict[str, Any] = {"board": {key: view[key] for key in BOARD_FIELDS}}
            for other, seen in enumerate(view["players"]):
                fields[f"players/{other}"] = {key: seen[key] for key in (*SEAT_FIELDS, *OWN_FIELDS) if key in seen}
            expected = generic.encode_fields(fields, seat)
            assert np.array_equal(encoder.encode_state(state, seat)[-REST_SIZE:], expected)
            assert np.array_equal(encoder.encode(view, seat)[-REST_SIZE:], expected)


def blocks(encoder: PlanetUnknownEncoder, encoded: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into the blocks of docs/rl.md's layout."""
    players = encoder.players
    sizes = {"planes": players * PLANES * CELLS, "numbers": players * NUMBERS, "turn": 22 + players,
             "station": 2 * STACKS, "rest": REST_SIZE}
    assert sum(sizes.values()) == encoder.shape[0] == len(encoded)
    cut, at = {}, 0
    for name, size in sizes.items():
        cut[name] = encoded[at: at + size]
        at += size
    cut["planes"] = cut["planes"].reshape(players, PLANES, CELLS)
    cut["numbers"] = cut["numbers"].reshape(players, NUMBERS)
    return cut


def test_the_blocks_hold_what_the_layout_says_seen_from_the_observer() -> None:
    state: Any = play(3, seed=4, options={}, every=10 ** 6)[0]
    chooser = random.Random(4)
    while state.phase != "tiles" or state.round < 3:  # some tiles placed, tracks moved
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
    state.corps[2].tracks[4] = 7
    encoder = PlanetUnknownEncoder(3)
    observer = 1
    cut = blocks(encoder, encoder.encode_state(state, observer))
    view = state.view(observer)
    # seats relative to the observer: row 0 is seat 1, row 1 seat 2, row 2 seat 0
    for row, seat in enumerate((1, 2, 0)):
        corp = state.corps[seat]
        assert cut["numbers"][row][:5].tolist() == corp.tracks
        assert cut["numbers"][row][-2:].tolist() == list(state.depot(seat))
        rovers = {y * 12 + x for x, y in view["players"][seat]["rovers"]}
        assert set(np.flatnonzero(cut["planes"][row][PLANES - 2])) == rovers
        assert cut["planes"][row][PLANES - 1].sum() == corp.planet.squares.bit_count()
    assert cut["numbers"][1][4] == 7  # seat 2, the observer's next seat
    turn = cut["turn"]
    assert turn[0] == state.round
    assert turn[10: 10 + len(PHASES)].tolist() == [float(phase == "tiles") for phase in PHASES]
    active = turn[17: 20].tolist()
    assert active == [float(seat in state.active_players()) for seat in (1, 2, 0)]
    tiles = view["depot_tiles"]
    assert turn[20: 22].tolist() == [-1 if tiles[ring] is None else tiles[ring]["type"] for ring in ("inner", "outer")]
    assert turn[22:].tolist() == view["event_counts"]
    stacks = [stack for ring in ("inner", "outer") for stack in view["stacks"][ring]]
    assert cut["station"].tolist() == [value for stack in stacks
                                       for value in (stack["count"], -1 if stack["top"] is None else stack["top"])]
