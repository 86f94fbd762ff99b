"""The lobby's match lists say which matches are played on a clock (issue 12, async play): a badge with the time a
turn and the bank, its tooltip in words with what happens when time runs out, in English and German; a match
without a clock has no badge."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from a11y import assert_accessible
from e2e_helpers import Server, post_match, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def create_match(server: Server, clock: dict[str, Any] | None) -> str:
    body: dict[str, Any] = {"game": "tictactoe", "players": 2, "seats": ["open", "open"], "visibility": "public"}
    if clock:
        body["clock"] = clock
    created = post_match(server, body)
    match_id: str = created["id"]
    return match_id


def badge(page: Page, match_id: str) -> dict[str, Any]:
    item = page.locator(f'section[data-list="open"] li.match:has(code:text-is("{match_id}"))')
    item.wait_for()
    clocked = item.locator(".badge.clocked")
    if not clocked.count():
        return {}
    return {"text": clocked.inner_text(), "title": clocked.get_attribute("title")}


def test_the_lobby_shows_each_match_clock(page: Page, e2e_server: Server) -> None:
    realtime = create_match(e2e_server, {"per_turn": 120, "bank": 600, "on_timeout": "bot"})
    daily = create_match(e2e_server, {"per_turn": 86400, "bank": 0, "on_timeout": "forfeit"})
    weekly = create_match(e2e_server, {"per_turn": 3 * 86400, "bank": 86400 + 6 * 3600, "on_timeout": "bot"})
    free = create_match(e2e_server, None)
    page.goto("/")
    page.locator("#create").wait_for()
    assert badge(page, realtime) == {"text": "◷ 2 min + 10 min", "title": "Clock: 2 min a turn, bank 10 min; when "
                                     "both run out, a bot moves for the player"}
    assert badge(page, daily) == {"text": "◷ 24 h", "title": "Clock: 24 h a turn, bank none; when both run out, the "
                                  "player forfeits"}
    assert badge(page, weekly)["text"] == "◷ 3 d + 30 h"
    assert badge(page, free) == {}
    screenshot(page, "lobby_clock_badges", full_page=False)
    assert_accessible(page, "the lobby with clocked matches")
    page.locator('button.lang:text-is("DE")').click()
    page.locator("#create").wait_for()
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert badge(page, realtime) == {"text": "◷ 2 Min. + 10 Min.", "title": "Bedenkzeit: 2 Min. je Zug, Reserve "
                                     "10 Min.; sind beide abgelaufen, zieht ein Bot für den Spieler"}
    assert badge(page, daily)["title"] == ("Bedenkzeit: 24 Std. je Zug, Reserve keine; sind beide abgelaufen, gibt der "
                                           "Spieler auf")
