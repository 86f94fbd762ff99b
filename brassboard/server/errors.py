"""The one error type of the server: a refusal with an HTTP status, a kind and a readable reason.

The kinds are the ``error`` field of every JSON error and of WebSocket ``error`` messages (docs/api.md).
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, error: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.error = error
        self.detail = detail
        self.extra = extra

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.error, "detail": self.detail, **self.extra}


def bad_request(detail: str) -> ApiError:
    return ApiError(400, "bad_request", detail)


def invalid(detail: str) -> ApiError:
    """Well-formed input whose values the lobby cannot accept (unknown game, bad player count, option, ...)."""
    return ApiError(422, "invalid", detail)


def illegal(detail: str, version: int) -> ApiError:
    return ApiError(422, "illegal", detail, version=version)


def stale(sent: int, current: int) -> ApiError:
    return ApiError(409, "stale", f"the action was made on version {sent}; the match is at version {current}",
                    version=current)


def not_found(match_id: str) -> ApiError:
    return ApiError(404, "not_found", f"no match {match_id!r}")


def no_such(detail: str) -> ApiError:
    return ApiError(404, "not_found", detail)


def unauthorized(detail: str) -> ApiError:
    return ApiError(401, "unauthorized", detail)


def forbidden(detail: str) -> ApiError:
    return ApiError(403, "forbidden", detail)
