"""Tharos: a structured encoding of the landscapes, the table and every guild, seen from the observer, plus the
hashed rest.

Observation (float32), five blocks; ``P`` players, seats *relative* to the observer (0 is the observer, 1 the next
seat clockwise, ...) so one policy can play any seat; ``K`` landscape kinds (5), ``C`` converters (13), ``B`` public
buildings (8), ``A`` action cards (40), ``R`` round-end cards (6), ``Y`` player cards (10), ``F`` white fields (6)
with ``O`` options in all (11) — all read from the match's figures:

1. landscapes, ``16 x (K + 5 + 2 + C + 2P + 1)``, cell ``row * 4 + column`` (A1, B1, ... D4): kind one-hot; colour
   one-hot (white, yellow, red, green, blue); ore tile, crystal tile still there; converter one-hot; guild tiles and
   mines of each relative seat; the attacked landscape.
2. table, ``4 x (2 + P) + B x (1 + P) + A + A + R + 10``: per attack column its card revealed, value and the
   guild tiles of each relative seat on it; per building built and its owner (relative one-hot); the action
   discard pile (count per card); the action cards drawn for the observer's own choice (count per card, only while
   the view shows them); the round-end cards revealed; the ore and crystal supply per colour.
3. numbers, ``2 + len(STEPS) + 5P + 7``: round, turn; step one-hot; start player, first player, current player,
   active players, the player of the due decision (relative one-hots); a decision is due; attack strength (0 before
   the first reveal); cards left in the attack, round-end and action decks; action cards drawn for someone's
   choice (count); game over.
4. guilds, ``P x GUILD_WIDTH`` (299 with the default figures), relative seats, see :func:`guild_block`:
   money, dice in the bag, field extra uses, combat strength, defence, sure defence, combat points, the four medals,
   guild tiles and mines in supply, hand size, passed, converter used, acted, card played; ore and crystal tiles per
   colour; bag, discard and stored dice per colour; the dice market (colour one-hot per column and row); the active
   dice (count per colour x pips 0..8, the virtual ones, the dyed ones); the used dice (count per colour x pips and
   per place: white field, attack, player card, other); the white fields (blocked, option chosen); per player card
   active, inactive, guild tiles on it, used, new this action; the public buildings used; the action cards in hand
   (count per card — the observer's own hand only; others read 0, their hand size is in the numbers).
5. the irregular rest, hashed (the generic scheme of :mod:`.hashing`, 128 buckets, with the ``@seat`` token): the
   step, the due decision's kind and data, each guild's plugin flags and turn flags (relative seats).

Left out: what is the same in every state of a match (player count, printed figures), the order of things whose
order the rules do not use (buildings built, player cards activated, dice used), the final scores (the reward
carries them). Pips above 8 count as 8.

``encode`` reads the view; ``encode_state`` reads the same fields from the state's public attributes (the action
hand of the observer only, cards drawn only for the observer's own choice, exactly as the view shows them). Both
build the same records, and each block is memoised per record: a step changes one guild, rarely the landscapes.
The tests hold the two equal over random games.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.games.tharos import dice as d
from brassboard.games.tharos.attack import defence
from brassboard.games.tharos.figures import CELLS, COLOURS, LETTERS, MEDALS, WHITE_FIELDS, Figures, figures

from .hashing import HashingEncoder

STEPS = ("prep", "roll", "actions", "attack", "cleanup_offer", "cleanup", "round_end", "medals", "round_over",
         "over")
"""The steps of a round (turn.py), one-hot; the step is hashed in the rest too, so a step a plugin adds shows."""
COLOUR_COUNT = len(COLOURS)
PIP_SLOTS = 9
"""Pips 0 (drawn, not rolled) to 8; higher pips count as 8."""
MARKET_SLOTS = (2, 3)
"""Dice market: columns x rows (bottom to top)."""
ATTACK_COLUMNS = 4
REST_SIZE = 128
MEMO_SIZE = 1 << 14
GUILD_NUMBERS = 14 + len(MEDALS)
"""money, bag, field extra, combat, defence, sure defence, combat points, medals (4), guild tiles, mines, hand
size, passed, converter used, acted, card played."""
CARD_FEATURES = 5
"""Per player card: active, inactive, guild tiles on it, used, new."""

LandRecord = tuple[Any, ...]
GuildRecord = tuple[Any, ...]
TableRecord = tuple[Any, ...]


def _remember(memo: dict[Any, npt.NDArray[np.float32]], key: Any, block: npt.NDArray[np.float32]) -> None:
    block.flags.writeable = False
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = block


class TharosEncoder:
    low = float("-inf")
    high = float("inf")

    def __init__(self, players: int, fig: Figures) -> None:
        self.players = players
        self.fig = fig
        self.kinds = {kind["id"]: i for i, kind in enumerate(fig.landscape_kinds)}
        self.converters = {name: i for i, name in enumerate(fig.converters)}
        self.buildings = {name: i for i, name in enumerate(fig.buildings)}
        self.action_cards = {card: i for i, card in enumerate(fig.action_card_ids)}
        self.round_end_cards = {card: i for i, card in enumerate(sorted(fig.round_end))}
        self.player_cards = {card: i for i, card in enumerate(fig.player_cards)}
        # white field -> (its blocked column, its first option's column, its options)
        self.fields: dict[str, tuple[int, dict[str, int]]] = {}
        option_at = len(fig.fields)
        for index, (name, options) in enumerate(fig.fields.items()):
            self.fields[name] = (index, {option: option_at + j for j, option in enumerate(options)})
            option_at += len(options)
        self.field_width = option_at
        # where a used die lies: a white field, the attack, a player card, anything else
        self.places = {name: i for i, name in enumerate(WHITE_FIELDS)}
        self.places["attack"] = len(WHITE_FIELDS)
        for i, card in enumerate(fig.player_cards):
            self.places[f"card:{card}"] = len(WHITE_FIELDS) + 1 + i
        self.place_width = len(self.places) + 1
        self.colour_of_die = tuple(LETTERS.index(letter) for letter in fig.die_colours)
        self.prices = fig.prices

        self.land_width = len(self.kinds) + COLOUR_COUNT + 2 + len(self.converters) + 2 * players + 1
        self.table_width = (ATTACK_COLUMNS * (2 + players) + len(self.buildings) * (1 + players)
                            + 2 * len(self.action_cards) + len(self.round_end_cards) + 2 * COLOUR_COUNT)
        self.number_width = 2 + len(STEPS) + 5 * players + 7
        self.guild_width = (GUILD_NUMBERS + 5 * COLOUR_COUNT + MARKET_SLOTS[0] * MARKET_SLOTS[1] * COLOUR_COUNT
                            + COLOUR_COUNT * PIP_SLOTS + 2 + COLOUR_COUNT * PIP_SLOTS + self.place_width
                            + self.field_width + CARD_FEATURES * len(self.player_cards) + len(self.buildings)
                            + len(self.action_cards))
        self.shape = (CELLS * self.land_width + self.table_width + self.number_width + players * self.guild_width
                      + REST_SIZE,)
        self._rest = HashingEncoder(REST_SIZE)
        self._lands: dict[tuple[int, LandRecord], npt.NDArray[np.float32]] = {}
        self._tables: dict[tuple[int, TableRecord], npt.NDArray[np.float32]] = {}
        self._guilds: dict[GuildRecord, npt.NDArray[np.float32]] = {}
        self._rests: dict[tuple[int, bytes], npt.NDArray[np.float32]] = {}
        self._counts: dict[tuple[int, ...], tuple[int, ...]] = {}  # die ids -> dice per colour

    # ----- the two ways in ----------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        players = self.players
        landscapes = view["landscapes"]

        def seats_mask(seats: Sequence[int]) -> int:
            mask = 0
            for seat in seats:
                mask |= 1 << seat
            return mask

        target = view["target"]
        land: LandRecord = (
            tuple(cell["kind"] for cell in landscapes),
            tuple(COLOURS.index(cell["color"]) for cell in landscapes),
            tuple(cell["converter"] for cell in landscapes),
            seats_mask([c for c, cell in enumerate(landscapes) if cell["ore"]]),
            seats_mask([c for c, cell in enumerate(landscapes) if cell["crystal"]]),
            tuple(seats_mask(cell["guild"]) for cell in landscapes),
            tuple(seats_mask(cell["mines"]) for cell in landscapes),
            -1 if target is None else target["row"] * 4 + target["col"],
        )
        attack = view["attack"]
        revealed = [column for column in attack if column["value"] is not None]
        buildings = view["buildings"]
        drawn = view["drawn"]
        table: TableRecord = (
            tuple(column["value"] for column in revealed),
            tuple(seats_mask(column["guild"]) for column in revealed),
            tuple(entry["id"] for entry in buildings["built"]),
            tuple(entry["owner"] for entry in buildings["built"]),
            tuple(view["action_discard"]),
            tuple(drawn) if isinstance(drawn, list) else (),
            tuple(view["round_end_drawn"]),
            tuple(view["ore_supply"][colour] for colour in COLOURS),
            tuple(view["crystal_supply"][colour] for colour in COLOURS),
        )
        pending = view["pending"]
        numbers = self._numbers(
            player, view["round"], view["turn"], view["step"], view["start_player"], view["first_player"],
            view["current"], view["active_players"], None if pending is None else pending["player"],
            view["strength"], view["attack_deck"], view["round_end_deck"], view["action_deck"],
            len(drawn) if isinstance(drawn, list) else drawn, view["over"])
        guilds = [self._guild_of_view(view["guilds"][(player + offset) % players], player)
                  for offset in range(players)]
        rest = {"step": view["step"],
                "pending": None if pending is None else [pending["kind"], pending["data"]],
                "flags": [[seen["flags"], seen["turn_flags"]] for seen in
                          (view["guilds"][(player + offset) % players] for offset in range(players))]}
        return self._assemble(player, land, table, numbers, guilds, rest)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        tharos: Any = state  # a TharosState
        board = tharos.board
        guild_states = tharos.guilds
        players = self.players
        land: LandRecord = (tuple(board.kinds), tuple(board.colours), tuple(board.converters), board.ore_on,
                            board.crystal_on, tuple(board.guild_on), tuple(board.mines_on), board.target())
        head = board.pending[0] if board.pending else None
        drawn_seen = head is not None and head[0] == player and head[1] == "keep"  # the view's rule
        attack_values = self.fig.attack_values
        table: TableRecord = (
            tuple(attack_values[card] for card in board.attack_row),
            tuple(board.attack_tiles),
            tuple(board.built),
            tuple(board.owners.get(building) for building in board.built),
            tuple(board.action_discard),
            tuple(board.drawn) if drawn_seen else (),
            tuple(board.round_end_drawn),
            tuple(board.ore_supply),
            tuple(board.crystal_supply),
        )
        numbers = self._numbers(
            player, board.round, board.turn, board.step, board.start_player, board.first_player, board.current,
            state.active_players(), None if head is None else head[0],
            attack_values[board.attack_row[-1]] + board.round if board.attack_row else None,
            len(board.attack_deck), len(board.round_end_deck), len(board.action_deck), len(board.drawn),
            board.step == "over")
        guilds = [self._guild_of_state(tharos, (player + offset) % players, player) for offset in range(players)]
        rest = {"step": board.step,
                "pending": None if head is None else [head[1], list(head[2:])],
                "flags": [[guild_states[(player + offset) % players].flags,
                           guild_states[(player + offset) % players].turn_flags] for offset in range(players)]}
        return self._assemble(player, land, table, numbers, guilds, rest)

    # ----- records: what the view shows of a guild, the same from the view and from the state -------------------
    def _guild_of_view(self, seen: Mapping[str, Any], player: int) -> GuildRecord:
        medals = seen["medals"]
        die_colours = self.colour_of_die

        def die_code(die: Mapping[str, Any]) -> int:
            colour = COLOURS.index(die["color"])
            die_id = die["id"]
            dyed = die_id < d.VIRTUAL and die_colours[die_id] != colour
            return (die_id >= d.VIRTUAL) << 9 | dyed << 8 | colour << 4 | die["pips"]

        def colour_mask(names: Sequence[str]) -> int:
            mask = 0
            for name in names:
                mask |= 1 << COLOURS.index(name)
            return mask

        stored = [0] * COLOUR_COUNT
        for die in seen["stored"]:
            stored[COLOURS.index(die["color"])] += 1
        hand = seen.get("hand")
        return (
            (seen["money"], seen["bag"], seen["field_extra"], seen["combat"], seen["defence"], seen["sure_defence"],
             seen["combat_points"], *(medals[name] for name in MEDALS), seen["guild"], seen["mines"],
             seen["hand_size"], seen["passed"], seen["converter_used"], seen["acted"], seen["card_played"]),
            colour_mask(seen["ore"]), colour_mask(seen["crystal"]),
            tuple(seen["bag_colours"][colour] for colour in COLOURS),
            tuple(seen["discard"][colour] for colour in COLOURS),
            tuple(stored),
            tuple(tuple(COLOURS.index(die["color"]) for die in column) for column in seen["market"]),
            tuple(die_code(die) for die in seen["active"]),
            tuple((COLOURS.index(die["color"]) << 4 | die["pips"], die["on"]) for die in seen["placed"]),
            tuple(seen["fields"].items()),
            tuple((card["id"], card["guild"], card["used"], card["new"]) for card in seen["cards_active"]),
            tuple(seen["cards_inactive"]),
            tuple(seen["buildings_used"]),
            None if hand is None else tuple(hand),
        )

    def _guild_of_state(self, state: Any, seat: int, player: int) -> GuildRecord:
        g = state.guilds[seat]
        die_colours = self.colour_of_die
        virtual = d.VIRTUAL
        active = []
        for die in g.active:
            die_id = die >> 8
            colour = die >> 4 & 15
            dyed = die_id < virtual and die_colours[die_id] != colour
            active.append((die_id >= virtual) << 9 | dyed << 8 | die & 255)
        market = tuple(tuple(die_colours[die_id] for die_id in column) for column in g.market)
        tiles = g.card_tiles
        used = g.cards_used
        new = g.cards_new
        return (
            (g.money, len(g.bag), g.field_extra, g.combat, defence(state, seat), g.sure_defence, g.combat_points,
             *g.medals, g.guild, g.mines, len(g.hand), g.passed, g.converter_used, g.acted, g.card_played),
            g.ore, g.crystal,
            self._colour_counts(g.bag), self._colour_counts(g.discard),
            self._colour_counts([die_id for die_id in g.stored if die_id < virtual]),
            market,
            tuple(active),
            tuple((die & 255, where) for die, where in zip(g.placed, g.placed_on, strict=True)),
            tuple(g.fields.items()),
            tuple((card, tiles.get(card, 0), card in used, card in new) for card in g.cards_active),
            tuple(g.cards_inactive),
            tuple(g.buildings_used),
            tuple(g.hand) if seat == player else None,
        )

    def _colour_counts(self, die_ids: Sequence[int]) -> tuple[int, ...]:
        key = tuple(die_ids)
        found = self._counts.get(key)
        if found is None:
            counts = [0] * COLOUR_COUNT
            for die_id in key:
                counts[self.colour_of_die[die_id]] += 1
            found = tuple(counts)
            if len(self._counts) >= MEMO_SIZE:
                self._counts.clear()
            self._counts[key] = found
        return found

    def _numbers(self, player: int, round_: int, turn: int, step: str, start: int, first: int, current: int,
                 active: Sequence[int], due: int | None, strength: int | None, attack_deck: int,
                 round_end_deck: int, action_deck: int, drawn: int, over: bool) -> list[float]:
        players = self.players
        numbers = [0.0] * self.number_width
        numbers[0] = round_
        numbers[1] = turn
        if step in STEPS:
            numbers[2 + STEPS.index(step)] = 1.0
        at = 2 + len(STEPS)
        for block, seat in enumerate((start, first, current)):
            numbers[at + block * players + (seat - player) % players] = 1.0
        at += 3 * players
        for seat in active:
            numbers[at + (seat - player) % players] = 1.0
        at += players
        if due is not None:
            numbers[at + (due - player) % players] = 1.0
        at += players
        numbers[at: at + 7] = (due is not None, strength or 0, attack_deck, round_end_deck, action_deck, drawn,
                               over)
        return numbers

    # ----- blocks -------------------------------------------------------------------------------------------------
    def _assemble(self, player: int, land: LandRecord, table: TableRecord, numbers: list[float],
                  guilds: list[GuildRecord], rest: dict[str, Any]) -> npt.NDArray[np.float32]:
        out = np.empty(self.shape, dtype=np.float32)
        end = CELLS * self.land_width
        out[:end] = self._land_block(player, land)
        out[end: end + self.table_width] = self._table_block(player, table)
        end += self.table_width
        out[end: end + self.number_width] = numbers
        end += self.number_width
        width = self.guild_width
        for record in guilds:
            out[end: end + width] = self._guild_block(record)
            end += width
        out[end:] = self._rest_block(player, rest)
        return out

    def _land_block(self, player: int, land: LandRecord) -> npt.NDArray[np.float32]:
        key = (player, land)
        found = self._lands.get(key)
        if found is None:
            kinds, colours, converters, ore, crystal, guild, mines, target = land
            players = self.players
            block = np.zeros((CELLS, self.land_width), dtype=np.float32)
            at_colour = len(self.kinds)
            at_ore = at_colour + COLOUR_COUNT
            at_converter = at_ore + 2
            at_guild = at_converter + len(self.converters)
            at_mines = at_guild + players
            for cell in range(CELLS):
                row = block[cell]
                if kinds[cell] in self.kinds:
                    row[self.kinds[kinds[cell]]] = 1.0
                row[at_colour + colours[cell]] = 1.0
                row[at_ore] = ore >> cell & 1
                row[at_ore + 1] = crystal >> cell & 1
                if converters[cell] in self.converters:
                    row[at_converter + self.converters[converters[cell]]] = 1.0
                for seat in range(players):
                    relative = (seat - player) % players
                    row[at_guild + relative] = guild[cell] >> seat & 1
                    row[at_mines + relative] = mines[cell] >> seat & 1
            if target >= 0:
                block[target, -1] = 1.0
            found = block.reshape(-1)
            _remember(self._lands, key, found)
        return found

    def _table_block(self, player: int, table: TableRecord) -> npt.NDArray[np.float32]:
        key = (player, table)
        found = self._tables.get(key)
        if found is None:
            values, tiles, built, owners, discard, drawn, round_end, ore, crystal = table
            players = self.players
            block = [0.0] * self.table_width
            width = 2 + players
            for column, value in enumerate(values):
                at = column * width
                block[at] = 1.0
                block[at + 1] = value
                for seat in range(players):
                    block[at + 2 + (seat - player) % players] = tiles[column] >> seat & 1
            at = ATTACK_COLUMNS * width
            width = 1 + players
            for building, owner in zip(built, owners, strict=True):
                index = self.buildings.get(building)
                if index is not None:
                    block[at + index * width] = 1.0
                    if owner is not None:
                        block[at + index * width + 1 + (owner - player) % players] = 1.0
            at += len(self.buildings) * width
            for cards in (discard, drawn):
                for card in cards:
                    if card in self.action_cards:
                        block[at + self.action_cards[card]] += 1.0
                at += len(self.action_cards)
            for card in round_end:
                if card in self.round_end_cards:
                    block[at + self.round_end_cards[card]] = 1.0
            at += len(self.round_end_cards)
            block[at: at + 2 * COLOUR_COUNT] = (*ore, *crystal)
            found = np.array(block, dtype=np.float32)
            _remember(self._tables, key, found)
        return found

    def _guild_block(self, record: GuildRecord) -> npt.NDArray[np.float32]:
        found = self._guilds.get(record)
        if found is None:
            found = np.array(self.guild_block(record), dtype=np.float32)
            _remember(self._guilds, record, found)
        return found

    def guild_block(self, record: GuildRecord) -> list[float]:
        """One guild's values (see the module's note, block 4) from its record."""
        (numbers, ore, crystal, bag, discard, stored, market, active, placed, fields, cards_active, cards_inactive,
         buildings_used, hand) = record
        block = [0.0] * self.guild_width
        at = len(numbers)
        block[:at] = numbers
        for mask in (ore, crystal):
            block[at: at + COLOUR_COUNT] = [mask >> colour & 1 for colour in range(COLOUR_COUNT)]
            at += COLOUR_COUNT
        for counts in (bag, discard, stored):
            block[at: at + COLOUR_COUNT] = counts
            at += COLOUR_COUNT
        columns, rows = MARKET_SLOTS
        for column, dice in enumerate(market[:columns]):
            for row, colour in enumerate(dice[:rows]):
                block[at + (column * rows + row) * COLOUR_COUNT + colour] = 1.0
        at += columns * rows * COLOUR_COUNT
        for code in active:
            block[at + (code >> 4 & 15) * PIP_SLOTS + min(code & 15, PIP_SLOTS - 1)] += 1.0
        at += COLOUR_COUNT * PIP_SLOTS
        block[at] = sum(code >> 9 & 1 for code in active)
        block[at + 1] = sum(code >> 8 & 1 for code in active)
        at += 2
        places = self.places
        for code, where in placed:
            block[at + (code >> 4 & 15) * PIP_SLOTS + min(code & 15, PIP_SLOTS - 1)] += 1.0
            block[at + COLOUR_COUNT * PIP_SLOTS + places.get(where, len(places))] += 1.0
        at += COLOUR_COUNT * PIP_SLOTS + self.place_width
        for field, option in fields:
            known = self.fields.get(field)
            if known is not None:
                block[at + known[0]] = 1.0
                if option in known[1]:
                    block[at + known[1][option]] = 1.0
        at += self.field_width
        cards = self.player_cards
        for card, tiles, used, new in cards_active:
            if card in cards:
                block[at + cards[card] * CARD_FEATURES: at + (cards[card] + 1) * CARD_FEATURES] = (
                    1.0, 0.0, tiles, used, new)
        for card in cards_inactive:
            if card in cards:
                block[at + cards[card] * CARD_FEATURES + 1] = 1.0
        at += CARD_FEATURES * len(cards)
        for building in buildings_used:
            if building in self.buildings:
                block[at + self.buildings[building]] = 1.0
        at += len(self.buildings)
        for card in hand or ():
            if card in self.action_cards:
                block[at + self.action_cards[card]] += 1.0
        return block

    def _rest_block(self, player: int, rest: dict[str, Any]) -> npt.NDArray[np.float32]:
        key = (player, marshal.dumps(rest))  # small, and mostly as before: one fingerprint finds it
        found = self._rests.get(key)
        if found is None:
            found = self._rest.encode(rest, player)
            _remember(self._rests, key, found)
        return found

    def __repr__(self) -> str:
        return f"TharosEncoder(players={self.players}, size={self.shape[0]})"


def observation_encoder(players: int, options: Mapping[str, Any]) -> TharosEncoder:
    return TharosEncoder(players, figures(options.get("figures") or {}))
