"""Random legal Planet Steam games to the end, with the rules' invariants checked after every action.

Every player count (2-5) x both editions x option sets (defaults, each option alone, a few together, a box short of
components) plays seeded games with mixed random players (see ``play_policies``). After each action:

* nothing negative: credits, goods, markers, permits, quarters; freighter classes 1-4;
* goods fit the freighters (the independent freighter's 3 extra for its holder, any mix);
* exchange prices and supplies on their scales; the tank track within 0..max; bonus resources 0 or 1;
* components conserved: tanks, each converter kind, compressors, each colour's markers, neutral markers,
  luxury quarters; building permits (stock + held + used for claims + sold) equal the initial figure;
* tanks only on players' zones; converters, compressors and sabotage only on tanks; advanced rules respected
  (immovable tanks never leave a zone, river restriction);
* scores equal the sum of their breakdown; exactly one player active until the end, none after; non-active players
  have no legal action; legal actions have no duplicates; events are JSON;
* the round advances one by one through the phases in order; the game ends after the figures' number of rounds.

Every few actions the state survives a JSON round trip and a clone (and the copy offers the same actions); at the
end the record (seed + actions) replays through ``Match`` to the identical final JSON.

Separately, from sampled states every legal action applies (and keeps the invariants), and actions built by mutating
legal ones (other zones, amounts, resources, kinds) are refused with ``IllegalAction`` and change nothing.

``pytest --soak`` plays many more seeds of each case.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from play_policies import (
    EVERY_KIND,
    GAME,
    option_sets,
    play,
    seat_policies,
    states_along,
    with_edition,
)

from brassboard import IllegalAction, Match, MatchRecord, new_game, state_from_json
from brassboard.engine import Action, GameState
from brassboard.games.planet_steam.figures import RESOURCES
from brassboard.games.planet_steam.rules import NEUTRAL, NO_CONVERTER, UNAVAILABLE, UNCLAIMED, PlanetSteamState

PLAYER_COUNTS = (2, 3, 4, 5)
EDITIONS = ("2013", "2008")
OPTION_SETS = option_sets()

GAMES_PER_CASE = 8
"""Seeds per (edition, option set, player count) in the default run: 2 x 22 x 4 cases -> 1408 games."""
SOAK_GAMES_PER_CASE = 150
"""Seeds per case with ``--soak``: 26 400 games."""
ROUND_TRIP_EVERY = 31
"""Actions between JSON round-trip / clone checks (and always at the end)."""
REPLAY_EVERY = 3
"""Every this many games of a case (the first included) also replays its record through ``Match``."""

PHASE_RANK = {"setup": 0, "expansion": 1, "tanks": 2, "production": 3, "exchange": 4, "end": 5, "over": 6}


def case_seed(*parts: object) -> int:
    """A stable seed for one test case (so each case plays its own games)."""
    return zlib.crc32(repr(parts).encode()) % 100_000


CASES = [
    pytest.param(edition, name, players, id=f"{edition}-{name}-{players}p")
    for edition in EDITIONS for name in OPTION_SETS for players in PLAYER_COUNTS
]


# ----- invariants -------------------------------------------------------------------------------------------------
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
        self.last_round, self.last_phase = s.round, s.phase

        # --- scores (at every phase change and the end: they are only read there)
        if scores:
            for score in s.scores():
                assert score.total == sum(score.breakdown.values())


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


def run_case(edition: str, name: str, players: int, games: int) -> None:
    options = with_edition(OPTION_SETS[name], edition)
    base = case_seed(edition, name, players)
    for index, seed in enumerate(range(base, base + games)):
        play_checked(players, options, seed, replay=index % REPLAY_EVERY == 0)


@pytest.mark.parametrize(("edition", "name", "players"), CASES)
def test_random_games_keep_the_invariants(edition: str, name: str, players: int) -> None:
    run_case(edition, name, players, GAMES_PER_CASE)


@pytest.mark.soak
@pytest.mark.parametrize(("edition", "name", "players"), CASES)
def test_soak_random_games_keep_the_invariants(edition: str, name: str, players: int) -> None:
    run_case(edition, name, players, SOAK_GAMES_PER_CASE)


# ----- every action kind turns up -----------------------------------------------------------------------------------
def test_the_mixed_players_reach_every_action_kind() -> None:
    """The random games are only worth their invariants if they exercise every rule: every kind gets played."""
    seen: set[str] = set()
    for edition in EDITIONS:
        for name in ("all_on", "cheap_components", "scarce_all_on"):
            options = with_edition(OPTION_SETS[name], edition)
            for players in PLAYER_COUNTS:
                for seed in range(3):
                    _, record = play(players, options, 1000 + seed)
                    seen.update(notation.split(" ")[0] for _, notation in record)
    missing = set(EVERY_KIND) - seen
    assert not missing, f"never played: {sorted(missing)}"
    assert seen <= set(EVERY_KIND), f"unknown kinds played: {sorted(seen - set(EVERY_KIND))}"


# ----- sampled states: all legal actions apply; mutated ones are refused ------------------------------------------
SAMPLE_EVERY = 19
"""Every this many decision states of a game is a sample."""

SAMPLE_CASES = [
    pytest.param(edition, name, players, id=f"{edition}-{name}-{players}p")
    for edition in EDITIONS for name in ("default", "all_on", "scarce_all_on", "cheap_all_on", "variable_claims_5")
    for players in PLAYER_COUNTS
]


def sampled_states(edition: str, name: str, players: int, games: int = 2) -> Iterator[GameState]:
    options = with_edition(OPTION_SETS[name], edition)
    base = case_seed("sample", edition, name, players)
    for seed in range(base, base + games):
        for index, state in enumerate(states_along(players, options, seed)):
            if index % SAMPLE_EVERY == 0 and not state.is_over():
                yield state


@pytest.mark.parametrize(("edition", "name", "players"), SAMPLE_CASES)
def test_every_legal_action_applies(edition: str, name: str, players: int) -> None:
    picker = random.Random(case_seed("legal", edition, name, players))
    for state in sampled_states(edition, name, players):
        (player,) = state.active_players()
        legal = state.legal_actions(player)
        chosen = legal if len(legal) <= 40 else [*legal[:10], *picker.sample(legal, 20), *legal[-10:]]
        before = state.to_json()
        for action in chosen:
            child = state.clone()
            checker = Invariants(child)
            events = child.apply(player, action)
            checker.check(child, events)
            # the same action as notation gives the same result
            again = state_from_json(before)
            assert again.apply(player, str(action)) == events
            assert again.to_json() == child.to_json()
        assert state.to_json() == before


ZONE_NAMES = [f"{c}{r}" for r in range(1, 8) for c in "ABCDEF"]
WORDS = ["permit", "credits", "roll", "choice", "upgrade", "take", "up", "down", "weak", "moderate", "strong",
         "quartz", "ore", "water", "energy", "gold", "Z9"]


def mutations(action: Action, picker: random.Random) -> Iterator[Action]:
    """Near misses of a legal action: other arguments, one argument fewer or more, another kind."""
    kind, args = action.kind, list(action.args)
    for i, arg in enumerate(args):
        if isinstance(arg, int):
            replacements: list[int | str] = [arg + 1, arg - 1, 0, -1, 10_000, str(arg) + "x"]
        elif arg in ZONE_NAMES:
            replacements = picker.sample(ZONE_NAMES, 6) + [arg.lower()]
        else:
            replacements = picker.sample(WORDS, 5) + [arg.upper(), 1]
        for new in replacements:
            yield Action(kind, *args[:i], new, *args[i + 1:])
    if args:
        yield Action(kind, *args[:-1])
    yield Action(kind, *args, "C4")
    yield Action(kind, *args, 1)
    for other in picker.sample(EVERY_KIND, 6):
        yield Action(other, *args)


@pytest.mark.parametrize(("edition", "name", "players"), SAMPLE_CASES)
def test_actions_not_legal_are_refused_and_change_nothing(edition: str, name: str, players: int) -> None:
    picker = random.Random(case_seed("illegal", edition, name, players))
    tried = 0
    for state in sampled_states(edition, name, players):
        (player,) = state.active_players()
        legal = state.legal_actions(player)
        legal_set = set(legal)
        before = state.to_json()
        candidates: list[Action] = []
        for action in picker.sample(legal, min(len(legal), 8)):
            candidates += [m for m in mutations(action, picker) if m not in legal_set]
        for candidate in picker.sample(candidates, min(len(candidates), 40)):
            with pytest.raises(IllegalAction) as caught:
                state.apply(player, candidate)
            assert caught.value.reason.strip(), f"empty reason for '{candidate}'"
            assert caught.value.action == candidate
            assert state.to_json() == before, f"'{candidate}' changed the state"
            tried += 1
        assert state.legal_actions(player) == legal  # a refused action leaves the cached actions intact
        # the notation text of the same candidates is refused alike
        for candidate in candidates[:5]:
            with pytest.raises(IllegalAction):
                state.apply(player, str(candidate))
        assert state.to_json() == before
    assert tried > 100


# ----- hidden credits -------------------------------------------------------------------------------------------------
def seats_in_view(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The per-player holdings in a view: the one list of dicts that carry credits."""
    found = [value for value in view.values()
             if isinstance(value, list) and value and all(isinstance(v, dict) and "credits" in v for v in value)]
    assert len(found) == 1, "a view holds one list of players' holdings"
    return found[0]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_views_hide_other_players_credits_only_with_hidden_credits(players: int) -> None:
    for hidden in (False, True):
        options = {"hidden_credits": hidden}
        seats = seat_policies(77, players)
        state = new_game(GAME, players, 77, options)
        steps = 0
        while not state.is_over():
            if steps % 37 == 0:
                for viewer in [None, *range(players)]:
                    view = state.view(viewer)
                    json.dumps(view)
                    assert "rng" not in view
                    for p, data in enumerate(seats_in_view(view)):
                        visible = not hidden or p == viewer
                        assert data["credits"] == (state.players[p].credits if visible else None)  # type: ignore[attr-defined]
            (player,) = state.active_players()
            state.apply(player, seats[player].choose(state, player))
            steps += 1
