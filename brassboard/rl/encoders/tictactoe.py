"""Tic-tac-toe's exact encoding (OpenSpiel-style planes) and its fixed 9-slot action space.

Observation: 27 values in {0, 1} — three planes of the 9 cells in board order (a1, b1, c1, a2, … c3): the observer's
marks, the opponent's marks, the empty cells. Seen from the observer, so one policy can play either side.

Actions: slot ``i`` is ``mark <cell i>`` in the same board order (slot 4 = ``mark b2``, the centre).

Speed: ``encode_state`` reads the board from the state's public ``cells`` (nothing in tic-tac-toe is hidden) and
looks the planes up in a table of all 3^9 boards built once per process, so an observation costs a tuple, a
dictionary look-up and a row's copy; ``encode`` builds the same planes from the view, and the tests hold the two equal.
``state_key`` (observer, player to move, cells, as one number) lets the environments keep whole observations
per position.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.games.tictactoe.rules import EMPTY, MARK_ACTIONS
from brassboard.rl.actions import FixedActionCodec

CELL_COUNT = 9


@cache
def board_table() -> tuple[dict[tuple[int, ...], int], npt.NDArray[np.float32]]:
    """Every board (3^9 cell contents, reachable or not) -> its row, and the planes of each row as seen by seat 0
    and by seat 1: built once, vectorised, so that no observation ever builds planes (4 MB of float32)."""
    boards = list(itertools.product((EMPTY, 0, 1), repeat=CELL_COUNT))
    marks = np.array(boards, dtype=np.int8)
    planes = np.stack([np.concatenate((marks == seat, marks == 1 - seat, marks == EMPTY), axis=1)
                       for seat in (0, 1)]).astype(np.float32)
    planes.flags.writeable = False
    return {board: row for row, board in enumerate(boards)}, planes


class TicTacToeEncoder:
    low = 0.0
    high = 1.0
    shape = (3 * CELL_COUNT,)

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        board: str = view["board"]  # one character per cell: "0"/"1" (the player who marked it) or "."
        return self._encode_cells(tuple(EMPTY if mark == "." else int(mark) for mark in board), player)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        return self._encode_cells(tuple(state.cells), player)  # type: ignore[attr-defined]  # a TicTacToeState

    def state_key(self, state: GameState, player: int) -> int:
        """The observer, the player to move and the cells, which fix the view and the legal actions, as one number:
        bit 0 the observer, bit 1 the player to move, bits 2-10 and 11-19 the cells each player owns (the state's
        public bit sets ``owned``; they fix the cells, the winner and the end)."""
        owned: list[int] = state.owned  # type: ignore[attr-defined]  # a TicTacToeState
        mover: int = state.to_move  # type: ignore[attr-defined]
        return player | mover << 1 | owned[0] << 2 | owned[1] << 11

    def _encode_cells(self, cells: tuple[int, ...], player: int) -> npt.NDArray[np.float32]:
        index, planes = board_table()
        row: npt.NDArray[np.float32] = planes[player, index[cells]].copy()
        return row

    def __repr__(self) -> str:
        return "TicTacToeEncoder()"


def observation_encoder(players: int, options: Mapping[str, Any]) -> TicTacToeEncoder:
    return TicTacToeEncoder()


def action_codec(players: int, options: Mapping[str, Any]) -> FixedActionCodec:
    return FixedActionCodec(MARK_ACTIONS)
