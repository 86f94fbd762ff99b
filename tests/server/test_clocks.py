"""Turn clocks (issue 12): the clock arithmetic, timeouts played by the quick bot, forfeits ranked last."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, state, token_of, wait_for

from brassboard.server import Settings, clocks, create_app
from brassboard.server.clocks import ClockRule, SeatClock
from brassboard.server.errors import ApiError

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


# ----- the arithmetic -----------------------------------------------------------------------------------------------
def test_turn_time_runs_first_then_the_bank() -> None:
    rule = ClockRule(per_turn=10, bank=60)
    clock = SeatClock(60, T0)
    assert clocks.report(rule, {0: clock}, at(4)) == [{"seat": 0, "turn_left": 6, "bank_left": 60, "running": True}]
    assert clocks.report(rule, {0: clock}, at(25)) == [{"seat": 0, "turn_left": 0, "bank_left": 45, "running": True}]
    assert clock.deadline(rule) == at(70)


def test_ending_a_turn_charges_the_bank_only_beyond_the_turn_time() -> None:
    rule = ClockRule(per_turn=10, bank=60)
    assert clocks.end_turn(rule, SeatClock(60, T0), at(8)) == SeatClock(60, None)
    assert clocks.end_turn(rule, SeatClock(60, T0), at(30)) == SeatClock(40, None)
    assert clocks.end_turn(rule, SeatClock(5, T0), at(100)) == SeatClock(0, None)


def test_transitions_start_and_stop_only_seats_whose_activity_changes() -> None:
    rule = ClockRule(per_turn=10, bank=20)
    seats = {0: SeatClock(20, T0), 1: SeatClock(20, None), 2: SeatClock(20, at(-5))}
    changed = clocks.transitions(rule, seats, before=[0, 2], after=[1, 2], now=at(15))
    assert changed == {0: SeatClock(15, None), 1: SeatClock(20, at(15))}  # seat 2 keeps its running turn


def test_forfeited_seats_rank_last_in_the_order_they_forfeited() -> None:
    order, winners = clocks.ranking([30, 50, 40, 10], forfeits=[1, 0])
    assert order == [2, 3, 1, 0]
    assert winners == [2]
    assert clocks.ranking([5, 5], forfeits=[]) == ([0, 1], [0, 1])
    assert clocks.ranking([5, 9], forfeits=[1, 0]) == ([1, 0], [1])  # everyone forfeited: the points decide


@pytest.mark.parametrize(("clock", "named"), [
    ({"bank": 5}, "per_turn is required"),
    ({"per_turn": -1}, "per_turn must be from 0"),
    ({"per_turn": True}, "per_turn must be a number"),
    ({"per_turn": 10, "on_timeout": "resign"}, "on_timeout is one of bot, forfeit"),
    ({"per_turn": 10, "increment": 2}, "no field 'increment'"),
    ({"per_turn": 0, "bank": 0}, "at least 1 second"),
])
def test_bad_clocks_are_refused_naming_the_field(clock: dict[str, Any], named: str) -> None:
    with pytest.raises(ApiError) as refused:
        clocks.parse_clock(clock)
    assert refused.value.status == 422 and named in refused.value.detail


def test_the_quick_bot_is_greedy_where_the_game_has_it() -> None:
    assert clocks.quick_bot(["random", "mcts", "mcts-strong", "greedy"]) == "greedy"
    assert clocks.quick_bot(["random", "mcts", "mcts-strong"]) == "mcts"


# ----- through the API ----------------------------------------------------------------------------------------------
def clocked(client: TestClient, clock: dict[str, Any], seats: list[str] | None = None,
            game: str = "tictactoe") -> dict[str, Any]:
    return create(client, game, seats or ["human", "human"], seed=3, clock=clock)


def at_version(client: TestClient, match_id: str, version: int) -> dict[str, Any]:
    def reached() -> dict[str, Any] | None:
        message = state(client, match_id)
        return message if message["version"] >= version else None

    found: dict[str, Any] = wait_for(reached, 15, f"version {version}")
    return found


def turn_or_end(client: TestClient, match_id: str, token: str) -> dict[str, Any] | None:
    message = state(client, match_id, token)
    return message if 1 in message["active"] or message["status"] == "finished" else None


def test_a_clock_is_refused_with_422_at_creation(client: TestClient) -> None:
    answer = client.post("/api/matches", json={"game": "tictactoe", "players": 2, "seats": ["human", "human"],
                                               "clock": {"per_turn": "soon"}})
    assert answer.status_code == 422 and "per_turn" in answer.json()["detail"]


def test_state_messages_carry_each_seats_clock(client: TestClient) -> None:
    created = clocked(client, {"per_turn": 60, "bank": 600})
    message = state(client, created["id"], token_of(created, 0))
    assert message["clock"] == {"per_turn": 60, "bank": 600, "on_timeout": "bot"}
    first, second = message["clocks"]
    assert first["seat"] == 0 and first["running"] and 59 <= first["turn_left"] <= 60 and first["bank_left"] == 600
    assert second == {"seat": 1, "turn_left": 60, "bank_left": 600, "running": False}
    assert client.get(f"/api/matches/{created['id']}").json()["clock"] == message["clock"]


def test_a_match_without_clock_has_none(client: TestClient) -> None:
    created = create(client, "tictactoe", ["human", "human"])
    message = state(client, created["id"])
    assert message["clock"] is None and "clocks" not in message


def test_moving_in_time_hands_the_clock_over(client: TestClient) -> None:
    created = clocked(client, {"per_turn": 60, "bank": 0})
    match_id, token = created["id"], token_of(created, 0)
    move = state(client, match_id, token)["legal"][0]
    assert act(client, match_id, token, 0, move, 0).status_code == 200
    clocks_now = {c["seat"]: c for c in state(client, match_id)["clocks"]}
    assert not clocks_now[0]["running"] and clocks_now[1]["running"]


def test_out_of_time_the_quick_bot_moves_and_the_log_says_timeout(client: TestClient) -> None:
    created = clocked(client, {"per_turn": 0.6, "bank": 0.6})
    match_id = created["id"]
    message = at_version(client, match_id, 1)
    entry = message["log"][0]
    assert entry["seat"] == 0
    assert entry["events"][0] == {"type": "timeout", "seat": 0}
    assert message["active"] == [1]
    by_seat = {c["seat"]: c for c in message["clocks"]}
    assert by_seat[0]["bank_left"] == 0 and not by_seat[0]["running"]  # its bank is spent
    assert by_seat[1]["running"]
    assert client.get(f"/api/matches/{match_id}").json()["forfeits"] == []
    own = state(client, match_id, created["seats"][0]["token"])
    assert own["can_undo"] is False  # the move made for the seat out of time stands
    undo = client.post(f"/api/matches/{match_id}/undo", json={"seat": 0, "version": 1},
                       headers={"Authorization": f"Bearer {created['seats'][0]['token']}"})
    assert undo.status_code == 422 and "time ran out" in undo.json()["detail"]
    # the seat plays on itself once its turn comes round again (only with its bank gone)
    assert 0 not in message["forfeits"]


def test_on_timeout_forfeit_ranks_the_seat_last_and_a_bot_plays_it_on(client: TestClient) -> None:
    created = clocked(client, {"per_turn": 1, "bank": 0, "on_timeout": "forfeit"})
    match_id, late, other = created["id"], token_of(created, 0), token_of(created, 1)
    wait_for(lambda: state(client, match_id)["version"] >= 1, 15, "the timeout")
    refused = act(client, match_id, late, 0, "0", 1)  # seat 1 is to move: nothing else can change version 1
    assert refused.status_code == 422 and "forfeited" in refused.json()["detail"]
    while True:  # seat 1 plays on; the bot answers for seat 0
        message = wait_for(lambda: turn_or_end(client, match_id, other), 15, "seat 1's turn")
        if message["status"] == "finished":
            break
        answer = act(client, match_id, other, 1, message["legal"][0], message["version"])
        assert answer.status_code in (200, 409), answer.text
    assert message["forfeits"] == [0]
    assert message["ranking"][-1] == 0
    assert 0 not in message["winners"]
    kinds = [event["type"] for event in message["log"][0]["events"][:2]]
    assert kinds == ["timeout", "forfeit"]
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["forfeits"] == [0]
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert record["meta"]["forfeits"] == [0] and record["meta"]["timeouts"][0] == [0, "forfeit"]


def test_clocks_time_out_and_forfeit_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", database_url=postgres_url, bot_delay=0)
    with TestClient(create_app(settings)) as pg:
        created = clocked(pg, {"per_turn": 1, "bank": 0, "on_timeout": "forfeit"})
        message = at_version(pg, created["id"], 1)
        assert message["log"][0]["events"][:2] == [{"type": "timeout", "seat": 0}, {"type": "forfeit", "seat": 0}]
        assert message["forfeits"] == [0] and {c["seat"] for c in message["clocks"]} == {1}
        assert pg.get(f"/api/matches/{created['id']}").json()["forfeits"] == [0]
