"""A whole game of Planet Steam in a real browser, by clicking only: one human against three greedy bots.

The match is created in the lobby; the human's first two rounds use the auction's bid spinner, claims on the map,
the tank phase (activate, a tank bought on an own zone, a converter, done), production, buying and selling at the
exchange and certificates; the page is reloaded in round 2 and must resume; the rest of the game is played with the
simplest choices, the final score breakdown must show, and the replay viewer is stepped and scrubbed. Each phase is
saved as a screenshot in test-output/screenshots/.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SeatDriver, Server, create_match_in_lobby, held_tokens, screenshot
from e2e_policy import RICH_ROUNDS, SEATS, SEED, choose

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

RESOURCES = ["quartz", "ore", "water", "energy"]


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


def check_replay(page: Page, server: Server, match_id: str) -> None:
    """Open the replay from the match page, step it and scrub it."""
    total = server.get(f"/api/matches/{match_id}")["version"]
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
    log_items = page.locator("#log li")
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
    page.locator("#play").click()
    page.wait_for_url(re.compile(r"at=[2-9]$"), timeout=10_000)
    page.locator("#play").click()
    page.wait_for_timeout(300)  # a step already on its way may still land
    stopped = position(page)
    page.wait_for_timeout(1000)
    assert position(page) == stopped, "the replay kept playing after pause"
