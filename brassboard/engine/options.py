"""Checking option values against a schema derived from the game's own data, before any state is built.

A game's ``figures`` option overrides parts of its data files; its shape is the shape of the data itself. So the
schema is not written twice: :func:`check_override` walks an override beside the default data and derives each rule
from the default figure found at the same place:

- a table (dict) takes only keys the default has, each checked against the default's value;
- a list of plain values keeps its length (its entries are positional: one per player count, per track step, ...);
  a list of tables (records, e.g. income bands) may hold 1 to ``2 × default length`` records, each shaped like the
  default's first record;
- a whole number stays a whole number (``true`` is none), within :func:`number_bounds` of its default;
- a fractional number takes any finite number within the same bounds;
- text is a name or reference into other data: it may only be one of the names the default uses at that place
  (the value itself, or a sibling in the same list);
- true/false stays true/false.

Cross-field rules (e.g. Planet Unknown's event deck summing to 20) stay with the game's ``new_state``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fnmatch import fnmatchcase
from typing import Any

MAX_NUMBER = 10**6
"""No figure of any game comes near this: a bound even where the derived range would be wider."""


class OptionError(ValueError):
    """A refused option value; ``path`` names the field, e.g. ``figures.tank_track.price[2]``."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"option {path!r}: {problem}")
        self.path = path
        self.problem = problem


def number_bounds(default: float) -> tuple[float, float]:
    """The range a number may take when its default is ``default``: from 0 (or the negated bound, for a negative
    default) to twice the default's size, at least 10. Wide enough for any variant, narrow enough that no figure
    can make a match endless or overflow the rules' arithmetic."""
    bound = min(MAX_NUMBER, max(10, 2 * abs(default)))
    return (0 if default >= 0 else -bound, bound)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def check_number(path: str, default: float, value: Any, bounds: tuple[float, float] | None = None) -> None:
    """``value`` must be a number like ``default`` (whole if it is whole) within ``bounds`` (derived if None)."""
    low, high = bounds if bounds is not None else number_bounds(default)
    whole = isinstance(default, int)
    if isinstance(value, bool) or not isinstance(value, int | float) or (whole and not isinstance(value, int)):
        raise OptionError(path, f"takes {'a whole number' if whole else 'a number'}, not {_describe(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise OptionError(path, f"takes a finite number, not {_describe(value)}")
    if not low <= value <= high:
        raise OptionError(path, f"must be from {low:g} to {high:g}, not {_describe(value)}")


def check_override(default: Any, value: Any, path: str, fixed: Iterable[str] = (),
                   names: Iterable[str] = (), limits: Mapping[str, tuple[float, float]] | None = None,
                   own_checks: Iterable[str] = ()) -> None:
    """Refuse ``value`` (with an :class:`OptionError` naming its path) unless it fits the shape of ``default``.

    ``fixed``: paths that may not be overridden at all (structural data the rest of the data refers to, such as a
    map's size). ``names``: further text values allowed wherever text is (none by default). ``limits``: the range
    of numbers whose derived range is too wide for the rules (a divisor, a count of dice), by path pattern
    (``*`` stands for any one key, e.g. ``figures.exchange.*.price_min``). ``own_checks``: paths whose subtree the
    game checks itself when the state is made (this walk does not enter them).
    """
    rules = _Rules(frozenset(fixed), frozenset(names), dict(limits or {}), frozenset(own_checks))
    _check(default, value, path, rules, ())


class _Rules:
    __slots__ = ("fixed", "limits", "names", "own_checks")

    def __init__(self, fixed: frozenset[str], names: frozenset[str], limits: dict[str, tuple[float, float]],
                 own_checks: frozenset[str] = frozenset()) -> None:
        self.fixed = fixed
        self.names = names
        self.limits = limits
        self.own_checks = own_checks

    def bounds(self, path: str) -> tuple[float, float] | None:
        return next((limit for pattern, limit in self.limits.items() if fnmatchcase(path, pattern)), None)


def _check(default: Any, value: Any, path: str, rules: _Rules, siblings: tuple[Any, ...]) -> None:
    fixed, names = rules.fixed, rules.names
    if path in fixed:
        raise OptionError(path, "is fixed by the game's data and cannot be overridden")
    if path in rules.own_checks:
        return  # the game's new_state checks this subtree itself
    if isinstance(default, Mapping):
        if not isinstance(value, Mapping):
            raise OptionError(path, f"takes a table of figures, not {_describe(value)}")
        for key, item in value.items():
            if not isinstance(key, str) or key not in default:
                known = ", ".join(sorted(str(k) for k in default)[:12])
                raise OptionError(_join(path, str(key)), f"is no figure here; known: {known}")
            _check(default[key], item, _join(path, key), rules, ())
        return
    if isinstance(default, list):
        records = bool(default) and all(isinstance(entry, Mapping) for entry in default)
        if not isinstance(value, list):
            size = f"1 to {2 * len(default)} tables" if records else f"{len(default)} entries"
            raise OptionError(path, f"takes a list of {size}, not {_describe(value)}")
        if records:
            if not 1 <= len(value) <= 2 * len(default):
                raise OptionError(path, f"takes 1 to {2 * len(default)} entries, not {len(value)}")
            for index, item in enumerate(value):
                _check_record(default[0], item, f"{path}[{index}]", rules)
            return
        if len(value) != len(default):
            raise OptionError(path, f"takes exactly {len(default)} entries, not {len(value)}")
        for index, (entry, item) in enumerate(zip(default, value, strict=True)):
            _check(entry, item, f"{path}[{index}]", rules, tuple(default))
        return
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise OptionError(path, f"takes true or false, not {_describe(value)}")
        return
    if isinstance(default, int | float):
        check_number(path, default, value, rules.bounds(path))
        return
    if isinstance(default, str):
        choices = {default, *(s for s in siblings if isinstance(s, str)), *names}
        if not isinstance(value, str) or value not in choices:
            shown = ", ".join(sorted(choices)[:12])
            raise OptionError(path, f"takes one of the names {shown}, not {_describe(value)}")
        return
    raise OptionError(path, "cannot be overridden")


def _check_record(default: Mapping[str, Any], value: Any, path: str, rules: _Rules) -> None:
    """A record of a list of tables: every key of the default record, no other."""
    if not isinstance(value, Mapping):
        raise OptionError(path, f"takes a table of figures, not {_describe(value)}")
    missing = sorted(set(default) - set(value))
    if missing:
        raise OptionError(_join(path, missing[0]), "is missing (a record needs every field of the data's records)")
    _check(default, value, path, rules, ())
