"""Async play in the browser (issue 12): a running clock per seat and a timeout the quick bot plays, the lobby's
clock presets, and the rematch from the finished page ("play again", then "join the rematch" on the other
player's page)."""

from __future__ import annotations

import json
import urllib.request
from typing import TYPE_CHECKING, Any

import pytest
from a11y import assert_accessible
from e2e_helpers import Server, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e


def post(server: Server, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """Set-up through the API (the match to play or to finish); what the test checks is done by clicking."""
    request = urllib.request.Request(server.url + path, method="POST", data=json.dumps(body or {}).encode(),
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def two_humans(server: Server, **fields: Any) -> tuple[str, str, str]:
    created = post(server, "/api/matches", {"game": "tictactoe", "players": 2, "seats": ["human", "human"],
                                            "names": ["Ada", "Bo"], **fields})
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    return created["id"], tokens[0], tokens[1]


def test_a_seat_out_of_time_is_played_by_the_bot(page: Page, e2e_server: Server) -> None:
    match_id, ada, _ = two_humans(e2e_server, clock={"per_turn": 1.5, "bank": 1.5})
    page.goto(f"/m/{match_id}?token={ada}")
    running = page.locator('#clocks .clock.running[data-seat="0"]')
    running.wait_for()
    assert page.locator('#clocks .clock[data-seat="1"]:not(.running)').count() == 1
    assert "●" in page.title()  # the tab marks Ada's turn
    screenshot(page, "async_clock_running", full_page=False)
    # the board and the connection badge belong to the accessibility work of issue 17 (match.js, the game UIs)
    assert_accessible(page, "the match page with clocks", exclude=[".gamearea", "#conn"])
    # Ada does nothing: after 3 s the server's quick bot moves for her, and the log says so
    mark = page.locator("#log li.timeout .timeoutmark")
    mark.wait_for(timeout=20_000)
    assert "Ada ran out of time" in mark.inner_text()
    page.locator('#clocks .clock.running[data-seat="1"]').wait_for()
    marks = [text.strip() for text in page.locator(".ttt-grid button[data-cell]").all_inner_texts()]
    assert marks.count("X") == 1 and marks.count("O") == 0
    assert "●" not in page.title()  # Bo's turn now
    assert page.locator('#clocks .clock[data-seat="0"] .bankleft').inner_text() == "+ 0:00"
    screenshot(page, "async_clock_timeout", full_page=False)


def test_the_lobby_offers_clock_presets(page: Page, e2e_server: Server) -> None:
    page.goto("/")
    page.locator('#game option[value="tictactoe"]').wait_for(state="attached")
    page.select_option("#game", "tictactoe")
    page.select_option('select.seat-kind[data-seat="1"]', "bot:random")
    options = page.locator("#clock option").all_inner_texts()
    assert options == ["No clock", "Real time: 2 min a turn + 10 min bank", "Correspondence: 24 h a turn"]
    page.select_option("#clock", "realtime")
    page.click("#create")
    page.wait_for_url("**/m/*")
    match_id = page.url.rsplit("/m/", 1)[1]
    summary = e2e_server.get(f"/api/matches/{match_id}")
    assert summary["clock"] == {"per_turn": 120, "bank": 600, "on_timeout": "bot"}
    page.locator('#clocks .clock.running[data-seat="0"]', has_text="2:00").or_(
        page.locator('#clocks .clock.running[data-seat="0"]', has_text="1:5")).first.wait_for()


def test_rematch_from_the_finished_page(page: Page, browser: Browser, e2e_server: Server) -> None:
    match_id, ada, bo = two_humans(e2e_server)
    for version, (seat, cell) in enumerate([(0, "a1"), (1, "b1"), (0, "a2"), (1, "b2"), (0, "a3")]):
        post(e2e_server, f"/api/matches/{match_id}/actions", {"seat": seat, "action": f"mark {cell}",
                                                              "version": version}, ada if seat == 0 else bo)
    other = browser.new_context(locale="en-GB", base_url=e2e_server.url)
    other.set_default_timeout(15_000)
    bo_page = other.new_page()
    bo_page.goto(f"/m/{match_id}?token={bo}")
    bo_page.locator("#playagain").wait_for()
    page.goto(f"/m/{match_id}?token={ada}")
    page.locator("#scores").wait_for()
    screenshot(page, "async_finished_play_again", full_page=False)
    page.click("#playagain")
    page.wait_for_url(lambda url: "/m/" in url and match_id not in url)
    rematch_id = page.url.rsplit("/m/", 1)[1]
    page.locator("#status", has_text="Waiting").wait_for()  # Bo's seat waits for Bo
    # Bo's page, still on the finished match, hears of the rematch and offers to join it
    bo_page.locator("#joinrematch").wait_for()
    screenshot(bo_page, "async_join_the_rematch", full_page=False)
    bo_page.click("#joinrematch")
    bo_page.wait_for_url(f"**/m/{rematch_id}")
    bo_page.locator("#seattabs", has_text="Bo").wait_for()
    page.locator("#status .yourturn").wait_for()  # everyone is seated: Ada moves first
    summary = e2e_server.get(f"/api/matches/{rematch_id}")
    assert summary["status"] == "running" and [s["name"] for s in summary["seats"]] == ["Ada", "Bo"]
    assert e2e_server.get(f"/api/matches/{match_id}")["rematch"] == rematch_id
    other.close()
