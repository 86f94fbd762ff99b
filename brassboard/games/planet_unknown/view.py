"""What a player (or a spectator) of Planet Unknown may see: everything public, their own secrets, nothing else.

Hidden from others: the tiles under each stack's top (and a stack's new top until the round's tiles are all
placed), the event deck (except to a player who peeked), the civ piles (except the offer to the claimant), other
players' end-game civ cards and private objectives until the game is over, and the seed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import corporations, scoring, wormhole
from . import geometry as g
from .figures import RESOURCES, TRACKS, figures

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def _cells(mask: int) -> list[list[int]]:
    return [list(g.xy(i)) for i in g.cells_of(mask)]


@lru_cache(maxsize=1)
def static_figures() -> dict[str, Any]:
    """The printed figures the UI draws: the same in every match, so not part of a view (36 KB of JSON) but served
    once (``PlanetUnknownState.printed_figures``, ``GET /api/games/planet_unknown/figures``)."""
    fig = figures()
    planet = fig.planet
    corp = fig.corporation
    raw = fig.raw
    return {
        "resources": list(RESOURCES),
        "tracks": list(TRACKS),
        "planet": {
            "name": planet.name,
            "rows": raw["planet"]["grid"]["rows"],
            "row_medals": list(planet.row_medals),
            "column_medals": list(planet.column_medals),
            "perimeter": _cells(planet.perimeter),
        },
        "track_benefits": [[[list(b) for b in at] for at in track] for track in corp.benefits],
        "tech_positions": {str(k): v for k, v in corp.tech_positions.items()},
        # cells in the unturned orientation: part A, part B, their icons, the meteor symbol (data/tiles.toml)
        "shapes": [{"id": s["id"], "name": s["name"], "ring": s["ring"], "size": s["size"], "a": s["part_a"],
                    "b": s["part_b"], "ia": s["icon_a"], "ib": s["icon_b"], "m": s["meteor"]}
                   for s in sorted(raw["tiles"]["shapes"], key=lambda s: s["id"])],
        "tiles": [[t.shape, RESOURCES[t.resource_a], RESOURCES[t.resource_b], t.meteor] for t in fig.tiles],
        "civ_cards": {str(k): {key: c[key] for key in ("rank", "name", "timing", "text", "text_de")}
                      for k, c in fig.civ_cards.items()},
        "objectives": {str(k): {side: {key: c[side][key] for key in ("name", "text", "text_de")}
                                for side in ("private", "neighbor")}
                       for k, c in fig.objectives.items()},
        "events": {str(k): {"colour": c["colour"], "text": c["text"], "text_de": c["text_de"], "solo": c["solo"]}
                   for k, c in fig.events.items()},
        "names_de": {name: raw[name].get("names", {}).get("de", {}) for name in raw},
        "tech_levels": [{"level": t["level"], "text": t["text"], "de": t["de"]}
                        for t in raw["corporation"]["tech_levels"]],
        # every side by name, the standard ones included (modules: data/planets.toml, data/corporations.toml)
        "planets": {name: {"id": p.id, "complexity": p.complexity, "rule": p.rule, "squares": _cells(p.squares),
                           "ice": _cells(p.ice), "lifepods": _cells(p.lifepods), "special": _cells(p.special),
                           "holes": _cells(p.holes), "perimeter": _cells(p.perimeter), "west": _cells(p.west),
                           "crossings": [[list(g.xy(a)), list(g.xy(b))] for a, b in p.crossings],
                           "regions": [_cells(r) for r in p.regions],
                           "quadrants": [[_cells(m), RESOURCES[r]] for m, r in p.quadrant_forbids],
                           "row_medals": list(p.row_medals), "column_medals": list(p.column_medals),
                           "bonus": p.bonus}
                    for name, p in fig.planets.items()},
        "corporations": {name: {"id": c.id, "complexity": c.complexity, "rule": c.rule, "rovers": c.rovers,
                                "track_benefits": [[[list(b) for b in at] for at in track] for track in c.benefits],
                                "tech_positions": {str(k): v for k, v in c.tech_positions.items()},
                                "rover_overflow_move": c.rover_overflow_move, "tech": list(c.ability_texts),
                                "improved": [[[list(b) for b in at] for at in track] for track in c.improved],
                                "water_path": [[TRACKS[t], position] for t, position in c.water_path],
                                # Wormhole: the biomass positions of each level (level 0: the start)
                                "branch_levels": [list(wormhole.positions_of(level))
                                                  for level in range(wormhole.TOP_LEVEL + 1)]
                                if c.rule == wormhole.WORMHOLE else []}
                         for name, c in fig.corporations.items()},
    }


@lru_cache(maxsize=256)
def tile_orientations(tile: int) -> list[list[Any]]:
    """[orientation, [[dx, dy, resource, icon, meteor], ...]] for every distinct orientation of tile type ``tile``."""
    fig = figures()
    kind = fig.tiles[tile]
    shape = fig.shapes[kind.shape]
    resource = {"a": RESOURCES[kind.resource_a], "b": RESOURCES[kind.resource_b]}
    return [[o, [[x, y, resource[part], icon, meteor and kind.meteor] for x, y, part, icon, meteor in cells]]
            for o, cells in shape.orientations[kind.meteor]]


def build_view(state: PlanetUnknownState, player: int | None) -> dict[str, Any]:
    fig = figures()
    over = state.is_over()
    stacks: dict[str, list[dict[str, Any]]] = {}
    for ring, name in enumerate(("inner", "outer")):
        shapes = fig.interior_ring if ring == 0 else fig.exterior_ring
        stacks[name] = [{
            "shape": shapes[index],
            "count": len(tiles),
            "top": None if not tiles or index in state.taken[ring] else tiles[-1],
        } for index, tiles in enumerate(state.stacks[ring])]
    players = []
    for p, corp in enumerate(state.corps):
        own = player == p
        civ = [c for c in corp.civ if own or over or fig.civ_cards[c]["timing"] == "immediate"]
        entry: dict[str, Any] = {
            "tracks": list(corp.tracks),
            # the rules' own landings, so the page never re-derives them: after 1, 2, 3 advances, and a regress
            "reach": [corporations.reach(corp, t) for t in range(len(TRACKS))],
            "reach_down": [corporations.step_down(corp, t) for t in range(len(TRACKS))],
            "tech_levels": [level for level in range(1, 7) if corp.level(level)],  # Jump Drive: 6
            "tiles": [list(t) for t in corp.placed],
            "patches": _cells(corp.patches),
            "meteorites": _cells(corp.meteorites),
            "meteor_symbols": _cells(corp.meteor_symbols),
            "lifepods": _cells(corp.lifepods),
            "rovers": [list(g.xy(i)) for i in corp.rovers],
            "rovers_left": corp.rovers_left,
            "rovers_lost": corp.rovers_lost,
            "lifepods_collected": corp.lifepods_collected,
            "lifepods_lost": corp.lifepods_lost,
            "meteorites_collected": corp.meteorites_collected,
            "meteorites_destroyed": corp.meteorites_destroyed,
            "unplaced": list(corp.unplaced),
            "stored_patches": corp.stored_patches,
            "civ": civ,
            "hidden_civ": len(corp.civ) - len(civ),
            "objectives": list(corp.objectives) if own or over else [],
            "hidden_objectives": 0 if own or over else len(corp.objectives),
            "pending": [item for item in corp.pending if item[0] != "objectives" or own],
            "movement": corp.movement,
            "finished": corp.finished,
            "took_tile": corp.took_tile,
            "depot": dict(zip(("inner", "outer"), state.depot(p), strict=True)),
            "empty_squares": (corp.planet.squares & ~corp.occupied).bit_count(),
            "planet": corp.planet_name,  # the sides played (module boards: figures "planets" / "corporations")
            "corporation": corp.corporation_name,
            "dealt": list(corp.dealt),
            "flux": TRACKS[corp.flux] if corp.flux >= 0 else None,  # Flux Industries' flux token
            "track_pods": [[TRACKS[t], position] for t, position in corp.track_pods],  # Cosmos Inc
            "columns": [TRACKS[c] for c in corp.columns],  # the column each tracker stands in (Makeshift)
        }
        if own:
            entry["chosen"] = list(corp.chosen)  # the sides chosen, secret until every player has chosen
            entry["offer"] = list(corp.offer)
            entry["peek"] = corp.peek
        players.append(entry)
    data: dict[str, Any] = {
        "players_count": state.num_players,
        "you": player,
        "round": state.round,
        "phase": state.phase,
        "active": state.active_players(),
        "commander": state.commander,
        "rotation": state.rotation,
        "shift": state.shift,
        "seats": list(fig.seats[state.num_players]),
        "solo": state.solo,
        "events_on": state.events_on,
        "event": state.event,
        "events_left": len(state.event_deck),
        "event_counts": list(state.event_counts),
        "flags": list(state.flags),
        "last_round": state.last_round,
        "end_reasons": list(state.end_reasons),
        "stacks": stacks,
        "removed_tiles": len(state.removed),
        "civ_piles": [len(pile) for pile in state.civ_piles],
        "neighbor_cards": [list(c) for c in state.neighbor_cards],
        "shared_objectives": list(state.shared_objectives),  # Jump Drive tech 6: every player competes for these
        "players": players,
    }
    if player is not None and 0 <= player < state.num_players:
        interior, exterior = state.depot(player)
        tops = {name: None if stack in state.taken[ring] else state.top(ring, stack)
                for name, ring, stack in (("inner", 0, interior), ("outer", 1, exterior))}
        data["depot_tiles"] = {
            name: (None if tile is None else {"type": tile, "orientations": tile_orientations(tile)})
            for name, tile in tops.items()
        }
    if over:
        scores = state.scores()
        data["scores"] = [s.to_dict() for s in scores]
        data["winners"] = state.winners()
        data["tie_break"] = [{"empty_squares": -a, "meteorites_on_planet": -b}
                             for a, b in (state.tie_break(p) for p in range(state.num_players))]
        if state.solo:
            data["solo_result"] = {"target": state.solo_target(), "score": scores[0].total,
                                   "rating": state.solo_rating(), "band": state.solo_band()}
    else:
        # the medals as things stand, for the running score beside each board (others' hidden cards left out)
        data["scores_so_far"] = [scoring.visible_score(state, p, player).to_dict() for p in range(state.num_players)]
        if state.solo:
            data["solo_result"] = {"target": state.solo_target()}
    return data
