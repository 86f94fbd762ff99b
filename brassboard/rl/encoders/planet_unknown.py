"""Planet Unknown: the generic encoding plus each seat's boards, with a larger legal-list action space.

Tile placements (positions x orientations x the tiles on offer) reach 940 legal actions in random play (20 games per
player count, 1-6 players); 2048 slots leave room. Should a state ever exceed them, the env raises
ActionOverflowError by default (see brassboard.rl.actions), so it can never go unnoticed.

The observation is the hashed view followed by an exact block telling which planet and corporation side every seat
plays (modules: 13 planets and 9 corporations, one-hot per seat, seats 0-5; zeros for absent seats). It is read
from the view, which shows a side only once it is turned up, so a secret set-up choice never reaches it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.games.planet_unknown.figures import figures

from .hashing import HashingEncoder

MAX_ACTIONS = 2048
SEATS = 6
PLANETS: tuple[str, ...] = tuple(figures().planets)
CORPORATIONS: tuple[str, ...] = tuple(figures().corporations)
BOARD_FEATURES = SEATS * (len(PLANETS) + len(CORPORATIONS))


class BoardsEncoder:
    """:class:`HashingEncoder` of the view, then each seat's planet and corporation one-hot."""

    low = float("-inf")
    high = float("inf")

    def __init__(self) -> None:
        self._hashing = HashingEncoder()

    @property
    def shape(self) -> tuple[int, ...]:
        return (self._hashing.size + BOARD_FEATURES,)

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        boards = np.zeros(BOARD_FEATURES, dtype=np.float32)
        width = len(PLANETS) + len(CORPORATIONS)
        for seat, seen in enumerate(view["players"][:SEATS]):
            base = seat * width
            if seen.get("planet") in PLANETS:
                boards[base + PLANETS.index(seen["planet"])] = 1.0
            if seen.get("corporation") in CORPORATIONS:
                boards[base + len(PLANETS) + CORPORATIONS.index(seen["corporation"])] = 1.0
        return np.concatenate([self._hashing.encode(view, player), boards])


def observation_encoder(players: int, options: Mapping[str, Any]) -> BoardsEncoder:
    return BoardsEncoder()
