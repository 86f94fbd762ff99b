"""Server load on loopback: our server and a boardgame.io server, N concurrent matches each. Prints figures; never
asserts a timing.

    .venv/bin/python bench/bench_server.py [--matches N] [--seconds S] [--rounds R] [--planet-seconds S]
                                           [--compression deflate|none] [--ws-compression] [--access-log]
                                           [--no-boardgameio] [--npm-dir DIR] [--json]

Every server runs as a subprocess on a free port of 127.0.0.1 and every client in another process than its server;
all traffic stays on loopback, and every loop is bounded in count and time.

  (1) ours: ``brassboard serve`` with a temporary data folder (SQLite, every action committed before it is
      announced) and ``BRASSBOARD_BOT_DELAY=0``. This process is the client (asyncio + ``websockets``): N matches of
      tic-tac-toe at once, two ``human`` seats each, one WebSocket per seat token (as two browsers would); the seat
      whose state message lists legal actions sends a random one with the message's version; a finished match is
      replaced by a new one (``POST /api/matches``; each of the N workers keeps its HTTP connection alive, as a
      browser does and as node's fetch does in the boardgame.io client) until the time is up. Then Planet Steam: one
      client for the four seats of a hotseat match (one WebSocket per seat), random legal actions, N matches at once.
  (2) boardgame.io (0.50, installed from npm into a temporary folder) running its tutorial tic-tac-toe
      (``bench/boardgameio/``): a Node client process runs N matches at once, two boardgame.io Clients per match
      (socket.io over WebSocket), created and joined through its lobby REST API, random legal moves.

Both servers are up together and the tic-tac-toe time is cut into ``--rounds`` slices taken in turn (ours, theirs,
ours, ...), so that a change in the machine's load during the run weighs on both alike.

A move's latency runs from the client sending it to the arrival, on the sender's own connection, of the state that
follows it. In each slice, moves and latencies count after a warm-up of 10 % of it (at most 2 s); moves/s is the
count of moves answered inside the windows over their length. CPU columns: seconds of CPU used per second of wall
time (1.00 = one core busy) by the server process and by the client process; srv ms/move: the server's CPU time over
every move it answered (warm-ups included), the figure least swayed by other load on the machine. Problems: refused
moves, stalled matches and failed connections (none are expected).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve_process import (  # tests/serve_process.py: the one helper
    answers,
    brassboard_serve,
    free_port,
    stop_process,
)

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
BGIO_DIR = Path(__file__).resolve().parent / "boardgameio"
BGIO_VERSION = "0.50"
# koa-compose 4.2 copies the middleware list when koa builds its request handler; boardgame.io 0.50 adds its lobby
# routes after that, so with 4.2 every lobby request answers 404. 4.1 (which koa 2 also accepts) keeps the list.
BGIO_EXTRA = ["koa-compose@4.1.0"]

MAX_MATCHES = 200
MAX_SECONDS = 120.0
MAX_ROUNDS = 10
STALL_SECONDS = 10.0  # a match that hears nothing for this long is abandoned (and counted)
GRACE_SECONDS = 2.0  # after the deadline, how long the answer to a move already sent is awaited
READY_SECONDS = 30.0  # a server must answer within this long after its start
NPM_SECONDS = 180.0
WS_MAX_MESSAGE = 4 * 1024 * 1024


# ----- measurements -------------------------------------------------------------------------------------------------
def warm_up(seconds: float) -> float:
    return min(2.0, 0.1 * seconds)


@dataclass
class Window:
    """A slice's clock (``time.perf_counter``): moves sent from ``warm`` and answered by ``deadline`` count."""

    start: float
    warm: float
    deadline: float

    @classmethod
    def from_now(cls, seconds: float) -> Window:
        start = time.perf_counter()
        return cls(start, start + warm_up(seconds), start + seconds)


@dataclass
class Tally:
    """What one client saw in one slice."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)  # milliseconds
    started: int = 0
    finished: int = 0
    problems: int = 0
    problem: str | None = None  # the last one, for the report
    all_moves: int = 0  # answered at any time of the slice, warm-up included (for CPU per move)

    def answered(self, sent: float, received: float, window: Window) -> None:
        self.all_moves += 1
        if sent >= window.warm and received <= window.deadline:
            self.moves += 1
            self.latencies.append((received - sent) * 1000.0)

    def trouble(self, what: str) -> None:
        self.problems += 1
        self.problem = what


@dataclass
class Row:
    """One server and game, summed over its slices."""

    server: str
    game: str
    matches: int
    moves: int = 0
    all_moves: int = 0
    window: float = 0.0  # seconds in which moves counted
    wall: float = 0.0  # seconds the clients ran
    latencies: list[float] = field(default_factory=list)
    finished: int = 0
    problems: int = 0
    problem: str | None = None
    server_cpu: float | None = 0.0  # CPU seconds; None where they cannot be read
    client_cpu: float | None = 0.0

    def add(self, tally: Tally, window: float, wall: float, server_cpu: float | None,
            client_cpu: float | None) -> None:
        self.moves += tally.moves
        self.all_moves += tally.all_moves
        self.window += window
        self.wall += wall
        self.latencies.extend(tally.latencies)
        self.finished += tally.finished
        self.problems += tally.problems
        self.problem = tally.problem or self.problem
        self.server_cpu = None if self.server_cpu is None or server_cpu is None else self.server_cpu + server_cpu
        self.client_cpu = None if self.client_cpu is None or client_cpu is None else self.client_cpu + client_cpu

    @property
    def rate(self) -> float:
        return self.moves / self.window if self.window > 0 else 0.0

    def quantile(self, q: float) -> float | None:
        return quantile(self.latencies, q)

    def load(self, cpu: float | None) -> float | None:
        return None if cpu is None or self.wall <= 0 else cpu / self.wall

    @property
    def cpu_per_move(self) -> float | None:
        """Server CPU milliseconds per move: less swayed by other load on the machine than moves/s."""
        return None if self.server_cpu is None or not self.all_moves else 1000 * self.server_cpu / self.all_moves

    def to_dict(self) -> dict[str, Any]:
        return {"server": self.server, "game": self.game, "matches": self.matches, "moves": self.moves,
                "window_s": round(self.window, 3), "moves_per_s": round(self.rate, 1),
                "p50_ms": rounded(self.quantile(0.5)), "p99_ms": rounded(self.quantile(0.99)),
                "max_ms": rounded(max(self.latencies, default=None)), "games_finished": self.finished,
                "problems": self.problems, "problem": self.problem,
                "server_cpu": rounded(self.load(self.server_cpu)), "client_cpu": rounded(self.load(self.client_cpu)),
                "server_cpu_ms_per_move": rounded(self.cpu_per_move, 3)}


def quantile(values: list[float], q: float) -> float | None:
    """Linear interpolation between the closest ranks (numpy's default)."""
    if not values:
        return None
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def rounded(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def _cpu_and_parent(pid: int) -> tuple[float, int] | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), int(fields[1])
    except (OSError, IndexError, ValueError):
        return None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time so far of a process, its threads and its living descendants (Granian's server
    processes, bot workers; Linux /proc; None elsewhere)."""
    own = _cpu_and_parent(pid)
    if own is None:
        return None
    children: dict[int, list[int]] = {}
    cpu: dict[int, float] = {pid: own[0]}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != pid:
            found = _cpu_and_parent(int(entry.name))
            if found is not None:
                cpu[int(entry.name)] = found[0]
                children.setdefault(found[1], []).append(int(entry.name))
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += cpu.get(current, 0.0)
        todo.extend(children.get(current, []))
    return total


def used(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else after - before


# ----- servers as subprocesses --------------------------------------------------------------------------------------
@contextlib.contextmanager
def server_process(command: list[str], env: dict[str, str], ready_url: str, log: Path) -> Iterator[int]:
    """Start a server, wait until ``ready_url`` answers 200, yield its pid; stop it (and only it) afterwards."""
    with log.open("wb") as output:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
        try:
            give_up = time.monotonic() + READY_SECONDS
            while not answers(ready_url):
                if process.poll() is not None or time.monotonic() > give_up:
                    tail = log.read_text(errors="replace")[-1500:]
                    raise LookupError(f"{Path(command[0]).name} did not come up on {ready_url}: {tail}")
                time.sleep(0.1)
            yield process.pid
        finally:
            stop_process(process)


# ----- (1) our server and its client --------------------------------------------------------------------------------
def parse_json(text: str | bytes) -> Any:
    """The client parses every state message: with orjson (a server dependency), as a browser with JSON.parse."""
    return orjson.loads(text)

class HttpConnection:
    """One persistent HTTP/1.1 connection (keep-alive, as browsers and node's fetch in the boardgame.io client keep
    theirs) on this event loop; reopened when the server has closed it."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post_json(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        data = json.dumps(body).encode()
        request = (f"POST {path} HTTP/1.1\r\nHost: {self.base}\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(data)}\r\n\r\n").encode() + data
        async with asyncio.timeout(STALL_SECONDS):
            for attempt in range(2):
                reused = self.streams is not None
                try:
                    return await self._exchange(path, request)
                except (OSError, asyncio.IncompleteReadError):
                    await self.close()
                    if attempt or not reused:  # only a connection the server may have closed meanwhile is retried
                        raise
        raise AssertionError("unreachable")

    async def _exchange(self, path: str, request: bytes) -> dict[str, Any]:
        if self.streams is None:
            host, _, port = self.base.rpartition(":")
            self.streams = await asyncio.open_connection(host, int(port))
        reader, writer = self.streams
        writer.write(request)
        await writer.drain()
        status = await reader.readuntil(b"\r\n")
        if not status:
            raise asyncio.IncompleteReadError(b"", None)
        length, close = 0, False
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value == "close":
                close = True
            elif name == "transfer-encoding":
                raise OSError(f"POST {path}: unexpected transfer-encoding {value}")
        payload = await reader.readexactly(length)
        if close:
            await self.close()
        if not status.split(b" ", 2)[1].startswith(b"2"):
            raise OSError(f"POST {path}: {status.decode('latin-1').strip()} {payload[:200]!r}")
        result: dict[str, Any] = parse_json(payload)
        return result

    async def close(self) -> None:
        if self.streams is not None:
            writer = self.streams[1]
            self.streams = None
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


async def play_seat(connection: Any, seat: int, chooser: random.Random, tally: Tally, window: Window) -> bool:
    """Play one seat over its WebSocket until the match ends (True) or time is up (False)."""
    pending: tuple[int, float] | None = None  # (version the action was made on, when it was sent)
    acted = -1  # the last version this seat acted on
    while True:
        now = time.perf_counter()
        if pending is None:
            if now >= window.deadline:
                return False
            limit = min(STALL_SECONDS, window.deadline - now)  # the other seats' moves, or the end of the slice
        else:
            limit = STALL_SECONDS if now < window.deadline else max(0.0, window.deadline + GRACE_SECONDS - now)
        try:
            async with asyncio.timeout(limit):
                text = await connection.recv()
        except TimeoutError:
            if limit >= STALL_SECONDS:  # a stall, not the end of the slice
                tally.trouble(f"seat {seat} heard nothing for {STALL_SECONDS:g} s")
            return False
        received = time.perf_counter()
        message = parse_json(text)
        kind = message.get("type")
        if kind == "error":  # refused: count it, then ask for the current state and go on from there
            tally.trouble(f"error message {message.get('error')}: {message.get('detail')}")
            pending = None
            await connection.send('{"type": "sync"}')
            continue
        if kind != "state":
            continue
        version: int = message["version"]
        if pending is not None and version > pending[0]:
            tally.answered(pending[1], received, window)
            pending = None
        if message["status"] == "finished":
            if pending is None:
                return True
            continue
        legal: list[str] = message["legal"]
        if legal and pending is None and version > acted and received < window.deadline:
            acted = version
            action = {"type": "action", "seat": seat, "action": chooser.choice(legal), "version": version}
            pending = (version, time.perf_counter())
            await connection.send(json.dumps(action))


async def play_match(base: str, http: HttpConnection, game: str, players: int, chooser: random.Random, tally: Tally,
                     window: Window, compression: str | None) -> None:
    from websockets.asyncio.client import connect

    body = {"game": game, "players": players, "seats": ["human"] * players, "seed": chooser.randrange(1 << 30)}
    created = await http.post_json("/api/matches", body)
    tally.started += 1
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    async with contextlib.AsyncExitStack() as stack:
        connections = []
        for seat in range(players):
            url = f"ws://{base}/ws/matches/{created['id']}?token={tokens[seat]}"
            connections.append(await stack.enter_async_context(
                connect(url, compression=compression, max_size=WS_MAX_MESSAGE, open_timeout=STALL_SECONDS,
                        close_timeout=2)))
        choosers = [random.Random(chooser.random()) for _ in range(players)]
        ended = await asyncio.gather(*(play_seat(connections[seat], seat, choosers[seat], tally, window)
                                       for seat in range(players)))
    if any(ended):
        tally.finished += 1


async def drive_ours(base: str, game: str, players: int, matches: int, seconds: float, seed: int,
                     compression: str | None) -> Tally:
    tally = Tally()
    window = Window.from_now(seconds)
    master = random.Random(seed)

    async def worker(chooser: random.Random) -> None:
        http = HttpConnection(base)  # each worker keeps one, as a browser tab would
        try:
            while time.perf_counter() < window.deadline:
                try:
                    await play_match(base, http, game, players, chooser, tally, window, compression)
                except Exception as exc:  # HTTP, socket and websockets' own errors (e.g. ConnectionClosed)
                    tally.trouble(f"{type(exc).__name__}: {exc}")
                    await asyncio.sleep(0.1)
        finally:
            await http.close()

    try:
        async with asyncio.timeout(seconds + STALL_SECONDS + 20):  # a hard bound, whatever happens
            await asyncio.gather(*(worker(random.Random(master.random())) for _ in range(matches)))
    except TimeoutError:
        tally.trouble("the slice overstayed its hard time limit and was cut off")
    return tally


def run_async(work: Any) -> Any:
    """Run a coroutine on uvloop where installed (uvicorn[standard] brings it), else on asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(work)


@dataclass
class Ours:
    base: str  # host:port
    pid: int
    compression: str | None

    def measure(self, row: Row, game: str, players: int, seconds: float, seed: int) -> None:
        server_before, client_before = cpu_seconds(self.pid), time.process_time()
        start = time.perf_counter()
        tally: Tally = run_async(drive_ours(self.base, game, players, row.matches, seconds, seed, self.compression))
        wall = time.perf_counter() - start
        row.add(tally, seconds - warm_up(seconds), wall, used(server_before, cpu_seconds(self.pid)),
                time.process_time() - client_before)


LIMITS_OFF = {"CREATE_RATE": "1000000/minute", "JOIN_RATE": "1000000/minute",
              "MAX_CONNECTIONS_PER_ADDRESS": "100000", "MAX_CONNECTIONS": "100000"}
"""The load comes from one address at rates no person reaches: the per-address limits are lifted for the bench."""


@contextlib.contextmanager
def start_ours(work: Path, compression: str | None, serve_flags: list[str], redis_url: str | None) -> Iterator[Ours]:
    settings = {"DATA_DIR": str(work / "data"), **LIMITS_OFF}
    if redis_url:
        settings["REDIS_URL"] = redis_url
    try:
        with brassboard_serve(settings, flags=serve_flags, log=work / "brassboard.log") as served:
            yield Ours(f"{HOST}:{served.port}", served.pid, compression)
    except RuntimeError as exc:
        raise LookupError(str(exc)) from None


@contextlib.contextmanager
def redis_for(workers: int, given: str | None) -> Iterator[str | None]:
    """The Redis URL several server processes need: the given one, or a throwaway redis-server."""
    if workers <= 1 or given:
        yield given
        return
    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from services import redis_server

    with redis_server() as url:
        yield url


# ----- (2) boardgame.io ---------------------------------------------------------------------------------------------
def install_boardgameio(folder: Path) -> str:
    """npm-install boardgame.io into ``folder`` unless it is there; its version. LookupError (and why) if not."""
    package = folder / "node_modules" / "boardgame.io" / "package.json"
    if not package.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise LookupError("npm not found")
        folder.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--loglevel=error",
                 f"boardgame.io@{BGIO_VERSION}", *BGIO_EXTRA],
                capture_output=True, text=True, timeout=NPM_SECONDS, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise LookupError(f"npm install took over {NPM_SECONDS:.0f} s") from None
        if done.returncode != 0 or not package.exists():
            last = (done.stderr.strip() or done.stdout.strip()).splitlines()[-3:]
            raise LookupError("npm install boardgame.io failed: " + " | ".join(last))
    version: str = json.loads(package.read_text())["version"]
    return version


@dataclass
class Theirs:
    node: str
    url: str
    pid: int
    env: dict[str, str]

    def measure(self, row: Row, seconds: float, seed: int) -> None:
        """Run the Node client for one slice; LookupError (and why) if it fails."""
        config = {"url": self.url, "matches": row.matches, "seconds": seconds, "warmup": warm_up(seconds),
                  "seed": seed}
        server_before = cpu_seconds(self.pid)
        start = time.perf_counter()
        try:
            done = subprocess.run([self.node, str(BGIO_DIR / "client.js"), json.dumps(config)], env=self.env,
                                  cwd=BGIO_DIR, capture_output=True, text=True,
                                  timeout=seconds + STALL_SECONDS + 40, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise LookupError("the boardgame.io client did not finish in time") from None
        wall = time.perf_counter() - start
        server_cpu = used(server_before, cpu_seconds(self.pid))
        lines = done.stdout.strip().splitlines()
        if done.returncode != 0 or not lines:
            raise LookupError(f"the boardgame.io client failed ({done.returncode}): {done.stderr.strip()[-500:]}")
        result = json.loads(lines[-1])
        tally = Tally(result["moves"], result["latencies"], result["started"], result["finished"],
                      result["timeouts"] + result["failures"], result["failure"], result["all_moves"])
        row.add(tally, result["window"], wall, server_cpu, result["client_cpu"])


@contextlib.contextmanager
def start_theirs(folder: Path, work: Path) -> Iterator[Theirs]:
    node = shutil.which("node")
    if node is None:
        raise LookupError("node not found")
    env = {**os.environ, "NODE_PATH": str(folder / "node_modules"), "NODE_ENV": "production"}
    port = free_port()
    url = f"http://{HOST}:{port}"
    command = [node, str(BGIO_DIR / "server.js"), str(port)]
    with server_process(command, env, f"{url}/games", work / "boardgameio.log") as pid:
        yield Theirs(node, url, pid, env)


# ----- the report ---------------------------------------------------------------------------------------------------
def cell(value: float | None, form: str) -> str:
    return "-" if value is None else format(value, form)


def table(rows: list[Row]) -> str:
    header = (f"{'server':<20} {'game':<24} {'matches':>7} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
              f"{'moves':>7} {'games':>6} {'srv CPU':>7} {'cli CPU':>7} {'srv ms/move':>11} {'problems':>8}")
    lines = [header, "-" * len(header)]
    for row in rows:
        lines.append(
            f"{row.server:<20} {row.game:<24} {row.matches:>7} {row.rate:>9.1f} {cell(row.quantile(0.5), '.2f'):>8} "
            f"{cell(row.quantile(0.99), '.2f'):>8} {cell(max(row.latencies, default=None), '.1f'):>8} "
            f"{row.moves:>7} {row.finished:>6} {cell(row.load(row.server_cpu), '.2f'):>7} "
            f"{cell(row.load(row.client_cpu), '.2f'):>7} {cell(row.cpu_per_move, '.3f'):>11} {row.problems:>8}")
    return "\n".join(lines)


def ratio(ours: float | None, theirs: float | None) -> float | None:
    return ours / theirs if ours is not None and theirs else None


def comparison(ours: Row, theirs: Row) -> list[str]:
    throughput = ratio(ours.rate, theirs.rate)
    p50 = ratio(ours.quantile(0.5), theirs.quantile(0.5))
    p99 = ratio(ours.quantile(0.99), theirs.quantile(0.99))
    cost = ratio(ours.cpu_per_move, theirs.cpu_per_move)
    lines = [f"ours/boardgame.io (tic-tac-toe): moves/s x{cell(throughput, '.2f')}, p50 x{cell(p50, '.2f')}, "
             f"p99 x{cell(p99, '.2f')}, server CPU per move x{cell(cost, '.2f')}"]
    if throughput is not None and p99 is not None:
        met = throughput >= 2.0 and p99 < 1.0
        lines.append(f"target (>= 2x boardgame.io's moves/s at a lower p99): {'met' if met else 'not met'}")
    return lines


def environment() -> str:
    node = shutil.which("node")
    node_version = "-"
    if node is not None:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            done = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=10)
            node_version = done.stdout.strip()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "-"
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, load average {load}; "
            f"Python {platform.python_version()}, node {node_version}")


def bounded(low: float, high: float, kind: type = float) -> Any:
    def parse(text: str) -> Any:
        value = kind(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g}")
        return value
    return parse


def measure(args: argparse.Namespace, work: Path, notes: list[str]) -> tuple[list[Row], Row | None]:
    """All runs; returns the rows to print and boardgame.io's row (None if skipped: the reason is in ``notes``)."""
    compression = None if args.compression == "none" else "deflate"
    label = f"brassboard {args.server}" + (f" x{args.workers}" if args.workers > 1 else "")
    ours_ttt = Row(label, "tictactoe", args.matches)
    theirs_ttt: Row | None = None
    skipped = "boardgame.io skipped: --no-boardgameio" if args.no_boardgameio else None
    version = ""
    folder = Path(args.npm_dir).resolve() if args.npm_dir else work / "npm"
    if skipped is None:  # npm first, so that installing overlaps no measurement
        try:
            if shutil.which("node") is None:
                raise LookupError("node not found")
            version = install_boardgameio(folder)
        except (LookupError, OSError) as exc:
            skipped = f"boardgame.io skipped: {exc}"
    slice_seconds = args.seconds / args.rounds
    with contextlib.ExitStack() as stack:
        serve_flags = [flag for flag, on in (("--ws-compression", args.ws_compression),
                                             ("--access-log", args.access_log)) if on]
        serve_flags += ["--server", args.server, "--workers", str(args.workers)]
        redis_url = stack.enter_context(redis_for(args.workers, args.redis_url))
        ours = stack.enter_context(start_ours(work, compression, serve_flags, redis_url))
        theirs: Theirs | None = None
        if skipped is None:
            try:
                theirs = stack.enter_context(start_theirs(folder, work))
                theirs_ttt = Row(f"boardgame.io {version}", "tic-tac-toe", args.matches)
            except LookupError as exc:
                skipped = f"boardgame.io skipped: {exc}"
        for round_number in range(args.rounds):
            seed = args.seed + round_number
            ours.measure(ours_ttt, "tictactoe", 2, slice_seconds, seed)
            if theirs is not None and theirs_ttt is not None:
                try:
                    theirs.measure(theirs_ttt, slice_seconds, seed)
                except LookupError as exc:
                    skipped, theirs, theirs_ttt = f"boardgame.io skipped: {exc}", None, None
        rows = [ours_ttt] + ([theirs_ttt] if theirs_ttt is not None else [])
        if args.planet_seconds > 0:
            planet = Row(label, "planet_steam 4p hotseat", args.planet_matches)
            ours.measure(planet, "planet_steam", 4, args.planet_seconds, args.seed)
            rows.append(planet)
    if theirs_ttt is not None:
        notes.append(f"boardgame.io {version}: InMemory storage, socket.io over WebSocket; node client process with "
                     "boardgame.io's own Client, one per player")
    notes.append(f"brassboard: {args.server}, {args.workers} server process(es)"
                 + (" sharing live updates through Redis" if args.workers > 1 else "") + "; "
                 "SQLite in a temporary folder (each action committed before it is announced); python "
                 f"client process (websockets, offering compression {args.compression}), one WebSocket per seat; "
                 f"server compression {'on' if args.ws_compression else 'off'}, access log "
                 f"{'on' if args.access_log else 'off'} (brassboard serve's defaults: off)")
    if skipped is not None:
        notes.append(skipped)
    return rows, theirs_ttt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--matches", type=bounded(1, MAX_MATCHES, int), default=20,
                        help="concurrent matches (default 20)")
    parser.add_argument("--seconds", type=bounded(1, MAX_SECONDS), default=20.0,
                        help="tic-tac-toe time per server (default 20)")
    parser.add_argument("--rounds", type=bounded(1, MAX_ROUNDS, int), default=2,
                        help="slices the tic-tac-toe time is cut into, the servers taking turns (default 2)")
    parser.add_argument("--planet-seconds", type=bounded(0, MAX_SECONDS), default=10.0,
                        help="length of the Planet Steam run; 0 skips it (default 10)")
    parser.add_argument("--planet-matches", type=bounded(1, MAX_MATCHES, int), default=None,
                        help="concurrent Planet Steam matches (default: --matches)")
    parser.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                        help="WebSocket compression our client offers (default deflate, as browsers do)")
    parser.add_argument("--ws-compression", action="store_true",
                        help="start our server with --ws-compression (it then accepts the client's offer)")
    parser.add_argument("--access-log", action="store_true", help="start our server with --access-log")
    parser.add_argument("--server", choices=["granian", "uvicorn"], default="granian",
                        help="the ASGI server brassboard serve runs (default granian)")
    parser.add_argument("--workers", type=bounded(1, 16, int), default=1,
                        help="server processes (above 1: with Redis, a throwaway redis-server unless --redis-url)")
    parser.add_argument("--redis-url", help="the Redis of several server processes (default: a throwaway one)")
    parser.add_argument("--no-boardgameio", action="store_true", help="measure our server only")
    parser.add_argument("--npm-dir", help="install boardgame.io here (and keep it) instead of a temporary folder")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    args = parser.parse_args(argv)
    if args.planet_matches is None:
        args.planet_matches = args.matches

    notes = [environment()]
    with tempfile.TemporaryDirectory(prefix="bench-server-") as temporary:
        try:
            rows, theirs = measure(args, Path(temporary), notes)
        except LookupError as exc:  # our own server did not start
            print(f"bench_server: {exc}", file=sys.stderr)
            return 1

    if args.json:
        print(json.dumps({"notes": notes, "rows": [row.to_dict() for row in rows],
                          "comparison": comparison(rows[0], theirs) if theirs is not None else None}, indent=2))
        return 0
    print(f"Server load on {HOST}: {args.matches} concurrent matches, {args.seconds:g} s of tic-tac-toe per server "
          f"in {args.rounds} turns, {args.planet_seconds:g} s of Planet Steam; random legal moves")
    for note in notes:
        print(f"  {note}")
    print()
    print(table(rows))
    for row in rows:
        if row.problem:
            print(f"  {row.server} {row.game}: last problem: {row.problem}")
    if theirs is not None:
        print()
        for line in comparison(rows[0], theirs):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
