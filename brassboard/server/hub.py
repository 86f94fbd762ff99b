"""Live updates: the WebSocket connections of this process (:class:`Fanout`) and the channel between server
processes (:class:`Broadcaster`: in memory, or Redis pub/sub when ``BRASSBOARD_REDIS_URL`` is set).

A broadcast says only "match M is now at revision R". The database is the record: a process that hears of a
change reloads the match's new actions from it before pushing state to its own clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from .service import MatchService, Seat

log = logging.getLogger("brassboard.server")

Listener = Callable[[str | None, int], Coroutine[Any, Any, None]]
"""Called with (match id, revision) for a change made by another process; (None, 0): anything may have changed."""

CONNECTION_QUEUE = 64
"""State messages waiting for one slow client; beyond this the client is disconnected (it resyncs on reconnect)."""


# ----- between processes --------------------------------------------------------------------------------------------
class Broadcaster(ABC):
    @abstractmethod
    async def start(self, origin: str, listener: Listener) -> None: ...

    @abstractmethod
    async def publish(self, origin: str, match_id: str, revision: int) -> None: ...

    @abstractmethod
    async def stop(self, origin: str) -> None: ...


class InMemoryBroadcaster(Broadcaster):
    """Delivers to the other app instances of this Python process that share it (one alone: to nobody).

    Each instance may run its own event loop (as test clients do), so delivery is scheduled into the listener's
    loop.
    """

    def __init__(self) -> None:
        self._listeners: dict[str, tuple[asyncio.AbstractEventLoop, Listener]] = {}

    async def start(self, origin: str, listener: Listener) -> None:
        self._listeners[origin] = (asyncio.get_running_loop(), listener)

    async def publish(self, origin: str, match_id: str, revision: int) -> None:
        for other, (loop, listener) in list(self._listeners.items()):
            if other != origin and not loop.is_closed():
                asyncio.run_coroutine_threadsafe(listener(match_id, revision), loop)

    async def stop(self, origin: str) -> None:
        self._listeners.pop(origin, None)


class RedisBroadcaster(Broadcaster):
    """Redis pub/sub on one channel; every process hears every change and ignores its own."""

    CHANNEL = "brassboard:matches"
    RETRY_SECONDS = 1.0

    def __init__(self, url: str | None = None, client: Any = None) -> None:
        if client is None:
            from redis.asyncio import Redis

            if url is None:
                raise ValueError("RedisBroadcaster needs a URL or a client")
            client = Redis.from_url(url)
        self.client = client
        self._task: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()

    async def start(self, origin: str, listener: Listener) -> None:
        self._task = asyncio.create_task(self._listen(origin, listener), name="brassboard-redis-listener")
        with contextlib.suppress(TimeoutError):  # no Redis yet: the server still serves; the listener retries
            await asyncio.wait_for(self._subscribed.wait(), timeout=5)

    async def _listen(self, origin: str, listener: Listener) -> None:
        first = True
        while True:
            try:
                pubsub = self.client.pubsub(ignore_subscribe_messages=True)
                try:
                    await pubsub.subscribe(self.CHANNEL)
                    self._subscribed.set()
                    if not first:  # messages may have been missed while disconnected: resync every client
                        await listener(None, 0)
                    first = False
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        try:
                            data = json.loads(message["data"])
                            match_id, revision, sender = str(data["match"]), int(data["revision"]), data["origin"]
                        except (ValueError, KeyError, TypeError):
                            log.warning("ignoring a malformed pub/sub message: %r", message.get("data"))
                            continue
                        if sender != origin:
                            await listener(match_id, revision)
                finally:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis pub/sub unavailable (%s); retrying", exc)
                await asyncio.sleep(self.RETRY_SECONDS)

    async def publish(self, origin: str, match_id: str, revision: int) -> None:
        payload = json.dumps({"match": match_id, "revision": revision, "origin": origin})
        try:
            await self.client.publish(self.CHANNEL, payload)
        except Exception as exc:  # the change is committed; only other processes' live updates are late
            log.warning("could not publish a change of match %s: %s", match_id, exc)

    async def stop(self, origin: str) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self.client.aclose()


# ----- inside this process ------------------------------------------------------------------------------------------
class Socket(Protocol):
    """The two operations a connection needs of its WebSocket (starlette's WebSocket has them too)."""

    async def send_text(self, text: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """One WebSocket client: the seats it receives state for ([None] for a spectator) and its send queue."""

    def __init__(self, websocket: Socket, match_id: str, seats: Sequence[Seat]) -> None:
        self.websocket = websocket
        self.match_id = match_id
        self.seats = list(seats)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=CONNECTION_QUEUE)
        self.last_revision = -1
        self.overflowed = False

    def offer_state(self, revision: int, texts: dict[Seat, str]) -> None:
        """Queue the state messages of ``revision``, unless this client already has a newer or equal one.

        State computations run in worker threads and may finish out of order; the revision check keeps a
        client's states in order.
        """
        if revision <= self.last_revision:
            return
        self.last_revision = revision
        for seat in self.seats:
            self.send(texts[seat])

    def offer_sync(self, revision: int, texts: dict[Seat, str]) -> None:
        """Queue the current state even if the client has it (it asked); never one older than it has."""
        if revision < self.last_revision:
            return
        self.last_revision = revision
        for seat in self.seats:
            self.send(texts[seat])

    def send(self, text: str) -> None:
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True  # too slow to follow: drop it; a reconnect resynchronises
            self.queue = asyncio.Queue(maxsize=1)
            self.queue.put_nowait(None)

    def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    async def write(self) -> None:
        """Send queued messages until closed (None)."""
        while True:
            text = await self.queue.get()
            if text is None:
                if self.overflowed:
                    with contextlib.suppress(Exception):
                        await self.websocket.close(code=1013, reason="too slow; reconnect")
                return
            await self.websocket.send_text(text)


class Fanout:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.connections: dict[str, set[Connection]] = {}

    def add(self, connection: Connection) -> None:
        self.connections.setdefault(connection.match_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        group = self.connections.get(connection.match_id)
        if group is not None:
            group.discard(connection)
            if not group:
                del self.connections[connection.match_id]

    def has_clients(self, match_id: str) -> bool:
        return bool(self.connections.get(match_id))

    async def push(self, match_id: str, current: bool = False) -> None:
        """Send the match's current state to every client of it in this process (``current``: see
        :meth:`MatchService.messages`)."""
        group = list(self.connections.get(match_id, ()))
        if not group:
            return
        seats = list(dict.fromkeys(seat for connection in group for seat in connection.seats))
        revision, texts = await self.service.run(self.service.messages, match_id, seats, current)
        for connection in group:
            connection.offer_state(revision, texts)

    async def sync(self, connection: Connection) -> None:
        """Send one client the current state, even if it has it already (connect and ``sync``)."""
        revision, texts = await self.service.run(self.service.messages, connection.match_id, connection.seats)
        connection.offer_sync(revision, texts)
