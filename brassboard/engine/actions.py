"""Actions: small immutable values with a stable text notation.

An action is a tuple ``(kind, *args)`` whose arguments are strings or integers, for example
``Action("bid", 5)`` with the notation ``bid 5``. Being a tuple subclass keeps actions hashable, cheap to build
and to compare, and trivially JSON-serialisable through their notation.
"""

from __future__ import annotations

import re
from functools import lru_cache

Arg = int | str

_INT = re.compile(r"-?(0|[1-9][0-9]*)", re.ASCII)  # canonical integers only, so notation round-trips


class Action(tuple):  # type: ignore[type-arg]
    """One atomic decision of one player, e.g. ``Action("buy", "water", 2)`` written ``buy water 2``."""

    __slots__ = ()

    def __new__(cls, kind: str, *args: Arg) -> Action:
        return tuple.__new__(cls, (kind, *args))

    @property
    def kind(self) -> str:
        return self[0]  # type: ignore[no-any-return]

    @property
    def args(self) -> tuple[Arg, ...]:
        return tuple(self[1:])

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Parse notation such as ``"claim C4 roll"``; integer-looking tokens become ints."""
        return _parse(" ".join(text.split()))


@lru_cache(maxsize=65536)
def _parse(text: str) -> Action:
    tokens = text.split(" ")
    if not tokens or not tokens[0]:
        raise ValueError("empty action notation")
    args: list[Arg] = [int(tok) if _INT.fullmatch(tok) else tok for tok in tokens[1:]]
    return Action(tokens[0].lower(), *args)


def as_action(action: Action | str | tuple[Arg, ...]) -> Action:
    """Accept an action value, a notation string or a plain tuple.

    Arguments must be ``int`` or ``str`` exactly: ``True`` or ``1.0`` equal ``1`` in Python and would match a
    legal action, yet be recorded as ``bid True`` and fail to replay.
    """
    if isinstance(action, str):
        return Action.parse(action)
    if isinstance(action, tuple) and action and isinstance(action[0], str):
        for arg in action[1:]:
            if type(arg) is not int and type(arg) is not str:
                raise TypeError(f"action arguments are whole numbers or words, not {arg!r}")
        return action if isinstance(action, Action) else Action(action[0], *action[1:])
    raise TypeError(f"not an action: {action!r}")
