"""Action cards that work on the table: guild tiles, mines, ore and crystal tiles, medals, money, player cards.

Cards 2, 3, 4, 6, 11, 13, 14, 15, 17, 18, 20, 21, 23, 27, 29, 30, 31, 32-34, 35-38, 39, 40 (glossary numbers).
Each card is a generator of its legal uses (argument tuples) and an effect that carries out a use already checked
against the generator (see ``action_cards.register``). Guild tiles and mines come from the player's supply only:
a card is not offered when the supply lacks what it places (the board actions' "take one back from a landscape"
applies to the player board's actions, which name the tile they move; see the README).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from .action_cards import (
    ACTION_WINDOWS,
    Effect,
    Generator,
    cell_arg,
    cell_names,
    deck,
    free_tile_cells,
    guild_of,
    medal_index,
    own_mine_cells,
    own_tile_cells,
    place_land_tile,
    register,
    return_land_tiles,
)
from .figures import CELL_NAMES, CELL_OF, CIVIL, EXPLORATION, LETTERS, MEDALS, TRADE

if TYPE_CHECKING:
    from .rules import TharosState

Args = tuple[object, ...]
SORTS = ("ore", "crystal")
CARD_HOLDERS = ("organiser", "manipulator")  # the player cards that hold guild tiles (limits 2 and 3)


def _owned(state: TharosState, player: int, sort: str) -> int:
    guild = guild_of(state, player)
    return guild.ore if sort == "ore" else guild.crystal


def _set_owned(state: TharosState, player: int, sort: str, mask: int) -> None:
    guild = guild_of(state, player)
    if sort == "ore":
        guild.ore = mask
    else:
        guild.crystal = mask


def _supply(state: TharosState, sort: str) -> list[int]:
    return state.board.ore_supply if sort == "ore" else state.board.crystal_supply


def _emit(state: TharosState, player: int, card: int, **data: object) -> None:
    state.emit("action_card", player=player, card=card, **data)


# ----- 2: guild tiles from landscapes for 8 jars each ---------------------------------------------------------------
def gen_2(state: TharosState, player: int, window: str) -> Iterator[Args]:
    cells = own_tile_cells(state, player)
    most = deck(state).cards[2].int_param("max_tiles")
    for n in range(1, most + 1):
        for combo in combinations(cells, n):
            yield cell_names(combo)


def eff_2(state: TharosState, player: int, args: Args) -> None:
    cells = [cell_arg(a) for a in args]
    return_land_tiles(state, player, cells)
    jars = deck(state).cards[2].int_param("jars") * len(cells)
    guild_of(state, player).money += jars
    _emit(state, player, 2, tiles=list(cell_names(cells)), jars=jars)


# ----- 3: 2 or 4 ore / crystal tiles of one sort for 1 or 2 trade medals ------------------------------------------
def gen_3(state: TharosState, player: int, window: str) -> Iterator[Args]:
    for sort in SORTS:
        owned = [c for c in range(5) if _owned(state, player, sort) >> c & 1]
        for count, _medals in deck(state).cards[3].params["offers"]:
            for combo in combinations(owned, count):
                yield (sort, *(LETTERS[c] for c in combo))


def eff_3(state: TharosState, player: int, args: Args) -> None:
    sort, letters = str(args[0]), args[1:]
    medals = {count: m for count, m in deck(state).cards[3].params["offers"]}[len(letters)]
    mask = _owned(state, player, sort)
    supply = _supply(state, sort)
    for letter in letters:
        colour = LETTERS.index(str(letter))
        mask &= ~(1 << colour)
        supply[colour] += 1
    _set_owned(state, player, sort, mask)
    state.add_medal(player, TRADE, medals)
    _emit(state, player, 3, sort=sort, colours=list(letters), trade=medals)


# ----- 4: move a guild tile to any landscape ----------------------------------------------------------------------
def gen_4(state: TharosState, player: int, window: str) -> Iterator[Args]:
    free = free_tile_cells(state, player)
    for source in own_tile_cells(state, player):
        for target in free:
            yield CELL_NAMES[source], CELL_NAMES[target]


def eff_4(state: TharosState, player: int, args: Args) -> None:
    source, target = cell_arg(args[0]), cell_arg(args[1])
    bit = 1 << player
    state.board.guild_on[source] &= ~bit
    state.board.guild_on[target] |= bit
    _emit(state, player, 4, source=CELL_NAMES[source], target=CELL_NAMES[target])


# ----- 6: 12 jars for a trade medal -----------------------------------------------------------------------------
def gen_6(state: TharosState, player: int, window: str) -> Iterator[Args]:
    if guild_of(state, player).money >= deck(state).cards[6].int_param("jars"):
        yield ()


def eff_6(state: TharosState, player: int, args: Args) -> None:
    card = deck(state).cards[6]
    guild = guild_of(state, player)
    guild.money -= card.int_param("jars")
    state.add_medal(player, TRADE, card.int_param("medals"))
    _emit(state, player, 6, jars=-card.int_param("jars"), trade=card.int_param("medals"))


# ----- 11 and 21: guild tiles onto the Organiser / Manipulator ------------------------------------------------------
def _holders(state: TharosState, player: int) -> list[str]:
    """Active tile-holding player cards that are not full."""
    guild = guild_of(state, player)
    limits = state.fig.card_limits
    return [c for c in CARD_HOLDERS
            if c in guild.cards_active and guild.card_tiles.get(c, 0) < limits.get(c, 0)]


def _gen_holders(state: TharosState, player: int) -> Iterator[Args]:
    """One or both holders, each to get at least one tile from the supply (so both only with two tiles)."""
    holders = _holders(state, player)
    for n in range(1, min(len(holders), guild_of(state, player).guild) + 1):
        yield from combinations(holders, n)


def _fill(state: TharosState, player: int, card: int, holders: Args, up_to_limit: bool) -> None:
    guild = guild_of(state, player)
    placed: dict[str, int] = {}
    for holder in holders:
        name = str(holder)
        room = state.fig.card_limits[name] - guild.card_tiles.get(name, 0)
        count = min(room if up_to_limit else 1, guild.guild)
        guild.card_tiles[name] = guild.card_tiles.get(name, 0) + count
        guild.guild -= count
        placed[name] = count
    _emit(state, player, card, tiles=placed)


def gen_11(state: TharosState, player: int, window: str) -> Iterator[Args]:
    return _gen_holders(state, player)


def eff_11(state: TharosState, player: int, args: Args) -> None:
    _fill(state, player, 11, args, up_to_limit=True)


def gen_21(state: TharosState, player: int, window: str) -> Iterator[Args]:
    return _gen_holders(state, player)


def eff_21(state: TharosState, player: int, args: Args) -> None:
    _fill(state, player, 21, args, up_to_limit=False)


# ----- 13: an ore or crystal tile from the general supply -----------------------------------------------------------
def gen_13(state: TharosState, player: int, window: str) -> Iterator[Args]:
    for sort in SORTS:
        owned = _owned(state, player, sort)
        supply = _supply(state, sort)
        for colour in range(5):
            if supply[colour] > 0 and not owned >> colour & 1:
                yield sort, LETTERS[colour]


def eff_13(state: TharosState, player: int, args: Args) -> None:
    sort, colour = str(args[0]), LETTERS.index(str(args[1]))
    _supply(state, sort)[colour] -= 1
    _set_owned(state, player, sort, _owned(state, player, sort) | 1 << colour)
    _emit(state, player, 13, sort=sort, colour=LETTERS[colour])


# ----- 14: an ore and a crystal tile of one colour for a trade medal ----------------------------------------------
def gen_14(state: TharosState, player: int, window: str) -> Iterator[Args]:
    both = _owned(state, player, "ore") & _owned(state, player, "crystal")
    for colour in range(5):
        if both >> colour & 1:
            yield (LETTERS[colour],)


def eff_14(state: TharosState, player: int, args: Args) -> None:
    colour = LETTERS.index(str(args[0]))
    for sort in SORTS:
        _set_owned(state, player, sort, _owned(state, player, sort) & ~(1 << colour))
        _supply(state, sort)[colour] += 1
    state.add_medal(player, TRADE)
    _emit(state, player, 14, colour=LETTERS[colour], trade=1)


# ----- 15: 3 guild tiles from any landscapes for an exploration medal ---------------------------------------------
def gen_15(state: TharosState, player: int, window: str) -> Iterator[Args]:
    tiles = deck(state).cards[15].int_param("tiles")
    for combo in combinations(own_tile_cells(state, player), tiles):
        yield cell_names(combo)


def eff_15(state: TharosState, player: int, args: Args) -> None:
    cells = [cell_arg(a) for a in args]
    return_land_tiles(state, player, cells)
    state.add_medal(player, EXPLORATION)
    _emit(state, player, 15, tiles=list(cell_names(cells)), exploration=1)


# ----- 17: a guild tile on any landscape --------------------------------------------------------------------------
def gen_17(state: TharosState, player: int, window: str) -> Iterator[Args]:
    if guild_of(state, player).guild > 0:
        for cell in free_tile_cells(state, player):
            yield (CELL_NAMES[cell],)


def eff_17(state: TharosState, player: int, args: Args) -> None:
    cell = cell_arg(args[0])
    place_land_tile(state, player, cell)
    _emit(state, player, 17, tiles=[CELL_NAMES[cell]])


# ----- 18: 2 guild tiles on adjacent landscapes of the top row ----------------------------------------------------
def gen_18(state: TharosState, player: int, window: str) -> Iterator[Args]:
    card = deck(state).cards[18]
    supply = guild_of(state, player).guild
    if supply == 0:
        return
    row = card.int_param("row")
    bit = 1 << player
    free = [row * 4 + col for col in range(4) if not state.board.guild_on[row * 4 + col] & bit]
    pairs = [(c, c + 1) for c in free if c + 1 in free and (c + 1) % 4 != 0]
    if pairs and supply >= card.int_param("tiles"):
        for pair in pairs:
            yield cell_names(pair)
    else:
        # "darf er auch nur 1 Gildenplättchen legen": no two adjacent free landscapes left (or one tile in supply)
        for cell in free:
            yield (CELL_NAMES[cell],)


def eff_18(state: TharosState, player: int, args: Args) -> None:
    cells = [cell_arg(a) for a in args]
    for cell in cells:
        place_land_tile(state, player, cell)
    _emit(state, player, 18, tiles=list(cell_names(cells)))


# ----- 20: combat +4 or 8 jars ------------------------------------------------------------------------------------
def gen_20(state: TharosState, player: int, window: str) -> Iterator[Args]:
    yield ("combat",)
    yield ("jars",)


def eff_20(state: TharosState, player: int, args: Args) -> None:
    card = deck(state).cards[20]
    guild = guild_of(state, player)
    if args[0] == "combat":
        guild.combat += card.int_param("combat")
        _emit(state, player, 20, combat=card.int_param("combat"))
    else:
        guild.money += card.int_param("jars")
        _emit(state, player, 20, jars=card.int_param("jars"))


# ----- 23: a mine on any landscape --------------------------------------------------------------------------------
def gen_23(state: TharosState, player: int, window: str) -> Iterator[Args]:
    if guild_of(state, player).mines > 0:
        bit = 1 << player
        for cell, seats in enumerate(state.board.mines_on):
            if not seats & bit:
                yield (CELL_NAMES[cell],)


def eff_23(state: TharosState, player: int, args: Args) -> None:
    cell = cell_arg(args[0])
    guild_of(state, player).mines -= 1
    state.board.mines_on[cell] |= 1 << player
    _emit(state, player, 23, mine=CELL_NAMES[cell])


# ----- 27: a guild tile back from an attack card lost earlier this round ----------------------------------------
def gen_27(state: TharosState, player: int, window: str) -> Iterator[Args]:
    bit = 1 << player
    for column, seats in enumerate(state.board.attack_tiles):
        if seats & bit:
            yield ("ABCD"[column],)


def eff_27(state: TharosState, player: int, args: Args) -> None:
    column = "ABCD".index(str(args[0]))
    state.board.attack_tiles[column] &= ~(1 << player)
    guild_of(state, player).guild += 1
    _emit(state, player, 27, attack_column=str(args[0]))


# ----- 29: two active player cards back for a medal of choice -----------------------------------------------------
def gen_29(state: TharosState, player: int, window: str) -> Iterator[Args]:
    active = sorted(guild_of(state, player).cards_active)
    for pair in combinations(active, deck(state).cards[29].int_param("cards")):
        for medal in MEDALS:
            yield (*pair, medal)


def eff_29(state: TharosState, player: int, args: Args) -> None:
    from .player_cards import deactivate_card

    *cards, medal = args
    for card in cards:
        deactivate_card(state, player, str(card))
    state.add_medal(player, medal_index(medal))
    _emit(state, player, 29, player_cards=[str(c) for c in cards], medal=str(medal))


# ----- 30: 5 jars to activate a player card without its dice -------------------------------------------------------
def gen_30(state: TharosState, player: int, window: str) -> Iterator[Args]:
    guild = guild_of(state, player)
    if guild.money >= deck(state).cards[30].int_param("jars"):
        for card in sorted(guild.cards_inactive):
            yield (card,)


def eff_30(state: TharosState, player: int, args: Args) -> None:
    from .player_cards import activate_card

    jars = deck(state).cards[30].int_param("jars")
    guild_of(state, player).money -= jars
    activate_card(state, player, str(args[0]))
    _emit(state, player, 30, player_card=str(args[0]), jars=-jars)


# ----- 31: exchange a medal for another kind ---------------------------------------------------------------------
def gen_31(state: TharosState, player: int, window: str) -> Iterator[Args]:
    medals = guild_of(state, player).medals
    for given, name in enumerate(MEDALS):
        if medals[given] > 0:
            for other in MEDALS:
                if other != name:
                    yield name, other


def eff_31(state: TharosState, player: int, args: Args) -> None:
    state.remove_medal(player, medal_index(args[0]))
    state.add_medal(player, medal_index(args[1]))
    _emit(state, player, 31, given=str(args[0]), taken=str(args[1]))


# ----- 32-34: mines on the named landscape kinds for an exploration medal ----------------------------------------
def _gen_mines(number: int) -> tuple[Generator, Effect]:
    def gen(state: TharosState, player: int, window: str) -> Iterator[Args]:
        kinds = {state.board.kinds[c] for c in own_mine_cells(state, player)}
        if set(deck(state).mine_sets[number]) <= kinds:
            yield ()

    def eff(state: TharosState, player: int, args: Args) -> None:
        medals = deck(state).cards[number].int_param("medals")
        state.add_medal(player, EXPLORATION, medals)
        _emit(state, player, number, landscapes=list(deck(state).mine_sets[number]), exploration=medals)

    return gen, eff


# ----- 35-38: 4 guild tiles in the card's shape for 2 exploration medals -----------------------------------------
def _gen_shape(number: int) -> tuple[Generator, Effect]:
    def gen(state: TharosState, player: int, window: str) -> Iterator[Args]:
        bit = 1 << player
        own = 0
        for cell, seats in enumerate(state.board.guild_on):
            if seats & bit:
                own |= 1 << cell
        if own.bit_count() < 4:
            return
        for mask, cells in deck(state).placement_masks[number]:
            if own & mask == mask:
                yield cell_names(cells)

    def eff(state: TharosState, player: int, args: Args) -> None:
        cells = [cell_arg(a) for a in args]
        return_land_tiles(state, player, cells)
        medals = deck(state).cards[number].int_param("medals")
        state.add_medal(player, EXPLORATION, medals)
        _emit(state, player, number, tiles=list(cell_names(cells)), exploration=medals)

    return gen, eff


# ----- 39: ore / crystal tiles from the general supply back onto landscapes for a civil medal ---------------------
def _slots(state: TharosState) -> list[tuple[str, int]]:
    """(sort, landscape) places a supply tile may go back to: the landscape's own tile of that sort is gone and the
    supply holds one of the landscape's colour."""
    board = state.board
    slots = []
    for sort in SORTS:
        on = board.ore_on if sort == "ore" else board.crystal_on
        supply = _supply(state, sort)
        for cell in range(16):
            if not on >> cell & 1 and supply[board.colours[cell]] > 0:
                slots.append((sort, cell))
    return slots


def _room(state: TharosState, slots: list[tuple[str, int]]) -> tuple[list[tuple[str, int]], dict[tuple[str, int], int]]:
    """Each slot's group (sort, colour) and how many tiles each group can take: its slots, at most the supply."""
    colours = state.board.colours
    groups = [(sort, colours[cell]) for sort, cell in slots]
    room: dict[tuple[str, int], int] = {}
    for group in groups:
        room[group] = room.get(group, 0) + 1
    for group in room:
        room[group] = min(room[group], _supply(state, group[0])[group[1]])
    return groups, room


def _uses_39(state: TharosState) -> tuple[list[tuple[str, int]], list[tuple[str, int]], dict[tuple[str, int], int],
                                          int]:
    """Card 39's slots, their groups, each group's room and the number of tiles to place: "so viele wie möglich",
    the most that fit, at most the card's ``tokens``; groups are independent, so that is the sum of their room."""
    slots = _slots(state)
    groups, room = _room(state, slots)
    return slots, groups, room, min(deck(state).cards[39].int_param("tokens"), sum(room.values()))


def gen_39(state: TharosState, player: int, window: str) -> Iterator[Args]:
    # Every set of `size` slots within each group's room, in the order itertools.combinations would list them
    # (slot indices ascending, lexicographic); a depth-first walk over the slots in order, so a position with
    # dozens of empty places costs what it offers instead of C(slots, 3) supply checks.
    slots, groups, room, size = _uses_39(state)
    if size == 0:
        return
    used = dict.fromkeys(room, 0)
    chosen: list[int] = []

    def walk(start: int) -> Iterator[Args]:
        if len(chosen) == size:
            yield tuple(part for i in chosen for part in (slots[i][0], CELL_NAMES[slots[i][1]]))
            return
        for i in range(start, len(slots) - (size - len(chosen)) + 1):
            group = groups[i]
            if used[group] < room[group]:
                used[group] += 1
                chosen.append(i)
                yield from walk(i + 1)
                chosen.pop()
                used[group] -= 1

    yield from walk(0)


def allows_39(state: TharosState, player: int, window: str, args: Args) -> bool:
    """Whether ``args`` is one of :func:`gen_39`'s uses, checked directly (the list can run to thousands)."""
    slots, groups, room, size = _uses_39(state)
    if size == 0 or len(args) != 2 * size:
        return False
    index = {slot: i for i, slot in enumerate(slots)}
    picked: list[int] = []
    for k in range(0, len(args), 2):
        sort, name = args[k], args[k + 1]
        if sort not in SORTS or not isinstance(name, str) or name not in CELL_OF:
            return False
        at = index.get((str(sort), CELL_OF[name]))
        if at is None or (picked and at <= picked[-1]):  # the generator's order: slots ascending, each once
            return False
        picked.append(at)
    used: dict[tuple[str, int], int] = {}
    for at in picked:
        used[groups[at]] = used.get(groups[at], 0) + 1
    return all(n <= room[group] for group, n in used.items())


def eff_39(state: TharosState, player: int, args: Args) -> None:
    board = state.board
    placed = []
    for i in range(0, len(args), 2):
        sort, cell = str(args[i]), cell_arg(args[i + 1])
        _supply(state, sort)[board.colours[cell]] -= 1
        if sort == "ore":
            board.ore_on |= 1 << cell
        else:
            board.crystal_on |= 1 << cell
        placed.append([sort, CELL_NAMES[cell]])
    state.add_medal(player, CIVIL)
    _emit(state, player, 39, returned=placed, civil=1)


# ----- 40: a tile from a player card, a tile and a mine from landscapes, for a medal of choice --------------------
def gen_40(state: TharosState, player: int, window: str) -> Iterator[Args]:
    guild = guild_of(state, player)
    holders = sorted(c for c, n in guild.card_tiles.items() if n > 0)
    tiles = own_tile_cells(state, player)
    mines = own_mine_cells(state, player)
    for holder in holders:
        for tile in tiles:
            for mine in mines:
                for medal in MEDALS:
                    yield holder, CELL_NAMES[tile], CELL_NAMES[mine], medal


def eff_40(state: TharosState, player: int, args: Args) -> None:
    holder, tile, mine, medal = str(args[0]), cell_arg(args[1]), cell_arg(args[2]), args[3]
    guild = guild_of(state, player)
    guild.card_tiles[holder] -= 1
    guild.guild += 1
    return_land_tiles(state, player, [tile])
    state.board.mines_on[mine] &= ~(1 << player)
    guild.mines += 1
    state.add_medal(player, medal_index(medal))
    _emit(state, player, 40, player_card=holder, tile=CELL_NAMES[tile], mine=CELL_NAMES[mine], medal=str(medal))


_TABLE: dict[int, tuple[Generator, Effect]] = {
    2: (gen_2, eff_2), 3: (gen_3, eff_3), 4: (gen_4, eff_4), 6: (gen_6, eff_6), 11: (gen_11, eff_11),
    13: (gen_13, eff_13), 14: (gen_14, eff_14), 15: (gen_15, eff_15), 17: (gen_17, eff_17), 18: (gen_18, eff_18),
    20: (gen_20, eff_20), 21: (gen_21, eff_21), 23: (gen_23, eff_23), 27: (gen_27, eff_27), 29: (gen_29, eff_29),
    30: (gen_30, eff_30), 31: (gen_31, eff_31), 39: (gen_39, eff_39), 40: (gen_40, eff_40),
}
for _number, (_gen, _eff) in _TABLE.items():
    register(_number, ACTION_WINDOWS, _gen, _eff, allows=allows_39 if _number == 39 else None)
for _number in (32, 33, 34):
    register(_number, ACTION_WINDOWS, *_gen_mines(_number))
for _number in (35, 36, 37, 38):
    register(_number, ACTION_WINDOWS, *_gen_shape(_number))
