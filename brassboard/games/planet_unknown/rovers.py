"""Rovers, lifepods and meteorites: deploying and moving rovers, teleports, collecting and destroying what lies on
the planet, and the meteorites cards and events add or clear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action

from . import corporations, jump_drive, planets
from . import geometry as g
from .figures import (
    RESOURCE_INDEX,
)
from .state import (
    DIRECTIONS,
    FLAG_ROVER_FORBIDDEN,
    Corp,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))  # Cosmos Inc tech 1


def _rover_mask(self: PlanetUnknownState, corp: Corp) -> int:
    mask = 0
    for index in corp.rovers:
        mask |= 1 << index
    return mask


def _deploy_squares(self: PlanetUnknownState, corp: Corp) -> int:
    return corp.last_tile & ~self._rover_mask(corp)


def _rover_moves(self: PlanetUnknownState, p: int) -> list[Action]:
    corp = self.corps[p]
    occupied_by_rovers = self._rover_mask(corp)
    forbidden = self._forbidden_terrain(corp) | planets.rover_barred(corp)
    planet = corp.planet
    actions = []
    directions = DIRECTIONS + DIAGONALS if corporations.diagonal(corp) else DIRECTIONS
    for r, index in enumerate(corp.rovers):
        x, y = g.xy(index)
        for dx, dy in directions:
            nx, ny = x + dx, y + dy
            if 0 <= nx < g.WIDTH and 0 <= ny < g.HEIGHT:
                b = g.bit(nx, ny)
                if planet.squares & b and not occupied_by_rovers & b and not forbidden & b and not (
                        planets.step_crosses_chasm(planet, index, g.cell(nx, ny))):
                    actions.append(Action("rove", r, nx, ny))
        # Republic tech 3: from a civ icon to any other for 1 movement (a teleport: the chasm does not stop it);
        # Jump Drive tech 2: to any square of the terrain under the rover
        for i in g.cells_of(corporations.teleports(corp, index, occupied_by_rovers | forbidden)):
            move = Action("rove", r, *g.xy(i))
            if move not in actions:
                actions.append(move)
    return actions


def _forbidden_terrain(self: PlanetUnknownState, corp: Corp) -> int:
    mask = 0
    for flag in self.flags:
        if flag.startswith(FLAG_ROVER_FORBIDDEN):
            mask |= planets.terrain(corp, RESOURCE_INDEX[flag[len(FLAG_ROVER_FORBIDDEN):]])
    return mask


def _do_deploy(self: PlanetUnknownState, p: int, corp: Corp, x: int, y: int) -> None:
    self._take_item(corp, "deploy")
    corp.rovers_left -= 1
    index = g.cell(x, y)
    corp.rovers.append(index)
    self.emit("deploy", player=p, x=x, y=y)
    self._collect_at(p, corp, index)


def _do_rove(self: PlanetUnknownState, p: int, corp: Corp, rover: int, x: int, y: int) -> None:
    index = g.cell(x, y)
    corporations.carry(self, p, corp, corp.rovers[rover], index)
    jump_drive.moved(corp, corp.rovers[rover], index)
    corp.rovers[rover] = index
    if not corporations.free_step(corp, index, planets.energy_terrain(corp)):  # Cosmos tech 4
        corp.movement -= 1
    self.emit("rove", player=p, rover=rover, x=x, y=y)
    self._collect_at(p, corp, index)


def _do_teleport(self: PlanetUnknownState, p: int, corp: Corp, rover: int, x: int, y: int) -> None:
    self._take_item(corp, "teleport")
    index = g.cell(x, y)
    corporations.carry(self, p, corp, corp.rovers[rover], index)
    corp.rovers[rover] = index
    self.emit("teleport", player=p, rover=rover, x=x, y=y)
    self._collect_at(p, corp, index)


def _collect_at(self: PlanetUnknownState, p: int, corp: Corp, index: int, by_rover: bool = True) -> None:
    b = 1 << index
    if corp.lifepods & b:
        corp.lifepods &= ~b
        corp.lifepods_collected += 1
        self.emit("collect", player=p, what="lifepod", square=g.xy(index))
        corp.pending.extend(corporations.collected_lifepod_items(corp))
    if corp.meteorites & b and (not by_rover or corporations.collected_by_rover(corp, index)):
        corp.meteorites &= ~b
        corp.meteorites_collected += 1
        self.emit("collect", player=p, what="meteorite", square=g.xy(index))
        if by_rover:
            corp.pending.extend(corporations.delivery_items(corp))


def _do_collect(self: PlanetUnknownState, p: int, corp: Corp, x: int, y: int) -> None:
    what = "lifepod" if corp.lifepods & g.bit(x, y) else "meteorite"  # a square never holds both
    self._take_item(corp, "collect", match=lambda item: item[1] == what)
    self._collect_at(p, corp, g.cell(x, y), by_rover=False)


def _do_destroy(self: PlanetUnknownState, p: int, corp: Corp, x: int, y: int) -> None:
    index = g.cell(x, y)
    b = 1 << index
    options = [item[1] for item in corp.pending if item[0] == "destroy"]
    if "rover" in options and index in corp.rovers:
        what = "rover"
    elif "meteorite" in options and corp.meteorites & b:
        what = "meteorite"
    else:
        what = "lifepod"
    self._take_item(corp, "destroy", match=lambda item: item[1] == what)
    if what == "rover":
        corp.rovers.remove(index)
        corp.rovers_lost += 1
    elif what == "meteorite":
        corp.meteorites &= ~b
        corp.meteorites_destroyed += 1
    else:
        corp.lifepods &= ~b
        corp.lifepods_lost += 1
    self.emit("destroy", player=p, what=what, x=x, y=y)


def _do_clear(self: PlanetUnknownState, p: int, corp: Corp, line: str, number: int) -> None:
    self._take_item(corp, "clear")
    mask = corp.meteorites & (corp.planet.rows[number] if line == "row" else corp.planet.columns[number])
    corp.meteorites &= ~mask
    corp.meteorites_destroyed += mask.bit_count()
    self.emit("clear", player=p, line=line, number=number, destroyed=mask.bit_count())


def _do_meteorite(self: PlanetUnknownState, p: int, corp: Corp, x: int, y: int) -> None:
    self._take_item(corp, "add_meteorite")
    index = g.cell(x, y)
    corp.meteorites |= 1 << index
    self.emit("meteorite", player=p, x=x, y=y)
    if index in corp.rovers:  # a meteorite falling on a rover destroys it
        corp.rovers.remove(index)
        corp.rovers_lost += 1
        self.emit("rover_destroyed", player=p, square=(x, y))
