"""The invariants of a Planet Steam state, checked after every action of the random games in ``test_properties.py``.

Kept out of the test module on purpose: pytest rewrites the asserts of test modules for nicer failure reports, which
makes this hot loop (tens of thousands of checks per run) about half again as slow. Every assert here carries its own
message instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from play_policies import GAME, play

from brassboard import Match, MatchRecord, new_game, state_from_json
from brassboard.engine import Action, GameState
from brassboard.games.planet_steam.figures import RESOURCES
from brassboard.games.planet_steam.rules import NEUTRAL, NO_CONVERTER, UNAVAILABLE, UNCLAIMED, PlanetSteamState

ROUND_TRIP_EVERY = 31
"""Actions between JSON round-trip / clone checks (and always at the end)."""

PHASE_RANK = {"setup": 0, "expansion": 1, "tanks": 2, "production": 3, "exchange": 4, "end": 5, "over": 6}

class Invariants:
    """Checks one game's states in sequence; remembers what must only move one way."""

    def __init__(self, state: GameState) -> None:
        assert isinstance(state, PlanetSteamState)
        fig = state.fig
        self.n = state.num_players
        self.zones = len(fig.zone_names)
        self.components = dict(fig.components)
        self.unavailable = sorted(fig.unavailable)
        self.rivers = sorted(fig.rivers)
        self.scales = [(sc.price_min, sc.price_max, sc.supply_max) for sc in fig.scales]
        self.independent = fig.independent_capacity
        self.capacity = fig.capacity
        self.owner_values = {UNCLAIMED, UNAVAILABLE, NEUTRAL, *range(self.n)}
        self.luxury_quarters = fig.luxury_quarters
        self.permits_used = 0   # building permits spent on claims
        self.permits_sold = 0   # building permits sold back (they leave the game)
        # stock + held building permits now: the figure for a fresh game; later, what is left of it
        self.permits = state.stock["building_permits"] + sum(pl.permits for pl in state.players)
        self.tank_zones: set[int] = set()
        self.last_round = state.round
        self.last_phase = state.phase
        # turn order: the (step, player, resource) of each claim, activation, trade and certificate decision of the
        # round, judged against the player order when the round ends; a round joined midway is not judged
        self.turns: list[tuple[str, int, int]] = []
        self.expected_turns: list[tuple[str, int, int]] | None = None
        self.judge_round = state.phase == "setup"
        self.check(state, [], scores=True)

    def check(self, state: GameState, events: list[dict[str, Any]], scores: bool = False) -> None:
        """All invariants of ``state``, just after the action that caused ``events``."""
        assert isinstance(state, PlanetSteamState)
        s, n, comp = state, self.n, self.components
        for event in events:
            if event["type"] == "claim" and event.get("how") == "permit":
                self.permits_used += 1
            elif event["type"] == "certificate" and event.get("action") == "sell-permit":
                self.permits_sold += 1
            elif event["type"] == "roll":
                assert event.get("chance") is True, f"a die roll not marked as chance: {event}"
        json.dumps(events)  # events are JSON data

        # --- players: nothing negative, goods fit the freighters
        assert len(s.players) == n
        for p, pl in enumerate(s.players):
            assert pl.credits >= 0, f"P{p} credits {pl.credits}"
            assert pl.markers >= 0, f"P{p} markers {pl.markers}"
            assert pl.permits >= 0 and pl.luxury_quarters >= 0
            assert min(pl.freighter) >= 1 and max(pl.freighter) <= 4, f"P{p} freighter {pl.freighter}"
            assert min(pl.goods) >= 0, f"P{p} goods {pl.goods}"
            excess = sum(max(0, pl.goods[r] - self.capacity[r][pl.freighter[r] - 1]) for r in range(4))
            allowed = self.independent if s.freighter_holder == p else 0
            assert excess <= allowed, f"P{p} goods {pl.goods} exceed freighters {pl.freighter} (+{allowed})"

        # --- the exchange, the tank track, the bonus resources
        for r, (price_min, price_max, supply_max) in enumerate(self.scales):
            assert price_min <= s.price[r] <= price_max, f"{RESOURCES[r]} price {s.price[r]}"
            assert 0 <= s.supply[r] <= supply_max, f"{RESOURCES[r]} supply {s.supply[r]}"
        assert 0 <= s.track <= s.fig.tank_track_max, f"tank track {s.track}"
        assert set(s.bonus) <= {0, 1}
        if any(s.bonus):
            assert s.phase == "expansion", "bonus resources outside the expansion phase"

        # --- components conserved
        stock = s.stock
        assert min(stock.values()) >= 0, stock
        assert sum(s.tank) + stock["tanks"] == comp["tanks"], "tanks"
        for r in (0, 1, 3):
            assert s.converter.count(r) + stock[RESOURCES[r] + "_converters"] == comp["converters"], \
                f"{RESOURCES[r]} converters"
        assert sum(s.compressor) + stock["compressors"] == comp["compressors"], "compressors"
        for p in range(n):
            assert s.owner.count(p) + s.players[p].markers == comp["markers_per_colour"], f"P{p} markers"
        assert s.owner.count(NEUTRAL) + stock["neutral_markers"] == comp["neutral_markers"], "neutral markers"
        assert stock["luxury_quarters"] + sum(pl.luxury_quarters for pl in s.players) == self.luxury_quarters
        held = sum(pl.permits for pl in s.players)
        assert stock["building_permits"] + held + self.permits_used + self.permits_sold == self.permits, "permits"

        # --- the board
        zones = self.zones
        assert len(s.owner) == len(s.tank) == len(s.converter) == len(s.compressor) == len(s.toppled) == zones
        assert set(s.owner) <= self.owner_values, f"owners {set(s.owner)}"
        assert s.owner.count(UNAVAILABLE) == len(self.unavailable)
        assert all(s.owner[z] == UNAVAILABLE for z in self.unavailable), "unavailable zones"
        assert set(s.converter) <= {NO_CONVERTER, 0, 1, 3}
        tank_zones = {z for z in range(zones) if s.tank[z]}
        assert all(s.owner[z] >= 0 for z in tank_zones), "a tank on a zone no player owns"
        fitted = sum(1 for z in tank_zones if s.converter[z] != NO_CONVERTER)
        assert fitted == zones - s.converter.count(NO_CONVERTER), "a converter without a tank"
        assert sum(1 for z in tank_zones if s.compressor[z]) == sum(s.compressor), "a compressor without a tank"
        if any(s.toppled):
            toppled = [z for z in range(zones) if s.toppled[z]]
            assert len(toppled) == 1, f"several sabotaged tanks {toppled}"
            assert s.tank[toppled[0]], "a sabotaged zone without a tank"
            assert s.sabotaged_zone == toppled[0] and s.saboteur >= 0
        if s.options["river_restriction"]:
            assert all(s.converter[z] not in (0, 1) for z in self.rivers), "quartz/ore converter on a river"
        if s.options["immovable_tanks"]:
            assert self.tank_zones <= tank_zones, "a tank moved although tanks are immovable"
        self.tank_zones = tank_zones

        # --- whose turn, which phase
        active = s.active_players()
        if s.is_over():
            assert active == [] and s.phase == "over" and s.round == s.fig.rounds
            assert all(s.legal_actions(p) == [] for p in range(n))
            scores = True
        else:
            assert len(active) == 1, f"active players {active}"
            (me,) = active
            legal = s.legal_actions(me)
            assert legal, "the active player has no legal action"
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            assert all(s.legal_actions(p) == [] for p in range(n) if p != me)
        assert 1 <= s.round <= s.fig.rounds
        if s.round == self.last_round:
            assert PHASE_RANK[s.phase] >= PHASE_RANK[self.last_phase], f"phase {self.last_phase} -> {s.phase}"
        else:
            assert s.round == self.last_round + 1, f"round {self.last_round} -> {s.round}"
        if s.phase != self.last_phase:
            scores = True
            if s.phase in ("tanks", "production", "exchange"):
                assert sorted(s.cards) == list(range(len(s.fig.cards))), f"cards {s.cards}"
                assert sorted(s.order) == list(range(n)), f"order {s.order}"
        if s.round != self.last_round or s.is_over():
            self._judge_turns()
        self.last_round, self.last_phase = s.round, s.phase
        if not s.is_over() and s.agenda[0]["k"] in TURN_STEPS:
            if self.expected_turns is None:
                order = s.order
                self.expected_turns = ([("claim", p, -1) for p in order] + [("activate", p, -1) for p in order]
                                       + [("trade", p, r) for r in s.trading_order() for p in order]
                                       + [("certificate", p, -1) for p in order])
            step = s.agenda[0]
            self.turns.append((step["k"], step["p"], step.get("r", -1)))

        # --- scores (at every phase change and the end: they are only read there)
        if scores:
            for score in s.scores():
                assert score.total == sum(score.breakdown.values())


    def _judge_turns(self) -> None:
        """The round just ended: its players claimed, activated, traded and traded certificates in player order."""
        if self.judge_round:
            assert self.turns == self.expected_turns, (
                f"round {self.last_round}: turns {self.turns} but the player order asks for {self.expected_turns}")
        self.turns, self.expected_turns, self.judge_round = [], None, True


TURN_STEPS = frozenset({"claim", "activate", "trade", "certificate"})
"""Decision steps every player takes exactly once per round (per resource for trades), in player order."""


def assert_round_trip(state: GameState) -> None:
    text = state.to_json()
    restored = state_from_json(text)
    assert type(restored) is type(state)
    assert restored.to_json() == text
    copy = state.clone()
    assert copy.to_json() == text
    assert GameState.clone(state).to_json() == text  # the engine's reference clone agrees
    for p in range(state.num_players):
        legal = state.legal_actions(p)
        assert restored.legal_actions(p) == legal == copy.legal_actions(p)
        assert all(isinstance(a, Action) and Action.parse(str(a)) == a for a in legal), "notation round trip"
    assert restored.active_players() == state.active_players()


def assert_replays(state: GameState, record: list[tuple[int, str]]) -> None:
    match_record = MatchRecord(GAME, state.num_players, state.seed, dict(state.options), list(record))
    match_record = MatchRecord.from_json(match_record.to_json())
    replayed = Match.replay(match_record)
    assert replayed.state.to_json() == state.to_json()
    assert replayed.record.actions == record


def play_checked(players: int, options: Mapping[str, Any], seed: int, replay: bool = True) -> GameState:
    """One mixed-policy game with every invariant after every action; returns the final state."""
    checker: Invariants | None = None
    count = 0

    def each(state: GameState, player: int, action: Action, events: list[dict[str, Any]]) -> None:
        nonlocal checker, count
        count += 1
        assert checker is not None
        try:
            round_trip = count % ROUND_TRIP_EVERY == 0
            checker.check(state, events, scores=round_trip)
            if round_trip:
                assert_round_trip(state)
        except AssertionError as exc:
            raise AssertionError(f"{players}p seed {seed} {dict(options)} after action #{count - 1} "
                                 f"'{action}' by P{player}: {exc}") from exc

    start = new_game(GAME, players, seed, options)
    checker = Invariants(start)
    assert checker.permits == start.fig.building_permits  # type: ignore[attr-defined]
    state, record = play(players, options, seed, each=each)
    assert state.is_over()
    assert_round_trip(state)
    if replay:
        assert_replays(state, record)
    return state
