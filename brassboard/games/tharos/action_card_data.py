"""The 40 action cards as data: `data/action_cards.toml` read once, with a match's `figures` overrides.

The DESIGN part (`[design]`: the mine sets of cards 32-34, the shapes of cards 35-38) is overridden through the
match option ``figures = {"action_cards": {"design": {...}}}``, which the core (``figures.py``) deep-merges over
the data files; overrides are checked here (three distinct mine sets, four distinct connected shapes).
The shapes are turned into every placement on the 4x4 grid here, once, so the legal-action listing only tests
four landscapes per placement.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources as importlib_resources
from typing import Any

GRID = 4                                             # [rules] 16 landscapes in a 4x4 grid
LANDSCAPE_KINDS = ("wasteland", "plain", "mountain", "hill", "forest")
MEDALS = ("combat", "exploration", "trade", "civil")
MINE_SET_CARDS = (32, 33, 34)
SHAPE_CARDS = (35, 36, 37, 38)


@dataclass(frozen=True)
class ActionCard:
    """One card of the deck: its number (1-40), effect kind, timing and parameters."""

    number: int
    kind: str
    timing: str                                      # "action" | "preparation" | "cleanup"
    modifies: str | None                             # the action it is played with and binds (8, 16, 24, 26)
    params: Mapping[str, Any]
    name: str
    name_de: str
    text: str
    text_de: str
    needs: str                                       # what a legal use asks: the reason given for a refused one

    def int_param(self, key: str) -> int:
        value = self.params[key]
        assert isinstance(value, int)
        return value


@dataclass(frozen=True)
class CardFigures:
    """The deck and its DESIGN figures for one match (overrides applied)."""

    cards: Mapping[int, ActionCard]
    mine_sets: Mapping[int, tuple[str, ...]]                        # card -> landscape kinds needing a mine
    shapes: Mapping[int, tuple[tuple[int, int], ...]]               # card -> cells as printed
    shape_placements: Mapping[int, tuple[tuple[int, ...], ...]]     # card -> sorted landscape indices per placement
    placement_masks: Mapping[int, tuple[tuple[int, tuple[int, ...]], ...]]  # card -> (bitmask, cells) per placement
    shape_names: Mapping[int, tuple[str, str]]                      # card -> (English, German)

    def public(self) -> dict[str, Any]:
        """The printed deck for a UI: texts and the DESIGN figures in force."""
        return {
            "cards": [{"number": c.number, "timing": c.timing, "name": c.name, "name_de": c.name_de,
                       "text": c.text, "text_de": c.text_de, "needs": c.needs, "modifies": c.modifies}
                      for c in self.cards.values()],
            "mine_sets": {str(n): list(kinds) for n, kinds in self.mine_sets.items()},
            "shapes": {str(n): [list(cell) for cell in cells] for n, cells in self.shapes.items()},
            "shape_names": {str(n): list(names) for n, names in self.shape_names.items()},
        }


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    text = importlib_resources.files(__package__).joinpath("data/action_cards.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def orientations(cells: tuple[tuple[int, int], ...], any_orientation: bool) -> list[tuple[tuple[int, int], ...]]:
    """The distinct orientations of a shape (all 8 rotations/reflections, or only the printed one), normalised."""
    variants: set[tuple[tuple[int, int], ...]] = set()
    transforms = [(1, 1, False)] if not any_orientation else [
        (sr, sc, swap) for sr in (1, -1) for sc in (1, -1) for swap in (False, True)]
    for sign_r, sign_c, swap in transforms:
        moved = [((c, r) if swap else (r, c)) for r, c in cells]
        moved = [(sign_r * r, sign_c * c) for r, c in moved]
        top = min(r for r, _ in moved)
        left = min(c for _, c in moved)
        variants.add(tuple(sorted((r - top, c - left) for r, c in moved)))
    return sorted(variants)


def placements(cells: tuple[tuple[int, int], ...], any_orientation: bool) -> tuple[tuple[int, ...], ...]:
    """Every set of landscape indices (row * 4 + column) the shape covers on the grid."""
    found: set[tuple[int, ...]] = set()
    for variant in orientations(cells, any_orientation):
        height = max(r for r, _ in variant) + 1
        width = max(c for _, c in variant) + 1
        for top in range(GRID - height + 1):
            for left in range(GRID - width + 1):
                found.add(tuple(sorted((top + r) * GRID + left + c for r, c in variant)))
    return tuple(sorted(found))


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_design(design: object) -> None:
    """Bad overrides raise ValueError naming what is wrong: the DESIGN rules (three distinct mine requirements of
    landscape kinds, four distinct connected shapes of four cells) must hold, whatever types an override brings."""
    if not isinstance(design, Mapping):
        raise ValueError("action_cards.design must be a table")
    sets = design.get("mine_sets")
    if not isinstance(sets, Mapping) or sorted(map(str, sets)) != [str(n) for n in MINE_SET_CARDS]:
        raise ValueError(f"action_cards.design.mine_sets needs exactly the cards {list(MINE_SET_CARDS)}")
    for number, kinds in sets.items():
        if not isinstance(kinds, list | tuple) or not kinds or len(set(map(str, kinds))) != len(kinds) \
                or any(not isinstance(kind, str) or kind not in LANDSCAPE_KINDS for kind in kinds):
            raise ValueError(f"action card {number}: mine set {kinds!r} must name distinct kinds of {LANDSCAPE_KINDS}")
    if len({frozenset(kinds) for kinds in sets.values()}) != len(sets):
        raise ValueError("action cards 32-34 need three distinct mine requirements")
    any_orientation = design.get("any_orientation")
    if not isinstance(any_orientation, bool):
        raise ValueError("action_cards.design.any_orientation is true or false")
    shapes = design.get("shapes")
    if not isinstance(shapes, Mapping) or sorted(map(str, shapes)) != [str(n) for n in SHAPE_CARDS]:
        raise ValueError(f"action_cards.design.shapes needs exactly the cards {list(SHAPE_CARDS)}")
    forms = set()
    for number, cells in shapes.items():
        if not isinstance(cells, list | tuple) or any(
                not isinstance(cell, list | tuple) or len(cell) != 2 or not all(map(_is_int, cell)) for cell in cells):
            raise ValueError(f"action card {number}: a shape is a list of [row, column] cells")
        cell_tuple = tuple((int(r), int(c)) for r, c in cells)
        if len(cell_tuple) != 4 or len(set(cell_tuple)) != 4 or not _connected(cell_tuple) or \
                any(not (0 <= r < GRID and 0 <= c < GRID) for r, c in cell_tuple):
            raise ValueError(f"action card {number}: a shape is 4 orthogonally connected cells inside the grid")
        forms.add(orientations(cell_tuple, any_orientation)[0] if any_orientation else tuple(sorted(cell_tuple)))
    if len(forms) != len(shapes):
        raise ValueError("action cards 35-38 need four distinct shapes")
    for key in ("shape_names", "shape_names_de"):
        names = design.get(key)
        if not isinstance(names, Mapping) or any(not isinstance(names.get(n), str) for n in shapes):
            raise ValueError(f"action_cards.design.{key} needs a name for each of the cards {list(SHAPE_CARDS)}")


_CACHE: dict[int, tuple[dict[str, Any], CardFigures]] = {}


def _build(section: Mapping[str, Any]) -> CardFigures:
    if not isinstance(section, Mapping) or section.get("cards") != raw_data()["cards"]:
        raise ValueError("the action cards print their figures (glossary 1-40): only action_cards.design may be "
                         "overridden")
    design = section["design"]
    _check_design(design)
    cards: dict[int, ActionCard] = {}
    plain_keys = {"kind", "timing", "modifies", "name", "name_de", "text", "text_de", "needs"}
    for key, row in section["cards"].items():
        number = int(key)
        needs = row["needs"].format(mine_set=", ".join(design["mine_sets"].get(key, ())),
                                    shape=design["shape_names"].get(key, ""))
        cards[number] = ActionCard(
            number=number, kind=row["kind"], timing=row["timing"], modifies=row.get("modifies"),
            params={k: v for k, v in row.items() if k not in plain_keys},
            name=row["name"], name_de=row["name_de"], text=row["text"], text_de=row["text_de"], needs=needs)
    any_orientation = bool(design["any_orientation"])
    shapes = {int(n): tuple((int(r), int(c)) for r, c in cells) for n, cells in design["shapes"].items()}
    shape_placements = {n: placements(cells, any_orientation) for n, cells in shapes.items()}
    return CardFigures(
        cards=dict(sorted(cards.items())),
        mine_sets={int(n): tuple(kinds) for n, kinds in sorted(design["mine_sets"].items())},
        shapes=shapes,
        shape_placements=shape_placements,
        placement_masks={n: tuple((sum(1 << c for c in cells), cells) for cells in found)
                         for n, found in shape_placements.items()},
        shape_names={int(n): (design["shape_names"][n], design["shape_names_de"][n]) for n in design["shapes"]},
    )


def deck_figures(section: dict[str, Any]) -> CardFigures:
    """The deck built from the ``action_cards`` part of a match's merged figures (``Figures.raw``).

    Cached per section object (the core's figures are themselves cached per overrides): the legal-action listing
    asks for it every time, so it must cost a dictionary look-up. The cache keeps the section alive, so its id
    cannot be reused by another object while the entry exists.
    """
    hit = _CACHE.get(id(section))
    if hit is not None and hit[0] is section:
        return hit[1]
    built = _build(section)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(section)] = (section, built)
    return built


def default_figures() -> CardFigures:
    """The deck with the DESIGN defaults (no overrides)."""
    return deck_figures(raw_data())
