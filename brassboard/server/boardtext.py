"""The board as text for one viewer (issue 17): what the CLI's ``play`` prints, served to the browser's "describe the
board" control and read aloud by screen readers. The game's own ``render_text`` (else its ``view`` as compact JSON)
decides what a viewer may see, the same rule as the state messages: a seat reads its own secrets and nobody else's,
a spectator reads none."""

from __future__ import annotations

from typing import Any

from brassboard.cli import render_state

from .service import MatchService, Seat


def board_text(service: MatchService, match_id: str, seat: Seat) -> dict[str, Any]:
    """``{"match", "version", "seat", "text"}``: the match's current state rendered for ``seat`` (None: spectator)."""
    live = service._live(match_id)
    with live.lock:
        service._sync(live)
        text = render_state(live.state, seat)  # exactly what `brassboard play` prints for this seat
        return {"match": match_id, "version": live.version, "seat": seat, "text": text}
