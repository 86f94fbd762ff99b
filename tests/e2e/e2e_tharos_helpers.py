"""A seat of a Tharos match played by clicking, for the browser test.

:class:`TharosDriver` reads the seat's state from the API like :class:`e2e_helpers.SeatDriver` and carries an action
out the way a player would: it picks the action (an option of a field on the player board, a player card's button,
a building's button, an action card of the hand, or the action bar), clicks the dice the page highlights for it one
by one (each must be highlighted before it is clicked), then the target: a highlighted landscape, a die of the dice
market, or an option of the action panel. Plain actions (pass, end the turn, a decision) are buttons of the action
bar. It never posts an action itself.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from a11y import assert_accessible
from e2e_helpers import SeatDriver, screenshot

CELL = re.compile(r"^[A-D][1-4]$")


A11Y_SECONDS = [0.0]  # time spent in axe-core so far: the game's own time budget leaves it out


def check_page(page: Any, where: str) -> None:
    """axe-core's WCAG 2.1 A/AA rules on the Tharos page as the player sees it now (a screenshot's moment)."""
    started = time.monotonic()
    try:
        assert_accessible(page, f"tharos: {where}")
    finally:
        A11Y_SECONDS[0] += time.monotonic() - started
WORD = re.compile(r"^[a-z_]{2,}$")
BOARD_FAMILIES = {"money many", "money little", "cards large", "cards single", "reroll", "land", "explore", "buy",
                  "mine", "defend"}


@dataclass
class Parsed:
    kind: str
    family: str
    rest: list[str]
    dice: list[str]


def parse(text: str) -> Parsed:
    """The page's reading of an action (model.js ``parse``): its family, its target words and its dice."""
    words = text.split(" ")
    kind = words[0]
    at = words.index("dice") if "dice" in words else -1  # the word `dice`: active dice follow
    args = words[1:at] if at >= 0 else words[1:]
    dice = words[at + 1:] if at >= 0 else []
    cut = 0
    if kind == "play" and args:
        cut = 1
    elif kind == "card" and len(args) > 1 and WORD.match(args[1]):
        cut = 2
    elif args and WORD.match(args[0]) and args[0] != "dice":
        cut = 1
    return Parsed(kind, " ".join([kind, *args[:cut]]), args[cut:], dice)


def family_members(legal: list[str], family: str) -> list[Parsed]:
    return [p for p in map(parse, legal) if p.family == family]


@dataclass
class TharosDriver(SeatDriver):
    dice_clicked: int = 0  # dice picked by clicking a highlighted die
    highlights_checked: int = 0  # actions whose highlighted dice were compared with the legal actions
    routes: dict[str, int] = field(default_factory=dict)  # how actions were started / finished, counted

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"][:20])
        version = state["version"]
        parsed = parse(action)
        members = family_members(state["legal"], parsed.family)
        if len(members) == 1 and not parsed.dice and not parsed.rest:
            how = self._plain(action, shot)
        elif (all(not m.dice for m in members) or not parsed.dice) and self._in_bar(action):
            # a decision (each choice a button of the action bar), or declining an action (the free use's skip)
            how = self._plain(action, shot)
        else:
            how = self._picked(action, parsed, members, shot)
        self._wait_past(version, action)
        self.done.append((action, how))
        self.routes[how] = self.routes.get(how, 0) + 1

    def _in_bar(self, action: str) -> bool:
        return self.page.locator(f'.th-action .th-group [data-action="{action}"]').count() > 0

    def _shoot(self, shot: str | None) -> None:
        """What the player sees (the viewport): the sticky action bar stays on top."""
        if shot:
            screenshot(self.page, shot, full_page=False)
            check_page(self.page, shot)

    def _plain(self, action: str, shot: str | None) -> str:
        parsed = parse(action)
        card = self.page.locator(f'.th-myboard button.th-acard.legal[data-family="{parsed.family}"]')
        if parsed.kind == "play" and card.count():
            self._shoot(shot)
            card.first.click()  # a card of one form is played by clicking it in the hand
            return "hand card"
        target = self.page.locator(f'.th-action [data-action="{action}"]:visible')
        assert target.count(), f"the action bar offers no {action!r}"
        self._shoot(shot)
        target.first.click()
        return "button"

    def _start(self, parsed: Parsed) -> str:
        """Open the action's panel: from the board where it has a place (a field option, a card, a building, a hand
        card), every other time from the action bar, so both ways are used."""
        family = parsed.family
        bar = self.page.locator(f'.th-action button.th-fam[data-family="{family}"]')
        board = self.page.locator(f'.th-myboard [data-family="{family}"]:visible, '
                                  f'.th-buildings [data-family="{family}"]:visible')
        use_board = board.count() > 0 and (len(self.done) % 2 == 0 or not bar.count())
        if use_board:
            board.first.click()
            where = "board"
        else:
            assert bar.count(), f"the action bar offers no {family!r}"
            bar.first.click()
            where = "bar"
        self.page.locator(f'.th-pick[data-family="{family}"]').wait_for()
        return where

    def _picked(self, action: str, parsed: Parsed, members: list[Parsed], shot: str | None) -> str:
        where = self._start(parsed)
        if parsed.dice:
            # the dice the page lights up are exactly those some legal form of the action uses
            lit = set(self.page.locator(".th-myboard button.th-die.legal").evaluate_all(
                "(dice) => dice.map((d) => d.dataset.token)"))
            wanted = {token for m in members for token in m.dice}
            assert lit == wanted, (action, sorted(lit), sorted(wanted))
            self.highlights_checked += 1
        for token in parsed.dice:
            die = self.page.locator(f'.th-myboard button.th-die.legal[data-token="{token}"]:not(.on)')
            assert die.count(), f"no highlighted {token} die for {action!r}"
            die.first.click()
            self.dice_clicked += 1
            self.page.locator(f'.th-myboard button.th-die.on[data-token="{token}"]').first.wait_for()
        cells = [w for w in parsed.rest if CELL.match(w)]
        if parsed.kind == "buy":
            target = self.page.locator(f'.th-myboard button.th-mslot.legal[data-action="{action}"]')
            assert target.count() == 1, f"the market die of {action!r} is not offered"
            finish = "market die"
        elif len(cells) == 1 and self.page.locator(f'button.th-land.legal[data-action="{action}"]').count():
            target = self.page.locator(f'button.th-land.legal[data-action="{action}"]')
            finish = "landscape"
        else:
            target = self.page.locator(f'.th-pick [data-action="{action}"]')
            assert target.count() == 1, f"the action panel does not offer {action!r}: {self._panel()}"
            finish = "option"
        self._shoot(shot)
        target.click()
        return f"{where}, {len(parsed.dice)} dice, {finish}"

    def _panel(self) -> str:
        panel = self.page.locator(".th-pick")
        return panel.inner_text() if panel.count() else "(no panel)"

    def screenshot(self, name: str) -> None:
        """The page from its top: the action bar, the landscapes and the seat's board."""
        self.page.evaluate("() => window.scrollTo(0, 0)")
        screenshot(self.page, name, full_page=False)
        check_page(self.page, name)
