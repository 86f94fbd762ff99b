"""Observation encoders and the per-game hooks that choose them.

An encoder turns ``state.view(player)`` — what that player may see, and nothing else — into a fixed-shape float32
vector. For speed an encoder may also define ``encode_state(state, player)``, which the environments then call
instead of building the view: it reads the state's public attributes directly and must give exactly what
``encode(state.view(player), player)`` gives — the tests hold every such encoder to that over random games, so the
fast path can carry nothing the view hides.

A small game's encoder may define ``state_key(state, player)`` too: a cheap hashable value (tic-tac-toe: the seat
and the nine cells) that fixes both ``state.view(player)`` and ``state.legal_actions(player)``. The environments
then keep the whole observation (encoding, mask, action features) and the slot assignment per key, and an
observation costs the key, a look-up and copies.

Which encoder and action codec a game gets (first match wins):

1. one registered at run time with :func:`register_observation_encoder` / :func:`register_action_codec` (plugins);
2. the game's adapter module ``brassboard.rl.encoders.<game_id>``, if it exists, which may define
   ``observation_encoder(players, options)``, ``action_codec(players, options)`` and ``MAX_ACTIONS`` (the default
   size of the legal-list action space), each optional;
3. the generic ones: :class:`HashingEncoder` and :class:`~brassboard.rl.actions.LegalListCodec`.

So a new game works at once with the generic encoding, and can get an exact one later by adding one module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Mapping
from types import ModuleType
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.rl.actions import ActionCodec

from .hashing import HashingEncoder


class ObservationEncoder(Protocol):
    """Turns a player's view into a float32 array of a fixed ``shape`` with values in ``[low, high]``."""

    @property
    def shape(self) -> tuple[int, ...]: ...

    @property
    def low(self) -> float: ...

    @property
    def high(self) -> float: ...

    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        """``view`` is ``state.view(player)``; ``player`` (the observer's seat) is no secret to that player."""
        ...


def state_encoding(encoder: ObservationEncoder) -> Callable[[GameState, int], npt.NDArray[np.float32]] | None:
    """The encoder's fast path ``encode_state(state, player)``, if it has one (see the module's note)."""
    found = getattr(encoder, "encode_state", None)
    return found if callable(found) else None


def state_key(encoder: ObservationEncoder) -> Callable[[GameState, int], Hashable] | None:
    """The encoder's ``state_key(state, player)``, if it has one (see the module's note)."""
    found = getattr(encoder, "state_key", None)
    return found if callable(found) else None


EncoderFactory = Callable[[int, Mapping[str, Any]], ObservationEncoder]
"""Builds an encoder for (number of players, resolved options)."""

CodecFactory = Callable[[int, Mapping[str, Any]], ActionCodec]
"""Builds an action codec for (number of players, resolved options)."""

_ENCODERS: dict[str, EncoderFactory] = {}
_CODECS: dict[str, CodecFactory] = {}


def register_observation_encoder(game_id: str, factory: EncoderFactory) -> None:
    """Use ``factory`` for ``game_id``'s observations from now on (before any adapter module or the generic one)."""
    _ENCODERS[game_id] = factory


def register_action_codec(game_id: str, factory: CodecFactory) -> None:
    """Use ``factory`` for ``game_id``'s action space from now on (before any adapter module or the generic one)."""
    _CODECS[game_id] = factory


def adapter_module(game_id: str) -> ModuleType | None:
    """The module ``brassboard.rl.encoders.<game_id>``, or None if the game has none."""
    name = f"{__name__}.{game_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # only "there is no such module" means "no adapter"; a broken import inside one must surface
        if exc.name == name:
            return None
        raise


def game_encoder(game_id: str, players: int, options: Mapping[str, Any]) -> ObservationEncoder | None:
    """The game's own observation encoder, or None (the caller then uses a :class:`HashingEncoder`)."""
    factory = _ENCODERS.get(game_id)
    if factory is None:
        factory = getattr(adapter_module(game_id), "observation_encoder", None)
    return factory(players, options) if factory is not None else None


def game_action_codec(game_id: str, players: int, options: Mapping[str, Any]) -> ActionCodec | None:
    """The game's own action codec, or None (the caller then uses a legal-list codec)."""
    factory = _CODECS.get(game_id)
    if factory is None:
        factory = getattr(adapter_module(game_id), "action_codec", None)
    return factory(players, options) if factory is not None else None


def game_max_actions(game_id: str, default: int) -> int:
    """The default size of the legal-list action space: the adapter's ``MAX_ACTIONS``, else ``default``."""
    value = getattr(adapter_module(game_id), "MAX_ACTIONS", default)
    return int(value)


__all__ = [
    "CodecFactory", "EncoderFactory", "HashingEncoder", "ObservationEncoder", "adapter_module", "game_action_codec",
    "game_encoder", "game_max_actions", "register_action_codec", "register_observation_encoder", "state_encoding",
    "state_key",
]
