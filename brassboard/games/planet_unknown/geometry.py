"""Square-grid geometry on bitmasks: a set of planet squares is one int, bit ``y * WIDTH + x``.

Planet Unknown asks many questions of the same kind — does this tile fit, what does it touch, how large is this
area — thousands of times per second for the bots and the legal-move lists. Integers answer them with a few ANDs
and shifts, where sets of coordinates would loop in Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

WIDTH = 12
HEIGHT = 12
CELLS = WIDTH * HEIGHT
FULL = (1 << CELLS) - 1

LEFT_COLUMN = sum(1 << (y * WIDTH) for y in range(HEIGHT))
RIGHT_COLUMN = LEFT_COLUMN << (WIDTH - 1)


def cell(x: int, y: int) -> int:
    return y * WIDTH + x


def xy(index: int) -> tuple[int, int]:
    return index % WIDTH, index // WIDTH


def bit(x: int, y: int) -> int:
    return 1 << (y * WIDTH + x)


def mask_of(cells: Iterable[tuple[int, int]]) -> int:
    mask = 0
    for x, y in cells:
        mask |= 1 << (y * WIDTH + x)
    return mask


def cells_of(mask: int) -> Iterator[int]:
    """The cell indexes in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


def neighbours(mask: int) -> int:
    """Every square orthogonally next to a square of ``mask`` (the squares of ``mask`` may be included)."""
    return (((mask << 1) & ~LEFT_COLUMN) | ((mask >> 1) & ~RIGHT_COLUMN) | (mask << WIDTH) | (mask >> WIDTH)) & FULL


def border(mask: int) -> int:
    """The squares next to ``mask`` but outside it."""
    return neighbours(mask) & ~mask


def component(seed: int, within: int) -> int:
    """The orthogonally connected part of ``within`` that contains the squares of ``seed``."""
    area = seed & within
    while True:
        grown = (area | neighbours(area)) & within
        if grown == area:
            return area
        area = grown


def components(mask: int) -> list[int]:
    """The maximal orthogonally connected groups of ``mask`` ("areas")."""
    found: list[int] = []
    while mask:
        area = component(mask & -mask, mask)
        found.append(area)
        mask &= ~area
    return found


def rectangles(width: int, height: int) -> list[int]:
    """Every ``width`` × ``height`` rectangle inside the grid, as masks."""
    found = []
    for y in range(HEIGHT - height + 1):
        for x in range(WIDTH - width + 1):
            found.append(mask_of((x + dx, y + dy) for dx in range(width) for dy in range(height)))
    return found


def row_mask(y: int) -> int:
    return ((1 << WIDTH) - 1) << (y * WIDTH)


def column_mask(x: int) -> int:
    return LEFT_COLUMN << x


Cells = tuple[tuple[int, int], ...]


def orient(cells: Cells, orientation: int) -> Cells:
    """Cells turned by ``orientation``: 0-3 quarter turns clockwise, 4-7 the same after a left-right mirror.

    The result keeps the input order and is not normalised; see :func:`normalise`.
    """
    out = []
    for x, y in cells:
        if orientation >= 4:
            x = -x
        for _ in range(orientation % 4):
            x, y = -y, x
        out.append((x, y))
    return tuple(out)


def normalise(cells: Cells) -> tuple[Cells, tuple[int, int]]:
    """Shift cells so their smallest x and y are 0; returns the shifted cells and the shift applied."""
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return tuple((x - min_x, y - min_y) for x, y in cells), (-min_x, -min_y)
