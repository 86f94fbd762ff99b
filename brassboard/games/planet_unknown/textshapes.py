"""Planet Unknown in the terminal: the shapes of the two tiles at a player's depot, in each orientation.

``place <inner|outer> X Y O`` puts a tile with the top-left corner of its turned shape's bounding box on square
(X, Y) of the planet's grid; O is the orientation: 0-3 quarter turns clockwise, 4-7 the same after a left-right
flip (see ``geometry.orient``). Orientations that would repeat another's squares and symbols are not offered, so
each drawing below is one distinct way to lay the tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .figures import EXTERIOR, INTERIOR, figures

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

SHAPE_LETTERS = "CWBRTE"  # the planet grid's letters (text.TERRAIN_LETTERS): civ, water, biomass, rover, tech, energy
GAP = 3

PLACE_NOTATION_HELP = """\
Planet Unknown: place <inner|outer> X Y O lays the top tile of that depot stack on your planet. X (column) and Y
  (row) are the planet grid's numbers of the square under the top-left corner of the turned tile's bounding box;
  O is the orientation: 0 as printed, 1-3 a quarter, half or three-quarter turn clockwise, 4-7 the same after
  flipping the tile left to right. Your turn shows each depot tile drawn in every distinct orientation, e.g.
  "o5" above a drawing is orientation 5. Letters as on the planet (C civ, W water, B biomass, R rover, T tech,
  E energy), capital where the resource icon is, * the meteorite."""


def shape_drawing(cells: tuple[tuple[int, int, str, bool, bool], ...], letters: dict[str, str],
                  meteor: bool) -> list[str]:
    """One orientation's cells (dx, dy, part, icon, meteor) as lines of letters; blanks where the tile has none."""
    width = 1 + max(cell[0] for cell in cells)
    height = 1 + max(cell[1] for cell in cells)
    grid = [[" "] * width for _ in range(height)]
    for dx, dy, part, icon, has_meteor in cells:
        letter = letters[part]
        grid[dy][dx] = "*" if has_meteor and meteor else (letter if icon else letter.lower())
    return ["".join(row) for row in grid]


def side_by_side(blocks: list[tuple[str, list[str]]], indent: str) -> list[str]:
    """Drawings in a row, each under its caption."""
    widths = [max(len(caption), *(len(line) for line in lines)) for caption, lines in blocks]
    height = max(len(lines) for _, lines in blocks)
    out = [indent + (" " * GAP).join(caption.ljust(w) for (caption, _), w in zip(blocks, widths, strict=True))]
    for row in range(height):
        out.append(indent + (" " * GAP).join(
            (lines[row] if row < len(lines) else "").ljust(w) for (_, lines), w in zip(blocks, widths, strict=True)))
    return [line.rstrip() for line in out]


def depot_shape_lines(state: PlanetUnknownState, p: int) -> list[str]:
    """The two depot tiles of player ``p``, each in its distinct orientations (``o`` + the notation's number)."""
    fig = figures()
    out: list[str] = []
    for name in (INTERIOR, EXTERIOR):
        ring, index = state.depot_stack(p, name)
        tile = state.top(ring, index)
        if tile is None or index in state.taken[ring]:
            continue
        kind = fig.tiles[tile]
        letters = {"a": SHAPE_LETTERS[kind.resource_a], "b": SHAPE_LETTERS[kind.resource_b]}
        shape = fig.shapes[kind.shape]
        blocks = [(f"o{orientation}", shape_drawing(cells, letters, kind.meteor))
                  for orientation, cells in shape.orientations[kind.meteor]]
        out.append(f"    {name} tile, as 'place {name} X Y O' lays it:")
        out.extend(side_by_side(blocks, "      "))
    return out
