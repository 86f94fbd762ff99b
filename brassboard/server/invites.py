"""Private seats and the lobby's pages: invite secrets for open seats, and the cursor of the match list.

A private match is not listed, and each of its open seats is taken only with that seat's invite, a secret sent in
the invite link (``/m/ID?invite=SECRET``) the creator passes on. Only the invite's SHA-256 is stored, as with seat
tokens. A public match is listed and anyone may take its open seats.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import secrets
from datetime import datetime

from . import errors
from .models import PRIVATE, VISIBILITIES
from .store import Cursor, SeatRecord


def new_invite() -> str:
    return secrets.token_urlsafe(18)


def invite_link(match_id: str, invite: str) -> str:
    return f"/m/{match_id}?invite={invite}"


def check_visibility(visibility: str) -> str:
    if visibility not in VISIBILITIES:
        raise errors.invalid(f"visibility is one of {', '.join(VISIBILITIES)}, not {visibility!r}")
    return visibility


def invited_seat(seats: list[SeatRecord], visibility: str, asked: int | None, invite: str | None,
                 digest: str | None) -> int | None:
    """The seat a join may take: the invite's seat (it must be the one asked for, if one is), or for a public
    match without an invite the seat asked for (None: the lowest open one). 403 ``forbidden`` for a private match
    without a valid invite. ``digest`` is the invite's hash (the caller hashes it as it hashes tokens)."""
    if invite is None or digest is None:
        if visibility == PRIVATE:
            raise errors.forbidden("this match is private: an open seat is taken only with its invite link")
        return asked
    for seat in seats:
        if seat.invite_hash is not None and not seat.taken and hmac.compare_digest(seat.invite_hash, digest):
            if asked is not None and asked != seat.seat:
                raise errors.forbidden(f"this invite is for seat {seat.seat}, not seat {asked}")
            return seat.seat
    raise errors.forbidden("this invite is not valid for an open seat of this match (it may have been used)")


def encode_cursor(cursor: Cursor) -> str:
    moment, match_id = cursor
    text = f"{moment.isoformat()}|{match_id}"
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def decode_cursor(text: str) -> Cursor:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
        moment, match_id = raw.split("|", 1)
        return datetime.fromisoformat(moment), match_id
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise errors.invalid("cursor is not one this server gave (take it from the X-Next-Cursor header)") from None
