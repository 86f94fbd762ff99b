"""Planet Steam: a structured encoding of the board and the holdings, seen from the observer, plus the hashed rest.

Observation (float32), three blocks; ``P`` players, ``Z`` zones (42 on the 2013 board), seats *relative* to the
observer (row 0 is the observer, row 1 the next seat clockwise, …) so one policy can play any seat:

1. zones, ``Z x (P + 9)``, zone by zone in board order (A1, B1, … F7): owner one-hot over relative seats (``P``);
   the owner code when no player owns the zone (-1 unclaimed, -2 unavailable, -3 neutral; 0 when owned); tank;
   converter one-hot over none/quartz/ore/water/energy (5); compressor; toppled.
2. holdings, ``P x 13``, relative seats: credits; 1 if those credits are hidden from the observer (option
   ``hidden_credits``: then credits read 0); goods (4); freighter classes (4); building permits; luxury quarters;
   markers left.
3. the rest of the view, hashed (the generic scheme of :mod:`.hashing`, 512 buckets): the agenda (the decision in
   progress: bids, bidders, zones), phase, round, tank track, prices, supplies, bonuses, specialist cards, turn
   order, stock, trade markers and the card holders (absolute seats here, with the ``@seat`` token).

Left out: what is the same in every state of a match (options, figures, zone names, colours).

``encode`` reads the view; ``encode_state`` reads the same fields from the state's public attributes, hiding other
players' credits exactly as the view does, and caches the zone block per board (boards change far less often than
anything else) — the tests hold it equal to ``encode(state.view(player), player)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState, new_game

from .hashing import HashingEncoder

HOLDING_FEATURES = 13
CONVERTER_KINDS = 5  # none (-1), then resources 0-3
ZONE_EXTRA = 9  # beyond the P owner columns: owner code, tank, converter (5), compressor, toppled
REST_SIZE = 512
REST_FIELDS = ("agenda", "phase", "round", "track", "price", "supply", "bonus", "cards", "order", "stock",
               "trade_markers", "start_player", "opener", "airship_row", "manipulator", "saboteur", "sabotaged_zone",
               "freighter_holder", "freighter_deposit", "freighter_kept", "freighter_released", "game_over")
BOARD_FIELDS = ("owner", "tank", "converter", "compressor", "toppled")
BOARD_MEMO = 1 << 14


class PlanetSteamEncoder:
    low = float("-inf")
    high = float("inf")

    def __init__(self, players: int, zones: int) -> None:
        self.players = players
        self.zones = zones
        self.zone_width = players + ZONE_EXTRA
        self.shape = (zones * self.zone_width + players * HOLDING_FEATURES + REST_SIZE,)
        self._rest = HashingEncoder(REST_SIZE)
        self._boards: dict[tuple[Any, ...], npt.NDArray[np.float32]] = {}

    # ----- the two ways in ----------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        holdings = [(h["credits"], h["goods"], h["freighter"], h["permits"], h["luxury_quarters"], h["markers"])
                    for h in view["holdings"]]
        return self._encode([view[key] for key in BOARD_FIELDS], holdings,
                            {key: view[key] for key in REST_FIELDS}, player)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        fields: Any = state  # a PlanetSteamState: its public attributes carry the view's fields under the same names
        hide = bool(state.options["hidden_credits"])
        holdings = [(None if hide and seat != player else h.credits, h.goods, h.freighter, h.permits,
                     h.luxury_quarters, h.markers) for seat, h in enumerate(fields.players)]
        return self._encode([getattr(fields, key) for key in BOARD_FIELDS], holdings,
                            {key: getattr(fields, key) for key in REST_FIELDS}, player)

    # ----- the encoding -------------------------------------------------------------------------------------------
    def _encode(self, board: Sequence[Sequence[Any]], holdings: Sequence[tuple[Any, ...]], rest: dict[str, Any],
                player: int) -> npt.NDArray[np.float32]:
        return np.concatenate((self._board(board, player), self._holdings(holdings, player),
                               self._rest.encode(rest, player)))

    def _board(self, board: Sequence[Sequence[Any]], player: int) -> npt.NDArray[np.float32]:
        key = (player, *map(tuple, board))
        found = self._boards.get(key)
        if found is None:
            owner, tank, converter, compressor, toppled = (np.asarray(column) for column in board)
            zones, players = self.zones, self.players
            block = np.zeros((zones, self.zone_width), dtype=np.float32)
            owned = owner >= 0
            rows = np.flatnonzero(owned)
            block[rows, (owner[rows] - player) % players] = 1.0
            block[:, players] = np.where(owned, 0, owner)
            block[:, players + 1] = tank
            block[np.arange(zones), players + 2 + converter + 1] = 1.0
            block[:, players + 2 + CONVERTER_KINDS] = compressor
            block[:, players + 3 + CONVERTER_KINDS] = toppled
            found = block.reshape(-1)
            found.flags.writeable = False
            if len(self._boards) >= BOARD_MEMO:
                self._boards.clear()
            self._boards[key] = found
        return found

    def _holdings(self, holdings: Sequence[tuple[Any, ...]], player: int) -> npt.NDArray[np.float32]:
        block = np.zeros((self.players, HOLDING_FEATURES), dtype=np.float32)
        for seat, (credits, goods, freighter, permits, luxury, markers) in enumerate(holdings):
            row = block[(seat - player) % self.players]
            row[0], row[1] = (0.0, 1.0) if credits is None else (credits, 0.0)
            row[2:6] = goods
            row[6:10] = freighter
            row[10:13] = permits, luxury, markers
        return block.reshape(-1)

    def __repr__(self) -> str:
        return f"PlanetSteamEncoder(players={self.players}, zones={self.zones})"


def observation_encoder(players: int, options: Mapping[str, Any]) -> PlanetSteamEncoder:
    zones = len(new_game("planet_steam", players, 0, options).view(None)["owner"])  # the edition's board
    return PlanetSteamEncoder(players, zones)
