"""The eight public buildings (öffentliche Gebäude): using a built one, and the free use right after building.

Building one is a board action (``build``, board_actions.py). Using one is an action that needs no die and blocks
nothing: the player pays the building's price — 2 jars of it to the owner when another player owns it, the full
price to the supply otherwise (also for the owner) — and each building once per turn per player
(``guild.buildings_used``). Right after building, the builder may use the building once for free (decision
``free_use``, pushed by the core): that use counts as the turn's use of it.

Notation: ``use <building> [args]``:

- ``use secret_society w2`` (the die turned to 3 onto the attack field), ``use civil_office w2 6``;
- ``use small_market ore wyr`` / ``use large_market crystal wyrgb`` (the tiles' colour letters),
  ``use new_market ore wy crystal rb``;
- ``use survey_office A1 B1`` (the guild tile from A1 to the adjacent B1);
- ``use notary`` then a board action of an already used white field (decision ``t2_notary``);
- ``use organisation_office`` then ``use organisation_office take <card>`` (decision ``t2_office``);
- in the free-use decision also ``use <building> skip``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from brassboard.engine import Action, IllegalAction

from . import board_actions as ba
from . import dice as d
from .figures import CELL_NAMES, CELL_OF, COLOUR_OF_LETTER, LETTERS, NEIGHBOURS, TRADE, Figures
from .hooks import HOOKS
from .player_cards import check_discard, take_from_discard

if TYPE_CHECKING:
    from .rules import TharosState

FREE_USE, NOTARY, OFFICE = "free_use", "t2_notary", "t2_office"
"""Decision kinds: the free use after building (pushed by the core), the Notary's field, the Office's card."""
SKIP = "skip"


@dataclass(frozen=True)
class BuildingSpec:
    id: str
    name: str
    name_de: str
    price: int
    params: dict[str, Any]


_SPECS: dict[int, tuple[Figures, dict[str, BuildingSpec]]] = {}
_PRINTED = frozenset({"name", "name_de", "text", "text_de", "price"})
"""Keys of a building's table that are not figures of its action."""


def specs(fig: Figures) -> dict[str, BuildingSpec]:
    """The buildings of a match's figures, reshaped once (keyed by the Figures object, kept alive here)."""
    entry = _SPECS.get(id(fig))
    if entry is None or entry[0] is not fig:
        table = {
            bid: BuildingSpec(bid, raw["name"], raw["name_de"], int(raw["price"]),
                              {k: v for k, v in raw.items() if k not in _PRINTED})
            for bid, raw in fig.raw["buildings"].items()
        }
        entry = (fig, table)
        _SPECS[id(fig)] = entry
    return entry[1]


def _letters(mask: int) -> list[int]:
    return [c for c in range(5) if mask >> c & 1]


def _word(colours: tuple[int, ...]) -> str:
    return "".join(LETTERS[c] for c in colours)


# ----- generators: one per building, (state, player) -> the argument tuples after ``use <building>`` -----------
Args = tuple[str | int, ...]


def _gen_die_to(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    return [(d.token(die),) for die in d.distinct(state.guilds[p])]


def _gen_civil(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    # turning a die to the pips it already shows changes nothing: not offered
    return [(d.token(die), pips) for die in d.distinct(state.guilds[p]) for pips in spec.params["pips"]
            if d.pips(die) != pips]


def _gen_market(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    g = state.guilds[p]
    n = int(spec.params["tiles"])
    out: list[Args] = []
    for sort, owned in (("ore", g.ore), ("crystal", g.crystal)):
        out += [(sort, _word(c)) for c in combinations(_letters(owned), n)]
    return out


def _gen_new_market(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    g = state.guilds[p]
    ores = list(combinations(_letters(g.ore), int(spec.params["ore"])))
    crystals = list(combinations(_letters(g.crystal), int(spec.params["crystal"])))
    return [("ore", _word(o), "crystal", _word(c)) for o in ores for c in crystals]


def _gen_notary(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    return [()] if _notary_fields(state, p, spec.price) else []


def _gen_office(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    return [()] if state.board.action_discard else []


def _gen_survey(state: TharosState, p: int, spec: BuildingSpec) -> list[Args]:
    bit = 1 << p
    guild_on = state.board.guild_on
    return [(CELL_NAMES[a], CELL_NAMES[b]) for a in range(16) if guild_on[a] & bit
            for b in range(16) if NEIGHBOURS[a] >> b & 1 and not guild_on[b] & bit]


GENERATORS: dict[str, Callable[[TharosState, int, BuildingSpec], list[Args]]] = {
    "secret_society": _gen_die_to, "large_market": _gen_market, "small_market": _gen_market,
    "new_market": _gen_new_market, "notary": _gen_notary, "organisation_office": _gen_office,
    "survey_office": _gen_survey, "civil_office": _gen_civil,
}


def _notary_fields(state: TharosState, p: int, price: int) -> list[Action]:
    """The board actions of the white fields used this turn, after paying ``price`` (their own prices count)."""
    g = state.guilds[p]
    if not g.fields:
        return []
    g.money -= price
    try:
        out: list[Action] = []
        for field in g.fields:
            out += ba.field_actions(state, p, field, reuse=True)
    finally:
        g.money += price
    return out


def main_actions(state: TharosState, p: int) -> list[Action]:
    """Uses of the built public buildings the player can pay for and has not used this turn (hook ``main``)."""
    board = state.board
    if not board.built:
        return []
    g = state.guilds[p]
    all_specs = specs(state.fig)
    out: list[Action] = []
    for building in board.built:
        spec = all_specs[building]
        if building in g.buildings_used or g.money < spec.price:
            continue
        out += [Action("use", building, *args) for args in GENERATORS[building](state, p, spec)]
    return out


def _free_use_choices(state: TharosState, p: int) -> list[Action]:
    head = state.board.pending[0]
    building = str(head[2])
    spec = specs(state.fig)[building]
    uses = [Action("use", building, *args) for args in GENERATORS[building](state, p, _free(spec))]
    return [*uses, Action("use", building, SKIP)] if uses else []


def _free(spec: BuildingSpec) -> BuildingSpec:
    return BuildingSpec(spec.id, spec.name, spec.name_de, 0, spec.params)


def _notary_choices(state: TharosState, p: int) -> list[Action]:
    return _notary_fields(state, p, 0)


def _office_choices(state: TharosState, p: int) -> list[Action]:
    return [Action("use", "organisation_office", "take", c) for c in sorted(set(state.board.action_discard))]


# ----- handlers -------------------------------------------------------------------------------------------------
def _handle_use(state: TharosState, p: int, action: Action) -> None:
    args = action.args
    all_specs = specs(state.fig)
    building = args[0] if args else None
    if not isinstance(building, str) or building not in all_specs:
        raise IllegalAction(f"use names a public building ({', '.join(all_specs)})")
    spec = all_specs[building]
    rest = tuple(args[1:])
    board = state.board
    g = state.guilds[p]
    head = board.pending[0] if board.pending and board.pending[0][0] == p else None
    if head is not None and head[1] == OFFICE:
        _decide_office(state, p, building, rest)
        return
    free = head is not None and head[1] == FREE_USE
    if rest == (SKIP,) and not free:
        raise IllegalAction(f"use {building} skip declines the free use right after building: none is due")
    if free:
        assert head is not None
        if building != head[2]:
            raise IllegalAction(f"right after building {head[2]} only its free use (or use {head[2]} skip) follows")
        if rest == (SKIP,):
            state.pop(p, FREE_USE)
            state.emit("building_skipped", player=p, building=building)
            return
    if building not in board.built:
        raise IllegalAction(f"the {spec.name} ({spec.name_de}) is not built")
    if building in g.buildings_used:
        raise IllegalAction(f"player {p} has used the {spec.name} this turn (each building once per turn)")
    price = 0 if free else spec.price
    if g.money < price:
        raise IllegalAction(f"the {spec.name} costs {price} jars; player {p} has {g.money}")
    effect = EFFECTS[building](state, p, spec, rest, price)  # validates, returns the change to make
    if free:
        state.pop(p, FREE_USE)
    owner = board.owners.get(building)
    share = 0
    if price:
        state.pay(p, price)
        if owner is not None and owner != p:
            share = min(int(state.fig.player["owner_share"]), price)
            state.gain_money(owner, share)
    g.buildings_used.append(building)
    state.emit("building_used", player=p, building=building, jars=price, owner=owner, owner_jars=share,
               free=free, args=[str(a) for a in rest])
    effect()


Effect = Callable[[], None]


def _die_index(state: TharosState, p: int, token: object) -> int:
    (i,) = d.find(state.guilds[p], (str(token),))
    return i


def _secret_society(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    if len(rest) != 1:
        raise IllegalAction("the Secret Society turns one unused die to 3 onto the attack field: use secret_society w5")
    i = _die_index(state, p, rest[0])

    def effect() -> None:
        g = state.guilds[p]
        g.active[i] = g.active[i] & ~15 | int(spec.params["set_pips"])
        d.use(g, [i], "attack")

    return effect


def _civil_office(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    allowed = [int(x) for x in spec.params["pips"]]
    if len(rest) != 2 or rest[1] not in allowed:
        raise IllegalAction(f"the Civil Office turns one unused die to {' or '.join(map(str, allowed))}: "
                            "use civil_office w2 6")
    i = _die_index(state, p, rest[0])

    def effect() -> None:
        g = state.guilds[p]
        g.active[i] = g.active[i] & ~15 | int(rest[1])

    return effect


def _colours_arg(word: object, owned: int, sort: str, n: int) -> int:
    if not isinstance(word, str) or len(word) != n or any(ch not in LETTERS for ch in word) or len(set(word)) != n:
        raise IllegalAction(f"name {n} different {sort} tile colours by letter, e.g. {'wyrgb'[:n]}")
    mask = 0
    for ch in word:
        bit = 1 << LETTERS.index(ch)
        if not owned & bit:
            raise IllegalAction(f"no {COLOUR_OF_LETTER[ch]} {sort} tile in the player's supply")
        mask |= bit
    return mask


def _give_tiles(state: TharosState, p: int, sort: str, mask: int) -> None:
    g = state.guilds[p]
    supply = state.board.ore_supply if sort == "ore" else state.board.crystal_supply
    for c in _letters(mask):
        supply[c] += 1
    if sort == "ore":
        g.ore &= ~mask
    else:
        g.crystal &= ~mask


def _market(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    n = int(spec.params["tiles"])
    g = state.guilds[p]
    if len(rest) != 2 or rest[0] not in ("ore", "crystal"):
        raise IllegalAction(f"the {spec.name} takes {n} ore tiles or {n} crystal tiles: use {spec.id} ore "
                            f"{'wyrgb'[:n]}")
    sort = str(rest[0])
    mask = _colours_arg(rest[1], g.ore if sort == "ore" else g.crystal, sort, n)

    def effect() -> None:
        _give_tiles(state, p, sort, mask)
        state.add_medal(p, TRADE, int(spec.params["trade_medals"]))

    return effect


def _new_market(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    n_ore, n_crystal = int(spec.params["ore"]), int(spec.params["crystal"])
    g = state.guilds[p]
    if len(rest) != 4 or rest[0] != "ore" or rest[2] != "crystal":
        raise IllegalAction(f"the New Market takes {n_ore} ore and {n_crystal} crystal tiles: "
                            "use new_market ore wy crystal rb")
    ore = _colours_arg(rest[1], g.ore, "ore", n_ore)
    crystal = _colours_arg(rest[3], g.crystal, "crystal", n_crystal)

    def effect() -> None:
        _give_tiles(state, p, "ore", ore)
        _give_tiles(state, p, "crystal", crystal)
        state.add_medal(p, TRADE, int(spec.params["trade_medals"]))

    return effect


def _notary(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    if rest:
        raise IllegalAction("use notary takes nothing more; the field's action follows")
    if not _notary_fields(state, p, price):
        raise IllegalAction("the Notary repeats a white field used this turn: none of them offers an action now")

    def effect() -> None:
        state.push(p, NOTARY)

    return effect


def _office(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    if rest[:1] == ("take",):
        raise IllegalAction(f"use organisation_office take answers the {OFFICE} decision after paying: none is due")
    if rest:
        raise IllegalAction("use organisation_office takes nothing more; the card follows")
    if not state.board.action_discard:
        raise IllegalAction("the Organisation Office takes a card from the discard pile: it is empty")

    def effect() -> None:
        state.push(p, OFFICE)

    return effect


def _decide_office(state: TharosState, p: int, building: str, rest: Args) -> None:
    if building != "organisation_office" or len(rest) != 2 or rest[0] != "take":
        raise IllegalAction("take one card of the discard pile: use organisation_office take <number>")
    check_discard(state, rest[1])
    state.pop(p, OFFICE)  # first: a fourth card in hand pushes the core's discard decision
    take_from_discard(state, p, rest[1])


def _survey(state: TharosState, p: int, spec: BuildingSpec, rest: Args, price: int) -> Effect:
    cells = [CELL_OF.get(str(x), -1) for x in rest]
    if len(cells) != 2 or -1 in cells:
        raise IllegalAction("the Survey Office moves a guild tile between two landscapes: use survey_office A1 B1")
    src, dst = cells
    bit = 1 << p
    guild_on = state.board.guild_on
    if not guild_on[src] & bit:
        raise IllegalAction(f"player {p} has no guild tile on {CELL_NAMES[src]}")
    if not NEIGHBOURS[src] >> dst & 1:
        raise IllegalAction(f"{CELL_NAMES[dst]} is not orthogonally adjacent to {CELL_NAMES[src]}")
    if guild_on[dst] & bit:
        raise IllegalAction(f"player {p} already has a guild tile on {CELL_NAMES[dst]}")

    def effect() -> None:
        guild_on[src] &= ~bit
        guild_on[dst] |= bit

    return effect


EFFECTS: dict[str, Callable[[TharosState, int, BuildingSpec, Args, int], Effect]] = {
    "secret_society": _secret_society, "large_market": _market, "small_market": _market,
    "new_market": _new_market, "notary": _notary, "organisation_office": _office, "survey_office": _survey,
    "civil_office": _civil_office,
}


def canonical(action: Action) -> Action:
    """``use …`` with the colour letters of market tiles in colour order (``ore ryw`` reads as ``ore wyr``), as the
    legal list writes them. Anything unreadable is returned as written."""
    parts = list(action)
    if action.kind != "use" or len(parts) < 4 or parts[1] not in ("small_market", "large_market", "new_market"):
        return action
    for i in range(3, len(parts), 2):
        word = parts[i]
        if isinstance(word, str) and parts[i - 1] in ("ore", "crystal") and all(ch in LETTERS for ch in word):
            parts[i] = "".join(sorted(word, key=LETTERS.index))
    return Action(*parts)


HOOKS.main.append(main_actions)
HOOKS.register("use", _handle_use)
HOOKS.canonical["use"] = canonical
HOOKS.register_decision(FREE_USE, _free_use_choices)
HOOKS.register_decision(NOTARY, _notary_choices)
HOOKS.register_decision(OFFICE, _office_choices)
