"""Fixed-shape action spaces over the engine's variable legal-action lists.

Every environment's action space is ``Discrete(codec.size)``. A codec assigns the legal actions of a state to slots
of that range; the observation's ``action_mask`` marks the assigned slots and ``action_features`` describes the
action in each of them, so that a slot's meaning is observable even where it changes from state to state.

Two codecs:

* :class:`LegalListCodec` (any game): slot ``i`` is the ``i``-th legal action in the canonical sort order of
  :func:`action_sort_key`. More legal actions than slots is an overflow, handled by an explicit policy: ``"raise"``
  (:class:`ActionOverflowError`) or ``"truncate"`` (only the first ``size`` actions get slots; the env reports how
  many were dropped). It is never silently wrong.
* :class:`FixedActionCodec` (small games, e.g. tic-tac-toe's 9 cells): one slot per possible action, the same in
  every state. A legal action the codec does not know is a bug and raises :class:`ActionCodecError`.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from brassboard.engine import Action

from .hashing import TokenHasher

OverflowPolicy = Literal["raise", "truncate"]


class ActionCodecError(ValueError):
    """A codec cannot represent the legal actions of a state."""


class ActionOverflowError(ActionCodecError):
    """A state has more legal actions than the action space has slots (overflow policy ``"raise"``)."""

    def __init__(self, legal_count: int, size: int) -> None:
        super().__init__(
            f"{legal_count} legal actions do not fit in {size} action slots; "
            f"raise max_actions (at least {legal_count}) or choose overflow='truncate'"
        )
        self.legal_count = legal_count
        self.size = size


@dataclass(frozen=True, slots=True)
class SlotAssignment:
    """The legal actions of one state placed in slots: ``actions[i]`` is in slot ``slots[i]``.

    ``dropped`` counts the legal actions left without a slot (only under the ``"truncate"`` overflow policy).
    """

    slots: tuple[int, ...]
    actions: tuple[Action, ...]
    dropped: int = 0
    contiguous: bool = False
    """True when ``slots`` is ``0 .. len(actions) - 1`` (a legal-list codec): slot ``i`` holds ``actions[i]``."""
    _by_slot: dict[int, Action] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # slot -> action, built at once where slots are not simply 0..n-1 (fixed codecs: small lists)
        if not self.contiguous:
            object.__setattr__(self, "_by_slot", dict(zip(self.slots, self.actions, strict=True)))

    def action_at(self, slot: int) -> Action | None:
        """The action in ``slot``, or None if the slot holds no legal action."""
        by_slot = self._by_slot
        if by_slot is None:
            return self.actions[slot] if 0 <= slot < len(self.actions) else None
        return by_slot.get(slot)

    @property
    def by_slot(self) -> dict[int, Action]:
        """Slot -> action, every legal action of the assignment."""
        found = self._by_slot
        return dict(zip(self.slots, self.actions, strict=True)) if found is None else found


ASSIGNMENT_MEMO = 4096
"""Legal lists whose slot assignment a codec keeps (a game's legal lists repeat: bids, passes, the same offers)."""

ROW_TABLE_LIMIT = 1 << 17
"""Actions whose feature row a featurizer's table keeps before it starts afresh."""

MEMO_LIST_LIMIT = 64
"""Longer legal lists get no memoised assignment: they seldom repeat (in random play of Planet Steam, Planet Unknown,
Age of Steam and Tharos 14 of 455 did), and a look-up hashes every action of the list twice (to find it, to keep it).
"""

SORT_KEY_MEMO = 1 << 17
"""Actions whose sort key a legal-list codec keeps (a game meets the same actions again and again)."""


_first = operator.itemgetter(0)
_second = operator.itemgetter(1)


def _remember(memo: dict[tuple[Action, ...], SlotAssignment], key: tuple[Action, ...], value: SlotAssignment) -> None:
    if len(memo) >= ASSIGNMENT_MEMO:
        memo.clear()
    memo[key] = value


class ActionCodec(Protocol):
    """Places a state's legal actions in the slots ``0 .. size-1`` of a ``Discrete(size)`` action space."""

    @property
    def size(self) -> int: ...

    def assign(self, legal: Sequence[Action]) -> SlotAssignment: ...


def action_sort_key(action: Action) -> tuple[tuple[int, int, str], ...]:
    """The canonical order of actions: by kind, then argument by argument, numbers (numerically) before words.

    Sorting makes a slot's meaning independent of the order in which a game happens to enumerate its actions, and
    numeric order keeps ``bid 5`` before ``bid 10``.
    """
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, part) for part in action)


_INT_OFFSET = 1 << 63


def order_text(action: Action) -> str | None:
    """A text whose plain string order is the order of :func:`action_sort_key` (None if it cannot be one: an integer
    beyond 64 bits or a NUL character in a word). Strings compare in C, nested tuples do not: sorting a legal list of
    hundreds of placements by these is several times faster.

    Each part becomes ``0`` + its value as 16 hex digits offset by 2^63 (numbers, in numeric order) or ``1`` + the
    word (words after numbers, in string order), joined by NUL, which sorts before every other character — so a
    shorter action sorts before a longer one it begins, as tuples do."""
    parts = []
    for part in action:
        if type(part) is int:
            if not -_INT_OFFSET <= part < _INT_OFFSET:
                return None
            parts.append("0" + format(part + _INT_OFFSET, "016x"))
        else:
            if "\x00" in part:
                return None
            parts.append("1" + part)
    return "\x00".join(parts)


class LegalListCodec:
    """Slot ``i`` = the ``i``-th legal action in canonical order (any game).

    A game builds new action objects for every legal list; the codec keeps one instance of each distinct action and
    its memos hold only those, so what it keeps grows with the game's distinct actions, not with the legal lists met
    (tens of thousands of objects fewer: Python's garbage collector visits every kept object in its full passes)."""

    def __init__(self, size: int, overflow: OverflowPolicy = "raise") -> None:
        if size < 1:
            raise ValueError(f"the action space needs at least one slot, not {size}")
        if overflow not in ("raise", "truncate"):
            raise ValueError(f"overflow must be 'raise' or 'truncate', not {overflow!r}")
        self._size = size
        self.overflow: OverflowPolicy = overflow
        self._memo: dict[tuple[Action, ...], SlotAssignment] = {}  # legal list -> its assignment (they repeat)
        # action -> (order_text(action), the one instance of it the codec keeps)
        self._known: dict[Action, tuple[str | None, Action]] = {}
        self._unordered = False  # whether some known action has no order text (then every list is checked for one)
        self._ranges: list[tuple[int, ...]] = []  # _ranges[n] = (0, 1, .., n-1): the slots of n actions, shared

    @property
    def size(self) -> int:
        return self._size

    def assign(self, legal: Sequence[Action]) -> SlotAssignment:
        found = self._memo.get(tuple(legal)) if len(legal) <= MEMO_LIST_LIMIT else None
        return self._assign_new(legal) if found is None else found

    def _assign_new(self, legal: Sequence[Action]) -> SlotAssignment:
        known = self._known
        try:
            entries = [known[action] for action in legal]
        except KeyError:
            if len(known) + len(legal) > SORT_KEY_MEMO:
                known.clear()
                self._unordered = False
            entries = [known.get(action) or self._learn(action) for action in legal]
        kept = tuple(map(_second, entries))  # the legal list in the kept instances: the memo's key
        if self._unordered and any(text is None for text, _ in entries):  # no text orders some action: the tuples
            ordered = sorted(kept, key=action_sort_key)
        else:
            ordered = list(map(_second, sorted(entries, key=_first)))  # stable, as the tuples' order is
        dropped = len(ordered) - self._size
        if dropped > 0:
            if self.overflow == "raise":
                raise ActionOverflowError(len(ordered), self._size)
            ordered = ordered[: self._size]
        ranges = self._ranges
        while len(ranges) <= len(ordered):
            ranges.append(tuple(range(len(ranges))))
        found = SlotAssignment(ranges[len(ordered)], tuple(ordered), max(dropped, 0), contiguous=True)
        if len(legal) <= MEMO_LIST_LIMIT:  # long lists seldom repeat: their look-up would hash every action twice
            _remember(self._memo, kept, found)
        return found

    def _learn(self, action: Action) -> tuple[str | None, Action]:
        text = order_text(action)
        if text is None:
            self._unordered = True
        entry = self._known[action] = (text, action)
        return entry

    def __repr__(self) -> str:
        return f"LegalListCodec(size={self._size}, overflow={self.overflow!r})"


class FixedActionCodec:
    """One slot per possible action, the same in every state (for games whose action set is small and fixed)."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index = {action: slot for slot, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("a fixed action codec lists each action once")
        if not self.actions:
            raise ValueError("a fixed action codec needs at least one action")
        self._memo: dict[tuple[Action, ...], SlotAssignment] = {}  # legal list -> its assignment (they repeat)

    @property
    def size(self) -> int:
        return len(self.actions)

    def assign(self, legal: Sequence[Action]) -> SlotAssignment:
        key = tuple(legal)
        found = self._memo.get(key)
        if found is None:
            slots = []
            for action in legal:
                slot = self._index.get(action)
                if slot is None:
                    raise ActionCodecError(f"legal action '{action}' has no slot in this game's fixed action codec")
                slots.append(slot)
            slots.sort()
            # the codec's own action objects (its memo then keeps none of the game's: see LegalListCodec)
            found = SlotAssignment(tuple(slots), tuple(self.actions[slot] for slot in slots))
            _remember(self._memo, tuple(self.actions[self._index[action]] for action in legal), found)
        return found

    def __repr__(self) -> str:
        return f"FixedActionCodec(size={self.size})"


class ActionFeaturizer:
    """Describes an action as a fixed-size float vector by hashing the tokens of its notation.

    Tokens of ``claim C4 roll``: ``kind=claim``, ``arg1=C4``, ``arg2=roll``; an integer argument adds its value under
    ``arg<j>#`` as well (so ``bid 5`` and ``bid 6`` are near each other, not just different), and ``args#`` carries the
    argument count. Each token lands in bucket ``crc32(token) % size`` with a ±1 sign (see :mod:`.hashing`).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._hasher = TokenHasher(size)
        self._cache: dict[Action, npt.NDArray[np.float32]] = {}
        # rows(): action -> its row in _table, the first _filled rows of which are in use
        self._rows: dict[Action, int] = {}
        self._table = np.zeros((0, size), dtype=np.float32)
        self._filled = 0

    def _tokens(self, action: Action) -> list[tuple[int, float]]:
        """(bucket, value) of each token of ``action``, in order (see the class's note)."""
        known = self._hasher.known
        slot = self._hasher.slot
        token = f"kind={action[0]}"
        bucket, sign = known.get(token) or slot(token)
        found = [(bucket, sign)]
        for position, arg in enumerate(action[1:], start=1):
            token = f"arg{position}={arg}"
            bucket, sign = known.get(token) or slot(token)
            found.append((bucket, sign))
            if type(arg) is int:
                token = f"arg{position}#"
                bucket, sign = known.get(token) or slot(token)
                found.append((bucket, sign * arg))
        bucket, sign = known.get("args#") or slot("args#")
        found.append((bucket, sign * (len(action) - 1)))
        return found

    def features(self, action: Action) -> npt.NDArray[np.float32]:
        """The feature vector of ``action`` (cached; do not modify it)."""
        found = self._cache.get(action)
        if found is None:
            vector = np.zeros(self.size, dtype=np.float32)
            for bucket, value in self._tokens(action):
                vector[bucket] += value
            vector.flags.writeable = False
            if len(self._cache) >= 1 << 18:
                self._cache.clear()
            found = self._cache[action] = vector
        return found

    def rows(self, actions: Sequence[Action]) -> npt.NDArray[np.float32]:
        """The feature vectors of ``actions`` as one ``(len(actions), size)`` array: each action's row is kept in a
        growing table the first time it is met, so a legal list costs one look-up per action and one gather."""
        index = self._rows
        try:  # the usual case: every action met before, one look-up each
            return self._table[[index[action] for action in actions]]
        except KeyError:
            pass
        missing = [action for action in actions if action not in index]
        if missing:
            if len(index) + len(missing) > ROW_TABLE_LIMIT:
                index.clear()
                self._filled = 0
                missing = list(dict.fromkeys(actions))
            needed = self._filled + len(missing)
            if needed > len(self._table):
                grown = np.zeros((max(needed, 2 * len(self._table), 256), self.size), dtype=np.float32)
                grown[: self._filled] = self._table[: self._filled]
                self._table = grown
            # every new row's tokens summed into the table at once (a NumPy call per action would cost more)
            start = self._filled
            rows: list[int] = []
            buckets: list[int] = []
            values: list[float] = []
            for action in missing:
                if action not in index:
                    row = index[action] = self._filled
                    self._filled += 1
                    for bucket, value in self._tokens(action):
                        rows.append(row)
                        buckets.append(bucket)
                        values.append(value)
            self._table[start: self._filled] = 0.0  # rows of a table started afresh still hold old rows
            np.add.at(self._table, (rows, buckets), np.asarray(values, dtype=np.float32))
        return self._table[[index[action] for action in actions]]
