"""Tharos: a structured encoding of the landscapes, the table and every guild, seen from the observer, plus the
hashed rest.

Observation (float32), five blocks; ``P`` players, seats *relative* to the observer (0 is the observer, 1 the next
seat clockwise, ...) so one policy can play any seat; ``K`` landscape kinds (5), ``C`` converters (13), ``B`` public
buildings (8), ``A`` action cards (40), ``R`` round-end cards (6), ``Y`` player cards (10), ``F`` white fields (6)
with ``O`` options in all (11) — counts of the default figures, all read from the match's own figures:

1. landscapes, ``(K + 5 + C + 2 + 2P + 1) x 16`` planes over the cells ``row * 4 + column`` (A1, B1, ... D4):
   kind one-hot (K planes), colour one-hot (white, yellow, red, green, blue), converter one-hot (C), ore tile still
   there, crystal tile still there, guild tiles of each relative seat (P), mines of each relative seat (P), the
   attacked landscape.
2. table, ``4 x (2 + P) + B x (1 + P) + 2A + R + 10``: per attack column its card revealed, value and the guild tiles
   of each relative seat on it; per building built and its owner (relative one-hot); the action discard pile
   (count per card); the action cards drawn for the observer's own choice (count per card, only while the view
   shows them); the round-end cards revealed; the ore and crystal supply per colour.
3. numbers, ``2 + 10 + 5P + 7``: round, turn; step one-hot (``STEPS``); start player, first player, current player,
   active players, the player of the due decision (relative one-hots, P each); a decision is due; attack strength
   (0 before the first reveal); cards left in the attack, round-end and action decks; action cards drawn for
   someone's choice (count); game over.
4. guilds, ``P x (43 + 157 + 58 + A)`` (298 each), relative seats:
   a. 43 numbers: money, dice in the bag, extra uses of a white field, combat strength, defence, sure defence,
      combat points, the four medals (combat, exploration, trade, civil), guild tiles and mines in supply, hand
      size, passed, converter used, acted, card played; ore and crystal tiles owned per colour (0/1); bag, discard
      and stored (card 22) dice per colour;
   b. 157 of what changes with nearly every action: active dice, count per colour x pips 0..8 (45), then the
      virtual ones and the dyed ones; used dice, count per colour x pips (45) and per place (6 white fields,
      attack, each player card, other: 18); the dice market, colour one-hot per column and row (2 x 3 x 5); the
      white fields, blocked (F) and option chosen (O);
   c. 58: per player card active, inactive, guild tiles on it, used, new this action (5Y); public buildings used (B);
   d. the action cards in hand, count per card (A) — the observer's own hand only; other seats read 0 here (their
      hand size is in a).
5. the irregular rest, hashed (the generic scheme of :mod:`.hashing`, 128 buckets, with the ``@seat`` token): the
   step, the due decision's kind and data, each guild's plugin flags and turn flags (relative seats).

2 players: 480 + 136 + 29 + 596 + 128 = 1369 values; 3 players 1716; 4 players 2063.

Left out: what is the same in every state of a match (player count, printed figures, market prices), the order in
which buildings were built, player cards activated and dice used, die ids beyond virtual / dyed, the final scores
(the reward carries them). Pips above 8 count as 8.

``encode`` reads the view; ``encode_state`` (the fast path) reads the same fields from the state's public attributes:
the action hand of the observer only, cards drawn only while the observer's own choice among them is due, exactly
as the view shows them. Both hand the same values to the same block builders. The fast path keeps blocks by the
state's own data (``marshal`` bytes or tuples: exact): the printed grid, what lies on it, the table, each guild's
public block (a step changes one guild) and its cards part, hands, the hashed rest. The tests hold the two equal
over random games.
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
from brassboard.games.tharos.hooks import HOOKS

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
MEMO_SIZE = 1 << 12
"""Entries a memo keeps before it starts afresh (blocks of up to about 1 KB: a few MB per memo). The blocks that
matter are recent ones (a guild's block while the others act, the grid between placements), so a small memo keeps
nearly every hit."""
GUILD_NUMBERS = 14 + len(MEDALS)
"""money, bag, field extra, combat, defence, sure defence, combat points, medals (4), guild tiles, mines, hand
size, passed, converter used, acted, card played."""
CARD_FEATURES = 5
"""Per player card: active, inactive, guild tiles on it, used, new."""

Block = npt.NDArray[np.float32]


def _remember(memo: dict[Any, Block], key: Any, block: Block) -> Block:
    block.flags.writeable = False
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = block
    return block


_COLOUR_BITS = tuple(tuple(mask >> colour & 1 for colour in range(COLOUR_COUNT)) for mask in range(1 << COLOUR_COUNT))
"""A mask over the colours -> 0/1 per colour."""


def _mask_of(positions: Sequence[int]) -> int:
    """The bit mask with the bits of ``positions`` set (seats, cells, colours): the state's own form of such sets."""
    mask = 0
    for position in positions:
        mask |= 1 << position
    return mask


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
        # white field -> (its "blocked" column, option -> its column)
        self.fields: dict[str, tuple[int, dict[str, int]]] = {}
        option_at = len(fig.fields)
        for index, (name, options) in enumerate(fig.fields.items()):
            self.fields[name] = (index, {option: option_at + j for j, option in enumerate(options)})
            option_at += len(options)
        self.field_width = option_at
        # where a used die lies: a white field, the attack, a player card; anything else in the last column
        self.places = {name: i for i, name in enumerate(WHITE_FIELDS)}
        self.places["attack"] = len(WHITE_FIELDS)
        for i, card in enumerate(fig.player_cards):
            self.places[f"card:{card}"] = len(WHITE_FIELDS) + 1 + i
        self.colour_of_die = tuple(LETTERS.index(letter) for letter in fig.die_colours)

        self.land_width = len(self.kinds) + COLOUR_COUNT + 2 + len(self.converters) + 2 * players + 1
        self.table_width = (ATTACK_COLUMNS * (2 + players) + len(self.buildings) * (1 + players)
                            + 2 * len(self.action_cards) + len(self.round_end_cards) + 2 * COLOUR_COUNT)
        self.number_width = 2 + len(STEPS) + 5 * players + 7
        self.dice_width = (2 * COLOUR_COUNT * PIP_SLOTS + 2 + len(self.places) + 1
                           + MARKET_SLOTS[0] * MARKET_SLOTS[1] * COLOUR_COUNT + self.field_width)
        self.cards_width = CARD_FEATURES * len(self.player_cards) + len(self.buildings)
        self.public_width = GUILD_NUMBERS + 5 * COLOUR_COUNT + self.dice_width + self.cards_width
        self.guild_width = self.public_width + len(self.action_cards)
        # counters of the dice part (see dice_block), by what a die or a field choice is
        grid = COLOUR_COUNT * PIP_SLOTS
        self._active_slots = tuple(
            ((code >> 4 & 15) * PIP_SLOTS + min(code & 15, PIP_SLOTS - 1),
             *((grid,) if code >> 9 & 1 else ()), *((grid + 1,) if code >> 8 & 1 else ()))
            for code in range(1 << 10))  # virtual << 9 | dyed << 8 | colour << 4 | pips
        self._market_at = 2 * grid + 2 + len(self.places) + 1
        self._placed_slots: dict[tuple[int, str], tuple[int, ...]] = {}
        self._field_slots: dict[tuple[str, str], tuple[int, ...]] = {}
        self.shape = (CELLS * self.land_width + self.table_width + self.number_width + players * self.guild_width
                      + REST_SIZE,)
        self._no_hand: Block = np.zeros(len(self.action_cards), dtype=np.float32)
        self._no_hand.flags.writeable = False
        self._rest = HashingEncoder(REST_SIZE)
        # the fast path's memos, keyed by the state's own data (exact: marshal bytes or tuples of plain values)
        self._land_statics: dict[tuple[tuple[Any, ...], ...], Block] = {}
        self._land_dynamics: dict[tuple[Any, ...], Block] = {}
        self._tables: dict[tuple[int, bytes], Block] = {}
        self._publics: dict[bytes, Block] = {}  # a guild's public block
        self._cards: dict[bytes, Block] = {}
        self._hands: dict[tuple[int, ...], Block] = {}
        self._rests: dict[tuple[int, bytes], Block] = {}
        self._counts: dict[tuple[int, ...], tuple[int, ...]] = {}  # die ids -> dice per colour

    # ----- from the view ------------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> Block:
        players = self.players
        cells = view["landscapes"]
        target = view["target"]
        land = self.land_block(player, (
            [cell["kind"] for cell in cells], [COLOURS.index(cell["color"]) for cell in cells],
            [cell["converter"] for cell in cells], _mask_of([c for c, cell in enumerate(cells) if cell["ore"]]),
            _mask_of([c for c, cell in enumerate(cells) if cell["crystal"]]),
            [_mask_of(cell["guild"]) for cell in cells], [_mask_of(cell["mines"]) for cell in cells],
            -1 if target is None else target["row"] * 4 + target["col"]))
        revealed = [column for column in view["attack"] if column["value"] is not None]
        built = view["buildings"]["built"]
        drawn = view["drawn"]
        table = self.table_block(player, (
            [column["value"] for column in revealed], [_mask_of(column["guild"]) for column in revealed],
            [entry["id"] for entry in built], [entry["owner"] for entry in built], view["action_discard"],
            drawn if isinstance(drawn, list) else [], view["round_end_drawn"],
            [view["ore_supply"][colour] for colour in COLOURS],
            [view["crystal_supply"][colour] for colour in COLOURS]))
        pending = view["pending"]
        numbers = self.numbers(
            player, view["round"], view["turn"], view["step"], view["start_player"], view["first_player"],
            view["current"], view["active_players"], None if pending is None else pending["player"],
            view["strength"], view["attack_deck"], view["round_end_deck"], view["action_deck"],
            len(drawn) if isinstance(drawn, list) else drawn, view["over"])
        parts: list[Block | list[float]] = [land, table, numbers]
        seen_guilds = [view["guilds"][(player + offset) % players] for offset in range(players)]
        for seen in seen_guilds:
            parts += self._guild_of_view(seen)
        rest = {"step": view["step"], "pending": None if pending is None else [pending["kind"], pending["data"]],
                "flags": [[seen["flags"], seen["turn_flags"]] for seen in seen_guilds]}
        parts.append(self._rest_block(player, rest))
        return self._assemble(parts)

    def _guild_of_view(self, seen: Mapping[str, Any]) -> list[Block]:
        die_colours = self.colour_of_die
        virtual = d.VIRTUAL

        def die_code(die: Mapping[str, Any]) -> int:
            colour = COLOURS.index(die["color"])
            die_id = int(die["id"])
            dyed = die_id < virtual and die_colours[die_id] != colour
            return (die_id >= virtual) << 9 | dyed << 8 | colour << 4 | int(die["pips"])

        medals = seen["medals"]
        stored = [0] * COLOUR_COUNT
        for die in seen["stored"]:
            stored[COLOURS.index(die["color"])] += 1
        numbers = self.guild_numbers(
            (seen["money"], seen["bag"], seen["field_extra"], seen["combat"], seen["defence"], seen["sure_defence"],
             seen["combat_points"], *(medals[name] for name in MEDALS), seen["guild"], seen["mines"],
             seen["hand_size"], seen["passed"], seen["converter_used"], seen["acted"], seen["card_played"]),
            _mask_of([COLOURS.index(name) for name in seen["ore"]]),
            _mask_of([COLOURS.index(name) for name in seen["crystal"]]),
            [seen["bag_colours"][colour] for colour in COLOURS], [seen["discard"][colour] for colour in COLOURS],
            stored)
        dice = self.dice_block([die_code(die) for die in seen["active"]],
                               [(COLOURS.index(die["color"]) << 4 | die["pips"], die["on"]) for die in seen["placed"]],
                               [[COLOURS.index(die["color"]) for die in column] for column in seen["market"]],
                               list(seen["fields"].items()))
        cards = self.cards_block(
            [(card["id"], card["guild"], card["used"], card["new"]) for card in seen["cards_active"]],
            seen["cards_inactive"], seen["buildings_used"])
        hand = seen.get("hand")
        return [np.concatenate((np.array(numbers, dtype=np.float32), dice.astype(np.float32), cards)),
                self._no_hand if hand is None else self.hand_block(hand)]

    # ----- from the state (the fast path) -------------------------------------------------------------------------
    def encode_state(self, state: GameState, player: int) -> Block:
        tharos: Any = state  # a TharosState
        board = tharos.board
        guilds = tharos.guilds
        players = self.players
        out = np.empty(self.shape, dtype=np.float32)
        # landscapes: the printed grid (the same all game) and what lies on it
        key: Any = (tuple(board.kinds), tuple(board.colours), tuple(board.converters))
        found = self._land_statics.get(key)
        if found is None:
            found = _remember(self._land_statics, key, self.land_static(*key))
        end = len(found)
        out[:end] = found
        key = (player, board.ore_on, board.crystal_on, tuple(board.guild_on), tuple(board.mines_on), board.target())
        found = self._land_dynamics.get(key)
        if found is None:
            found = _remember(self._land_dynamics, key, self.land_dynamic(*key).astype(np.float32))
        at, end = end, end + len(found)
        out[at:end] = found
        head = board.pending[0] if board.pending else None
        drawn = board.drawn if head is not None and head[0] == player and head[1] == "keep" else []  # the view's rule
        key = (player, marshal.dumps((board.attack_row, board.attack_tiles, board.built, board.owners,
                                      board.action_discard, drawn, board.round_end_drawn, board.ore_supply,
                                      board.crystal_supply), 0))
        found = self._tables.get(key)
        if found is None:
            attack_values = self.fig.attack_values
            found = _remember(self._tables, key, self.table_block(player, (
                [attack_values[card] for card in board.attack_row], board.attack_tiles, board.built,
                [board.owners.get(building) for building in board.built], board.action_discard, drawn,
                board.round_end_drawn, board.ore_supply, board.crystal_supply)))
        at, end = end, end + self.table_width
        out[at:end] = found
        at, end = end, end + self.number_width
        out[at:end] = self.numbers(
            player, board.round, board.turn, board.step, board.start_player, board.first_player, board.current,
            state.active_players(), None if head is None else head[0],
            self.fig.attack_values[board.attack_row[-1]] + board.round if board.attack_row else None,
            len(board.attack_deck), len(board.round_end_deck), len(board.action_deck), len(board.drawn),
            board.step == "over")
        flags = []
        public_width = self.public_width
        defence_hooks = HOOKS.defence
        for offset in range(players):
            seat = (player + offset) % players
            g = guilds[seat]
            # the defence is the combat strength and the pips on the attack field (both in the key) plus what
            # plugin hooks add (none in the printed game): their part goes into the key, the sum is made on a miss
            extra = [hook(tharos, seat) for hook in defence_hooks] if defence_hooks else None
            key = marshal.dumps((
                g.money, g.bag, g.discard, g.active, g.placed, g.placed_on, g.market, g.fields, g.field_extra,
                g.combat, extra, g.sure_defence, g.combat_points, g.medals, g.guild, g.mines, g.card_tiles,
                g.cards_active, g.cards_inactive, g.cards_used, g.cards_new, len(g.hand), g.ore, g.crystal,
                g.passed, g.converter_used, g.buildings_used, g.acted, g.card_played, g.stored), 0)
            at, end = end, end + public_width
            found = self._publics.get(key)
            if found is None:  # written part by part straight into the observation, then kept
                self._write_public(out, at, g, defence(tharos, seat))
                _remember(self._publics, key, out[at:end].copy())
            else:
                out[at:end] = found
            at, end = end, end + len(self._no_hand)
            if offset:
                out[at:end] = 0.0
            else:
                hand = tuple(g.hand)
                found = self._hands.get(hand)
                if found is None:
                    found = _remember(self._hands, hand, self.hand_block(hand))
                out[at:end] = found
            flags.append([g.flags, g.turn_flags])
        rest = {"step": board.step, "pending": None if head is None else [head[1], head[2:]], "flags": flags}
        out[end:] = self._rest_block(player, rest)
        return out

    def _write_public(self, out: Block, at: int, g: Any, strength: int) -> None:
        """A guild's public block (numbers, dice and market, cards) from its state into ``out`` from ``at``; the
        cards part memoised apart (it changes far less often than the rest)."""
        numbers = self.guild_numbers(
            (g.money, len(g.bag), g.field_extra, g.combat, strength, g.sure_defence, g.combat_points, *g.medals,
             g.guild, g.mines, len(g.hand), g.passed, g.converter_used, g.acted, g.card_played),
            g.ore, g.crystal, self._colour_counts(g.bag), self._colour_counts(g.discard),
            self._colour_counts([die_id for die_id in g.stored if die_id < d.VIRTUAL]))
        end = at + len(numbers)
        out[at:end] = numbers
        die_colours = self.colour_of_die
        virtual = d.VIRTUAL
        active = [(die >> 8 >= virtual) << 9 | (die >> 8 < virtual and die_colours[die >> 8] != die >> 4 & 15) << 8
                  | die & 255 for die in g.active]
        at, end = end, end + self.dice_width
        out[at:end] = self.dice_block(
            active, [(die & 255, where) for die, where in zip(g.placed, g.placed_on, strict=True)],
            [[die_colours[die_id] for die_id in column] for column in g.market], list(g.fields.items()))
        key = marshal.dumps((g.cards_active, g.card_tiles, g.cards_used, g.cards_new, g.cards_inactive,
                             g.buildings_used), 0)
        found = self._cards.get(key)
        if found is None:
            tiles, used, new = g.card_tiles, g.cards_used, g.cards_new
            found = _remember(self._cards, key, self.cards_block(
                [(card, tiles.get(card, 0), card in used, card in new) for card in g.cards_active],
                g.cards_inactive, g.buildings_used))
        out[end: end + self.cards_width] = found

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

    # ----- the blocks, from what both ways in read alike ----------------------------------------------------------
    def land_block(self, player: int, land: Sequence[Any]) -> Block:
        """Block 1 from (kinds, colours, converters per cell; ore and crystal masks over cells; guild tiles and mines
        per cell as seat masks; the target cell or -1)."""
        kinds, colours, converters, ore, crystal, guild, mines, target = land
        return np.concatenate((self.land_static(kinds, colours, converters),
                               self.land_dynamic(player, ore, crystal, guild, mines, target).astype(np.float32)))

    def land_static(self, kinds: Sequence[str], colours: Sequence[int], converters: Sequence[str]) -> Block:
        """The printed grid: kind, colour and converter planes."""
        planes = np.zeros((len(self.kinds) + COLOUR_COUNT + len(self.converters), CELLS), dtype=np.float32)
        for cell in range(CELLS):
            if kinds[cell] in self.kinds:
                planes[self.kinds[kinds[cell]], cell] = 1.0
            planes[len(self.kinds) + colours[cell], cell] = 1.0
            if converters[cell] in self.converters:
                planes[len(self.kinds) + COLOUR_COUNT + self.converters[converters[cell]], cell] = 1.0
        return planes.reshape(-1)

    def land_dynamic(self, player: int, ore: int, crystal: int, guild: Sequence[int], mines: Sequence[int],
                     target: int) -> npt.NDArray[np.intp]:
        """What lies on the grid: ore, crystal, guild tiles and mines of each relative seat, the target planes
        (the cells that hold something, counted in one call)."""
        players = self.players
        index = [cell for cell in range(CELLS) if ore >> cell & 1]
        index += [CELLS + cell for cell in range(CELLS) if crystal >> cell & 1]
        at = 2 * CELLS
        for cells in (guild, mines):
            for cell, seats in enumerate(cells):
                while seats:
                    lowest = seats & -seats
                    index.append(at + (lowest.bit_length() - 1 - player) % players * CELLS + cell)
                    seats ^= lowest
            at += players * CELLS
        if target >= 0:
            index.append(at + target)
        return np.bincount(index, minlength=at + CELLS)

    def table_block(self, player: int, table: Sequence[Any]) -> Block:
        """Block 2 from (revealed attack values, their guild tiles as seat masks, buildings built, their owners,
        the action discard, the cards drawn the observer sees, the round-end cards revealed, ore and crystal
        supply per colour)."""
        values, tiles, built, owners, discard, drawn, round_end, ore, crystal = table
        players = self.players
        block = [0.0] * self.table_width
        width = 2 + players
        for column, value in enumerate(values[:ATTACK_COLUMNS]):
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
        return np.array(block, dtype=np.float32)

    def numbers(self, player: int, round_: int, turn: int, step: str, start: int, first: int, current: int,
                active: Sequence[int], due: int | None, strength: int | None, attack_deck: int,
                round_end_deck: int, action_deck: int, drawn: int, over: bool) -> list[float]:
        """Block 3."""
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
        numbers[at: at + 7] = (due is not None, strength or 0, attack_deck, round_end_deck, action_deck, drawn, over)
        return numbers

    @staticmethod
    def guild_numbers(numbers: Sequence[Any], ore: int, crystal: int, bag: Sequence[int], discard: Sequence[int],
                      stored: Sequence[int]) -> list[float]:
        """A guild's numbers (``GUILD_NUMBERS``), its ore and crystal tiles (colour masks) and its bag, discard and
        stored dice per colour."""
        return [*numbers, *_COLOUR_BITS[ore], *_COLOUR_BITS[crystal], *bag, *discard, *stored]

    def dice_block(self, active: Sequence[int], placed: Sequence[tuple[int, str]], market: Sequence[Sequence[int]],
                   fields: Sequence[tuple[str, str]]) -> npt.NDArray[np.intp]:
        """What changes with nearly every action of a guild, counted in one call: active dice (codes ``virtual << 9
        | dyed << 8 | colour << 4 | pips``): count per colour x pips, then the virtual and the dyed ones; used dice
        (``colour << 4 | pips``, where each lies): count per colour x pips, then per place; the dice market
        (colours per column, bottom to top): one-hot per column and row; the white fields: blocked, option chosen."""
        active_slots = self._active_slots
        index = [slot for code in active for slot in active_slots[code]]
        placed_slots = self._placed_slots
        for die in placed:
            found = placed_slots.get(die)
            if found is None:
                found = placed_slots[die] = self._used_die_slots(*die)
            index += found
        at = self._market_at
        columns, rows = MARKET_SLOTS
        for column, colours in enumerate(market[:columns]):
            for row, colour in enumerate(colours[:rows]):
                index.append(at + (column * rows + row) * COLOUR_COUNT + colour)
        field_slots = self._field_slots
        for field in fields:
            found = field_slots.get(field)
            if found is None:
                found = field_slots[field] = self._field_choice_slots(*field)
            index += found
        return np.bincount(index, minlength=self.dice_width)

    def _used_die_slots(self, code: int, where: str) -> tuple[int, ...]:
        """The counters of a used die (``colour << 4 | pips``) lying on ``where``: its colour x pips, its place."""
        grid = COLOUR_COUNT * PIP_SLOTS
        place = self.places.get(where, len(self.places))
        return (grid + 2 + (code >> 4 & 15) * PIP_SLOTS + min(code & 15, PIP_SLOTS - 1), 2 * grid + 2 + place)

    def _field_choice_slots(self, field: str, option: str) -> tuple[int, ...]:
        """The counters of a white field used with ``option``: blocked, the option (none for unknown names)."""
        known = self.fields.get(field)
        if known is None:
            return ()
        at = self._market_at + MARKET_SLOTS[0] * MARKET_SLOTS[1] * COLOUR_COUNT
        return (at + known[0],) if option not in known[1] else (at + known[0], at + known[1][option])

    def cards_block(self, active: Sequence[tuple[str, int, bool, bool]], inactive: Sequence[str],
                    buildings_used: Sequence[str]) -> Block:
        """Player cards (active, inactive, guild tiles, used, new), public buildings used."""
        block = [0.0] * self.cards_width
        cards = self.player_cards
        for card, tiles, used, new in active:
            if card in cards:
                start = cards[card] * CARD_FEATURES
                block[start: start + CARD_FEATURES] = (1.0, 0.0, tiles, used, new)
        for card in inactive:
            if card in cards:
                block[cards[card] * CARD_FEATURES + 1] = 1.0
        at = CARD_FEATURES * len(cards)
        for building in buildings_used:
            if building in self.buildings:
                block[at + self.buildings[building]] = 1.0
        return np.array(block, dtype=np.float32)

    def hand_block(self, hand: Sequence[int]) -> Block:
        """The observer's action cards: count per card."""
        block = np.zeros(len(self.action_cards), dtype=np.float32)
        for card in hand:
            if card in self.action_cards:
                block[self.action_cards[card]] += 1.0
        return block

    def _rest_block(self, player: int, rest: dict[str, Any]) -> Block:
        key = (player, marshal.dumps(rest))  # small, and mostly as before: one fingerprint finds it
        found = self._rests.get(key)
        if found is None:
            found = _remember(self._rests, key, self._rest.encode(rest, player))
        return found

    def _assemble(self, parts: Sequence[Block | list[float]]) -> Block:
        out = np.empty(self.shape, dtype=np.float32)
        at = 0
        for part in parts:
            end = at + len(part)
            out[at:end] = part
            at = end
        return out

    def __repr__(self) -> str:
        return f"TharosEncoder(players={self.players}, size={self.shape[0]})"


def observation_encoder(players: int, options: Mapping[str, Any]) -> TharosEncoder:
    return TharosEncoder(players, figures(options.get("figures") or {}))
