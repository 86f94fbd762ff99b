"""The browser shell with another game and another language: tic-tac-toe against a bot, and German by the toggle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SeatDriver, Server, create_match_in_lobby, held_tokens, play_until, screenshot
from e2e_policy import choose

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_tictactoe_against_a_bot(page: Page, e2e_server: Server) -> None:
    match_id = create_match_in_lobby(page, "tictactoe", ["human", "bot:random"], seed=3)
    token = held_tokens(page, match_id)["0"]
    page.locator(".ttt-grid button[data-cell]").first.wait_for()
    assert page.locator(".ttt-grid button[data-cell]").count() == 9
    driver = SeatDriver(page, e2e_server, match_id, 0, token)
    shots = iter(["ttt_01_first_move", None, None, None, None])

    def mark(state: dict[str, Any]) -> str:
        legal: list[str] = state["legal"]
        # the centre, then the corners, then whatever is left
        for cell in ("b2", "a1", "c3", "a3", "c1"):
            if f"mark {cell}" in legal:
                return f"mark {cell}"
        return legal[0]

    assert play_until(driver, mark, timeout=60, on_turn=lambda state: next(shots, None)) is None
    assert all(how == "button" for _, how in driver.done), driver.done
    assert 3 <= len(driver.done) <= 5
    final = e2e_server.get(f"/api/matches/{match_id}/state")
    status = page.locator("#status").inner_text()
    assert status.startswith("Game over"), status
    assert ("Winner" in status) == bool(final["winners"] and len(final["winners"]) == 1), (status, final["winners"])
    marks = [text.strip() for text in page.locator(".ttt-grid button[data-cell]").all_inner_texts()]
    assert marks.count("X") + marks.count("O") == final["version"]
    scores = page.locator("#scores")
    assert scores.is_visible() and "Result" in scores.inner_text()
    assert page.locator(".ttt-grid button[data-cell]:enabled").count() == 0
    screenshot(page, "ttt_02_over")


def test_german_by_the_language_toggle(page: Page, e2e_server: Server) -> None:
    page.goto("/")
    page.locator("#create").wait_for()
    assert page.locator("#create").inner_text() == "Create match"
    page.locator("#langs button.lang", has_text="DE").click()
    page.locator("#create", has_text="Partie anlegen").wait_for()
    page.locator("text=Zonen beanspruchen").first.wait_for()  # the game's own description, from its UI module
    screenshot(page, "de_01_lobby")

    match_id = create_match_in_lobby(page, "planet_steam", ["human", "bot:greedy", "bot:random", "bot:greedy"],
                                     seed=11, name="Ada")
    token = held_tokens(page, match_id)["0"]
    page.locator("svg.ps-exchange").wait_for()
    board = page.locator(".ps-root").text_content() or ""  # raw text: CSS upper-cases the headings
    for word in ("Rohstoffbörse", "Spezialisten", "Allgemeiner Vorrat"):
        assert word in board, word
    exchange = page.locator("svg.ps-exchange").text_content() or ""
    assert all(word in exchange for word in ("Quarz", "Erz", "Wasser", "Energie")), exchange
    driver = SeatDriver(page, e2e_server, match_id, 0, token)

    seen_auction = False

    def until_claim(state: dict[str, Any]) -> str | None:
        nonlocal seen_auction
        step = state["view"]["agenda"][0]
        if step["k"] == "bid" and not seen_auction:
            seen_auction = True
            status = page.locator("#status").inner_text()
            assert "Du bist am Zug" in status and "Versteigerung" in status, status
            assert "bieten" in page.locator(".ps-action").inner_text()
            screenshot(page, "de_02_auction")
        if step["k"] == "claim":
            return None
        return choose(state["view"], state["legal"], 0)

    state = play_until(driver, until_claim, timeout=60)
    assert state is not None and seen_auction, "the game should reach Ada's claim in round 1"
    assert "Zone beanspruchen" in page.locator(".ps-action").inner_text()
    log = page.locator("#log").inner_text()
    assert "bietet" in log or "passt" in log, log
    claim = choose(state["view"], state["legal"], 0)
    driver.act(claim, state, shot="de_03_claim_menu")

    page.locator("#langs button.lang", has_text="EN").click()
    page.locator("svg.ps-exchange", has_text="Quartz").wait_for()
    english = page.locator(".ps-root").text_content() or ""
    assert "Rohstoffbörse" not in english and "Exchange" in english


def test_the_lobby_keeps_a_name_being_typed_when_it_redraws(page: Page, e2e_server: Server) -> None:
    """The lobby's form is drawn anew when a game's texts arrive or the language changes: typing goes on."""
    page.goto("/")
    page.locator("#create").wait_for()
    page.select_option("#game", "tictactoe")
    field = page.locator("table.seats input[type=text]").first
    field.click()
    page.keyboard.type("Ad")
    page.evaluate("() => window.dispatchEvent(new Event('langchange'))")  # what a redraw is triggered by
    page.keyboard.type("a")
    field = page.locator("table.seats input[type=text]").first
    assert field.input_value() == "Ada"
    assert page.evaluate("() => document.activeElement.dataset.field") == "name-0"
