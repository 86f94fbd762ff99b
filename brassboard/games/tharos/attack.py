"""Phase III: the attack of Circumdate Caelo, resolved for each player in turn order.

Defence = the pips of the dice on the red field + ``guild.combat`` (cards, converter) + plugin defence hooks;
at least the strength (card value + round) wins a combat point (at most 7); Kanonier's sure defence wins whatever
the strength. A lost attack puts a guild tile on the attack card and returns the player's mine and guild tile on
the attacked landscape to supply. Combat strength then returns to 0.

The converter may be used in phase III too: there only the jars and combat converters still do anything, and both
only help, so a player who has not used the converter this turn gets them automatically here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import dice as d
from .figures import CELL_NAMES
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState

OPEN_STEPS = ("roll", "actions")
"""The steps in which the turn's attack card lies revealed and unresolved (the preparation reveals it and moves on
to the roll; its decisions, cards 1 / 22 / 9, are taken in the roll step)."""


def strength(state: TharosState) -> int:
    board = state.board
    return state.fig.attack_values[board.attack_row[-1]] + board.round


def defence(state: TharosState, p: int) -> int:
    g = state.guilds[p]
    total = g.combat + sum(d.pips(die) for die, where in zip(g.placed, g.placed_on, strict=True) if where == "attack")
    for hook in HOOKS.defence:
        total += hook(state, p)
    return total


def automatic_combat(state: TharosState, p: int) -> int:
    """The combat strength the attacked landscape's converter will add by itself at the attack (a combat converter
    that ``p`` has not used this turn), else 0."""
    board = state.board
    tile = state.fig.converters[board.converters[board.target()]]
    if state.guilds[p].converter_used or tile["kind"] != "combat":
        return 0
    return int(tile["value"])


def outlook(state: TharosState, p: int) -> dict[str, Any] | None:
    """The turn's attack as it would go for ``p`` if it were resolved now (what ``resolve_attack`` will do unless
    ``p`` still acts): the defence it would count (the automatic combat converter included), the strength, whether
    it holds, and what a loss costs. None when no attack is open (before the first reveal, after the resolution)."""
    board = state.board
    target = board.target()
    if target < 0 or board.step not in OPEN_STEPS:
        return None
    g = state.guilds[p]
    bit = 1 << p
    automatic = automatic_combat(state, p)
    value = defence(state, p) + automatic
    needed = strength(state)
    lost_tile = bool(board.guild_on[target] & bit)
    tile_on_card = lost_tile or g.guild > 0  # the tile leaving the landscape goes onto the card (resolve_attack)
    return {
        "landscape": CELL_NAMES[target], "defence": value, "converter": automatic, "strength": needed,
        "sure": g.sure_defence, "holds": g.sure_defence or value >= needed,
        # a loss: a guild tile onto the attack card (from the supply, else one the player gives from elsewhere; the
        # card's round-end damage follows at the round end), and the mine and guild tile on the attacked landscape
        "loss": {"card_tile": tile_on_card, "give": not tile_on_card and bool(state.tile_sources(p)),
                 "tile": lost_tile, "mine": bool(board.mines_on[target] & bit)},
    }


def resolve_attack(state: TharosState, players: list[int]) -> None:
    board = state.board
    target = board.target()
    column = len(board.attack_row) - 1
    needed = strength(state)
    tile = state.fig.converters[board.converters[target]]
    for p in players:
        g = state.guilds[p]
        extra = automatic_combat(state, p)  # what outlook() counts in too
        if not g.converter_used and tile["kind"] in ("jars", "combat"):
            g.converter_used = True
            if tile["kind"] == "jars":
                state.gain_money(p, int(tile["value"]))
            else:
                g.combat += extra
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
