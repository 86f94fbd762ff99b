"""Random legal Planet Unknown games to the end, for 1-6 players, with the invariants after every action.

The checks (in ``pu_invariants.py``): the 144 tiles conserved (station + planets + unplaced + removed), every civ
card once, tiles never overlap nor leave the planet, one terrain per square, trackers within 0-15, meteorites only
on tiles, lifepods only on their printed spaces and conserved (on the planet + collected + destroyed = 6), no
negative count, rovers on distinct planet squares, tech levels at or below their tracker, scores equal to their
breakdown, active players until the end and none after; views never show another player's secret end-game civ
cards, private objectives, offer or peek, nor the seed, nor more of a stack than its top. Every game's record
replays to the identical final state.

Separately, actions made by mutating legal ones are refused with ``IllegalAction`` and change nothing.

``pytest --soak`` plays many more seeds.
"""

from __future__ import annotations

import random

import pytest
from pu_invariants import mutate, play_random

from brassboard.engine import IllegalAction, Match

OPTION_SETS = {
    "plain": {},
    "events": {"events": True},
    "events-red": {"events": True, "event_green": 2, "event_orange": 4, "event_red": 14},
    "private": {"private_objectives": True},
    "all": {"events": True, "private_objectives": True, "two_player_rotation": "commander"},
}
GAMES_PER_CASE = 12
"""Seeds per (player count, option set) in the default run: 6 x 5 x 12 = 360 games (the thousands are the soak's)."""
SOAK_GAMES_PER_CASE = 350
"""With ``--soak``: 10 500 games."""


def cases(games: int) -> list[tuple[int, str, range]]:
    return [(players, name, range(games)) for players in range(1, 7) for name in OPTION_SETS]


@pytest.mark.parametrize(("players", "options", "seeds"), cases(GAMES_PER_CASE),
                         ids=[f"{p}p-{o}" for p, o, _ in cases(GAMES_PER_CASE)])
def test_random_games_keep_the_invariants(players: int, options: str, seeds: range) -> None:
    for seed in seeds:
        play_random(players, seed, OPTION_SETS[options], views_every=25 if seed % 4 == 0 else 0,
                    replay=seed % 3 == 0)


@pytest.mark.soak
@pytest.mark.parametrize(("players", "options", "seeds"), cases(SOAK_GAMES_PER_CASE),
                         ids=[f"{p}p-{o}" for p, o, _ in cases(SOAK_GAMES_PER_CASE)])
def test_soak_random_games(players: int, options: str, seeds: range) -> None:
    for seed in seeds:
        play_random(players, 10_000 + seed, OPTION_SETS[options], views_every=50 if seed % 10 == 0 else 0,
                    replay=seed % 10 == 0)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_mutated_actions_are_refused_and_change_nothing(players: int) -> None:
    rng = random.Random(players)
    match = Match("planet_unknown", players, 5, {"events": True})
    refused = 0
    while not match.state.is_over():
        player = rng.choice(match.state.active_players())
        legal = match.state.legal_actions(player)
        for _ in range(3):
            wrong = mutate(rng.choice(legal), rng)
            if wrong in legal:
                continue
            before = match.state.to_json()
            with pytest.raises(IllegalAction) as refusal:
                match.state.apply(player, wrong)
            assert refusal.value.reason
            assert match.state.to_json() == before
            refused += 1
        match.apply(player, rng.choice(legal))
    assert refused > 100
