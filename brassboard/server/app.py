"""The ASGI application: REST lobby and match API, the WebSocket, static files (docs/api.md is the contract)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Coroutine
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import QueryParams
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import errors
from .boardtext import board_text
from .botpool import LocalBotPool
from .bots import BotRunner
from .config import Settings
from .db import make_engine, upgrade
from .errors import ApiError
from .failures import (
    add_failure_handlers,
    log_failure,
    report_fatal_signals,
    start_failure,
    storage_failure,
    websocket_failure,
)
from .guards import ClientGuard, JsonDepthLimit, Silence, check_json_depth, heartbeat, trust_proxies
from .hub import Broadcaster, Connection, Fanout, InMemoryBroadcaster, RedisBroadcaster
from .models import STATUSES
from .notices import MAX_URL_LENGTH, Notifier, check_target
from .service import MAX_ACTION_LENGTH, Change, MatchService, dumps, loads
from .static import router as static_router
from .store import Store
from .timeouts import ClockKeeper
from .upkeep import sweep_forever

log = logging.getLogger("brassboard.server")

MAX_LIST = 500
STOP_PART_SECONDS = 10.0
"""How long each part of the server may take to stop before the shutdown goes on without it."""


# ----- request bodies -----------------------------------------------------------------------------------------------
class _Body(BaseModel):
    # strict: `true` is no seat number and "3" no version; unknown fields are ignored
    model_config = ConfigDict(strict=True, extra="ignore")


class CreateMatchBody(_Body):
    game: str = Field(max_length=64)
    players: int
    seats: list[str] = Field(max_length=64, description='one per seat: "human", "open" or "bot:KIND"')
    options: dict[str, Any] | None = None
    seed: int | None = None
    names: list[str | None] | None = Field(default=None, max_length=64)
    visibility: str = Field(default="private", max_length=16,
                            description='"private" (not listed; open seats by invite) or "public" (listed)')
    clock: dict[str, Any] | None = Field(default=None, description='turn clocks: {"per_turn": SECONDS, "bank": '
                                         'SECONDS, "on_timeout": "bot" | "forfeit"} (absent: none)')


class JoinBody(_Body):
    seat: int | None = None
    name: str | None = Field(default=None, max_length=200)
    invite: str | None = Field(default=None, max_length=100, description="the invite of a private match's seat")


class ActionBody(_Body):
    seat: int | None = Field(default=None, description="the seat acted for (may be left out if the token holds one)")
    action: str = Field(min_length=1, max_length=MAX_ACTION_LENGTH, description='notation, e.g. "bid 5"')
    version: int = Field(description="the version the action was made on")


class UndoBody(_Body):
    seat: int | None = None
    version: int


class NotifyBody(_Body):
    seat: int | None = None
    url: str | None = Field(max_length=MAX_URL_LENGTH + 100,
                            description="an http(s):// webhook or a mailto: address; null removes the seat's target")


class ErrorBody(BaseModel):
    error: str
    detail: str


class StateMessage(BaseModel):
    """The state message (docs/api.md); ``view`` is the game's own, as ``state.view(seat)`` gives it."""

    type: str
    match: str
    game: str
    version: int
    status: str
    seat: int | None
    seats: list[dict[str, Any]]
    seeded: bool
    visibility: str
    active: list[int]
    view: dict[str, Any]
    legal: list[str]
    can_undo: bool
    log: list[dict[str, Any]]
    scores: list[dict[str, Any]] | None
    winners: list[int] | None
    ranking: list[int] | None = None
    forfeits: list[int] = []
    clock: dict[str, Any] | None = None
    clocks: list[dict[str, Any]] | None = None
    rematch: str | None = None


ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorBody}
                                           for code in (400, 401, 403, 404, 409, 413, 422, 503)}


def json_text(text: str, status: int = 200) -> Response:
    """A response from JSON text the service made (state messages are serialised once, not per request)."""
    return Response(content=text, status_code=status, media_type="application/json")


def bearer_token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise errors.unauthorized("the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


# ----- the body size limit ------------------------------------------------------------------------------------------
class BodyLimit:
    """Refuses request bodies over the limit with 413 before the application sees them (bodies are small:
    reading them whole here costs nothing and also catches bodies sent without a Content-Length)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_large = int(value) > self.limit
                except ValueError:
                    too_large = False
                if too_large:
                    await self._refuse(send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": "too_large",
                           "detail": f"request bodies are limited to {self.limit // 1024} KiB"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


# ----- the server: its parts and their lifetime ---------------------------------------------------------------------
class Server:
    """Everything one server process holds: database, live matches, WebSocket clients, bots, pub/sub."""

    def __init__(self, settings: Settings, broadcaster: Broadcaster | None = None) -> None:
        self.settings = settings
        self.origin = secrets.token_hex(8)  # tells this process's own broadcasts from others'
        self.engine = make_engine(settings.resolved_database_url())
        self.store = Store(self.engine)
        self.service = MatchService(self.store)
        self.fanout = Fanout(self.service)
        remote = None
        if settings.redis_url:  # bot turns become jobs for `brassboard worker` processes
            from .botqueue import BotQueue

            remote = BotQueue(settings.redis_url, settings.bots.budget, settings.bots.queue)
        self.bots = BotRunner(self.service, settings.bot_delay, self.changed, settings.bots, remote)
        if broadcaster is None:
            broadcaster = RedisBroadcaster(settings.redis_url) if settings.redis_url else InMemoryBroadcaster()
        self.broadcaster = broadcaster
        self._background: set[asyncio.Task[None]] = set()
        self.notifier = Notifier(settings.notices)
        self._timeout_pool: LocalBotPool | None = None
        self.clock_keeper = ClockKeeper(self.service, self.timeout_pool, settings.bots.budget, self.changed,
                                        self.bots.revive)

    def timeout_pool(self) -> LocalBotPool:
        """Where the quick bot decides for a seat out of time: the bots' pool (with Redis workers: one of its own)."""
        if self.bots.pool is not None:
            return self.bots.pool
        if self._timeout_pool is None:
            self._timeout_pool = LocalBotPool(1, self.settings.bots.queue)
        return self._timeout_pool

    async def start(self) -> None:
        report_fatal_signals()
        try:
            if self.settings.database_url is None:
                self.settings.data_dir.mkdir(parents=True, exist_ok=True)
            await run_in_threadpool(upgrade, self.engine)
        except Exception as exc:  # said in one line before the server exits non-zero
            start_failure(exc, self.engine.url.render_as_string(hide_password=True))
            raise
        await self.broadcaster.start(self.origin, self.remote_change)
        for match_id in await run_in_threadpool(self.store.running_with_bots):
            self.bots.ensure(match_id)
        self.spawn(sweep_forever(self.service, self.settings.open_match_ttl))
        self.notifier.start()
        self.spawn(self.clock_keeper.run())  # acts at once on deadlines that passed while no server ran

    async def stop(self) -> None:
        """Stop every part in turn, each within :data:`STOP_PART_SECONDS`: one that hangs is named in the log and
        left behind, and the rest still stop (a shutdown that never ends keeps a restart from happening)."""
        await _bounded_stop("the clock keeper", self.clock_keeper.stop())
        await _bounded_stop("the bots", self.bots.stop())
        if self.bots.pool is not None:
            self.bots.pool.stop()  # again: the bots' stop may have been left behind, and no worker outlives us
        if self._timeout_pool is not None:
            self._timeout_pool.stop()
        await _bounded_stop("the notices", self.notifier.stop())
        for task in list(self._background):
            task.cancel()
        await _bounded_stop("the broadcaster", self.broadcaster.stop(self.origin))
        self.store.close()
        self.engine.dispose()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background (fan-out must not delay the answer to the one who acted)."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            failure = task.exception()
            cause = storage_failure(failure) if failure is not None else None
            if cause is not None and failure is not None:  # one line, as for requests (failures.py)
                log_failure(cause, failure, "a live update")
            else:
                log.error("background task failed", exc_info=failure)

    async def changed(self, match_id: str, change: Change, current: bool = False) -> None:
        """A change was committed here: tell this process's clients, the bots and the other processes.
        ``current``: committed in this same step of the event loop (see :meth:`MatchService.messages`)."""
        await self.fanout.push(match_id, current)
        self.bots.ensure(match_id)
        for notice in change.notices:
            self.notifier.submit(notice)
        if change.clocked:
            self.clock_keeper.wake()
        await self.broadcaster.publish(self.origin, match_id, change.revision)

    def announce(self, match_id: str, change: Change) -> None:
        self.spawn(self.changed(match_id, change))

    async def remote_change(self, match_id: str | None, revision: int) -> None:
        """Another process changed a match: clients here get its new state (read back from the database)."""
        targets = list(self.fanout.connections) if match_id is None else [match_id]
        for target in targets:
            if self.fanout.has_clients(target):
                self.spawn(self.fanout.push(target))


async def _bounded_stop(part: str, stopping: Coroutine[Any, Any, None]) -> None:
    # asyncio.wait, not wait_for: wait_for would wait again for a part that ignores its cancellation
    task = asyncio.ensure_future(stopping)
    done, _ = await asyncio.wait({task}, timeout=STOP_PART_SECONDS)
    if not done:
        task.cancel()
        log.error("shutdown: %s did not stop within %g s; going on without them", part, STOP_PART_SECONDS)
    elif not task.cancelled() and task.exception() is not None:
        log.error("shutdown: %s failed to stop", part, exc_info=task.exception())


def create_app(settings: Settings | None = None, broadcaster: Broadcaster | None = None) -> FastAPI:
    """The Brassboard web app. Without arguments, settings come from the environment (``BRASSBOARD_*``)."""
    server = Server(settings or Settings.from_env(), broadcaster)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    # docs_url/redoc_url None: FastAPI's pages load their scripts from a CDN; static.py serves both from a package
    app = FastAPI(title="Brassboard", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Lobby, matches and live play of Brassboard games. WebSocket messages: docs/api.md.")
    app.state.server = server
    guards = server.settings.guards
    app.add_middleware(JsonDepthLimit, limit=guards.max_json_depth)  # inside BodyLimit: sees the whole body
    app.add_middleware(BodyLimit, limit=server.settings.max_body_bytes)
    app.add_middleware(MatchSockets, server=server)
    app.add_middleware(ClientGuard, settings=guards, redis_url=server.settings.redis_url)  # counts everything
    trust_proxies(app, guards.forwarded_allow_ips)
    _add_error_handlers(app)
    add_failure_handlers(app)  # storage read-only, full or gone: 503 unavailable (failures.py)
    _add_api(app, server)
    app.include_router(static_router)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        if "retry_after" in exc.extra:
            headers = {"Retry-After": str(exc.extra["retry_after"])}
        return JSONResponse(exc.to_dict(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = list(exc.errors())
        if any(p.get("type") in ("json_invalid", "model_attributes_type") or tuple(p.get("loc", ())) == ("body",)
               for p in problems):
            return JSONResponse({"error": "bad_request", "detail": "the body must be a JSON object"}, 400)
        detail = "; ".join(
            f"{'.'.join(str(part) for part in p.get('loc', ()) if part != 'body')}: {p.get('msg')}"
            for p in problems)
        return JSONResponse({"error": "bad_request", "detail": detail}, status_code=422)

    @app.exception_handler(Exception)
    async def internal_error(_request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error", exc_info=exc)
        return JSONResponse({"error": "internal", "detail": "internal server error"}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kind = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http")
        return JSONResponse({"error": kind, "detail": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))


Token = Annotated[str | None, Header(alias="Authorization", include_in_schema=False)]


def _add_api(app: FastAPI, server: Server) -> None:
    service = server.service

    def call(function: Any, *args: Any) -> Awaitable[Any]:
        return service.run(function, *args)

    @app.get("/api/games", tags=["lobby"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game with its metadata, options and bot kinds."""
        result: list[dict[str, Any]] = await call(service.games)
        return result

    @app.get("/api/games/{game}/figures", tags=["lobby"], responses=ERRORS)
    async def game_figures(game: str) -> dict[str, Any]:
        """What the game prints on its boards and cards, the same in every match (its UI loads it once)."""
        return service.figures(game)

    @app.post("/api/matches", status_code=201, tags=["lobby"], responses={201: {"model": dict[str, Any]}, **ERRORS})
    async def create_match(body: CreateMatchBody) -> Response:
        """Create a match: a token for every ``human`` seat (hotseat when there are several)."""
        if any(kind.startswith("bot:") for kind in body.seats):
            server.bots.check_capacity()  # 503 while the bots' queue is full
        answer: dict[str, Any] = await call(service.create, body.game, body.players, body.seats, body.options,
                                            body.seed, body.names, body.visibility, body.clock)
        if answer["status"] == "running" and any(seat["kind"].startswith("bot:") for seat in answer["seats"]):
            server.bots.ensure(answer["id"])
        if answer["clock"] is not None:
            server.clock_keeper.wake()
        return json_text(dumps(answer), 201)  # JSON made here: FastAPI's encoder for a plain dict costs more

    @app.get("/api/matches", tags=["lobby"], responses=ERRORS)
    async def list_matches(response: Response,
                           status: str | None = Query(default=None, description=" | ".join(STATUSES)),
                           limit: int = Query(default=100, ge=1, le=MAX_LIST),
                           cursor: str | None = Query(default=None, max_length=200,
                                                      description="the X-Next-Cursor of the previous page")
                           ) -> list[dict[str, Any]]:
        """Public matches, the most recently changed first, a page at a time (the next page's cursor is in the
        X-Next-Cursor header and a Link rel="next"; none after the last page)."""
        result, following = await call(service.list_matches, status, limit, cursor)
        if following is not None:
            response.headers["X-Next-Cursor"] = following
            query = f"limit={limit}&cursor={following}" + (f"&status={status}" if status else "")
            response.headers["Link"] = f'</api/matches?{query}>; rel="next"'
        matches: list[dict[str, Any]] = result
        return matches

    @app.get("/api/matches/{match_id}", tags=["lobby"], responses=ERRORS)
    async def match_summary(match_id: str) -> dict[str, Any]:
        result: dict[str, Any] = await call(service.summary, match_id)
        return result

    @app.post("/api/matches/{match_id}/join", tags=["lobby"], responses=ERRORS)
    async def join_match(match_id: str, body: JoinBody | None = None) -> dict[str, Any]:
        """Take an open seat (the invite's, else the lowest if none is named); 409 when none is open. A private
        match needs the seat's ``invite`` (403 without it)."""
        body = body or JoinBody()
        change, answer = await call(service.join, match_id, body.seat, body.name, body.invite)
        server.announce(match_id, change)
        result: dict[str, Any] = answer
        return result

    @app.get("/api/matches/{match_id}/state", tags=["play"], responses={200: {"model": StateMessage}, **ERRORS})
    async def match_state(match_id: str, authorization: Token = None,
                          seat: int | None = Query(default=None)) -> Response:
        """The state message of a seat whose token is given, or the spectator's."""
        token = bearer_token(authorization)
        held = await call(service.seats_for, match_id, token)
        if seat is not None:
            chosen: int | None = service.pick_seat(held, seat, token is not None)
        else:
            chosen = held[0] if held else None
        return json_text(await call(service.state, match_id, chosen))

    @app.get("/api/matches/{match_id}/text", tags=["play"], responses=ERRORS)
    async def match_text(match_id: str, authorization: Token = None,
                         seat: int | None = Query(default=None)) -> dict[str, Any]:
        """The board as text (what the CLI prints) for the token's seat, or the spectator's without a token: the
        "describe the board" control of the match page reads it. Hidden information as in the state message."""
        token = bearer_token(authorization)
        held = await call(service.seats_for, match_id, token)
        viewer: int | None = service.pick_seat(held, seat, token is not None) if seat is not None else \
            (held[0] if held else None)
        result: dict[str, Any] = await call(board_text, service, match_id, viewer)
        return result

    async def acting_seat(match_id: str, authorization: str | None, seat: int | None, what: str) -> int:
        """The seat a request acts for: the token must be given and must hold it."""
        token = bearer_token(authorization)
        if token is None:
            raise errors.unauthorized(f"{what} needs the seat's token (Authorization: Bearer TOKEN)")
        held = await call(service.seats_for, match_id, token)
        chosen: int = service.pick_seat(held, seat, True)
        return chosen

    @app.post("/api/matches/{match_id}/actions", tags=["play"],
              responses={200: {"model": StateMessage}, **ERRORS})
    async def post_action(match_id: str, body: ActionBody, authorization: Token = None) -> Response:
        """Submit an action of a seat (the token must hold it) made on ``version``."""
        seat = await acting_seat(match_id, authorization, body.seat, "acting")
        change: Change = await call(service.act, match_id, seat, body.action, body.version)
        server.announce(match_id, change)
        return json_text(change.answer)

    @app.post("/api/matches/{match_id}/undo", tags=["play"], responses={200: {"model": StateMessage}, **ERRORS})
    async def post_undo(match_id: str, body: UndoBody, authorization: Token = None) -> Response:
        """Take back the seat's own last step, where the engine allows it."""
        seat = await acting_seat(match_id, authorization, body.seat, "undo")
        change: Change = await call(service.undo, match_id, seat, body.version)
        server.announce(match_id, change)
        return json_text(change.answer)

    @app.post("/api/matches/{match_id}/notify", status_code=204, tags=["play"], responses=ERRORS)
    async def register_notice(match_id: str, body: NotifyBody, request: Request,
                              authorization: Token = None) -> Response:
        """Where to tell the seat "your turn": an http(s) webhook (JSON POST) or a mailto: address (needs
        BRASSBOARD_SMTP_URL); one per seat, the last one counts; ``url: null`` removes it. Webhooks to loopback
        or private addresses are refused unless BRASSBOARD_WEBHOOK_ALLOW_PRIVATE=1."""
        seat = await acting_seat(match_id, authorization, body.seat, "registering a notice")
        target = None
        if body.url:
            url = await check_target(body.url, server.settings.notices)
            target = {"url": url, "base": str(request.base_url).rstrip("/")}
        await call(service.set_notify, match_id, seat, target)
        return Response(status_code=204)

    @app.post("/api/matches/{match_id}/rematch", status_code=201, tags=["lobby"], responses=ERRORS)
    async def rematch(match_id: str, response: Response, authorization: Token = None) -> dict[str, Any]:
        """A finished match played again: same game, players, options, clock, seat kinds and names (201 with new
        links for the caller's seats). The finished match's summary then names it (``rematch``); every other
        seat holder takes its place the same way, with its own token (200)."""
        token = bearer_token(authorization)
        if token is None:
            raise errors.unauthorized("a rematch needs a seat's token of the finished match (Bearer TOKEN)")
        created, answer, changes = await call(service.rematch, match_id, token)
        for changed_id, change in changes:
            server.announce(changed_id, change)
        if not created:
            response.status_code = 200
        if answer["status"] == "running":
            if any(seat["kind"].startswith("bot:") for seat in answer["seats"]):
                server.bots.ensure(answer["id"])
            server.clock_keeper.wake()
        result: dict[str, Any] = answer
        return result

    @app.get("/api/matches/{match_id}/replay", tags=["replay"], responses=ERRORS)
    async def replay(match_id: str, at: int | None = Query(default=None, ge=0)) -> Response:
        """The public view after ``at`` actions (default: all), with the log up to there."""
        return json_text(await call(service.replay, match_id, at))

    @app.get("/api/matches/{match_id}/record", tags=["replay"], responses=ERRORS)
    async def record(match_id: str) -> dict[str, Any]:
        """The match record (game, players, seed, options, actions) — once the match is finished."""
        result: dict[str, Any] = await call(service.record, match_id)
        return result


WS_ERRORS = {"stale", "illegal", "forbidden", "bad_request", "not_found"}
SOCKET_PATH = re.compile(r"/ws/matches/([^/]+)")


class RawSocket:
    """What :class:`~brassboard.server.hub.Connection` needs of a WebSocket, straight on the ASGI ``send``."""

    __slots__ = ("_send",)

    def __init__(self, send: Send) -> None:
        self._send = send

    async def send_text(self, text: str) -> None:
        await self._send({"type": "websocket.send", "text": text})

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self._send({"type": "websocket.close", "code": code, "reason": reason or ""})


class MatchSockets:
    """``/ws/matches/ID``: the WebSocket of docs/api.md, served on plain ASGI.

    The socket carries every move, and the framework's routing, middleware and per-message wrappers cost more
    than the move itself; everything else goes on to the FastAPI app.
    """

    def __init__(self, app: ASGIApp, server: Server) -> None:
        self.app = app
        self.server = server
        self.service = server.service
        self.limit = server.settings.max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            root: str = scope.get("root_path", "")
            if root and path.startswith(root):
                path = path[len(root):]
            found = SOCKET_PATH.fullmatch(path)
            if found is not None:
                await self.session(found.group(1), scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def session(self, match_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        service = self.service
        if (await receive())["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        socket = RawSocket(send)
        token = QueryParams(scope.get("query_string", b"")).get("token")  # the last one, as a query parameter
        try:
            held: list[int] = await service.run(service.seats_for, match_id, token or None)
        except ApiError as exc:
            kind = exc.error if exc.error in WS_ERRORS else "forbidden"
            await socket.send_text(dumps({"type": "error", "error": kind, "detail": exc.detail, "version": None}))
            await socket.close(code=4404 if exc.status == 404 else 4403)
            return
        connection = Connection(socket, match_id, held or [None])
        self.server.fanout.add(connection)
        writer = asyncio.create_task(connection.write())
        heard = [time.monotonic()]
        guards = self.server.settings.guards
        silent = Silence(asyncio.current_task())
        pinger = asyncio.create_task(heartbeat(lambda: heard[0], connection.send, silent.give_up,
                                               guards.ws_ping_interval, guards.ws_ping_timeout))
        try:
            await self.server.fanout.sync(connection)
            while True:
                message = await receive()
                heard[0] = time.monotonic()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    text = data.decode("utf-8", errors="replace")
                await self.handle(connection, text, held, token is not None)
                if writer.done():  # the client could not keep up and was dropped
                    break
        except asyncio.CancelledError:
            if not silent.ended():  # the server is stopping
                raise
            with contextlib.suppress(Exception):
                await socket.close(1001, "no answer to ping")
        finally:
            pinger.cancel()
            self.server.fanout.remove(connection)
            connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)
            writer.cancel()

    async def handle(self, connection: Connection, text: str, held: list[int], token_given: bool) -> None:
        service = self.service
        try:
            if len(text) > self.limit // 4 and len(text.encode("utf-8")) > self.limit:  # 4 bytes a character at most
                raise errors.bad_request(f"messages are limited to {self.limit // 1024} KiB")
            check_json_depth(text, self.server.settings.guards.max_json_depth, f"WebSocket of {connection.match_id}")
            try:
                data = loads(text)
            except ValueError:
                raise errors.bad_request("a message must be a JSON object") from None
            if not isinstance(data, dict):
                raise errors.bad_request("a message must be a JSON object")
            kind = data.get("type")
            if kind == "pong":  # the answer to the keep-alive ping: hearing it was all it was for
                return
            if kind == "sync":
                await self.server.fanout.sync(connection)
                return
            if kind not in ("action", "undo"):
                raise errors.bad_request("type must be 'action', 'undo' or 'sync'")
            seat = _field(data, "seat", int, optional=True)
            version = _field(data, "version", int)
            if not token_given:
                raise errors.forbidden("a spectator cannot act: open the match with a seat's token")
            chosen = service.pick_seat(held, seat, True)
            if kind == "action":
                action = _field(data, "action", str)
                change: Change = await service.run(service.act, connection.match_id, chosen, action, version)
            else:
                change = await service.run(service.undo, connection.match_id, chosen, version)
        except ApiError as exc:
            kind = exc.error if exc.error in WS_ERRORS else ("forbidden" if exc.status in (401, 403) else
                                                             "bad_request")
            await self.reply_error(connection, kind, exc.detail, exc.extra.get("version"))
        except Exception as exc:  # a rules bug (or the storage failing) must not cost the client its connection
            failure = websocket_failure(exc, connection.match_id)
            if failure is not None:
                connection.send(json.dumps(failure))
                return
            log.exception("WebSocket message on match %s failed", connection.match_id)
            await self.reply_error(connection, "internal", "internal server error", None)
        else:
            # the answer to this client is the push itself: made here, not in a task of its own (the next message
            # on this socket waits for it, as it waits for the match's next state anyway)
            try:
                # SQLite runs inline: nothing ran between the commit and this push, so the match needs no check
                await self.server.changed(connection.match_id, change, current=service.inline)
            except Exception:  # committed already: only live updates are late, as with a background task
                log.exception("announcing a change of match %s failed", connection.match_id)

    async def reply_error(self, connection: Connection, kind: str, detail: str, version: int | None) -> None:
        if version is None:
            with contextlib.suppress(Exception):
                version = (await self.service.run(self.service.summary, connection.match_id))["version"]
        connection.send(json.dumps({"type": "error", "error": kind, "detail": detail, "version": version}))


def _field(data: dict[str, Any], name: str, kind: type, optional: bool = False) -> Any:
    value = data.get(name)
    if value is None and optional:
        return None
    if type(value) is not kind:  # exactly: true is no seat number
        raise errors.bad_request(f"{name} must be {'a whole number' if kind is int else 'text'}")
    return value
