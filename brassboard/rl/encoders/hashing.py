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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.rl.hashing import TokenHasher

DEFAULT_SIZE = 4096


class HashingEncoder:
    """Hashes any JSON-like view into ``size`` float32 values."""

    low = float("-inf")
    high = float("inf")

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._hasher = TokenHasher(size)

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.size,)

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        buckets: list[int] = []
        values: list[float] = []
        known = self._hasher.known  # token -> (bucket, sign), read directly: this loop is the env's hot spot
        slot = self._hasher.slot

        def add(token: str, value: float) -> None:
            bucket, sign = known.get(token) or slot(token)
            buckets.append(bucket)
            values.append(sign * value)

        def walk(path: str, value: Any) -> None:
            # exact types first (cheap), then the general cases; bool before int: True is an int in Python
            kind = type(value)
            if kind is dict:
                prefix = f"{path}/" if path else ""
                for key, item in value.items():
                    walk(f"{prefix}{key}", item)
            elif kind is list:
                add(f"{path}#", float(len(value)))
                for index, item in enumerate(value):
                    walk(f"{path}/{index}", item)
            elif kind is str:
                add(f"{path}={value}", 1.0)
            elif kind is int or kind is float:
                add(path, float(value))
            elif kind is bool:
                if value:
                    add(path, 1.0)
            elif value is None:
                add(f"{path}=null", 1.0)
            elif isinstance(value, bool):
                if value:
                    add(path, 1.0)
            elif isinstance(value, int | float):
                add(path, float(value))
            elif isinstance(value, str):
                add(f"{path}={value}", 1.0)
            elif isinstance(value, Mapping):
                walk(path, dict(value))
            elif isinstance(value, list | tuple):
                walk(path, list(value))
            else:
                raise TypeError(f"a view holds JSON values only; {path!r} is {type(value).__name__}")

        add(f"@seat={player}", 1.0)
        walk("", view)
        summed = np.bincount(np.asarray(buckets, dtype=np.intp), weights=values, minlength=self.size)
        return summed.astype(np.float32)

    def __repr__(self) -> str:
        return f"HashingEncoder(size={self.size})"
