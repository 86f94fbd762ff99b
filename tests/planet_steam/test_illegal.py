"""Illegal input to Planet Steam: every action kind where it is illegal, wrong players, bad notation, late actions.

Each refusal must raise ``brassboard.IllegalAction`` with a non-empty, human-readable reason (naming the rule where
the rules let us say which), carry the action and the player, and leave ``to_json()`` exactly as it was.

States come from seeded mixed-policy games (``play_policies``): the first state of a wanted kind is taken, so the
tests need no hand-built positions and keep working when figures change.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from play_policies import ALL_ON, CHEAP_FIGURES, EVERY_KIND, GAME, play, states_along

from brassboard import IllegalAction, Match, MatchRecord, new_game
from brassboard.engine import Action, GameState
from brassboard.games.planet_steam.figures import ENERGY, RESOURCES
from brassboard.games.planet_steam.rules import NEUTRAL, PlanetSteamState

SAMPLE: dict[str, str] = {
    "upgrade": "upgrade quartz", "neutral": "neutral C3", "bid": "bid 5", "pass": "pass", "take": "take 1",
    "engineer": "engineer permit", "banker": "banker take ore", "bonus": "bonus water", "order": "order 1 water",
    "manipulate": "manipulate weak", "shift": "shift ore up", "done": "done", "sabotage": "sabotage 1",
    "topple": "topple C4", "place": "place C4", "auction": "auction C4", "claim": "claim C4 roll",
    "divert": "divert C4", "airship": "airship 3", "keep": "keep", "release": "release", "activate": "activate",
    "decline": "decline", "relief": "relief", "buy-tank": "buy-tank C4", "import": "import C4",
    "buy-converter": "buy-converter C4 ore", "buy-compressor": "buy-compressor C4", "move": "move C4 C5",
    "move-converter": "move-converter C4 C5", "remove-converter": "remove-converter C4",
    "move-compressor": "move-compressor C4 C5", "produce": "produce",
    "buy": "buy ore 1", "sell": "sell ore 1", "buy-permit": "buy-permit", "sell-permit": "sell-permit",
    "buy-quarters": "buy-quarters",
}
"""One well-formed example of every action kind."""

CONFIGS: tuple[tuple[int, dict[str, Any]], ...] = (
    (3, {}),
    (4, {**ALL_ON, "river_neutrals": 3}),
    (3, {**ALL_ON, "figures": CHEAP_FIGURES}),
    (2, {**ALL_ON, "edition": "2008", "figures": CHEAP_FIGURES}),
    (5, {"edition": "2008", "figures": CHEAP_FIGURES}),
    (4, {"sabotage": True, "figures": CHEAP_FIGURES}),
)
"""Where states are searched for: plain games first, then games with every option and cheap components."""


def step_kind(state: GameState) -> str:
    assert isinstance(state, PlanetSteamState)
    return str(state.agenda[0]["k"])


def me(state: GameState) -> int:
    (player,) = state.active_players()
    return player


def decision_states(seeds: int = 12) -> Iterator[GameState]:
    for players, options in CONFIGS:
        for seed in range(seeds):
            for state in states_along(players, options, 4242 + seed):
                if not state.is_over():
                    yield state


def find(predicate: Callable[[PlanetSteamState], bool], what: str) -> PlanetSteamState:
    for state in decision_states():
        assert isinstance(state, PlanetSteamState)
        if predicate(state):
            return state
    raise AssertionError(f"no state found: {what}")


@cache
def at_step(kind: str) -> PlanetSteamState:
    """The first decision state of the given step kind (a build step with at least two tanks)."""
    def wanted(state: PlanetSteamState) -> bool:
        return step_kind(state) == kind and (kind != "build" or len(state.tanks_of(me(state))) >= 2)
    return find(wanted, f"a '{kind}' step")


@cache
def where_legal(kind: str) -> PlanetSteamState:
    """The first decision state in which an action of ``kind`` is legal."""
    return find(lambda s: any(a.kind == kind for a in s.legal_actions(me(s))), f"'{kind}' legal")


def refuse(state: GameState, player: int, action: Action | str | tuple[Any, ...]) -> IllegalAction:
    """Apply ``action``; it must be refused with a reason and change nothing. Returns the exception."""
    before = state.to_json()
    legal = list(state.legal_actions(player))
    active = state.active_players()
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, action)
    error = caught.value
    assert error.reason.strip(), f"no reason given for {action!r}"
    assert error.player == player
    assert str(error)  # printable
    assert state.to_json() == before, f"{action!r} was refused but changed the state"
    assert state.active_players() == active
    assert state.legal_actions(player) == legal
    return error


# ----- every kind where it does not belong ------------------------------------------------------------------------
STEP_KINDS: dict[str, frozenset[str]] = {
    "setup_upgrade": frozenset({"upgrade"}),
    "bid": frozenset({"bid", "pass"}),
    "pick": frozenset({"take"}),
    "claim": frozenset({"claim", "pass"}),
    "activate": frozenset({"activate", "decline", "relief"}),
    "build": frozenset({"buy-tank", "import", "buy-converter", "buy-compressor", "upgrade", "move", "move-converter",
                        "remove-converter", "move-compressor", "done"}),
    "produce": frozenset({"produce"}),
    "trade": frozenset({"buy", "sell", "pass"}),
    "certificate": frozenset({"buy-permit", "sell-permit", "buy-quarters", "pass"}),
}
"""The action kinds each of these steps can ever take (by the rules; not all of them are legal at every moment)."""
ANCHOR_STEPS = tuple(STEP_KINDS)


def test_the_samples_cover_every_kind_the_rules_offer() -> None:
    assert set(SAMPLE) == set(EVERY_KIND)
    offered: set[str] = set()
    for state in decision_states(seeds=2):
        offered.update(a.kind for a in state.legal_actions(me(state)))
    assert offered <= set(EVERY_KIND), f"kinds without a sample: {sorted(offered - set(EVERY_KIND))}"


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_is_refused_where_the_step_does_not_offer_it(kind: str) -> None:
    tried = 0
    for step in ANCHOR_STEPS:
        state = at_step(step).clone()
        player = me(state)
        if any(a.kind == kind for a in state.legal_actions(player)):
            continue
        error = refuse(state, player, SAMPLE[kind])
        assert error.action == Action.parse(SAMPLE[kind])
        if kind not in STEP_KINDS[step]:  # a kind foreign to the step: the reason names it
            assert f"'{kind}'" in error.reason, f"the reason should name the refused kind: {error.reason}"
        tried += 1
    assert tried >= 5


ZONES = [f"{c}{r}" for r in range(1, 8) for c in "ABCDEF"]


def wrong_arguments(action: Action, rng: random.Random) -> Iterator[Action]:
    """Actions of the same kind with arguments the rules cannot accept here (filtered against the legal ones)."""
    args = list(action.args)
    yield Action(action.kind, *args, "C4")                 # one argument too many
    if args:
        yield Action(action.kind, *args[:-1])              # one too few
    for i, arg in enumerate(args):
        if isinstance(arg, int):
            news: list[int | str] = [-1, 0, 999, "x"]
        elif arg in ZONES:
            news = [*rng.sample(ZONES, 8), "Z9", "c4"]
        else:
            news = ["gold", *RESOURCES, "up", "down", "permit", "strong", 3]
        for new in news:
            yield Action(action.kind, *args[:i], new, *args[i + 1:])


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_is_refused_with_arguments_the_rules_do_not_allow(kind: str) -> None:
    state = where_legal(kind).clone()
    player = me(state)
    legal = set(state.legal_actions(player))
    rng = random.Random(kind)
    examples = [a for a in state.legal_actions(player) if a.kind == kind]
    wrong = {w for a in examples[:6] for w in wrong_arguments(a, rng) if w not in legal}
    assert wrong
    for action in sorted(wrong, key=str)[:25]:
        error = refuse(state, player, action)
        assert error.action == action


# ----- the rule is named --------------------------------------------------------------------------------------------
def bid_state() -> PlanetSteamState:
    return find(lambda s: step_kind(s) == "bid" and s.agenda[0]["high"] > 0, "a bid step with a bid").clone()


def test_a_bid_must_beat_the_highest_bid() -> None:
    state = bid_state()
    high = state.agenda[0]["high"]
    for amount in (high, high - 1, 0, -3):
        error = refuse(state, me(state), f"bid {amount}")
        assert f"must beat the highest bid so far ({high})" in error.reason


def test_a_bid_is_at_most_what_the_player_can_pay() -> None:
    state = bid_state()
    player = me(state)
    top = state.max_bid(player, state.agenda[0])
    error = refuse(state, player, f"bid {top + 1}")
    assert f"cannot bid more than you can pay ({top})" in error.reason


@pytest.mark.parametrize("notation", ["bid", "bid five", "bid 5.5", "bid 05", "bid +5", "bid {ok} 6", "bid {ok} C4"])
def test_a_bid_needs_one_whole_number(notation: str) -> None:
    state = bid_state()
    ok = state.agenda[0]["high"] + 1  # a legal amount on its own: the extra argument is what is wrong
    assert Action("bid", ok) in state.legal_actions(me(state))
    error = refuse(state, me(state), notation.format(ok=ok))
    assert "whole number" in error.reason


def trade_state() -> PlanetSteamState:
    def both(s: PlanetSteamState) -> bool:
        kinds = {a.kind for a in s.legal_actions(me(s))} if step_kind(s) == "trade" else set()
        return {"buy", "sell"} <= kinds
    return find(both, "a trade step where the player can buy and sell").clone()


def test_the_exchange_names_the_limits_of_buying_and_selling() -> None:
    state = trade_state()
    player = me(state)
    r = state.agenda[0]["r"]
    name = RESOURCES[r]
    most = min(state.supply[r], state.players[player].credits // state.price[r])
    assert "buy at most" in refuse(state, player, f"buy {name} {most + 1}").reason
    held = state.players[player].goods[r]
    assert f"you hold {held} {name}" in refuse(state, player, f"sell {name} {held + 1}").reason


@pytest.mark.parametrize("kind", ["buy", "sell"])
def test_trading_another_resource_names_the_resource_on_offer(kind: str) -> None:
    """Only the resource whose turn it is can be traded: the reason names both the asked and the offered resource
    (not, say, 'you hold 3 ore' to someone who asked to sell quartz)."""
    state = trade_state()
    player = me(state)
    offered = RESOURCES[state.agenda[0]["r"]]
    for asked in [name for name in RESOURCES if name != offered]:
        error = refuse(state, player, f"{kind} {asked} 1")
        assert offered in error.reason and asked in error.reason, \
            f"'{kind} {asked} 1' while {offered} is traded: {error.reason}"


def test_production_needs_the_energy() -> None:
    def short(s: PlanetSteamState) -> bool:
        return step_kind(s) == "produce" and Action("produce") not in s.legal_actions(me(s))
    state = find(short, "a production without enough energy").clone()
    player = me(state)
    need = state.production(player, state.producing(player))["energy"]
    error = refuse(state, player, "produce")
    assert f"need {need} energy" in error.reason
    assert f"you hold {state.players[player].goods[ENERGY]}" in error.reason


def test_claims_name_the_zone_that_is_not_free() -> None:
    state = at_step("claim").clone()
    player = me(state)
    taken = next(z for z, o in enumerate(state.owner) if o >= 0)
    name = state.fig.zone_names[taken]
    for how in ("roll", "choice", "permit"):
        assert f"zone {name} is not free to claim" in refuse(state, player, f"claim {name} {how}").reason
    neutral = [z for z, o in enumerate(state.owner) if o == NEUTRAL]
    if neutral:
        name = state.fig.zone_names[neutral[0]]
        assert "only a permit replaces a neutral marker" in refuse(state, player, f"claim {name} roll").reason


def test_tanks_only_on_own_empty_zones() -> None:
    def can_build(s: PlanetSteamState) -> bool:
        kinds = {a.kind for a in s.legal_actions(me(s))} if step_kind(s) == "build" else set()
        return {"buy-tank", "import", "move"} <= kinds
    state = find(can_build, "a tank phase where the player can buy, import and move tanks").clone()
    player = me(state)
    foreign = next(z for z, o in enumerate(state.owner) if o >= 0 and o != player)
    name = state.fig.zone_names[foreign]
    own_empty = next(z for z in state.zones_of(player) if not state.tank[z])
    for notation in (f"buy-tank {name}", f"import {name}", f"move {name} {state.fig.zone_names[own_empty]}"):
        assert f"zone {name} is not yours" in refuse(state, player, notation).reason
    tank = state.fig.zone_names[state.tanks_of(player)[0]]
    for kind in ("buy-tank", "import"):
        assert "already has a tank" in refuse(state, player, f"{kind} {tank}").reason


def test_a_sabotaged_tank_can_neither_be_used_nor_changed() -> None:
    def sabotaged(s: PlanetSteamState) -> bool:
        if step_kind(s) != "build" or s.sabotaged_zone < 0 or s.owner[s.sabotaged_zone] != me(s):
            return False
        return any(a.kind == "buy-converter" for a in s.legal_actions(me(s)))
    state = find(sabotaged, "the owner of a sabotaged tank who can buy converters for others").clone()
    player = me(state)
    name = state.fig.zone_names[state.sabotaged_zone]
    error = refuse(state, player, f"buy-converter {name} energy")
    assert f"the tank on {name} is sabotaged" in error.reason


# ----- wrong player, malformed notation, a finished game -------------------------------------------------------------
@pytest.mark.parametrize("step", ["setup_upgrade", "bid", "claim", "build", "trade", "certificate"])
def test_only_the_active_player_may_act(step: str) -> None:
    state = at_step(step).clone()
    player = me(state)
    action = state.legal_actions(player)[0]
    for other in [p for p in range(state.num_players) if p != player] + [state.num_players, -1, 99]:
        error = refuse(state, other, action)
        assert f"player {other} may not act now" in error.reason
        assert str(player) in error.reason  # says whom the game waits for


@pytest.mark.parametrize(
    ("notation", "says"),
    [
        ("", "cannot read the action"),
        ("   ", "cannot read the action"),
        ("fly C4", "'fly'"),
        ("bid 5", "'bid'"),
        ("upgrade", "upgrade quartz"),           # these name the allowed set-up upgrades ...
        ("UPGRADE", "upgrade quartz"),
        ("upgrade gold", "upgrade quartz"),
        ("upgrade quartz ore", "upgrade quartz"),
        ("upgrade 1", "upgrade quartz"),
    ],
)
def test_malformed_notation_is_refused_with_a_reason(notation: str, says: str) -> None:
    state = new_game(GAME, 3, 1)
    error = refuse(state, me(state), notation)
    assert says in error.reason
    assert "afford" not in error.reason  # ... and never blame money: the set-up upgrade is free


@pytest.mark.parametrize("value", [None, 5, 3.5, ("",), (), [], ("upgrade", None)])
def test_values_that_are_no_action_at_all_are_refused(value: Any) -> None:
    state = new_game(GAME, 3, 1)
    refuse(state, me(state), value)


@pytest.mark.parametrize(
    ("path", "odd"),
    [
        (["upgrade ore", "upgrade water"], ("bid", True)),
        (["upgrade ore", "upgrade water"], ("bid", 1.0)),
        (["upgrade ore", "upgrade water", "bid 100"], ("take", True)),
        (["upgrade ore", "upgrade water", "bid 100"], ("take", 2.0)),
        (["upgrade ore"], ("upgrade", "water", 1.0)),
    ],
)
def test_lookalike_arguments_are_refused_or_recorded_so_that_they_replay(path: list[str], odd: tuple[Any, ...]) -> None:
    """``True == 1`` and ``1.0 == 1`` in Python: an action built from such values must not slip into the record as
    ``bid True`` / ``bid 1.0``, which no replay can read. Refusing it is fine; recording it canonically is fine."""
    match = Match(GAME, 2, 1)
    for notation in path:
        match.apply(me(match.state), notation)
    player = me(match.state)
    try:
        match.apply(player, odd)
    except IllegalAction as error:
        assert error.reason.strip()
        return
    replayed = Match.replay(MatchRecord.from_json(match.record.to_json()))
    assert replayed.state.to_json() == match.state.to_json()


def test_a_finished_game_refuses_everything() -> None:
    state, _ = play(2, {}, 5)
    assert state.is_over()
    before = state.to_json()
    for player in range(state.num_players):
        assert state.legal_actions(player) == []
        for notation in ("pass", "done", "bid 1", "upgrade water", "claim C4 roll", "fly"):
            error = refuse(state, player, notation)
            assert "the game is over" in error.reason
    assert state.to_json() == before
    assert json.loads(before)["state"]["game_over"] is True
