"""Stable feature hashing: a text token -> (bucket, sign) in a vector of fixed size.

Why CRC-32 and not ``hash()``: Python salts string hashes per process, so ``hash()`` would give every run a different
encoding. CRC-32 of the token's UTF-8 bytes is fixed forever, fast (C code in ``zlib``) and spreads tokens evenly
enough for this use. The bucket is the hash modulo the vector size; the sign comes from the hash's top bit (signed
feature hashing, Weinberger et al. 2009), so colliding tokens cancel out on average instead of piling up.
"""

from __future__ import annotations

import zlib

_CACHE_LIMIT = 1 << 20
"""Entries kept per cache before it is cleared; a game's views repeat the same paths, so this is rarely reached."""


class TokenHasher:
    """Maps tokens to ``(bucket, sign)`` for one vector size, memoising each token seen."""

    __slots__ = ("known", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a hashed vector needs at least one bucket, not {size}")
        self.size = size
        self.known: dict[str, tuple[int, float]] = {}
        """The tokens hashed so far (a memo; hot loops may read it directly and fall back to ``slot``)."""

    def slot(self, token: str) -> tuple[int, float]:
        found = self.known.get(token)
        if found is None:
            digest = zlib.crc32(token.encode("utf-8"))
            found = (digest % self.size, 1.0 if digest & 0x80000000 else -1.0)
            if len(self.known) >= _CACHE_LIMIT:
                self.known.clear()
            self.known[token] = found
        return found
