""""Your turn" notices (issue 12): webhooks to a real local HTTP receiver (retries, give-up, the refusal of private
addresses) and e-mail through a real local SMTP server (aiosmtpd)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from serve_process import free_port
from server_helpers import act, auth, create, state, token_of, wait_for

from brassboard.server import Settings, create_app
from brassboard.server.notices import NoticeSettings, Notifier, TurnNotice, public_address

FAST = {"timeout": 1.0, "retries": 2, "backoff": 0.05}


class Receiver:
    """A local webhook endpoint: records every POST and answers the statuses it is told (then 204)."""

    def __init__(self, statuses: list[int] | None = None) -> None:
        self.statuses = list(statuses or [])
        self.bodies: list[dict[str, Any]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                receiver.bodies.append(json.loads(self.rfile.read(length)))
                status = receiver.statuses.pop(0) if receiver.statuses else 204
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def app_with(data_dir: Path, notices: NoticeSettings) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(data_dir=data_dir, bot_delay=0.0, notices=notices))) as client:
        yield client


def two_humans(client: TestClient) -> tuple[str, str, str]:
    created = create(client, "tictactoe", ["human", "human"], names=["Ada", "Bo"])
    return created["id"], token_of(created, 0), token_of(created, 1)


def notifier_of(client: TestClient) -> Notifier:
    notifier: Notifier = client.app.state.server.notifier  # type: ignore[attr-defined]
    return notifier


# ----- private addresses --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("address", "public"), [
    ("8.8.8.8", True), ("2a00:1450:4001:82b::200e", True), ("127.0.0.1", False), ("10.1.2.3", False),
    ("192.168.0.10", False), ("172.16.5.5", False), ("169.254.169.254", False), ("100.64.0.1", False),
    ("0.0.0.0", False), ("::1", False), ("fe80::1", False), ("fd00::1", False), ("::ffff:127.0.0.1", False),
    ("224.0.0.1", False),
])
def test_only_public_addresses_count_as_public(address: str, public: bool) -> None:
    assert public_address(address) is public


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/hook", "http://localhost/hook", "http://169.254.169.254/",
                                 "http://[::1]:8080/", "https://10.0.0.7/x"])
def test_webhooks_to_private_addresses_are_refused(client: TestClient, url: str) -> None:
    match_id, token, _ = two_humans(client)
    answer = client.post(f"/api/matches/{match_id}/notify", headers=auth(token), json={"seat": 0, "url": url})
    assert answer.status_code == 422
    assert "BRASSBOARD_WEBHOOK_ALLOW_PRIVATE" in answer.json()["detail"]


@pytest.mark.parametrize(("url", "said"), [("ftp://example.org/x", "http(s)://"),
                                           ("http://user:pw@example.org/", "no user name"),
                                           ("mailto:ada@example.org", "BRASSBOARD_SMTP_URL"),
                                           ("https://example.org/" + "x" * 2000, "at most 2000")])
def test_other_bad_targets_are_refused_saying_why(client: TestClient, url: str, said: str) -> None:
    match_id, token, _ = two_humans(client)
    answer = client.post(f"/api/matches/{match_id}/notify", headers=auth(token), json={"seat": 0, "url": url})
    assert answer.status_code == 422 and said in answer.json()["detail"]


def test_registering_needs_the_seats_token(client: TestClient) -> None:
    match_id, token, _ = two_humans(client)
    body = {"seat": 1, "url": "https://example.org/hook"}
    assert client.post(f"/api/matches/{match_id}/notify", json=body).status_code == 401
    assert client.post(f"/api/matches/{match_id}/notify", headers=auth(token), json=body).status_code == 403


# ----- webhooks -----------------------------------------------------------------------------------------------------
def test_the_webhook_hears_your_turn_when_the_seat_becomes_active(data_dir: Path) -> None:
    with Receiver() as receiver, app_with(data_dir, NoticeSettings(allow_private=True, **FAST)) as client:
        match_id, first, second = two_humans(client)
        answer = client.post(f"/api/matches/{match_id}/notify", headers=auth(second),
                             json={"seat": 1, "url": receiver.url})
        assert answer.status_code == 204 and answer.content == b""
        move = state(client, match_id, first)["legal"][0]
        assert act(client, match_id, first, 0, move, 0).status_code == 200
        wait_for(lambda: receiver.bodies, 10, "the webhook")
        body = receiver.bodies[0]
        assert body == {"type": "your_turn", "match": match_id, "seat": 1, "version": 1,
                        "link": f"http://testserver/m/{match_id}", "content": body["content"]}
        assert "Bo" in body["content"] and "Tic-tac-toe" in body["content"] and "\n" not in body["content"]
        assert body["link"] in body["content"]  # Discord and Slack take the content as it is


def test_a_failing_webhook_is_retried_with_backoff_then_given_up(data_dir: Path) -> None:
    with Receiver([500, 503]) as receiver, app_with(data_dir, NoticeSettings(allow_private=True, **FAST)) as client:
        match_id, first, second = two_humans(client)
        client.post(f"/api/matches/{match_id}/notify", headers=auth(second), json={"seat": 1, "url": receiver.url})
        act(client, match_id, first, 0, state(client, match_id, first)["legal"][0], 0)
        wait_for(lambda: notifier_of(client).delivered == 1, 10, "the third attempt")
        assert len(receiver.bodies) == 3  # two failures, then through
    with Receiver([500] * 10) as receiver, app_with(data_dir, NoticeSettings(allow_private=True, **FAST)) as client:
        match_id, first, second = two_humans(client)
        client.post(f"/api/matches/{match_id}/notify", headers=auth(second), json={"seat": 1, "url": receiver.url})
        act(client, match_id, first, 0, state(client, match_id, first)["legal"][0], 0)
        wait_for(lambda: notifier_of(client).failed == 1, 10, "giving up")
        assert len(receiver.bodies) == 1 + FAST["retries"]


def test_a_refusing_webhook_is_not_retried(data_dir: Path) -> None:
    with Receiver([404]) as receiver, app_with(data_dir, NoticeSettings(allow_private=True, **FAST)) as client:
        match_id, first, second = two_humans(client)
        client.post(f"/api/matches/{match_id}/notify", headers=auth(second), json={"seat": 1, "url": receiver.url})
        act(client, match_id, first, 0, state(client, match_id, first)["legal"][0], 0)
        wait_for(lambda: notifier_of(client).failed == 1, 10, "the refusal")
        assert len(receiver.bodies) == 1


def test_a_removed_target_hears_nothing(data_dir: Path) -> None:
    with Receiver() as receiver, app_with(data_dir, NoticeSettings(allow_private=True, **FAST)) as client:
        match_id, first, second = two_humans(client)
        client.post(f"/api/matches/{match_id}/notify", headers=auth(second), json={"seat": 1, "url": receiver.url})
        client.post(f"/api/matches/{match_id}/notify", headers=auth(second), json={"seat": 1, "url": None})
        act(client, match_id, first, 0, state(client, match_id, first)["legal"][0], 0)
        second_turn = state(client, match_id, second)
        act(client, match_id, second, 1, second_turn["legal"][0], 1)
        assert notifier_of(client).waiting == 0 and receiver.bodies == []


def test_waiting_notices_of_a_seat_coalesce_and_the_queue_is_bounded() -> None:
    notifier = Notifier(NoticeSettings(queue=2))  # not started: notices only wait
    for version in (1, 3):
        notifier.submit(TurnNotice("m1", "tictactoe", 0, "Ada", version, "https://example.org/", "http://x"))
    assert notifier.waiting == 1
    notifier.submit(TurnNotice("m2", "tictactoe", 0, "Ada", 1, "https://example.org/", "http://x"))
    notifier.submit(TurnNotice("m3", "tictactoe", 0, "Ada", 1, "https://example.org/", "http://x"))
    assert notifier.waiting == 2 and notifier.dropped == 1


# ----- e-mail -------------------------------------------------------------------------------------------------------
class Inbox:
    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def test_email_notices_go_through_a_real_smtp_server(data_dir: Path) -> None:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        smtp = f"smtp://127.0.0.1:{port}?from=turns@brassboard.example"
        with app_with(data_dir, NoticeSettings(smtp_url=smtp, **FAST)) as client:
            match_id, first, second = two_humans(client)
            answer = client.post(f"/api/matches/{match_id}/notify", headers=auth(second),
                                 json={"seat": 1, "url": "mailto:bo@example.org"})
            assert answer.status_code == 204
            act(client, match_id, first, 0, state(client, match_id, first)["legal"][0], 0)
            wait_for(lambda: inbox.messages, 10, "the e-mail")
    finally:
        controller.stop()
    sender, recipients, content = inbox.messages[0]
    assert sender == "turns@brassboard.example" and recipients == ["bo@example.org"]
    mail = message_from_bytes(content)
    assert match_id in mail["Subject"]
    assert f"/m/{match_id}" in mail.get_payload(decode=True).decode()  # type: ignore[union-attr]
