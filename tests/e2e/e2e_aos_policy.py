"""The human seat's choices in the Age of Steam browser test: a pure function of the seat's view and legal actions.

The browser test carries each choice out by clicking. The policy plays plainly but so that the match shows what the
test looks at: shares issued, a bid and drops, the Turn Order pass used, each kind of action taken over the rounds
(urbanization and production among them), track built greedily towards towns and cities (a town tile and an
upgrade of a tile on the way), goods moved over its own links, the locomotive raised in a move phase.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from brassboard.engine import state_class

SEED = 7
SEATS = ["human", "bot:greedy", "bot:greedy"]
GAME = "age_of_steam"

# the action wanted by round (first free one wins); then the fallback order
WANTED = {1: ["turn-order"], 2: ["first-build", "engineer"], 3: ["urbanization"], 4: ["production"],
          5: ["locomotive"], 6: ["first-move"]}
FALLBACK = ["engineer", "first-build", "first-move", "turn-order", "production", "urbanization", "locomotive"]
LETTERS = "ABCDEFGHIJKLMNOPQR"
EVEN = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
ODD = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
TERRAIN_PENALTY = {"plain": 0, "river": 1, "mountain": 2, "town": 0}


@cache
def figures() -> dict[str, Any]:
    printed = state_class(GAME).printed_figures()
    assert printed is not None
    return printed


@cache
def hexes() -> dict[str, dict[str, Any]]:
    return {x["hex"]: x for x in figures()["map"]["hexes"]}


def cell(hex_label: str) -> tuple[int, int]:
    return LETTERS.index(hex_label[0]), int(hex_label[1:]) - 1


def neighbour(hex_label: str, side: int) -> str | None:
    col, row = cell(hex_label)
    dc, dr = (ODD if col % 2 else EVEN)[side]
    nc, nr = col + dc, row + dr
    if not 0 <= nc < len(LETTERS) or nr < 0:
        return None
    name = f"{LETTERS[nc]}{nr + 1}"
    return name if name in hexes() else None


def distance(a: str, b: str) -> int:
    """Hex distance (odd columns shifted down: "odd-q" offset coordinates to cube coordinates)."""
    def cube(h: str) -> tuple[int, int, int]:
        col, row = cell(h)
        z = row - (col - (col & 1)) // 2
        return col, -col - z, z
    (x1, y1, z1), (x2, y2, z2) = cube(a), cube(b)
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


def parse_tracks(text: str) -> list[tuple[int, ...]]:
    if text.startswith("t"):
        return [(int(d),) for d in text[1:]]
    return [tuple(int(d) for d in pair) for pair in text.split("+")]


def stops(view: dict[str, Any]) -> set[str]:
    """Cities, new cities and towns: where a link ends."""
    found = {h for h, x in hexes().items() if x["terrain"] in ("city", "town")}
    return found | {c["hex"] for c in view["new_cities"]}


def tiles(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["hex"]: t for t in view["tiles"]}


# ----- building ------------------------------------------------------------------------------------------------
def cities(view: dict[str, Any]) -> dict[str, str]:
    """City hex -> the colour it takes (printed and new cities)."""
    found = {h: x["city"]["color"] for h, x in hexes().items() if x.get("city")}
    return found | {c["hex"]: c["color"] for c in view["new_cities"]}


def target(view: dict[str, Any], seat: int) -> tuple[str, str] | None:
    """The delivery to build for: (source city, destination city) of a cube there, near the seat's network."""
    takes = cities(view)
    served = {s for link in view["links"] if link["owner"] == seat and link["complete"] for s in link["stops"]}
    mine = [t["hex"] for t in view["tiles"] if seat in t["owners"]]
    best: tuple[int, str, str] | None = None
    for source, cubes in sorted(view["cubes"].items()):
        for colour in sorted(set(cubes)):
            for dest, takes_colour in sorted(takes.items()):
                if takes_colour != colour or dest == source or (source in served and dest in served):
                    continue
                reach = min((distance(source, h) for h in mine), default=0)
                cost = distance(source, dest) + reach
                if best is None or cost < best[0]:
                    best = (cost, source, dest)
    return (best[1], best[2]) if best else None


def follow(board: dict[str, list[tuple[int, ...]]], stop_hexes: set[str], hex_label: str,
           side: int) -> tuple[str, str]:
    """Follow the track leaving ``hex_label`` through ``side``: ("stop", hex) at a city or town, ("open", hex) at
    the empty hex the track points into, ("edge", hex) off the map or into a lake."""
    at, out = hex_label, side
    for _ in range(200):
        nxt = neighbour(at, out)
        if nxt is None or hexes()[nxt]["terrain"] == "lake":
            return "edge", at
        if nxt in stop_hexes:
            return "stop", nxt
        enter = (out + 3) % 6
        track = next((t for t in board.get(nxt, []) if enter in t), None)
        if track is None:
            return "open", nxt
        if len(track) == 1:
            return "stop", nxt
        at, out = nxt, track[1] if track[0] == enter else track[0]
    return "edge", at


def build_score(view: dict[str, Any], action: str, goal: tuple[str, str] | None) -> float:
    """Greedy, chain-aware: each new track's chain followed both ways; a finished link scores (more between the
    goal's cities), an unfinished one by how close its open end comes to the goal city at its far side; redirects
    and loops never; cheap terrain first; a town tile or an upgrade a little extra (the test wants both)."""
    _, hex_label, text = action.split(" ")
    board = {t["hex"]: [tuple(x) for x in t["tracks"]] for t in view["tiles"]}
    had = {tuple(sorted(t)) for t in board.get(hex_label, [])}
    new = [tuple(t) for t in parse_tracks(text)]
    if not had <= {tuple(sorted(t)) for t in new}:
        return -100.0  # a redirect: the policy never turns track around
    board[hex_label] = new
    stop_hexes = stops(view)
    source, dest = goal if goal else ("", "")
    score = 0.0
    for track in new:
        if tuple(sorted(track)) in had:
            continue
        ends = [("stop", hex_label)] if len(track) == 1 else []
        ends += [follow(board, stop_hexes, hex_label, side) for side in track]
        kinds = [k for k, _ in ends]
        if "edge" in kinds:
            return -100.0
        reached = [h for k, h in ends if k == "stop"]
        if len(reached) >= 2:
            if reached[0] == reached[1]:
                return -100.0
            pair = set(reached[:2])
            score += 15 + (10 if pair & {source, dest} else 0) + (15 if pair == {source, dest} else 0)
            continue
        opened = next(h for k, h in ends if k == "open")
        aim = source if reached and reached[0] == dest else dest
        score += 8 - 2.0 * distance(opened, aim) if aim else -5
    if goal:  # stay in the goal's corridor: a network, not links scattered over the map
        score -= 1.5 * (distance(source, hex_label) + distance(hex_label, dest) - distance(source, dest))
    score -= TERRAIN_PENALTY.get(hexes()[hex_label]["terrain"], 0)
    if text.startswith("t"):
        score += 2
    if had:
        score += 1.5
    return score


def choose_build(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    goal = target(view, seat)
    urban = sorted(a for a in legal if a.startswith("urbanize "))
    if urban:
        near = goal[0] if goal else "H6"
        return min(urban, key=lambda a: (distance(a.split(" ")[2], near), a))
    builds = [a for a in legal if a.startswith("build ")]
    # keep what the round's expenses will take (shares and locomotive, less the income coming first)
    reserve = max(0, me["shares"] + me["locomotive"] - me["income"])
    if builds and me["cash"] - reserve >= 4:
        best = max(builds, key=lambda a: (build_score(view, a, goal), a))
        if build_score(view, best, goal) > -10:
            return best
    return "done"


# ----- moving --------------------------------------------------------------------------------------------------
def trace(view: dict[str, Any], start: str, sides: list[int]) -> list[int | None] | None:
    """The owners of the links of a move (None: unowned), by following the tracks; None if it does not trace."""
    board = tiles(view)
    link_of = {(h, i): link for link in view["links"] for h, i in link["hexes"]}
    city_hexes = {h for h, x in hexes().items() if x["terrain"] == "city"} | {c["hex"] for c in view["new_cities"]}
    owners: list[int | None] = []
    at = start
    for side in sides:
        first: tuple[str, int] | None = None
        own = board.get(at)
        if own:
            first = next(((at, i) for i, t in enumerate(own["tracks"]) if side in t), None)
        out, here = side, at
        while True:
            nxt = neighbour(here, out)
            if nxt is None:
                return None
            if nxt in city_hexes:
                at = nxt
                break
            tile = board.get(nxt)
            enter = (out + 3) % 6
            index = next((i for i, t in enumerate(tile["tracks"]) if enter in t), None) if tile else None
            if tile is None or index is None:
                return None
            first = first or (nxt, index)
            track = tile["tracks"][index]
            if len(track) == 1:
                at = nxt
                break
            here, out = nxt, track[1] if track[0] == enter else track[0]
        link = link_of.get(first) if first else None
        owners.append(link["owner"] if link else None)
    return owners


def choose_move(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    moves = [a for a in legal if a.startswith("move ")]
    def value(action: str) -> tuple[int, int, str]:
        parts = action.split(" ")
        owners = trace(view, parts[1], [int(s) for s in parts[3:]]) or []
        return (sum(1 for o in owners if o == seat), -len(owners), action)
    if moves:
        best = max(moves, key=value)
        if value(best)[0] > 0:
            return best
    if "locomotive" in legal and me["locomotive"] < 2:
        return "locomotive"
    if moves:
        return max(moves, key=value)
    return "pass"


# ----- the rest ------------------------------------------------------------------------------------------------
def choose(view: dict[str, Any], legal: list[str], seat: int) -> str:
    """The action the human seat takes now (one of ``legal``)."""
    if not legal:
        raise ValueError("no legal action")
    me = view["players"][seat]
    kind = legal[0].split(" ")[0]
    if kind == "issue":
        due = me["shares"] + me["locomotive"] - me["income"]
        want = 2 if view["round"] == 1 else max(0, (due + 10 - me["cash"] + 4) // 5)
        most = max(int(a.split(" ")[1]) for a in legal if a.startswith("issue "))
        return f"issue {min(want, most)}"
    if view["phase"] == "auction":
        if "turn-pass" in legal:
            return "turn-pass"
        auction = view["auction"] or {}
        offer = f"bid {auction.get('high_bid', 0) + 1}"
        if view["round"] <= 2 and auction.get("high_bid", 0) < 3 and offer in legal:
            return offer
        return "drop"
    if kind == "select":
        free = [a.split(" ")[1] for a in legal]
        for wanted in WANTED.get(view["round"], []) + FALLBACK:
            if wanted in free:
                return f"select {wanted}"
        return legal[0]
    if view["phase"] == "build":
        return choose_build(view, legal, seat)
    if view["phase"] == "move":
        return choose_move(view, legal, seat)
    if kind == "produce":
        return sorted(legal)[0]
    return legal[0]
