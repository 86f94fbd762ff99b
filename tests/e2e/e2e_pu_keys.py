"""A seat of a Planet Unknown match played with the keyboard alone, for the browser test of issue 17.

:class:`PUKeyboardDriver` carries each action out the way a keyboard user would: Tab (never a click) to reach a
control, Enter to press it (the depot's tiles too); on the board (boardkeys.js) the arrow keys walk a cursor over the
planet's squares and the legal medals, Enter chooses, R turns the tile in hand and F mirrors it. It never posts an
action and never touches the mouse; ``presses`` counts the keys it used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from e2e_helpers import SeatDriver, focused_matches, tab_to
from e2e_pu_helpers import PLANET, SQUARE_KINDS, TRACK_KINDS, warned_of_losses

BOARD_TARGETS = ".pu-planetbox .pu-sq, .pu-planetbox g.pu-medal.legal"
MAX_ARROWS = 80

# where the focus stands relative to a target: null when it is the target, else the offset of the target's centre
JS_OFFSET = """(css) => {
  const target = document.querySelector(css);
  if (!target) return 'missing';
  const at = document.activeElement;
  if (at === target) return null;
  const a = at.getBoundingClientRect(), b = target.getBoundingClientRect();
  return [(b.left + b.width / 2) - (a.left + a.width / 2), (b.top + b.height / 2) - (a.top + a.height / 2)];
}"""
JS_FOCUSED_KEY = """() => { const el = document.activeElement;
  return el ? (el.dataset?.key || el.outerHTML.slice(0, 60)) : ''; }"""


@dataclass
class PUKeyboardDriver(SeatDriver):
    presses: Counter[str] = field(default_factory=Counter)
    turned_before_placing: int = 0  # tiles placed after turning them with R
    rove_offered: bool = False  # a rover step was legal on one of our turns (set by the test's loop)

    # --- keys ---------------------------------------------------------------------------------------------------
    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses[key] += 1

    def tab_to(self, css: str) -> None:
        """Tab (or Shift+Tab, where it comes before the focus) until the focus is on an element matching ``css``."""
        tab_to(self.page, css, press=self.press)

    def enter_board(self) -> None:
        if not focused_matches(self.page, BOARD_TARGETS):
            self.tab_to(BOARD_TARGETS)

    def cursor_to(self, css: str) -> None:
        """Walk the board cursor with the arrow keys onto the target ``css``."""
        self.enter_board()
        stuck_axis: str | None = None
        for _ in range(MAX_ARROWS):
            offset = self.page.evaluate(JS_OFFSET, css)
            assert offset != "missing", f"no board target {css!r}"
            if offset is None:
                return
            dx, dy = offset
            horizontal = abs(dx) > abs(dy)
            if stuck_axis == ("h" if horizontal else "v"):
                horizontal = not horizontal  # that way is blocked (the planet's edge): go round
            delta = dx if horizontal else dy
            if abs(delta) < 2:
                horizontal = not horizontal
                delta = dx if horizontal else dy
            if horizontal:
                key = "ArrowRight" if delta > 0 else "ArrowLeft"
            else:
                key = "ArrowDown" if delta > 0 else "ArrowUp"
            before = self.page.evaluate(JS_FOCUSED_KEY)
            self.press(key)
            stuck_axis = ("h" if horizontal else "v") if self.page.evaluate(JS_FOCUSED_KEY) == before else None
        raise AssertionError(f"the board cursor did not reach {css!r} (focus on {self.page.evaluate(JS_FOCUSED_KEY)})")

    # --- actions ------------------------------------------------------------------------------------------------
    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"])
        version = state["version"]
        kind, *args = action.split(" ")
        if kind == "place":
            how = self._place(args, shot)
        elif kind in SQUARE_KINDS:
            how = self._square(action, int(args[0]), int(args[1]), shot)
        elif kind in ("rove", "teleport"):
            how = self._rover(action, int(args[0]), int(args[1]), int(args[2]), shot)
        elif kind == "clear":
            self.cursor_to(f'{PLANET} g.pu-medal.legal[data-action="{action}"]')
            self._shoot(shot)
            self.press("Enter")
            how = "medal by keys"
        elif kind == "turn":
            if args[0] != "0":
                self.tab_to(f'.pu-action button.pu-step[data-turn="{args[0]}"]')
                self.press("Enter")
            self.tab_to(f'.pu-action button[data-action="{action}"]')
            self._shoot(shot)
            self.press("Enter")
            how = "station by keys"
        else:
            self.tab_to(f'.pu-root button[data-action="{action}"]')
            self._shoot(shot)
            self.press("Enter")
            how = "tab and enter" + (" (track)" if kind in TRACK_KINDS else "")
        self._wait_past(version, action)
        self.done.append((action, how))

    def _orientation(self) -> int | None:
        value = self.page.locator(".pu-depots").get_attribute("data-orientation")
        return int(value) if value not in (None, "") else None

    def _turn_key(self, key: str) -> None:
        """R or F on the depot tile in hand (the key's handler redraws the tray before the press returns)."""
        self.press(key)

    def _place(self, args: list[str], shot: str | None) -> str:
        depot, x, y, o = args[0], int(args[1]), int(args[2]), int(args[3])
        tray = self.page.locator(".pu-depots")
        tile = f'button.pu-depot[data-depot="{depot}"]'
        if tray.get_attribute("data-selected") != depot:
            self.tab_to(tile)
            self.press("Enter")
            self.page.wait_for_function("(d) => document.querySelector('.pu-depots')?.dataset.selected === d",
                                        arg=depot)
        assert focused_matches(self.page, tile), "the focus left the depot tile"
        turns = 0
        self._turn_key("r")  # always turned at least once: a quarter turn, then on to the wanted orientation
        turns += 1
        for mirror in (False, True):
            if mirror and self._orientation() != o:
                self._turn_key("f")
            for _ in range(4):
                if self._orientation() == o:
                    break
                self._turn_key("r")
                turns += 1
            if self._orientation() == o:
                break
        assert self._orientation() == o, f"orientation {o} not reached with R and F"
        anchor = tray.get_attribute("data-anchor")
        assert anchor, "the tray names no anchor square"
        ax, ay = (int(v) for v in anchor.split(","))
        self.cursor_to(f'{PLANET} rect.pu-sq[data-x="{x + ax}"][data-y="{y + ay}"]')
        self.page.wait_for_function(f"() => document.querySelector('{PLANET} g.pu-ghost')?.dataset.ok === '1'")
        self._shoot(shot)
        before = self.ui_version()
        self.press("Enter")
        if warned_of_losses(self.page, before):
            self.press("Enter")
        self.turned_before_placing += 1
        return f"tile by keys ({turns} R)"

    def _square(self, action: str, x: int, y: int, shot: str | None) -> str:
        self.cursor_to(f'{PLANET} rect.pu-sq[data-x="{x}"][data-y="{y}"]')
        return self._enter_maybe_menu(action, shot)

    def _enter_maybe_menu(self, action: str, shot: str | None) -> str:
        self._shoot(shot)
        version = self.state()["version"]
        self.press("Enter")
        self.page.wait_for_function("""(v) => !!document.querySelector('.pu-menu')
          || Number(document.querySelector('#status')?.dataset.version) > v""", arg=version)
        if self.page.locator(".pu-menu").count():
            # the menu takes the focus; its items are walked with Tab
            self.tab_to(f'.pu-menu .pu-menuitem[data-action="{action}"]')
            self.press("Enter")
            return "square menu by keys"
        return "square by keys"

    def _rover(self, action: str, rover: int, x: int, y: int, shot: str | None) -> str:
        planet = self.page.locator(PLANET)
        if planet.get_attribute("data-selected-rover") != str(rover):
            self.cursor_to(f'{PLANET} rect.pu-sq[data-rover="{rover}"]')
            self.press("Enter")
            if self.page.locator(".pu-menu").count():
                self.tab_to(f'.pu-menu .pu-menuitem[data-rover="{rover}"]')
                self.press("Enter")
            self.page.wait_for_function(
                f"() => document.querySelector('{PLANET}')?.dataset.selectedRover === '{rover}'")
        self.cursor_to(f'{PLANET} rect.pu-sq[data-x="{x}"][data-y="{y}"]')
        return "rover by keys, " + self._enter_maybe_menu(action, shot)
