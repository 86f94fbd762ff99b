"""A whole game of Planet Steam in a real browser, by clicking only: one human against three greedy bots.

The match is created in the lobby; the human's first two rounds use the auction's bid spinner, claims on the map,
the tank phase (activate, a tank bought on an own zone, a converter, done), production, buying and selling at the
exchange and certificates; the page is reloaded in round 2 and must resume; the rest of the game is played with the
simplest choices, the final score breakdown must show, and the replay viewer is stepped and scrubbed. Each phase is
saved as a screenshot in test-output/screenshots/, and the page is checked with axe-core (WCAG 2.1 A/AA) there.

The other tests play a round with the keyboard alone (the mouse never pressed), and look at the page at 1440×900 and
on a phone (390×844, touch) in English and German: own panel in view, no sideways scrolling, no word broken.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from a11y import assert_accessible
from e2e_helpers import SeatDriver, Server, create_match_in_lobby, held_tokens, screenshot
from e2e_policy import RICH_ROUNDS, SEATS, SEED, choose
from e2e_ps_helpers import (
    COUNT_POINTER_PRESSES,
    KeyboardDriver,
    TouchDriver,
    box_of,
    create_match,
    overflowing,
    pointer_presses,
    words_broken,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

RESOURCES = ["quartz", "ore", "water", "energy"]
# axe-core finds two violations in the shell around the game, not in Planet Steam's page: the connection badge's
# contrast (4.39:1) and the scrolling log without a tab stop. They are the shell's to fix; left out here.


def step_key(state: dict[str, Any], action: str) -> str:
    """A name for the kind of decision (one screenshot of each)."""
    step = state["view"]["agenda"][0]
    kind = step["k"]
    if kind == "bid":
        return f"bid_{step['what']}"
    if kind == "build":
        return f"build_{action.split(' ')[0].replace('-', '_')}"
    if kind == "trade":
        return f"trade_{RESOURCES[step['r']]}_{action.split(' ')[0]}"
    return str(kind)


@pytest.mark.long
def test_planet_steam_whole_game_by_clicking(page: Page, e2e_server: Server) -> None:
    match_id = create_match_in_lobby(page, "planet_steam", SEATS, seed=SEED, name="Ada", shot="ps_00_lobby")
    tokens = held_tokens(page, match_id)
    assert list(tokens) == ["0"], tokens
    page.locator("svg.ps-map").wait_for()
    page.locator("svg.ps-exchange").wait_for()
    driver = SeatDriver(page, e2e_server, match_id, 0, tokens["0"])

    shots: dict[str, str] = {}
    reloaded = False
    while True:
        state = driver.wait_turn(timeout=60)
        if state is None:
            break
        view = state["view"]
        if view["round"] == 2 and not reloaded:
            reload_and_resume(page, driver, state)
            reloaded = True
            continue
        action = choose(view, state["legal"], 0)
        key = step_key(state, action)
        shot = None
        if view["round"] <= RICH_ROUNDS and key not in shots:
            zone_menu = action.split(" ")[0] in ("claim", "buy-tank", "buy-converter")
            shot = shots[key] = f"ps_{len(shots) + 1:02d}_{key}" + ("_menu" if zone_menu else "")
            assert_accessible(page, f"the Planet Steam match page ({key})")
        if action.startswith("produce idle "):  # chosen on the page first: the tanks to idle, then one action
            for zone in action.split(" ")[2:]:
                page.locator(f'.ps-action .ps-toggle[data-zone="{zone}"]').click()
        driver.act(action, state, shot=shot)

    assert reloaded, "the game ended before round 2"
    check_clicked_phases(driver.done)
    check_final_scores(page, e2e_server, match_id)
    screenshot(page, "ps_90_final_scores")
    check_replay(page, e2e_server, match_id)
    page.goto("/")
    page.locator(f'[data-list="finished"] li.match:has(code:text-is("{match_id}"))').wait_for()


def reload_and_resume(page: Page, driver: SeatDriver, state: dict[str, Any]) -> None:
    """Reload the page mid-game: the seat's token, the board and the turn must all come back."""
    version = state["version"]
    page.reload()
    page.locator("svg.ps-map").wait_for()
    again = driver.wait_turn(timeout=20)
    assert again is not None and again["version"] == version, "the reload lost the turn"
    assert driver.ui_version() == version
    assert "Ada" in page.locator("#seattabs").inner_text()
    assert page.locator("#log li").count() > 5, "the log did not come back after the reload"
    assert page.locator("#conn").inner_text().strip() == "live"
    screenshot(page, "ps_50_after_reload")


def check_clicked_phases(done: list[tuple[str, str]]) -> None:
    """Every phase the brief names was played by clicking, through the element meant for it."""
    how: dict[str, set[str]] = {}
    for action, route in done:
        how.setdefault(action.split(" ")[0], set()).add(route.split(" (")[0])
    summary = sorted(how.items())
    assert any(route.startswith("spinner") and "step clicks" in route and not route.startswith("spinner (0")
               for action, route in done if action.startswith("bid ")), f"no bid raised with the spinner: {summary}"
    expected = {
        "upgrade": "action bar", "bid": "spinner", "claim": "zone menu", "activate": "action bar",
        "buy-tank": "zone menu", "buy-converter": "zone menu", "done": "action bar", "produce": "action bar",
        "buy": "spinner", "sell": "spinner", "pass": "action bar", "buy-permit": "action bar",
        "buy-quarters": "action bar",
    }
    for kind, route in expected.items():
        assert route in how.get(kind, set()), f"{kind} was not played through the {route}: {summary}"
    assert sum(1 for action, _ in done) > 60, f"only {len(done)} actions for the human in a whole game"


def check_final_scores(page: Page, server: Server, match_id: str) -> None:
    summary = server.get(f"/api/matches/{match_id}")
    assert summary["status"] == "finished"
    final = server.get(f"/api/matches/{match_id}/state")
    scores = final["scores"]
    assert scores and len(scores) == 4
    box = page.locator("#scores")
    assert box.is_visible()
    table = box.locator("table.scores")
    header = table.locator("thead th").all_inner_texts()
    assert "Ada" in header, header
    totals = table.locator("tr.total td").all_inner_texts()
    assert totals == [str(s["total"]) for s in scores], (totals, scores)
    rows = table.locator("tbody tr:not(.total)")
    categories = {key for s in scores for key in s["breakdown"]}
    assert rows.count() == len(categories) >= 2, (rows.count(), categories)
    assert page.locator("#status").inner_text().startswith("Game over")
    assert "Winner" in box.inner_text()
    # the finished match's record is public now; its replay starts at set-up
    assert len(server.get(f"/api/matches/{match_id}/record")["actions"]) == final["version"]


def position(page: Page) -> int:
    match = re.search(r"[?&]at=(\d+)", page.url)
    assert match, page.url
    return int(match.group(1))


REPLAY_STEPS_STARTED = """(() => {
  // every step of the replay page fetches its position at once (replay.js, go): count them as they start
  window.replayStepsStarted = 0;
  const fetchFirst = window.fetch.bind(window);
  window.fetch = (resource, ...rest) => {
    if (String(resource).includes("/replay?at=")) window.replayStepsStarted += 1;
    return fetchFirst(resource, ...rest);
  };
})()"""
STEPS_STARTED = "() => window.replayStepsStarted"
AUTOPLAY_STEP_MS = 1400  # replay.js: a step each 700 ms at 1x, 1400 ms at the slowest speed (0.5x)


def check_replay(page: Page, server: Server, match_id: str) -> None:
    """Open the replay from the match page, step it and scrub it, play it and pause it."""
    total = server.get(f"/api/matches/{match_id}")["version"]
    page.add_init_script(REPLAY_STEPS_STARTED)
    page.clock.install()  # the replay page's timers run on a clock the test can move (it runs on by itself too)
    page.locator(f'.tools a.button[href="/m/{match_id}/replay"]').click()
    page.wait_for_url(re.compile(rf"/m/{re.escape(match_id)}/replay\?at={total}$"))
    page.locator("svg.ps-map").wait_for()
    scrub = page.locator("#scrub")
    assert scrub.get_attribute("max") == str(total)
    page.locator('[data-go="replay.first"]').click()
    page.wait_for_url(re.compile(r"at=0$"))
    assert f"(0 / {total})" in page.locator(".position").inner_text()
    for n in (1, 2, 3):
        page.locator('[data-go="replay.next"]').click()
        page.wait_for_url(re.compile(rf"at={n}$"))
    assert page.locator(".position").inner_text() == f"after move 3 of {total}"
    page.locator('[data-go="replay.prev"]').click()
    page.wait_for_url(re.compile(r"at=2$"))
    screenshot(page, "ps_91_replay_step2")
    # scrub: a click halfway along the slider
    box = scrub.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("(t) => /[?&]at=\\d+$/.test(location.search) && !/at=2$/.test(location.search)", arg=total)
    middle = position(page)
    assert abs(middle - total / 2) <= total * 0.1 + 2, (middle, total)
    page.locator("svg.ps-map").wait_for()
    log_items = page.locator("#log li[data-version]")  # each entry, folded runs of raises included
    assert log_items.count() == middle, (log_items.count(), middle)  # the whole log up to there
    screenshot(page, "ps_92_replay_scrubbed")
    # the keyboard steps too, and the end is the finished game
    scrub.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"at={middle + 1}$"))
    page.locator('[data-go="replay.last"]').click()
    page.wait_for_url(re.compile(rf"at={total}$"))
    # play runs forward by itself from the start
    page.locator('[data-go="replay.first"]').click()
    page.wait_for_url(re.compile(r"at=0$"))
    before_play = page.evaluate(STEPS_STARTED)
    page.locator("#play").click()
    page.wait_for_url(re.compile(r"at=[2-9]$"), timeout=10_000)
    page.locator("#play").click()
    page.locator("#play", has_text="▶").wait_for()  # paused: the button offers to play again
    started = page.evaluate(STEPS_STARTED)  # a step already on its way may still land, but no new one may start
    assert started >= before_play + 2, (before_play, started)  # the count sees autoplay's steps
    page.clock.run_for(4 * AUTOPLAY_STEP_MS)  # the time of four steps, on the page's clock: any timer left fires
    assert page.evaluate(STEPS_STARTED) == started, "the replay kept playing after pause"


def test_planet_steam_round_by_keyboard_alone(browser: Browser, e2e_server: Server) -> None:
    """Issue 17: a whole round with the keyboard only — Tab to controls, arrow keys over the map's fields, Enter to
    choose, amounts typed — with a field claimed and purchases (a market tank, goods at the exchange)."""
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-GB", base_url=e2e_server.url)
    context.add_init_script(COUNT_POINTER_PRESSES)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    try:
        match_id, token, link = create_match(e2e_server, SEATS, seed=SEED)
        page.goto(link)
        page.locator("svg.ps-map").wait_for()
        driver = KeyboardDriver(page, e2e_server, match_id, 0, token, escape_once=True)
        moved = False
        while True:
            state = driver.wait_turn(timeout=60)
            assert state is not None, "the game ended in round 1"
            if state["view"]["round"] > 1:
                break
            action = choose(state["view"], state["legal"], 0)
            reorganise = [a for a in state["legal"] if a.startswith("move ")]
            if not moved and reorganise and action.startswith("buy-converter"):
                action, moved = reorganise[0], True  # reorganise once: the bought tank to another own zone
            key = step_key(state, action)
            driver.act(action, state, shot=f"ps_kb_{key}" if key in ("claim", "build_buy_tank", "build_move") else None)
        kinds = {action.split(" ")[0] for action, _ in driver.done}
        assert {"claim", "buy-tank", "move", "buy", "produce", "done"} <= kinds, sorted(driver.done)
        claimed = [a for a, how in driver.done if a.startswith("claim ")]
        assert claimed and all("arrow keys" in how for a, how in driver.done if a.startswith(("claim", "buy-tank")))
        assert pointer_presses(page) == 0, "the mouse (or a touch) was used"
        assert not problems, problems
    finally:
        context.close()


def play_round_one(driver: SeatDriver, stop_at: str) -> dict[str, Any]:
    """Play the seat's round-1 turns with the browser test's policy until its step ``stop_at`` comes up."""
    while True:
        state = driver.wait_turn(timeout=60)
        assert state is not None and state["view"]["round"] == 1, f"round 1 ended before {stop_at}"
        if state["view"]["agenda"][0]["k"] == stop_at:
            return state
        driver.act(choose(state["view"], state["legal"], 0), state)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_planet_steam_desktop_own_panel_and_card_rules_in_view(browser: Browser, e2e_server: Server,
                                                               lang: str) -> None:
    """Issue 12, items 4 and 5: at 1440×900 the player's own panel shows without scrolling, and each specialist card
    carries its rules text in the page's language."""
    locale = "de-DE" if lang == "de" else "en-GB"
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale=locale, base_url=e2e_server.url)
    page = context.new_page()
    try:
        match_id, token, link = create_match(e2e_server, SEATS, seed=SEED)
        page.goto(link)
        page.locator("svg.ps-map").wait_for()
        driver = SeatDriver(page, e2e_server, match_id, 0, token)
        play_round_one(driver, "claim")
        mine = box_of(page, ".ps-mine .ps-player.me")
        assert mine["y"] >= 0 and mine["y"] + mine["height"] <= 900, f"own panel at {mine}: below the fold"
        rules = page.locator(".ps-card .ps-cardrules").all_inner_texts()
        assert len(rules) == 4 and all(len(text) > 30 for text in rules), rules
        assert ("Startspielerin" if lang == "de" else "Start player") in rules[0]
        screenshot(page, f"ps_desktop_{lang}_claim", full_page=False)
        assert_accessible(page, f"the Planet Steam match page at 1440×900 ({lang})")
        state = play_round_one(driver, "produce")
        screenshot(page, f"ps_desktop_{lang}_production", full_page=False)
        assert state["view"]["agenda"][0]["k"] == "produce"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_planet_steam_round_on_a_phone_by_tapping(browser: Browser, e2e_server: Server, lang: str) -> None:
    """Issue 12, item 6: on a 390×844 touch screen round 1 is played by tapping (no hover needed), the page never
    scrolls sideways and no word of the page is broken across lines."""
    locale = "de-DE" if lang == "de" else "en-GB"
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale, base_url=e2e_server.url,
                                  has_touch=True, is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    try:
        match_id, token, link = create_match(e2e_server, SEATS, seed=SEED)
        page.goto(link)
        page.locator("svg.ps-map").wait_for()
        driver = TouchDriver(page, e2e_server, match_id, 0, token)
        shots = {"claim": f"ps_phone_{lang}_claim", "build": f"ps_phone_{lang}_build",
                 "produce": f"ps_phone_{lang}_production", "trade": f"ps_phone_{lang}_trade"}
        while True:
            state = driver.wait_turn(timeout=60)
            assert state is not None
            if state["view"]["round"] > 1:
                break
            step = state["view"]["agenda"][0]["k"]
            if step in shots:
                assert overflowing(page) <= 1, f"the page scrolls sideways at {step}"
                assert not words_broken(page), f"words broken across lines at {step}: {words_broken(page)}"
                screenshot(page, shots.pop(step), full_page=True)
            driver.act(choose(state["view"], state["legal"], 0), state)
        kinds = {action.split(" ")[0] for action, _ in driver.done}
        assert {"claim", "buy-tank", "produce"} <= kinds, sorted(driver.done)
        assert_accessible(page, f"the Planet Steam match page on a phone ({lang})")
    finally:
        context.close()
