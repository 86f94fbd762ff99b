"""Async play in the browser (issue 12): a running clock per seat and a timeout the quick bot plays, the lobby's
clock presets, the rematch from the finished page ("play again", then "join the rematch" on the other
player's page), and "your turn" notices (the webhook menu, a desktop notification in a hidden tab)."""

from __future__ import annotations

import json
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from a11y import assert_accessible
from e2e_helpers import Server, screenshot
from serve_process import brassboard_serve

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
    assert_accessible(page, "the match page with clocks")
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
    page.locator("#langs button.lang", has_text="DE").click()
    page.locator("label.clockpreset", has_text="Bedenkzeit").wait_for()
    assert "Fernpartie: 24 Std. je Zug" in page.locator("#clock").inner_text()
    page.locator("#langs button.lang", has_text="EN").click()
    page.locator("label.clockpreset", has_text="Clock").wait_for()
    page.select_option("#clock", "realtime")
    screenshot(page, "async_lobby_clock_preset", full_page=False)
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


NOTIFICATION_RECORDER = """() => {
  // the tab counts as hidden, and notifications are allowed: what the page shows is recorded
  Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
  window.__notices = [];
  window.Notification = class {
    static permission = "granted";
    static requestPermission() { return Promise.resolve("granted"); }
    constructor(title, options) { window.__notices.push({ title, body: options.body }); }
    close() {}
  };
}"""


def test_your_turn_reaches_the_webhook_and_the_hidden_tab(browser: Browser, tmp_path: Path) -> None:
    """Bo registers a webhook in the "Notify me" menu (a private address is refused, with the reason shown);
    when Ada has moved, the local receiver hears "your_turn" and Bo's hidden tab shows a desktop notification."""
    heard: list[dict[str, Any]] = []
    first_heard = threading.Event()

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            heard.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            first_heard.set()
            self.send_response(204)
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    hook = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
    try:
        with brassboard_serve({"DATA_DIR": str(tmp_path / "data"), "WEBHOOK_ALLOW_PRIVATE": "1"}) as served:
            server = Server(served.url, tmp_path / "none.log")
            match_id, ada, bo = two_humans(server)
            context = browser.new_context(locale="en-GB", base_url=served.url)
            context.set_default_timeout(15_000)
            context.add_init_script(f"({NOTIFICATION_RECORDER})()")
            page = context.new_page()
            page.goto(f"/m/{match_id}?token={bo}")
            page.locator("#noticemenu summary").click()
            page.fill("#noticeurl", hook)
            page.click("#noticesave")
            page.locator(".toast.ok", has_text="You will be told").wait_for()
            screenshot(page, "async_notify_menu", full_page=False)
            post(server, f"/api/matches/{match_id}/actions", {"seat": 0, "action": "mark b2", "version": 0}, ada)
            page.wait_for_function("() => window.__notices.length > 0")
            notices = page.evaluate("() => window.__notices")
            assert notices[0]["title"] == "Your turn" and "Bo" in notices[0]["body"]
            assert page.title().startswith("● ")
            assert first_heard.wait(timeout=10), "the webhook heard nothing"
            assert heard[0]["type"] == "your_turn" and heard[0]["seat"] == 1
            assert heard[0]["link"] == f"{served.url}/m/{match_id}"
            context.close()
    finally:
        receiver.shutdown()
        receiver.server_close()


def test_a_private_webhook_is_refused_in_the_menu(page: Page, e2e_server: Server) -> None:
    match_id, _, bo = two_humans(e2e_server)
    page.goto(f"/m/{match_id}?token={bo}")
    page.locator("#noticemenu summary").click()
    page.fill("#noticeurl", "http://127.0.0.1:9/hook")
    page.click("#noticesave")
    page.locator(".toast.error", has_text="BRASSBOARD_WEBHOOK_ALLOW_PRIVATE").wait_for()
