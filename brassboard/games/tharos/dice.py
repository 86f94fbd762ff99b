"""Dice: the one-int encoding of an active die, tokens like ``w3``, choosing dice for an action, the bag.

An action names its dice by colour letter and pips (``w3`` a white 3, ``r5`` a red 5) after the word ``dice``.
Dice of the same colour and pips are interchangeable, so the token is the canonical choice; the core takes the
lowest-id active die that matches. Tokens are listed in a fixed order (by colour letter index, then pips) so each
choice has exactly one notation.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from brassboard.engine import IllegalAction

from .figures import COLOUR_OF_LETTER, LETTERS
from .state import Guild

LETTER_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
WHITE, YELLOW, RED, GREEN, BLUE = range(5)
VIRTUAL = 100
"""Die ids from here on are virtual (a card that counts as a die): they vanish at clean-up."""


def encode(die_id: int, colour: int, pips: int) -> int:
    return die_id << 8 | colour << 4 | pips


def die_id(die: int) -> int:
    return die >> 8


def colour(die: int) -> int:
    return die >> 4 & 15


def pips(die: int) -> int:
    return die & 15


def token(die: int) -> str:
    return f"{LETTERS[die >> 4 & 15]}{die & 15}"


def key(die: int) -> int:
    """Sort key: colour, then pips (the token order)."""
    return die & 255


def parse_token(text: object) -> tuple[int, int]:
    """``"w3"`` -> (colour index, pips). Raises IllegalAction for anything else."""
    if not isinstance(text, str) or len(text) < 2 or text[0] not in LETTER_INDEX or not text[1:].isdigit():
        raise IllegalAction(f"{text!r} is not a die: write its colour letter ({'/'.join(LETTERS)}) and pips, e.g. w3")
    return LETTER_INDEX[text[0]], int(text[1:])


def find(guild: Guild, tokens: list[str] | tuple[str, ...]) -> list[int]:
    """The active dice (indices into ``guild.active``) the tokens name, each die once; raises if one is missing.

    Among equal dice the lowest id is taken, except the die an action must use (``turn_flags["bound"]``)."""
    chosen: list[int] = []
    bound = guild.turn_flags.get("bound", -1)
    for tok in tokens:
        col, pip = parse_token(tok)
        want = col << 4 | pip
        best = -1
        for i, die in enumerate(guild.active):
            if die & 255 != want or i in chosen:
                continue
            if die >> 8 == bound:
                best = i
                break
            if best < 0 or die < guild.active[best]:
                best = i
        if best < 0:
            raise IllegalAction(f"no unused active {COLOUR_OF_LETTER[LETTERS[col]]} die showing {pip}")
        chosen.append(best)
    return chosen


def use(guild: Guild, indices: list[int], where: str) -> list[int]:
    """Move the dice at ``indices`` of ``guild.active`` onto ``where`` (a field or card); returns the dice."""
    dice = [guild.active[i] for i in indices]
    for i in sorted(indices, reverse=True):
        del guild.active[i]
    for die in dice:
        guild.placed.append(die)
        guild.placed_on.append(where)
    return dice


def distinct(guild: Guild) -> list[int]:
    """The active dice with one representative per (colour, pips), in token order."""
    seen: dict[int, int] = {}
    for die in guild.active:
        k = die & 255
        if k not in seen:
            seen[k] = die
    return [seen[k] for k in sorted(seen)]


def choices(guild: Guild, count: int) -> Iterator[tuple[int, ...]]:
    """Every distinct multiset of ``count`` active dice, as tuples of (colour << 4 | pips) keys, sorted."""
    keys = sorted(die & 255 for die in guild.active)
    seen: set[tuple[int, ...]] = set()
    for combo in combinations(keys, count):
        if combo not in seen:
            seen.add(combo)
            yield combo


def subsets(guild: Guild, colour_filter: int | None = None, limit: int = 99) -> Iterator[tuple[int, ...]]:
    """Every distinct non-empty multiset of active dice (of one colour if given), up to ``limit`` dice."""
    keys = sorted(die & 255 for die in guild.active if colour_filter is None or die >> 4 & 15 == colour_filter)
    seen: set[tuple[int, ...]] = set()
    for n in range(1, min(limit, len(keys)) + 1):
        for combo in combinations(keys, n):
            if combo not in seen:
                seen.add(combo)
                yield combo


def key_token(k: int) -> str:
    return f"{LETTERS[k >> 4]}{k & 15}"


def tokens_of(keys: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    return tuple(f"{LETTERS[k >> 4]}{k & 15}" for k in keys)


def split_dice(args: tuple[object, ...]) -> tuple[tuple[object, ...], tuple[str, ...]]:
    """Split an action's arguments at the word ``dice``: (the other arguments, the die tokens)."""
    if "dice" not in args:
        return args, ()
    at = args.index("dice")
    tokens = args[at + 1:]
    for tok in tokens:
        parse_token(tok)
    return args[:at], tuple(str(t) for t in tokens)
