"""The fast paths of the rules agree with the plain ones.

``legal_actions`` in the build phase checks most candidates without ``check_build`` (new tiles on empty hexes and
redirections are checked against the board directly, hopeless candidates are skipped). Here every track set on
every hex of the map goes through ``check_build`` instead, at build turns of mixed greedy/random games: both must
name the same builds. A rule change in ``check_build`` that the fast path misses fails here. ``clone`` copies the
containers directly; it must equal the JSON round trip and share nothing mutable.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from brassboard.bots import seat_seed
from brassboard.engine import Action, new_game
from brassboard.games.age_of_steam.bots import GreedyBot
from brassboard.games.age_of_steam.figures import ALL_HEXES, figures, label
from brassboard.games.age_of_steam.rules import AgeOfSteamState, Track, format_tracks, tracks_arg

PAIRS: list[Track] = [(a, c) for a in range(6) for c in range(a + 1, 6)]
PLAIN_SETS: list[tuple[Track, ...]] = [(t,) for t in PAIRS] + [
    (x, y) for x, y in combinations(PAIRS, 2) if not set(x) & set(y)]
TOWN_SETS: list[tuple[Track, ...]] = [tuple((s,) for s in sides) for k in range(1, 5)
                                      for sides in combinations(range(6), k)]


def every_build(state: AgeOfSteamState, p: int) -> set[Action]:
    """The legal builds found by trying every track set on every hex with check_build."""
    b = state.build
    assert b is not None
    if b["builds_left"] <= 0 or state.cash[p] <= 0:
        return set()
    fig = figures()
    found: set[Action] = set()
    for h in ALL_HEXES:
        if state.is_city(h) or fig.terrain[h] == "lake":
            continue
        for tracks in TOWN_SETS if state.is_town(h) else PLAIN_SETS:
            plan = state.check_build(p, h, tracks)
            if not isinstance(plan, str):
                found.add(Action("build", label(h), tracks_arg(format_tracks(plan.tile["tracks"], plan.tile["town"]))))
    return found


def build_turns(seed: int, every: int) -> list[AgeOfSteamState]:
    """States at build decisions of a game with greedy and random seats (every ``every``-th build decision)."""
    players = 3 + seed % 4
    state = new_game("age_of_steam", players, seed)
    assert isinstance(state, AgeOfSteamState)
    rng = random.Random(seed)
    bots = [GreedyBot(seat_seed(seed, p)) if p % 2 == 0 else None for p in range(players)]
    sampled: list[AgeOfSteamState] = []
    decisions = 0
    while not state.is_over():
        (p,) = state.active_players()
        if state.phase == "build":
            decisions += 1
            if decisions % every == 0:
                sampled.append(state.clone())
        bot = bots[p]
        state.apply(p, bot.choose(state, p) if bot else rng.choice(state.legal_actions(p)))
    return sampled


def check_agreement(state: AgeOfSteamState) -> None:
    (p,) = state.active_players()
    fast = [a for a in state.legal_actions(p) if a.kind == "build"]
    assert len(fast) == len(set(fast)), "no build is listed twice"
    assert set(fast) == every_build(state, p)


@pytest.mark.parametrize("seed", [11, 12])
def test_fast_legal_builds_equal_check_build_on_the_whole_map(seed: int) -> None:
    for state in build_turns(seed, every=9):
        check_agreement(state)


@pytest.mark.soak
def test_soak_fast_legal_builds_equal_check_build_on_the_whole_map() -> None:
    for seed in range(100, 130):
        for state in build_turns(seed, every=3):
            check_agreement(state)


def test_clone_equals_the_json_round_trip_and_shares_nothing() -> None:
    for seed in (3, 4):
        for state in build_turns(seed, every=5):
            copy = state.clone()
            assert copy.to_json() == state.to_json() == state.from_dict(state.to_dict()).to_json()
            before = state.to_json()
            (p,) = copy.active_players()
            for _ in range(3):
                if copy.is_over():
                    break
                (p,) = copy.active_players()
                copy.apply(p, copy.legal_actions(p)[0])
            assert state.to_json() == before, "playing on the clone leaves the original as it was"
