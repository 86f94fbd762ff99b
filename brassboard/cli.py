"""The ``brassboard`` command: play in the terminal, bot matches, replays, perft, the game list and the benchmark.

Every subcommand works for every registered game through the engine protocol alone. ``main`` returns the exit
status instead of exiting, so tests call it directly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from brassboard.bots import Bot, bot_kinds, make_bot, seat_seed
from brassboard.bots.selfplay import DEFAULT_MAX_ACTIONS, SelfplayResult, play_bot_game
from brassboard.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    Match,
    MatchRecord,
    Score,
    game_info,
    games,
    is_barrier,
    new_game,
    perft,
)

HUMAN = "human"
"""The seat kind of a person at the terminal (every other seat kind names a bot)."""

MENU_FULL_LIMIT = 24
"""Up to this many legal actions are listed one by one; beyond it, large groups of one kind are compacted."""

GROUP_FULL_LIMIT = 6
"""In a compacted menu, an action kind with at most this many actions is still listed one by one."""

LINE_WIDTH = 100

ADVANCED_OPTIONS = frozenset({"figures"})
"""Options meant for testing other printed figures (a table merged over the game's data files), not for play."""

SEED_LIMIT = 2**31
"""A seed drawn for ``play`` lies below this, so it is short enough to read out and type back."""


class CliError(Exception):
    """A mistake in the command line or its inputs: printed as ``error: ...`` with exit status 2."""


# ----- options, seats, games --------------------------------------------------------------------------------------
def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with the value read as JSON where it is JSON (``true``, ``3``, ``"x"``), else a string."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise CliError(f"an option is written name=value, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def parse_options(texts: Iterable[str] | None) -> dict[str, Any]:
    return dict(parse_option(text) for text in texts or ())


def parse_seats(text: str | None, players: int, default: Sequence[str], allow_human: bool) -> list[str]:
    """The seat kinds, one per player, e.g. ``human,greedy,random``."""
    if text is None:
        return list(default)
    seats = [kind.strip() for kind in text.split(",")]
    if len(seats) != players:
        raise CliError(f"--seats names {len(seats)} seats for {players} players: give one kind per player")
    if not allow_human and HUMAN in seats:
        raise CliError("selfplay has no human seats; use 'brassboard play' to play")
    return seats


def resolve_players(game_id: str, players: int | None) -> int:
    """The player count (default: the game's minimum); an unknown game or a bad count is a CliError."""
    try:
        info = game_info(game_id)
        count = info.min_players if players is None else players
        info.check_players(count)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return count


def check_options(game_id: str, options: dict[str, Any]) -> None:
    try:
        game_info(game_id).resolve_options(options)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def make_bots(game_id: str, seats: Sequence[str], game_seed: int) -> dict[int, Bot]:
    """The bots of the non-human seats, each with its own seed derived from the game's."""
    try:
        return {seat: make_bot(kind, game_id, seat_seed(game_seed, seat))
                for seat, kind in enumerate(seats) if kind != HUMAN}
    except ValueError as exc:  # an unknown bot kind: the message lists the known ones
        raise CliError(str(exc)) from None


# ----- formatting -------------------------------------------------------------------------------------------------
def compact_json(value: Any, indent: int = 0, width: int = LINE_WIDTH, lead: int = 0) -> str:
    """JSON that keeps whatever fits on one line on one line: a readable dump of a view of any game.

    ``indent`` is the indentation of the lines this value spans; ``lead`` is how far its first line already
    reaches (the indentation plus a dict key), which counts against ``width``.
    """
    flat = json.dumps(value, separators=(", ", ": "), ensure_ascii=False)
    if max(indent, lead) + len(flat) <= width or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            prefix = f"{pad}{json.dumps(str(key), ensure_ascii=False)}: "
            items.append(prefix + compact_json(item, indent + 2, width, len(prefix)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + compact_json(item, indent + 2, width) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def render_state(state: GameState, player: int | None) -> str:
    """The game's own text rendering where it has one, else a compact dump of the player's view."""
    if type(state).render_text is not GameState.render_text:
        return state.render_text(player)
    return compact_json(state.view(player))


def format_breakdown(score: Score) -> str:
    return ", ".join(f"{category} {points}" for category, points in score.breakdown.items())


def seat_label(seat: int, seats: Sequence[str]) -> str:
    return f"player {seat} ({seats[seat]})"


def format_scores(state: GameState, labels: Sequence[str]) -> list[str]:
    """A line per player (total and breakdown), then the winners once the game is over."""
    scores = state.scores()
    label_width = max(len(label) for label in labels)
    total_width = max(len(str(score.total)) for score in scores)
    lines = [f"  {label:<{label_width}}  {score.total:>{total_width}}   [{format_breakdown(score)}]"
             for label, score in zip(labels, scores, strict=True)]
    if state.is_over():
        lines.append("Winners: " + ", ".join(labels[seat] for seat in state.winners()))
    return lines


def format_event(event: Event) -> str:
    details = " ".join(f"{key}={value if isinstance(value, str | int) else json.dumps(value)}"
                       for key, value in event.items() if key not in ("type", "chance", "reveal"))
    return f"{event['type']} {details}".rstrip()


def _int_ranges(values: Sequence[int]) -> str:
    """``1..5,7,9..12`` for the sorted distinct values."""
    ordered = sorted(set(values))
    parts: list[str] = []
    start = previous = ordered[0]
    for value in [*ordered[1:], None]:
        if value is not None and value == previous + 1:
            previous = value
            continue
        parts.append(str(start) if start == previous else f"{start}..{previous}")
        if value is not None:
            start = previous = value
    return ",".join(parts)


def _summarise_values(values: list[int | str], limit: int = 50) -> str:
    if all(isinstance(value, int) for value in values):
        text = _int_ranges([value for value in values if isinstance(value, int)])
    else:
        distinct = list(dict.fromkeys(str(value) for value in values))
        text = distinct[0] if len(distinct) == 1 else "{" + "|".join(distinct) + "}"
    if len(text) > limit:
        distinct_count = len(set(values))
        text = text[: limit - 12].rstrip("|,") + f"…({distinct_count} values)"
    return text


def summarise_group(kind: str, group: Sequence[Action]) -> str:
    """One line for many actions of one kind: each argument position shows its values, e.g. ``bid 1..57``."""
    arity = max(len(action.args) for action in group)
    positions = [_summarise_values([action.args[i] for action in group if len(action.args) > i])
                 for i in range(arity)]
    return " ".join([kind, *positions]) + f"   ({len(group)} actions)"


def menu_order(actions: Sequence[Action]) -> list[Action]:
    """The actions grouped by kind (kinds in order of first appearance), so each kind has a run of numbers."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    return [action for group in by_kind.values() for action in group]


def _columns(entries: list[str], width: int = LINE_WIDTH) -> list[str]:
    cell = max(len(entry) for entry in entries) + 3
    per_line = max(1, width // cell)
    return ["".join(entry.ljust(cell) for entry in entries[i:i + per_line]).rstrip()
            for i in range(0, len(entries), per_line)]


def menu_lines(ordered: Sequence[Action]) -> list[str]:
    """The numbered legal actions: one by one when few, large groups of one kind compacted to a range."""
    if len(ordered) <= MENU_FULL_LIMIT:
        return _columns([f"{number:>3}. {action}" for number, action in enumerate(ordered, 1)])
    lines: list[str] = []
    number = 1
    index = 0
    while index < len(ordered):
        kind = ordered[index].kind
        end = index
        while end < len(ordered) and ordered[end].kind == kind:
            end += 1
        group = ordered[index:end]
        if len(group) <= GROUP_FULL_LIMIT:
            lines.extend(_columns([f"{number + i:>3}. {action}" for i, action in enumerate(group)]))
        else:
            lines.append(f"{number:>3}-{number + len(group) - 1}. {summarise_group(kind, group)}")
        number += len(group)
        index = end
    return lines


# ----- play ---------------------------------------------------------------------------------------------------
PLAY_HELP = """\
Commands:
  <notation>   an action as written in the list, e.g. "{example}"
  <number>     the action with that number in the list (a range such as 12-68 numbers a group in order)
  undo         take back the last action if a human here made it (never a bot's, nor across a die roll,
               a shuffle or a reveal)
  save FILE    write the match record (game, options, seed, seat kinds, actions) as JSON; 'play --load FILE'
               resumes it with the same bots (the game is also saved by itself after every action: see --save)
  help         this text and the legal actions
  quit         leave the game (EOF does the same)"""


def notation_help(game_id: str) -> str:
    """What a game's action notation means where a number in it is not self-explanatory ("" for the others)."""
    if game_id == "planet_unknown":
        from brassboard.games.planet_unknown.textshapes import PLACE_NOTATION_HELP

        return PLACE_NOTATION_HELP
    return ""


def records_dir() -> Path:
    """Where ``play`` saves its records by default: ``records/`` in the server's data directory."""
    return Path(os.environ.get("BRASSBOARD_DATA_DIR") or "data") / "records"


def default_save_path(game_id: str, players: int, seed: int) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{game_id}-{players}p-seed{seed}-{stamp}.json"


@dataclass
class TerminalGame:
    """One match at the terminal: humans type, bots act on their own."""

    match: Match
    seats: list[str]
    bots: dict[int, Bot]
    out: Callable[[str], None] = print
    save_path: Path | None = None  # the record is written here after every action and when the session ends
    shown_for: int | None = field(default=None, init=False)  # the player the board was last shown to

    def run(self) -> int:
        """Plays until the game ends or a human leaves; the record is saved at ``save_path`` either way."""
        try:
            return self._run()
        finally:
            if self.save_path is not None and self._write(self.save_path):
                self.out(f"saved {len(self.match.record.actions)} actions to {self.save_path.resolve()}; resume "
                         f"with: brassboard play {self.match.record.game} --load {self.save_path.resolve()}")

    def _run(self) -> int:
        while not self.match.state.is_over():
            active = self.match.state.active_players()
            if not active:
                self.out("error: the game is not over but nobody may act (a rules bug)")
                return 1
            bot_seat = next((seat for seat in active if seat in self.bots), None)
            if bot_seat is not None:
                if not self._bot_turn(bot_seat):
                    return 1
                continue
            finished = self._human_turn(active[0])
            if finished is not None:
                return finished
        self.out("")
        self.out(render_state(self.match.state, None))
        self.out("Game over. Final scores:")
        labels = [seat_label(seat, self.seats) for seat in range(len(self.seats))]
        for line in format_scores(self.match.state, labels):
            self.out(line)
        return 0

    def _bot_turn(self, seat: int) -> bool:
        action = self.bots[seat].choose(self.match.state, seat)
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as exc:
            self.out(f"error: {seat_label(seat, self.seats)} chose an illegal action: {exc}")
            return False
        info = self.match.state.info
        if info.simultaneous and info.hidden_information and self.match.state.active_players():
            # a secret simultaneous choice (a sealed bid) stays secret until the rules reveal it by an event
            self.out(f"{seat_label(seat, self.seats)} has chosen")
        else:
            self.out(f"{seat_label(seat, self.seats)}: {action}")
        self._show_events(events)
        self.shown_for = None  # the state changed: show it again at the next human turn
        self._autosave()
        return True

    def _show_events(self, events: list[Event]) -> None:
        # chance and reveals are what a player cannot infer from the action itself, so they are always shown
        for event in events:
            if is_barrier(event):
                self.out(f"  ~ {format_event(event)}")

    def _show_turn(self, player: int, ordered: list[Action]) -> None:
        self.out("")
        self.out(render_state(self.match.state, player))
        self.out(f"--- {seat_label(player, self.seats)} to act; legal actions:")
        for line in menu_lines(ordered):
            self.out(line)
        self.shown_for = player

    def _human_turn(self, player: int) -> int | None:
        """Reads one command of ``player``; returns an exit status when the session ends, else None."""
        ordered = menu_order(self.match.state.legal_actions(player))
        if self.shown_for != player:
            self._show_turn(player, ordered)
        try:
            line = input(f"player {player}> ").strip()
        except EOFError:
            self.out("\nend of input: leaving the game unfinished")
            return 0
        if not line:
            return None
        command, _, rest = line.partition(" ")
        command = command.lower()
        if command in ("quit", "exit"):
            self.out("leaving the game unfinished")
            return 0
        if command == "help":
            self.out(PLAY_HELP.format(example=ordered[0] if ordered else "pass"))
            if notation_help(self.match.record.game):
                self.out(notation_help(self.match.record.game))
            self.shown_for = None
        elif command == "undo" and not rest:
            self._undo(player)
        elif command == "save":
            self._save(rest.strip())
        elif line.isdigit():
            number = int(line)
            if 1 <= number <= len(ordered):
                self._play(player, ordered[number - 1])
            else:
                self.out(f"no action number {number}: choose 1..{len(ordered)}, or type 'help'")
        else:
            self._play(player, line)
        return None

    def _play(self, player: int, action: Action | str) -> None:
        try:
            events = self.match.apply(player, action)
        except IllegalAction as exc:
            self.out(f"illegal: {exc}")
            return
        except ValueError as exc:  # notation that does not even parse
            self.out(f"cannot read {action!r}: {exc}")
            return
        self.out(f"{seat_label(player, self.seats)}: {self.match.history[-1][1]}")
        self._show_events(events)
        self.shown_for = None
        self._autosave()

    def _undo(self, player: int) -> None:
        # Humans share this terminal, so in hot-seat play the one who just moved may take it back at the next
        # player's prompt; the engine still refuses a bot's step and anything across a barrier.
        history = self.match.history
        last_player = history[-1][0] if history else player
        mover = last_player if last_player not in self.bots else player
        try:
            action = self.match.undo(mover)
        except IllegalAction as exc:
            last = f" (the last action was {seat_label(history[-1][0], self.seats)}: {history[-1][1]})" \
                if history else ""
            self.out(f"cannot undo: {exc.reason}{last}")
            return
        self.out(f"undone: {seat_label(mover, self.seats)}: {action}")
        self.shown_for = None
        self._autosave()

    def _save(self, path: str) -> None:
        if not path:
            self.out("save needs a file name: save FILE")
            return
        if self._write(Path(path)):
            self.out(f"saved {len(self.match.record.actions)} actions to {Path(path).resolve()}")

    def _write(self, path: Path) -> bool:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.match.record.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            self.out(f"cannot save to {path}: {exc}")
            return False
        return True

    def _autosave(self) -> None:
        if self.save_path is not None and not self._write(self.save_path):
            self.save_path = None  # said once; 'save FILE' still works elsewhere


def cmd_play(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if args.load:
        record = load_record(args.load)
        if record.game != args.game:
            raise CliError(f"{args.load} is a {record.game} match, not {args.game}")
        conflicts = [name for name, given, recorded in (("--players", args.players, record.players),
                                                         ("--seed", args.seed, record.seed)) if given not in
                     (None, recorded)]
        conflicts += [f"--option {name}" for name, value in options.items() if record.options.get(name) != value]
        if conflicts:
            raise CliError(f"{', '.join(conflicts)} differ from the loaded match; the record decides those")
        match = replay_record(record)
        players = record.players
        default_seats = recorded_seats(record)
    else:
        players = resolve_players(args.game, args.players)
        check_options(args.game, options)
        seed = random.SystemRandom().randrange(SEED_LIMIT) if args.seed is None else args.seed
        match = Match(args.game, players, seed, options)
        default_seats = [HUMAN] + ["random"] * (players - 1)
    seats = parse_seats(args.seats, players, default_seats, allow_human=True)
    bots = make_bots(args.game, seats, match.record.seed)
    match.record.meta["seats"] = list(seats)  # so that 'play --load' resumes with the same bots
    info = game_info(args.game)
    drawn = " (drawn at random; --seed " + str(match.record.seed) + " deals this game again)" \
        if args.seed is None and not args.load else ""
    print(f"{info.name}: {players} players, seed {match.record.seed}{drawn}, seats "
          + ", ".join(seat_label(seat, seats) for seat in range(players)) + ". Type 'help' for the commands.")
    if args.load:
        print(f"resumed {args.load} after {len(match.record.actions)} actions")
    save_path: Path | None = None
    if not args.no_save:
        save_path = Path(args.save or args.load or default_save_path(args.game, players, match.record.seed))
        print(f"the game is saved to {save_path.resolve()} after every action")
    try:
        return TerminalGame(match, seats, bots, save_path=save_path).run()
    except KeyboardInterrupt:
        print("\ninterrupted: leaving the game unfinished")
        return 130


def recorded_seats(record: MatchRecord) -> list[str]:
    """The seat kinds a saved record names in ``meta`` (records from elsewhere: a human, then random bots)."""
    seats = record.meta.get("seats")
    if isinstance(seats, list) and len(seats) == record.players and all(isinstance(kind, str) for kind in seats):
        return list(seats)
    return [HUMAN] + ["random"] * (record.players - 1)


# ----- selfplay ---------------------------------------------------------------------------------------------------
def selfplay_summary(results: list[SelfplayResult], seats: list[str], seconds: float) -> list[str]:
    first = results[0]
    games_played = len(results)
    mean_actions = sum(len(r.record.actions) for r in results) / games_played
    lines = [f"{first.record.game}: {games_played} games of {first.record.players} players, seeds "
             f"{first.record.seed}..{results[-1].record.seed}, {seconds:.2f} s "
             f"({games_played / max(seconds, 1e-9):.1f} games/s), {mean_actions:.1f} actions per game"]
    # a shared win counts as a fraction, so the "ties split" wins of all seats add up to the number of games
    win_share: dict[int, float] = {}
    sole_wins: dict[int, int] = {}
    for result in results:
        for seat in result.winners:
            win_share[seat] = win_share.get(seat, 0.0) + 1 / len(result.winners)
            if len(result.winners) == 1:
                sole_wins[seat] = sole_wins.get(seat, 0) + 1
    lines.append(f"  {'seat':<6}{'kind':<12}{'sole wins':>10}{'wins (ties split)':>19}{'share':>8}"
                 f"{'mean score':>12}")
    for seat, kind in enumerate(seats):
        mean_score = sum(r.scores[seat].total for r in results) / games_played
        split = win_share.get(seat, 0.0)
        lines.append(f"  {seat:<6}{kind:<12}{sole_wins.get(seat, 0):>10}{split:>19.1f}"
                     f"{split / games_played:>8.1%}{mean_score:>12.2f}")
    kinds = list(dict.fromkeys(seats))
    if len(kinds) < len(seats):
        lines.append("  by kind, wins (ties split): " + ", ".join(
            f"{kind} {sum(win_share.get(s, 0.0) for s, k in enumerate(seats) if k == kind):.1f}"
            for kind in kinds))
    errors = [r for r in results if r.error is not None]
    if errors:
        lines.append(f"  {len(errors)} games failed, e.g. seed {errors[0].record.seed}: {errors[0].error}")
    return lines


def cmd_selfplay(args: argparse.Namespace) -> int:
    players = resolve_players(args.game, args.players)
    options = parse_options(args.option)
    seats = parse_seats(args.seats, players, ["random"] * players, allow_human=False)
    make_bots(args.game, seats, 0)  # unknown bot kinds fail here, before any game is played
    check_options(args.game, options)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    results: list[SelfplayResult] = []
    for index in range(args.games):
        result = play_bot_game(args.game, players, args.seed + index, options, seats, args.max_actions)
        results.append(result)
        if save_dir is not None:
            path = save_dir / f"{args.game}-{players}p-seed{result.record.seed}.json"
            path.write_text(result.record.to_json() + "\n", encoding="utf-8")
        if args.json:
            print(json.dumps(result.to_dict(), separators=(",", ":")), flush=True)
        elif result.error is not None:
            print(f"seed {result.record.seed}: {result.error}", file=sys.stderr)
    if not args.json:
        for line in selfplay_summary(results, seats, time.perf_counter() - started):
            print(line)
    return 1 if any(result.error is not None for result in results) else 0


# ----- ladder -----------------------------------------------------------------------------------------------------
def cmd_ladder(args: argparse.Namespace) -> int:
    from brassboard.bots import ladder  # openskill is imported only for this command

    players = resolve_players(args.game, args.players)
    options = parse_options(args.option)
    check_options(args.game, options)
    kinds = [kind.strip() for kind in args.bots.split(",") if kind.strip()]
    for kind in kinds:
        make_bots(args.game, [kind], 0)  # an unknown kind fails here, before any game is played
    if args.workers is not None and args.workers < 1:
        raise CliError("--workers must be at least 1")
    try:
        games = ladder.schedule(kinds, players, args.games, args.seed)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    workers = args.workers or 1
    runner = (ladder.ray_runner(args.game, players, options, args.ray or None) if args.ray is not None
              else ladder.local_runner(args.game, players, options, workers))
    print(f"{args.game}: {len(games)} games ({args.games} per table, "
          f"{len(ladder.tables(kinds, players))} tables), " +
          (f"on Ray at {args.ray or 'a local Ray'}" if args.ray is not None else f"{workers} process(es)"),
          file=sys.stderr, flush=True)

    def progress(outcome: ladder.GameOutcome, total: int) -> None:
        if not args.quiet:
            print(f"\r  game {outcome.game.index + 1}/{total}", end="", file=sys.stderr, flush=True)

    try:
        result = ladder.run_ladder(args.game, players, kinds, args.games, args.seed, options, workers, runner,
                                   progress)
    except RuntimeError as exc:
        raise CliError(str(exc)) from None
    if not args.quiet:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), indent=1))
    else:
        for line in ladder.format_ladder(result):
            print(line)
    if args.plot:
        try:
            ladder.plot_ladder(result, args.plot)
        except RuntimeError as exc:
            raise CliError(str(exc)) from None
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 1 if result.failures else 0


# ----- perft --------------------------------------------------------------------------------------------------
def cmd_perft(args: argparse.Namespace) -> int:
    players = resolve_players(args.game, args.players)
    options = parse_options(args.option)
    check_options(args.game, options)
    if args.depth < 0:
        raise CliError("--depth must be 0 or more")
    state = new_game(args.game, players, args.seed, options)
    if args.divide and args.depth >= 1 and not state.is_over():
        # per root move, as chess engines' "divide": the first place two move generators disagree shows here
        several = len(state.active_players()) > 1
        total = 0
        for player in state.active_players():
            for action in state.legal_actions(player):
                child = state.clone()
                child.apply(player, action)
                count = perft(child, args.depth - 1)
                total += count
                print(f"{f'p{player} ' if several else ''}{action}: {count}")
        print(total)
        return 0
    count = perft(state, 0)
    for depth in range(1 if args.by_depth else args.depth, args.depth + 1):
        started = time.perf_counter()
        count = perft(state, depth)
        seconds = time.perf_counter() - started
        if args.by_depth:
            print(f"depth {depth}: {count}  ({seconds:.3f} s, {count / max(seconds, 1e-9):,.0f} leaves/s)")
    print(count)
    return 0


# ----- replay -------------------------------------------------------------------------------------------------
def load_record(path: str) -> MatchRecord:
    try:
        return MatchRecord.from_json(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise CliError(f"{path} is not a match record: {exc!r}") from None


def replay_record(record: MatchRecord) -> Match:
    """``Match.replay``, with a refused record reported as an error of its own (exit status 1)."""
    try:
        return Match.replay(record)
    except IllegalAction as exc:
        raise ReplayRefused(str(exc.reason)) from None
    except ValueError as exc:  # an unknown game, a bad player count or option, unreadable notation
        raise ReplayRefused(str(exc)) from None


class ReplayRefused(Exception):
    """A record whose actions the rules do not accept."""


def cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    match = replay_record(record)
    state = match.state
    if args.show:
        for number, (player, action, events) in enumerate(match.history, 1):
            print(f"{number:>4}. player {player}: {action}")
            for event in events:
                print(f"        {format_event(event)}")
    if args.json:
        result = SelfplayResult(record, None, state.scores(), state.winners() if state.is_over() else [], 0.0)
        data = result.to_dict()
        data["over"] = state.is_over()
        print(json.dumps(data, separators=(",", ":")))
        return 0
    status = "game over" if state.is_over() else "the record ends before the game does; scores so far"
    print(f"{record.game}, {record.players} players, seed {record.seed}: {len(record.actions)} actions replayed, "
          f"{status}")
    labels = [f"player {seat}" for seat in range(record.players)]
    for line in format_scores(state, labels):
        print(line)
    return 0


# ----- games, bench -------------------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    listed: list[dict[str, Any]] = []
    for game_id in games():
        try:
            info = game_info(game_id)
        except Exception as exc:  # a game still being written must not hide the others
            listed.append({"id": game_id, "error": f"{type(exc).__name__}: {exc}"})
            continue
        entry = info.to_dict()
        entry["bots"] = bot_kinds(game_id)
        listed.append(entry)
    if args.json:
        print(json.dumps(listed, indent=1))
        return 0
    for entry in listed:
        if "error" in entry:
            print(f"{entry['id']}: unavailable ({entry['error']})")
            continue
        players = entry["min_players"] if entry["min_players"] == entry["max_players"] else \
            f"{entry['min_players']}-{entry['max_players']}"
        traits = [trait for trait, key in (("simultaneous moves", "simultaneous"), ("chance", "chance"),
                                           ("hidden information", "hidden_information")) if entry[key]]
        print(f"{entry['id']}: {entry['name']}, {players} players" + "".join(f", {t}" for t in traits))
        if entry["description"]:
            print(f"  {entry['description']}")
        print(f"  bots: {', '.join(entry['bots'])}")
        for option in entry["options"]:
            if option["name"] in ADVANCED_OPTIONS:
                continue
            choices = f" (one of {', '.join(json.dumps(c) for c in option['choices'])})" if option["choices"] else ""
            print(f"  option {option['name']} = {json.dumps(option['default'])}: {option['description']}{choices}")
        for option in entry["options"]:
            if option["name"] in ADVANCED_OPTIONS:
                print(f"  advanced option {option['name']} (for testing other figures, not for play): "
                      f"{option['description']}")
    return 0


def bench_script() -> Path | None:
    """``bench/bench_engine.py`` of the working directory or of the source tree this package runs from."""
    candidates = [Path.cwd() / "bench" / "bench_engine.py",
                  Path(__file__).resolve().parent.parent / "bench" / "bench_engine.py"]
    return next((path for path in candidates if path.is_file()), None)


def cmd_bench(args: argparse.Namespace) -> int:
    script = bench_script()
    if script is None:
        print("no bench/bench_engine.py here or beside the brassboard package: nothing to run")
        return 1
    extra = [arg for arg in args.bench_args if arg != "--"]
    return subprocess.run([sys.executable, str(script), *extra], check=False).returncode


# ----- serve ----------------------------------------------------------------------------------------------------
def server_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def cmd_serve(args: argparse.Namespace) -> int:
    # imported here: the other commands need neither the web stack nor a database
    try:
        from brassboard.server import Settings
        from brassboard.server.serving import ServeError, check, hand_on, serve
    except ImportError as exc:
        raise CliError(f"the server needs its dependencies ({exc.name}): pip install -e .") from None
    if not 0 < args.port < 65536:
        raise CliError("--port must be from 1 to 65535")
    hand_on(BRASSBOARD_FORWARDED_ALLOW_IPS=args.forwarded_allow_ips)  # every server process reads it
    try:
        settings = Settings.from_env()
        check(settings, args.server, args.workers)
    except ValueError as exc:  # ServeError included
        raise CliError(str(exc)) from None
    where = "BRASSBOARD_DATABASE_URL" if settings.database_url else str(settings.data_dir.resolve())
    print(f"Brassboard on {server_url(args.host, args.port)}  ({args.server}, {args.workers} process"
          f"{'es' if args.workers > 1 else ''}; data: {where}; Ctrl-C stops)", flush=True)
    try:
        serve(settings, args.host, args.port, args.server, args.workers, args.access_log, args.ws_compression)
    except ServeError as exc:
        raise CliError(str(exc)) from None
    return 0


def cmd_worker(args: argparse.Namespace) -> int:
    try:
        from brassboard.server import Settings
        from brassboard.server.botqueue import run_worker
    except ImportError as exc:
        raise CliError(f"the worker needs the server's dependencies ({exc.name}): pip install -e .") from None
    if args.threads < 1:
        raise CliError("--threads must be at least 1")
    import logging

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return run_worker(Settings.from_env(), args.threads)
    except ValueError as exc:
        raise CliError(str(exc)) from None


# ----- the parser -----------------------------------------------------------------------------------------------
OPTIONS_EPILOG = """
Advanced option 'figures' (where 'brassboard games' lists it): a table deep-merged over the game's data files to
try other printed figures (the DESIGN defaults named in each game's README), e.g. --option 'figures={...}'. It is
for testing rules variants, not for ordinary play."""

PLAY_EPILOG = """\
At the prompt type an action's notation as the list shows it (e.g. "bid 5", "claim C4 roll") or its number;
'undo', 'save FILE', 'help' and 'quit' also work. The record (with the seat kinds) is saved after every action and
'play GAME --load FILE' resumes it with the same bots.

"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="brassboard", description="Play, pit bots against each other, replay and measure Brassboard games.",
        epilog="'brassboard COMMAND --help' explains each command's options.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def game_command(name: str, help_text: str, default_seed: int | None = 0,
                     epilog: str = "") -> argparse.ArgumentParser:
        command = commands.add_parser(name, help=help_text, description=help_text, epilog=epilog + OPTIONS_EPILOG,
                                      formatter_class=argparse.RawDescriptionHelpFormatter)
        command.add_argument("game", metavar="GAME", help=f"game id: {', '.join(games())}")
        command.add_argument("--players", type=int, help="number of players (default: the game's minimum)")
        seed_default = "a random seed, printed" if default_seed is None else str(default_seed)
        command.add_argument("--seed", type=int, default=default_seed,
                             help=f"seed of the game's random events: the same seed, options and actions give the "
                                  f"same game (default: {seed_default})")
        command.add_argument("--option", action="append", metavar="NAME=VALUE",
                             help="a game option ('brassboard games' lists each game's); the value is read as JSON "
                                  "where possible, e.g. edition=2008 or sabotage=true (repeatable)")
        return command

    play = game_command("play", "play a game in the terminal against bots or hot-seat", default_seed=None,
                        epilog=PLAY_EPILOG + notation_help("planet_unknown") + "\n")
    play.add_argument("--seats", help="one kind per seat: human or a bot kind ('brassboard games' lists them), "
                                      "e.g. human,greedy,random (default: human then random bots; with --load, "
                                      "the seats the record names)")
    play.add_argument("--load", metavar="FILE", help="resume a saved match record (game, players, seed, options "
                                                     "and seat kinds come from it)")
    play.add_argument("--save", metavar="FILE", help="save the record here after every action (default: the "
                                                     "--load file, else data/records/GAME-Np-seedS-TIME.json under "
                                                     "BRASSBOARD_DATA_DIR, default ./data)")
    play.add_argument("--no-save", action="store_true", help="do not save the record by itself ('save FILE' "
                                                             "still works)")
    play.set_defaults(handler=cmd_play)

    selfplay = game_command("selfplay", "play many games between bots")
    selfplay.add_argument("--games", type=int, default=1, help="number of games; game i has seed SEED + i")
    selfplay.add_argument("--seats", help="one bot kind per seat, e.g. greedy,random (default: all random)")
    selfplay.add_argument("--json", action="store_true", help="one JSON object per game and line")
    selfplay.add_argument("--save-dir", metavar="DIR", help="write each game's match record as JSON into DIR")
    selfplay.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS,
                          help="give up a game after this many actions (a never-ending game is a rules bug)")
    selfplay.set_defaults(handler=cmd_selfplay)

    perft_command = game_command("perft", "count the leaves of the legal-action tree; the last line is the count")
    perft_command.add_argument("--depth", type=int, required=True,
                               help="plies to expand (each player's action is one ply; simultaneous moves "
                                    "count every active player's)")
    perft_command.add_argument("--divide", action="store_true", help="the count below each first action")
    perft_command.add_argument("--by-depth", action="store_true", help="the count and speed at each depth")
    perft_command.set_defaults(handler=cmd_perft)

    ladder_command = game_command("ladder", "rate bot kinds by a round-robin of games with rotated seats")
    ladder_command.add_argument("--bots", required=True, help="bot kinds, comma-separated, e.g. random,greedy,mcts")
    ladder_command.add_argument("--games", type=int, default=10,
                                help="games per table (a table: one set of kinds; seats rotate game by game)")
    ladder_command.add_argument("--workers", type=int, help="run games in this many local processes (default 1)")
    ladder_command.add_argument("--ray", metavar="ADDRESS", nargs="?", const="",
                                help="run games on the Ray cluster at ADDRESS (alone: a local Ray); "
                                     "needs brassboard[cluster]")
    ladder_command.add_argument("--plot", metavar="FILE.png", help="draw the ratings with their intervals")
    ladder_command.add_argument("--json", action="store_true", help="the result as one JSON object")
    ladder_command.add_argument("--quiet", action="store_true", help="no progress line")
    ladder_command.set_defaults(handler=cmd_ladder)

    replay = commands.add_parser("replay", help="replay a match record, checking every action, and score it",
                                 description="replay a match record, checking every action, and score it")
    replay.add_argument("file", metavar="FILE", help="a match record as 'play' (save FILE, or by itself) or "
                                                     "'selfplay --save-dir' writes it")
    replay.add_argument("--show", action="store_true", help="print each action and its events")
    replay.add_argument("--json", action="store_true", help="the result as one JSON object (fields as selfplay)")
    replay.set_defaults(handler=cmd_replay)

    games_command = commands.add_parser("games", help="list the games with their metadata, options and bot kinds",
                                        description="list the games with their metadata, options and bot kinds")
    games_command.add_argument("--json", action="store_true", help="the list as JSON (options with their "
                                                                   "schemas as the server's /api/games gives them)")
    games_command.set_defaults(handler=cmd_games)

    serve = commands.add_parser("serve", help="run the web server: lobby, matches, bots (BRASSBOARD_* settings)",
                                description="run the web server: lobby, matches, bots. Settings come from the "
                                            "environment: BRASSBOARD_DATA_DIR (default ./data, where the SQLite "
                                            "file brassboard.sqlite lives), BRASSBOARD_DATABASE_URL, "
                                            "BRASSBOARD_REDIS_URL and the others in docs/deploy.md.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument("--access-log", action="store_true",
                       help="log every HTTP request and WebSocket (default: warnings and errors only)")
    serve.add_argument("--ws-compression", action="store_true",
                       help="accept WebSocket per-message deflate when a browser offers it (uvicorn only; "
                            "default: off)")
    serve.add_argument("--server", choices=["granian", "uvicorn"],
                       default=os.environ.get("BRASSBOARD_SERVER") or "granian",
                       help="the ASGI server (default granian, or BRASSBOARD_SERVER): docs/deploy.md")
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes (default 1; more need BRASSBOARD_REDIS_URL)")
    serve.add_argument("--forwarded-allow-ips", metavar="ADDRESSES",
                       help="proxies whose X-Forwarded-For/-Proto are believed, comma-separated, '*' for any "
                            "(default: none; or BRASSBOARD_FORWARDED_ALLOW_IPS)")
    serve.set_defaults(handler=cmd_serve)

    worker = commands.add_parser("worker", help="serve bot turns from the Redis queue (BRASSBOARD_REDIS_URL and "
                                                "the database of the servers)",
                                 description="serve bot turns from the Redis queue: set BRASSBOARD_REDIS_URL and "
                                             "the servers' database (BRASSBOARD_DATABASE_URL); docs/deploy.md")
    worker.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                        help="bot moves thought at once, each in a child process (default: cores - 1, at least 1)")
    worker.set_defaults(handler=cmd_worker)

    bench = commands.add_parser("bench", help="run bench/bench_engine.py (arguments after the command pass on)",
                                description="run bench/bench_engine.py; every argument after 'bench' passes on "
                                            "to it")
    bench.add_argument("bench_args", nargs=argparse.REMAINDER, metavar="...",
                       help="arguments for bench/bench_engine.py, e.g. --help for its own options")
    bench.set_defaults(handler=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        # bench passes what it does not know on to the bench script; every other command must know all it gets
        args, unknown = parser.parse_known_args(argv)
        if unknown and args.command != "bench":
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exc:  # argparse has printed the usage or --help; keep main's promise to return a status
        return exc.code if isinstance(exc.code, int) else 2
    if args.command == "bench":
        args.bench_args = [*args.bench_args, *unknown]
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except ReplayRefused as exc:
        print(f"replay refused: {exc}", file=sys.stderr)
        return 1
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. "brassboard selfplay ... --json | head"
        return 0


if __name__ == "__main__":
    sys.exit(main())
