"""Tharos with the keyboard alone: a human against two random bots plays the whole first round (four turns, the
attack, clean-up and the round end) without the mouse — Tab to the action bar or a board, arrow keys over the dice,
the dice market, the landscapes and the cards, Enter to choose, Escape to cancel. Every real pointer event is
counted and there must be none. The page is checked with axe-core (WCAG 2.1 A/AA) while an action is being put
together, and screenshots (1440×900 and 390×844) show the focus ring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, post_match, screenshot
from e2e_tharos_helpers import check_page
from e2e_tharos_keys import POINTER_GUARD, TharosKeyboard
from e2e_tharos_policy import GAME, SEATS, SEED, choose

from brassboard.games.tharos.view import static_figures

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e


def create_match(server: Server, options: dict[str, Any] | None = None) -> dict[str, Any]:
    body = {"game": GAME, "players": len(SEATS), "seats": SEATS, "seed": SEED, "names": ["Ada", None, None],
            "options": options or {}}
    return post_match(server, body)


def keyboard_choice(view: dict[str, Any], legal: list[str], done: list[tuple[str, str]]) -> str:
    """The browser test's policy, except that a guild tile goes on a landscape once (a target on the landscapes)."""
    if not any(action.startswith("land ") for action, _ in done):
        lands = [action for action in legal if action.startswith("land ")]
        if lands and not view["guilds"][0]["acted"]:
            return lands[0]
    return choose(view, legal, 0)


def explore_the_landscapes(page: Page, driver: TharosKeyboard) -> None:
    """A reader walks the landscapes with the arrow keys (each names itself), starts an action and hears its dice in
    the live region, and Escape leaves nothing picked."""
    driver.focus_on(".th-table .th-land")
    first = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    driver.press("ArrowRight")
    driver.press("ArrowDown")
    second = page.evaluate("() => document.activeElement.dataset.cell")
    assert second == "B2", second
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert first.startswith("A1 ") and label.startswith("B2 ") and "converter" in label, (first, label)
    # start an action, then cancel it with Escape
    driver.choose('.th-action button.th-fam[data-family="money many"]')
    page.locator('.th-pick[data-family="money many"]').wait_for()
    on_die = page.evaluate("() => document.activeElement.matches('button.th-die.legal')")
    assert on_die, "the focus did not move on to the dice"
    spoken = page.locator(".th-root [aria-live=polite]")
    assert spoken.count() == 1
    assert (spoken.text_content() or "").startswith("Much money. Choose the highlighted dice"), spoken.text_content()
    token = page.evaluate("() => document.activeElement.dataset.token")
    driver.press("Enter")  # the first die: the reader hears it joined
    page.locator(".th-myboard button.th-die.on").first.wait_for()
    colour = {"w": "white", "y": "yellow", "r": "red", "g": "green", "b": "blue"}[token[0]]
    heard = spoken.text_content() or ""
    assert f"Dice: {colour} die {token[1:]} ({token[0].upper()})" in heard, heard
    screenshot(page, "tharos_kbd_01_dice_cursor", full_page=False)
    check_page(page, "picking dice by keyboard")
    driver.press("Escape")
    page.locator(".th-pick").wait_for(state="detached")
    assert (spoken.text_content() or "").startswith("Your move"), spoken.text_content()


def test_tharos_first_round_by_keyboard_only(page: Page, browser: Browser, e2e_server: Server) -> None:
    created = create_match(e2e_server)
    page.add_init_script(f"({POINTER_GUARD})()")
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(created["links"]["seats"]["0"])
    page.locator(".th-table .th-land").first.wait_for()
    driver = TharosKeyboard(page, e2e_server, created["id"], 0, created["seats"][0]["token"])
    state = driver.wait_turn(timeout=60)
    assert state is not None
    explore_the_landscapes(page, driver)
    shots = 0
    while state is not None and state["view"]["round"] == 1:
        action = keyboard_choice(state["view"], state["legal"], driver.done)
        shot = f"tharos_kbd_{10 + shots:02d}" if shots < 4 else None
        shots += 1
        driver.act(action, state, shot=shot)
        state = driver.wait_turn(timeout=60)
    assert state is not None and state["view"]["round"] == 2, "the first round did not end"
    assert driver.pointer_events() == [], driver.pointer_events()
    routes = driver.routes
    assert any(route.endswith("landscape") for route in routes), routes
    assert any(route.endswith("market die") for route in routes), routes
    assert any(route.startswith("board") for route in routes), routes
    assert any(route.startswith("bar") for route in routes), routes
    assert driver.dice_by_key >= 8 and driver.arrows >= 10, (driver.dice_by_key, driver.arrows)
    actions = [action for action, _ in driver.done]
    assert "pass" in actions and any(a.startswith("money ") for a in actions), actions
    # the phone: the same page, the focus ring on a die
    page.set_viewport_size({"width": 390, "height": 844})
    driver.focus_on(".th-myboard button.th-die")
    screenshot(page, "tharos_kbd_90_phone", full_page=False)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    family = next(f for f in ("money many", "money little", "reroll") if page.locator(
        f'.th-action button.th-fam[data-family="{f}"]').count())
    driver.choose(f'.th-action button.th-fam[data-family="{family}"]')
    page.locator(f'.th-pick[data-family="{family}"]').wait_for()
    screenshot(page, "tharos_kbd_91_phone_picking", full_page=False)
    check_page(page, "picking dice on a phone")
    driver.press("Escape")
    page.locator(".th-pick").wait_for(state="detached")
    assert driver.pointer_events() == [], driver.pointer_events()


def test_card_costs_follow_the_matchs_own_figures(page: Page, e2e_server: Server) -> None:
    """A match whose figures option changed a player card's activation cost: the page shows the cost in force (the
    view carries the match's figures), not the default set's."""
    default = int(static_figures()["player_cards"]["banker"]["activation"]["sum"])
    figures = {"player_cards": {"banker": {"activation": {"sum": default + 3}}}}
    created = create_match(e2e_server, {"figures": figures})
    page.goto(created["links"]["seats"]["0"])
    banker = page.locator('.th-myboard .th-pcard[data-card="banker"] .th-pcost')
    banker.first.wait_for(state="attached")
    assert f"≥{default + 3}" in (banker.first.text_content() or ""), banker.first.text_content()

    plain = create_match(e2e_server)
    page.goto(plain["links"]["seats"]["0"])
    banker = page.locator('.th-myboard .th-pcard[data-card="banker"] .th-pcost')
    banker.first.wait_for(state="attached")
    assert f"≥{default}" in (banker.first.text_content() or "")
