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

``encode`` reads the view and builds the encoding afresh; ``encode_state`` reads the same fields from the state's
public attributes, hiding other players' credits exactly as the view does, and works incrementally: it keeps each
observer's last encoding with the values it came from and rewrites only the zones, numbers or hashed rest that
changed — the tests hold it equal to ``encode(state.view(player), player)`` of a fresh encoder.
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
REST_MEMO = 1 << 14


class _Kept:
    """An observer's last encoding and the values it came from (copies: the state changes its lists in place)."""

    __slots__ = ("board", "numbers", "out", "rest", "zones")

    def __init__(self, out: npt.NDArray[np.float32]) -> None:
        self.out = out
        self.board: tuple[list[Any], ...] | None = None
        self.numbers: list[float] | None = None
        self.rest: bytes | None = None
        self.zones: list[tuple[Any, ...]] | None = None


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
        # observer -> zone content (owner, tank, converter, compressor, toppled) -> its row: a few hundred each
        self._zone_rows: dict[int, dict[tuple[Any, ...], npt.NDArray[np.float32]]] = {
            seat: {} for seat in range(players)}
        self._rests: dict[tuple[int, bytes], npt.NDArray[np.float32]] = {}
        self._numbers_at = zones * self.zone_width
        self._rest_at = self.shape[0] - REST_SIZE
        self._kept: dict[int, _Kept] = {}  # observer -> the encoding last given and what it came from

    # ----- the two ways in ----------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        """The encoding of ``view`` built afresh (the reference the fast path is held to)."""
        holdings = [(h["credits"], h["goods"], h["freighter"], h["permits"], h["luxury_quarters"], h["markers"])
                    for h in view["holdings"]]
        fields = _VIEW_FIELDS(view)
        board_block = self._board(fields[: len(BOARD_FIELDS)], player)
        numbers = self._numbers(fields, holdings, player)
        rest = fields[REST_AT:]
        out = np.empty(self.shape, dtype=np.float32)
        out[: self._numbers_at] = board_block
        out[self._numbers_at: self._rest_at] = numbers
        out[self._rest_at:] = self._irregular(marshal.dumps(rest), rest, player)
        return out

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        """``encode(state.view(player), player)``, from the state's attributes and incrementally: the encoding last
        given to ``player`` is kept with the values it came from, and only the blocks whose values changed are
        written again (the board changes in about one step in three, the numbers in one in two)."""
        fields: Any = _STATE_FIELDS(state)  # a PlanetSteamState's public attributes carry the view's field names
        kept = self._kept.get(player)
        if kept is None:
            kept = self._kept[player] = _Kept(np.empty(self.shape, dtype=np.float32))
        out = kept.out
        board = fields[: len(BOARD_FIELDS)]
        if board != kept.board:  # compared by value (C loops): the state changes its lists in place
            self._update_zones(out, board, kept, player)
        hide = state.options["hidden_credits"]
        holdings = [(None if hide and seat != player else h.credits, h.goods, h.freighter, h.permits,
                     h.luxury_quarters, h.markers) for seat, h in enumerate(state.players)]  # type: ignore[attr-defined]
        numbers = self._numbers(fields, holdings, player)
        if numbers != kept.numbers:  # equal numbers are equal float32 values
            out[self._numbers_at: self._rest_at] = numbers
            kept.numbers = numbers
        rest = fields[REST_AT:]
        fingerprint = marshal.dumps(rest)  # exact: equal bytes load as equal values
        if fingerprint != kept.rest:
            out[self._rest_at:] = self._irregular(fingerprint, rest, player)
            kept.rest = fingerprint
        return out.copy()

    # ----- the encoding -------------------------------------------------------------------------------------------
    def _numbers(self, fields: tuple[Any, ...], holdings: Sequence[tuple[Any, ...]], player: int) -> list[float]:
        """The holdings and numbers blocks as one list of plain numbers (one NumPy call writes both).
        ``fields``: the values of ``ALL_FIELDS`` in order (read in one C call from the view or the state)."""
        players = self.players
        numbers: list[float] = []
        for offset in range(players):
            credits, goods, freighter, permits, luxury, markers = holdings[(player + offset) % players]
            numbers += (0.0, 1.0) if credits is None else (credits, 0.0)
            numbers += goods
            numbers += freighter
            numbers += (permits, luxury, markers)
        numbers += fields[NUMBERS_AT: SEATS_AT]
        numbers += [-1 if seat < 0 else (seat - player) % players for seat in fields[SEATS_AT: MARKETS_AT]]
        for market in fields[MARKETS_AT: STOCK_AT]:
            numbers += market
        stock = fields[STOCK_AT]
        numbers += [stock[key] for key in sorted(stock)]
        return numbers

    def _irregular(self, fingerprint: bytes, rest: tuple[Any, ...], player: int) -> npt.NDArray[np.float32]:
        """The hashed rest (``REST_FIELDS``' values, fingerprinted by their ``marshal`` bytes): small, and often met
        before."""
        key = (player, fingerprint)
        found = self._rests.get(key)
        if found is None:
            found = self._rest.encode(dict(zip(REST_FIELDS, rest, strict=True)), player)
            found.flags.writeable = False
            if len(self._rests) >= REST_MEMO:
                self._rests.clear()
            self._rests[key] = found
        return found

    def _board(self, board: tuple[Any, ...], player: int) -> npt.NDArray[np.float32]:
        """The zone block of ``board`` (``BOARD_FIELDS``' columns) seen by ``player``, built afresh."""
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
        return block.reshape(-1)

    def _update_zones(self, out: npt.NDArray[np.float32], board: tuple[list[Any], ...], kept: _Kept,
                      player: int) -> None:
        """Rewrite the rows of ``out``'s zone block whose zone changed since ``kept`` (a claim, a build: usually one
        zone of 42), each from a table of rows per zone content and observer."""
        zones = list(zip(*board, strict=True))  # (owner, tank, converter, compressor, toppled) of each zone
        previous = kept.zones
        rows = self._zone_rows[player]
        width = self.zone_width
        for index, zone in enumerate(zones):
            if previous is None or zone != previous[index]:
                row = rows.get(zone)
                if row is None:
                    row = rows[zone] = self._zone_row(zone, player)
                out[index * width: (index + 1) * width] = row
        kept.zones = zones
        kept.board = tuple([*column] for column in board)  # copies: the state changes its lists in place

    def _zone_row(self, zone: tuple[Any, ...], player: int) -> npt.NDArray[np.float32]:
        """One zone's row, exactly as :meth:`_board` writes it."""
        owner, tank, converter, compressor, toppled = zone
        players = self.players
        row = np.zeros(self.zone_width, dtype=np.float32)
        if owner >= 0:
            row[(owner - player) % players] = 1.0
        else:
            row[players] = owner
        row[players + 1] = tank
        row[players + 2 + converter + 1] = 1.0
        row[players + 2 + CONVERTER_KINDS] = compressor
        row[players + 3 + CONVERTER_KINDS] = toppled
        row.flags.writeable = False
        return row

    def __repr__(self) -> str:
        return f"PlanetSteamEncoder(players={self.players}, zones={self.zones}, size={self.shape[0]})"


ALL_FIELDS = (*BOARD_FIELDS, *NUMBER_FIELDS, *SEAT_FIELDS, *MARKET_FIELDS, "stock", *REST_FIELDS)
"""The view's fields an observation reads, in this order (read in one C call)."""
NUMBERS_AT = len(BOARD_FIELDS)
SEATS_AT = NUMBERS_AT + len(NUMBER_FIELDS)
MARKETS_AT = SEATS_AT + len(SEAT_FIELDS)
STOCK_AT = MARKETS_AT + len(MARKET_FIELDS)
REST_AT = STOCK_AT + 1
_VIEW_FIELDS = operator.itemgetter(*ALL_FIELDS)
_STATE_FIELDS = operator.attrgetter(*ALL_FIELDS)  # the state's public attributes carry the same names


def observation_encoder(players: int, options: Mapping[str, Any]) -> PlanetSteamEncoder:
    view = new_game("planet_steam", players, 0, options).view(None)  # the edition's board and stock
    return PlanetSteamEncoder(players, len(view["owner"]), len(view["stock"]))
