"""Age of Steam: the generic hashed encoding of the public view.

Nothing in Age of Steam is private: every seat's view is the public one, except that the builder's view adds its
cost table for every build (``build.costs``) — a convenience of the user interface, derivable from the board, and
by far the most expensive part of a view (the engine prices every placement for it). The observation leaves it out:
``encode`` hashes the view without ``build.costs``, and ``encode_state`` hashes the public view
``state.view(None)``, which is the same thing without paying for the table (the tests hold the two equal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState

from .hashing import HashingEncoder


class PublicViewEncoder(HashingEncoder):
    """Hashes the view without the builder's cost table (see the module's note)."""

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        build = view.get("build")
        if isinstance(build, Mapping) and "costs" in build:
            view = {**view, "build": {key: value for key, value in build.items() if key != "costs"}}
        return super().encode(view, player)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        return super().encode(state.view(None), player)

    def __repr__(self) -> str:
        return f"PublicViewEncoder(size={self.size})"


def observation_encoder(players: int, options: Mapping[str, Any]) -> PublicViewEncoder:
    return PublicViewEncoder()
