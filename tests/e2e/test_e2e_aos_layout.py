"""Age of Steam in a 1280×800 window, as a newcomer's trial met it (and its wording):

- building and moving goods, the page brings the map into sight: the whole map shows without scrolling, below the
  sticky action bar (not under it), and "Fit" fits it whole; a hex the keyboard reaches stops below the bar;
- Production: the goods display, where the drawn cubes go, is brought into sight (it had moved to the top, out of
  view, while the page stayed on the map);
- the share warning says the figure is the seat's expenses; a one-choice range shows one number; the bid's quick
  picks say what they do; the action buttons say in a line what each action does (EN and DE); the German Turn
  Order action ("Passen") is labelled with its meaning.

The seat plays through the shell's move box (as a keyboard user may); the page is checked as it renders each step.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SeatDriver, Server, post_match, screenshot, watched_page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 1280, 800

# the sticky action bar's bottom and a box's top and bottom, in the window
JS_BOXES = """(css) => {
  const bar = document.querySelector('.aos-action').getBoundingClientRect();
  const el = document.querySelector(css);
  const r = el.getBoundingClientRect();
  return { bar: bar.bottom, top: r.top, bottom: r.bottom, height: r.height };
}"""
JS_IN_SIGHT = """(css) => {
  const bar = document.querySelector('.aos-action').getBoundingClientRect().bottom;
  const r = document.querySelector(css).getBoundingClientRect();
  return r.top >= bar - 1 && r.bottom <= window.innerHeight + 1;
}"""


@pytest.fixture
def laptop(browser: Browser, e2e_server: Server) -> Iterator[Page]:
    """A 1280×800 window (the trial's), the reduced-motion preference set: the page's scrolls are instant."""
    with watched_page(browser, e2e_server, viewport={"width": WIDTH, "height": HEIGHT}, reduced_motion="reduce") as tab:
        yield tab


def open_seat(page: Page, server: Server) -> SeatDriver:
    created = post_match(server, {"game": "age_of_steam", "players": 3, "seed": 4,
                                  "seats": ["human", "bot:random", "bot:random"], "names": ["Ada", "Bea", "Cy"]})
    page.goto(created["links"]["seats"]["0"])
    page.locator(".aos-prompt").first.wait_for()
    return SeatDriver(page, server, created["id"], 0, created["seats"][0]["token"])


def play(page: Page, driver: SeatDriver, action: str, state: dict[str, Any]) -> None:
    """Through the shell's move box."""
    page.locator("#movebox-input").fill(action)
    page.keyboard.press("Enter")
    driver._wait_past(state["version"], action)


def choose(state: dict[str, Any]) -> str:
    """Issue one share in the first round, drop out of auctions, take Production, build nothing, pass."""
    legal = state["legal"]
    for action in ("issue 1" if state["view"]["round"] == 1 else "issue 0", "drop", "select production", "done",
                   "pass", "produce none"):
        if action in legal:
            return action
    return legal[0]


def in_sight(page: Page, css: str) -> dict[str, float]:
    """Wait until ``css`` is wholly in the window below the action bar; its box then."""
    try:
        page.wait_for_function(JS_IN_SIGHT, arg=css, timeout=5_000)
    finally:
        boxes: dict[str, float] = page.evaluate(JS_BOXES, css)
    return boxes


def test_the_map_and_the_goods_display_come_into_sight_at_1280x800(laptop: Page, e2e_server: Server) -> None:
    page = laptop
    driver = open_seat(page, e2e_server)
    checked: set[str] = set()
    while checked != {"build", "move", "production"}:
        state = driver.wait_turn(timeout=60)
        assert state is not None, f"the match ended before {sorted({'build', 'move', 'production'} - checked)}"
        phase = state["view"]["phase"]
        if phase in ("build", "move") and phase not in checked:
            # the map right under the action bar, whole, nothing of it under the bar
            boxes = in_sight(page, "svg.aos-map")
            assert boxes["top"] >= boxes["bar"] - 1 and boxes["bottom"] <= HEIGHT + 1, (phase, boxes)
            screenshot(page, f"aos_layout_1280_{phase}", full_page=False)
            if phase == "build":
                check_fit_and_keyboard(page)
            checked.add(phase)
        if phase == "move" and "pass" in state["legal"]:
            # where the trial's player was when Production came: on the map, passing with the action bar's button
            # (the move box would scroll the page to the top)
            page.locator("svg.aos-map").evaluate("(m) => m.scrollIntoView({ block: 'end' })")
            page.locator('.aos-action button[data-action="pass"]').click()
            driver._wait_past(state["version"], "pass")
            continue
        if phase == "production" and any(a.startswith("produce ") for a in state["legal"]):
            boxes = in_sight(page, ".aos-display")
            assert page.locator(".aos-display button.aos-space.legal").first.is_visible()
            screenshot(page, "aos_layout_1280_production", full_page=False)
            checked.add("production")
        play(page, driver, choose(state), state)


def check_fit_and_keyboard(page: Page) -> None:
    """Scrolled away, "Fit" brings the whole map back; a top-row hex the keyboard reaches stops below the bar."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator('button.aos-zoombtn[data-zoom="in"]').click()
    page.locator('button.aos-zoombtn[data-zoom="fit"]').click()
    in_sight(page, "svg.aos-map")
    page.evaluate("() => window.scrollBy(0, 150)")  # the map's top rows now under the sticky bar
    top = page.evaluate(JS_BOXES, 'svg.aos-map g.aos-hex[data-hex="C1"]')
    assert top["top"] < top["bar"], ("the hex should start under the bar for this check", top)
    page.locator('svg.aos-map g.aos-hex[data-hex="C1"]').evaluate("(g) => g.focus()")
    hexbox = page.evaluate(JS_BOXES, 'svg.aos-map g.aos-hex[data-hex="C1"]')
    assert hexbox["top"] >= hexbox["bar"] - 1, ("a focused hex hides under the action bar", hexbox)
    # a smaller window, then the first again: the map follows, with no new state from the server
    for width, height in ((1000, 640), (WIDTH, HEIGHT)):
        page.set_viewport_size({"width": width, "height": height})
        try:
            page.wait_for_function(JS_MAP_FITS)
        except PlaywrightTimeout:
            raise AssertionError(("the map did not follow the window", page.evaluate(JS_MAP_SIZES))) from None


# what the failure message shows
JS_MAP_SIZES = """() => {
  const box = document.querySelector('.aos-mapbox');
  const map = document.querySelector('svg.aos-map').getBoundingClientRect();
  return { box: box.clientWidth, width: map.width, height: map.height, window: [innerWidth, innerHeight],
           bar: document.querySelector('.aos-action').getBoundingClientRect().height };
}"""
# the fitted map no wider than its box and no taller than the window under the action bar
JS_MAP_FITS = """() => {
  const box = document.querySelector('.aos-mapbox').clientWidth;
  const map = document.querySelector('svg.aos-map').getBoundingClientRect();
  const bar = document.querySelector('.aos-action').getBoundingClientRect().height;
  return map.width <= box + 1 && map.width >= box * 0.5 && map.height <= window.innerHeight - bar;
}"""


def test_the_words_a_newcomer_stumbled_on(laptop: Page, e2e_server: Server) -> None:
    page = laptop
    driver = open_seat(page, e2e_server)
    state = driver.wait_turn(timeout=30)
    assert state is not None and "issue 0" in state["legal"]
    player = state["view"]["players"][0]
    due = player["shares"] + player["locomotive"]
    warns = [t.replace("⚠", "").strip() for t in page.locator(".aos-warn").all_inner_texts()]
    assert "Each share issued costs $1 in expenses every round for the rest of the game " \
           f"(your expenses are now ${due} a round)." in warns, warns
    seen_quick = seen_actions = False
    while not (seen_quick and seen_actions):
        state = driver.wait_turn(timeout=60)
        assert state is not None and state["view"]["round"] == 1, "round 1's auction and actions were not reached"
        legal = state["legal"]
        if any(a.startswith("bid ") for a in legal) and not seen_quick:
            seen_quick = True
            quick = page.locator('.aos-spinner[data-spinner="bid"] .aos-quick')
            assert quick.get_attribute("aria-label") == "Set to:"
            assert "Set to:" in quick.inner_text()
            first = quick.locator("button.aos-q").first
            amount = first.inner_text().strip()
            assert first.get_attribute("aria-label") == f"Set the bid to ${amount} (then confirm it)"
        if any(a.startswith("select ") for a in legal):
            seen_actions = True
            check_action_buttons(page, legal)
        play(page, driver, choose(state), state)


ACTION_TEXT = {
    "en": {"engineer": "Build up to four track tiles this round instead of three.",
           "turn-order": "In the next turn-order auction you may pass once without dropping out."},
    "de": {"engineer": "In dieser Runde bis zu vier statt drei Streckenkacheln legen.",
           "turn-order": "In der nächsten Versteigerung der Spielerreihenfolge einmal passen, ohne auszusteigen."},
}


def check_action_buttons(page: Page, legal: list[str]) -> None:
    """Each action button says what the action does (tooltip and small text), not its notation; in German the
    Turn Order card reads "Passen (Reihenfolge)", not as a pass button."""
    buttons = page.locator(".aos-action button.aos-select")
    assert buttons.count() == len([a for a in legal if a.startswith("select ")])
    for i in range(buttons.count()):
        button = buttons.nth(i)
        title = button.get_attribute("title") or ""
        assert not title.startswith("select "), title
        assert title and title in button.inner_text(), (title, button.inner_text())
    for lang, texts in ACTION_TEXT.items():
        if lang == "de":
            page.locator('button.lang:text-is("DE")').click()
            page.wait_for_function("() => document.documentElement.lang === 'de'")
        for action_id, text in texts.items():
            assert page.locator(f'.aos-acard[data-id="{action_id}"]').get_attribute("title") == text
            if f"select {action_id}" in legal:
                assert page.locator(f'.aos-action button[data-action="select {action_id}"]').get_attribute(
                    "title") == text
    card = page.locator('.aos-acard[data-id="turn-order"] .aos-aname').inner_text().strip()
    assert card == "Passen (Reihenfolge)", card
    screenshot(page, "aos_layout_1280_actions_de", full_page=False)
    page.locator('button.lang:text-is("EN")').click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.locator('.aos-acard[data-id="turn-order"] .aos-aname').inner_text().strip() == "Turn Order"


JS_ONE_CHOICE = """async ([message]) => {
  const m = await import('/games/age_of_steam/ui/main.js?range');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  const issues = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => `issue ${n}`);
  m.update({ ...message, version: 300, legal: issues, view: { ...message.view, phase: 'shares' } });
  const range = box.querySelector('[data-spinner="issue"] .aos-range').textContent;
  box.remove();
  return range;
}"""


def test_a_range_of_one_shows_one_number(laptop: Page, e2e_server: Server) -> None:
    """Seven shares the most one may issue: the spinner's range read "7–7"."""
    driver = open_seat(laptop, e2e_server)
    state = driver.state()
    assert laptop.evaluate(JS_ONE_CHOICE, [{**state, "seat": 0}]) == "7"
