"""The player board (Spielertableau): its six white fields, the red attack field, and the converters.

Each white field offers two options (the build field one) and is blocked for the turn once used
(``guild.fields``); card 5 and the Notariat grant another use (``guild.field_extra``, or ``reuse=True`` from a
plugin decision). Generators list every distinct choice of dice (dice of equal colour and pips are one choice);
handlers are called with legal actions, and on a clone with illegal ones to find the reason (turn.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from brassboard.engine import Action, IllegalAction

from . import dice as d
from .figures import (
    CELL_NAMES,
    CELL_OF,
    CIVIL,
    COLOUR_OF_LETTER,
    EXPLORATION,
    LETTERS,
    NEIGHBOURS,
    connected,
    connected_sets,
)
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState
    from .state import Guild

FIELD_OF_KIND = {"money": "money", "cards": "cards", "tile": "guild", "reroll": "guild", "land": "land",
                 "explore": "land", "buy": "market", "mine": "market", "build": "build"}
OPTION_OF_KIND = {"tile": "tile", "reroll": "reroll", "land": "land", "explore": "explore", "buy": "buy",
                  "mine": "mine", "build": "build"}


def field_open(g: Guild, field: str, reuse: bool = False) -> bool:
    return reuse or field not in g.fields or g.field_extra > 0


# ----- generators ---------------------------------------------------------------------------------------------
# Listing is the hot path of self-play: dice are handled as sorted (colour << 4 | pips) keys, their tokens come
# from a table, and actions are built as plain tuples of the Action class.
TOK: tuple[str, ...] = tuple(f"{LETTERS[k >> 4]}{k & 15}" if k >> 4 < len(LETTERS) else "" for k in range(256))
_new = tuple.__new__


def _act(*parts: object) -> Action:
    return _new(Action, parts)  # type: ignore[no-any-return]


class Dice:
    """The active dice of a player, prepared once per listing."""

    __slots__ = ("distinct", "keys", "pairs")

    def __init__(self, g: Guild) -> None:
        self.keys = sorted(die & 255 for die in g.active)
        self.distinct = sorted(set(self.keys))
        self.pairs: list[tuple[int, int]] | None = None

    def two(self) -> list[tuple[int, int]]:
        if self.pairs is None:
            keys = self.keys
            self.pairs = sorted({(keys[i], keys[j]) for i in range(len(keys)) for j in range(i + 1, len(keys))})
        return self.pairs

    def multisets(self, colour: int | None, limit: int, skip: int = -1) -> list[tuple[int, ...]]:
        """Distinct non-empty multisets of the dice (of one colour if given; without one die of key ``skip``)."""
        keys = [k for k in self.keys if colour is None or k >> 4 == colour]
        if skip >= 0:
            keys.remove(skip)
        found: set[tuple[int, ...]] = set()
        for n in range(1, min(limit, len(keys)) + 1):
            found.update(combinations(keys, n))
        return sorted(found)


@lru_cache(maxsize=8192)
def bits(mask: int) -> tuple[int, ...]:
    """The cells of a 16-bit mask, cached: the same few masks recur all game long."""
    return tuple(c for c in range(16) if mask >> c & 1)


def _colour_cells(state: TharosState) -> list[int]:
    masks = [0] * 5
    for cell, colour in enumerate(state.board.colours):
        masks[colour] |= 1 << cell
    return masks


def gen_money(state: TharosState, p: int, dz: Dice) -> list[Action]:
    out = [_act("money", "many", "dice", *(TOK[k] for k in c)) for c in dz.multisets(d.WHITE, 3)]
    out += [_act("money", "little", "dice", TOK[k]) for k in dz.distinct]
    return out


def gen_cards(state: TharosState, p: int, dz: Dice) -> list[Action]:
    if not state.board.action_deck and not state.board.action_discard:
        return []
    out = [_act("cards", "large", "dice", TOK[k]) for k in dz.distinct if k >> 4 == d.WHITE]
    out += [_act("cards", "single", "dice", TOK[k]) for k in dz.distinct]
    return out


def _sources(state: TharosState, p: int, exclude: str) -> list[tuple[str, ...]]:
    """The ``from X`` parts a guild-tile placement needs: none while tiles are in supply."""
    if state.guilds[p].guild > 0:
        return [()]
    return [("from", s) for s in state.tile_sources(p, exclude)]


def gen_guild(state: TharosState, p: int, dz: Dice) -> list[Action]:
    g = state.guilds[p]
    out: list[Action] = []
    limits = state.fig.card_limits
    for card in g.cards_active:
        if g.card_tiles.get(card, 0) < limits.get(card, 0):
            for src in _sources(state, p, card):
                out += [_act("tile", card, *src, "dice", TOK[k]) for k in dz.distinct]
    for white in dz.distinct:
        if white >> 4 == d.WHITE:
            out += [_act("reroll", *(TOK[k] for k in c), "dice", TOK[white])
                    for c in dz.multisets(None, 99, skip=white)]
    return out


def gen_land(state: TharosState, p: int, dz: Dice) -> list[Action]:
    board = state.board
    bit = 1 << p
    own = 0
    for cell in range(16):
        if board.guild_on[cell] & bit:
            own |= 1 << cell
    out: list[Action] = []
    colour_cells = _colour_cells(state)
    plain = state.guilds[p].guild > 0
    for a, b in dz.two():
        mask = (colour_cells[a >> 4] | colour_cells[b >> 4]) & ~own
        ta, tb = TOK[a], TOK[b]
        if plain:
            out += [_act("land", CELL_NAMES[cell], "dice", ta, tb) for cell in bits(mask)]
        else:
            for cell in bits(mask):
                out += [_act("land", CELL_NAMES[cell], *src, "dice", ta, tb)
                        for src in _sources(state, p, CELL_NAMES[cell])]
    size = state.fig.player["explore_size"]
    if own.bit_count() >= size:
        for area in connected_sets(size):
            if area & own == area:
                names = [CELL_NAMES[c] for c in range(16) if area >> c & 1]
                out += [_act("explore", *names, "dice", TOK[k]) for k in dz.distinct]
    return out


def gen_market(state: TharosState, p: int, dz: Dice) -> list[Action]:
    g = state.guilds[p]
    out: list[Action] = []
    prices = state.fig.prices
    colours = state.fig.die_colours
    for col, column in enumerate(g.market):
        for row, die_id in enumerate(column):
            if prices[row] <= g.money:
                colour = COLOUR_OF_LETTER[colours[die_id]]
                out += [_act("buy", col + 1, colour, "dice", TOK[k]) for k in dz.distinct]
    if g.mines > 0:
        board = state.board
        bit = 1 << p
        mine_pip = state.fig.player["mine_pip"]
        own = 0
        for cell in range(16):
            if board.mines_on[cell] & bit:
                own |= 1 << cell
        reach = 0
        if own:
            for cell in range(16):
                if own >> cell & 1:
                    reach |= NEIGHBOURS[cell]
        else:
            reach = (1 << 16) - 1
        reach &= ~own
        colour_cells = _colour_cells(state)
        for k in dz.distinct:
            if k & 15 == mine_pip:
                mask = colour_cells[k >> 4] & reach
                out += [_act("mine", CELL_NAMES[c], "dice", TOK[k]) for c in bits(mask)]
    return out


def gen_build(state: TharosState, p: int, dz: Dice) -> list[Action]:
    g = state.guilds[p]
    fig = state.fig
    cost = fig.player["build_cost"]
    if g.money < cost or not state.board.unbuilt:
        return []
    yellows = [k for k in dz.distinct if k >> 4 == d.YELLOW and k & 15 >= fig.player["build_min_pip"]]
    out: list[Action] = []
    own_ok = g.money >= cost + fig.player["own_cost"]
    for building in state.board.unbuilt:
        for k in yellows:
            out.append(_act("build", building, "dice", TOK[k]))
            if own_ok:
                out += [_act("build", building, "own", *src, "dice", TOK[k]) for src in _sources(state, p, "")]
    return out


def gen_defend(state: TharosState, p: int, dz: Dice) -> list[Action]:
    return [_act("defend", "dice", *(TOK[k] for k in c)) for c in dz.multisets(d.RED, 99)]


FIELD_GENERATORS: dict[str, Callable[[TharosState, int, Dice], list[Action]]] = {
    "money": gen_money, "cards": gen_cards, "guild": gen_guild, "land": gen_land, "market": gen_market,
    "build": gen_build,
}


def field_actions(state: TharosState, p: int, field: str, reuse: bool = False) -> list[Action]:
    """The actions of one white field (``reuse``: even if already used this turn, for plugin decisions)."""
    g = state.guilds[p]
    if not field_open(g, field, reuse):
        return []
    return FIELD_GENERATORS[field](state, p, Dice(g))


def board_actions(state: TharosState, p: int) -> list[Action]:
    """Every player-board action ``p`` may take now (white fields and the red field)."""
    g = state.guilds[p]
    dz = Dice(g)
    out: list[Action] = []
    for field, gen in FIELD_GENERATORS.items():
        if field_open(g, field):
            out += gen(state, p, dz)
    out += gen_defend(state, p, dz)
    return out


# ----- handlers -------------------------------------------------------------------------------------------------
def _take(state: TharosState, p: int, tokens: tuple[str, ...], count: int | None, where: str) -> list[int]:
    if count is not None and len(tokens) != count:
        if not tokens:
            what = "die" if count == 1 else f"{count} dice"
            raise IllegalAction(f"name the {what} after the word 'dice', e.g. dice w3")
        raise IllegalAction(f"this action takes {count} die/dice, not {len(tokens)}")
    g = state.guilds[p]
    return d.use(g, d.find(g, tokens), where)


def _block(state: TharosState, p: int, field: str, option: str, reuse: bool) -> None:
    g = state.guilds[p]
    if field in g.fields and not reuse:
        if g.field_extra <= 0:
            raise IllegalAction(f"the {field} field is already used this turn (each white field once per turn)")
        g.field_extra -= 1
    g.fields[field] = option


def apply_board_action(state: TharosState, p: int, action: Action, reuse: bool = False) -> None:
    kind = action.kind
    args, tokens = d.split_dice(action.args)
    g = state.guilds[p]
    if kind == "defend":
        dice = _take(state, p, tokens, None, "attack")
        if not dice or any(d.colour(die) != d.RED for die in dice):
            raise IllegalAction("the attack field takes one or more red dice")
        state.emit("defend", player=p, dice=[d.token(x) for x in dice])
        return
    field = FIELD_OF_KIND.get(kind)
    if field is None:
        raise IllegalAction(f"{kind!r} is no action of the player board")
    if not field_open(g, field, reuse):
        raise IllegalAction(f"the {field} field is already used this turn (each white field once per turn)")
    option = OPTION_OF_KIND.get(kind) or (str(args[0]) if args else "")
    HANDLERS[kind](state, p, args, tokens)
    _block(state, p, field, option, reuse)


def _money(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    option = args[0] if args else None
    if option == "many":
        if not 1 <= len(tokens) <= 3:
            raise IllegalAction("Viel Geld takes one to three white dice")
        dice = _take(state, p, tokens, None, "money")
        if any(d.colour(x) != d.WHITE for x in dice):
            raise IllegalAction("Viel Geld takes white dice only")
        jars = min(sum(d.pips(x) for x in dice), state.fig.player["much_money_cap"])
        for hook in HOOKS.much_money:
            jars = hook(state, p, jars)
    elif option == "little":
        dice = _take(state, p, tokens, 1, "money")
        jars = (d.pips(dice[0]) + 1) // 2
    else:
        raise IllegalAction("money takes 'many' (Viel Geld) or 'little' (Wenig Geld)")
    state.gain_money(p, jars)
    state.emit("money", player=p, option=option, dice=list(tokens), jars=jars)


def _cards(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    option = args[0] if args else None
    if option not in ("large", "single"):
        raise IllegalAction("cards takes 'large' (Große Auswahl) or 'single' (Keine Auswahl)")
    dice = _take(state, p, tokens, 1, "cards")
    if option == "large":
        if d.colour(dice[0]) != d.WHITE:
            raise IllegalAction("Große Auswahl takes a white die")
        count = (d.pips(dice[0]) + 1) // 2
        drawn = [c for c in (state.draw_action_card() for _ in range(count)) if c is not None]
        state.board.drawn = drawn
        state.emit("cards_drawn", player=p, n=len(drawn), cards=list(drawn), private_to=p, secret=["cards"])
        state.push(p, "keep")
    else:
        card = state.draw_action_card()
        if card is not None:
            state.gain_action_card(p, card)


def _tile(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    if not args or not isinstance(args[0], str):
        raise IllegalAction("tile names a player card: tile manipulator dice w3")
    card = args[0]
    g = state.guilds[p]
    if card not in g.cards_active:
        raise IllegalAction(f"{card} is not an active player card of player {p}")
    if g.card_tiles.get(card, 0) >= state.fig.card_limits.get(card, 0):
        raise IllegalAction(f"{card} holds at most {state.fig.card_limits.get(card, 0)} guild tiles")
    source = _source(args[1:])
    state.check_tile_source(p, source, card)
    _take(state, p, tokens, 1, "guild")
    state.take_tile(p, source)
    g.card_tiles[card] = g.card_tiles.get(card, 0) + 1
    state.emit("tile_on_card", player=p, card=card)


def _source(rest: tuple[object, ...]) -> str | None:
    if not rest:
        return None
    if len(rest) != 2 or rest[0] != "from" or not isinstance(rest[1], str):
        raise IllegalAction("write the tile's source as 'from B2' or 'from manipulator'")
    return rest[1]


def _reroll(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    g = state.guilds[p]
    if len(tokens) != 1:
        raise IllegalAction("Neu würfeln takes one white die")
    if not args:
        raise IllegalAction("name the dice to reroll: reroll r2 y5 dice w4")
    indices = d.find(g, (*tokens, *(str(a) for a in args)))
    if d.colour(g.active[indices[0]]) != d.WHITE:
        raise IllegalAction("Neu würfeln takes a white die")
    targets = [g.active[i] for i in indices[1:]]
    ids = [d.die_id(x) for x in targets]
    d.use(g, indices[:1], "guild")
    rolled = []
    for i, die in enumerate(g.active):
        if d.die_id(die) in ids:
            g.active[i] = die & ~15 | state.roll_die()
            rolled.append(d.token(g.active[i]))
    state.emit("reroll", player=p, dice=rolled, chance=True)


def _land(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    cell = _cell(args[0] if args else None)
    board = state.board
    if board.guild_on[cell] & 1 << p:
        raise IllegalAction(f"player {p} already has a guild tile on {CELL_NAMES[cell]} (one per landscape)")
    source = _source(args[1:])
    state.check_tile_source(p, source, CELL_NAMES[cell])
    dice = _take(state, p, tokens, 2, "land")
    if board.colours[cell] not in {d.colour(x) for x in dice}:
        raise IllegalAction(f"{CELL_NAMES[cell]} is {COLOUR_OF_LETTER[LETTERS[board.colours[cell]]]}: one of the "
                            "two dice must have its colour")
    state.take_tile(p, source)
    board.guild_on[cell] |= 1 << p
    state.emit("guild_tile", player=p, landscape=CELL_NAMES[cell])


def _cell(name: object) -> int:
    if not isinstance(name, str) or name not in CELL_OF:
        raise IllegalAction(f"{name!r} is not a landscape (A1..D4)")
    return CELL_OF[name]


def _explore(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    size = state.fig.player["explore_size"]
    cells = {_cell(a) for a in args}
    if len(args) != size or len(cells) != size:
        raise IllegalAction(f"exploring takes exactly {size} different landscapes")
    board = state.board
    mask = 0
    for cell in cells:
        if not board.guild_on[cell] & 1 << p:
            raise IllegalAction(f"player {p} has no guild tile on {CELL_NAMES[cell]}")
        mask |= 1 << cell
    if not connected(mask):
        raise IllegalAction("the explored landscapes must be orthogonally connected")
    _take(state, p, tokens, 1, "land")
    for cell in cells:
        board.guild_on[cell] &= ~(1 << p)
    state.guilds[p].guild += size
    state.emit("explore", player=p, landscapes=[CELL_NAMES[c] for c in sorted(cells)])
    state.add_medal(p, EXPLORATION)


def _buy(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    g = state.guilds[p]
    if len(args) != 2 or not isinstance(args[0], int) or not 1 <= args[0] <= len(g.market):
        raise IllegalAction("buy names a market column (1 or 2) and a colour: buy 1 green dice y3")
    column = g.market[args[0] - 1]
    colours = [COLOUR_OF_LETTER[state.fig.die_colours[x]] for x in column]
    if args[1] not in colours:
        raise IllegalAction(f"market column {args[0]} holds no {args[1]} die")
    row = colours.index(str(args[1]))
    price = state.fig.prices[row]
    state.pay(p, price)
    _take(state, p, tokens, 1, "market")
    die = column.pop(row)  # the dice above slide down a row
    g.discard.append(die)
    g.discard.sort()
    state.emit("buy", player=p, colour=args[1], price=price)


def _mine(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    cell = _cell(args[0] if args else None)
    g = state.guilds[p]
    board = state.board
    if g.mines <= 0:
        raise IllegalAction("all 10 mines are on landscapes")
    if len(tokens) != 1:
        raise IllegalAction("a mine takes one die showing 6")
    col, pip = d.parse_token(tokens[0])
    if pip != state.fig.player["mine_pip"]:
        raise IllegalAction("a mine takes a die showing 6")
    if board.colours[cell] != col:
        raise IllegalAction(f"{CELL_NAMES[cell]} does not have the die's colour")
    bit = 1 << p
    own = sum(1 << c for c in range(16) if board.mines_on[c] & bit)
    if own >> cell & 1:
        raise IllegalAction(f"player {p} already has a mine on {CELL_NAMES[cell]}")
    if own and not NEIGHBOURS[cell] & own:
        raise IllegalAction("further mines must border one of the player's mines orthogonally")
    _take(state, p, tokens, 1, "market")
    g.mines -= 1
    board.mines_on[cell] |= bit
    state.emit("mine", player=p, landscape=CELL_NAMES[cell])


def _build(state: TharosState, p: int, args: tuple[object, ...], tokens: tuple[str, ...]) -> None:
    fig = state.fig
    board = state.board
    building = args[0] if args else None
    if building not in board.unbuilt:
        raise IllegalAction(f"{building!r} is not an unbuilt public building")
    own = len(args) > 1 and args[1] == "own"
    source = _source(args[2:]) if own else None
    if len(args) > 1 and not own:
        raise IllegalAction("after the building only 'own' may follow: build new_market own dice y4")
    if len(tokens) != 1:
        raise IllegalAction("building takes one yellow die showing 3 or more")
    col, pip = d.parse_token(tokens[0])
    if col != d.YELLOW or pip < fig.player["build_min_pip"]:
        raise IllegalAction("building takes a yellow die showing 3 or more")
    cost = fig.player["build_cost"] + (fig.player["own_cost"] if own else 0)
    if own:
        state.check_tile_source(p, source)
    state.pay(p, cost)
    _take(state, p, tokens, 1, "build")
    board.unbuilt.remove(str(building))
    board.built.append(str(building))
    if own:
        state.take_tile(p, source)
        board.owners[str(building)] = p
    state.emit("build", player=p, building=building, own=own, jars=cost)
    state.add_medal(p, CIVIL)
    if "free_use" in HOOKS.decisions:
        state.push(p, "free_use", building)


HANDLERS: dict[str, Callable[[TharosState, int, tuple[object, ...], tuple[str, ...]], None]] = {
    "money": _money, "cards": _cards, "tile": _tile, "reroll": _reroll, "land": _land, "explore": _explore,
    "buy": _buy, "mine": _mine, "build": _build,
}


# ----- the converter of the attacked landscape (once per turn, not an action) -----------------------------------
def converter(state: TharosState) -> dict[str, object] | None:
    target = state.board.target()
    return state.fig.converters[state.board.converters[target]] if target >= 0 else None


def gen_convert(state: TharosState, p: int) -> list[Action]:
    g = state.guilds[p]
    tile = converter(state)
    if g.converter_used or tile is None:
        return []
    kind = tile["kind"]
    max_pip = state.fig.max_pip
    distinct = d.distinct(g)
    if kind in ("jars", "combat"):
        return [Action("convert", str(kind))]
    if kind == "plus":
        return [Action("convert", "plus", d.token(x)) for x in distinct if 0 < d.pips(x) < max_pip]
    if kind == "shift":
        want = LETTERS.index(str(tile["colour"])[0])
        out = []
        for x in distinct:
            if d.colour(x) == want and d.pips(x) > 0:
                if d.pips(x) < max_pip:
                    out.append(Action("convert", "shift", d.token(x), "up"))
                if d.pips(x) > 1:
                    out.append(Action("convert", "shift", d.token(x), "down"))
        return out
    whites = [x for x in distinct if d.colour(x) == d.WHITE and 1 <= d.pips(x) <= 6]
    if kind == "dye":
        return [Action("convert", "dye", d.token(x), letter) for x in whites for letter in LETTERS[1:]]
    if kind == "flip":
        return [Action("convert", "flip", *d.tokens_of(c))
                for c in d.subsets(g, d.WHITE, 2) if all(1 <= k & 15 <= 6 for k in c)]
    return []


def apply_convert(state: TharosState, p: int, action: Action) -> None:
    g = state.guilds[p]
    tile = converter(state)
    if tile is None or g.converter_used:
        raise IllegalAction("the converter of the attacked landscape is used once per turn")
    kind = tile["kind"]
    args = action.args
    if not args or args[0] != kind:
        raise IllegalAction(f"the attacked landscape's converter is {tile['id']} ({kind})")
    max_pip = state.fig.max_pip
    if kind == "jars":
        state.gain_money(p, int(str(tile["value"])))
    elif kind == "combat":
        g.combat += int(str(tile["value"]))
    elif kind == "plus":
        (i,) = d.find(g, tuple(str(a) for a in args[1:2]))
        if d.pips(g.active[i]) >= max_pip:
            raise IllegalAction(f"a die goes up to {max_pip} at most")
        g.active[i] += 1
    elif kind == "shift":
        (i,) = d.find(g, tuple(str(a) for a in args[1:2]))
        die = g.active[i]
        if LETTERS[d.colour(die)] != str(tile["colour"])[0]:
            raise IllegalAction(f"this converter changes {tile['colour']} dice only")
        step = {"up": 1, "down": -1}.get(str(args[2]) if len(args) > 2 else "")
        if step is None:
            raise IllegalAction("shift a die 'up' or 'down' by one")
        # "Er darf ihn auf 7 erhöhen, nicht aber unter 1 senken": raising stops at 7, lowering at 1 (a die the
        # Manipulator took above 7 may come down)
        if step > 0 and d.pips(die) >= max_pip:
            raise IllegalAction(f"the converter raises a die up to {max_pip} at most")
        if step < 0 and d.pips(die) <= 1:
            raise IllegalAction("the converter never lowers a die below 1")
        g.active[i] = die + step
    elif kind == "dye":
        (i,) = d.find(g, tuple(str(a) for a in args[1:2]))
        letter = args[2] if len(args) > 2 else None
        if d.colour(g.active[i]) != d.WHITE or letter not in LETTERS[1:]:
            raise IllegalAction("dye a white die to another colour: convert dye w3 r")
        g.active[i] = g.active[i] & ~(15 << 4) | LETTERS.index(str(letter)) << 4
    elif kind == "flip":
        indices = d.find(g, tuple(str(a) for a in args[1:]))
        if not 1 <= len(indices) <= 2 or any(d.colour(g.active[i]) != d.WHITE or not 1 <= d.pips(g.active[i]) <= 6
                                             for i in indices):
            raise IllegalAction("flip one or two white dice showing 1-6")
        for i in indices:
            g.active[i] = g.active[i] & ~15 | 7 - d.pips(g.active[i])
    else:
        raise IllegalAction("this converter has no effect")
    g.converter_used = True
    state.emit("convert", player=p, converter=tile["id"], args=[str(a) for a in args[1:]])
