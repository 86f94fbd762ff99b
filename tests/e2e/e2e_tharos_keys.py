"""A seat of a Tharos match played with the keyboard alone, for the keyboard browser test.

:class:`TharosKeyboard` carries an action out as a player without a mouse would: Tab (or Shift+Tab) through the page
to the action bar, a board or the action panel; inside a board (the landscapes, the buildings, one's own board:
each one Tab stop, see boardkeys.js) the arrow keys move the cursor towards the target; Enter chooses. It never
clicks and never posts an action. The page counts every real pointer event (``POINTER_GUARD``): the test checks
there was none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from e2e_helpers import SeatDriver, screenshot
from e2e_tharos_helpers import CELL, family_members, parse

POINTER_GUARD = """() => {
  window.__pointer = [];
  for (const type of ['pointerdown', 'mousedown', 'mouseup', 'wheel', 'touchstart']) {
    addEventListener(type, (event) => { if (event.isTrusted) window.__pointer.push(type); }, true);
  }
}"""

# where the focus is against a target: done, or in the same board (then the arrow towards it), else which way to Tab
JS_WHERE = """(selector) => {
  const target = document.querySelector(selector);
  if (!target) return { missing: true };
  const active = document.activeElement;
  if (active === target) return { done: true };
  const board = (el) => (el && el.closest ? el.closest('.th-table, .th-buildings, .th-myboard') : null);
  const same = !!board(target) && board(active) === board(target);
  const a = active.getBoundingClientRect(), b = target.getBoundingClientRect();
  const before = !!(active.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2), dy = b.top + b.height / 2 - (a.top + a.height / 2);
  return { same, before, dx, dy };
}"""
JS_FOCUSED = "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : ''"
MAX_KEYS = 250


class KeyboardLost(AssertionError):
    pass


@dataclass
class TharosKeyboard(SeatDriver):
    keys_pressed: int = 0
    dice_by_key: int = 0
    arrows: int = 0
    routes: dict[str, int] = field(default_factory=dict)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys_pressed += 1

    def focus_on(self, selector: str) -> None:
        """Move the focus to the element ``selector`` names with Tab, Shift+Tab and the arrow keys only."""
        stuck = 0
        for _ in range(MAX_KEYS):
            where: dict[str, Any] = self.page.evaluate(JS_WHERE, selector)
            if where.get("missing"):
                raise KeyboardLost(f"nothing on the page matches {selector}")
            if where.get("done"):
                return
            if where["same"] and stuck < 2:
                dx, dy = where["dx"], where["dy"]
                horizontal = abs(dx) > abs(dy)
                if stuck == 1:
                    horizontal = not horizontal  # nothing that way: try the other axis
                if horizontal:
                    key = "ArrowRight" if dx > 0 else "ArrowLeft"
                else:
                    key = "ArrowDown" if dy > 0 else "ArrowUp"
                before = self.page.evaluate(JS_FOCUSED)
                self.press(key)
                self.arrows += 1
                stuck = stuck + 1 if self.page.evaluate(JS_FOCUSED) == before else 0
                continue
            stuck = 0
            self.press("Shift+Tab" if where["before"] else "Tab")
        raise KeyboardLost(f"{MAX_KEYS} keys did not reach {selector}; focus on {self.page.evaluate(JS_FOCUSED)}")

    def choose(self, selector: str) -> None:
        self.focus_on(selector)
        self.press("Enter")

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"][:20])
        version = state["version"]
        parsed = parse(action)
        members = family_members(state["legal"], parsed.family)
        bar = f'.th-action .th-groups [data-action="{action}"]'
        if self.page.locator(bar).count():
            if shot:
                self.focus_on(bar)
                screenshot(self.page, shot, full_page=False)
            self.choose(bar)
            how = "bar button"
        else:
            how = self._picked(action, parsed, members, shot)
        self._wait_past(version, action)
        self.done.append((action, how))
        self.routes[how] = self.routes.get(how, 0) + 1

    def _picked(self, action: str, parsed: Any, members: list[Any], shot: str | None) -> str:
        family = parsed.family
        on_board = f'.th-myboard button.th-fopt[data-family="{family}"]'
        start = on_board if self.page.locator(on_board).count() and len(self.done) % 2 == 0 else \
            f'.th-action button.th-fam[data-family="{family}"]'
        self.choose(start)
        self.page.locator(f'.th-pick[data-family="{family}"]').wait_for()
        for token in parsed.dice:
            chosen = self.page.locator(f'.th-myboard button.th-die.on[data-token="{token}"]').count()
            self.choose(f'.th-myboard button.th-die.legal[data-token="{token}"]:not(.on)')
            self.page.locator(f'.th-myboard button.th-die.on[data-token="{token}"]').nth(chosen).wait_for()
            self.dice_by_key += 1
        cells = [w for w in parsed.rest if CELL.match(w)]
        if parsed.kind == "buy":
            target, finish = f'.th-myboard button.th-mslot.legal[data-action="{action}"]', "market die"
        elif len(cells) == 1 and self.page.locator(f'button.th-land.legal[data-action="{action}"]').count():
            target, finish = f'.th-table button.th-land.legal[data-action="{action}"]', "landscape"
        else:
            target, finish = f'.th-pick [data-action="{action}"]', "option"
        self.focus_on(target)
        if shot:
            screenshot(self.page, shot, full_page=False)
        self.press("Enter")
        return f"{'board' if start == on_board else 'bar'}, {len(parsed.dice)} dice, {finish}"

    def pointer_events(self) -> list[str]:
        events: list[str] = self.page.evaluate("() => window.__pointer || ['guard missing']")
        return events
