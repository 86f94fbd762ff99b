"""A seat of an Age of Steam match played by keyboard alone, for the accessibility browser test (issue 17).

:class:`KeyboardAoS` reads the seat's state from the API like the other drivers and carries each action out with key
presses only: Tab to a button of the action bar and Enter; Tab into the map, the arrow keys to a hex, Enter to open
its picker, R to turn through the track layouts (or routes) until the wanted one is focused, Enter to play it. The
page counts pointer events: a test asserts none happened.
"""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass
from typing import Any

from e2e_helpers import SeatDriver, Server, focused_matches, tab_to

MAP = "svg.aos-map"
LETTERS = "ABCDEFGHIJKLMNOPQR"
# counts every pointer press the page sees: a keyboard-only test must end with 0
COUNT_POINTERS = """window.__pointers = 0;
addEventListener('pointerdown', () => { window.__pointers += 1; }, true);
addEventListener('mousedown', () => { window.__pointers += 1; }, true);"""


def create_match(server: Server, seats: list[str], seed: int, names: list[str | None] | None = None) -> tuple[str, str]:
    """Create a match through the API (not a game action); the match id and the first seat's page link."""
    body = {"game": "age_of_steam", "players": len(seats), "seats": seats, "seed": seed, "names": names}
    request = urllib.request.Request(server.url + "/api/matches", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        made = json.load(answer)
    return str(made["id"]), str(made["links"]["seats"]["0"])


def split(hex_label: str) -> tuple[int, int]:
    return LETTERS.index(hex_label[0]), int(hex_label[1:]) - 1


@dataclass
class KeyboardAoS(SeatDriver):
    presses: int = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def tab_to(self, selector: str) -> None:
        """Tab (or Shift+Tab, where it comes before the focus) until an element matching ``selector`` has it."""
        tab_to(self.page, selector, limit=400, press=self.press)

    def focused_hex(self) -> str | None:
        value = self.page.evaluate("() => document.activeElement && document.activeElement.dataset"
                                   " ? document.activeElement.dataset.hex || null : null")
        return str(value) if value else None

    def go_to_hex(self, target: str) -> None:
        """Tab into the map, then the arrow keys along the grid to ``target``."""
        if not focused_matches(self.page, f"{MAP} g.aos-hex"):
            self.tab_to(f"{MAP} g.aos-hex")
        for _ in range(80):
            at = self.focused_hex()
            assert at is not None, "the keyboard cursor left the map"
            if at == target:
                return
            (c, r), (tc, tr) = split(at), split(target)
            self.press("ArrowRight" if tc > c else "ArrowLeft" if tc < c else "ArrowDown" if tr > r else "ArrowUp")
        raise AssertionError(f"the arrow keys did not reach {target}")

    def turn_to(self, option: str, action: str) -> None:
        """R through a picker's options until ``action`` has the focus."""
        self.page.locator(f"{option}:focus").wait_for()
        for _ in range(120):
            if focused_matches(self.page, f'{option}[data-action="{action}"]'):
                return
            self.press("r")
        raise AssertionError(f"R never reached {action}")

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"][:20])
        version = state["version"]
        kind, *args = action.split(" ")
        if kind == "build":
            self.go_to_hex(args[0])
            self.press("Enter")
            self.page.locator(f'.aos-picker[data-kind="build"][data-hex="{args[0]}"]').wait_for()
            self.turn_to("button.aos-opt", action)
            self.page.locator(f'{MAP} g.aos-ghost[data-hex="{args[0]}"]').wait_for()
            how = "arrows to the hex, Enter, R to the layout, Enter"
        elif kind == "move":
            self.go_to_hex(args[0])
            self.press("Enter")
            picker = self.page.locator(f'.aos-picker[data-kind="move"][data-hex="{args[0]}"]')
            picker.wait_for()
            if picker.get_attribute("data-color") != args[1]:
                self.tab_to(f'.aos-picker button.aos-cubetab[data-color="{args[1]}"]')
                self.press("Enter")
                self.page.locator(f'.aos-picker[data-kind="move"][data-color="{args[1]}"]').wait_for()
            self.turn_to("button.aos-route-opt", action)
            how = "arrows to the city, Enter, R to the route, Enter"
        elif kind == "urbanize":
            self.tab_to(f'.aos-action button.aos-letter[data-letter="{args[0]}"]')
            self.press("Enter")
            self.page.locator(f'{MAP} .aos-mark.urban[data-hex="{args[1]}"]').wait_for(state="attached")
            self.go_to_hex(args[1])
            how = "letter, arrows to the town, Enter"
        elif kind == "produce" and args[0] != "none":
            self.tab_to(f'.aos-display button.aos-space[data-space="{args[0]}"]')
            how = "Tab to the display space, Enter"
        elif kind in ("bid", "issue") and not self.page.locator(f'.aos-action button[data-action="{action}"]').count():
            spinner = "bid" if kind == "bid" else "issue"
            self.tab_to(f'.aos-spinner[data-spinner="{spinner}"] input.aos-num')
            self.page.keyboard.press("Control+a")
            self.page.keyboard.type(args[0])
            how = "Tab to the number, type it, Enter"
        else:
            self.tab_to(f'.aos-action button[data-action="{action}"]')
            how = "Tab to the button, Enter"
        if shot:
            from e2e_helpers import screenshot
            screenshot(self.page, shot, full_page=False)
        self.press("Enter")
        self._wait_past(version, action)
        self.done.append((action, how))
