"""The 40 action cards (Aktionskarten): which uses are legal in which window, and what each does.

Every card registers a generator and a handler with :data:`hooks.HOOKS` (``register_card``). A use is written
``play <card> <args>``: landscapes by name (``A1``), dice by token (``w3``, colour letter and pips) or by colour
letter alone where they are not rolled yet (bag, discard, market), medals and ore/crystal sorts by word.

The core decides *when* a card may be played (windows, one card per player-turn, never card-then-pass, the hand);
this module decides *which uses* are legal and carries them out. A handler validates by asking its own generator:
a use is legal exactly when the generator offers it in the current window, so listing and applying can never
disagree (card 39 answers that question directly, tested against its generator), and a refusal names the card
and its requirement (``needs`` in ``data/action_cards.toml``).

The effects live in ``action_card_effects_board.py`` (guild tiles, mines, ore/crystal, medals, money, player
cards) and ``action_card_effects_dice.py`` (dice, combat, the preparation and clean-up cards); this module holds
what both share and the registration.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from brassboard.engine import Action, IllegalAction

from .action_card_data import CardFigures, deck_figures
from .figures import CELL_NAMES, CELL_OF, LETTERS, MEDALS
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState
    from .state import Guild

Generator = Callable[["TharosState", int, str], Iterable[tuple[object, ...]]]
"""(state, player, window) -> the argument tuples of the card's legal uses (without ``play <card>``)."""
Effect = Callable[["TharosState", int, tuple[object, ...]], bool | None]
"""(state, player, args) -> carries out a use already known to be legal; True when the card stays out (22)."""
Allows = Callable[["TharosState", int, str, tuple[object, ...]], bool]
"""(state, player, window, args) -> whether the generator offers ``args``, answered without listing every use: for
a card whose list can run to thousands (39), where checking a played use against the list dominated whole games."""

ACTION_WINDOWS = ("before", "after")
WINDOW_WORDS = {"before": "before an action", "after": "after an action",
                "prep": "in the preparation before the draw", "drawn": "in the preparation after the draw",
                "cleanup": "at clean-up"}
BEFORE_ONLY = ("before",)
LETTER_ORDER = {letter: i for i, letter in enumerate(LETTERS)}
SORT_ORDER = {"ore": 0, "crystal": 1}

# card number -> (windows it may be played in, generator, effect); the effect modules fill it through register()
_CARDS: dict[int, tuple[tuple[str, ...], Generator, Effect]] = {}


def deck(state: TharosState) -> CardFigures:
    """The match's action-card figures (DESIGN overrides applied), a cached look-up."""
    return deck_figures(state.fig.raw["action_cards"])


def guild_of(state: TharosState, player: int) -> Guild:
    return state.guilds[player]


# ----- small shared vocabulary ------------------------------------------------------------------------------------
def own_tile_cells(state: TharosState, player: int) -> list[int]:
    """Landscapes holding one of the player's guild tiles."""
    bit = 1 << player
    return [c for c, seats in enumerate(state.board.guild_on) if seats & bit]


def free_tile_cells(state: TharosState, player: int) -> list[int]:
    """Landscapes without a guild tile of the player (one tile per player and landscape)."""
    bit = 1 << player
    return [c for c, seats in enumerate(state.board.guild_on) if not seats & bit]


def own_mine_cells(state: TharosState, player: int) -> list[int]:
    bit = 1 << player
    return [c for c, seats in enumerate(state.board.mines_on) if seats & bit]


def cell_arg(value: object) -> int:
    if not isinstance(value, str) or value not in CELL_OF:
        raise IllegalAction(f"{value!r} is no landscape: name one A1..D4")
    return CELL_OF[value]


def cell_names(cells: Iterable[int]) -> tuple[str, ...]:
    return tuple(CELL_NAMES[c] for c in cells)


def medal_index(name: object) -> int:
    if name not in MEDALS:
        raise IllegalAction(f"{name!r} is no medal: one of {', '.join(MEDALS)}")
    return MEDALS.index(str(name))


def return_land_tiles(state: TharosState, player: int, cells: Iterable[int]) -> None:
    """The player's guild tiles on ``cells`` go back to the player's supply."""
    guild = guild_of(state, player)
    mask = ~(1 << player)
    for cell in cells:
        state.board.guild_on[cell] &= mask
        guild.guild += 1


def place_land_tile(state: TharosState, player: int, cell: int) -> None:
    """A guild tile from the player's supply onto ``cell`` (callers offer this only with a tile in supply)."""
    guild = guild_of(state, player)
    guild.guild -= 1
    state.board.guild_on[cell] |= 1 << player


# ----- registration -----------------------------------------------------------------------------------------------
def register(number: int, windows: tuple[str, ...], generator: Generator, effect: Effect,
             allows: Allows | None = None) -> None:
    """Register card ``number`` with the core: offered in ``windows``, legal uses from ``generator``; ``allows``,
    if given, must agree with the generator exactly (a test compares them) and checks a played use instead."""
    _CARDS[number] = (windows, generator, effect)

    def actions(state: TharosState, player: int, window: str) -> list[Action]:
        if window not in windows:
            return []
        return [Action("play", number, *args) for args in generator(state, player, window)]  # type: ignore[arg-type]

    def handler(state: TharosState, player: int, action: Action) -> bool | None:
        args = tuple(action.args[1:])
        window = state.card_window(player)
        if window not in windows:
            when = " or ".join(WINDOW_WORDS[w] for w in windows)
            raise IllegalAction(f"action card {number} ({deck(state).cards[number].name}) is played {when}; "
                                f"now is {WINDOW_WORDS.get(window, 'no time for an action card')}")
        legal = allows(state, player, window, args) if allows is not None else args in set(
            generator(state, player, window))
        if not legal:
            card = deck(state).cards[number]
            raise IllegalAction(f"action card {number} ({card.name}): {action} is not a legal use now; "
                                f"{card.needs}")
        return effect(state, player, args)

    HOOKS.register_card(number, actions, handler)


# Which arguments of a card's use form a set (their order means nothing): cells, dice tokens, colour letters,
# player cards; the canonical notation lists them in the order the generators do.
_CELL_SETS = frozenset({2, 15, 18, 35, 36, 37, 38})
_COLOUR_SETS = {1: 0, 22: 0, 3: 1, 28: 1}          # card -> index of the first colour letter
_HOLDER_ORDER = {"organiser": 0, "manipulator": 1}


def canonical(action: Action) -> Action:
    """``play`` / ``release`` with their order-free arguments sorted as the legal list writes them (so ``play 2 D4
    A1`` reads as ``play 2 A1 D4``); anything unreadable is returned as written, for the rules to refuse."""
    from . import dice

    parts = list(action)
    try:
        if action.kind == "release":
            parts[1:] = sorted(parts[1:], key=lambda t: LETTER_ORDER[str(t)])
            return Action(*parts)
        if action.kind != "play" or len(parts) < 3:
            return action
        card, rest = parts[1], parts[2:]
        if card in _CELL_SETS:
            rest = sorted(rest, key=lambda t: CELL_OF[str(t)])
        elif card == 12:
            rest = sorted(rest, key=lambda t: dice.parse_token(t))
        elif isinstance(card, int) and card in _COLOUR_SETS:
            at = _COLOUR_SETS[card]
            rest[at:] = sorted(rest[at:], key=lambda t: LETTER_ORDER[str(t)])
        elif card in (11, 21):
            rest = sorted(rest, key=lambda t: _HOLDER_ORDER[str(t)])
        elif card == 29 and len(rest) == 3:
            rest[:2] = sorted(str(t) for t in rest[:2])
        elif card == 39 and len(rest) % 2 == 0:
            pairs = sorted(((str(rest[i]), str(rest[i + 1])) for i in range(0, len(rest), 2)),
                           key=lambda pair: (SORT_ORDER[pair[0]], CELL_OF[pair[1]]))
            rest = [part for pair in pairs for part in pair]
    except (KeyError, IllegalAction):
        return action
    return Action(*parts[:2], *rest)


def registered_cards() -> tuple[int, ...]:
    return tuple(sorted(_CARDS))


def windows_of(number: int) -> tuple[str, ...]:
    """The windows card ``number`` is offered in (before / after an action, prep, drawn, cleanup)."""
    return _CARDS[number][0]


def _import_effects() -> None:
    # the effect modules register their cards when imported
    from . import action_card_effects_board, action_card_effects_dice  # noqa: F401


_import_effects()
HOOKS.canonical["play"] = canonical
HOOKS.canonical["release"] = canonical
