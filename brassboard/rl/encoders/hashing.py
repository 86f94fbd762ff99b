"""The generic observation encoder: feature hashing of a view's JSON paths and values.

Every leaf of the view becomes one token at a fixed bucket of the output vector (see :mod:`brassboard.rl.hashing`
for the hash):

=====================  =========================================  ======================
leaf                   token                                      value added
=====================  =========================================  ======================
number ``n``           its path, e.g. ``holdings/1/credits``      ``±n``
``true`` / ``false``   its path                                   ``±1`` / nothing
text ``s``             ``path=s``, e.g. ``phase=bid``             ``±1``
``null``               ``path=null``                              ``±1``
a list                 ``path#`` (its length), then its items     ``±len``
=====================  =========================================  ======================

Paths join dict keys and list positions with ``/`` (``players/0/tracks/2``). The observer's seat adds the token
``@seat=<p>``. Values are not scaled: a learner should normalise them (e.g. a running mean/variance wrapper).

Stable: the encoding of a view depends only on the view, the size and this scheme — never on the process, the
machine or the order of dict keys (tokens are added up). It is lossy where tokens share a bucket; a larger
``size`` makes that rarer, and a game can bring an exact encoder instead (see :mod:`brassboard.rl.encoders`).

Incremental: most of a view does not change from one step to the next (a game's figures, options, most of the
board). The encoder memoises the hashed tokens of every dict and list in the top ``MEMO_DEPTH`` levels of a view by
its path and a fingerprint of its content (its ``marshal`` bytes — exact, written in C, and immune to the game
mutating objects the view shares with its state); a part seen before is not walked again, only changed parts are. A
list of plain numbers is hashed in one vectorised step (its item buckets cached per path and length). The result is
bit for bit the encoding of a fresh walk: tokens are added up in the same order.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.rl.hashing import TokenHasher

DEFAULT_SIZE = 4096

MEMO_DEPTH = 3
"""Containers down to this many levels below the view's root are memoised (deeper ones are in their parent's)."""

MEMO_MIN_ITEMS = 3
"""Smaller containers are walked, not looked up: their fingerprint and splice would cost more than the walk."""

VECTOR_MIN_ITEMS = 12
"""Lists of numbers longer than this are hashed in one NumPy step; shorter ones item by item (NumPy's call overhead
exceeds the work)."""

MEMO_SIZE = 1 << 14
"""Memo entries kept before it is cleared (a game's views repeat most of their parts)."""

_NUMBER_TYPES = frozenset((int, float, bool))
_EMPTY_BUCKETS = np.zeros(0, dtype=np.intp)
_EMPTY_VALUES = np.zeros(0, dtype=np.float64)

Tokens = tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]
"""Hashed tokens of a part of a view: their buckets and their signed values, in walk order."""


class HashingEncoder:
    """Hashes any JSON-like view into ``size`` float32 values."""

    low = float("-inf")
    high = float("inf")

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._hasher = TokenHasher(size)
        # (path, fingerprint) -> tokens of a container near the top of a view: the incremental part (see above)
        self._memo: dict[tuple[str, bytes], Tokens] = {}
        # (path, length) of a list of numbers -> (buckets, signs) of its items ``path/0`` .. ``path/length-1``
        self._number_lists: dict[tuple[str, int], tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]] = {}

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.size,)

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        bucket, sign = self._hasher.slot(f"@seat={player}")
        buckets, values = self._tokens("", view, 0)
        # the seat's token first, as the scheme orders it (float sums depend on the order of their terms)
        summed = np.bincount(np.concatenate(([bucket], buckets)), weights=np.concatenate(([sign], values)),
                             minlength=self.size)
        return summed.astype(np.float32)

    def encode_fields(self, fields: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        """The tokens of each field (a path and its JSON value) summed with the seat's token: the hashing of a small
        record whose fields change one or two at a time (a structured encoder's irregular rest). Each field is
        memoised by its fingerprint, and a dict field that changed by its own fields in turn, so a change costs a
        few look-ups and the walk of the changed part only. It is :meth:`encode` of the record up to the order of its
        float sums (exact for whole numbers)."""
        bucket, sign = self._hasher.slot(f"@seat={player}")
        bucket_parts: list[npt.NDArray[np.intp]] = [np.array((bucket,), dtype=np.intp)]
        value_parts: list[npt.NDArray[np.float64]] = [np.array((sign,), dtype=np.float64)]
        for path, value in fields.items():
            found = self._field_tokens(path, value)
            bucket_parts.append(found[0])
            value_parts.append(found[1])
        summed = np.bincount(np.concatenate(bucket_parts), weights=np.concatenate(value_parts), minlength=self.size)
        return summed.astype(np.float32)

    def field_tokens(self, path: str, value: Any) -> Tokens:
        """The hashed tokens of one field (``path`` holding the JSON ``value``) as :meth:`encode_fields` adds them
        up, memoised the same way: for an encoder that sums its fields itself."""
        return self._field_tokens(path, value)

    def _field_tokens(self, path: str, value: Any) -> Tokens:
        memo = self._memo
        key = (path, marshal.dumps(value))
        found = memo.get(key)
        if found is None:
            if type(value) is dict and value:
                parts = [self._field_tokens(f"{path}/{inner_key}", inner) for inner_key, inner in value.items()]
                found = (np.concatenate([part[0] for part in parts]), np.concatenate([part[1] for part in parts]))
            else:
                found = self._tokens(path, value, 1)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[key] = found
        return found

    def _tokens(self, root: str, value: Any, depth: int) -> Tokens:
        """The hashed tokens of ``value`` at path ``root``, in the order of a depth-first walk; containers down to
        ``MEMO_DEPTH`` levels below the root are looked up in the memo by path and fingerprint first."""
        buckets: list[int] = []
        values: list[float] = []
        # runs of tokens computed apart (memoised containers, lists of numbers), spliced in at their place
        runs: list[tuple[int, npt.NDArray[np.intp], npt.NDArray[np.float64]]] = []
        known = self._hasher.known  # token -> (bucket, sign), read directly: this loop is the hot spot
        slot = self._hasher.slot
        memo = self._memo

        def add(token: str, amount: float) -> None:
            bucket, sign = known.get(token) or slot(token)
            buckets.append(bucket)
            values.append(sign * amount)

        def walk(path: str, item: Any, level: int, look_up: bool = True) -> None:
            # exact types first (cheap), then the general cases; bool before int: True is an int in Python
            kind = type(item)
            if look_up and (kind is dict or kind is list) and 0 < level <= MEMO_DEPTH and len(item) > MEMO_MIN_ITEMS:
                try:
                    key = (path, marshal.dumps(item))
                except ValueError:  # not plain JSON types: no fingerprint, walk it afresh
                    pass
                else:
                    found = memo.get(key)
                    if found is None:
                        found = self._tokens(path, item, level)
                        if len(memo) >= MEMO_SIZE:
                            memo.clear()
                        memo[key] = found
                    runs.append((len(buckets), *found))
                    return
            if kind is dict:
                prefix = f"{path}/" if path else ""
                for key_, inner in item.items():
                    # numbers and words inline (most leaves are): a call per leaf is most of a walk's cost
                    inner_kind = type(inner)
                    if inner_kind is int or inner_kind is float:
                        token = f"{prefix}{key_}"
                        bucket, sign = known.get(token) or slot(token)
                        buckets.append(bucket)
                        values.append(sign * inner)
                    elif inner_kind is str:
                        token = f"{prefix}{key_}={inner}"
                        bucket, sign = known.get(token) or slot(token)
                        buckets.append(bucket)
                        values.append(sign)
                    else:
                        walk(f"{prefix}{key_}", inner, level + 1)
            elif kind is list:
                add(f"{path}#", float(len(item)))
                if len(item) > VECTOR_MIN_ITEMS and set(map(type, item)) <= _NUMBER_TYPES:
                    item_buckets, signs = self._number_list(path, len(item))
                    runs.append((len(buckets), item_buckets, signs * np.asarray(item, dtype=np.float64)))
                    return
                for index, inner in enumerate(item):
                    walk(f"{path}/{index}", inner, level + 1)
            elif kind is str:
                add(f"{path}={item}", 1.0)
            elif kind is int or kind is float:
                add(path, float(item))
            elif kind is bool:
                if item:
                    add(path, 1.0)
            elif item is None:
                add(f"{path}=null", 1.0)
            elif isinstance(item, bool):
                if item:
                    add(path, 1.0)
            elif isinstance(item, int | float):
                add(path, float(item))
            elif isinstance(item, str):
                add(f"{path}={item}", 1.0)
            elif isinstance(item, Mapping):
                walk(path, dict(item), level)
            elif isinstance(item, list | tuple):
                walk(path, list(item), level)
            else:
                raise TypeError(f"a view holds JSON values only; {path!r} is {type(item).__name__}")

        walk(root, value, depth, look_up=False)  # the root itself was looked up by the caller
        scalar_buckets = np.asarray(buckets, dtype=np.intp) if buckets else _EMPTY_BUCKETS
        scalar_values = np.asarray(values, dtype=np.float64) if values else _EMPTY_VALUES
        if not runs:
            return scalar_buckets, scalar_values
        bucket_parts: list[npt.NDArray[np.intp]] = []
        value_parts: list[npt.NDArray[np.float64]] = []
        start = 0
        for at, run_buckets, run_values in runs:
            bucket_parts += (scalar_buckets[start:at], run_buckets)
            value_parts += (scalar_values[start:at], run_values)
            start = at
        bucket_parts.append(scalar_buckets[start:])
        value_parts.append(scalar_values[start:])
        return np.concatenate(bucket_parts), np.concatenate(value_parts)

    def _number_list(self, path: str, length: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
        found = self._number_lists.get((path, length))
        if found is None:
            pairs = [self._hasher.slot(f"{path}/{index}") for index in range(length)]
            found = (np.array([b for b, _ in pairs], dtype=np.intp), np.array([s for _, s in pairs]))
            if len(self._number_lists) >= 1 << 16:
                self._number_lists.clear()
            self._number_lists[(path, length)] = found
        return found

    def __repr__(self) -> str:
        return f"HashingEncoder(size={self.size})"
