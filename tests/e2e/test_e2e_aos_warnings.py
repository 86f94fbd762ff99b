"""Age of Steam's warnings (issue 12, item 3): while shares can be issued the action bar says that each share costs
$1 in expenses every round for the rest of the game, and where the Locomotive action can be chosen it says by how
much it raises the expenses — with the seat's own figures, in English and German; the map's legend names unowned
track. The seat plays through the move
box (issue 17) up to the action selection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SeatDriver, Server, post_match

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def create_match(server: Server) -> dict[str, Any]:
    body = {"game": "age_of_steam", "players": 3, "seats": ["human", "bot:random", "bot:random"],
            "seed": 4}
    return post_match(server, body)


def warnings(page: Page) -> list[str]:
    return [text.replace("⚠", "").strip() for text in page.locator(".aos-warn").all_inner_texts()]


def play(page: Page, driver: SeatDriver, action: str, state: dict[str, Any]) -> None:
    page.locator("#movebox-input").fill(action)
    page.keyboard.press("Enter")
    page.wait_for_function("(v) => document.querySelectorAll('#log li').length > v", arg=state["version"])


def test_shares_and_the_locomotive_warn_of_their_expenses(page: Page, e2e_server: Server) -> None:
    created = create_match(e2e_server)
    page.goto(created["links"]["seats"]["0"])
    driver = SeatDriver(page, e2e_server, created["id"], 0, created["seats"][0]["token"])
    state = driver.wait_turn(timeout=30)
    assert state is not None
    assert any(a.startswith("issue ") for a in state["legal"]), state["legal"][:5]
    player = state["view"]["players"][0]
    due = player["shares"] + player["locomotive"]
    assert "Each share issued costs $1 in expenses every round for the rest of the game " \
        f"(your expenses are now ${due} a round)." in warnings(page)
    # the map's legend names unowned track beside each railroad's colour (issue 12, item 9)
    assert page.locator('.aos-legend [data-legend="unowned"]').inner_text().strip() == "unowned track"
    page.locator('button.lang:text-is("DE")').click()
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.locator('.aos-legend [data-legend="unowned"]').inner_text().strip() == "Strecke ohne Besitzer"
    assert "Jede ausgegebene Aktie kostet bis zum Spielende jede Runde $1 " \
        f"(deine Kosten sind jetzt ${due} pro Runde)." in warnings(page)
    page.locator('button.lang:text-is("EN")').click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    issued = 0
    while state is not None and "select locomotive" not in state["legal"]:
        legal = state["legal"]
        action = ("issue 1" if "issue 1" in legal and issued == 0 else "issue 0" if "issue 0" in legal
                  else "turn-pass" if "turn-pass" in legal else legal[0])
        issued += action == "issue 1"
        play(page, driver, action, state)
        state = driver.wait_turn(timeout=60)
        assert state is None or state["view"]["round"] == 1, "the first round's action selection was not reached"
    assert state is not None
    player = state["view"]["players"][0]
    due = player["shares"] + player["locomotive"]
    assert player["shares"] == 3, "the share issued counts in the expenses"
    expected = f"Locomotive raises your expenses by $1 every round: ${due} → ${due + 1}."
    assert expected in warnings(page), warnings(page)
