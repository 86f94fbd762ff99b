""""Your turn" notices (issue 12): a seat's webhook or e-mail, sent when the seat becomes active.

A seat holder registers one target per seat (``POST /api/matches/ID/notify``): an ``http(s)://`` webhook URL or a
``mailto:`` address (e-mail needs ``BRASSBOARD_SMTP_URL``). When the seat becomes active the server POSTs JSON
``{"type": "your_turn", "match", "seat", "version", "link", "content"}`` to the webhook (``content`` is one line of
text, so Discord and Slack incoming webhooks take the body as it is) or sends a short plain-text e-mail.

Nothing here can delay a match: the change that makes a seat active only puts a notice on a bounded queue; a few
background tasks deliver them with a short timeout and a few retries with backoff (a dropped notice is logged, never
retried forever). A seat's notices are coalesced: while one waits, a newer one replaces it.

Webhooks to loopback, private, link-local or otherwise non-public addresses are refused (the host is resolved and
every address it gives is checked, at registration and again before each delivery) unless
``BRASSBOARD_WEBHOOK_ALLOW_PRIVATE=1`` — a server must not be made to probe its own network. Redirects are not
followed (a public URL could redirect inward). Limitation: between the check and the connection the name could be
resolved anew to another address (DNS rebinding); the check narrows that window, it does not close it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import re
import smtplib
import ssl
import urllib.parse
from collections import OrderedDict
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import httpx2

from . import errors

log = logging.getLogger("brassboard.server")

MAX_URL_LENGTH = 2000
DELIVERY_TIMEOUT = 3.0
"""Seconds a webhook (or the SMTP server) has to answer one attempt."""
RETRIES = 3
"""Attempts after the first when a delivery fails for a reason that may pass (network, timeout, 5xx, 429)."""
BACKOFF = 1.0
"""Seconds before the first retry; doubled before each next one."""
QUEUE_LIMIT = 1000
"""Notices waiting for delivery; beyond this the oldest waiting one is dropped (and logged)."""
SENDERS = 4
"""Deliveries under way at once."""
RESOLVE_TIMEOUT = 3.0

_ADDRESS = re.compile(r"^[^@\s<>,;:\"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$")


@dataclass(frozen=True)
class TurnNotice:
    """One "your turn" notice: the seat that became active and where to tell it."""

    match: str
    game: str
    seat: int
    name: str
    version: int
    url: str  # http(s)://... or mailto:...
    base: str  # the server's address as the player reached it (the link's start)

    @property
    def link(self) -> str:
        return f"{self.base.rstrip('/')}/m/{self.match}"

    def content(self) -> str:
        from brassboard.engine import game_info

        try:
            title = game_info(self.game).name
        except ValueError:
            title = self.game
        return f"Your turn, {self.name} (seat {self.seat + 1}), in {title} — move {self.version}: {self.link}"

    def payload(self) -> dict[str, Any]:
        return {"type": "your_turn", "match": self.match, "seat": self.seat, "version": self.version,
                "link": self.link, "content": self.content()}


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class NoticeSettings:
    allow_private: bool = False  # BRASSBOARD_WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach private addresses
    smtp_url: str | None = None  # BRASSBOARD_SMTP_URL: smtp://[user:password@]host[:port][?from=ADDRESS&starttls=1]
    timeout: float = DELIVERY_TIMEOUT
    retries: int = RETRIES
    backoff: float = BACKOFF
    queue: int = QUEUE_LIMIT

    @classmethod
    def from_env(cls) -> NoticeSettings:
        smtp = os.environ.get("BRASSBOARD_SMTP_URL", "").strip() or None
        if smtp is not None:
            SmtpTarget.parse(smtp)  # a malformed URL stops the server at start, not at the first e-mail
        return cls(allow_private=_flag("BRASSBOARD_WEBHOOK_ALLOW_PRIVATE"), smtp_url=smtp)


# ----- checking targets ---------------------------------------------------------------------------------------------
def public_address(address: str) -> bool:
    """Whether an IP address is one the public internet routes to (not loopback, private, link-local, reserved,
    multicast, unspecified, shared or documentation space)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


async def check_webhook_host(url: str, allow_private: bool) -> None:
    """Refuse (ApiError 422) a webhook whose host resolves to any non-public address, unless allowed."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname
    if host is None:
        raise errors.invalid("the webhook URL names no host")
    if allow_private:
        return
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise errors.invalid("the webhook URL's port is not a number from 0 to 65535") from None
    loop = asyncio.get_running_loop()
    try:
        found = await asyncio.wait_for(loop.getaddrinfo(host, port), RESOLVE_TIMEOUT)
    except (OSError, TimeoutError):
        raise errors.invalid(f"the webhook's host {host!r} cannot be resolved") from None
    addresses = sorted({str(info[4][0]) for info in found})
    refused = [address for address in addresses if not public_address(address)]
    if refused or not addresses:
        raise errors.invalid(f"webhooks to loopback, private or link-local addresses are refused ({host} is "
                             f"{', '.join(refused) or 'nowhere'}); a server allows them with "
                             "BRASSBOARD_WEBHOOK_ALLOW_PRIVATE=1")


async def check_target(url: str, settings: NoticeSettings) -> str:
    """The target as it will be stored, or ApiError 422 saying why it is refused."""
    url = url.strip()
    if len(url) > MAX_URL_LENGTH:
        raise errors.invalid(f"a notice URL has at most {MAX_URL_LENGTH} characters")
    scheme = url.split(":", 1)[0].lower()
    if scheme == "mailto":
        address = urllib.parse.unquote(url[len("mailto:"):])
        if settings.smtp_url is None:
            raise errors.invalid("this server sends no e-mail (BRASSBOARD_SMTP_URL is not set): give a webhook URL")
        if not _ADDRESS.match(address):
            raise errors.invalid(f"{address!r} is not an e-mail address")
        return f"mailto:{address}"
    if scheme not in ("http", "https"):
        raise errors.invalid("a notice URL is an http(s):// webhook or a mailto: address")
    parts = urllib.parse.urlsplit(url)
    if parts.username is not None or parts.password is not None:
        raise errors.invalid("a webhook URL carries no user name or password")
    await check_webhook_host(url, settings.allow_private)
    return url


# ----- e-mail -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    ssl: bool
    starttls: bool
    user: str | None
    password: str | None
    sender: str

    @classmethod
    def parse(cls, url: str) -> SmtpTarget:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("BRASSBOARD_SMTP_URL must be smtp://[user:password@]host[:port][?from=ADDRESS] "
                             "(or smtps:// for TLS from the start; ?starttls=1 to upgrade)")
        query = urllib.parse.parse_qs(parts.query)
        secure = parts.scheme == "smtps"
        sender = query.get("from", [f"brassboard@{parts.hostname}"])[0]
        return cls(parts.hostname, parts.port or (465 if secure else 25), secure,
                   query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
                   urllib.parse.unquote(parts.username) if parts.username else None,
                   urllib.parse.unquote(parts.password) if parts.password else None, sender)

    def send(self, to: str, subject: str, text: str, timeout: float) -> None:
        """One e-mail through this server (blocking: call it in a thread)."""
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(text)
        client: smtplib.SMTP = (smtplib.SMTP_SSL(self.host, self.port, timeout=timeout,
                                                 context=ssl.create_default_context()) if self.ssl
                                else smtplib.SMTP(self.host, self.port, timeout=timeout))
        with client:
            if self.starttls:
                client.starttls(context=ssl.create_default_context())
            if self.user is not None:
                client.login(self.user, self.password or "")
            client.send_message(message)


# ----- delivery -----------------------------------------------------------------------------------------------------
class Retry(Exception):
    """A delivery attempt failed for a reason that may pass."""


@dataclass
class Notifier:
    """The queue of notices and the background tasks that deliver them."""

    settings: NoticeSettings = field(default_factory=NoticeSettings)
    transport: Any = None  # an httpx2 transport (tests); None: the network
    delivered: int = 0  # counters, for logs and tests
    failed: int = 0
    dropped: int = 0

    def __post_init__(self) -> None:
        self._waiting: OrderedDict[tuple[str, int], TurnNotice] = OrderedDict()
        self._ready = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._client: httpx2.AsyncClient | None = None
        self._smtp = SmtpTarget.parse(self.settings.smtp_url) if self.settings.smtp_url else None

    def start(self) -> None:
        self._client = httpx2.AsyncClient(timeout=self.settings.timeout, follow_redirects=False,
                                          transport=self.transport, trust_env=False)
        self._tasks = [asyncio.create_task(self._sender(), name=f"notices-{n}") for n in range(SENDERS)]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def submit(self, notice: TurnNotice) -> None:
        """Queue a notice (never waits): a newer notice of the same seat replaces one still waiting."""
        key = (notice.match, notice.seat)
        self._waiting.pop(key, None)
        self._waiting[key] = notice
        while len(self._waiting) > self.settings.queue:
            (match_id, seat), _old = self._waiting.popitem(last=False)
            self.dropped += 1
            log.warning("your-turn notice of match %s seat %d dropped: %d notices wait", match_id, seat,
                        self.settings.queue)
        self._ready.set()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    async def _sender(self) -> None:
        while True:
            while not self._waiting:
                self._ready.clear()
                await self._ready.wait()
            _key, notice = self._waiting.popitem(last=False)
            try:
                await self.deliver(notice)
                self.delivered += 1
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.failed += 1
                log.warning("your-turn notice of match %s seat %d not delivered: %s", notice.match, notice.seat,
                            exc)

    async def deliver(self, notice: TurnNotice) -> None:
        """One notice, retried with backoff while failures may pass; raises the last failure."""
        pause = self.settings.backoff
        for attempt in range(self.settings.retries + 1):
            try:
                await self._attempt(notice)
                return
            except Retry:
                if attempt == self.settings.retries:
                    raise
            await asyncio.sleep(pause)
            pause *= 2

    async def _attempt(self, notice: TurnNotice) -> None:
        if notice.url.startswith("mailto:"):
            if self._smtp is None:
                raise errors.invalid("no SMTP server is configured")
            subject = f"Your turn in match {notice.match}"
            try:
                await asyncio.to_thread(self._smtp.send, notice.url[len("mailto:"):], subject, notice.content(),
                                        self.settings.timeout)
            except (OSError, smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError) as exc:
                raise Retry(str(exc)) from exc
            return
        await check_webhook_host(notice.url, self.settings.allow_private)  # again: the name may point elsewhere now
        assert self._client is not None, "start() the notifier first"
        try:
            answer = await self._client.post(notice.url, json=notice.payload())
        except httpx2.HTTPError as exc:
            raise Retry(f"{type(exc).__name__}: {exc}") from exc
        if answer.status_code == 429 or answer.status_code >= 500:
            raise Retry(f"HTTP {answer.status_code}")
        if answer.status_code >= 300:
            raise errors.invalid(f"the webhook answered HTTP {answer.status_code}")  # its fault: no retry
