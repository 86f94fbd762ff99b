"""The board's SVG text meets WCAG's 4.5:1 contrast (issue 17): axe-core checks the page's HTML text, not text drawn
in SVG, so the colour pairs the map and the exchange print on are checked here from the UI's own constants."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "brassboard" / "games" / "planet_steam" / "ui"
MINIMUM = 4.5


def luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def table(name: str) -> dict[str, str]:
    """A `const NAME = { key: "#hex", ... }` table of board.js."""
    source = (UI / "board.js").read_text(encoding="utf-8")
    match = re.search(rf"const {name} = \{{([^}}]*)\}}", source)
    assert match, f"{name} not found in board.js"
    return dict(re.findall(r'(\w+): "(#[0-9a-fA-F]{3,6})"', match.group(1)))


def css_fill(selector: str) -> str:
    source = (UI / "style.css").read_text(encoding="utf-8")
    match = re.search(re.escape(selector) + r" \{[^}]*fill: (#[0-9a-fA-F]{3,6})", source)
    assert match, f"no fill for {selector} in style.css"
    return match.group(1)


@pytest.mark.parametrize("colour", ["black", "green", "orange", "purple", "yellow"])
def test_seat_numbers_on_player_colours(colour: str) -> None:
    assert contrast(table("PLAYER_HEX")[colour], table("PLAYER_INK")[colour]) >= MINIMUM


@pytest.mark.parametrize("band", ["red", "orange", "yellow", "green", "blue", "black"])
def test_supply_numbers_on_their_band(band: str) -> None:
    assert contrast(table("BAND_HEX")[band], table("BAND_INK")[band]) >= MINIMUM


@pytest.mark.parametrize(("selector", "background"), [
    (".ps-zonename", "#eadfc6"),   # land
    (".ps-zonename", "#cfe4f3"),   # river
    (".ps-zonename", "#b8b09d"),   # land claimed by black (its colour at 26 % over the land)
    (".ps-coord", "#fffdf8"),
    (".ps-roundno", "#e1d8c8"),    # a past round
    (".ps-trackno", "#dfe6ea"),    # a filled track cell
    (".ps-phasetext", "#f3ede2"),
    (".ps-scalelabel", "#fffdf8"),
])
def test_board_labels_on_their_backgrounds(selector: str, background: str) -> None:
    assert contrast(css_fill(selector), background) >= MINIMUM, selector
