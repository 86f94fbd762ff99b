"""Storage failures said plainly: a read-only, full or vanished database answers 503 ``unavailable`` with the cause
in words, one log line and no traceback; nothing half-done stays in memory (the service drops a live match whose
write failed and reloads it from the database, which still holds the last committed state).

A failure at start-up (no database to open or migrate) is logged in one line naming the database before the
server stops with a non-zero exit status; a fatal signal prints the Python stack (``faulthandler``), so the process
never ends without a word.
"""

from __future__ import annotations

import errno
import faulthandler
import logging
import sqlite3
import sys
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from .errors import ApiError

log = logging.getLogger("brassboard.server")

RETRY_AFTER_SECONDS = 30

# (what the driver says, what we tell the client): SQLite's messages and PostgreSQL's (psycopg) usual ones
_CAUSES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("readonly database", "read-only", "read only"), "the database is read-only"),
    (("disk is full", "no space left", "could not extend file"), "the database's disk is full"),
    (("unable to open database", "no such table", "disk i/o error", "file is not a database", "malformed"),
     "the database file is missing or damaged"),
    (("database is locked", "database table is locked"), "the database is busy"),
    (("connection refused", "could not connect", "server closed the connection", "terminating connection",
      "connection is closed", "connection timeout", "the database system is"), "the database cannot be reached"),
)
_ERRNO_CAUSES = {errno.EROFS: "the data folder is read-only", errno.ENOSPC: "the data folder's disk is full",
                 errno.EACCES: "the data folder may not be written", errno.ENOENT: "the data folder is gone"}


def storage_failure(exc: BaseException) -> str | None:
    """The cause, in words, if ``exc`` is the storage failing (rather than a bug); None otherwise."""
    if isinstance(exc, OSError) and exc.errno in _ERRNO_CAUSES:
        return _ERRNO_CAUSES[exc.errno]
    if isinstance(exc, DBAPIError | sqlite3.OperationalError | sqlite3.DatabaseError):
        text = str(exc.orig if isinstance(exc, DBAPIError) else exc).lower()
        for needles, cause in _CAUSES:
            if any(needle in text for needle in needles):
                return cause
        if isinstance(exc, DBAPIError) and exc.connection_invalidated:
            return "the database connection was lost"
    return None


def unavailable(cause: str) -> ApiError:
    return ApiError(503, "unavailable", f"storage unavailable: {cause}; nothing was changed, try again later")


def log_failure(cause: str, exc: BaseException, where: str) -> None:
    """One line for the operator: what failed, where, and the driver's own words (no traceback)."""
    message = " ".join(str(exc).split())[:300]
    log.error("storage unavailable during %s: %s (%s: %s)", where, cause, type(exc).__name__, message)


def add_failure_handlers(app: FastAPI) -> None:
    """Answer storage failures of any request with 503 ``unavailable`` and ``Retry-After``."""

    async def storage_error(request: Request, exc: Exception) -> JSONResponse:
        cause = storage_failure(exc)
        if cause is None:  # a bug, not the storage: the usual 500 with its traceback in the log
            log.error("internal error", exc_info=exc)
            return JSONResponse({"error": "internal", "detail": "internal server error"}, status_code=500)
        log_failure(cause, exc, f"{request.method} {request.url.path}")
        return JSONResponse(unavailable(cause).to_dict(), status_code=503,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    for kind in (SQLAlchemyError, sqlite3.Error, OSError):
        app.add_exception_handler(kind, storage_error)


def websocket_failure(exc: BaseException, match_id: str) -> dict[str, Any] | None:
    """The WebSocket ``error`` message for a storage failure (logged in one line), or None for anything else."""
    cause = storage_failure(exc)
    if cause is None:
        return None
    log_failure(cause, exc, f"a WebSocket message on match {match_id}")
    return {"type": "error", "error": "unavailable", "detail": unavailable(cause).detail, "version": None}


def start_failure(exc: BaseException, database: str) -> None:
    """Log, in one line, why the server cannot start with its database (it then exits non-zero)."""
    cause = storage_failure(exc) or f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
    log.critical("cannot start: the database %s cannot be used: %s", database, cause)


def report_fatal_signals() -> None:
    """A crash in native code (SIGSEGV, SIGABRT, ...) prints every thread's Python stack to stderr."""
    if not faulthandler.is_enabled():
        faulthandler.enable(file=sys.stderr, all_threads=True)
