"""``brassboard play`` and ``selfplay`` as a new player meets them (issue 12 item 12): a random seed that is
printed, records that keep their seat kinds and say where they are, the selfplay wins column, ``--help`` of every
subcommand and the advanced ``figures`` option."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path

import pytest

from brassboard.cli import build_parser, main
from brassboard.engine import MatchRecord


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def feed_stdin(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))


def saved_path(out: str) -> Path:
    found = re.search(r"the game is saved to (\S+) after every action", out)
    assert found, out
    return Path(found.group(1))


def test_play_draws_a_random_seed_prints_it_and_the_record_keeps_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = set()
    for _ in range(3):
        feed_stdin(monkeypatch, "quit")
        status, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,random")
        assert status == 0
        found = re.search(r"seed (\d+) \(drawn at random; --seed \1 deals this game again\)", out)
        assert found, out
        seeds.add(int(found.group(1)))
        assert MatchRecord.from_json(saved_path(out).read_text()).seed == int(found.group(1))
    assert len(seeds) > 1  # three draws from 2**31 seeds agreeing would mean no draw at all

    feed_stdin(monkeypatch, "quit")
    _, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,random", "--seed", "5")
    assert "seed 5, seats" in out and "drawn at random" not in out


def test_play_saves_by_itself_into_the_data_dir_and_says_where(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    feed_stdin(monkeypatch, "mark b2", "quit")
    status, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,random", "--seed", "3")
    assert status == 0
    path = saved_path(out)
    assert path.parent == (data_dir / "records").resolve()
    assert path.name.startswith("tictactoe-2p-seed3-")
    record = MatchRecord.from_json(path.read_text())
    assert record.meta["seats"] == ["human", "random"]
    assert record.actions[0] == (0, "mark b2") and len(record.actions) == 2  # the bot's answer is in it too
    assert f"saved 2 actions to {path}; resume with: brassboard play tictactoe --load {path}" in out


def test_play_save_command_and_no_save(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path, data_dir: Path) -> None:
    chosen = tmp_path / "mine.json"
    feed_stdin(monkeypatch, "mark a1", f"save {chosen}", "quit")
    status, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,human", "--seed", "1", "--no-save")
    assert status == 0
    assert f"saved 1 actions to {chosen.resolve()}" in out
    assert "the game is saved to" not in out and not (data_dir / "records").exists()
    assert MatchRecord.from_json(chosen.read_text()).meta["seats"] == ["human", "human"]


def test_play_load_resumes_with_the_recorded_bots_and_saves_back(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    feed_stdin(monkeypatch, "mark a1", "quit")
    run(capsys, "play", "tictactoe", "--seats", "human,mcts", "--seed", "8", "--save", str(path))
    first = MatchRecord.from_json(path.read_text())
    assert first.meta["seats"] == ["human", "mcts"] and len(first.actions) == 2

    feed_stdin(monkeypatch, "quit")
    status, out, _ = run(capsys, "play", "tictactoe", "--load", str(path))
    assert status == 0
    assert "seats player 0 (human), player 1 (mcts)" in out
    assert f"the game is saved to {path.resolve()} after every action" in out

    feed_stdin(monkeypatch, "quit")  # --seats still overrides, and the record then names the new seats
    run(capsys, "play", "tictactoe", "--load", str(path), "--seats", "human,random")
    assert MatchRecord.from_json(path.read_text()).meta["seats"] == ["human", "random"]


def test_play_load_of_a_record_without_seats_falls_back_to_a_human_and_random_bots(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(MatchRecord("tictactoe", 2, 0, {}, [(0, "mark a1")]).to_json())
    feed_stdin(monkeypatch, "quit")
    _, out, _ = run(capsys, "play", "tictactoe", "--load", str(path), "--no-save")
    assert "seats player 0 (human), player 1 (random)" in out


def test_selfplay_wins_column_splits_ties_and_shows_the_share(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("selfplay", "tictactoe", "--games", "12", "--seed", "30", "--seats", "random,random")
    _, lines, _ = run(capsys, *argv, "--json")
    split = [0.0, 0.0]
    sole = [0, 0]
    for line in lines.splitlines():
        winners = json.loads(line)["winners"]
        for seat in winners:
            split[seat] += 1 / len(winners)
        if len(winners) == 1:
            sole[winners[0]] += 1
    status, out, _ = run(capsys, *argv)
    assert status == 0
    header = next(line for line in out.splitlines() if "seat" in line and "kind" in line)
    assert "sole wins" in header and "wins (ties split)" in header and "share" in header
    assert "win share" not in out
    rows = [line.split() for line in out.splitlines() if re.match(r"\s+[01]\s+random\s", line)]
    assert len(rows) == 2
    for seat, row in enumerate(rows):
        assert int(row[2]) == sole[seat]
        assert float(row[3]) == pytest.approx(split[seat], abs=0.05)
        assert float(row[4].rstrip("%")) == pytest.approx(100 * split[seat] / 12, abs=0.05)


def subcommand_parsers() -> dict[str, argparse.ArgumentParser]:
    subparsers = next(action for action in build_parser()._actions
                      if isinstance(action, argparse._SubParsersAction))
    return dict(subparsers.choices)


@pytest.mark.parametrize("command", sorted(subcommand_parsers()))
def test_every_subcommand_help_explains_every_option(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    parser = subcommand_parsers()[command]
    unexplained = [action.dest for action in parser._actions if not action.help]
    assert unexplained == [], f"'{command}' options without help: {unexplained}"
    assert parser.description, f"'{command}' has no description"
    status, out, _ = run(capsys, command, "--help")
    assert status == 0 and out.startswith(f"usage: brassboard {command}")


def test_figures_is_listed_as_an_advanced_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "games")
    assert "advanced option figures (for testing other figures, not for play)" in out
    assert "  option figures" not in out
    _, out, _ = run(capsys, "play", "--help")
    assert "Advanced option 'figures'" in out


def test_planet_unknown_help_explains_the_place_notation(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    feed_stdin(monkeypatch, "help", "quit")
    status, out, _ = run(capsys, "play", "planet_unknown", "--players", "2", "--seats", "human,random", "--seed", "2",
                         "--no-save")
    assert status == 0
    assert "Commands:" in out and "place <inner|outer> X Y O" in out and "4-7 the same after" in out
    _, out, _ = run(capsys, "play", "--help")
    assert "place <inner|outer> X Y O" in out
    feed_stdin(monkeypatch, "help", "quit")
    _, out, _ = run(capsys, "play", "tictactoe", "--seats", "human,human", "--seed", "2", "--no-save")
    assert "Commands:" in out and "place <inner|outer>" not in out  # each game's own notation only
