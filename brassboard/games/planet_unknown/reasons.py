"""Why an action is refused: a clear message naming the rule, for every kind of action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from brassboard.engine import Action

from . import corporations, planets, wormhole
from . import geometry as g
from .figures import (
    RESOURCE_INDEX,
    ROVER,
    TRACKS,
    planet_shapes,
)
from .state import (
    CLAIM,
    FIG,
    STACK_NAMES,
    TILES,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

PLANET_RULE_TEXT = {
    "ring_anchor": "a tile on the ring must also cover a square off the ring",
    "ice_or_land": "a tile covers only planetary ice or only non-ice squares",
    "chasm": "a tile may not cover both sides of the chasm",
    "quadrants": "that quadrant forbids a resource icon the tile would put there",
    "slide": "the tile could not slide into place (every one-square shift hits a placed tile)",
}


CORPORATION_TEXT = {
    "slot": "a lifepod goes onto a tech slot only as Jump Drive collects it, and only onto an empty slot",
    "patch_synergy": "Jump Drive's tech 1 (once a round) turns a biomass patch you gain into a synergy boost",
    "claim_row": "Jump Drive's tech 5 (once a game, after your tile) claims a row where one of your trackers stands",
    "draw_objectives": "Jump Drive's tech 6 (once a game, after your tile) draws three objectives",
    "share": "keep one of the objectives Jump Drive's tech 6 drew",
    "branch": "Wormhole Corp's biomass tracker goes to one of the two positions of the next level",
    "patch_twice": "Wormhole Corp's tech 3 (once a round) turns a biomass patch you gain into two",
    "biomass_reset": "Wormhole Corp's tech 1 resets the biomass tracker only from the top level",
    "climb": "a Makeshift tracker climbs one step, straight or diagonally up, onto a free cell (climb TRACKER COLUMN "
             "HEIGHT)",
    "makeshift_regress": "Makeshift's tech 4 (once a round, after your tile) regresses a tracker with a free cell "
                         "below",
}


def _reason(self: PlanetUnknownState, p: int, action: Action) -> str:
    corp = self.corps[p]
    kind = action.kind
    legal = self.legal_actions(p)
    kinds = sorted({a.kind for a in legal})
    if kind not in {"turn", "place", "take", "gain", "energy", "synergy", "peek", "advance", "regress", "only",
                    "patch", "store", "deploy", "rove", "teleport", "collect", "destroy", "clear", "meteorite",
                    "remove", "discard", "drop", "keep", "done", "side",
                    "flux", "flux_milestone", "flux_advance", "horizon_advance", "pod", "relocate",
                    "relocate_three", "relocate_one", "slot", "patch_synergy", "claim_row", "draw_objectives",
                    "share", "branch", "patch_twice", "biomass_reset",
                    "climb", "makeshift_regress"}:
        return f"there is no action {kind!r} in Planet Unknown"
    if kind == "place" and "take" in kinds:
        return "neither tile at your depot fits on your planet: take one instead (the game ends this round)"
    if kind == "take" and "place" in kinds:
        return "a tile at your depot fits, so you must place one (forced play); take only when neither fits"
    if kind == "store" and "patch" in kinds:
        if not wormhole.stores_patches(corp):
            return "only tech level 2 lets you store a biomass patch for the game's end"
        return "stored biomass patches are placed now, at the game's end"
    if kind in CORPORATION_TEXT:
        possible = ", ".join(str(a) for a in legal if a.kind == kind)
        return CORPORATION_TEXT[kind] + (f"; possible: {possible}" if possible else "")
    if kind == "peek" and any(i[0] == "synergy_or_peek" for i in corp.pending):
        return "there is no event card left to peek at"
    if kind in ("relocate_three", "relocate_one") and kind not in kinds:
        return (f"Cosmos Inc's tech {3 if kind == 'relocate_three' else 5} must be unlocked and unused (once a game / "
                "once a round), with a collected lifepod, after your tile is down")
    if kind == "horizon_advance" and kind not in kinds:
        return "Horizon Group's tech 5: once a round, with tech level 5, after your tile is down"
    if kind in ("flux_milestone", "flux_advance") and kind not in kinds:
        return (f"Flux Industries' tech {2 if kind == 'flux_milestone' else 5} must be the active level, unused "
                "(once a game / once a round), with a step left on the flux track, after your tile is down")
    if kind not in kinds:
        return f"{kind!r} is not possible now ({self._situation(p)}); possible: {', '.join(kinds) or 'nothing'}"
    args = action.args
    if kind == "place":
        if len(args) != 4 or args[0] not in STACK_NAMES:
            return "write place <inner|outer> <x> <y> <orientation 0-7>"
        ring, stack = self.depot_stack(p, str(args[0]))
        tile = self.top(ring, stack)
        if tile is None:
            return f"the {args[0]} stack at your depot is empty"
        if not all(isinstance(a, int) for a in args[1:]) or not 0 <= int(args[3]) < 8:
            return "x, y and the orientation (0-7) are whole numbers"
        shape = planet_shapes(corp.planet_name)[FIG.tiles[tile].shape]
        spot = shape.by_spot[FIG.tiles[tile].meteor].get((int(args[1]), int(args[2]), int(args[3])))
        if spot is None:
            unique = [o for o, _ in shape.orientations[FIG.tiles[tile].meteor]]
            if int(args[3]) not in unique:
                return f"orientation {args[3]} repeats another of this shape; use one of {unique}"
            return "the tile would leave the planet's grid there"
        if spot.mask & corp.occupied:
            return "tiles may not overlap: a square there is covered already"
        if not corp.occupied and not spot.mask & planets.start_squares(corp.planet):
            if corp.planet.rule == "centre_start":
                return "Charybdis: the first tile must cover one of the four centre squares"
            return "the first tile must touch the edge of the planet"
        if corp.occupied and not spot.mask & g.neighbours(corp.occupied) and corporations.touch_for(
                corp, FIG.tiles[tile], 0, corp.occupied) != -1 and not corp.ability("ignore_adjacency"):
            return "a tile must touch a tile already placed (tech level 1 lifts this)"
        if not planets.placement_allowed(corp.planet, FIG.tiles[tile], spot, corp.occupied):
            return f"{corp.planet.name}: {PLANET_RULE_TEXT[corp.planet.rule]}"
        return f"this round's event forbids that spot ({', '.join(self.flags)})"
    choices = ", ".join(str(a) for a in legal if a.kind == kind)
    if kind in ("gain", "energy", "synergy", "advance", "regress"):
        track = args[0] if args else None
        if not isinstance(track, str) or track not in TRACKS:
            return f"{track!r} is not a track; tracks are {', '.join(TRACKS)}"
        t = RESOURCE_INDEX[track]
        if kind in ("synergy", "advance") and t != ROVER and corp.tracks[t] >= corporations.track_top(corp, t):
            return f"the {track} tracker is at the top ({corporations.track_top(corp, t)}): it advances no further"
        if kind in ("synergy", "advance", "gain") and t != ROVER and corporations.step_up(corp, t) is None:
            return f"the {track} tracker cannot advance: lifepods or another tracker leave it no position"
        if kind == "regress" and corp.tracks[t] == 0:
            return f"the {track} tracker is at 0: it cannot regress"
        if kind == "energy":
            return ("energy advances the tile's other resource or a terrain touching its energy area: "
                    f"{choices}")
        return f"{action} is not one of your open choices: {choices}"
    if kind == "turn":
        return "the station has 6 depots: turn 0-5 steps"
    if kind == "only":
        return f"advance only one of this round's tile's two resources: {choices}"
    if kind == "flux":
        return f"Flux Industries: put the flux token on a track: {choices}"
    if kind in ("pod", "relocate"):
        return ("Cosmos Inc: a lifepod goes to a free track position (no tracker, no lifepod; positions 0-14, rover "
                f"0-15) or the scoring area (area): e.g. {', '.join(str(a) for a in legal if a.kind == kind)[:200]}")
    if kind == "side":
        return f"choose each dealt board's side: side planet|corporation standard|special ({choices})"
    if kind in ("drop", "keep"):
        return f"choose a slot from 1 to {len(corp.offer)}"
    if kind == "discard":
        return f"you hold no such objective: {choices}"
    if kind == "remove":
        return f"an event never empties a whole depot (both its stacks): {choices or 'nothing'}"
    if kind == "clear":
        return f"Landing Zone clears a row or column holding meteorites: {choices}"
    squares = {"patch": "a biomass patch goes on an uncovered square touching a placed tile or patch (the first "
                        "on the edge; tech level 1 lifts the touching; never on Arashi's ring)",
               "deploy": "a rover is deployed on a square of the last tile you placed, not on another rover",
               "teleport": "a rover teleports to a planet square without another rover",
               "collect": "collect takes a lifepod or meteorite lying on that square of your planet",
               "destroy": "there is nothing of that kind to destroy on that square",
               "meteorite": "a meteorite falls only on an empty meteor symbol of your tiles"}
    if kind in squares:
        return f"{action}: {squares[kind]}"
    if kind == "rove":
        return f"{action}: {self._rove_reason(p, args)}"
    return f"{action} is not possible now; possible: {', '.join(str(a) for a in legal[:12])}"


def _rove_reason(self: PlanetUnknownState, p: int, args: tuple[Any, ...]) -> str:
    corp = self.corps[p]
    if len(args) != 3 or not all(isinstance(a, int) for a in args) or not 0 <= args[0] < len(corp.rovers):
        return f"write rove <rover 0-{len(corp.rovers) - 1}> <x> <y>"
    r, x, y = args
    fx, fy = g.xy(corp.rovers[r])
    if abs(fx - x) + abs(fy - y) != 1:
        return "a rover moves one square at a time, orthogonally"
    if not (0 <= x < g.WIDTH and 0 <= y < g.HEIGHT) or not corp.planet.squares & g.bit(x, y):
        return "rovers stay on the planet"
    if g.cell(x, y) in corp.rovers:
        return "a rover may not enter another rover's square"
    if planets.rover_barred(corp) & g.bit(x, y):
        return "K'Aax: rovers may not enter uncovered toxic terrain (cover it with a tile or patch first)"
    if planets.step_crosses_chasm(corp.planet, corp.rovers[r], g.cell(x, y)):
        return "Tartarus: a rover may not cross the chasm (only diagonally, at its two marked crossings)"
    return f"this round's event forbids rovers on that terrain ({', '.join(self.flags)})"


def _situation(self: PlanetUnknownState, p: int) -> str:
    corp = self.corps[p]
    if self.phase == TILES and not corp.took_tile:
        return "first take and place a tile from your depot"
    if self.phase == CLAIM and corp.offer:
        return "choose the civ card you keep"
    open_items = [i[0] for i in corp.pending if i[0] != "civ"]
    if open_items:
        return f"resolve first: {', '.join(open_items)}"
    return f"phase {self.phase}"
