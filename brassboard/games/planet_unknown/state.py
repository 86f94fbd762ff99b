"""The pieces every Planet Unknown rules module shares: the figures, phase names, round flags, and ``Corp`` (one
player's planet and corporation board with everything on them)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .figures import EXTERIOR, INTERIOR, Corporation, Figures, Planet, figures

FIG: Figures = figures()
PLANET = FIG.planet  # the standard sides: KSB-4156 and Universal Coalition
CORP = FIG.corporation
STACK_NAMES = (INTERIOR, EXTERIOR)

# Phases
OBJECTIVES, ROTATE, EVENT, TILES = "objectives", "rotate", "event", "tiles"
CLAIM, FINAL, OVER = "claim", "final", "over"

# Round flags set by events (ref §8)
FLAG_NO_EDGE, FLAG_NO_ICE, FLAG_NO_MATCHING = "no_edge", "no_ice", "no_matching"
FLAG_ONE_RESOURCE, FLAG_NO_MILESTONES, FLAG_NO_SYNERGY = "one_resource", "no_milestones", "no_synergy"
FLAG_EXTRA_ROVER = "extra_rover"
FLAG_ROVER_FORBIDDEN = "rover_forbidden:"  # + terrain name

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Item = list[Any]


class Corp:
    """One player's planet and corporation board."""

    FIELDS = ("tracks", "tech", "occupied", "terrain", "icons", "patches", "meteor_symbols", "meteorites",
              "lifepods", "rovers", "rovers_left", "rovers_lost", "lifepods_collected", "lifepods_lost",
              "meteorites_collected", "meteorites_destroyed", "placed", "unplaced", "last_tile", "stored_patches",
              "civ", "objectives", "pending", "movement", "finished", "took_tile", "offer", "peek",
              "planet_name", "corporation_name", "dealt", "chosen", "used", "flux", "track_pods", "columns")

    def __init__(self, planet: str = PLANET.name, corporation: str = CORP.name) -> None:
        self.planet_name = planet
        self.corporation_name = corporation
        self.dealt = ["", ""]  # the special planet and corporation sides dealt at set-up ("" none)
        self.chosen = ["", ""]  # the side chosen for each ("standard" | "special"), secret until all have chosen
        self.used: list[str] = []  # corporation abilities used this round (once per round; "game:…" once a game)
        self.flux = -1  # Flux Industries: the track under the flux token
        self.track_pods: list[list[int]] = []  # Cosmos Inc: [track, position] of each lifepod on a track
        self.tracks = [0] * 5
        self.columns = [0, 1, 2, 3, 4]  # the column each tracker stands in (only Makeshift's leave their own)
        self.tech = 0  # bit k: tech level k unlocked
        self.occupied = 0  # squares covered by tiles and biomass patches
        self.terrain = [0] * 6  # per resource: squares of that terrain (patches are biomass)
        self.icons = [0] * 6  # per resource: squares holding that resource's icon
        self.patches = 0
        self.meteor_symbols = 0  # printed meteor symbols on placed tiles
        self.meteorites = 0  # meteorites on the planet
        self.lifepods = self.planet.lifepods
        self.rovers: list[int] = []  # squares of deployed rovers, in deployment order
        self.rovers_left = self.corporation.rovers  # rovers still on the corporation board
        self.rovers_lost = 0
        self.lifepods_collected = 0
        self.lifepods_lost = 0
        self.meteorites_collected = 0
        self.meteorites_destroyed = 0  # destroyed by cards or events: they leave the game unscored
        self.placed: list[list[int]] = []  # [tile type, x, y, orientation] in placing order
        self.unplaced: list[int] = []  # tiles taken when nothing fitted (end trigger A)
        self.last_tile = 0  # squares of the last tile placed (rover deployment)
        self.stored_patches = 0  # tech level 2
        self.civ: list[int] = []  # civ cards kept
        self.objectives: list[int] = []  # private objectives kept
        self.pending: list[Item] = []
        self.movement = 0
        self.finished = False  # done with the current phase
        self.took_tile = False  # placed or took this round's tile
        self.offer: list[int] = []  # civ cards on offer to this player (claim) or private objectives dealt
        self.peek = 0  # the next event's id, if this player peeked at it (events 117/118)

    def copy(self) -> Corp:
        new = Corp.__new__(Corp)
        new.__dict__.update(self.__dict__)
        for name in ("tracks", "terrain", "icons", "rovers", "placed", "unplaced", "civ", "objectives", "offer",
                     "dealt", "chosen", "used", "track_pods", "columns"):
            setattr(new, name, list(getattr(self, name)))  # their elements are never changed in place
        new.pending = [list(item) for item in self.pending]  # items are changed at the top level only
        return new

    def to_dict(self) -> dict[str, Any]:
        return {name: copy.deepcopy(getattr(self, name)) for name in Corp.FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Corp:
        new = cls.__new__(cls)
        for name in Corp.FIELDS:
            default = [0, 1, 2, 3, 4] if name == "columns" else None  # states saved before Makeshift
            setattr(new, name, copy.deepcopy(data.get(name, default)))
        return new

    @property
    def planet(self) -> Planet:
        return FIG.planets[self.planet_name]

    @property
    def corporation(self) -> Corporation:
        return FIG.corporations[self.corporation_name]

    def set_boards(self, planet: str, corporation: str) -> None:
        """Set-up only (nothing is on the boards yet): play these sides, with their lifepods and rovers."""
        self.planet_name, self.corporation_name = planet, corporation
        self.lifepods = self.planet.lifepods
        self.rovers_left = self.corporation.rovers

    def level(self, level: int) -> bool:
        return bool(self.tech >> level & 1)

    def ability(self, name: str) -> bool:
        """Whether the tech ability ``name`` (a kind of corporation.toml's tech levels, or ``<rule>:<level>`` of a
        special corporation) is unlocked now."""
        abilities = self.corporation.abilities
        if name not in abilities:
            return False
        if self.corporation.rule == "flux":  # Flux: only the most recently unlocked level is active
            return abilities.index(name) + 1 == self.tech.bit_length() - 1
        return self.level(abilities.index(name) + 1)
