"""The ``brassboard`` command, driven through ``main([...])`` on tic-tac-toe (small and fast)."""

from __future__ import annotations

import io
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from brassboard import cli
from brassboard.cli import CliError, main, parse_option
from brassboard.engine import (
    Action,
    GameInfo,
    GameState,
    IllegalAction,
    MatchRecord,
    Score,
    new_game,
    perft,
    registry,
)

SELFPLAY_FIELDS = {"seed", "players", "seats", "scores", "breakdown", "winners", "actions"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def feed_stdin(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))


# ----- games ------------------------------------------------------------------------------------------------------
def test_games_lists_tictactoe_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    assert "tictactoe: Tic-tac-toe, 2 players" in out
    assert "option first_player = 0" in out

    status, out, _ = run(capsys, "games", "--json")
    listed = {entry["id"]: entry for entry in json.loads(out)}
    assert listed["tictactoe"]["max_players"] == 2
    assert "random" in listed["tictactoe"]["bots"]


# ----- selfplay ---------------------------------------------------------------------------------------------------
def test_selfplay_json_lines_have_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "selfplay", "tictactoe", "--players", "2", "--games", "5", "--seed", "40", "--json")
    assert status == 0
    games = [json.loads(line) for line in out.splitlines()]
    assert [game["seed"] for game in games] == [40, 41, 42, 43, 44]
    for game in games:
        assert set(game) >= SELFPLAY_FIELDS
        assert game["players"] == 2
        assert game["seats"] == ["random", "random"]
        assert 5 <= game["actions"] <= 9
        assert [sum(parts.values()) for parts in game["breakdown"]] == game["scores"]
        best = max(game["scores"])
        assert game["winners"] == [seat for seat, total in enumerate(game["scores"]) if total == best]


def test_selfplay_is_reproducible_and_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("selfplay", "tictactoe", "--games", "3", "--seed", "7", "--json", "--option", "first_player=1")
    _, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv)
    assert first == second
    assert all(json.loads(line)["options"] == {"first_player": 1} for line in first.splitlines())


def test_selfplay_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "selfplay", "tictactoe", "--games", "20", "--seats", "random,random")
    assert status == 0
    assert "20 games of 2 players, seeds 0..19" in out
    assert "wins (ties split)" in out and "share" in out


def test_selfplay_rejects_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "selfplay", "tictactoe", "--seats", "random,nonsense")
    assert status == 2 and "unknown bot kind 'nonsense'" in err and "available: random" in err
    status, _, err = run(capsys, "selfplay", "tictactoe", "--seats", "random")
    assert status == 2 and "one kind per player" in err
    status, _, err = run(capsys, "selfplay", "tictactoe", "--seats", "human,random")
    assert status == 2 and "no human seats" in err


def test_unknown_game_and_bad_option_are_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "selfplay", "no_such_game")
    assert status == 2 and "unknown game" in err
    status, _, err = run(capsys, "perft", "tictactoe", "--depth", "1", "--option", "first_player=5")
    assert status == 2 and "first_player" in err


# ----- perft ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("extra", [(), ("--divide",), ("--by-depth",)])
def test_perft_last_line_is_the_leaf_count(capsys: pytest.CaptureFixture[str], extra: tuple[str, ...]) -> None:
    status, out, _ = run(capsys, "perft", "tictactoe", "--players", "2", "--seed", "3", "--depth", "3", *extra)
    assert status == 0
    assert int(out.splitlines()[-1]) == perft(new_game("tictactoe", 2, 3), 3) == 504


def test_perft_divide_sums_to_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "perft", "tictactoe", "--depth", "2", "--divide")
    *moves, total = out.splitlines()
    assert len(moves) == 9 and moves[0] == "mark a1: 8"
    assert sum(int(line.rsplit(": ", 1)[1]) for line in moves) == int(total) == 72


# ----- replay -----------------------------------------------------------------------------------------------------
def test_replay_of_saved_selfplay_games_gives_the_same_result(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    status, out, _ = run(capsys, "selfplay", "tictactoe", "--games", "4", "--seed", "100", "--json",
                         "--save-dir", str(tmp_path))
    assert status == 0
    for line in out.splitlines():
        game = json.loads(line)
        path = tmp_path / f"tictactoe-2p-seed{game['seed']}.json"
        assert len(MatchRecord.from_json(path.read_text()).actions) == game["actions"]

        status, text, _ = run(capsys, "replay", str(path))
        assert status == 0
        totals = [int(row.split()[2]) for row in text.splitlines() if row.startswith("  player ")]
        assert totals == game["scores"]
        assert "game over" in text and "Winners:" in text

        status, text, _ = run(capsys, "replay", str(path), "--json")
        replayed = json.loads(text)
        for key in ("seed", "players", "scores", "breakdown", "winners", "actions"):
            assert replayed[key] == game[key]


def test_replay_show_prints_each_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = MatchRecord("tictactoe", 2, 0, {}, [(0, "mark a1"), (1, "mark b1"), (0, "mark a2")])
    path = tmp_path / "short.json"
    path.write_text(record.to_json())
    status, out, _ = run(capsys, "replay", str(path), "--show")
    assert status == 0
    assert "   1. player 0: mark a1" in out and "   3. player 0: mark a2" in out
    assert "the record ends before the game does" in out
    assert "Winners" not in out


def test_replay_of_a_tampered_record_fails_with_the_reason(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    record = MatchRecord("tictactoe", 2, 0, {}, [(0, "mark a1"), (1, "mark b1"), (0, "mark b1")])
    path = tmp_path / "tampered.json"
    path.write_text(record.to_json())
    status, out, err = run(capsys, "replay", str(path))
    assert status == 1
    assert "recorded action #2 (mark b1)" in err and "taken" in err
    assert out == ""

    record.actions[2] = (1, "mark c3")  # player 1 moving out of turn
    path.write_text(record.to_json())
    status, _, err = run(capsys, "replay", str(path))
    assert status == 1 and "may not act now" in err


def test_replay_of_a_file_that_is_not_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text("{not json")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2 and "not a match record" in err
    status, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err


# ----- play -------------------------------------------------------------------------------------------------------
def test_play_hot_seat_with_notation_numbers_illegal_input_undo_and_save(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    feed_stdin(monkeypatch,
               "mark b2",  # player 0 by notation
               "mark b2",  # player 1: taken
               "bogus",  # not an action of this game
               "12",  # no such number
               "1",  # player 1 by number: the first in the list, a1
               "undo",  # hot seat: the last mover (player 1, a1) takes it back
               "mark c3",  # player 1 again
               f"save {saved}",
               "quit")
    status, out, _ = run(capsys, "play", "tictactoe", "--players", "2", "--seats", "human,human", "--seed", "4")
    assert status == 0
    assert "--- player 0 (human) to act; legal actions:" in out
    assert "1. mark a1" in out and "9. mark c3" in out
    assert "illegal: mark b2: cell b2 is taken" in out
    assert "illegal: bogus: tic-tac-toe has only 'mark <cell>' actions" in out
    assert "no action number 12: choose 1..8" in out
    assert "player 1 (human): mark a1" in out
    assert "undone: player 1 (human): mark a1" in out
    assert "saved 2 actions to" in out
    assert "leaving the game unfinished" in out
    record = MatchRecord.from_json(saved.read_text())
    assert (record.game, record.players, record.seed) == ("tictactoe", 2, 4)
    assert record.actions == [(0, "mark b2"), (1, "mark c3")]


def test_play_against_a_bot_refuses_to_undo_the_bots_move_and_ends_on_eof(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed_stdin(monkeypatch, "help", "mark b2", "undo")
    status, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,random", "--seed", "1")
    assert status == 0
    assert "Commands:" in out and "save FILE" in out
    assert "player 1 (random): mark " in out  # the bot answered by itself
    assert "cannot undo: undo never takes back another player's action (the last action was player 1 (random)" \
        in out
    assert out.rstrip().splitlines()[-2] == "end of input: leaving the game unfinished"
    assert out.rstrip().splitlines()[-1].startswith("saved ")  # then where the record went


def test_play_to_the_end_prints_scores_and_winners(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    feed_stdin(monkeypatch, "mark a1", "mark a2", "mark b1", "mark b2", "mark c1")
    status, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,human")
    assert status == 0
    assert "Game over. Final scores:" in out
    assert "player 0 (human)   1   [result 1]" in out
    assert "player 1 (human)  -1   [result -1]" in out
    assert "Winners: player 0 (human)" in out


def test_play_resumes_a_saved_match(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    path.write_text(MatchRecord("tictactoe", 2, 0, {"first_player": 0},
                                [(0, "mark a1"), (1, "mark a2"), (0, "mark b1"), (1, "mark b2")]).to_json())
    feed_stdin(monkeypatch, "mark c1")
    status, out, _ = run(capsys, "play", "tictactoe", "--load", str(path), "--seats", "human,human")
    assert status == 0
    assert "resumed" in out and "after 4 actions" in out
    assert "Winners: player 0 (human)" in out

    status, _, err = run(capsys, "play", "tictactoe", "--load", str(path), "--seed", "9")
    assert status == 2 and "--seed differ from the loaded match" in err


def test_play_with_bots_only_runs_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tictactoe", "--seats", "random,random", "--seed", "2")
    assert status == 0 and "Game over." in out


# ----- details ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("first_player=1", ("first_player", 1)), ("fast=true", ("fast", True)), ("map=west", ("map", "west")),
    ('label="7"', ("label", "7")), ("ratio=0.5", ("ratio", 0.5)), ("note=a=b", ("note", "a=b")),
])
def test_option_values_are_json_where_they_can_be(text: str, expected: tuple[str, object]) -> None:
    assert parse_option(text) == expected


def test_option_without_a_name_is_refused() -> None:
    with pytest.raises(CliError):
        parse_option("=3")
    with pytest.raises(CliError):
        parse_option("novalue")


def test_long_action_lists_are_compacted_by_kind() -> None:
    actions = [Action("pass"), *(Action("bid", n) for n in range(1, 58)),
               *(Action("claim", f"{column}{row}", "roll") for column in "ABCD" for row in range(1, 4))]
    lines = cli.menu_lines(cli.menu_order(actions))
    assert lines[0].strip() == "1. pass"
    assert lines[1].strip() == "2-58. bid 1..57   (57 actions)"
    assert lines[2].strip() == "59-70. claim {A1|A2|A3|B1|B2|B3|C1|C2|C3|D1|D2|D3} roll   (12 actions)"


def test_bench_without_a_script_says_so(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "bench_script", lambda: None)
    status, out, _ = run(capsys, "bench")
    assert status == 1 and "no bench/bench_engine.py" in out


def test_bench_runs_the_script_with_the_same_interpreter(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    script = tmp_path / "bench_engine.py"
    script.write_text("import sys\nprint('bench args', sys.argv[1:])\nsys.exit(3)\n")
    monkeypatch.setattr(cli, "bench_script", lambda: script)
    status = main(["bench", "--quick"])
    assert status == 3


# ----- a simultaneous game with secrets (a throwaway sealed-bid game registered for these tests only) --------------
class SealedBidState(GameState):
    """Both players bid 1-3 at once, in secret; the bids are revealed together and the higher bid wins."""

    info = GameInfo(id="sealed_bid", name="Sealed bid", min_players=2, max_players=2, simultaneous=True,
                    hidden_information=True)

    def __init__(self, players: int, options: dict[str, Any] | None = None, seed: int = 0) -> None:
        super().__init__(players, options, seed)
        self.bids: list[int | None] = [None, None]

    def active_players(self) -> list[int]:
        return [player for player, bid in enumerate(self.bids) if bid is None]

    def legal_actions(self, player: int) -> list[Action]:
        return [Action("bid", amount) for amount in (1, 2, 3)] if self.bids[player] is None else []

    def is_over(self) -> bool:
        return None not in self.bids

    def scores(self) -> list[Score]:
        return [Score(bid or 0, {"bid": bid or 0}) for bid in self.bids]

    def _apply(self, player: int, action: Action) -> None:
        if action.kind != "bid" or action.args not in ((1,), (2,), (3,)):
            raise IllegalAction("bid 1, 2 or 3")
        self.bids[player] = int(action.args[0])
        if self.is_over():
            self.emit("reveal", bids=list(self.bids), reveal=True)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"my_bid": None if player is None else self.bids[player]}

    def to_dict(self) -> dict[str, Any]:
        return {**self._base_dict(), "bids": list(self.bids)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SealedBidState:
        state = cls.__new__(cls)
        state._restore_base(data)
        state.bids = list(data["bids"])
        return state


@pytest.fixture
def sealed_bid(monkeypatch: pytest.MonkeyPatch) -> str:
    module = types.ModuleType("sealed_bid_rules")
    module.STATE_CLASS = SealedBidState  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sealed_bid_rules", module)
    monkeypatch.setitem(registry._MODULES, "sealed_bid", "sealed_bid_rules")
    return "sealed_bid"


def test_play_keeps_a_bots_secret_simultaneous_choice_hidden_until_revealed(
        sealed_bid: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed_stdin(monkeypatch, "bid 3")
    status, out, _ = run(capsys, "play", sealed_bid, "--seats", "random,human")
    assert status == 0
    assert "player 0 (random) has chosen" in out
    assert "player 0 (random): bid" not in out
    assert "~ reveal bids=[" in out
    assert "Winners:" in out


def test_selfplay_drives_simultaneous_games(sealed_bid: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "selfplay", sealed_bid, "--games", "5", "--json")
    assert status == 0
    assert all(json.loads(line)["actions"] == 2 for line in out.splitlines())


def test_views_are_dumped_compactly_and_stay_valid_json() -> None:
    view = {"players": [{"name": "red", "cash": 30, "cards": ["x" * 20] * 5}, {"name": "blue", "cash": 12}],
            "board": {"A1": {"owner": 0, "tiles": [1, 2, 3]}, "A2": None}}
    text = cli.compact_json(view, width=60)
    assert json.loads(text) == view
    assert max(len(line) for line in text.splitlines()) <= 60
    assert '    {"name": "blue", "cash": 12}' in text.splitlines()
