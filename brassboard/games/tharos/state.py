"""The shape of a Tharos match: one :class:`Board` (shared table and game flow) and one :class:`Guild` per player.

Everything is small ints, short strings, flat lists and tiny dicts so that a clone is a handful of list copies and
the JSON form is the attributes themselves.

Encodings (see ``dice.py`` for the helpers):

- a **die id** is 0..17 per player (colour fixed by ``Figures.die_colours``: 8 white, 3 yellow, 3 red, 2 green,
  2 blue); ids >= 100 are *virtual* dice (an action card counting as a die) that vanish at clean-up;
- an **active die** is one int ``id << 8 | colour << 4 | pips`` (colour = index into ``figures.LETTERS``: its
  current colour, which a dye effect may change for the turn; pips 1..8);
- a **landscape** is a cell 0..15 (``row * 4 + column``, named ``A1``..``D4``); sets of landscapes and players'
  presence on a landscape are bitmasks (bit ``p`` = player ``p``);
- ore / crystal tiles a player owns: a bitmask over the five colours.
"""

from __future__ import annotations

from typing import Any


class Guild:
    """One player's material: dice, money, tiles, cards, medals, and what they did this turn."""

    LISTS = ("bag", "discard", "active", "placed", "placed_on", "medals", "cards_active", "cards_inactive",
             "cards_used", "cards_new", "hand", "buildings_used", "stored")
    DICTS = ("fields", "card_tiles", "flags", "turn_flags")
    SCALARS = ("money", "field_extra", "combat", "sure_defence", "combat_points", "guild", "mines", "ore",
               "crystal", "passed", "converter_used", "acted", "card_played")
    __slots__ = (*SCALARS, *LISTS, *DICTS, "market")

    def __init__(self) -> None:
        self.money = 0
        self.bag: list[int] = []  # die ids, kept sorted: the bag has no order, draws pick at random
        self.discard: list[int] = []  # die ids on the Würfelablage
        self.active: list[int] = []  # encoded active dice not yet used this turn
        self.placed: list[int] = []  # encoded dice used this turn ...
        self.placed_on: list[str] = []  # ... and where each lies ("money", "attack", "card:banker", ...)
        self.market: list[list[int]] = []  # per column, bottom to top: die ids
        self.fields: dict[str, str] = {}  # white field -> option chosen this turn (the field is blocked)
        self.field_extra = 0  # extra uses of an already used white field granted this turn (card 5, Notariat)
        self.combat = 0  # combat strength this turn (Kampfstärke), beside the dice on the red field
        self.sure_defence = False  # Kanonier: defends whatever the strength
        self.combat_points = 0  # Kampfpunkte, 0..7
        self.medals = [0, 0, 0, 0]  # combat, exploration, trade, civil
        self.guild = 0  # guild tiles in supply
        self.mines = 0  # mines in supply
        self.card_tiles: dict[str, int] = {}  # player card id -> guild tiles on it
        self.cards_active: list[str] = []  # activated player cards, in activation order
        self.cards_inactive: list[str] = []  # the player's other player cards ("hand" of player cards)
        self.cards_used: list[str] = []  # player cards whose (dice or money) action was used this turn
        self.cards_new: list[str] = []  # activated during the current action (usable from the next one)
        self.hand: list[int] = []  # action cards (secret)
        self.ore = 0  # colours of ore tiles owned (bitmask over LETTERS)
        self.crystal = 0
        self.passed = False
        self.converter_used = False
        self.buildings_used: list[str] = []  # public buildings used this turn
        self.acted = False  # the current player-turn's action is done (only a card or `done` may follow)
        self.card_played = False  # an action card was played in the current player-turn
        self.flags: dict[str, int] = {}  # plugin data that lasts (T2/T3 name their keys "t2:..", "t3:..")
        self.turn_flags: dict[str, int] = {}  # plugin data cleared at clean-up (e.g. "t3:double_money")
        self.stored: list[int] = []  # die ids lying on action card 22 (neither bag, discard, market nor active)

    def copy(self) -> Guild:
        g = Guild.__new__(Guild)
        for name in self.SCALARS:
            setattr(g, name, getattr(self, name))
        for name in self.LISTS:
            setattr(g, name, list(getattr(self, name)))
        for name in self.DICTS:
            setattr(g, name, dict(getattr(self, name)))
        g.market = [list(col) for col in self.market]
        return g

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in self.SCALARS}
        for name in self.LISTS:
            data[name] = list(getattr(self, name))
        for name in self.DICTS:
            data[name] = dict(getattr(self, name))
        data["market"] = [list(col) for col in self.market]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Guild:
        g = cls.__new__(cls)
        for name in cls.SCALARS:
            setattr(g, name, data[name])
        for name in cls.LISTS:
            setattr(g, name, list(data[name]))
        for name in cls.DICTS:
            setattr(g, name, dict(data[name]))
        g.market = [list(col) for col in data["market"]]
        return g


class Board:
    """The shared table and where the game stands."""

    LISTS = ("kinds", "colours", "converters", "ore_supply", "crystal_supply", "guild_on", "mines_on",
             "attack_deck", "attack_row", "attack_tiles", "round_end_deck", "round_end_drawn", "action_deck",
             "action_discard", "unbuilt", "built", "drawn")
    SCALARS = ("ore_on", "crystal_on", "round", "turn", "start_player", "first_player", "step", "current",
               "damage_column")
    __slots__ = (*SCALARS, *LISTS, "owners", "pending")

    def __init__(self) -> None:
        self.kinds: list[str] = []  # landscape kind id per cell
        self.colours: list[int] = []  # landscape colour (index into LETTERS) per cell
        self.converters: list[str] = []  # converter id per cell
        self.ore_on = 0  # cells still holding their ore tile
        self.crystal_on = 0
        self.ore_supply = [0] * 5  # general supply (allgemeiner Vorrat) per colour
        self.crystal_supply = [0] * 5
        self.guild_on = [0] * 16  # per cell: players with a guild tile there
        self.mines_on = [0] * 16  # per cell: players with a mine there
        self.attack_deck: list[int] = []  # attack card ids (index into Figures.attack_values), face down
        self.attack_row: list[int] = []  # revealed this round, left to right (column = position)
        self.attack_tiles: list[int] = []  # per revealed attack card: players with a guild tile on it
        self.round_end_deck: list[int] = []
        self.round_end_drawn: list[int] = []  # round-end cards revealed at this round end
        self.action_deck: list[int] = []
        self.action_discard: list[int] = []
        self.unbuilt: list[str] = []
        self.built: list[str] = []  # in building order
        self.owners: dict[str, int] = {}  # building -> owning player
        self.round = 1
        self.turn = 1  # Durchgang 1..4
        self.start_player = 0
        self.first_player = 0  # start player of the game (tie-break)
        self.step = "actions"  # see turn.py
        self.current = 0  # whose player-turn it is in the action phase
        self.pending: list[list[Any]] = []  # decisions: [player, kind, *data]; the first one is due
        self.damage_column = 0  # round end: next attack column to resolve
        self.drawn: list[int] = []  # action cards drawn for a choice, waiting for `keep` (secret)

    def copy(self) -> Board:
        b = Board.__new__(Board)
        for name in self.SCALARS:
            setattr(b, name, getattr(self, name))
        for name in self.LISTS:
            setattr(b, name, list(getattr(self, name)))
        b.owners = dict(self.owners)
        b.pending = [list(item) for item in self.pending]
        return b

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in self.SCALARS}
        for name in self.LISTS:
            data[name] = list(getattr(self, name))
        data["owners"] = dict(self.owners)
        data["pending"] = [list(item) for item in self.pending]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        b = cls.__new__(cls)
        for name in cls.SCALARS:
            setattr(b, name, data[name])
        for name in cls.LISTS:
            setattr(b, name, list(data[name]))
        b.owners = {k: int(v) for k, v in data["owners"].items()}
        b.pending = [list(item) for item in data["pending"]]
        return b

    def target(self) -> int:
        """The attacked landscape: the newest attack card's column in the round's row (-1 before any reveal)."""
        if not self.attack_row:
            return -1
        return (self.round - 1) * 4 + len(self.attack_row) - 1
