"""Phones (issue 12, item 6: every game playable on a 390×844 touch screen, verified with a touch device profile):
tic-tac-toe played to the end and Tharos's whole first round played by taps alone (has_touch, is_mobile). Every
pointer that reaches the page must be a finger (pointerType "touch"), the page never scrolls sideways, axe-core
checks the page, the live region words Tharos's new-round dice rolls (issue 17), and screenshots at 390×844 land in
test-output/screenshots/ (the desktop ones at 1440×900 come from each game's own browser test). Planet Steam,
Planet Unknown and Age of Steam have their own phone tests (test_e2e_planet_steam, test_e2e_planet_unknown_access,
test_e2e_aos_access)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

import pytest
from a11y import assert_accessible
from e2e_helpers import SeatDriver, Server, post_match, screenshot
from e2e_ps_helpers import JS_WORDS_BROKEN
from e2e_tharos_helpers import TharosDriver
from e2e_tharos_policy import GAME as THAROS
from e2e_tharos_policy import SEATS as THAROS_SEATS
from e2e_tharos_policy import SEED as THAROS_SEED
from e2e_tharos_policy import choose

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 390, 844

# Every pointerdown the page receives, by its pointer type: a tap is "touch", a mouse click would be "mouse".
POINTERS = """() => {
  window.__pointers = [];
  window.addEventListener("pointerdown", (e) => window.__pointers.push(e.pointerType), true);
  // and every line the live region says (it keeps only the last few)
  window.__said = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      const region = node.nodeType === 1 && node.parentElement && node.parentElement.id === "announce";
      if (region) window.__said.push(node.textContent);
    }
  }).observe(document, { childList: true, subtree: true });
}"""


def create_match(server: Server, game: str, seats: list[str], seed: int,
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed,
            "names": ["Ada"] + [None] * (len(seats) - 1), "options": options or {}}
    return post_match(server, body)


@pytest.fixture
def phone(browser: Browser, e2e_server: Server) -> Iterator[Page]:
    """A phone: 390×844, touch, mobile, a 2× screen; every pointerdown is recorded."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, locale="en-GB", base_url=e2e_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.add_init_script(f"({POINTERS})()")
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"uncaught in the page: {exc}"))
    try:
        yield page
    finally:
        context.close()
    assert problems == [], problems


def pointers(page: Page) -> list[str]:
    return list(page.evaluate("() => window.__pointers"))


def sideways(page: Page) -> int:
    """How far the page is wider than the screen (sideways scrolling), in CSS pixels."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def test_tictactoe_to_the_end_on_a_phone_by_taps(phone: Page, e2e_server: Server) -> None:
    created = create_match(e2e_server, "tictactoe", ["human", "bot:random"], seed=5, options={"first_player": 0})
    phone.goto(created["links"]["seats"]["0"])
    phone.locator(".ttt-grid button[data-cell]").first.wait_for()
    driver = SeatDriver(phone, e2e_server, created["id"], 0, created["seats"][0]["token"])
    taps = 0
    state = driver.wait_turn()
    screenshot(phone, "phone_390_ttt_start", full_page=False)
    assert sideways(phone) <= 0, "the tic-tac-toe page scrolls sideways on a phone"
    while state is not None:
        cell = next(a for a in ("mark b2", "mark a1", "mark c3", "mark a3", "mark c1", "mark b1", "mark b3",
                                "mark a2", "mark c2") if a in state["legal"]).split(" ")[1]
        phone.locator(f'.ttt-grid button[data-cell="{cell}"]').tap()
        taps += 1
        phone.wait_for_function("(v) => document.querySelectorAll('#log li').length > v", arg=state["version"])
        state = driver.wait_turn()
    screenshot(phone, "phone_390_ttt_over", full_page=True)
    assert taps >= 3
    assert pointers(phone) and set(pointers(phone)) == {"touch"}, pointers(phone)
    assert sideways(phone) <= 0, "the finished page scrolls sideways on a phone"
    assert_accessible(phone, "tic-tac-toe finished, on a phone")


class TapLocator:
    """A locator whose click is a tap (a finger on a touch screen), so a driver written for the mouse plays by
    touch unchanged; every other call goes to the locator itself."""

    def __init__(self, inner: Locator) -> None:
        self._inner = inner

    def click(self, **options: Any) -> None:
        self._inner.tap(**options)

    @property
    def first(self) -> TapLocator:
        return TapLocator(self._inner.first)

    def nth(self, index: int) -> TapLocator:
        return TapLocator(self._inner.nth(index))

    def locator(self, selector: str, **options: Any) -> TapLocator:
        return TapLocator(self._inner.locator(selector, **options))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class TapPage:
    """The page as the Tharos driver sees it: its locators tap instead of clicking."""

    def __init__(self, page: Page) -> None:
        self._page = page

    def locator(self, selector: str, **options: Any) -> TapLocator:
        return TapLocator(self._page.locator(selector, **options))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._page, name)


def test_tharos_first_round_on_a_phone_by_taps(phone: Page, e2e_server: Server) -> None:
    """The browser test's policy and driver (highlighted dice, the market, the landscapes, the hand, the action
    bar), every choice a tap: the whole first round — four turns, the attack, clean-up and the round end."""
    created = create_match(e2e_server, THAROS, THAROS_SEATS, seed=THAROS_SEED)
    phone.goto(created["links"]["seats"]["0"])
    phone.locator(".th-table .th-land").first.wait_for()
    driver = TharosDriver(cast("Page", TapPage(phone)), e2e_server, created["id"], 0, created["seats"][0]["token"])
    state = driver.wait_turn(timeout=60)
    screenshot(phone, "phone_390_tharos_start", full_page=False)
    shots = 0
    while state is not None and state["view"]["round"] == 1:
        assert sideways(phone) <= 0, f"the Tharos page scrolls sideways on a phone ({state['view']['step']})"
        shot = f"phone_390_tharos_{shots + 1:02d}" if shots < 3 else None
        shots += 1
        driver.act(choose(state["view"], state["legal"], 0), state, shot=shot)
        state = driver.wait_turn(timeout=60)
    assert state is not None and state["view"]["round"] == 2, "the first round did not end"
    assert len(driver.done) >= 4, driver.done
    assert driver.dice_clicked >= 1, "no die was tapped"
    assert pointers(phone) and set(pointers(phone)) == {"touch"}, sorted(set(pointers(phone)))
    # the round's dice were rolled for every guild: the live region said so in words (issue 17, chance)
    said = list(phone.evaluate("() => window.__said"))
    rolls = [line for line in said if re.match(r"^.+ rolls: (white|yellow|red|green|blue) \d", line)]
    assert len(rolls) >= len(THAROS_SEATS), said
    assert not [line for line in said if line.startswith("Chance:")], said
    screenshot(phone, "phone_390_tharos_round_2", full_page=True)
    assert sideways(phone) <= 0, "the Tharos page scrolls sideways on a phone"
    assert_accessible(phone, "Tharos on a phone, round 2")


@pytest.mark.parametrize(("game", "seats", "root"), [
    ("age_of_steam", ["human", "bot:random", "bot:random"], ".aos-root"),
    ("tharos", THAROS_SEATS, ".th-root"),
])
def test_german_words_stay_whole_on_a_phone(browser: Browser, e2e_server: Server, game: str, seats: list[str],
                                            root: str) -> None:
    """Issue 12, item 6 (German labels break mid-word): on a phone in German no word of the game's page is split
    across two lines, and the page does not scroll sideways."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, locale="de-DE", base_url=e2e_server.url)
    page = context.new_page()
    try:
        created = create_match(e2e_server, game, seats, seed=4)
        page.goto(created["links"]["seats"]["0"])
        page.locator(f"{root} svg, {root} .th-land").first.wait_for()
        page.wait_for_function("() => document.documentElement.lang === 'de'")
        broken = page.evaluate(JS_WORDS_BROKEN.replace("'.ps-root'", f"'{root}'"))
        screenshot(page, f"phone_390_{game}_de", full_page=True)
        assert broken == [], f"{game}: German words broken across lines on a phone: {broken}"
        assert sideways(page) <= 0, f"{game}: the German page scrolls sideways on a phone"
    finally:
        context.close()
