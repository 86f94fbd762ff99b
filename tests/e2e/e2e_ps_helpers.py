"""Helpers of the Planet Steam browser tests: a match made through the API, a seat played by keyboard alone, a seat
played by tapping on a touch screen, and the checks of the page's layout.

The keyboard driver reaches every element as a keyboard user would: Tab until the wanted control has the focus, the
arrow keys over the map's fields (``boardkeys.js``), Enter to choose, typing into a number field. It never clicks,
and the page counts pointer presses so a test can say the mouse was never used.
"""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from e2e_helpers import (
    SPINNER_KINDS,
    TWO_ZONE_KINDS,
    ZONE_KINDS,
    ZONE_NAME,
    SeatDriver,
    Server,
    focused_matches,
    tab_to,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

# counts every pointer press the page receives (a keyboard-only test asserts it stays 0)
COUNT_POINTER_PRESSES = """
window.__pointerPresses = 0;
for (const type of ["mousedown", "pointerdown", "touchstart"]) {
  window.addEventListener(type, () => { window.__pointerPresses += 1; }, true);
}
"""


def create_match(server: Server, seats: list[str], *, seed: int, name: str = "Ada",
                 options: dict[str, Any] | None = None) -> tuple[str, str, str]:
    """POST /api/matches (no lobby clicks): returns (match id, seat 0's token, seat 0's link)."""
    body = {"game": "planet_steam", "players": len(seats), "seats": seats, "seed": seed,
            "names": [name] + [None] * (len(seats) - 1), "options": options or {}}
    request = urllib.request.Request(server.url + "/api/matches", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.load(answer)
    token = next(seat["token"] for seat in created["seats"] if seat["seat"] == 0)
    return created["id"], token, created["links"]["seats"]["0"]


JS_OFFSET = """(sel) => {
  const here = document.activeElement, there = document.querySelector(sel);
  if (!there || !here) return null;
  if (here === there) return {dx: 0, dy: 0, same: true};
  const a = here.getBoundingClientRect(), b = there.getBoundingClientRect();
  return {dx: (b.left + b.width / 2) - (a.left + a.width / 2), dy: (b.top + b.height / 2) - (a.top + a.height / 2),
          same: false, here: here.dataset.zone || here.dataset.row || ""};
}"""


def arrow_to(page: Page, selector: str, *, limit: int = 40) -> int:
    """Move the board's keyboard cursor with the arrow keys onto ``selector``; returns the number of presses."""
    for presses in range(limit):
        offset = page.evaluate(JS_OFFSET, selector)
        assert offset is not None, f"{selector!r} is not on the page"
        if offset["same"]:
            return presses
        dx, dy = offset["dx"], offset["dy"]
        horizontal = "ArrowRight" if dx > 0 else "ArrowLeft"
        vertical = "ArrowDown" if dy > 0 else "ArrowUp"
        keys = [horizontal, vertical] if abs(dx) >= abs(dy) else [vertical, horizontal]
        for key in keys:  # the main axis first; if the cursor cannot move that way, the other
            along = dx if key in ("ArrowRight", "ArrowLeft") else dy
            if abs(along) < 2:
                continue
            before = offset["here"]
            page.keyboard.press(key)
            after = page.evaluate(JS_OFFSET, selector)
            if after is not None and (after["same"] or after["here"] != before):
                break
    raise AssertionError(f"the arrow keys never reached {selector!r}")


@dataclass
class KeyboardDriver(SeatDriver):
    """A seat played with the keyboard alone (the ``done`` routes say which keys). ``escape_once``: the first zone
    menu opened is closed with Escape (checked: the menu goes, the cursor is back on its field) and opened again."""

    escape_once: bool = False

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"])
        version = state["version"]
        kind, *args = action.split(" ")
        page = self.page
        if kind in SPINNER_KINDS:
            field = f'.ps-action input.ps-num[data-spinner="{SPINNER_KINDS[kind]}"]'
            tab_to(page, field)
            page.keyboard.press("Control+A")
            page.keyboard.type(args[-1])
            page.keyboard.press("Enter")
            how = "typed into the amount field"
        elif kind == "produce" and len(args) > 1:
            for zone in args[1:]:  # the idle tanks, toggled one by one, then the one production action
                tab_to(page, f'.ps-action .ps-toggle[data-zone="{zone}"]')
                page.keyboard.press("Enter")
            tab_to(page, f'.ps-action [data-action="{action}"]')
            page.keyboard.press("Enter")
            how = "tank toggles, then Enter"
        elif kind in TWO_ZONE_KINDS:
            # source field, its menu's move item (when the field offers more than the move), then the target field
            tab_to(page, ".ps-map .ps-key")
            arrow_to(page, f'.ps-map .ps-key[data-zone="{args[0]}"]')
            page.keyboard.press("Enter")
            page.wait_for_function("() => !!document.querySelector('.ps-menu, .ps-pending')")
            if page.locator(".ps-menu").count():
                tab_to(page, f'.ps-menu .ps-menuitem[data-kind="{kind}"]', limit=20)
                page.keyboard.press("Enter")
            page.locator(f'.ps-map .ps-hit.target[data-zone="{args[1]}"]').wait_for()
            assert focused_matches(page, ".ps-map .ps-key"), "the cursor did not stay on the map for the target"
            arrow_to(page, f'.ps-map .ps-key[data-zone="{args[1]}"]')
            self._shoot(shot)
            page.keyboard.press("Enter")
            how = "arrow keys to the source, its move item, arrow keys to the target, Enter"
        elif (kind in ZONE_KINDS and args and ZONE_NAME.match(args[0])) or kind == "airship":
            target = f'.ps-map .ps-key[data-zone="{args[0]}"]' if kind != "airship" else \
                f'.ps-map .ps-key[data-row="{args[0]}"]'
            tab_to(page, ".ps-map .ps-key")
            arrow_to(page, target)
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(v) => !!document.querySelector('.ps-menu') || [...document.querySelectorAll('#log li[data-version]')]"
                ".some((li) => Number(li.dataset.version) >= v)", arg=version)
            if page.locator(".ps-menu").count() and self.escape_once:
                self.escape_once = False
                page.keyboard.press("Escape")
                page.locator(".ps-menu").wait_for(state="detached")
                assert focused_matches(page, target), "Escape did not bring the cursor back to the field"
                page.keyboard.press("Enter")
                page.locator(".ps-menu").wait_for()
            if page.locator(".ps-menu").count():
                tab_to(page, f'.ps-menu .ps-menuitem[data-action="{action}"]', limit=20)
                if shot:
                    self._shoot(shot)
                page.keyboard.press("Enter")
                how = "arrow keys to the field, Enter, its menu item"
            else:
                how = "arrow keys to the field, Enter"
        else:
            button = f'.ps-action [data-action="{action}"]'
            if not page.locator(button).first.is_visible():
                tab_to(page, ".ps-action details.ps-more > summary")
                page.keyboard.press("Enter")
            tab_to(page, button)
            if shot:
                self._shoot(shot)
            page.keyboard.press("Enter")
            how = "Tab to the button, Enter"
        self._wait_past(version, action)
        self.done.append((action, how))


def pointer_presses(page: Page) -> int:
    return int(page.evaluate("() => window.__pointerPresses"))


def box_of(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector!r} is not rendered"
    return box


JS_WORDS_BROKEN = """() => {
  // text nodes whose words a line break splits (a word's letters on two lines): German labels must not break so
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector('.ps-root'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    const words = /[\\p{L}]{4,}/gu;
    for (let m = words.exec(text); m; m = words.exec(text)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length > 1 && rects.some((r) => Math.abs(r.top - rects[0].top) > 2)) broken.push(m[0]);
    }
  }
  return broken;
}"""


def words_broken(page: Page) -> list[str]:
    """Words of the Planet Steam page that a line break splits in the middle (should be none)."""
    return list(page.evaluate(JS_WORDS_BROKEN))


def overflowing(page: Page) -> int:
    """How far the page is wider than the viewport (horizontal scrolling), in CSS pixels."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


@dataclass
class TouchDriver(SeatDriver):
    """A seat played by tapping (a touch-screen context): fields, menu items, tank toggles and buttons are tapped,
    amounts typed into the number field."""

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"])
        version = state["version"]
        kind, *args = action.split(" ")
        page = self.page
        if kind in SPINNER_KINDS:
            box = page.locator(f'.ps-action .ps-spinner[data-spinner="{SPINNER_KINDS[kind]}"]')
            box.locator("input.ps-num").fill(args[-1])
            confirm = box.locator(f'[data-confirm="{SPINNER_KINDS[kind]}"]')
            assert confirm.get_attribute("data-action") == action
            self._shoot(shot)
            confirm.tap()
            how = "amount typed, confirm tapped"
        elif kind == "produce" and len(args) > 1:
            for zone in args[1:]:
                page.locator(f'.ps-action .ps-toggle[data-zone="{zone}"]').tap()
            self._shoot(shot)
            page.locator(f'.ps-action [data-action="{action}"]').tap()
            how = "tank toggles tapped"
        elif kind in ZONE_KINDS and args and ZONE_NAME.match(args[0]):
            page.locator(f'.ps-map .ps-key[data-zone="{args[0]}"]').tap()
            page.wait_for_function(
                "(v) => !!document.querySelector('.ps-menu') || [...document.querySelectorAll('#log li[data-version]')]"
                ".some((li) => Number(li.dataset.version) >= v)", arg=version)
            if page.locator(".ps-menu").count():
                self._shoot(shot)
                page.locator(f'.ps-menu .ps-menuitem[data-action="{action}"]').tap()
            how = "field tapped"
        elif kind == "airship":
            page.locator(f'.ps-map .ps-key[data-row="{args[0]}"]').tap()
            how = "anchor tapped"
        else:
            button = page.locator(f'.ps-action [data-action="{action}"]').first
            if not button.is_visible():
                page.locator(".ps-action details.ps-more > summary").tap()
            self._shoot(shot)
            button.tap()
            how = "button tapped"
        self._wait_past(version, action)
        self.done.append((action, how))
