"""perft for Planet Unknown: the number of leaves of the legal-action tree from fixed seeds, pinned.

Simultaneous phases branch on (player, action) pairs, as ``brassboard.engine.perft`` does for every game. The first
figure of the two-player game is also counted independently here, by brute force over coordinates instead of the
rules' bitmask tables: every tile of both depots in all eight orientations at every spot, kept when it lies on the
planet and touches its edge, counted once per distinct result.
"""

from __future__ import annotations

import pytest

from brassboard.engine import new_game, perft
from brassboard.games.planet_unknown.figures import figures
from brassboard.games.planet_unknown.rules import PlanetUnknownState

FIG = figures()

PINNED = {
    # (players, seed): [depth 1, depth 2, ...]
    (1, 1): [4, 1088, 1752, 6000],
    (2, 1): [656],
    (3, 1): [6, 5880],
    (4, 1): [6, 7840],
    (6, 1): [6, 11760],
}


@pytest.mark.parametrize(("players", "seed"), sorted(PINNED), ids=lambda v: str(v))
def test_perft_is_pinned(players: int, seed: int) -> None:
    state = new_game("planet_unknown", players, seed)
    assert [perft(state, depth) for depth in range(1, len(PINNED[(players, seed)]) + 1)] == PINNED[(players, seed)]


def brute_force_first_placements(state: PlanetUnknownState, player: int) -> int:
    planet = {(x, y) for y, row in enumerate(FIG.raw["planet"]["grid"]["rows"]) for x, c in enumerate(row) if c != "."}
    edge = {(x, y) for x, y in planet
            if sum((x + dx, y + dy) in planet for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))) < 4}
    total = 0
    for ring, stack in zip((0, 1), state.depot(player), strict=True):
        tile = state.top(ring, stack)
        assert tile is not None
        kind = FIG.tiles[tile]
        shape = next(s for s in FIG.raw["tiles"]["shapes"] if s["id"] == kind.shape)
        cells = [(x, y, part, [x, y] == shape[f"icon_{part}"], kind.meteor and [x, y] == shape["meteor"])
                 for part in ("a", "b") for x, y in shape[f"part_{part}"]]
        results = set()
        for orientation in range(8):
            turned = []
            for x, y, part, icon, meteor in cells:
                if orientation >= 4:
                    x = -x
                for _ in range(orientation % 4):
                    x, y = -y, x
                turned.append((x, y, part, icon, meteor))
            min_x = min(c[0] for c in turned)
            min_y = min(c[1] for c in turned)
            for ox in range(-12, 12):
                for oy in range(-12, 12):
                    placed = frozenset((x - min_x + ox, y - min_y + oy, part, icon, meteor)
                                       for x, y, part, icon, meteor in turned)
                    squares = {(x, y) for x, y, *_ in placed}
                    if squares <= planet and squares & edge:
                        results.add(placed)
        total += len(results)
    return total


def test_first_placements_counted_by_brute_force_match_perft() -> None:
    state = new_game("planet_unknown", 2, 1)
    assert isinstance(state, PlanetUnknownState)
    assert state.phase == "tiles"
    independent = sum(brute_force_first_placements(state, p) for p in (0, 1))
    assert independent == perft(state, 1) == PINNED[(2, 1)][0]
