"""perft from fixed seeds: pins move generation (and times it). Depth 1-2 hand-checked, see the comments."""

from __future__ import annotations

from aos_helpers import fresh

from brassboard.engine import perft
from brassboard.games.age_of_steam.figures import NEIGHBOURS, figures, opposite


def test_perft_from_the_start_of_a_4_player_game() -> None:
    state = fresh(4, seed=7)
    # depth 1: the first player issues 0..13 more shares -> 14
    assert perft(state, 1) == 14
    # depth 2: whatever the first issued, the second again has 14 choices -> 14 * 14
    assert perft(state, 2) == 196
    assert perft(state, 3) == 2744


def test_perft_in_the_auction() -> None:
    state = fresh(3, seed=7)
    for p in list(state.queue):
        state.apply(p, "issue 0")
    # depth 1: first bidder with $10 bids 1..10 or drops -> 11 (no Turn Order holder in round 1)
    assert perft(state, 1) == 11
    # depth 2: after "bid n" the next bids n+1..10 or drops (11 - n ways, 55 over n = 1..10);
    # after "drop" the next bids 1..10 or drops (11): 55 + 11
    assert perft(state, 2) == 66
    assert perft(state, 3) == 282


def test_perft_in_the_first_build_turn() -> None:
    state = fresh(4, seed=7)
    while state.phase != "build":
        (p,) = state.active_players()
        first = state.legal_actions(p)[-1] if state.phase == "auction" else state.legal_actions(p)[0]
        state.apply(p, first)
    # depth 1, counted independently: every simple track on a plain/river/mountain hex next to a printed city
    # with one end into the city and the other end on the map and not in a lake, plus "done"
    fig = figures()
    first_tiles = set()
    for city in fig.cities:
        for side, n in enumerate(NEIGHBOURS[city]):
            if n < 0 or fig.terrain[n] not in ("plain", "river", "mountain"):
                continue
            entry = opposite(side)
            for other in range(6):
                m = NEIGHBOURS[n][other]
                if other != entry and m >= 0 and fig.terrain[m] != "lake":
                    first_tiles.add((n, min(entry, other), max(entry, other)))
    assert perft(state, 1) == len(first_tiles) + 1 == 227
