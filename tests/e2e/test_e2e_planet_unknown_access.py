"""Planet Unknown without a mouse: a whole round by keyboard alone, and a turn on a phone by touch (issues 12, 17).

- Keyboard (1440×900): the seat drops a private objective, picks a depot tile, turns it with R (and F where the
  wanted orientation is mirrored), walks the board cursor with the arrow keys to the spot and presses Enter; benefits,
  rovers and the confirm button are reached with Tab and Enter. A trusted pointer event anywhere fails the test. The
  whole of round 1 is played, and on until a rover has moved (picked and moved with the board cursor); then the page
  is reloaded in German; axe-core checks the page at each screenshot.
- Touch (390×844, has_touch, is_mobile): the same seat plays its first round by taps only — the first tap on a square
  previews the tile and must stay (no hover), "Place here" places it; screenshots in English and German at 390×844
  and 1440×900, with axe-core on each. The page must not scroll sideways on the phone.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, screenshot
from e2e_pu_helpers import PLANET, PUDriver, check_accessible, create_match_by_api, words_broken
from e2e_pu_keys import PUKeyboardDriver
from e2e_pu_policy import SEATS, SEED, choose, moved_this_turn
from playwright.sync_api import TimeoutError as PlaywrightTimeout

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

OPTIONS = {"events": True, "private_objectives": True}
LONG_NAME = "Ada Augusta King, Countess of Lovelace"
NAMES: list[str | None] = [LONG_NAME, None, None, None]
# counts trusted pointer and mouse events: the keyboard test must see none
JS_COUNT_POINTER = """() => {
  window.__pointerEvents = 0;
  for (const type of ['pointerdown', 'mousedown', 'click', 'touchstart'])
    document.addEventListener(type, (e) => {
      if (e.isTrusted && (type !== 'click' || e.detail > 0)) window.__pointerEvents++;
    }, true);
}"""


def play_round_one(driver: Any, *, prefix: str, shots: dict[str, str], rover_by: int = 0) -> dict[str, Any]:
    """Play the seat until round 2 has begun (the whole of round 1 done) and, with ``rover_by``, until a rover has
    moved or round ``rover_by`` has begun; the first of each kind is a screenshot. Returns the state then."""
    while True:
        state = driver.wait_turn(timeout=60)
        assert state is not None, "the game ended early"
        view = state["view"]
        roved = any(action.startswith("rove ") for action, _ in driver.done)
        if view["round"] >= 2 and (roved or view["round"] >= rover_by):
            return state
        action = choose(view, state["legal"], 0, state["version"], moved_this_turn(state["log"], 0))
        if action.startswith("rove "):
            driver.rove_offered = True
        elif any(legal.startswith("rove ") for legal in state["legal"]):
            driver.rove_offered = True  # offered but the policy chose otherwise (its rover steps used up this turn)
        kind = action.split(" ")[0]
        shot = None
        if kind not in shots:
            shot = shots[kind] = f"{prefix}_{len(shots) + 1:02d}_{kind}"
        driver.act(action, state, shot=shot)


def test_planet_unknown_a_round_by_keyboard_alone(page: Page, e2e_server: Server) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.add_init_script(f"({JS_COUNT_POINTER})()")
    match_id = create_match_by_api(page, SEATS, SEED, OPTIONS, NAMES)
    tokens = page.evaluate("(id) => JSON.parse(localStorage.getItem('brassboard.tokens'))[id]", match_id)
    driver = PUKeyboardDriver(page, e2e_server, match_id, 0, tokens["0"])
    driver.axe = True
    shots: dict[str, str] = {}
    state = play_round_one(driver, prefix="pu_kb", shots=shots, rover_by=4)
    kinds = {action.split(" ")[0] for action, _ in driver.done}
    # whether a rover step becomes legal by round 4 depends on how the bots' simultaneous moves interleave with
    # ours (the seeded policy follows match versions); when one was offered, the keyboard must have made it
    expected = {"drop", "place", "deploy", "done"} | ({"rove"} if driver.rove_offered else set())
    assert expected <= kinds, driver.done
    assert driver.turned_before_placing >= 1 and driver.presses["r"] >= 1, driver.presses
    assert driver.presses["Enter"] >= len(driver.done), driver.presses
    assert driver.presses["ArrowLeft"] + driver.presses["ArrowRight"] > 0, driver.presses
    assert state["view"]["players"][0]["tiles"], "no tile on the planet after round 1"
    assert page.evaluate("() => window.__pointerEvents") == 0, "a pointer was used"
    # the focus ring: the board cursor's target shows an outline or stroke when focused by keyboard
    driver.enter_board()
    ring = page.evaluate("""() => { const el = document.activeElement; const st = getComputedStyle(el);
      return el.matches(':focus-visible') && (st.outlineStyle !== 'none' || st.stroke !== 'none'); }""")
    assert ring, "the focused board target shows no focus ring"
    screenshot(page, "pu_kb_1440_en_round2", full_page=False)
    check_accessible(page, "planet_unknown: round 2 by keyboard")
    # in German, after a reload: the page comes back and the board is still reachable by Tab
    page.evaluate("() => localStorage.setItem('brassboard.lang', 'de')")
    page.reload()
    page.locator('.pu-planethead h3:has-text("Dein Planet")').wait_for()
    driver.enter_board()
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")
    assert label, "the board cursor's target has no text for a screen reader"
    screenshot(page, "pu_kb_1440_de_round2", full_page=False)
    check_accessible(page, "planet_unknown: German, round 2")
    assert page.evaluate("() => window.__pointerEvents") == 0, "a pointer was used"


def phone_page(browser: Browser, server: Server) -> tuple[Any, Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, locale="en-GB", base_url=server.url)
    context.set_default_timeout(15_000)
    return context, context.new_page()


def scroll_to_planet(page: Page) -> None:
    # by script: bots' moves redraw the planet at any time, so a located element may be gone a moment later
    page.evaluate(f"() => document.querySelector('{PLANET}').scrollIntoView({{block: 'start'}})")


def no_sideways_scroll(page: Page) -> None:
    """The page settles no wider than the phone: after a reload the parts of the page arrive one by one, and a
    loaded machine measured one of them mid-layout (463 px once in a full run; never alone)."""
    try:
        page.wait_for_function("() => document.documentElement.scrollWidth <= 391", timeout=5_000)
    except PlaywrightTimeout:
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        raise AssertionError(f"the page scrolls sideways on a phone: {wide} px wide") from None


def test_planet_unknown_a_round_by_touch_on_a_phone(browser: Browser, e2e_server: Server) -> None:
    context, page = phone_page(browser, e2e_server)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    try:
        match_id = create_match_by_api(page, SEATS, SEED, OPTIONS, NAMES)
        tokens = page.evaluate("(id) => JSON.parse(localStorage.getItem('brassboard.tokens'))[id]", match_id)
        driver = PUDriver(page, e2e_server, match_id, 0, tokens["0"], touch=True, axe=True)
        shots: dict[str, str] = {}
        no_sideways_scroll(page)
        state = play_round_one(driver, prefix="pu_phone", shots=shots)
        placed = [how for action, how in driver.done if action.startswith("place")]
        assert placed and all(how.endswith("tapped") for how in placed), driver.done
        assert state["view"]["players"][0]["tiles"], "no tile on the planet after round 1"
        no_sideways_scroll(page)
        assert not words_broken(page), f"words broken mid-word on a phone: {words_broken(page)}"
        scroll_to_planet(page)
        screenshot(page, "pu_phone_390_en", full_page=False)
        page.evaluate("() => localStorage.setItem('brassboard.lang', 'de')")
        page.reload()
        page.locator('.pu-planethead h3:has-text("Dein Planet")').wait_for()
        no_sideways_scroll(page)
        assert not words_broken(page), f"German words broken mid-word on a phone: {words_broken(page)}"
        # a long name is cut short with an ellipsis, and says itself in full in a tooltip
        assert page.locator(f'.pu-othername[title="{LONG_NAME}"]').count() == 1
        screenshot(page, "pu_phone_390_de_top", full_page=False)
        scroll_to_planet(page)
        screenshot(page, "pu_phone_390_de", full_page=False)
        check_accessible(page, "planet_unknown on a phone, German")
        # the same match at 1440×900: the depot and the seat's own planet above the fold
        page.set_viewport_size({"width": 1440, "height": 900})
        page.evaluate("() => window.scrollTo(0, 0)")
        screenshot(page, "pu_desk_1440_de", full_page=False)
        page.evaluate("() => localStorage.setItem('brassboard.lang', 'en')")
        page.reload()
        page.locator('.pu-planethead h3:has-text("Your planet")').wait_for()
        # the depot and the seat's own essentials whole, the planet begun, without scrolling (the layout settles
        # after the first render on a busy machine: wait for it, then measure)
        with contextlib.suppress(PlaywrightTimeout):  # if it never settles, the measure below says what is wrong
            page.wait_for_function("() => { const d = document.querySelector('.pu-depots');"
                                   " return d && d.getBoundingClientRect().bottom <= 900; }", timeout=10_000)
        fold = page.evaluate("""() => ['.pu-depots', '.pu-planethead', '.pu-planetbox svg.pu-planet'].map((css) => {
          const r = document.querySelector(css).getBoundingClientRect(); return [css, r.top, r.bottom]; })""")
        for css, top, bottom in fold:
            assert 0 <= top < 900, f"{css} starts below the fold at 1440×900 ({top:.0f} px)"
            assert css.endswith("svg.pu-planet") or bottom <= 900, f"{css} ends below the fold ({bottom:.0f} px)"
        screenshot(page, "pu_desk_1440_en", full_page=False)
        check_accessible(page, "planet_unknown at 1440×900")
    finally:
        context.close()
    assert not problems, problems
