"""Tic-tac-toe's exact encoding (OpenSpiel-style planes) and its fixed 9-slot action space.

Observation: 27 values in {0, 1} — three planes of the 9 cells in board order (a1, b1, c1, a2, … c3): the observer's
marks, the opponent's marks, the empty cells. Seen from the observer, so one policy can play either side.

Actions: slot ``i`` is ``mark <cell i>`` in the same board order (slot 4 = ``mark b2``, the centre).

Speed: ``encode_state`` reads the board from the state's public ``cells`` (nothing in tic-tac-toe is hidden) and
looks the planes up in a table filled as boards are met (3^9 boards at most), so an observation costs a tuple and
a dictionary look-up; ``encode`` builds the same planes from the view, and the tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.games.tictactoe.rules import EMPTY, MARK_ACTIONS
from brassboard.rl.actions import FixedActionCodec

CELL_COUNT = 9


class TicTacToeEncoder:
    low = 0.0
    high = 1.0
    shape = (3 * CELL_COUNT,)

    def __init__(self) -> None:
        self._planes: dict[tuple[int, tuple[int, ...]], npt.NDArray[np.float32]] = {}

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        board: str = view["board"]  # one character per cell: "0"/"1" (the player who marked it) or "."
        return self._encode_cells(tuple(EMPTY if mark == "." else int(mark) for mark in board), player)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        return self._encode_cells(tuple(state.cells), player)  # type: ignore[attr-defined]  # a TicTacToeState

    def _encode_cells(self, cells: tuple[int, ...], player: int) -> npt.NDArray[np.float32]:
        found = self._planes.get((player, cells))
        if found is None:
            marks = np.array(cells)
            found = np.concatenate((marks == player, (marks != player) & (marks != EMPTY), marks == EMPTY))
            found = found.astype(np.float32)
            found.flags.writeable = False
            self._planes[(player, cells)] = found
        return found.copy()


    def __repr__(self) -> str:
        return "TicTacToeEncoder()"


def observation_encoder(players: int, options: Mapping[str, Any]) -> TicTacToeEncoder:
    return TicTacToeEncoder()


def action_codec(players: int, options: Mapping[str, Any]) -> FixedActionCodec:
    return FixedActionCodec(MARK_ACTIONS)
