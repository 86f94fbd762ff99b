"""The build notation: a hex's tracks as side-digit pairs (``14``, ``03+14``) or a town's exits (``t03``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...engine import IllegalAction
from ...engine.actions import Arg
from .figures import Track

if TYPE_CHECKING:
    pass


def parse_tracks(token: object) -> tuple[Track, ...]:
    """``14`` / ``03+14`` -> ((1, 4),) / ((0, 3), (1, 4)); ``t03`` -> ((0,), (3,)) (town exits)."""
    text = str(token)
    if text.startswith("t"):
        digits = text[1:]
        if not digits.isdigit() or list(digits) != sorted(set(digits)):
            raise IllegalAction("town exits are written t followed by distinct side digits in order, e.g. t03")
        return tuple((int(d),) for d in digits)
    if isinstance(token, int):
        text = f"{token:02d}" if token < 10 else str(token)
    pairs = text.split("+")
    result: list[Track] = []
    for pair in pairs:
        if len(pair) != 2 or not pair.isdigit() or pair[0] >= pair[1]:
            raise IllegalAction("tracks are side-digit pairs, each ascending, joined by +, e.g. 03+14")
        result.append((int(pair[0]), int(pair[1])))
    if result != sorted(result):
        raise IllegalAction("write the track pairs in ascending order, e.g. 03+14")
    return tuple(result)


def format_tracks(tracks: Iterable[Track], town: bool) -> str:
    listed = sorted(tuple(t) for t in tracks)
    if town:
        return "t" + "".join(str(t[0]) for t in listed)
    return "+".join(f"{a}{c}" for a, c in listed)


def tracks_arg(text: str) -> Arg:
    """The action argument for ``text`` as the notation parser reads it (``14`` is a number, ``03`` is not)."""
    return int(text) if text.isdigit() and not text.startswith("0") else text
