"""Phase III: the attack of Circumdate Caelo, resolved for each player in turn order.

Defence = the pips of the dice on the red field + ``guild.combat`` (cards, converter) + plugin defence hooks;
at least the strength (card value + round) wins a combat point (at most 7); Kanonier's sure defence wins whatever
the strength. A lost attack puts a guild tile on the attack card and returns the player's mine and guild tile on
the attacked landscape to supply. Combat strength then returns to 0.

The converter may be used in phase III too: there only the jars and combat converters still do anything, and both
only help, so a player who has not used the converter this turn gets them automatically here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import dice as d
from .figures import CELL_NAMES
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState


def strength(state: TharosState) -> int:
    board = state.board
    return state.fig.attack_values[board.attack_row[-1]] + board.round


def defence(state: TharosState, p: int) -> int:
    g = state.guilds[p]
    total = g.combat + sum(d.pips(die) for die, where in zip(g.placed, g.placed_on, strict=True) if where == "attack")
    for hook in HOOKS.defence:
        total += hook(state, p)
    return total


def resolve_attack(state: TharosState, players: list[int]) -> None:
    board = state.board
    target = board.target()
    column = len(board.attack_row) - 1
    needed = strength(state)
    tile = state.fig.converters[board.converters[target]]
    for p in players:
        g = state.guilds[p]
        if not g.converter_used and tile["kind"] in ("jars", "combat"):
            g.converter_used = True
            if tile["kind"] == "jars":
                state.gain_money(p, int(tile["value"]))
            else:
                g.combat += int(tile["value"])
            state.emit("convert", player=p, converter=tile["id"], args=[], automatic=True)
        value = defence(state, p)
        bit = 1 << p
        if g.sure_defence or value >= needed:
            g.combat_points = min(g.combat_points + 1, state.fig.combat_points_max)
            state.emit("defended", player=p, defence=value, strength=needed, sure=g.sure_defence)
        else:
            lost_mine = bool(board.mines_on[target] & bit)
            lost_tile = bool(board.guild_on[target] & bit)
            # The mine and guild tile on the attacked landscape go back to supply first, so when all 12 tiles are
            # placed the tile leaving the landscape is the one that lies on the attack card (README).
            if lost_tile:
                board.guild_on[target] &= ~bit
                g.guild += 1
            if lost_mine:
                board.mines_on[target] &= ~bit
                g.mines += 1
            tile_on_card = g.guild > 0  # else the player gives one from a landscape or card (a decision)
            if tile_on_card:
                g.guild -= 1
                board.attack_tiles[column] |= bit
            elif state.tile_sources(p):
                state.queue(p, "give", column)
            state.emit("attack_lost", player=p, defence=value, strength=needed, landscape=CELL_NAMES[target],
                       lost_mine=lost_mine, lost_tile=lost_tile, tile_on_card=tile_on_card)
        g.combat = 0
        g.sure_defence = False
