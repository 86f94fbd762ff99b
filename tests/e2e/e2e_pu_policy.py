"""The human seat's choices in the Planet Unknown browser test: a pure function of the seat's view and legal actions.

The browser test carries each choice out by clicking. The policy plays so that the first rounds show what the test
looks at: tiles placed in turned and mirrored orientations, rover tiles first (a rover is deployed and moved),
benefits resolved on the tracks, a turn of the station with a preview. After that it plays plainly (a seeded random
choice among the legal actions, rovers moved a little, then confirm) so the game ends quickly.
"""

from __future__ import annotations

import random
from typing import Any

from brassboard.games.planet_unknown.view import static_figures

SEED = 11
SEATS = ["human", "bot:random", "bot:random", "bot:random"]
SOLO_SEED = 3
MAX_ROVES_PER_TURN = 2


def _args(text: str) -> list[str]:
    return text.split(" ")[1:]


def choose(view: dict[str, Any], legal: list[str], seat: int, version: int, moved: int = 0) -> str:
    """The action the human seat takes now (one of ``legal``); ``moved``: rover steps made this turn already."""
    if not legal:
        raise ValueError("no legal action")
    rng = random.Random(version * 7919 + seat)
    places = [a for a in legal if a.startswith("place ")]
    if places:
        round_no = view["round"]
        tiles = static_figures()["tiles"]
        depot = view.get("depot_tiles") or {}

        def has_rover(action: str) -> bool:
            tile = depot.get(_args(action)[0])
            return bool(tile) and "rover" in tiles[tile["type"]][1:3]

        pool = places
        if round_no <= 4 and any(has_rover(a) for a in pool):
            pool = [a for a in pool if has_rover(a)]
        # round 1: a mirrored orientation (4-7); round 2: a turned one (1-3): the test uses both keys and buttons
        wanted = {1: range(4, 8), 2: range(1, 4)}.get(round_no)
        if wanted is not None and any(int(_args(a)[3]) in wanted for a in pool):
            pool = [a for a in pool if int(_args(a)[3]) in wanted]
        return rng.choice(sorted(pool))
    if any(a.startswith("turn ") for a in legal):
        return "turn 2" if "turn 2" in legal else legal[0]
    for prefix in ("keep ", "drop "):
        found = sorted(a for a in legal if a.startswith(prefix))
        if found:
            return found[0]
    roves = sorted(a for a in legal if a.startswith("rove "))
    if roves and moved < MAX_ROVES_PER_TURN:
        return rng.choice(roves)
    others = [a for a in legal if a not in ("done", "store") and not a.startswith("rove ")]
    if others:
        # benefits first: tracks, then squares
        return rng.choice(sorted(others))
    if "done" in legal:
        return "done"
    return legal[0]


def moved_this_turn(log: list[dict[str, Any]], seat: int) -> int:
    """Rover steps the seat made since its last tile placement or confirmation (for MAX_ROVES_PER_TURN)."""
    count = 0
    for entry in reversed(log):
        if entry["seat"] != seat:
            continue
        kind = entry["action"].split(" ")[0]
        if kind == "rove":
            count += 1
        elif kind in ("place", "take", "done", "turn"):
            break
    return count
