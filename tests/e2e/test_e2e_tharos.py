"""Tharos in a real browser, by clicking only: one human against two random bots, a whole game of four rounds.

The 3-player match is created in the lobby. The human picks actions on the player board, on player cards, on
buildings, on the action-card hand and in the action bar; the dice each action can use light up and are clicked
one by one; the target follows (a highlighted landscape, a die of the dice market, an option of the action panel).
On the way the human activates player cards and uses their actions, builds a public building and later uses one for
its price, lays red dice on the attack field and fends an attack off, plays an action card with an action, buys
dice, places guild tiles, takes round-end decisions (a combat medal, damage) and passes. The page is reloaded
mid-game and must resume; the language is switched to German and back; a spectator's page shows the boards without
choices and without the human's action cards; the final score breakdown must show; the replay viewer draws the
match. Each first of a kind, and each phase, is saved as a screenshot in test-output/screenshots/ (tharos_*.png).

No browser: ``test_the_policy_reaches_every_feature`` plays the same policy on the engine against the same bots, so
a rules or bot change that keeps the seed from reaching a feature shows there first.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import (
    Server,
    check_final_scores_table,
    create_match_in_lobby,
    held_tokens,
    look_as_spectator,
    screenshot,
)
from e2e_tharos_helpers import A11Y_SECONDS, TharosDriver, check_page, parse
from e2e_tharos_policy import GAME, SEATS, SEED, choose

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import new_game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

SCORE_LABELS = {"combat_medals": "Combat medals (3 each)", "exploration_medals": "Exploration medals (4 each)",
                "trade_medals": "Trade medals (4 each)", "civil_medals": "Civil medals (2 each)",
                "medal_sets": "Sets of four medals (2 each)", "buildings": "Owned buildings", "mines": "Mines",
                "player_cards": "Active player cards", "jars": "Jars (1 per 5)"}
# what the human must have done by clicking (the policy test checks the seed reaches all of it)
FEATURES = {"activate", "card action", "build", "use paid", "defend", "play", "buy", "land", "money", "pass",
            "medal"}


def features(action: str) -> set[str]:
    """The kinds of decision an action shows."""
    parsed = parse(action)
    kind = parsed.kind
    if kind == "card":
        return {"card action"}
    if kind == "use":
        return {"use free" if action.endswith(" free") else "use skip" if action.endswith(" skip") else "use paid"}
    return {kind}


def defence_record(view: dict[str, Any], seat: int) -> int:
    """Combat points ever won by the seat so far (points held plus four per combat medal)."""
    g = view["guilds"][seat]
    return int(g["combat_points"]) + 4 * int(g["medals"]["combat"])


def play(page: Page, driver: TharosDriver, browser: Browser, server: Server, match_id: str) -> tuple[set[str], int]:
    """Play the human seat to the end; the first of each kind of decision and each phase is a screenshot."""
    seen: set[str] = set()
    reloaded = german = spectated = lost_shown = False
    defended = 0
    record = 0
    turns_shown: set[tuple[int, int]] = set()
    while True:
        state = driver.wait_turn(timeout=60)
        if state is None:
            break
        view = state["view"]
        now = defence_record(view, 0)
        if now > record:
            defended += 1
            if defended == 1:
                driver.screenshot("tharos_40_attack_defended")
        record = now
        if not lost_shown and any(0 in card["guild"] for card in view["attack"]):
            lost_shown = True
            driver.screenshot("tharos_41_attack_lost")
        if view["round"] >= 2 and not reloaded:
            reloaded = True
            reload_and_resume(page, driver, state)
            continue
        if view["round"] >= 3 and not german:
            german = True
            switch_language(page)
            continue
        if view["round"] >= 2 and not spectated:
            spectated = True
            spectator_sees_the_boards(browser, server, match_id)
        key = (view["round"], view["turn"])
        if view["turn"] == 1 and key not in turns_shown and view["step"] == "actions":
            turns_shown.add(key)
            driver.screenshot(f"tharos_3{view['round']}_round_{view['round']}")
        action = choose(view, state["legal"], 0)
        kinds = features(action)
        new = sorted(kinds - seen)
        shot = f"tharos_{len(seen) + 1:02d}_{new[0].replace(' ', '_')}" if new else None
        seen |= kinds
        driver.act(action, state, shot=shot)
    final = driver.state()["view"]
    if defence_record(final, 0) > record:
        defended += 1
    assert reloaded and german and spectated, (reloaded, german, spectated)
    return seen, defended


JS_STYLED = """() => {
  const el = document.querySelector('.th-land');
  return !!el && getComputedStyle(el).display === 'grid';
}"""


def wait_drawn(page: Page) -> None:
    """The board is drawn and its stylesheet applied (the game's CSS loads after its module)."""
    page.locator(".th-table .th-land").first.wait_for()
    page.wait_for_function(JS_STYLED)


def reload_and_resume(page: Page, driver: TharosDriver, state: dict[str, Any]) -> None:
    version = state["version"]
    page.reload()
    wait_drawn(page)
    again = driver.wait_turn(timeout=20)
    assert again is not None and again["version"] >= version, "the reload lost the turn"
    assert "Ada" in page.locator("#seattabs").inner_text()
    assert page.locator("#log li").count() > 5, "the log did not come back after the reload"
    assert page.locator("#conn").inner_text().strip() == "live"
    assert page.locator(".th-table .th-land").count() == 16
    assert page.locator(".th-myboard button.th-die").count() == len(again["view"]["guilds"][0]["active"])
    driver.screenshot("tharos_50_after_reload")


def switch_language(page: Page) -> None:
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.th-steps li.on:text-is("Aktionen")').wait_for()
    assert "Runde" in page.locator(".th-action").inner_text()
    assert "Würfelmarkt" in page.locator(".th-myboard").inner_text()
    assert "Öffentliche Gebäude" in page.locator(".th-buildings h4").inner_text()
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "tharos_60_german", full_page=False)
    check_page(page, "tharos_60_german")
    page.locator('button.lang:text-is("EN")').click()
    page.locator('.th-steps li.on:text-is("Actions")').wait_for()


def spectator_sees_the_boards(browser: Browser, server: Server, match_id: str) -> None:
    """Another browser without a seat: the boards, no choices, no highlighted dice, nobody's action cards."""
    def drawn(watcher: Page) -> None:
        wait_drawn(watcher)
        watcher.locator(".th-board").first.wait_for()

    look_as_spectator(browser, server, match_id, drawn=drawn,
                      absent={".th-action .th-groups": "a spectator is offered choices",
                              "button.th-die, button.th-land, .th-acard": "a spectator may pick a die, a landscape "
                                                                          "or an action card"},
                      shot="tharos_70_spectator", check=check_page)


def check_strings(page: Page) -> None:
    """The UI speaks English and German: every string has both."""
    missing = page.evaluate("""async () => {
      const m = await import('/games/tharos/ui/strings.js');
      const en = Object.keys(m.strings.en), de = Object.keys(m.strings.de);
      return [...en.filter((k) => !de.includes(k)), ...de.filter((k) => !en.includes(k))];
    }""")
    assert missing == [], missing


@pytest.mark.long
def test_tharos_three_players_by_clicking(page: Page, browser: Browser, e2e_server: Server) -> None:
    match_id = create_match_in_lobby(page, GAME, SEATS, seed=SEED, name="Ada", shot="tharos_00_lobby")
    tokens = held_tokens(page, match_id)
    assert list(tokens) == ["0"], tokens
    page.locator(".th-table .th-land").first.wait_for()
    assert page.locator(".th-table .th-land").count() == 16
    assert page.locator(".th-board").count() == 3
    check_strings(page)
    driver = TharosDriver(page, e2e_server, match_id, 0, tokens["0"])
    started, checking_before = time.monotonic(), A11Y_SECONDS[0]
    seen, defended = play(page, driver, browser, e2e_server, match_id)
    assert seen >= FEATURES, sorted(FEATURES - seen)
    assert defended >= 1, "no attack was fended off"
    assert driver.dice_clicked >= 50, driver.dice_clicked
    assert driver.highlights_checked >= 30, driver.highlights_checked
    routes = driver.routes
    assert any(r.endswith("landscape") for r in routes), routes
    assert any(r.endswith("market die") for r in routes), routes
    assert any(r.startswith("board") for r in routes) and any(r.startswith("bar") for r in routes), routes
    assert "hand card" in routes, routes
    check_final_scores_table(page, e2e_server, match_id, 3, SCORE_LABELS, ".th-action")
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "tharos_90_final_scores")
    check_page(page, "tharos_90_final_scores")
    page.goto(f"/m/{match_id}/replay?at=120")
    wait_drawn(page)
    assert page.locator(".th-board").count() == 3
    screenshot(page, "tharos_91_replay")
    check_page(page, "tharos_91_replay")
    checking = A11Y_SECONDS[0] - checking_before  # axe-core's own time is not the game's
    assert time.monotonic() - started - checking < 240, "the browser game took too long"


def test_the_policy_reaches_every_feature() -> None:
    """No browser: the same policy against the same bots on the engine reaches what the browser test checks."""
    state = new_game(GAME, len(SEATS), seed=SEED)
    bots = {seat: make_bot(kind.removeprefix("bot:"), GAME, seat_seed(SEED, seat))
            for seat, kind in enumerate(SEATS) if kind.startswith("bot:")}
    seen: set[str] = set()
    record = defended = 0
    while not state.is_over():
        seat = state.active_players()[0]
        if seat in bots:
            state.apply(seat, str(bots[seat].choose(state, seat)))
            continue
        view = state.view(0)
        if defence_record(view, 0) > record:
            defended += 1
        record = defence_record(view, 0)
        legal = [str(a) for a in state.legal_actions(0)]
        action = choose(view, legal, 0)
        assert action in legal, action
        seen |= features(action)
        state.apply(0, action)
    if defence_record(state.view(0), 0) > record:
        defended += 1
    assert seen >= FEATURES, f"seed {SEED} no longer reaches {sorted(FEATURES - seen)}"
    assert defended >= 1
