"""Terminal pictures of a player's boards with the modules: the planet's special squares and the corporation's
tracks position by position (used by text.py)."""

from __future__ import annotations

from . import makeshift, wormhole
from .corporations import benefits_at, track_top
from .figures import TRACKS, Benefit, Corporation, Planet
from .state import Corp

SPECIAL_MARKS = {"ring_anchor": "=", "centre_start": "+", "cities": "#", "toxic": "!", "electric": "%"}
"""How an uncovered special square is drawn, by planet rule."""
RULE_NOTES = {
    "ring_anchor": "= ring: a tile on it must also cover a square off the ring; no biomass patch on it",
    "sub_planets": "three sub-planets: each completely covered scores 2",
    "centre_start": "+ centre: the first tile covers one of these",
    "cities": "# city: each uncovered at the end scores 2",
    "ice_or_land": "a tile covers only ice or only non-ice squares",
    "toxic": "! toxic: rovers may not enter it uncovered",
    "holes": "holes are no squares; the perimeter is the outer outline",
    "void": "only the outer frame is the perimeter",
    "slide": "a tile must slide into place from some side",
    "quadrants": "quadrants forbid icons: north-west civ, north-east energy, south-west tech, south-east water",
    "electric": "% current: energy terrain while uncovered",
    "chasm": "| chasm: tiles stay on one side; rovers cross only diagonally at (5,3)-(6,4) and (5,9)-(6,8)",
}


def special_mark(planet: Planet, index: int) -> str | None:
    if planet.special >> index & 1:
        return SPECIAL_MARKS.get(planet.rule)
    return None


def gap_after(planet: Planet, x: int, y: int) -> str:
    """The separator drawn after square (x, y): ``|`` where Tartarus' chasm runs between it and its neighbour."""
    if planet.rule != "chasm" or x + 1 >= 12:
        return " "
    a, b = y * 12 + x, y * 12 + x + 1
    both = planet.squares >> a & 1 and planet.squares >> b & 1
    return "|" if both and planet.side(a) != planet.side(b) else " "


def planet_header(corp: Corp) -> str:
    planet = corp.planet
    note = RULE_NOTES.get(planet.rule, "")
    return f"    planet {planet.name} (complexity {planet.complexity})" + (f" — {note}" if note else "")


def _benefit(benefit: Benefit) -> str:
    kind, value = benefit
    return {"medal": f"{value}m", "synergy": "SYN", "civ": f"CIV{value}", "biomass": "PATCH", "rover": "ROVER",
            "tech": f"TECH{value}", "move": f"mv{value}", "skip": "skip",
            "advance": f"+1{TRACKS[value] if value < len(TRACKS) else ''}"}.get(kind, kind)


def _branching_cells(corp: Corp, t: int) -> str:
    """Wormhole Corp's biomass track level by level: the two positions of a level as a/b, the medal scored from
    that level in parentheses."""
    levels = []
    for level in range(wormhole.TOP_LEVEL + 1):
        texts = []
        for position in wormhole.positions_of(level):
            text = "+".join(_benefit(b) for b in benefits_at(corp, t, position)) or "."
            texts.append(f"[{text}]" if corp.tracks[t] == position else text)
        medal = corp.corporation.medal_at[t][wormhole.positions_of(level)[0]]
        levels.append("/".join(texts) + (f" ({medal}m)" if medal else ""))
    return " | ".join(levels)


def track_lines(corp: Corp) -> list[str]:
    """Each track position by position, the tracker's position in brackets."""
    corporation: Corporation = corp.corporation
    unlocked = [f"{level} {text}" for level, text in enumerate(corporation.ability_texts, start=1)
                if corp.level(level)]
    lines = [f"    corporation {corporation.name} (complexity {corporation.complexity}, {corporation.rovers} rovers)"
             + (f"; tech unlocked: {'; '.join(unlocked)}" if unlocked else "")]
    for t, name in enumerate(TRACKS):
        if wormhole.branches(corp, t):
            lines.append(f"    {name:<8}" + _branching_cells(corp, t))
            continue
        cells = []
        for position in range(track_top(corp, t) + 1):
            text = "+".join(_benefit(b) for b in benefits_at(corp, t, position)) or "."
            if [t, position] in corp.track_pods:
                text = f"({text})"  # under a lifepod (Cosmos Inc)
            if makeshift.plays(corp):  # trackers in any column: the letters of those standing here
                here = "".join(TRACKS[u][0].upper() for u in range(len(TRACKS))
                               if corp.columns[u] == t and corp.tracks[u] == position)
                cells.append(f"[{here}:{text}]" if here else text)
                continue
            cells.append(f"[{text}]" if corp.tracks[t] == position else text)
        if t == TRACKS.index("rover"):
            cells.append(f"then mv{corporation.rover_overflow_move}")
        label = f"{name}*" if corp.flux == t else name  # * the flux token (Flux Industries)
        lines.append(f"    {label:<8}" + " ".join(cells))
    return lines

