"""The build phase (IV): whose turn, Urbanization, checking one build against the rules (check_build) and
carrying it out, and the ownership an unfinished link loses at the end of a build turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction
from .figures import Track, canonical, canonical_exits, label
from .links import Link, Tile, connection, link_of, side_open, walk_out
from .notation import format_tracks, parse_tracks

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


@dataclass
class BuildPlan:
    hex: int
    operation: str  # new | town | upgrade | town-upgrade | redirect
    cost: int
    tile: Tile
    placed: list[Track] = field(default_factory=list)  # tracks laid this build (not redirected ones)
    redirected: Track | None = None


def start_build(state: AgeOfSteamState) -> None:
    state.phase = "build"
    state.queue = state._first_then_order("first-build")
    next_builder(state)


def next_builder(state: AgeOfSteamState) -> None:
    if not state.queue:
        state.build = None
        state._start_move(1)
        return
    p = state.queue[0]
    state.build = {"player": p, "builds_left": build_limit(state, p), "spent": 0, "urbanized": False, "placed": []}


def build_limit(state: AgeOfSteamState, p: int) -> int:
    """Tiles ``p`` may lay or replace this round: 3, or 4 with the Engineer."""
    builds = state.fig.game["build"]
    return int(builds["engineer_builds"] if state.action[p] == "engineer" else builds["builds"])


def may_urbanize(state: AgeOfSteamState, p: int) -> bool:
    b = state.build
    if b is None or b["player"] != p or state.action[p] != "urbanization" or b["urbanized"]:
        return False
    return b["builds_left"] == build_limit(state, p) and bool(state.new_city_supply)


def do_urbanize(state: AgeOfSteamState, p: int, action: Action) -> None:
    if state.action[p] != "urbanization":
        raise IllegalAction("only the holder of the Urbanization action places a new city")
    if not may_urbanize(state, p):
        raise IllegalAction("a new city is placed once, before any track is built")
    if len(action.args) != 2:
        raise IllegalAction("write: urbanize LETTER HEX, e.g. urbanize B K9")
    letter = str(action.args[0]).upper()
    if letter not in state.new_city_supply:
        raise IllegalAction(f"new city {letter} is not in the supply ({', '.join(state.new_city_supply)})")
    h = state._hex_arg(action.args[1])
    if h not in state.fig.towns:
        raise IllegalAction("a new city may only be placed on a town hex")
    if h in state.new_cities:
        raise IllegalAction("a new city may not be placed on another new city")
    tile = state.tiles.get(h)
    if tile is not None:
        # unfinished links leading out of the town lose their owner [rules: Vince's example]
        doomed = [link for link in state.links() if not link.complete and any(x == h for x, _ in link.tracks)]
        return_tile(state, tile)
        del state.tiles[h]
        for link in doomed:
            for x, t in link.tracks:
                if x != h:
                    state.tiles[x]["owners"][t] = None
            if link.owner is not None:
                state.emit("ownership_lost", player=link.owner, hex=label(h), why="urbanization")
    state.new_cities[h] = letter
    state.new_city_supply.remove(letter)
    state.cubes[h] = []
    assert state.build is not None
    state.build["urbanized"] = True
    state._board_changed()
    state.emit("urbanize", player=p, letter=letter, hex=label(h))


def do_done(state: AgeOfSteamState, p: int, action: Action) -> None:
    assert state.build is not None
    placed = {(h, tuple(t)) for h, t in state.build["placed"]}
    # an own unfinished link not extended in this build turn loses its owner [rules: Streckenbesitz]
    for link in state.links():
        extended = any((h, state.tiles[h]["tracks"][t]) in placed for h, t in link.tracks)
        if link.owner == p and not link.complete and not extended:
            for h, t in link.tracks:
                state.tiles[h]["owners"][t] = None
            state.emit("ownership_lost", player=p, hex=label(link.tracks[0][0]), why="not extended")
    state._board_changed()
    state.emit("build_done", player=p, spent=state.build["spent"])
    state.queue.pop(0)
    next_builder(state)


def return_tile(state: AgeOfSteamState, tile: Tile) -> None:
    state.supply[tile["kind"]] += 1
    if tile["disc"]:
        state.discs += 1


def do_build(state: AgeOfSteamState, p: int, action: Action) -> None:
    if len(action.args) != 2:
        raise IllegalAction("write: build HEX TRACKS, e.g. build G7 14 or build K9 t03")
    h = state._hex_arg(action.args[0])
    tracks = parse_tracks(action.args[1])
    plan = check_build(state, p, h, tracks)
    if isinstance(plan, str):
        raise IllegalAction(plan)
    carry_out(state, p, plan)


def build_costs(state: AgeOfSteamState, p: int) -> dict[str, int]:
    """The price of each of ``p``'s legal builds, by notation: a player sees what a track set costs before
    choosing it (empty when ``p`` is not the one building)."""
    if state.build is None or state.build["player"] != p:
        return {}
    costs: dict[str, int] = {}
    for action in state.legal_actions(p):
        if action.kind == "build":
            plan = check_build(state, p, state._hex_arg(action.args[0]), parse_tracks(action.args[1]))
            assert not isinstance(plan, str), plan  # a legal build passes its own check
            costs[str(action)] = plan.cost
    return costs


def check_build(state: AgeOfSteamState, p: int, h: int, tracks: tuple[Track, ...]) -> BuildPlan | str:
    """A plan for the build, or the reason (naming the rule) why it is illegal. Changes nothing."""
    b = state.build
    if b is None or b["player"] != p:
        return "it is not this player's build turn"
    if b["builds_left"] <= 0:
        return "a player builds at most 3 tiles a turn (4 with the Engineer action)"
    fig = state.fig
    if state.is_city(h):
        return "track may never be built on a city"
    if fig.terrain[h] == "lake":
        return "no track may be built in the Great Lakes"
    town = state.is_town(h)
    if any(len(t) != (1 if town else 2) for t in tracks) or not tracks:
        return ("a town hex takes exits written t0..t5, e.g. t03" if town
                else "a hex takes side pairs, e.g. 14 or 03+14")
    sides = [s for t in tracks for s in t]
    if len(set(sides)) != len(sides) or any(not 0 <= s <= 5 for s in sides):
        return "tracks on a tile use the sides 0-5, each at most once"
    tile = state.tiles.get(h)
    old: list[Track] = list(tile["tracks"]) if tile else []
    new = sorted(tracks)
    if tile and new == sorted(old):
        return "the hex already has this track"
    if not state.has_built[p] and (town or tile is not None):
        return "a player's very first tile must be a simple track next to a city, leading into it"
    costs = fig.costs
    placed: list[Track] = []
    redirected: Track | None = None
    gone: Track = ()
    if town:
        if len(new) > 4:
            return "a town has at most 4 exits (a complex tile with a town disc)"
        if not set(old) <= set(new):
            return "replacing a town tile must keep the existing track (town track cannot be redirected)"
        placed = [t for t in new if t not in old]
        operation = "town-upgrade" if tile else "town"
        cost = costs["town_replacement"] if tile else costs["town_base"] + costs["town_per_exit"] * len(new)
    elif not old:
        if len(new) != 1:
            return "the first tile on a hex must be a simple track"
        placed = new[:]
        operation, cost = "new", costs[fig.terrain[h]]
    elif set(old) < set(new):
        if len(new) != 2:
            return "a tile holds at most two tracks"
        placed = [t for t in new if t not in old]
        operation, cost = "upgrade", costs["upgrade_to_complex"]
    elif len(new) == len(old) and len(set(old) - set(new)) == 1:
        (gone,) = set(old) - set(new)
        (came,) = set(new) - set(old)
        kept = set(gone) & set(came)
        if len(kept) != 1:
            return "a redirection keeps one end of the track and moves the other"
        reason = check_redirect(state, p, h, old.index(gone), kept.pop())
        if reason:
            return reason
        placed, redirected = [], came
        operation, cost = "redirect", costs["other_replacement"]
    else:
        return "a replacement must keep the existing track (only an upgrade or a redirection may change it)"
    kind, disc = tile_for(state, town, new)
    if kind is None:
        return "no tile shows this track layout"
    if state.supply[kind] + (1 if tile and tile["kind"] == kind else 0) <= 0:
        return f"no {kind.replace('_', ' ')} tile is left in the supply"
    discs_free = state.discs + (1 if tile and tile["disc"] else 0)
    if disc and discs_free <= 0:
        return "no town disc is left in the supply (8 in the game)"
    if cost > state.cash[p]:
        return f"building this costs ${cost}, more than the player's ${state.cash[p]}"

    if town:
        new_ends = [t[0] for t in placed]
    elif redirected is not None:
        new_ends = [s for s in redirected if s not in gone]  # only the moved end is new
    else:
        new_ends = [s for t in placed for s in t]
    # a redirection stays tied to its link; a town tile may grow from a town where the player has track
    anchored = operation == "redirect" or (town and tile is not None and p in tile["owners"])
    for s in new_ends:
        if not side_open(state, h, s):
            return "track may never leave the map or run into the Great Lakes"
        what, owner, _ = connection(state, h, s)
        if what == "track" and owner is not None and owner != p:
            return "track may never connect directly to another player's track"
        if what == "city" or (what == "track" and owner in (None, p)):
            anchored = True
    if not anchored:
        return "new track must connect to a city or to the player's own network"
    if not state.has_built[p] and not any(connection(state, h, s)[0] == "city" for s in new[0]):
        return "a player's very first tile must be a simple track next to a city, leading into it"
    owners: list[int | None] = []
    for track in new:
        if track in old:
            owners.append(tile["owners"][old.index(track)] if tile else None)
        elif track == redirected and tile is not None:
            owners.append(tile["owners"][old.index(gone)])  # a redirected track keeps its owner
        else:
            owners.append(p)
    new_tile: Tile = {"tracks": new, "owners": owners, "kind": kind, "disc": disc, "town": town}
    plan = BuildPlan(h, operation, cost, new_tile, placed, redirected)
    reason = check_after(state, p, plan)
    return reason or plan


def check_redirect(state: AgeOfSteamState, p: int, h: int, index: int, kept: int) -> str:
    tile = state.tiles[h]
    link = link_of(state, h, index)
    if link.complete:
        return "only the end of an unfinished link may be redirected"
    if link.owner not in (None, p):
        return "another player's track may never be changed"
    track = tile["tracks"][index]
    free_end = track[0] if track[1] == kept else track[1]
    if connection(state, h, free_end)[0] != "open":
        return "only the tile at the open end of an unfinished link may be redirected"
    return ""


def tile_for(state: AgeOfSteamState, town: bool, tracks: list[Track]) -> tuple[str | None, bool]:
    """The tile kind (and whether a town disc goes on it) showing ``tracks``: the text's and the supply's pick."""
    fig = state.fig
    if not town:
        shape = canonical(tracks)
        kind = (fig.simple_by_shape if len(tracks) == 1 else fig.complex_by_shape).get(shape)
        return kind, False
    exits = [t[0] for t in tracks]
    if len(exits) in (1, 3):
        return fig.town_by_exits.get(canonical_exits(exits)), False
    if len(exits) == 2:
        a, c = exits
        return fig.simple_by_shape.get(canonical([(a, c)])), True
    kinds = fig.complex_by_ends.get(canonical_exits(exits), ())
    available = [k for k in kinds if state.supply[k] > 0]
    choice = (available or list(kinds))[:1]
    return (choice[0] if choice else None), True


def check_after(state: AgeOfSteamState, p: int, plan: BuildPlan) -> str:
    """Checks needing the board after the build: loops, and the 20 ownership markers."""
    h = plan.hex
    for track in plan.placed + ([plan.redirected] if plan.redirected else []):
        if plan.tile["town"]:
            ends: tuple[int | None, int | None] = (h, walk_out(state, h, track[0])[1])
        elif plan.redirected == track:
            tile = state.tiles[h]
            gone = next(t for t in tile["tracks"] if t not in plan.tile["tracks"])
            link = link_of(state, h, tile["tracks"].index(gone))
            moved = next(s for s in track if s not in gone)
            ends = (link.stops[0], walk_out(state, h, moved)[1])
        else:
            ends = (walk_out(state, h, track[0])[1], walk_out(state, h, track[1])[1])
        if ends[0] is not None and ends[0] == ends[1]:
            return "a link may not start and end at the same city or town"
    if state.markers_left(p) > 4:  # a build adds at most four links (a town with four new exits)
        return ""
    saved, memo, link_memo = state.tiles.get(h), state._walk_memo, state._link_memo
    links_cache, exit_cache = state._links_cache, state._exit_cache  # the real board's, restored afterwards
    state.tiles[h] = plan.tile
    state._walk_memo = state._link_memo = None  # the walks remembered are those of the board without the build
    state._board_changed()
    try:
        mine = sum(1 for link in state.links() if any(state.tiles[x]["owners"][t] == p for x, t in link.tracks))
        if mine > int(state.fig.game["markers"]["ownership"]):
            return "a player has 20 ownership markers; this build would need more"
        return ""
    finally:
        if saved is None:
            del state.tiles[h]
        else:
            state.tiles[h] = saved
        state._walk_memo, state._link_memo = memo, link_memo
        state._links_cache, state._exit_cache = links_cache, exit_cache


def carry_out(state: AgeOfSteamState, p: int, plan: BuildPlan) -> None:
    b = state.build
    assert b is not None
    old = state.tiles.get(plan.hex)
    if old is not None:
        return_tile(state, old)
    state.supply[plan.tile["kind"]] -= 1
    if plan.tile["disc"]:
        state.discs -= 1
    state.tiles[plan.hex] = plan.tile
    state._board_changed()
    # the links the new track joins become the builder's (own links, or unowned ones taken over)
    for t, track in enumerate(plan.tile["tracks"]):
        if track in plan.placed or track == plan.redirected:
            link = link_of(state, plan.hex, t)
            owned = any(state.tiles[x]["owners"][i] == p for x, i in link.tracks if (x, i) != (plan.hex, t))
            new_owner = p if (track in plan.placed or owned) else redirect_owner(state, link)
            for x, i in link.tracks:
                state.tiles[x]["owners"][i] = new_owner
    state._board_changed()
    state.cash[p] -= plan.cost
    b["builds_left"] -= 1
    b["spent"] += plan.cost
    b["placed"].extend([plan.hex, list(t)] for t in plan.placed)
    state.has_built[p] = True
    state.emit("build", player=p, hex=label(plan.hex), operation=plan.operation, cost=plan.cost,
              tile=plan.tile["kind"], disc=plan.tile["disc"],
              tracks=format_tracks(plan.tile["tracks"], plan.tile["town"]))


def redirect_owner(state: AgeOfSteamState, link: Link) -> int | None:
    others = {state.tiles[x]["owners"][i] for x, i in link.tracks}  # the redirected track keeps its owner
    others.discard(None)
    return others.pop() if others else None
