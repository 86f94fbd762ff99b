"""The browser shell with another game and another language: tic-tac-toe against a bot, and German by the toggle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import (
    SeatDriver,
    Server,
    create_match_in_lobby,
    held_tokens,
    open_lobby_options,
    play_until,
    screenshot,
)
from e2e_policy import choose

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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
    assert page.locator('.ttt-grid button[data-cell][aria-disabled="false"]').count() == 0
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


def test_a_private_seat_is_taken_through_its_invite_link(page: Page, browser: Browser, e2e_server: Server) -> None:
    """Issue 11: the lobby shows an invite link (with a copy button) for the open seat of a private match; a stranger
    without it cannot take the seat, the invited friend types a name (no browser prompt) and plays; a chosen seed
    shows a badge to everyone."""
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto("/")
    page.locator('#game option[value="tictactoe"]').wait_for(state="attached")
    page.select_option("#game", "tictactoe")
    page.select_option('select.seat-kind[data-seat="1"]', "open")
    assert not page.locator("#public").is_checked()  # private unless asked
    open_lobby_options(page)
    page.fill("#seed", "5")
    page.click("#create")
    box = page.locator(".created")
    box.wait_for()
    invite_row = box.locator("li", has_text="Invite for seat 2")
    link = invite_row.locator("input.link").input_value()
    assert "?invite=" in link and invite_row.locator("button", has_text="Copy").count() == 1
    match_id = link.split("/m/")[1].split("?")[0]
    screenshot(page, "lobby_invite_link")
    page.locator('section[data-list="open"]').wait_for()
    assert match_id not in page.locator('section[data-list="open"]').inner_text()  # private: not listed
    page.locator('section[data-list="mine"]', has_text=match_id).wait_for()  # ... but its creator finds it

    def visitor() -> Page:
        context = browser.new_context(locale="en-GB", base_url=e2e_server.url)
        context.set_default_timeout(15_000)
        tab = context.new_page()
        tab.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        return tab

    stranger = visitor()
    stranger.goto(f"/m/{match_id}")
    stranger.locator(".joinbox", has_text="private").wait_for()
    assert stranger.locator(".joinbox button").count() == 0
    screenshot(stranger, "match_private_no_invite")
    assert stranger.locator("#seeded").is_visible()  # a chosen seed is told to everyone

    friend = visitor()
    friend.goto(link)
    friend.locator("#joinname").fill("Bea")
    friend.click("#joininvite")
    friend.locator("#seattabs", has_text="Bea").wait_for()
    assert "invite=" not in friend.url  # the secret leaves the address bar
    friend.locator("#seeded").wait_for()
    screenshot(friend, "match_invited_seeded")
    summary = e2e_server.get(f"/api/matches/{match_id}")
    assert summary["status"] == "running" and summary["seats"][1]["name"] == "Bea" and summary["seeded"] is True
    assert not dialogs, dialogs
    friend.context.close()
    stranger.context.close()
