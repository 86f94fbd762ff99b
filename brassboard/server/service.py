"""The server's core, free of HTTP: lobby, seats and tokens, actions, undo, state messages, replays, bots' moves.

Every method is synchronous and thread-safe; the web layer calls them from worker threads. Each match in use is
kept live in memory (a :class:`brassboard.engine.Match` rebuilt by replaying its stored actions) and guarded by
its own lock. Before any operation the cached copy is checked against the database's ``revision`` (one primary
key read), so several server processes can share matches: the database is the durable record, and a change is
written — and committed — before anyone is told of it. On SQLite that read is skipped while the store's
:meth:`~brassboard.server.store.Store.generation` says no other process has written since the copy was last checked.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, TypeVar

import orjson
from starlette.concurrency import run_in_threadpool

from brassboard.bots import bot_kinds, difficulty_levels
from brassboard.engine import (
    GameInfo,
    GameState,
    IllegalAction,
    Match,
    MatchRecord,
    OptionError,
    game_info,
    games,
    state_class,
)
from brassboard.engine.game import is_barrier

from . import clocks, errors
from .clocks import ClockRule, SeatClock
from .errors import ApiError
from .invites import check_visibility, decode_cursor, encode_cursor, invite_link, invited_seat, new_invite
from .models import PRIVATE, STATUS_FINISHED, STATUS_OPEN, STATUS_RUNNING, STATUSES, utc_now
from .notices import TurnNotice
from .replays import ReplayCache, log_entry_for
from .state_messages import LogCache, message_data, played_for, seat_summary, shared_data
from .store import BOT_PREFIX, HUMAN, OPEN, ClockWrite, Conflict, MatchHead, SeatRecord, Store, StoredMatch
from .thinking import BotJob

T = TypeVar("T")

MAX_CACHED_MATCHES = 1000
"""Live matches kept in memory; the least recently used beyond this are dropped (and rebuilt when needed)."""

MAX_NAME_LENGTH = 40
MAX_ACTION_LENGTH = 1000
"""Longer notation is refused unread (no game's notation comes near; the engine caches parsed notation)."""
SEED_LIMIT = 2**53  # seeds stay exact as JSON numbers in a browser

Seat = int | None
"""A seat number, or None for the spectator's public view."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def dumps(data: Any) -> str:
    """Compact JSON text: orjson where it can (several times faster), else the json module (e.g. integers beyond
    64 bits)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")
    except TypeError:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    """Parsed JSON: orjson, else the json module for what orjson refuses yet json accepts (e.g. huge integers)."""
    try:
        return orjson.loads(text)
    except ValueError:
        return json.loads(text)


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def match_link(match_id: str, token: str | None = None) -> str:
    return f"/m/{match_id}" + (f"?token={token}" if token else "")


@dataclass
class LiveMatch:
    """A match as this process holds it: the engine's Match plus its seats, guarded by ``lock``."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    revision: int
    created: datetime
    updated: datetime
    seats: list[SeatRecord]
    match: Match
    lock: threading.RLock = field(default_factory=threading.RLock)
    messages: dict[Seat, str] = field(default_factory=dict)  # state messages of ``messages_revision``
    messages_revision: int = -1
    shared: dict[str, Any] | None = None  # the parts of those messages that are the same for every seat
    log_entries: dict[int, LogCache] = field(default_factory=dict)
    """The log tail's entries by step index (see :class:`LogCache`)."""
    checked: int | None = None  # the store generation under which ``revision`` was last found current
    visibility: str = PRIVATE
    seeded: bool = False
    replays: ReplayCache = field(default_factory=ReplayCache)
    clock: dict[str, Any] | None = None  # the clock rule as stored (clocks.py), None: no clock
    rematch: str | None = None
    notes: dict[int, str] = field(default_factory=dict)  # action index -> "timeout" / "forfeit"

    @classmethod
    def from_stored(cls, stored: StoredMatch) -> LiveMatch:
        head = stored.head
        cache = ReplayCache()
        live = cls(head.id, head.game, head.players, head.options, head.seed, head.status, head.revision,
                   head.created, head.updated, stored.seats, _replay(head, stored.actions, cache),
                   visibility=head.visibility, seeded=head.seeded, replays=cache, clock=head.clock,
                   rematch=head.rematch, notes=dict(stored.notes))
        return live

    @property
    def rule(self) -> ClockRule | None:
        return clocks.rule_of(self.clock)

    def seat_clocks(self) -> dict[int, SeatClock]:
        """The clocks of the seats that have one (people's seats that have not forfeited)."""
        return {s.seat: SeatClock(s.clock_bank, s.clock_started) for s in self.seats
                if s.clock_bank is not None and s.forfeited is None and s.bot_kind is None}

    def forfeits(self) -> list[int]:
        return clocks.forfeit_order(self.seats)

    def plays_by_bot(self, seat: int) -> bool:
        record = self.seats[seat]
        return record.bot_kind is not None or record.forfeited is not None

    def running_active(self) -> list[int]:
        return self.state.active_players() if self.status == STATUS_RUNNING else []

    @property
    def version(self) -> int:
        return len(self.match.record.actions)

    @property
    def state(self) -> GameState:
        return self.match.state

    def reconcile(self, stored: StoredMatch) -> None:
        """Catch up with the database: apply the actions it has beyond ours, or rebuild after an undo elsewhere."""
        head = stored.head
        mine = self.match.record.actions
        if stored.actions[: len(mine)] == mine:
            for seat, notation in stored.actions[len(mine):]:
                self.match.apply(seat, notation)
                self.replays.note(self.match.record.actions, self.match.state)
        else:
            self.match = _replay(head, stored.actions, self.replays)
        self.seats, self.status, self.revision, self.updated = stored.seats, head.status, head.revision, head.updated
        self.clock, self.rematch, self.notes = head.clock, head.rematch, dict(stored.notes)

    def held_seats(self, token: str) -> list[int]:
        digest = token_hash(token)
        return [s.seat for s in self.seats if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest)]


def _replay(head: MatchHead, actions: Sequence[tuple[int, str]], replays: ReplayCache) -> Match:
    """The match rebuilt from its stored actions, leaving replay snapshots on the way."""
    match = Match(head.game, head.players, head.seed, dict(head.options))
    for index, (seat, notation) in enumerate(actions):
        try:
            match.apply(seat, notation)
        except IllegalAction as exc:
            raise IllegalAction(f"recorded action #{index} ({notation}) by player {seat}: {exc.reason}",
                                exc.action, seat) from None
        replays.note(match.record.actions, match.state)
    return match


def _summary(head: MatchHead | LiveMatch, seats: Sequence[SeatRecord], version: int) -> dict[str, Any]:
    return {"id": head.id, "game": head.game, "players": head.players, "status": head.status,
            "seats": [seat_summary(s) for s in seats], "version": version, "options": dict(head.options),
            "visibility": head.visibility, "seeded": head.seeded,
            "created": iso(head.created), "updated": iso(head.updated),
            "clock": head.clock, "forfeits": clocks.forfeit_order(seats), "rematch": head.rematch}


@dataclass(frozen=True)
class Change:
    """What an accepted change returns: the new revision (for fan-out) and the answer for the caller."""

    revision: int
    answer: str  # JSON
    notices: tuple[TurnNotice, ...] = ()  # "your turn" notices of seats that became active and asked for them
    clocked: bool = False  # a clock deadline may have changed (the clock keeper looks again)
    forfeited: bool = False  # a seat forfeited: a bot plays it from now on


@dataclass(frozen=True)
class BotTurn:
    seat: int | None  # the bot seat to move now, if any
    done: bool  # the match is over (or has no bots): the bot task may end


class CopyBehind(Exception):
    """A move made on the copy in memory without checking it first was refused by the database: another process
    had changed the match. The copy is dropped; the move is judged again on the match as stored."""


class MatchService:
    def __init__(self, store: Store) -> None:
        self.store = store
        # SQLite is local and quick, and one writer at a time is what it wants: its calls run on the event loop.
        # Other databases are remote: their calls go to worker threads. (Measured: bench/bench_server.py.)
        self.inline = store.engine.dialect.name == "sqlite"
        self._cache: OrderedDict[str, LiveMatch] = OrderedDict()
        self._cache_lock = threading.Lock()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """Call a blocking service method from async code: inline for SQLite, else in the thread pool."""
        if self.inline:
            return function(*args)
        return await run_in_threadpool(function, *args)

    # ----- the cache ------------------------------------------------------------------------------------------
    def _live(self, match_id: str) -> LiveMatch:
        """The live match, loaded on first use; the caller then locks it and calls :meth:`_sync`."""
        with self._cache_lock:
            live = self._cache.get(match_id)
            if live is not None:
                self._cache.move_to_end(match_id)
                return live
        generation = self.store.generation()  # before reading: a later write elsewhere changes it
        stored = self.store.load(match_id)
        if stored is None:
            raise errors.not_found(match_id)
        loaded = LiveMatch.from_stored(stored)
        loaded.checked = generation
        with self._cache_lock:
            live = self._cache.setdefault(match_id, loaded)  # another thread may have loaded it meanwhile
            while len(self._cache) > MAX_CACHED_MATCHES:
                self._cache.popitem(last=False)
        return live

    def _sync(self, live: LiveMatch) -> bool:
        """Bring ``live`` up to the database's revision (another process may have changed it). Holds live.lock."""
        generation = self.store.generation()
        if generation is not None and generation == live.checked:
            return False  # nobody else has written since ``live`` was last found current (our writes keep it so)
        head = self.store.head(live.id)
        if head is None:
            self._drop(live)
            raise errors.not_found(live.id)
        if head.revision == live.revision:
            live.checked = generation
            return False
        stored = self.store.load(live.id)
        if stored is None:
            self._drop(live)
            raise errors.not_found(live.id)
        try:
            live.reconcile(stored)
        except Exception:
            self._drop(live)
            raise
        live.checked = generation
        return True

    def has_bots(self, match_id: str) -> bool | None:
        """Whether the match has a bot seat, if this process holds it (seat kinds never change); None if unknown."""
        with self._cache_lock:
            live = self._cache.get(match_id)
        if live is None:
            return None
        return any(seat.bot_kind is not None or seat.forfeited is not None for seat in live.seats)

    def forget(self, match_ids: Sequence[str]) -> None:
        """Drop matches deleted from the database (expired) from this process's memory."""
        with self._cache_lock:
            for match_id in match_ids:
                self._cache.pop(match_id, None)

    def _drop(self, live: LiveMatch) -> None:
        """Forget a live match whose memory may no longer match the database (it is rebuilt on next use)."""
        with self._cache_lock:
            if self._cache.get(live.id) is live:
                del self._cache[live.id]
        # a thread still holding it (waiting for its lock) must reload it rather than trust its memory
        live.revision, live.checked = -1, None
        live.messages, live.messages_revision, live.shared = {}, -1, None

    # ----- games and lobby ------------------------------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        listed = []
        for game_id in games():
            try:
                entry = game_info(game_id).to_dict()
                entry["bots"] = bot_kinds(game_id)
                entry["levels"] = difficulty_levels(game_id)  # the lobby's Beginner .. Hard (docs/bots.md)
            except Exception:  # a game still being written must not hide the others
                continue
            listed.append(entry)
        return listed

    @staticmethod
    def figures(game: str) -> dict[str, Any]:
        """The game's printed figures (``GameState.printed_figures``), for its UI to load once."""
        if game not in games():
            raise errors.no_such(f"no game {game!r}")
        figures = state_class(game).printed_figures()
        if figures is None:
            raise errors.no_such(f"{game} sends its figures inside its views")
        return figures

    def create(self, game: str, players: int, seats: Sequence[str], options: dict[str, Any] | None,
               seed: int | None, names: Sequence[str | None] | None, visibility: str = PRIVATE,
               clock: dict[str, Any] | None = None) -> dict[str, Any]:
        rule = clocks.parse_clock(clock)
        try:
            info = game_info(game)
        except ValueError as exc:
            raise errors.invalid(str(exc)) from None
        check_visibility(visibility)
        try:
            info.check_players(players)
            resolved = info.resolve_options(options)
        except OptionError as exc:  # the engine's schema check names the field (e.g. figures.tank_track.price[2])
            raise ApiError(422, "invalid", str(exc), field=exc.path) from None
        except ValueError as exc:
            raise errors.invalid(str(exc)) from None
        _check_choice_types(info, options or {})
        if len(seats) != players:
            raise errors.invalid(f"seats names {len(seats)} seats for {players} players: give one kind per seat")
        if names is not None and len(names) != players:
            raise errors.invalid(f"names has {len(names)} entries for {players} players")
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise errors.invalid(f"seed must be a whole number from 0 to {SEED_LIMIT - 1}")
        # the bot kinds only where a seat names one (finding them imports the game's bots module by name)
        kinds = bot_kinds(game) if any(kind not in (HUMAN, OPEN) for kind in seats) else []
        records: list[SeatRecord] = []
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        for seat, kind in enumerate(seats):
            given = _clean_name(names[seat] if names is not None else None, seat)
            if kind == HUMAN:
                tokens[seat] = secrets.token_urlsafe(32)
                records.append(SeatRecord(seat, HUMAN, given or default_seat_name(seat), token_hash(tokens[seat])))
            elif kind == OPEN:
                invites[seat] = new_invite()
                records.append(SeatRecord(seat, OPEN, given, None, token_hash(invites[seat])))
            elif kind.startswith(BOT_PREFIX) and kind[len(BOT_PREFIX):] in kinds:
                bot = kind[len(BOT_PREFIX):]
                records.append(SeatRecord(seat, kind, given or f"Bot {seat + 1} ({bot})", None))
            else:
                choices = ", ".join(["human", "open", *(BOT_PREFIX + k for k in kinds)])
                raise errors.invalid(f"seat {seat}: unknown seat kind {kind!r}; one of {choices}")
        now = utc_now()
        status = STATUS_OPEN if any(r.kind == OPEN for r in records) else STATUS_RUNNING
        if rule is not None:  # people's seats start with a full bank (bots have no clock)
            records = [replace(r, clock_bank=rule.bank) if r.bot_kind is None else r for r in records]
        # a seed the creator chooses foretells every roll: everyone is told (seeded); a drawn one stays secret
        head = MatchHead(secrets.token_urlsafe(9), game, players, resolved,
                         secrets.randbelow(SEED_LIMIT) if seed is None else seed, status, 0, 0, now, now,
                         visibility, seed is not None, None if rule is None else rule.to_dict())
        try:  # options the metadata accepts, the rules may still refuse
            live = LiveMatch.from_stored(StoredMatch(head, records, []))
        except Exception as exc:  # e.g. a malformed table in an option that overrides game data
            raise errors.invalid(f"the game cannot start with these options: {exc}") from None
        writes = self._clock_writes(live, [], live.running_active(), now)  # a match that starts at once
        self._apply_clocks(live, writes)
        records = live.seats
        generation = self.store.generation()
        self.store.create(head, records, writes)
        live.checked = generation  # what was just written: its first use needs no load from the database
        with self._cache_lock:
            self._cache.setdefault(head.id, live)
            while len(self._cache) > MAX_CACHED_MATCHES:
                self._cache.popitem(last=False)
        answer = _summary(head, records, 0)
        for entry in answer["seats"]:
            if entry["seat"] in tokens:
                entry["token"] = tokens[entry["seat"]]
        answer["links"] = {"seats": {str(seat): match_link(head.id, token) for seat, token in tokens.items()},
                           "invites": {str(seat): invite_link(head.id, invite) for seat, invite in invites.items()},
                           "spectator": match_link(head.id)}
        return answer

    def summary(self, match_id: str) -> dict[str, Any]:
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            return _summary(live, live.seats, live.version)

    def list_matches(self, status: str | None, limit: int,
                     cursor: str | None = None) -> tuple[list[dict[str, Any]], str | None]:
        """A page of public matches and the cursor of the next page (None after the last)."""
        if status is not None and status not in STATUSES:
            raise errors.invalid(f"status is one of {', '.join(STATUSES)}, not {status!r}")
        after = decode_cursor(cursor) if cursor else None
        page = self.store.list_matches(status, limit, after)
        following = encode_cursor((page[-1][0].updated, page[-1][0].id)) if len(page) == limit else None
        return [_summary(head, seats, head.version) for head, seats in page], following

    def join(self, match_id: str, seat: int | None, name: str | None,
             invite: str | None = None) -> tuple[Change, dict[str, Any]]:
        live = self._live(match_id)
        with live.lock:
            for _attempt in range(3):
                self._sync(live)
                asked = invited_seat(live.seats, live.visibility, seat, invite,
                                     token_hash(invite) if invite is not None else None)
                chosen = self._open_seat(live, asked)
                token = secrets.token_urlsafe(32)
                display = _clean_name(name, chosen) or live.seats[chosen].name or default_seat_name(chosen)
                began = live.status == STATUS_OPEN
                try:
                    self.store.take_seat(live.id, chosen, display, token_hash(token))
                except Conflict:
                    continue  # someone else took it in the meantime (another process): look again
                live.checked = None  # read back the seat and status just written
                self._sync(live)
                began = began and live.status == STATUS_RUNNING
                writes = self._start_clocks(live)  # the last seat was taken: the first players' clocks start
                answer = {"seat": chosen, "token": token, "link": match_link(live.id, token), "name": display}
                started = tuple(live.running_active()) if began else ()
                return Change(live.revision, dumps(answer), self._notices(live, started), bool(writes)), answer
            raise ApiError(409, "taken", "the seat was taken while joining; try again")

    @staticmethod
    def _open_seat(live: LiveMatch, seat: int | None) -> int:
        free = [s.seat for s in live.seats if not s.taken]
        if seat is None:
            if not free:
                raise ApiError(409, "full", "no seat of this match is open")
            return free[0]
        if not 0 <= seat < live.players:
            raise errors.invalid(f"seat must be from 0 to {live.players - 1}, not {seat}")
        if seat not in free:
            raise ApiError(409, "taken", f"seat {seat} is not open" + (f"; open seats: {free}" if free else ""))
        return seat

    # ----- tokens ---------------------------------------------------------------------------------------------
    def seats_for(self, match_id: str, token: str | None) -> list[int]:
        """The seats ``token`` holds in this match ([] for no token); 403 for a token that holds none."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            if token is None:
                return []
            held = live.held_seats(token)
        if not held:
            raise errors.forbidden("this token holds no seat of this match")
        return held

    @staticmethod
    def pick_seat(held: Sequence[int], seat: int | None, token_given: bool) -> int:
        """The seat a request acts for: the one it names, which its token must hold."""
        if not token_given:
            raise errors.unauthorized("acting needs the seat's token (Authorization: Bearer TOKEN)")
        if seat is None:
            if len(held) == 1:
                return held[0]
            raise errors.invalid(f"this token holds seats {list(held)}: name the seat to act for")
        if seat not in held:
            raise errors.forbidden(f"this token does not hold seat {seat}")
        return seat

    # ----- state messages -------------------------------------------------------------------------------------
    def state(self, match_id: str, seat: Seat) -> str:
        return self.messages(match_id, [seat])[1][seat]

    def messages(self, match_id: str, seats: Sequence[Seat], current: bool = False) -> tuple[int, dict[Seat, str]]:
        """The current state message (JSON) of each seat, and the revision they show. ``current``: the caller has
        just committed a change of this match in this same step of the event loop, so the match in memory is the
        database's (no check: it would find what a check made after this message will find anyway)."""
        live = self._live(match_id)
        with live.lock:
            if not current:
                self._sync(live)
            return live.revision, {seat: self._message(live, seat) for seat in seats}

    def _message(self, live: LiveMatch, seat: Seat) -> str:
        if live.messages_revision != live.revision:
            live.messages, live.messages_revision, live.shared = {}, live.revision, None
        text = live.messages.get(seat)
        if text is None:
            if live.shared is None:
                live.shared = shared_data(live)
            text = live.messages[seat] = dumps(message_data(live, seat, live.shared))
        rule = live.rule
        if rule is None:
            return text
        # the clocks run between revisions: their figures are added to the cached message each time it is sent
        return text[:-1] + ',"clocks":' + dumps(clocks.report(rule, live.seat_clocks(), utc_now())) + "}"

    # ----- actions and undo -----------------------------------------------------------------------------------
    def act(self, match_id: str, seat: int, action: str, version: int) -> Change:
        if len(action) > MAX_ACTION_LENGTH:
            raise errors.bad_request(f"an action's notation has at most {MAX_ACTION_LENGTH} characters")
        live = self._live(match_id)
        with live.lock:
            # First on the copy in memory, without asking the database whether another process has changed the
            # match (a query a move, ~4 % of a tic-tac-toe move's CPU): the write is guarded by the revision, so a
            # copy that was behind cannot commit, and a refusal is only given once the copy is found current.
            try:
                self._check_turn(live, seat, version)
                return self._commit_action(live, seat, action, behind=True)
            except CopyBehind:
                pass  # the copy was dropped; the match is loaded afresh below
            except ApiError:
                if not self._sync(live):
                    raise
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            self._check_turn(live, seat, version)
            return self._commit_action(live, seat, action)

    def undo(self, match_id: str, seat: int, version: int) -> Change:
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            self._check_turn(live, seat, version)
            if played_for(live, seat):
                raise errors.illegal("the server played this seat's last move when its time ran out: it stands",
                                     live.version)
            before = live.running_active()
            try:
                index, _ = live.match.undo_step(seat)
            except IllegalAction as exc:
                raise errors.illegal(exc.reason, live.version) from None
            writes = self._clock_writes(live, before, live.state.active_players(), utc_now())
            try:
                live.updated = self.store.remove_action(live.id, live.revision, index, live.version, STATUS_RUNNING,
                                                        writes)
            except Conflict:
                self._drop(live)  # memory has undone a step the database still holds
                raise self._stale_after_conflict(match_id, version) from None
            except Exception:
                self._drop(live)
                raise
            live.revision += 1
            live.notes = {i - (i > index): note for i, note in live.notes.items() if i != index}
            self._apply_clocks(live, writes)
            return Change(live.revision, self._message(live, seat), clocked=bool(writes))

    def _check_turn(self, live: LiveMatch, seat: int, version: int) -> None:
        if version != live.version and not self._concurrent_since(live, seat, version):
            raise errors.stale(version, live.version)
        if not 0 <= seat < live.players:
            raise errors.invalid(f"seat must be from 0 to {live.players - 1}, not {seat}")
        if live.status == STATUS_OPEN:
            waiting = [s.seat for s in live.seats if not s.taken]
            raise errors.illegal(f"the match has not started: seats {waiting} are still open", live.version)
        if live.status == STATUS_FINISHED:
            raise errors.illegal("the match is over", live.version)
        if live.seats[seat].forfeited is not None:
            raise errors.illegal(f"seat {seat} forfeited when its time ran out: a bot plays it now", live.version)

    @staticmethod
    def _concurrent_since(live: LiveMatch, seat: int, version: int) -> bool:
        """In a simultaneous game, a seat's request made on an older version still stands if everything since was
        other players' steps with nothing revealed or rolled: those steps cannot have changed this seat's choices
        (a game that lets players act at once keeps their moves independent)."""
        if not live.state.info.simultaneous or not 0 <= version < live.version:
            return False
        later = live.match.history_since(version)
        return all(player != seat and not any(is_barrier(e) for e in events) for player, _, events in later)

    def _commit_action(self, live: LiveMatch, seat: int, action: Any, note: str | None = None,
                       forfeit: bool = False, behind: bool = False) -> Change:
        """Apply ``action`` to the live match and record it; the database commit comes before any answer. The
        clocks of seats that stop or start being active change in the same transaction; ``note`` marks a move the
        server played for a seat out of time, ``forfeit`` that the seat forfeits with it. ``behind``: the match
        was not checked against the database first, so a write refused for its revision raises
        :class:`CopyBehind` (the copy may simply have been out of date), not ``stale``."""
        before = live.running_active()
        try:
            live.match.apply(seat, action)
        except IllegalAction as exc:  # the engine left the state exactly as it was
            raise errors.illegal(exc.reason, live.version) from None
        except Exception:
            self._drop(live)  # a rules bug may have left the state half-changed
            raise
        index = live.version - 1
        notation = live.match.record.actions[-1][1]
        live.replays.note(live.match.record.actions, live.state)
        status = STATUS_FINISHED if live.state.is_over() else STATUS_RUNNING
        after = live.state.active_players() if status == STATUS_RUNNING else []
        if forfeit:  # the forfeited seat's clock stops for good (the store clears it with the forfeit)
            live.seats[seat] = replace(live.seats[seat], clock_started=None)
        writes = [w for w in self._clock_writes(live, before, after, utc_now()) if not (forfeit and w[0] == seat)]
        try:
            live.updated = self.store.append_action(live.id, live.revision, index, seat, notation, status, writes,
                                                    note, forfeit)
        except Conflict:
            self._drop(live)
            if behind:
                raise CopyBehind(live.id) from None
            raise self._stale_after_conflict(live.id, index) from None
        except Exception:
            self._drop(live)
            raise
        live.revision += 1
        live.status = status
        self._apply_clocks(live, writes)
        if note is not None:
            live.notes[index] = note
        if forfeit:
            live.seats[seat] = replace(live.seats[seat], forfeited=index, clock_started=None)
        started = tuple(s for s in after if s not in before)
        return Change(live.revision, self._message(live, seat), self._notices(live, started),
                      bool(writes) or forfeit, forfeit)

    # ----- clocks and notices ---------------------------------------------------------------------------------
    @staticmethod
    def _clock_writes(live: LiveMatch, before: Sequence[int], after: Sequence[int],
                      now: datetime) -> list[ClockWrite]:
        """The clocks that change when the active seats go from ``before`` to ``after`` (none without a clock)."""
        rule = live.rule
        if rule is None:
            return []
        changed = clocks.transitions(rule, live.seat_clocks(), before, after, now)
        return [(seat, clock.bank, clock.started, clock.deadline(rule)) for seat, clock in sorted(changed.items())]

    def _start_clocks(self, live: LiveMatch) -> list[ClockWrite]:
        """Start the clocks of the seats to move first in a clocked match that has just begun (all seats taken);
        the clocks written ([] if none). Holds live.lock; reads the match back afterwards."""
        for _attempt in range(3):
            writes = self._clock_writes(live, [], live.running_active(), utc_now())
            if not writes:
                return []
            try:
                self.store.set_clocks(live.id, live.revision, writes)
            except Conflict:  # another process changed the match meanwhile: look again
                live.checked = None
                self._sync(live)
                continue
            live.checked = None
            self._sync(live)
            return writes
        raise ApiError(409, "busy", "the match kept changing while its clocks started; try again")

    @staticmethod
    def _apply_clocks(live: LiveMatch, writes: Sequence[ClockWrite]) -> None:
        for seat, bank, started, _deadline in writes:
            live.seats[seat] = replace(live.seats[seat], clock_bank=bank, clock_started=started)

    @staticmethod
    def _notices(live: LiveMatch, seats: Sequence[int]) -> tuple[TurnNotice, ...]:
        """The "your turn" notices of ``seats`` (just become active) that registered a target."""
        found = []
        for seat in seats:
            record = live.seats[seat]
            if record.notify is not None and not live.plays_by_bot(seat):
                found.append(TurnNotice(live.id, live.game, seat, record.name or default_seat_name(seat),
                                        live.version, str(record.notify.get("url", "")),
                                        str(record.notify.get("base", ""))))
        return tuple(found)

    def _stale_after_conflict(self, match_id: str, sent: int) -> ApiError:
        head = self.store.head(match_id)
        return errors.stale(sent, head.version if head is not None else sent)

    # ----- bots -----------------------------------------------------------------------------------------------
    def bot_turn(self, match_id: str) -> BotTurn:
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            bots = {s.seat for s in live.seats if live.plays_by_bot(s.seat)}
            if live.status == STATUS_FINISHED or not bots:
                return BotTurn(None, True)
            if live.status != STATUS_RUNNING:
                return BotTurn(None, False)
            to_move = [seat for seat in live.state.active_players() if seat in bots]
            return BotTurn(to_move[0] if to_move else None, False)

    def bot_job(self, match_id: str, seat: int, budget: float) -> BotJob | None:
        """What a worker needs to decide the move of the bot in ``seat``; None if it no longer must move."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            if live.status != STATUS_RUNNING or seat not in live.state.active_players():
                return None
            kind = live.seats[seat].bot_kind
            if kind is None and live.seats[seat].forfeited is not None:
                kind = clocks.quick_bot(bot_kinds(live.game))  # a forfeited seat: the quick bot plays it on
            if kind is None:
                return None
            return BotJob(live.id, live.game, live.players, live.seed, dict(live.options),
                          tuple((s, n) for s, n in live.match.record.actions), seat, kind, budget)

    def bot_commit(self, match_id: str, seat: int, notation: str, version: int) -> Change | None:
        """Commit a bot's move made on ``version`` through the path of everyone's moves (version check, event log);
        None if the match moved on meanwhile (another process, an undo): the bot then decides again."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            if live.version != version or live.status != STATUS_RUNNING \
                    or seat not in live.state.active_players():
                return None
            try:
                return self._commit_action(live, seat, notation)
            except ApiError as exc:
                if exc.error == "stale":  # another process moved first
                    return None
                raise

    # ----- clock timeouts -------------------------------------------------------------------------------------
    def timeout_job(self, match_id: str, seat: int, budget: float) -> BotJob | None:
        """The quick bot's decision for ``seat`` if its time is gone; None if it is not (it moved, has time left,
        the match is over)."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            if not self._timed_out(live, seat):
                return None
            return BotJob(live.id, live.game, live.players, live.seed, dict(live.options),
                          tuple((s, n) for s, n in live.match.record.actions), seat,
                          clocks.quick_bot(bot_kinds(live.game)), budget)

    def timeout_commit(self, match_id: str, seat: int, notation: str, version: int) -> Change | None:
        """Play the quick bot's move for a seat out of time (logged as a ``timeout``; with ``on_timeout:
        "forfeit"`` the seat forfeits with it); None if the match moved on meanwhile or the seat has time again."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            rule = live.rule
            if rule is None or not self._timed_out(live, seat):
                return None
            # as for a person's move: in a game where players act at once, other seats' steps since do not void it
            if live.version != version and not self._concurrent_since(live, seat, version):
                return None
            forfeit = rule.on_timeout == "forfeit"
            try:
                return self._commit_action(live, seat, notation, "forfeit" if forfeit else "timeout", forfeit)
            except ApiError as exc:
                if exc.error in ("stale", "illegal"):  # the match moved on: the keeper decides again
                    return None
                raise

    @staticmethod
    def _timed_out(live: LiveMatch, seat: int) -> bool:
        rule = live.rule
        if rule is None or live.status != STATUS_RUNNING or not 0 <= seat < live.players:
            return False
        clock = live.seat_clocks().get(seat)
        if clock is None or seat not in live.state.active_players():
            return False
        deadline = clock.deadline(rule)
        return deadline is not None and deadline <= utc_now()

    # ----- notices and rematches ------------------------------------------------------------------------------
    def set_notify(self, match_id: str, seat: int, target: dict[str, Any] | None) -> None:
        """Register (or with None remove) the seat's "your turn" target: one per seat, the last one counts."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            self.store.set_notify(live.id, seat, target)
            live.checked = None  # read it back with the new revision
            self._sync(live)

    def rematch(self, match_id: str, token: str) -> tuple[bool, dict[str, Any], list[tuple[str, Change]]]:
        """A new match replaying a finished one: same game, players, options, clock, seat kinds and names.

        The first seat holder to ask creates it (True, and the change of the finished match, which now names it);
        its own seats are its own at once (new tokens). The other people's seats wait, open, for their holders: each
        takes its seat in the rematch by asking the same with its own token of the finished match (False, the
        rematch with its new token, and the rematch's change). The rematch is private: nobody else can take
        those seats."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            held = live.held_seats(token)
            if not held:
                raise errors.forbidden("only a seat of the finished match can ask for its rematch")
            if live.status != STATUS_FINISHED:
                raise ApiError(409, "not_finished", "a rematch is made once the match is over")
            gone = None
            if live.rematch is not None:
                try:
                    claim, change = self._claim_rematch(live.rematch, held)
                    return False, claim, [(live.rematch, change)]
                except ApiError as exc:
                    if exc.status != 404:
                        raise
                    gone = live.rematch  # it expired unjoined (an open match): a new one takes its place
            created = self._create_rematch(live, held)
            try:
                self.store.set_rematch(live.id, created["id"], gone)
            except Conflict:  # another seat (another process) was first: take ours in theirs
                self.store.delete_match(created["id"])
                self.forget([created["id"]])
                live.checked = None
                self._sync(live)
                if live.rematch is None:
                    raise ApiError(409, "taken", "the rematch changed meanwhile; try again") from None
                claim, change = self._claim_rematch(live.rematch, held)
                return False, claim, [(live.rematch, change)]
            live.checked = None
            self._sync(live)
            return True, created, [(live.id, Change(live.revision, dumps({"rematch": created["id"]})))]

    def _create_rematch(self, old: LiveMatch, held: Sequence[int]) -> dict[str, Any]:
        kinds = [s.kind if s.bot_kind is not None else (HUMAN if s.seat in held else OPEN) for s in old.seats]
        names = [s.name for s in old.seats]
        return self.create(old.game, old.players, kinds, dict(old.options), None, names, PRIVATE, old.clock)

    def _claim_rematch(self, rematch_id: str, held: Sequence[int]) -> tuple[dict[str, Any], Change]:
        """The held seats' places in the rematch: taken now for whoever holds them in the finished match."""
        live = self._live(rematch_id)
        with live.lock:
            self._sync(live)
            token = secrets.token_urlsafe(32)
            for seat in held:
                if live.seats[seat].taken:
                    raise ApiError(409, "taken", f"seat {seat} of the rematch is taken already (by this seat's "
                                                 "token of the finished match, which gave its link then)")
            for seat in held:
                self.store.take_seat(live.id, seat, live.seats[seat].name or default_seat_name(seat),
                                     token_hash(token))
            live.checked = None
            self._sync(live)
            writes = self._start_clocks(live)
            started = tuple(live.running_active())
            answer = _summary(live, live.seats, live.version)
            for entry in answer["seats"]:
                if entry["seat"] in held:
                    entry["token"] = token
            answer["links"] = {"seats": {str(seat): match_link(live.id, token) for seat in held},
                               "invites": {}, "spectator": match_link(live.id)}
            return answer, Change(live.revision, dumps({"match": live.id}), self._notices(live, started),
                                  bool(writes))

    # ----- replays and records --------------------------------------------------------------------------------
    def replay(self, match_id: str, at: int | None) -> str:
        """The public view after ``at`` actions with the log up to there: public events only while the match runs,
        the full log once it is finished. Served from the match's replay cache (snapshots every few actions and
        the recent answers), never by a re-run from the first action."""
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            total = live.version
            at = total if at is None else at
            if not 0 <= at <= total:
                raise errors.invalid(f"at must be from 0 to {total}, not {at}")
            text = live.replays.cached(live.revision, at)
            if text is not None:
                return text
            history = live.match.history
            state = live.state if at == total else live.replays.state_at(
                live.game, live.players, live.seed, live.options, live.match.record.actions, at)
            full = live.status == STATUS_FINISHED
            log = [clocks.noted(log_entry_for(live.state, index, history[index], None, full), live.notes.get(index))
                   for index in range(at)]
            over = state.is_over()
            text = dumps({
                "type": "replay", "match": live.id, "game": live.game, "version": at, "total": total,
                "status": live.status, "seat": None, "seats": [seat_summary(s) for s in live.seats],
                "active": state.active_players(), "view": state.view(None), "legal": [], "can_undo": False,
                "log": log, "scores": [s.to_dict() for s in state.scores()] if over else None,
                "winners": state.winners() if over else None,
            })
            live.replays.keep(live.revision, at, text)
            return text

    def record(self, match_id: str) -> dict[str, Any]:
        live = self._live(match_id)
        with live.lock:
            self._sync(live)
            if live.status != STATUS_FINISHED:
                raise ApiError(403, "not_finished",
                               "the record (with the seed, which foretells every roll) is public once the match ends")
            record = MatchRecord(live.game, live.players, live.seed, dict(live.options),
                                 list(live.match.record.actions),
                                 {"match": live.id, "created": iso(live.created), "finished": iso(live.updated),
                                  "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in live.seats],
                                  "clock": live.clock, "forfeits": live.forfeits(),
                                  "timeouts": [[index, note] for index, note in sorted(live.notes.items())]})
        return record.to_dict()


def _check_choice_types(info: GameInfo, options: dict[str, Any]) -> None:
    """Python finds ``True`` among the choices ``(0, 1)``; a match must store exactly one of the choices."""
    for spec in info.options:
        if spec.choices is not None and spec.name in options:
            value = options[spec.name]
            if not any(type(value) is type(choice) and value == choice for choice in spec.choices):
                raise errors.invalid(f"option {spec.name!r} must be one of {list(spec.choices)}, not {value!r}")


def default_seat_name(seat: int) -> str:
    """The name of a seat whose player gave none, the same for every client (the web pages show it in their reader's
    language: ``localizeSeats`` in web/static/i18n.js reads this very form)."""
    return f"Player {seat + 1}"


def _clean_name(name: str | None, seat: int) -> str | None:
    if name is None:
        return None
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME_LENGTH:
        raise errors.invalid(f"seat {seat}: a name has at most {MAX_NAME_LENGTH} characters")
    if any(not ch.isprintable() for ch in cleaned):
        raise errors.invalid(f"seat {seat}: a name must be printable text")
    return cleaned or None
