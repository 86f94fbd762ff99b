"""Age of Steam's map in the terminal: one three-character cell per hex, showing terrain, cities and who owns track.

The map is flat-topped with odd columns half a hex lower (see ``figures._neighbour``), so each hex row takes two
text lines and an odd column's cells sit one line below its even neighbours'. A hex's label is its column letter
and row number (``C8``), the same labels the action notation uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .figures import ALL_HEXES, COLUMNS, ROWS_EVEN, col_row

if TYPE_CHECKING:
    from .rules import AgeOfSteamState

CELL = 3
TERRAIN_MARKS = {"plain": " . ", "river": " ~ ", "mountain": " ^ ", "lake": " = ", "town": " o ", "city": " # "}
MAP_LEGEND = ("  . plain  ~ river  ^ mountain  = lake  o town  [R] city (R red, B blue, Y yellow, P purple, K black)",
              "  0-5 track of that player (t0: a town with its track)  + unowned track  * track of several owners")


def owner_mark(owners: list[int | None]) -> str:
    """One character for the owners of a hex's tracks: a player's digit, ``+`` unowned, ``*`` several."""
    distinct = set(owners)
    if len(distinct) > 1:
        return "*"
    (owner,) = distinct
    return "+" if owner is None else str(owner)


def hex_cell(state: AgeOfSteamState, h: int) -> str:
    """The three characters drawn for hex ``h``."""
    color = state.city_color(h)
    if color is not None:
        letter = "K" if color == "black" else color[0].upper()
        return f"[{letter}]"
    tile = state.tiles.get(h)
    terrain = state.fig.terrain[h]
    if tile is None or not tile["tracks"]:
        return TERRAIN_MARKS[terrain]
    mark = owner_mark(list(tile["owners"]))
    return f"t{mark} " if terrain == "town" else f" {mark} "


def text_map_lines(state: AgeOfSteamState) -> list[str]:
    """The map, with the column letters on top and the row numbers of the even columns at the left."""
    grid = [[" " * CELL for _ in range(COLUMNS)] for _ in range(2 * ROWS_EVEN)]
    for h in ALL_HEXES:
        col, row = col_row(h)
        grid[2 * row + col % 2][col] = hex_cell(state, h)
    header = "     " + "".join(f" {chr(ord('A') + col)} " for col in range(COLUMNS)).rstrip()
    lines = ["map (odd columns B, D, ... sit half a row lower):", header]
    for number, cells in enumerate(grid):
        row_label = f"{number // 2 + 1:>3}" if number % 2 == 0 else "   "
        lines.append((f"{row_label}  " + "".join(cells)).rstrip())
    while not lines[-1].strip():
        lines.pop()  # the half row below the last even-column hex
    lines.extend(MAP_LEGEND)
    return lines
