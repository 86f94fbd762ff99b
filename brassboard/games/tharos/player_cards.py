"""The ten player cards (Spielerkarten): activation, their actions and their permanent effects.

Notation (dice after the word ``dice``, as everywhere in Tharos):

- ``activate <card> dice <tokens>``: exactly the dice the card names, of its colours, reaching its sum;
- ``card <card> <action> [args] [dice <tokens>]``: a card's action, e.g. ``card banker money dice y5``,
  ``card crystallographer crystal B1 C1 dice w2 y3``, ``card gunner sure dice w5 y6``,
  ``card manipulator tweak w3 up``, ``card organiser draw``, ``card cartographer explore A1 A2 B2``;
- free moves (not an action, before the player-turn's action): ``card rumblepoke point`` (permanent effect:
  a combat point for +2 combat strength, once per turn) and ``card steam_dyer dye <white> <letter> dice <die>``
  (the Dyer's action: the white die takes the colour for the coming action, which must use it);
- follow-ups as decisions of the same player: ``card organiser again <die>`` / ``card organiser stop`` (the
  second reroll), ``card organiser exchange <active> <inactive>`` (the swap), ``card steam_pressure_plant take
  <action card>`` (from the discard pile), ``card steam_pressure_plant aside <w0>`` (the preparation's 6th die).

Timing: a card activated by an action is usable from the player's next action. Activation is itself an action and
a player takes one action per player-turn, so every active card listed at the start of a player-turn is usable;
``guild.cards_new`` only marks the fresh ones for the view. A card's dice or money action once per turn
(``guild.cards_used``, one of two where it has two); guild-tile actions (Organiser, Manipulator) cost a tile of the
card, block nothing and repeat.

The printed figures come from ``data/player_cards.toml`` and are reshaped once per :class:`Figures` object.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations, product
from typing import TYPE_CHECKING, Any

from brassboard.engine import Action, IllegalAction

from . import dice as d
from .figures import (
    CELL_NAMES,
    CELL_OF,
    COLOUR_OF_LETTER,
    EXPLORATION,
    LETTERS,
    NEIGHBOURS,
    Figures,
    connected,
    connected_sets,
)
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState
    from .state import Guild

MAX_PIPS = 15
"""The Manipulator may raise a die "auf 7 oder mehr" without limit; 15 is what the die encoding holds (4 bits)."""
RUMBLE_FLAG = "t2:rumble"
"""``guild.turn_flags`` key: Rumblepoke's permanent effect used this turn (cleared at clean-up)."""
REROLL, SWAP, SALVAGE, ASIDE = "t2_reroll", "t2_swap", "t2_salvage", "t2_aside"
"""Decision kinds of this module (``state.push``)."""
NO_LIMIT = 99


@dataclass(frozen=True)
class DieNeed:
    """One die an action asks for: a colour (None: any) and a pip range."""

    colour: int | None
    low: int
    high: int

    def fits(self, die: int) -> bool:
        return (self.colour is None or d.colour(die) == self.colour) and self.low <= d.pips(die) <= self.high


@dataclass(frozen=True)
class CardAction:
    id: str
    kind: str  # "dice" | "guild" | "money"
    dice: tuple[DieNeed, ...]
    params: dict[str, Any]


@dataclass(frozen=True)
class CardSpec:
    id: str
    name: str
    name_de: str
    colours: tuple[int, ...]  # activation: one colour index per die, sorted
    colour_counts: tuple[tuple[int, int], ...]  # activation: (colour, how many dice of it)
    total: int  # activation: the dice's pips reach at least this
    tiles: int  # guild tiles put on the card at activation
    limit: int  # most guild tiles on the card
    points: int
    actions: dict[str, CardAction]
    permanent: dict[str, Any]


def _colour_index(name: str) -> int:
    return LETTERS.index(name[0]) if name != "any" else -1


def _spec(card_id: str, raw: dict[str, Any]) -> CardSpec:
    activation = raw["activation"]
    colours = tuple(sorted(_colour_index(c) for c in activation["dice"]))
    counts = tuple((c, colours.count(c)) for c in sorted(set(colours)))
    actions: dict[str, CardAction] = {}
    for act in raw.get("actions", []):
        needs = tuple(
            DieNeed(None if need["colour"] == "any" else _colour_index(need["colour"]), int(need.get("min", 1)),
                    int(need.get("max", NO_LIMIT)))
            for need in act.get("dice", [])
        )
        params = {k: v for k, v in act.items() if k not in ("id", "kind", "dice")}
        actions[act["id"]] = CardAction(act["id"], act["kind"], needs, params)
    return CardSpec(card_id, raw["name"], raw["name_de"], colours, counts, int(activation["sum"]),
                    int(activation.get("guild_tiles", 0)), int(raw.get("guild_limit", 0)),
                    int(raw.get("victory_points", 0)), actions, dict(raw.get("permanent", {})))


_SPECS: dict[int, tuple[Figures, dict[str, CardSpec]]] = {}


def specs(fig: Figures) -> dict[str, CardSpec]:
    """The player cards of a match's figures, reshaped once (keyed by the Figures object, kept alive here)."""
    entry = _SPECS.get(id(fig))
    if entry is None or entry[0] is not fig:
        entry = (fig, {cid: _spec(cid, raw) for cid, raw in fig.raw["player_cards"].items()})
        _SPECS[id(fig)] = entry
    return entry[1]


# ----- activation -----------------------------------------------------------------------------------------------
def _by_colour(g: Guild) -> list[list[int]]:
    by_colour: list[list[int]] = [[] for _ in LETTERS]
    for die in g.active:
        by_colour[die >> 4 & 15].append(die & 255)
    for keys in by_colour:
        keys.sort()
    return by_colour


def _activations(by_colour: list[list[int]], spec: CardSpec,
                 combos: dict[tuple[int, int], list[tuple[int, ...]]]) -> list[tuple[int, ...]]:
    """Every distinct choice of exactly the card's dice (keys ``colour << 4 | pips``) reaching its sum, from the
    active dice sorted by colour; ``combos`` caches the choices per colour and count across one listing's cards."""
    parts: list[list[tuple[int, ...]]] = []
    for colour, count in spec.colour_counts:
        if len(by_colour[colour]) < count:
            return []
        choices = combos.get((colour, count))
        if choices is None:
            choices = combos[colour, count] = sorted(set(combinations(by_colour[colour], count)))
        parts.append(choices)
    total = spec.total
    if len(parts) == 1:
        return [keys for keys in parts[0] if sum(k & 15 for k in keys) >= total]
    out = []
    for combo in product(*parts):
        keys = tuple(k for part in combo for k in part)
        if sum(k & 15 for k in keys) >= total:
            out.append(keys)
    return out


def activate_card(state: TharosState, p: int, card: str) -> None:
    """``card`` becomes active (its cost already paid): guild tiles onto it as far as the supply holds them.

    Also called by action card 30 (5 jars instead of the dice)."""
    g = state.guilds[p]
    spec = specs(state.fig)[card]
    if card not in g.cards_inactive:
        raise IllegalAction(f"{spec.name} is not among player {p}'s inactive player cards")
    g.cards_inactive.remove(card)
    g.cards_active.append(card)
    g.cards_new.append(card)
    tiles = min(spec.tiles, g.guild)
    if tiles:
        g.guild -= tiles
        g.card_tiles[card] = g.card_tiles.get(card, 0) + tiles
    state.emit("card_activated", player=p, card=card, tiles=tiles)


def deactivate_card(state: TharosState, p: int, card: str) -> None:
    """``card`` goes back to the player's hand of player cards; its guild tiles return to supply.

    Called by the Organiser's swap, action card 29 and round-end card 2."""
    g = state.guilds[p]
    if card not in g.cards_active:
        raise IllegalAction(f"{card} is not an active player card of player {p}")
    g.cards_active.remove(card)
    g.cards_inactive.append(card)
    if card in g.cards_new:
        g.cards_new.remove(card)
    g.guild += g.card_tiles.pop(card, 0)
    state.emit("card_deactivated", player=p, card=card)


def _handle_activate(state: TharosState, p: int, action: Action) -> None:
    args, tokens = d.split_dice(action.args)
    card = args[0] if len(args) == 1 else None
    all_specs = specs(state.fig)
    if not isinstance(card, str) or card not in all_specs:
        raise IllegalAction(f"activate names one player card ({', '.join(all_specs)}) and its dice")
    spec = all_specs[card]
    g = state.guilds[p]
    if card not in g.cards_inactive:
        raise IllegalAction(f"{spec.name} is already active")
    wanted = " + ".join(COLOUR_OF_LETTER[LETTERS[c]] for c in spec.colours)
    if len(tokens) != len(spec.colours):
        raise IllegalAction(f"activating {spec.name} takes exactly its dice ({wanted}), no more and no fewer")
    indices = d.find(g, tokens)
    dice = [g.active[i] for i in indices]
    if tuple(sorted(d.colour(x) for x in dice)) != spec.colours:
        raise IllegalAction(f"activating {spec.name} takes exactly {wanted} dice")
    if sum(d.pips(x) for x in dice) < spec.total:
        raise IllegalAction(f"activating {spec.name} needs {wanted} showing {spec.total} or more together")
    d.use(g, indices, f"card:{card}")
    activate_card(state, p, card)


# ----- generators -----------------------------------------------------------------------------------------------
def _dice_pairs(g: Guild, needs: tuple[DieNeed, ...]) -> list[tuple[int, ...]]:
    """Distinct choices of dice (keys, in token order) that can be matched one to one with ``needs``."""
    if len(needs) == 1:
        return [(die & 255,) for die in d.distinct(g) if needs[0].fits(die)]
    keys = sorted(die & 255 for die in g.active if any(need.fits(die) for need in needs))
    return [combo for combo in sorted(set(combinations(keys, len(needs)))) if _matches(combo, needs)]


def _matches(dice: tuple[int, ...] | list[int], needs: tuple[DieNeed, ...]) -> bool:
    """Whether the dice fit the needs in some order (the printed two-dice needs are alike; overrides may differ)."""
    return any(all(need.fits(die) for die, need in zip(order, needs, strict=True)) for order in permutations(dice))


def _dice(keys: tuple[int, ...]) -> tuple[str, ...]:
    return ("dice", *d.tokens_of(keys))


def _tile_actions(state: TharosState, p: int, card: str, act: CardAction, on_board: int, owned: int) -> list[Action]:
    """Ore Prospector / Crystallographer: one tile of a die's colour, or two of the two colours on orthogonally
    adjacent landscapes; never a colour the player already owns."""
    colours = state.board.colours
    open_cells = [c for c in range(16) if on_board >> c & 1 and not owned >> colours[c] & 1]
    if not open_cells:
        return []
    out: list[Action] = []
    for keys in _dice_pairs(state.guilds[p], act.dice):
        cols = {k >> 4 for k in keys}
        tail = _dice(keys)
        mine = [c for c in open_cells if colours[c] in cols]
        out += [Action("card", card, act.id, CELL_NAMES[c], *tail) for c in mine]
        if len(cols) == 2:
            for a, b in combinations(mine, 2):
                if colours[a] != colours[b] and NEIGHBOURS[a] >> b & 1:
                    out.append(Action("card", card, act.id, CELL_NAMES[a], CELL_NAMES[b], *tail))
    return out


def _explore_actions(state: TharosState, p: int, act: CardAction) -> list[Action]:
    g = state.guilds[p]
    if g.money < act.params["price"]:
        return []
    bit = 1 << p
    own = sum(1 << c for c in range(16) if state.board.guild_on[c] & bit)
    size = int(act.params["tiles"])
    if bin(own).count("1") < size:
        return []
    return [Action("card", "cartographer", act.id, *(CELL_NAMES[c] for c in range(16) if area >> c & 1))
            for area in connected_sets(size) if area & own == area]


def _card_actions(state: TharosState, p: int, spec: CardSpec) -> list[Action]:
    g = state.guilds[p]
    card = spec.id
    out: list[Action] = []
    used = card in g.cards_used
    for act in spec.actions.values():
        if act.kind == "guild":
            if g.card_tiles.get(card, 0) > 0:
                out += _guild_actions(state, p, card, act)
            continue
        if used or (card, act.id) in FREE_CARD_ACTIONS:
            continue
        if act.kind == "money":
            out += _explore_actions(state, p, act)
        elif card == "ore_prospector":
            out += _tile_actions(state, p, card, act, state.board.ore_on, g.ore)
        elif card == "crystallographer":
            out += _tile_actions(state, p, card, act, state.board.crystal_on, g.crystal)
        elif card == "organiser":  # the swap: which cards in the follow-up decision
            if g.cards_inactive:
                out += [Action("card", card, act.id, *_dice(keys)) for keys in _dice_pairs(g, act.dice)]
        elif card == "steam_pressure_plant":
            if state.board.action_discard:
                out += [Action("card", card, act.id, *_dice(keys)) for keys in _dice_pairs(g, act.dice)]
        else:  # banker, gunner, rumblepoke: the dice are the whole choice
            out += [Action("card", card, act.id, *_dice(keys)) for keys in _dice_pairs(g, act.dice)]
    return out


def _guild_actions(state: TharosState, p: int, card: str, act: CardAction) -> list[Action]:
    g = state.guilds[p]
    if card == "manipulator":
        out = []
        for die in d.distinct(g):
            tok = d.token(die)
            if d.pips(die) < MAX_PIPS:
                out.append(Action("card", card, act.id, tok, "up"))
            if d.pips(die) > 1:
                out.append(Action("card", card, act.id, tok, "down"))
        return out
    if act.id == "draw":
        return [Action("card", card, "draw")] if g.bag or g.discard else []
    return [Action("card", card, act.id, d.token(die)) for die in d.distinct(g)]  # organiser reroll


def main_actions(state: TharosState, p: int) -> list[Action]:
    """Activations and the actions of the player's active cards (hook ``main``)."""
    g = state.guilds[p]
    all_specs = specs(state.fig)
    out: list[Action] = []
    if g.active and g.cards_inactive:
        by_colour = _by_colour(g)
        combos: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for card in g.cards_inactive:
            out += [Action("activate", card, *_dice(keys)) for keys in _activations(by_colour, all_specs[card], combos)]
    for card in g.cards_active:
        out += _card_actions(state, p, all_specs[card])
    return out


FREE_CARD_ACTIONS = frozenset({("steam_dyer", "dye")})
"""Card actions offered as free moves: the Dyer's recolouring belongs to the action it enables."""


def free_actions(state: TharosState, p: int) -> list[Action]:
    """Rumblepoke's permanent effect and the Steam Dyer's action (hook ``free``, before the player's action)."""
    g = state.guilds[p]
    out: list[Action] = []
    if "rumblepoke" in g.cards_active and g.combat_points > 0 and RUMBLE_FLAG not in g.turn_flags:
        out.append(Action("card", "rumblepoke", "point"))
    if "steam_dyer" in g.cards_active and "steam_dyer" not in g.cards_used and "bound" not in g.turn_flags:
        act = specs(state.fig)["steam_dyer"].actions["dye"]
        whites = [die for die in d.distinct(g) if d.colour(die) == d.WHITE]
        for white in whites:
            rest = list(g.active)
            rest.remove(next(x for x in g.active if x & 255 == white & 255))
            payers = sorted({x & 255 for x in rest if act.dice[0].fits(x)})
            for key in payers:
                for letter in LETTERS[1:]:
                    out.append(Action("card", "steam_dyer", "dye", d.token(white), letter, "dice", d.key_token(key)))
    return out


# ----- handlers -------------------------------------------------------------------------------------------------
def _handle_card(state: TharosState, p: int, action: Action) -> None:
    args, tokens = d.split_dice(action.args)
    all_specs = specs(state.fig)
    card = args[0] if args else None
    if not isinstance(card, str) or card not in all_specs:
        raise IllegalAction(f"card names a player card ({', '.join(all_specs)}) and its action")
    spec = all_specs[card]
    act_id = str(args[1]) if len(args) > 1 else ""
    rest = args[2:]
    g = state.guilds[p]
    pending = state.board.pending
    if pending and pending[0][0] == p and str(pending[0][1]) in DECISION_HANDLERS:
        DECISION_HANDLERS[str(pending[0][1])](state, p, card, act_id, rest)
        return
    if card not in g.cards_active:
        raise IllegalAction(f"{spec.name} is not active: activate it first")
    if card == "rumblepoke" and act_id == "point":
        _rumble_point(state, p, spec)
        return
    act = spec.actions.get(act_id)
    if act is None:
        if (card, act_id) in ANSWERS:
            raise IllegalAction(f"card {card} {act_id} answers the {ANSWERS[card, act_id]} decision of the same "
                                "action: none is due")
        raise IllegalAction(f"{spec.name} has the actions {', '.join(spec.actions)}")
    if act.kind == "guild":
        if g.card_tiles.get(card, 0) <= 0:
            raise IllegalAction(f"{spec.name}'s action costs one of its guild tiles; it holds none")
        GUILD_HANDLERS[card](state, p, act, rest)
        g.card_tiles[card] -= 1
        g.guild += 1
        return
    if card in g.cards_used:
        raise IllegalAction(f"{spec.name}'s action was used this turn (once per turn; one of two where it has two)")
    if act.kind == "money":
        _cartographer(state, p, act, rest)
    else:
        if len(tokens) != len(act.dice):
            raise IllegalAction(f"{spec.name} ({act.id}) takes {len(act.dice)} die/dice")
        indices = d.find(g, tokens)
        dice = [g.active[i] for i in indices]
        if not _matches(dice, act.dice):
            wanted = " + ".join(_need_text(need) for need in act.dice)
            raise IllegalAction(f"{spec.name} ({act.id}) takes {wanted}; {' '.join(d.token(x) for x in dice)} "
                                "do not fit")
        DICE_HANDLERS[card](state, p, act, rest, indices)
    g.cards_used.append(card)


def _need_text(need: DieNeed) -> str:
    colour = "any-colour" if need.colour is None else COLOUR_OF_LETTER[LETTERS[need.colour]]
    if need.high >= NO_LIMIT:
        return f"{colour} ({need.low}+)" if need.low > 1 else colour
    return f"{colour} ({need.low}-{need.high})"


def _place(state: TharosState, p: int, indices: list[int], card: str) -> list[int]:
    return d.use(state.guilds[p], indices, f"card:{card}")


def _banker(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    _no_args(act, rest)
    (die,) = _place(state, p, indices, "banker")
    state.gain_money(p, d.pips(die))
    state.emit("card_used", player=p, card="banker", action=act.id, jars=d.pips(die))


def _no_args(act: CardAction, rest: tuple[object, ...]) -> None:
    if rest:
        raise IllegalAction(f"{act.id} takes only its dice")


def _tiles(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    """Ore Prospector and Crystallographer."""
    ore = act.id == "ore"
    what = "ore" if ore else "crystal"
    g = state.guilds[p]
    board = state.board
    cells = []
    for name in rest:
        if not isinstance(name, str) or name not in CELL_OF:
            raise IllegalAction(f"{name!r} is not a landscape (A1..D4)")
        cells.append(CELL_OF[name])
    if not 1 <= len(cells) <= 2 or len(set(cells)) != len(cells):
        raise IllegalAction(f"take one or two {what} tiles: name one landscape, or two adjacent ones")
    on_board = board.ore_on if ore else board.crystal_on
    owned = g.ore if ore else g.crystal
    die_colours = sorted(d.colour(g.active[i]) for i in indices)
    colours = [board.colours[c] for c in cells]
    for cell, colour in zip(cells, colours, strict=True):
        if not on_board >> cell & 1:
            raise IllegalAction(f"the {what} tile of {CELL_NAMES[cell]} is gone")
        if owned >> colour & 1:
            raise IllegalAction(f"player {p} already owns a {COLOUR_OF_LETTER[LETTERS[colour]]} {what} tile "
                                "(one of each colour)")
        if colour not in die_colours:
            raise IllegalAction(f"{CELL_NAMES[cell]} has no die of its colour among the two dice")
    if len(cells) == 2:
        if colours[0] == colours[1] or die_colours[0] == die_colours[1]:
            raise IllegalAction(f"two {what} tiles must have the two different colours of the two dice")
        if not NEIGHBOURS[cells[0]] >> cells[1] & 1:
            raise IllegalAction(f"the two {what} tiles come from orthogonally adjacent landscapes")
    _place(state, p, indices, "ore_prospector" if ore else "crystallographer")
    for cell, colour in zip(cells, colours, strict=True):
        if ore:
            board.ore_on &= ~(1 << cell)
            g.ore |= 1 << colour
        else:
            board.crystal_on &= ~(1 << cell)
            g.crystal |= 1 << colour
    state.emit("card_used", player=p, card="ore_prospector" if ore else "crystallographer", action=act.id,
               landscapes=[CELL_NAMES[c] for c in cells])


def _cartographer(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...]) -> None:
    size = int(act.params["tiles"])
    price = int(act.params["price"])
    cells = set()
    for name in rest:
        if not isinstance(name, str) or name not in CELL_OF:
            raise IllegalAction(f"{name!r} is not a landscape (A1..D4)")
        cells.add(CELL_OF[name])
    if len(rest) != size or len(cells) != size:
        raise IllegalAction(f"the Cartographer takes guild tiles from exactly {size} different landscapes")
    board = state.board
    mask = 0
    for cell in cells:
        if not board.guild_on[cell] & 1 << p:
            raise IllegalAction(f"player {p} has no guild tile on {CELL_NAMES[cell]}")
        mask |= 1 << cell
    if not connected(mask):
        raise IllegalAction("the Cartographer's landscapes must be orthogonally connected")
    state.pay(p, price)
    for cell in cells:
        board.guild_on[cell] &= ~(1 << p)
    state.guilds[p].guild += size
    state.emit("card_used", player=p, card="cartographer", action=act.id, jars=price,
               landscapes=[CELL_NAMES[c] for c in sorted(cells)])
    state.add_medal(p, EXPLORATION)


def _organiser_swap(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    _no_args(act, rest)
    if not state.guilds[p].cards_inactive:
        raise IllegalAction("the Organiser swaps an active player card with one in hand: none is in hand")
    _place(state, p, indices, "organiser")
    state.emit("card_used", player=p, card="organiser", action=act.id)
    state.push(p, SWAP)


def _gunner(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    _no_args(act, rest)
    _place(state, p, indices, "gunner")
    g = state.guilds[p]
    if act.id == "fire":
        g.combat += int(act.params["combat"])
    else:
        g.sure_defence = True
    state.emit("card_used", player=p, card="gunner", action=act.id, combat=g.combat, sure=g.sure_defence)


def _rumblepoke(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    _no_args(act, rest)
    (die,) = _place(state, p, indices, "rumblepoke")
    g = state.guilds[p]
    g.combat += d.pips(die) + int(act.params["combat_bonus"])
    state.emit("card_used", player=p, card="rumblepoke", action=act.id, combat=g.combat)


def _rumble_point(state: TharosState, p: int, spec: CardSpec) -> None:
    g = state.guilds[p]
    cost = int(spec.permanent["combat_point_cost"])
    if RUMBLE_FLAG in g.turn_flags:
        raise IllegalAction("Rumblepoke's permanent effect is once per turn")
    if g.combat_points < cost:
        raise IllegalAction(f"Rumblepoke's permanent effect costs {cost} combat point; player {p} has none")
    g.combat_points -= cost
    g.combat += int(spec.permanent["combat"])
    g.turn_flags[RUMBLE_FLAG] = 1
    state.emit("card_used", player=p, card="rumblepoke", action="point", combat=g.combat)


def _salvage(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    _no_args(act, rest)
    if not state.board.action_discard:
        raise IllegalAction("the Steam Pressure Plant takes a card from the discard pile: it is empty")
    _place(state, p, indices, "steam_pressure_plant")
    state.emit("card_used", player=p, card="steam_pressure_plant", action=act.id)
    state.push(p, SALVAGE)


def _dyer(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...], indices: list[int]) -> None:
    g = state.guilds[p]
    if state.guilds[p].acted or "bound" in g.turn_flags:
        raise IllegalAction("the Steam Dyer is used before the action it dyes a die for")
    if len(rest) != 2 or rest[1] not in LETTERS[1:]:
        raise IllegalAction("name the white die and its new colour: card steam_dyer dye w2 r dice y4")
    col, pip = d.parse_token(rest[0])
    if col != d.WHITE:
        raise IllegalAction("the Steam Dyer dyes a white die")
    white = [i for i in range(len(g.active)) if g.active[i] & 255 == d.WHITE << 4 | pip and i not in indices]
    if not white:
        raise IllegalAction(f"no other unused white die showing {pip}")
    i = min(white, key=lambda j: g.active[j])
    g.active[i] = g.active[i] & ~(15 << 4) | LETTERS.index(str(rest[1])) << 4
    g.turn_flags["bound"] = d.die_id(g.active[i])
    _place(state, p, indices, "steam_dyer")
    state.emit("card_used", player=p, card="steam_dyer", action=act.id, die=str(rest[0]),
               colour=COLOUR_OF_LETTER[str(rest[1])])


def _manipulator(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...]) -> None:
    g = state.guilds[p]
    if len(rest) != 2 or rest[1] not in ("up", "down"):
        raise IllegalAction("the Manipulator turns one die up or down by one: card manipulator tweak w3 up")
    (i,) = d.find(g, (str(rest[0]),))
    new = d.pips(g.active[i]) + (1 if rest[1] == "up" else -1)
    if not 1 <= new <= MAX_PIPS:
        raise IllegalAction("the Manipulator never turns a die below 1")
    g.active[i] = g.active[i] & ~15 | new
    state.emit("card_used", player=p, card="manipulator", action=act.id, die=d.token(g.active[i]))


def _organiser_tile(state: TharosState, p: int, act: CardAction, rest: tuple[object, ...]) -> None:
    g = state.guilds[p]
    if act.id == "draw":
        if rest:
            raise IllegalAction("card organiser draw takes nothing more")
        if not g.bag and not g.discard:
            raise IllegalAction("the Organiser draws a die from the bag: bag and discard are empty")
        (drawn,) = state.draw_dice(p, 1)
        _roll_new(state, p, drawn)
        state.emit("card_used", player=p, card="organiser", action=act.id)
        return
    if len(rest) != 1:
        raise IllegalAction("the Organiser rerolls one die, then offers a second reroll: card organiser reroll w3")
    (i,) = d.find(g, (str(rest[0]),))
    _reroll(state, p, i)
    state.push(p, REROLL)


def _roll_new(state: TharosState, p: int, die_id: int) -> None:
    g = state.guilds[p]
    for i, die in enumerate(g.active):
        if d.die_id(die) == die_id and d.pips(die) == 0:
            g.active[i] = die | state.roll_die()
            state.emit("rolled", player=p, dice=[d.token(g.active[i])], chance=True)
            return


def _reroll(state: TharosState, p: int, i: int) -> None:
    g = state.guilds[p]
    g.active[i] = g.active[i] & ~15 | state.roll_die()
    state.emit("reroll", player=p, dice=[d.token(g.active[i])], card="organiser", chance=True)


DICE_HANDLERS = {
    "banker": _banker, "ore_prospector": _tiles, "crystallographer": _tiles, "organiser": _organiser_swap,
    "gunner": _gunner, "rumblepoke": _rumblepoke, "steam_pressure_plant": _salvage, "steam_dyer": _dyer,
}
GUILD_HANDLERS = {"manipulator": _manipulator, "organiser": _organiser_tile}


# ----- follow-up decisions ---------------------------------------------------------------------------------------
def _reroll_choices(state: TharosState, p: int) -> list[Action]:
    g = state.guilds[p]
    return [*(Action("card", "organiser", "again", d.token(x)) for x in d.distinct(g)),
            Action("card", "organiser", "stop")]


def _decide_reroll(state: TharosState, p: int, card: str, act_id: str, rest: tuple[object, ...]) -> None:
    if card != "organiser" or act_id not in ("again", "stop"):
        raise IllegalAction("the Organiser's second reroll: card organiser again <die> or card organiser stop")
    if act_id == "again":
        if len(rest) != 1:
            raise IllegalAction("name the die to reroll: card organiser again w3")
        (i,) = d.find(state.guilds[p], (str(rest[0]),))
        state.pop(p, REROLL)
        _reroll(state, p, i)
    else:
        state.pop(p, REROLL)


def _swap_choices(state: TharosState, p: int) -> list[Action]:
    g = state.guilds[p]
    return [Action("card", "organiser", "exchange", out, into)
            for out in g.cards_active for into in sorted(g.cards_inactive)]


def _decide_swap(state: TharosState, p: int, card: str, act_id: str, rest: tuple[object, ...]) -> None:
    g = state.guilds[p]
    if card != "organiser" or act_id != "exchange" or len(rest) != 2:
        raise IllegalAction("the Organiser's swap: card organiser exchange <active card> <card in hand>")
    out, into = str(rest[0]), str(rest[1])
    if out not in g.cards_active or into not in g.cards_inactive:
        raise IllegalAction(f"swap an active player card ({', '.join(g.cards_active)}) with one in hand "
                            f"({', '.join(sorted(g.cards_inactive))})")
    state.pop(p, SWAP)
    deactivate_card(state, p, out)
    # The swap is not an activation: no activation cost, and so no guild tiles put on the card (README).
    g.cards_inactive.remove(into)
    g.cards_active.append(into)
    g.cards_new.append(into)
    state.emit("card_swapped", player=p, out=out, into=into)


def _salvage_choices(state: TharosState, p: int) -> list[Action]:
    return [Action("card", "steam_pressure_plant", "take", c) for c in sorted(set(state.board.action_discard))]


def _decide_salvage(state: TharosState, p: int, card: str, act_id: str, rest: tuple[object, ...]) -> None:
    if card != "steam_pressure_plant" or act_id != "take" or len(rest) != 1:
        raise IllegalAction("take one card of the discard pile: card steam_pressure_plant take <number>")
    check_discard(state, rest[0])
    state.pop(p, SALVAGE)  # first: a fourth card in hand pushes the core's discard decision
    take_from_discard(state, p, rest[0])


def check_discard(state: TharosState, card: object) -> None:
    if not isinstance(card, int) or card not in state.board.action_discard:
        raise IllegalAction(f"action card {card} is not on the discard pile")


def take_from_discard(state: TharosState, p: int, card: object) -> None:
    """The chosen action card from the (open) discard pile into the hand (Steam Pressure Plant, Organisation
    Office); a fourth card in hand is discarded at once by the player's choice (the core's decision)."""
    check_discard(state, card)
    assert isinstance(card, int)
    state.board.action_discard.remove(card)
    state.emit("card_from_discard", player=p, card=card)
    state.gain_action_card(p, card)


def _aside_choices(state: TharosState, p: int) -> list[Action]:
    g = state.guilds[p]
    return [Action("card", "steam_pressure_plant", "aside", d.token(x)) for x in d.distinct(g) if d.pips(x) == 0]


def _decide_aside(state: TharosState, p: int, card: str, act_id: str, rest: tuple[object, ...]) -> None:
    if card != "steam_pressure_plant" or act_id != "aside" or len(rest) != 1:
        raise IllegalAction("lay one of the drawn dice aside: card steam_pressure_plant aside w0")
    g = state.guilds[p]
    (i,) = d.find(g, (str(rest[0]),))
    if d.pips(g.active[i]) != 0:
        raise IllegalAction("only a die just drawn (not yet rolled) is laid aside")
    state.pop(p, ASIDE)
    _lay_aside(state, p, i)


def _lay_aside(state: TharosState, p: int, i: int) -> None:
    g = state.guilds[p]
    die = g.active.pop(i)
    g.discard.append(d.die_id(die))
    g.discard.sort()
    state.emit("die_aside", player=p, colour=COLOUR_OF_LETTER[LETTERS[d.colour(die)]])


ANSWERS = {("organiser", "again"): REROLL, ("organiser", "stop"): REROLL, ("organiser", "exchange"): SWAP,
           ("steam_pressure_plant", "take"): SALVAGE, ("steam_pressure_plant", "aside"): ASIDE}
"""The card words that answer this module's decisions (for the refusal outside them)."""
DECISION_HANDLERS = {REROLL: _decide_reroll, SWAP: _decide_swap, SALVAGE: _decide_salvage, ASIDE: _decide_aside}


# ----- notation ----------------------------------------------------------------------------------------------------
CELL_SET_ACTIONS = frozenset({("ore_prospector", "ore"), ("crystallographer", "crystal"), ("cartographer", "explore")})
"""Card actions whose landscapes form a set: the legal list writes them in grid order (A1, B1, … D4)."""


def canonical(action: Action) -> Action:
    """``card …`` with its landscapes in grid order, as the legal list writes them (``… crystal C3 B3`` reads as
    ``… crystal B3 C3``); dice tokens are the core's. Anything unreadable is returned as written."""
    parts = list(action)
    if action.kind != "card" or len(parts) < 4 or (parts[1], parts[2]) not in CELL_SET_ACTIONS:
        return action
    end = parts.index("dice") if "dice" in parts else len(parts)
    try:
        parts[3:end] = sorted(parts[3:end], key=lambda t: CELL_OF[str(t)])
    except KeyError:
        return action
    return Action(*parts)


# ----- permanent effects through the core's hooks ----------------------------------------------------------------
def much_money(state: TharosState, p: int, jars: int) -> int:
    """Banker: Viel Geld pays 2 jars more, at most 10 in all."""
    g = state.guilds[p]
    if "banker" not in g.cards_active:
        return jars
    bonus = specs(state.fig)["banker"].permanent
    return min(jars + int(bonus["much_money_bonus"]), int(bonus["much_money_cap"]))


def draw_count(state: TharosState, p: int, n: int) -> int:
    """Steam Pressure Plant: 6 dice in the preparation instead of 5."""
    if "steam_pressure_plant" not in state.guilds[p].cards_active:
        return n
    return n + int(specs(state.fig)["steam_pressure_plant"].permanent["draw"]) - state.fig.draw


def after_draw(state: TharosState, p: int) -> None:
    """Steam Pressure Plant: one drawn die to the discard before rolling (a choice unless all are alike)."""
    g = state.guilds[p]
    if "steam_pressure_plant" not in g.cards_active:
        return
    drawn = {x & 255 for x in g.active if d.pips(x) == 0}
    if len(drawn) == 1:
        _lay_aside(state, p, next(i for i, x in enumerate(g.active) if d.pips(x) == 0))
    elif drawn:
        state.push(p, ASIDE)


HOOKS.main.append(main_actions)
HOOKS.free.append(free_actions)
HOOKS.register("activate", _handle_activate)
HOOKS.register("card", _handle_card)
HOOKS.canonical["card"] = canonical
HOOKS.much_money.append(much_money)
HOOKS.draw_count.append(draw_count)
HOOKS.after_draw.append(after_draw)
HOOKS.register_decision(REROLL, _reroll_choices)
HOOKS.register_decision(SWAP, _swap_choices)
HOOKS.register_decision(SALVAGE, _salvage_choices)
HOOKS.register_decision(ASIDE, _aside_choices)
