"""A seat of an Age of Steam match played by clicking, for the browser test.

:class:`AoSDriver` reads the seat's state from the API like :class:`e2e_helpers.SeatDriver` and carries an action out
through the element of the page meant for it: share buttons or the share spinner, the bid spinner (− / + and quick
picks), the action cards, a marked hex of the map and a track layout of its picker (the ghost must show on the map
first), a new city's letter and then its town, a movable cube and a route of its picker (the route must show on the
map first), empty spaces of the goods display, and the buttons of the action bar. It never posts an action itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from a11y import assert_accessible
from e2e_helpers import SeatDriver, screenshot

MAP = "svg.aos-map"


@dataclass
class AoSDriver(SeatDriver):
    cards_clicked: int = 0  # action selections made on the action cards (the others: the action bar's buttons)
    routes_checked: int = 0  # moves whose route, as the page traced it, ended where the rules delivered the cube
    pending_route: tuple[int, str, str] | None = None

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"][:20])
        version = state["version"]
        kind, *args = action.split(" ")
        if kind == "issue":
            how = self._issue(action, int(args[0]), shot)
        elif kind == "bid":
            how = self._bid(action, int(args[0]), shot)
        elif kind == "select":
            how = self._select(action, args[0], shot)
        elif kind == "build":
            how = self._build(action, args[0], shot)
        elif kind == "urbanize":
            how = self._urbanize(action, args[0], args[1], shot)
        elif kind == "move":
            how = self._move(action, args[0], args[1], shot)
        elif kind == "produce":
            space = self.page.locator(f'.aos-display button.aos-space.legal[data-space="{args[0]}"]')
            assert space.count() == 1, f"display space {args[0]} is not offered"
            self._shoot(shot)
            space.click()
            how = "display space"
        else:
            how = self._button(action, shot)
        self._wait_past(version, action)
        self.done.append((action, how))
        if self.pending_route:
            self._check_route(*self.pending_route)
            self.pending_route = None

    def _check_route(self, version: int, action: str, shown: str) -> None:
        """The destination the route picker showed (traced by the page along the tracks) is where the rules
        delivered the cube. Read from the replay's whole log: the state message carries only the last entries, and
        the bots' turns after the move can push it out of them."""
        for entry in self.server.get(f"/api/matches/{self.match_id}/replay")["log"]:
            if entry["version"] >= version and entry["action"] == action and entry["seat"] == self.seat:
                delivered = [e["to"] for e in entry.get("events", []) if e.get("type") == "move"]
                # "Chicago (H6)", or a town urbanized since: "new city C (Milwaukee, H4)"
                assert delivered and re.search(rf"[(, ]{delivered[0]}\)$", shown), (action, shown, delivered)
                self.routes_checked += 1
                return
        raise AssertionError(f"{action!r} is not in the log")

    def _shoot(self, shot: str | None) -> None:
        """What the player sees at the moment (the viewport): a full-page shot would draw the sticky action bar
        in the middle of the page wherever the page is scrolled to."""
        if shot:
            screenshot(self.page, shot, full_page=False)
            assert_accessible(self.page, f"age_of_steam: {shot}")

    def _button(self, action: str, shot: str | None) -> str:
        target = self.page.locator(f'.aos-action [data-action="{action}"]:visible')
        assert target.count(), f"the action bar offers no {action!r}"
        self._shoot(shot)
        target.first.click()
        return "button"

    def _spinner(self, key: str, action: str, amount: int, shot: str | None) -> str:
        """Set the spinner with its quick picks and − / + buttons, then confirm."""
        box = self.page.locator(f'.aos-action .aos-spinner[data-spinner="{key}"]')
        assert box.count() == 1, f"no {key} spinner for {action!r}"
        number = box.locator("input.aos-num")
        quick = box.locator(f'button.aos-q[data-value="{amount}"]')
        clicks = 0
        if quick.count() and int(number.input_value()) != amount:
            quick.click()
            clicks += 1
        for _ in range(40):
            current = int(number.input_value())
            if current == amount:
                break
            box.locator(f'button.aos-step[aria-label="{"+" if current < amount else "−"}"]').click()
            clicks += 1
        confirm = box.locator(f'[data-confirm="{key}"]')
        assert confirm.get_attribute("data-action") == action, (confirm.get_attribute("data-action"), action)
        self._shoot(shot)
        confirm.click()
        return f"spinner ({clicks} clicks)"

    def _issue(self, action: str, count: int, shot: str | None) -> str:
        if self.page.locator(f'.aos-action button[data-action="{action}"]').count():
            return self._button(action, shot)
        return self._spinner("issue", action, count, shot)

    def _bid(self, action: str, amount: int, shot: str | None) -> str:
        return self._spinner("bid", action, amount, shot)

    def _select(self, action: str, action_id: str, shot: str | None) -> str:
        """Alternate between the action cards and the action bar's buttons (both must work)."""
        card = self.page.locator(f'button.aos-acard.legal[data-id="{action_id}"]')
        if self.cards_clicked <= len(self.done) // 20 and card.count():
            self.cards_clicked += 1
            self._shoot(shot)
            card.click()
            return "action card"
        return self._button(action, shot)

    def _click_hex(self, hex_label: str) -> None:
        self.page.locator(f'{MAP} g.aos-hex[data-hex="{hex_label}"]').click()

    def _build(self, action: str, hex_label: str, shot: str | None) -> str:
        mark = self.page.locator(f'{MAP} .aos-mark.build[data-hex="{hex_label}"]')
        assert mark.count() == 1, f"hex {hex_label} is not marked for {action!r}"
        picker = self.page.locator(f'.aos-picker[data-kind="build"][data-hex="{hex_label}"]')
        if not picker.count():
            self._click_hex(hex_label)
        picker.wait_for()
        option = picker.locator(f'button.aos-opt[data-action="{action}"]')
        assert option.count() == 1, f"the picker of {hex_label} does not offer {action!r}"
        option.hover()
        self.page.locator(f'{MAP} g.aos-ghost[data-hex="{hex_label}"]').wait_for()
        self._shoot(shot)
        option.click()
        return "hex, then layout"

    def _urbanize(self, action: str, letter: str, hex_label: str, shot: str | None) -> str:
        self.page.locator(f'.aos-action button.aos-letter[data-letter="{letter}"]').click()
        mark = self.page.locator(f'{MAP} .aos-mark.urban[data-hex="{hex_label}"]')
        mark.wait_for(state="attached")
        self._shoot(shot)
        self._click_hex(hex_label)
        return "letter, then town"

    def _move(self, action: str, hex_label: str, colour: str, shot: str | None) -> str:
        picker = self.page.locator(f'.aos-picker[data-kind="move"][data-hex="{hex_label}"][data-color="{colour}"]')
        if not picker.count():
            cube = self.page.locator(f'{MAP} rect.aos-cube.movable[data-hex="{hex_label}"][data-color="{colour}"]')
            assert cube.count() >= 1, f"no movable {colour} cube at {hex_label}"
            cube.first.click()
        picker.wait_for()
        route = picker.locator(f'button.aos-route-opt[data-action="{action}"]')
        assert route.count() == 1, f"the route picker does not offer {action!r}"
        route.hover()
        self.page.locator(f"{MAP} g.aos-route").wait_for()
        shown = route.locator(".aos-routeto").inner_text()
        self._shoot(shot)
        version = self.state()["version"]
        route.click()
        self.pending_route = (version, action, shown)
        return "cube, then route"
