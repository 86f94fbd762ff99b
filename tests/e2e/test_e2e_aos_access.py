"""Age of Steam without a mouse, on a phone and above the fold (issues 17 and 12).

- Keyboard only, at 1440×900: a whole round of one human against two greedy bots played with key presses alone
  (Tab, arrows, Enter, R, Escape): shares, the auction, an action, track built on the map, goods moved or passed.
  The page counts pointer presses: none may happen. axe-core finds no WCAG 2.1 A/AA violation at each phase. The
  railroads table is above the fold, and an open picker (the town picker among them) fits the viewport.
- A phone (390×844, touch): the map is larger than the screen and pans; the zoom buttons and a two-finger pinch zoom
  it; a build is previewed by a first tap and made by a second (no hover needed); German labels do not break inside
  a word. Screenshots EN and DE at both sizes (aos_access_*.png).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from a11y import assert_accessible
from e2e_aos_keys import COUNT_POINTERS, KeyboardAoS, create_match
from e2e_aos_policy import SEED, choose
from e2e_helpers import Server, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

SEATS = ["human", "bot:greedy", "bot:greedy"]


def open_seat(browser: Browser, server: Server, link: str, *, width: int, height: int, touch: bool = False,
              locale: str = "en-GB") -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=server.url, locale=locale,
                                  has_touch=touch, is_mobile=touch, device_scale_factor=2 if touch else 1)
    context.add_init_script(COUNT_POINTERS)
    page = context.new_page()
    page.goto(link)
    page.locator("svg.aos-map").wait_for()
    return page


def keyboard_choice(view: dict[str, Any], legal: list[str]) -> str:
    """The browser test's policy, but dropping out of the auction instead of bidding (a spinner is tested there)."""
    action = choose(view, legal, 0)
    if action.startswith("bid ") and "drop" in legal:
        return "drop"
    return action


def test_age_of_steam_a_whole_round_by_keyboard(browser: Browser, e2e_server: Server) -> None:
    match_id, link = create_match(e2e_server, SEATS, SEED, ["Ada", None, None])
    page = open_seat(browser, e2e_server, link, width=1440, height=900)
    try:
        token = link.split("token=")[1]
        driver = KeyboardAoS(page, e2e_server, match_id, 0, token)
        phases_checked: set[str] = set()
        shots: set[str] = set()
        picker_checked = False
        while True:
            state = driver.wait_turn(timeout=60)
            assert state is not None, "the match ended in its first round"
            view = state["view"]
            if view["round"] >= 2:
                break
            phase = view["phase"]
            if phase not in phases_checked:
                phases_checked.add(phase)
                assert_accessible(page, f"age_of_steam by keyboard: {phase}")
                check_above_the_fold(page)
            action = keyboard_choice(view, state["legal"])
            if action.startswith("build ") and not picker_checked:
                picker_checked = True
                check_picker_fits(driver, state)
            shot = f"aos_access_key_{phase}"
            driver.act(action, state, shot=shot if phase in ("build", "move") and shot not in shots else None)
            shots.add(shot)
        kinds = {action.split(" ")[0] for action, _ in driver.done}
        assert {"issue", "select", "build", "done"} <= kinds, sorted(kinds)
        assert kinds & {"move", "pass", "locomotive"}, sorted(kinds)
        assert any(how.startswith("arrows to the hex") for _, how in driver.done), driver.done
        assert page.evaluate("() => window.__pointers") == 0, "a pointer was used"
        assert picker_checked
        log = page.locator("#log").inner_text()
        for words in ("End of round 1:", "income +$", "expenses −", "(shares $", "cash $"):
            assert words in log, (words, log[-600:])
        check_outlook_and_round_end_words(page)
        page.evaluate("() => window.scrollTo(0, 0)")
        screenshot(page, "aos_access_1440x900_en", full_page=False)
        page.locator('button.lang:text-is("DE")').focus()
        page.keyboard.press("Enter")
        page.locator('.aos-phases li:text-is("Aktien ausgeben")').wait_for()
        assert "Ende von Runde 1:" in page.locator("#log").inner_text()
        screenshot(page, "aos_access_1440x900_de", full_page=False)
        assert_accessible(page, "age_of_steam in German")
    finally:
        page.context.close()


def check_outlook_and_round_end_words(page: Page) -> None:
    """The page's reckoning of a railroad's round end (the flag in the railroads table) and its log words for a
    bankruptcy, on figures where the answer is known."""
    got = page.evaluate("""async () => {
      const m = await import('/games/age_of_steam/ui/main.js');
      const pl = (cash, income, shares, locomotive) => ({ cash, income, shares, locomotive, eliminated: false });
      return {
        safe: m.outlook(pl(5, 2, 4, 1)),        // 5 + 2 pays 5
        short: m.outlook(pl(1, 3, 4, 1)),       // 4 to pay 5: 1 short, income 3 - 1 >= 0
        broke: m.outlook(pl(0, 1, 4, 1)),       // 1 to pay 5: 4 short, income 1 - 4 < 0
        after: m.outlook(pl(0, 1, 4, 1), 'production'),   // the round's reckoning is over
        grown: m.roundEndText([{ type: 'round_end', round: 3 },
          { type: 'growth', space: 'W1.1', color: 'red', hex: 'H6' }]),
        text: m.roundEndText([{ type: 'round_end', round: 3 },
          { type: 'income', player: 0, amount: 1, cash: 1 },
          { type: 'expenses', player: 0, due: 5, paid: 1, short: 4, shares: 4, locomotive: 1, cash: 0, income: -3 },
          { type: 'bankrupt', player: 0, income: -3, due: 5, short: 4, round: 3 }]),
      };
    }""")
    assert got["safe"] == {"short": 0, "broke": False}, got
    assert got["short"] == {"short": 1, "broke": False}, got
    assert got["broke"] == {"short": 4, "broke": True}, got
    assert got["after"] == {"short": 0, "broke": False}, got
    text = got["text"].replace("\u2060", "")
    assert text.startswith("End of round 3:") and "Ada: income +$1, expenses −$1 (shares $4, locomotive $1)" in text
    assert "$4 short: income down to -3" in text and "BANKRUPT (income -3)" in text, text
    assert got["grown"] == "End of round 3:\nGoods growth: red → Chicago (H6)", got["grown"]


def check_above_the_fold(page: Page) -> None:
    """The railroads table is in sight without scrolling at 1440×900."""
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator(".aos-players table.aos-ptable").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900, box


def check_picker_fits(driver: KeyboardAoS, state: dict[str, Any]) -> None:
    """A picker opened by keyboard fits the viewport (every option reachable without scrolling the page); the town
    picker, the longest, when a town can be built on; Escape closes it and the cursor is back on its hex."""
    page = driver.page
    builds = [a for a in state["legal"] if a.startswith("build ")]
    towns = [a for a in builds if a.split(" ")[2].startswith("t")]
    hex_label = (towns or builds)[0].split(" ")[1]
    driver.go_to_hex(hex_label)
    driver.press("Enter")
    picker = page.locator(f'.aos-picker[data-kind="build"][data-hex="{hex_label}"]')
    picker.wait_for()
    box = picker.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 900, box
    assert page.locator(".aos-picker button.aos-opt:focus").count() == 1, "the first layout has no focus"
    driver.press("r")
    page.locator(f'svg.aos-map g.aos-ghost[data-hex="{hex_label}"]').wait_for()
    screenshot(page, "aos_access_key_picker", full_page=False)
    assert_accessible(page, "age_of_steam: build picker open")
    driver.press("Escape")
    picker.wait_for(state="detached")
    assert driver.focused_hex() == hex_label


def test_age_of_steam_on_a_phone(browser: Browser, e2e_server: Server) -> None:
    match_id, link = create_match(e2e_server, SEATS, SEED, ["Ada", None, None])
    page = open_seat(browser, e2e_server, link, width=390, height=844, touch=True)
    try:
        box = page.locator(".aos-mapbox")
        sizes = box.evaluate("(b) => [b.scrollWidth, b.clientWidth]")
        assert sizes[0] > sizes[1] * 1.5, f"the map is not larger than the phone's screen: {sizes}"
        # the first render fits the map after it is drawn: pan once that has happened (a pan survives re-renders)
        page.wait_for_function("() => { const b = document.querySelector('.aos-mapbox'); b.scrollLeft = 200;"
                               " return b.scrollLeft > 0; }", timeout=10_000)
        assert box.evaluate("(b) => b.scrollLeft") > 0, "the map does not pan"
        before = box.evaluate("(b) => b.scrollWidth")
        page.locator('button.aos-zoombtn[data-zoom="in"]').tap()
        assert box.evaluate("(b) => b.scrollWidth") > before * 1.1, "the zoom button does not zoom"
        pinch(page)
        assert box.evaluate("(b) => b.scrollWidth") > before * 1.4, "a pinch does not zoom"
        page.locator('button.aos-zoombtn[data-zoom="fit"]').tap()
        assert box.evaluate("(b) => b.scrollWidth <= b.clientWidth + 1"), "Fit does not fit the map to the width"
        for _ in range(3):  # back to a readable size (the page opens there: 760 px of map)
            page.locator('button.aos-zoombtn[data-zoom="in"]').tap()
        screenshot(page, "aos_access_390x844_en")
        driver = KeyboardAoS(page, e2e_server, match_id, 0, link.split("token=")[1])
        tapped_build = False
        while not tapped_build:
            state = driver.wait_turn(timeout=60)
            assert state is not None
            action = keyboard_choice(state["view"], state["legal"])
            if action.startswith("build "):
                tap_build(page, driver, state, action)
                tapped_build = True
            else:
                target = page.locator(f'.aos-action button[data-action="{action}"]')
                assert target.count(), f"no button for {action!r} on the phone"
                target.first.tap()
                driver._wait_past(state["version"], action)
        check_words_whole(page)
        page.locator('button.lang:text-is("DE")').tap()
        page.locator('.aos-phases li.on:text-is("Streckenbau")').wait_for()
        check_words_whole(page)
        screenshot(page, "aos_access_390x844_de")
        screenshot(page, "aos_access_390x844_de_top", full_page=False)
        assert_accessible(page, "age_of_steam on a phone, German")
    finally:
        page.context.close()


def pinch(page: Page) -> None:
    """Two touch pointers on the map moving apart (what a pinch delivers to the page)."""
    page.locator(".aos-mapbox").evaluate("""(box) => {
      const r = box.getBoundingClientRect();
      const y = r.top + 100, x = r.left + r.width / 2;
      const ev = (type, id, px) => box.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch',
        clientX: px, clientY: y, bubbles: true, cancelable: true, isPrimary: id === 1 }));
      ev('pointerdown', 1, x - 20); ev('pointerdown', 2, x + 20);
      ev('pointermove', 1, x - 45); ev('pointermove', 2, x + 45);
      ev('pointerup', 1, x - 45); ev('pointerup', 2, x + 45);
    }""")


def tap_build(page: Page, driver: KeyboardAoS, state: dict[str, Any], action: str) -> None:
    """Tap the hex, tap a layout (its ghost shows, nothing is sent), tap it again (it is built)."""
    hex_label = action.split(" ")[1]
    page.locator(f'svg.aos-map .aos-mark.build[data-hex="{hex_label}"]').wait_for(state="attached")
    page.locator(f'svg.aos-map g.aos-hex[data-hex="{hex_label}"]').scroll_into_view_if_needed()
    page.locator(f'svg.aos-map g.aos-hex[data-hex="{hex_label}"]').tap()
    option = page.locator(f'.aos-picker button.aos-opt[data-action="{action}"]')
    option.wait_for()
    option.tap()
    page.locator(f'svg.aos-map g.aos-ghost[data-hex="{hex_label}"]').wait_for()
    page.locator(".aos-picker button.aos-opt.armed").wait_for()
    assert driver.state()["version"] == state["version"], "the first tap built already"
    screenshot(page, "aos_access_390x844_preview", full_page=False)
    option.tap()
    driver._wait_past(state["version"], action)


def check_words_whole(page: Page) -> None:
    """No label of the page breaks inside a word: each text node's words are each on one line."""
    broken = page.evaluate("""() => {
      const out = [];
      const walk = document.createTreeWalker(document.querySelector('.aos-root'), NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (node.parentElement.closest('svg')) continue;
        const text = node.textContent;
        for (const m of text.matchAll(/[^\\s]{4,}/g)) {
          range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(m[0]);
        }
      }
      return out;
    }""")
    assert not broken, f"words broken across lines: {broken[:10]}"
