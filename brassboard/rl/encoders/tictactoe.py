"""Tic-tac-toe's exact encoding (OpenSpiel-style planes) and its fixed 9-slot action space.

Observation: 27 values in {0, 1} — three planes of the 9 cells in board order (a1, b1, c1, a2, … c3): the observer's
marks, the opponent's marks, the empty cells. Seen from the observer, so one policy can play either side.

Actions: slot ``i`` is ``mark <cell i>`` in the same board order (slot 4 = ``mark b2``, the centre).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.games.tictactoe.rules import MARK_ACTIONS
from brassboard.rl.actions import FixedActionCodec

CELL_COUNT = 9


class TicTacToeEncoder:
    low = 0.0
    high = 1.0
    shape = (3 * CELL_COUNT,)

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        board: str = view["board"]  # one character per cell: "0"/"1" (the player who marked it) or "."
        planes = np.zeros((3, CELL_COUNT), dtype=np.float32)
        own, empty = str(player), "."
        for cell, mark in enumerate(board):
            planes[0 if mark == own else 2 if mark == empty else 1, cell] = 1.0
        return planes.reshape(-1)


def observation_encoder(players: int, options: Mapping[str, Any]) -> TicTacToeEncoder:
    return TicTacToeEncoder()


def action_codec(players: int, options: Mapping[str, Any]) -> FixedActionCodec:
    return FixedActionCodec(MARK_ACTIONS)
