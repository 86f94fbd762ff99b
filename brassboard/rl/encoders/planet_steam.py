"""Planet Steam: a structured encoding of the board and the holdings, seen from the observer, plus the hashed rest.

Observation (float32), four blocks; ``P`` players, ``Z`` zones (42 on the 2013 board), seats *relative* to the
observer (row 0 is the observer, row 1 the next seat clockwise, …) so one policy can play any seat:

1. zones, ``Z x (P + 9)``, zone by zone in board order (A1, B1, … F7): owner one-hot over relative seats (``P``);
   the owner code when no player owns the zone (-1 unclaimed, -2 unavailable, -3 neutral; 0 when owned); tank;
   converter one-hot over none/quartz/ore/water/energy (5); compressor; toppled.
2. holdings, ``P x 13``, relative seats: credits; 1 if those credits are hidden from the observer (option
   ``hidden_credits``: then credits read 0); goods (4); freighter classes (4); building permits; luxury quarters;
   markers left.
3. numbers, 25 + the stock's size (33 on the 2013 board): round, tank track, airship row, sabotaged zone, freighter
   deposit, freighter kept / released, game over; start player, opener, manipulator, saboteur and freighter holder as
   relative seats (-1: nobody); price, supply and bonus of quartz, ore, water, energy (4 each); the stock (its counts,
   keys in sorted order).
4. the irregular rest, hashed (the generic scheme of :mod:`.hashing`, 256 buckets): the agenda (the decision in
   progress: bids, bidders, zones), the phase, the specialist cards, the turn order and the trade markers
   (absolute seats here, with the ``@seat`` token).

Left out: what is the same in every state of a match (options, figures, zone names, colours).

``encode`` reads the view; ``encode_state`` reads the same fields from the state's public attributes, hiding other
players' credits exactly as the view does, and caches the zone block per board (boards change far less often than
anything else) — the tests hold it equal to ``encode(state.view(player), player)``.
"""

from __future__ import annotations

import marshal
import operator
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState, new_game

from .hashing import HashingEncoder

HOLDING_FEATURES = 13
CONVERTER_KINDS = 5  # none (-1), then resources 0-3
ZONE_EXTRA = 9  # beyond the P owner columns: owner code, tank, converter (5), compressor, toppled
REST_SIZE = 256
REST_FIELDS = ("agenda", "phase", "cards", "order", "trade_markers")
"""The irregular parts of the view, hashed (with the observer's seat token)."""
NUMBER_FIELDS = ("round", "track", "airship_row", "sabotaged_zone", "freighter_deposit", "freighter_kept",
                 "freighter_released", "game_over")
"""Plain numbers and flags of the view, in this order."""
SEAT_FIELDS = ("start_player", "opener", "manipulator", "saboteur", "freighter_holder")
"""Seats of the view (or -1 for nobody), as relative seats."""
MARKET_FIELDS = ("price", "supply", "bonus")
"""The exchange: four values each (quartz, ore, water, energy)."""
BOARD_FIELDS = ("owner", "tank", "converter", "compressor", "toppled")
BOARD_MEMO = 1 << 14


class PlanetSteamEncoder:
    low = float("-inf")
    high = float("inf")

    def __init__(self, players: int, zones: int, stock_size: int) -> None:
        self.players = players
        self.zones = zones
        self.zone_width = players + ZONE_EXTRA
        self.numbers = len(NUMBER_FIELDS) + len(SEAT_FIELDS) + 4 * len(MARKET_FIELDS) + stock_size
        self.shape = (zones * self.zone_width + players * HOLDING_FEATURES + self.numbers + REST_SIZE,)
        self._rest = HashingEncoder(REST_SIZE)
        self._boards: dict[tuple[int, bytes], npt.NDArray[np.float32]] = {}
        self._rests: dict[tuple[int, bytes], npt.NDArray[np.float32]] = {}

    # ----- the two ways in ----------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        holdings = [(h["credits"], h["goods"], h["freighter"], h["permits"], h["luxury_quarters"], h["markers"])
                    for h in view["holdings"]]
        return self._encode(_VIEW_FIELDS(view), holdings, player)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        fields: Any = state  # a PlanetSteamState: its public attributes carry the view's fields under the same names
        hide = bool(state.options["hidden_credits"])
        holdings = [(None if hide and seat != player else h.credits, h.goods, h.freighter, h.permits,
                     h.luxury_quarters, h.markers) for seat, h in enumerate(fields.players)]
        return self._encode(_STATE_FIELDS(fields), holdings, player)

    # ----- the encoding -------------------------------------------------------------------------------------------
    def _encode(self, fields: tuple[Any, ...], holdings: Sequence[tuple[Any, ...]],
                player: int) -> npt.NDArray[np.float32]:
        """``fields``: the values of ``ALL_FIELDS`` in order (read in one C call from the view or the state)."""
        players = self.players
        # holdings then numbers as one list of plain numbers: one NumPy call for both blocks
        numbers: list[float] = []
        for offset in range(players):
            credits, goods, freighter, permits, luxury, markers = holdings[(player + offset) % players]
            numbers += (0.0, 1.0) if credits is None else (credits, 0.0)
            numbers += goods
            numbers += freighter
            numbers += (permits, luxury, markers)
        at = len(BOARD_FIELDS)
        numbers += fields[at: at + len(NUMBER_FIELDS)]
        at += len(NUMBER_FIELDS)
        numbers += [-1 if seat < 0 else (seat - player) % players for seat in fields[at: at + len(SEAT_FIELDS)]]
        at += len(SEAT_FIELDS)
        for market in fields[at: at + len(MARKET_FIELDS)]:
            numbers += market
        at += len(MARKET_FIELDS)
        stock = fields[at]
        numbers += [stock[key] for key in sorted(stock)]
        board_block = self._board(fields[: len(BOARD_FIELDS)], player)
        out = np.empty(self.shape, dtype=np.float32)
        end = len(board_block)
        out[:end] = board_block
        out[end: end + len(numbers)] = numbers
        out[end + len(numbers):] = self._irregular(dict(zip(REST_FIELDS, fields[at + 1:], strict=True)), player)
        return out

    def _irregular(self, rest: dict[str, Any], player: int) -> npt.NDArray[np.float32]:
        key = (player, marshal.dumps(rest))  # small, and often met before: one fingerprint finds it
        found = self._rests.get(key)
        if found is None:
            found = self._rest.encode(rest, player)
            found.flags.writeable = False
            if len(self._rests) >= BOARD_MEMO:
                self._rests.clear()
            self._rests[key] = found
        return found

    def _board(self, board: tuple[Any, ...], player: int) -> npt.NDArray[np.float32]:
        key = (player, marshal.dumps(board))  # exact, and far cheaper than tuples of every column
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

    def __repr__(self) -> str:
        return f"PlanetSteamEncoder(players={self.players}, zones={self.zones}, size={self.shape[0]})"


ALL_FIELDS = (*BOARD_FIELDS, *NUMBER_FIELDS, *SEAT_FIELDS, *MARKET_FIELDS, "stock", *REST_FIELDS)
"""The view's fields an observation reads, in the order ``_encode`` takes them."""
_VIEW_FIELDS = operator.itemgetter(*ALL_FIELDS)
_STATE_FIELDS = operator.attrgetter(*ALL_FIELDS)  # the state's public attributes carry the same names


def observation_encoder(players: int, options: Mapping[str, Any]) -> PlanetSteamEncoder:
    view = new_game("planet_steam", players, 0, options).view(None)  # the edition's board and stock
    return PlanetSteamEncoder(players, len(view["owner"]), len(view["stock"]))
