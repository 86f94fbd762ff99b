"""A hostile or careless client cannot stall the server: every limit of docs/deploy.md, tried on a real
``brassboard serve`` process (Granian, the default), plus the bot workers' budget, fair queue and crash retry.

Timing bounds here are generous (a shared, loaded machine): bench/bench_abuse.py measures precisely.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from serve_process import LOOPBACK, Served, brassboard_serve
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from brassboard.engine import new_game
from brassboard.server import botpool
from brassboard.server.botpool import LocalBotPool
from brassboard.server.guards import json_depth_exceeds
from brassboard.server.thinking import FALLBACK_KIND, BotJob, think

LIMITS = {
    "HEAD_TIMEOUT": "1.5", "MAX_CONNECTIONS": "6", "MAX_CONNECTIONS_PER_ADDRESS": "3", "CREATE_RATE": "4/minute",
    "JOIN_RATE": "3/minute", "WS_PING_INTERVAL": "1", "WS_PING_TIMEOUT": "1", "FORWARDED_ALLOW_IPS": LOOPBACK,
    "BOT_WORKERS": "1", "BOT_BUDGET": "1",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("abuse")
    with brassboard_serve({"DATA_DIR": str(folder / "data"), **LIMITS}, log=folder / "server.log") as served:
        yield served


def client(server: Served, address: str) -> httpx.Client:
    """A client that the server takes for ``address`` (it believes X-Forwarded-For from loopback here)."""
    return httpx.Client(base_url=server.url, timeout=10, headers={"X-Forwarded-For": address})


def raw_exchange(server: Served, data: bytes, wait: float = 10.0) -> tuple[bytes, float]:
    """Send ``data`` on a fresh connection; what comes back before the server closes it, and after how long."""
    with socket.create_connection((LOOPBACK, server.port), timeout=wait) as sock:
        start = time.monotonic()
        sock.sendall(data)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
                if b"\r\n\r\n" in received and b"connection: close" not in received.lower():
                    break
        except TimeoutError:
            pass
        return received, time.monotonic() - start


def tictactoe(seats: list[str]) -> dict[str, Any]:
    # public: anyone may join an open seat without an invite (private matches are tested in test_abuse_fairness.py)
    return {"game": "tictactoe", "players": len(seats), "seats": seats, "visibility": "public"}


# ----- request heads ------------------------------------------------------------------------------------------------
def test_a_request_head_over_16_kib_is_refused_with_431(server: Served) -> None:
    big = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 17_000 + b"\r\n\r\n"
    answer, _ = raw_exchange(server, big)
    assert answer.startswith(b"HTTP/1.1 431")
    fits = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 12_000 + b"\r\n\r\n"
    answer, _ = raw_exchange(server, fits)
    assert answer.startswith(b"HTTP/1.1 200")


def test_a_head_not_finished_in_time_is_dropped(server: Served) -> None:
    answer, seconds = raw_exchange(server, b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # never ends
    assert not answer.startswith(b"HTTP/1.1 200") and seconds < 8  # HEAD_TIMEOUT is 1.5 s here
    _, seconds = raw_exchange(server, b"")  # a silent connection
    assert seconds < 8


def test_an_idle_keep_alive_connection_is_closed(server: Served) -> None:
    with socket.create_connection((LOOPBACK, server.port), timeout=10) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(0.5)
        assert sock.recv(1 << 20).startswith(b"HTTP/1.1 200")
        start = time.monotonic()
        assert sock.recv(100) == b""  # closed by the server
        assert time.monotonic() - start < 8


# ----- JSON depth ---------------------------------------------------------------------------------------------------
def deep(levels: int) -> str:
    return '{"game": "tictactoe", "players": 2, "seats": ["human", "human"], "options": {"x": ' + \
        "[" * levels + "]" * levels + "}}"


def test_json_depth_scan() -> None:
    assert not json_depth_exceeds(deep(60).encode(), 64)
    assert json_depth_exceeds(deep(70).encode(), 64)
    assert not json_depth_exceeds(('{"a": "' + "[" * 100 + '"}').encode(), 64)  # brackets inside a string


def test_deep_json_is_a_bad_request_on_rest_and_websocket_with_one_log_line(server: Served) -> None:
    assert server.log is not None
    before = server.log.read_text(errors="replace")
    with client(server, "10.1.0.1") as http:
        answer = http.post("/api/matches", content=deep(5000), headers={"Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"] == "bad_request"
        created = http.post("/api/matches", json=tictactoe(["human", "human"])).json()
    with connect(f"ws://{LOOPBACK}:{server.port}/ws/matches/{created['id']}?token={created['seats'][0]['token']}",
                 additional_headers={"X-Forwarded-For": "10.1.0.1"}) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send('{"type": "action", "seat": 0, "version": 0, "action": ' + "[" * 5000 + "]" * 5000 + "}")
        reply = json.loads(ws.recv(timeout=10))
        assert reply["type"] == "error" and reply["error"] == "bad_request"
    time.sleep(0.3)
    added = server.log.read_text(errors="replace")[len(before):]
    assert added.count("refused JSON nested deeper than 64 levels") == 2  # one line each
    assert "Traceback" not in added


# ----- rate limits --------------------------------------------------------------------------------------------------
def test_creating_matches_is_rate_limited_per_address(server: Served) -> None:
    with client(server, "10.2.0.1") as flooder, client(server, "10.2.0.2") as bystander:
        codes = [flooder.post("/api/matches", json=tictactoe(["human", "human"])).status_code for _ in range(4)]
        assert codes == [201] * 4
        refused = flooder.post("/api/matches", json=tictactoe(["human", "human"]))
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert bystander.post("/api/matches", json=tictactoe(["human", "human"])).status_code == 201


def test_joining_is_rate_limited_per_address(server: Served) -> None:
    with client(server, "10.3.0.1") as creator, client(server, "10.3.0.2") as joiner:
        matches = [creator.post("/api/matches", json=tictactoe(["human", "open"])).json()["id"] for _ in range(4)]
        codes = [joiner.post(f"/api/matches/{match_id}/join", json={}).status_code for match_id in matches]
        assert codes[:3] == [200] * 3 and codes[3] == 429


# ----- connection caps ----------------------------------------------------------------------------------------------
def open_socket(server: Served, match_id: str, address: str) -> ClientConnection:
    return connect(f"ws://{LOOPBACK}:{server.port}/ws/matches/{match_id}",
                   additional_headers={"X-Forwarded-For": address}, open_timeout=10)


def closed_with(ws: ClientConnection) -> int | None:
    """The close code of a socket that the server closes at once (None if it stays open)."""
    try:
        while True:
            ws.recv(timeout=3)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    except TimeoutError:
        return None


def test_connections_are_capped_per_address_and_in_total(server: Served) -> None:
    with client(server, "10.4.0.9") as http:
        match_id = http.post("/api/matches", json=tictactoe(["human", "human"])).json()["id"]
    with contextlib.ExitStack() as held:
        for _ in range(3):  # MAX_CONNECTIONS_PER_ADDRESS
            ws = held.enter_context(open_socket(server, match_id, "10.4.0.1"))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        with open_socket(server, match_id, "10.4.0.1") as extra:
            assert closed_with(extra) == 1013  # try again later
        with client(server, "10.4.0.1") as http:
            answer = http.get("/api/games")
            assert answer.status_code == 503 and answer.json()["error"] == "unavailable"
            assert answer.headers["Retry-After"]
        for _ in range(3):  # up to MAX_CONNECTIONS (6) in all
            ws = held.enter_context(open_socket(server, match_id, "10.4.0.2"))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        with open_socket(server, match_id, "10.4.0.3") as third:
            assert closed_with(third) == 1013
    with client(server, "10.4.0.3") as http:  # freed again once the server has seen the sockets close
        deadline = time.monotonic() + 10
        while (status := http.get("/api/games").status_code) != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert status == 200


# ----- WebSocket keep-alive -----------------------------------------------------------------------------------------
def test_a_websocket_that_does_not_answer_pings_is_closed(server: Served) -> None:
    with client(server, "10.5.0.9") as http:
        match_id = http.post("/api/matches", json=tictactoe(["human", "human"])).json()["id"]
    with open_socket(server, match_id, "10.5.0.1") as silent, open_socket(server, match_id, "10.5.0.2") as polite:
        assert json.loads(polite.recv(timeout=10))["type"] == "state"
        start = time.monotonic()
        pings = 0
        while time.monotonic() - start < 4:  # the polite one stays open: it answers every ping
            try:
                message = json.loads(polite.recv(timeout=0.2))
            except TimeoutError:
                continue
            if message["type"] == "ping":
                pings += 1
                polite.send('{"type": "pong"}')
        assert pings >= 1
        kinds = []
        with pytest.raises(ConnectionClosed):
            while True:
                kinds.append(json.loads(silent.recv(timeout=10))["type"])
        assert "ping" in kinds and time.monotonic() - start < 10


# ----- bots off the request path ------------------------------------------------------------------------------------
def test_thinking_bots_leave_a_bystander_fast(server: Served) -> None:
    """Two Age of Steam matches of mcts-strong bots think on the one bot worker; a bystander's plain requests are
    answered meanwhile (on the old server they waited 16–36 s)."""
    with client(server, "10.6.0.1") as creator:
        thinking = [creator.post("/api/matches", json={"game": "age_of_steam", "players": 3,
                                                       "seats": ["bot:mcts-strong"] * 3}).json()["id"]
                    for _ in range(2)]
    latencies = []
    with client(server, "10.6.0.2") as bystander:
        def moves() -> int:
            return sum(bystander.get(f"/api/matches/{match_id}").json()["version"] for match_id in thinking)

        # the measurement starts once the bots are thinking: the worker process is up and has moved (its start-up
        # alone took longer than the measurement on a loaded 2-core machine)
        deadline = time.monotonic() + 90
        while (before := moves()) == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert before > 0, "the bots never moved"
        deadline = time.monotonic() + 60  # 40 samples, and until the bots have moved again (1 s budget a move)
        while len(latencies) < 40 or (moves() == before and time.monotonic() < deadline):
            start = time.perf_counter()
            assert bystander.get("/api/games").status_code == 200
            latencies.append(time.perf_counter() - start)
            time.sleep(0.1)
        after = moves()
    p95 = statistics.quantiles(latencies, n=20)[-1]
    assert p95 < 1.5, f"bystander p95 {p95:.3f} s"
    assert after > before  # the bots went on moving while the bystander was answered


def test_every_bot_kind_has_a_budget_then_a_quick_bot_moves() -> None:
    state = new_game("age_of_steam", 3, 5, {})
    seat = state.active_players()[0]
    answer = think(BotJob("budget-test", "age_of_steam", 3, 5, {}, (), seat, "mcts-strong", budget=0.05))
    assert answer.kind == FALLBACK_KIND and answer.seconds < 5
    assert answer.notation in {str(a) for a in state.legal_actions(seat)}


def test_the_bot_queue_is_fair_across_matches() -> None:
    """With one worker busy, a match that asks again after its move queues behind a match already waiting."""
    async def scenario() -> list[str]:
        pool = LocalBotPool(workers=1, queue_limit=10)
        order: list[str] = []

        async def turn(name: str) -> None:
            await pool._slot()
            order.append(name)
            await asyncio.sleep(0.01)
            pool._release()

        await pool._slot()  # the worker is busy (match A's first move)
        waiting = [asyncio.create_task(turn("B")), asyncio.create_task(turn("C"))]
        await asyncio.sleep(0.01)
        again = asyncio.create_task(turn("A"))  # A asks again after its move
        await asyncio.sleep(0.01)
        pool._release()
        await asyncio.gather(*waiting, again)
        return order

    assert asyncio.run(scenario()) == ["B", "C", "A"]


def test_the_bot_queue_is_bounded() -> None:
    async def scenario() -> bool:
        pool = LocalBotPool(workers=1, queue_limit=2)
        await pool._slot()
        waiters = [asyncio.create_task(pool._slot()) for _ in range(2)]
        await asyncio.sleep(0.01)
        full = not pool.accepting()
        for waiter in waiters:
            waiter.cancel()
        return full

    assert asyncio.run(scenario())


def test_a_dead_bot_worker_loses_nothing_and_the_move_is_retried() -> None:
    state = new_game("age_of_steam", 3, 8, {})
    seat = state.active_players()[0]
    job = BotJob("crash-test", "age_of_steam", 3, 8, {}, (), seat, "mcts-strong", budget=30)

    async def scenario() -> tuple[str, int]:
        pool = LocalBotPool(workers=1, queue_limit=10)
        try:
            await pool.think(BotJob("warm", "tictactoe", 2, 1, {}, (), 0, "random", budget=5))  # start the worker

            def kill_soon() -> None:  # while the worker thinks (mcts-strong: up to its 0.45 s budget and more)
                time.sleep(0.15)
                assert pool._executor is not None
                for process in pool._executor._processes.values():
                    os.kill(process.pid, signal.SIGKILL)

            threading.Thread(target=kill_soon, daemon=True).start()
            answer = await pool.think(job)
            return answer.notation, pool.restarts
        finally:
            pool.stop()

    notation, restarts = asyncio.run(scenario())
    assert notation in {str(a) for a in state.legal_actions(seat)}
    assert restarts >= 1


def test_a_starting_bot_pool_gets_more_time_before_a_worker_counts_as_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's first match sat still: the workers, starting on a busy machine at low priority, took longer than
    a move's budget and grace to import the games, and the pool was restarted as stuck."""
    clock = [1000.0]
    monkeypatch.setattr(botpool.time, "monotonic", lambda: clock[0])
    pool = LocalBotPool(workers=1, queue_limit=2)
    try:
        pool._pool()  # (re)started now: no process runs before the first decision is submitted
        starting = pool.answer_within(0.5)
        clock[0] += botpool.STARTUP_SECONDS + 1
        running = pool.answer_within(0.5)
    finally:
        pool.stop()
    assert starting == 0.5 + botpool.GRACE_SECONDS + botpool.STARTUP_SECONDS
    assert running == 0.5 + botpool.GRACE_SECONDS


def test_new_bot_matches_are_refused_while_the_bot_queue_is_full(tmp_path: Path) -> None:
    from server_helpers import running_app

    with running_app(tmp_path / "data") as test_client:
        pool = test_client.app.state.server.bots.pool  # type: ignore[attr-defined]
        pool.queue_limit = 0  # as if full
        answer = test_client.post("/api/matches", json=tictactoe(["human", "bot:random"]))
        assert answer.status_code == 503 and answer.json()["error"] == "unavailable"
        assert answer.headers["Retry-After"]
        assert test_client.post("/api/matches", json=tictactoe(["human", "human"])).status_code == 201
