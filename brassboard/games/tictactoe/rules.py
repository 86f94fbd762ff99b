"""Tic-tac-toe: the engine's smallest complete game, its reference example and its benchmark yardstick.

Two players take turns to mark an empty cell of a 3×3 grid; the first to own a whole row, column or diagonal wins,
and a full grid with no line is a draw. Cells are named as on a chess board: a column letter ``a``–``c`` (left to
right) and a row digit ``1``–``3`` (bottom to top), so ``mark b2`` takes the centre.

Player ``first_player`` (option, default 0) moves first and plays X; the other plays O.

Everything the engine asks of a game is here, in the order a new game would write it: metadata (``INFO``), the
state's fields, the protocol queries, ``_apply`` (validate everything, then change), scores, serialisation and a
hand-written ``clone`` — the last because tic-tac-toe is what ``bench/bench_engine.py`` times, and the default JSON
round trip would dominate a game this small. For the same reason (``bench/bench_mcts.py --yardstick`` times MCTS on
it) it implements the engine's optional search shortcuts ``apply_quiet``, ``random_playout``, ``totals`` and
``winners`` over bit sets of the empty and owned cells, each giving exactly what the base class's version gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from brassboard.engine import Action, Draws, GameInfo, GameState, IllegalAction, OptionSpec, Score

EMPTY = -1
"""The value of an unmarked cell; marked cells hold the player number (0 or 1)."""

COLUMNS = "abc"
ROWS = "123"
CELLS: tuple[str, ...] = tuple(column + row for row in ROWS for column in COLUMNS)
"""Cell names by board index: index = 3 * (row - 1) + column, so ``a1`` is 0, ``c1`` is 2 and ``c3`` is 8."""

CELL_INDEX: dict[str, int] = {name: index for index, name in enumerate(CELLS)}

MARK = "mark"
MARK_ACTIONS: tuple[Action, ...] = tuple(Action(MARK, name) for name in CELLS)
"""One prebuilt action per cell: legal_actions hands these out instead of building new ones every call."""

ALL_FREE = (1 << 9) - 1
LEGAL_BY_FREE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(MARK_ACTIONS[index] for index in range(9) if free >> index & 1) for free in range(ALL_FREE + 1)
)
"""The legal marks for each set of empty cells (bit ``i`` set: cell ``i`` is empty), in CELLS order: legal_actions
copies one of these 512 tuples instead of scanning the grid (search bots ask for it at every simulated move)."""
FREE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index in range(9) if free >> index & 1) for free in range(ALL_FREE + 1)
)
"""The empty cells' indices for each set of empty cells, in CELLS order (the random playout's choices)."""

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows 1, 2, 3
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns a, b, c
    (0, 4, 8), (2, 4, 6),  # diagonals a1-c3 and c1-a3
)
LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if index in line) for index in range(9)
)
"""For each cell, the lines that pass through it: a new mark can only complete one of these."""
LINE_MASKS: tuple[int, ...] = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES)
HAS_LINE: tuple[bool, ...] = tuple(any(owned & line == line for line in LINE_MASKS) for owned in range(1 << 9))
"""Whether a player owning the cells of a bit set (bit ``i``: cell ``i``) owns a whole line: one look-up per mark."""

WIN, DRAW, LOSS = 1, 0, -1
"""Zero-sum results (as OpenSpiel's returns), so search bots can use the totals directly."""

MARK_SYMBOLS = ("X", "O")
"""Display symbols by move order: whoever moves first plays X."""
SYMBOLS_BY_FIRST: tuple[dict[int, str], ...] = tuple(
    {first: MARK_SYMBOLS[0], 1 - first: MARK_SYMBOLS[1], EMPTY: "."} for first in (0, 1))
"""A cell's display symbol by its mark, for each first player."""
CELL_CHARS: dict[int, str] = {EMPTY: ".", 0: "0", 1: "1"}
"""A cell's character in the stored board by its mark."""

INFO = GameInfo(
    id="tictactoe",
    name="Tic-tac-toe",
    min_players=2,
    max_players=2,
    options=(OptionSpec("first_player", 0, "which player moves first and plays X", choices=(0, 1)),),
    description="Three in a row on a 3×3 grid. The engine's reference game and benchmark yardstick.",
)


class TicTacToeState(GameState):
    info = INFO

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        self.cells: list[int] = [EMPTY] * 9
        self.to_move: int = self.options["first_player"]
        self.winner: int | None = None
        self.marks = 0  # cells marked so far; 9 with no winner is a draw
        self.free = ALL_FREE  # bit i set while cell i is empty (LEGAL_BY_FREE)
        self.owned = [0, 0]  # per player, bit i set when the player marked cell i (HAS_LINE)
        self.over = False

    # ----- the protocol -------------------------------------------------------------------------------------
    def active_players(self) -> list[int]:
        return [] if self.over else [self.to_move]

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.to_move:
            return []
        return list(LEGAL_BY_FREE[self.free])

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        # what the base class derives from scores(), without building them (search bots ask after every simulation)
        return [0, 1] if self.winner is None else [self.winner]

    def totals(self) -> list[int]:
        # what scores() holds, without building it (search bots read the totals after every simulation)
        winner = self.winner
        return [DRAW, DRAW] if winner is None else [WIN, LOSS] if winner == 0 else [LOSS, WIN]

    def scores(self) -> list[Score]:
        winner = self.winner
        first, second = (DRAW, DRAW) if winner is None else (WIN, LOSS) if winner == 0 else (LOSS, WIN)
        return [Score(first, {"result": first}), Score(second, {"result": second})]

    def _apply(self, player: int, action: Action) -> None:
        # The engine has already refused finished games and players who are not to move; the action itself is ours
        # to check, completely, before the first change.
        if action.kind != MARK:
            raise IllegalAction(f"tic-tac-toe has only 'mark <cell>' actions, not {action.kind!r}")
        if len(action) != 2:
            raise IllegalAction("mark takes exactly one cell, e.g. 'mark b2'")
        cell = action[1]
        index = CELL_INDEX.get(cell) if isinstance(cell, str) else None
        if index is None:
            raise IllegalAction(f"there is no cell {cell!r}: cells are a1..c3 (column a-c, then row 1-3)")
        if self.cells[index] != EMPTY:
            raise IllegalAction(f"cell {cell} is taken")

        self.emit("mark", player=player, cell=cell)
        if self._mark(player, index):
            owned = self.owned[player]
            line = next(line for line, mask in zip(LINES, LINE_MASKS, strict=True)
                        if index in line and owned & mask == mask)
            self.emit("win", player=player, line=[CELLS[i] for i in line])
        elif self.over:
            self.emit("draw")

    def apply_quiet(self, player: int, action: Action) -> None:
        # legal_actions(player) handed out this action, so it is a mark of an empty cell by the player to move
        self._mark(player, CELL_INDEX[action[1]])

    def random_playout(self, rng: Draws, limit: int, prefer: int) -> int:
        # The base class's loop for one mover at a time, with _mark's steps on local copies of the fields: the same
        # draws from the same legal order, so the same game (tests/engine/test_search_protocol.py checks it).
        cells, owned = self.cells, self.owned
        free, player, marks, over = self.free, self.to_move, self.marks, self.over
        played = 0
        while played < limit and not over:
            empty = FREE_CELLS[free]
            index = empty[rng.below(len(empty))]
            bit = 1 << index
            cells[index] = player
            free ^= bit
            mine = owned[player] = owned[player] | bit
            marks += 1
            played += 1
            if HAS_LINE[mine]:
                self.winner = player
                over = True
            elif not free:
                over = True
            player = 1 - player
        self.free, self.to_move, self.marks, self.over = free, player, marks, over
        return played

    def _mark(self, player: int, index: int) -> bool:
        """Mark a cell known to be empty for the player to move; returns whether it completes a line."""
        bit = 1 << index
        self.cells[index] = player
        self.marks += 1
        self.free ^= bit
        owned = self.owned[player] = self.owned[player] | bit
        # the turn passes even when the game ends, so whose turn it is always follows from the board
        self.to_move = 1 - player
        if HAS_LINE[owned]:
            self.winner = player
            self.over = True
            return True
        if not self.free:
            self.over = True
        return False

    # ----- serialisation ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        # The board alone: whose turn it is and who has won follow from it, so storing them would only let the
        # data contradict itself.
        return {**self._base_dict(), "board": self._board()}

    def _board(self) -> str:
        """One character per cell in CELLS order: the player number, or "." for empty."""
        return "".join([CELL_CHARS[mark] for mark in self.cells])

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TicTacToeState:
        state = cls.__new__(cls)
        state._restore_base(data)
        board = data["board"]
        if not isinstance(board, str) or len(board) != 9 or any(char not in ".01" for char in board):
            raise ValueError(f"a tic-tac-toe board is 9 characters of '.', '0' or '1', not {board!r}")
        first = state.options["first_player"]
        first_marks, second_marks = board.count(str(first)), board.count(str(1 - first))
        if first_marks - second_marks not in (0, 1):
            raise ValueError(f"board {board!r} cannot arise when player {first} moves first")
        state.cells = [EMPTY if char == "." else int(char) for char in board]
        state.marks = first_marks + second_marks
        state.free = sum(1 << index for index, mark in enumerate(state.cells) if mark == EMPTY)
        state.owned = [sum(1 << index for index, mark in enumerate(state.cells) if mark == player) for player in (0, 1)]
        state.to_move = first if first_marks == second_marks else 1 - first
        state.winner = _line_owner(state.cells)
        if state.winner is not None and state.to_move == state.winner:
            raise ValueError(f"board {board!r}: player {state.winner} has a line but did not make the last mark")
        state.over = state.winner is not None or state.marks == 9
        return state

    def clone(self) -> TicTacToeState:
        # A field-by-field copy: about ten times cheaper than the base class's JSON round trip.
        copy = TicTacToeState.__new__(TicTacToeState)
        copy.num_players = self.num_players
        copy.options = self.options  # never changed after creation, so sharing it is safe
        copy.seed = self.seed
        copy.rng = self.rng.copy()
        copy._events = []
        copy.cells = self.cells.copy()
        copy.to_move = self.to_move
        copy.winner = self.winner
        copy.marks = self.marks
        copy.free = self.free
        copy.owned = self.owned.copy()
        copy.over = self.over
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        # Nothing is hidden in tic-tac-toe; the view adds the grid as people draw it (row 3 at the top).
        # (the server builds a view per seat at every move of its benchmark: plain look-ups, no generators)
        first = self.options["first_player"]
        symbols = SYMBOLS_BY_FIRST[first]
        cells = self.cells
        rows = [symbols[cells[6]] + symbols[cells[7]] + symbols[cells[8]],
                symbols[cells[3]] + symbols[cells[4]] + symbols[cells[5]],
                symbols[cells[0]] + symbols[cells[1]] + symbols[cells[2]]]
        return {"board": self._board(), "rows": rows, "first_player": first,
                "to_move": None if self.over else self.to_move, "winner": self.winner, "over": self.over}


def _line_owner(cells: list[int]) -> int | None:
    """The player owning a complete line, if any."""
    for a, b, c in LINES:
        if cells[a] != EMPTY and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


STATE_CLASS = TicTacToeState
