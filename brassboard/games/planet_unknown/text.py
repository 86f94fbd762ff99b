"""Planet Unknown in the terminal: each planet as a grid of letters, the tracks, the depot and open choices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry as g
from . import text_boards
from .figures import RESOURCES, TRACKS, figures
from .textshapes import depot_shape_lines

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

TERRAIN_LETTERS = "CWBRTE"  # civ, water, biomass, rover, tech, energy: upper case where the icon is
LEGEND = ("C civ  W water  B biomass  R rover  T tech  E energy (capital: resource icon)  "
          ". land  ~ ice  o lifepod  * meteorite  @ rover  b biomass patch")


def planet_lines(state: PlanetUnknownState, p: int) -> list[str]:
    corp = state.corps[p]
    planet = corp.planet
    lines = [text_boards.planet_header(corp), "    " + "".join(f"{x:<3}" for x in range(g.WIDTH))]
    for y in range(g.HEIGHT):
        row = []
        for x in range(g.WIDTH):
            b = g.bit(x, y)
            i = g.cell(x, y)
            if not planet.squares & b:
                row.append(" ")
            elif i in corp.rovers:
                row.append("@")
            elif corp.meteorites & b:
                row.append("*")
            elif corp.patches & b:
                row.append("b")
            elif corp.occupied & b:
                r = next(r for r in range(6) if corp.terrain[r] & b)
                letter = TERRAIN_LETTERS[r]
                row.append(letter if any(corp.icons[k] & b for k in range(6)) else letter.lower())
            elif corp.lifepods & b:
                row.append("o")
            else:
                row.append(text_boards.special_mark(planet, i) or ("~" if planet.ice & b else "."))
        cells = "".join(f"{c} {text_boards.gap_after(planet, x, y)}" for x, c in enumerate(row))
        lines.append(f"{y:>2}  " + cells + f"  {planet.row_medals[y]}")
    lines.append("    " + "".join(f"{m:<3}" for m in planet.column_medals) + " column medals")
    return lines


def render(state: PlanetUnknownState, player: int | None = None) -> str:
    fig = figures()
    out = [f"Planet Unknown — round {state.round}, phase {state.phase}, commander P{state.commander}"
           f", waiting for {', '.join(f'P{p}' for p in state.active_players()) or 'nobody'}"]
    if state.event:
        out.append(f"Event {state.event}: {fig.events[state.event]['text']}")
    for p, corp in enumerate(state.corps):
        tracks = "  ".join(f"{TRACKS[t]} {corp.tracks[t]}" for t in range(5))
        levels = [level for level in range(1, 7) if corp.level(level)]  # Jump Drive: 6
        out.append(f"\nP{p}: {tracks}  tech levels {levels or '-'}  lifepods {corp.lifepods_collected}"
                   f"  meteorites {corp.meteorites_collected}  rovers left {corp.rovers_left}"
                   f"  movement {corp.movement}")
        out.extend(planet_lines(state, p))
        out.extend(text_boards.track_lines(corp))
        interior, exterior = state.depot(p)
        tops = []
        for name, ring, stack in (("inner", 0, interior), ("outer", 1, exterior)):
            tile = state.top(ring, stack)
            if tile is None or stack in state.taken[ring]:
                tops.append(f"{name}: -")
            else:
                kind = fig.tiles[tile]
                meteor = " meteor" if kind.meteor else ""
                tops.append(f"{name}: {fig.shapes[kind.shape].name} {RESOURCES[kind.resource_a]}/"
                            f"{RESOURCES[kind.resource_b]}{meteor}")
        out.append("    depot  " + "   ".join(tops))
        out.extend(depot_shape_lines(state, p) if player == p else [])
        if corp.offer and player == p:
            if state.phase == "claim":
                names = [f"{fig.civ_cards[c]['name']} ({fig.civ_cards[c]['text']})" for c in corp.offer]
            else:
                names = [f"{fig.objectives[c]['private']['name']}: {fig.objectives[c]['private']['text']}"
                         for c in corp.offer]
            out.append("    hand: " + "  ".join(f"{slot}) {name}" for slot, name in enumerate(names, start=1)))
        if corp.pending and (player is None or player == p):
            out.append("    open: " + ", ".join(" ".join(str(a) for a in item[:2]) for item in corp.pending))
    out.append("\n" + LEGEND)
    return "\n".join(out)
