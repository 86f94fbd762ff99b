"""Random legal games to the end, across player counts, with the invariants after every action."""

from __future__ import annotations

import random

import pytest
from aos_invariants import check

from brassboard.engine import Action, new_game, state_from_json
from brassboard.games.age_of_steam.rules import AgeOfSteamState

GAMES = 160  # per run (about 20 s on one core, split over 4 tests); the soak variant plays ten times as many


def thrifty_choice(rng: random.Random, actions: list[Action]) -> Action:
    """Random, but often issuing and bidding little and building rather than stopping, so that games last and
    reach the late-game rules (plain uniform play goes bankrupt in two rounds)."""
    if rng.random() < 0.6:
        cheap = [a for a in actions if a.kind not in ("bid", "issue", "done", "pass")
                 or (a.kind == "issue" and a.args[0] in (0, 1, 2)) or (a.kind == "bid" and a.args[0] <= 2)]
        moves = [a for a in cheap if a.kind == "move"]
        return rng.choice(moves or cheap or actions)
    return rng.choice(actions)


def play(seed: int, check_every: int = 1) -> AgeOfSteamState:
    players = 3 + seed % 4
    state = new_game("age_of_steam", players, seed)
    assert isinstance(state, AgeOfSteamState)
    rng = random.Random(seed)
    record: list[tuple[int, str]] = []
    while not state.is_over():
        (p,) = state.active_players()
        action = thrifty_choice(rng, state.legal_actions(p))
        state.apply(p, action)
        record.append((p, str(action)))
        if len(record) % check_every == 0:
            check(state)
        if len(record) % 25 == 0:
            assert state_from_json(state.to_json()).to_json() == state.to_json()
    check(state)
    replay = new_game("age_of_steam", players, seed)
    for player, notation in record:  # through the text notation, as a match record stores it
        replay.apply(player, Action.parse(notation))
    assert replay.to_json() == state.to_json(), "a record replays identically"
    return state


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_the_invariants(block: int) -> None:
    for seed in range(block, GAMES, 4):
        final = play(seed)
        assert final.is_over()


@pytest.mark.soak
def test_soak_random_games_keep_the_invariants() -> None:
    for seed in range(10_000, 10_000 + GAMES * 10):
        play(seed, check_every=1)
