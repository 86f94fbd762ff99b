"""Scenario-building helpers for the Planet Steam rule and worked-example tests.

Not a test module: the ``test_rules_*.py`` files (one per phase) and ``test_worked_examples.py`` import it.

A scenario is built in two ways, as the tests need:

* drive the real actions from the start of a game (``new_state`` with a chosen start player, ``act``), or
* edit a state's fields directly (zones, tanks, goods, prices, the agenda) and then ``at`` a step of the round.
  Every edit is followed by ``refresh`` (done by the helpers here), because the state caches its legal actions.

Zones are named as on the board, column letter and row number ("C4"). Seats are the rules' players clockwise:
the player to the "left" of seat ``p`` is seat ``p + 1``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from brassboard.engine import Action, Event, new_game
from brassboard.games.planet_steam.figures import RES_INDEX, RESOURCES
from brassboard.games.planet_steam.rules import NEUTRAL, NO_CONVERTER, UNAVAILABLE, UNCLAIMED, PlanetSteamState

Step = dict[str, Any]

__all__ = [
    "EASY",
    "NEUTRAL",
    "NO_CONVERTER",
    "PLAYER_COUNTS",
    "RESOURCES",
    "UNAVAILABLE",
    "UNCLAIMED",
    "Step",
    "act",
    "at",
    "auction_start",
    "clear_map",
    "events_of",
    "finish_setup",
    "give",
    "hold_cards",
    "legal",
    "neutral",
    "new_state",
    "own",
    "play_until",
    "put_tank",
    "refresh",
    "rig_dice",
    "scene",
    "set_exchange",
    "snapshot",
    "zone",
]


def refresh(state: PlanetSteamState) -> None:
    """Forget the cached legal actions: required after any direct edit of a state's fields."""
    state._legal_cache = None


def new_state(players: int = 4, *, start: int | None = None, seed: int = 0, **options: Any) -> PlanetSteamState:
    """A fresh game; with ``start`` the first seed (from ``seed`` on) whose start-player roll makes ``start`` win."""
    for s in range(seed, seed + 1000):
        state = new_game("planet_steam", players, seed=s, options=options)
        assert isinstance(state, PlanetSteamState)
        if start is None or state.start_player == start:
            return state
    raise AssertionError(f"no seed makes seat {start} the start player")


def act(state: PlanetSteamState, player: int, *notations: str) -> list[Event]:
    """Apply ``notations`` in turn, each by ``player``, who must be the one to act; returns all events."""
    events: list[Event] = []
    for notation in notations:
        assert state.active_players() == [player], (
            f"{notation!r}: expected player {player} to act, but {state.active_players()} is "
            f"(step {state.agenda[0] if state.agenda else None})")
        events += state.apply(player, notation)
    return events


def legal(state: PlanetSteamState, player: int | None = None) -> list[str]:
    """The legal actions of ``player`` (default: whoever acts now) in notation."""
    if player is None:
        (player,) = state.active_players()
    return [str(a) for a in state.legal_actions(player)]


def accepted(state: PlanetSteamState, player: int, action: Action) -> bool:
    """Would the rules take ``action`` now? Listed, or a production idle set not listed because another set with
    the same result is (the list holds one per result; apply takes any valid one)."""
    if action in state.legal_actions(player):
        return True
    return state.agenda[0]["k"] == "produce" and action[0] == "produce" and not state.production_refusal(player, action)


def events_of(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def finish_setup(state: PlanetSteamState, upgrades: Mapping[int, str] | None = None) -> None:
    """Play the set-up freighter upgrades (water unless ``upgrades`` says otherwise) and any river neutrals."""
    while state.agenda and state.agenda[0]["k"] in ("setup_upgrade", "river_neutral"):
        step = state.agenda[0]
        p = step["p"]
        if step["k"] == "setup_upgrade":
            act(state, p, f"upgrade {(upgrades or {}).get(p, 'water')}")
        else:
            act(state, p, legal(state, p)[0])


def zone(state: PlanetSteamState, name: str) -> int:
    return state.fig.zone(name)


def clear_map(state: PlanetSteamState) -> None:
    """Every available zone unclaimed and empty; every marker back with its owner or in the neutral stock."""
    for z, owner in enumerate(state.owner):
        if owner == UNAVAILABLE:
            continue
        if owner >= 0:
            state.players[owner].markers += 1
        elif owner == NEUTRAL:
            state.stock["neutral_markers"] += 1
        state.owner[z] = UNCLAIMED
        if state.tank[z]:
            state.stock["tanks"] += 1
        if state.converter[z] != NO_CONVERTER:
            state.stock[RESOURCES[state.converter[z]] + "_converters"] += 1
        if state.compressor[z]:
            state.stock["compressors"] += 1
        state.tank[z], state.converter[z], state.compressor[z], state.toppled[z] = False, NO_CONVERTER, False, False
    refresh(state)


def own(state: PlanetSteamState, player: int, *zones: str) -> None:
    """Put ``player``'s claim markers on ``zones`` (unclaimed ones)."""
    for name in zones:
        z = zone(state, name)
        assert state.owner[z] == UNCLAIMED, f"{name} is not unclaimed"
        state.owner[z] = player
        state.players[player].markers -= 1
    refresh(state)


def neutral(state: PlanetSteamState, *zones: str) -> None:
    for name in zones:
        z = zone(state, name)
        assert state.owner[z] == UNCLAIMED, f"{name} is not unclaimed"
        state.owner[z] = NEUTRAL
        state.stock["neutral_markers"] -= 1
    refresh(state)


def put_tank(state: PlanetSteamState, player: int, *zones: str, converter: str | None = None,
             compressor: bool = False) -> None:
    """Claim ``zones`` for ``player`` (where still unclaimed) and put a tank on each, taken from the stock."""
    for name in zones:
        z = zone(state, name)
        if state.owner[z] != player:
            own(state, player, name)
        assert not state.tank[z]
        state.tank[z] = True
        state.stock["tanks"] -= 1
        if converter is not None:
            state.converter[z] = RES_INDEX[converter]
            state.stock[converter + "_converters"] -= 1
        if compressor:
            state.compressor[z] = True
            state.stock["compressors"] -= 1
    refresh(state)


def give(state: PlanetSteamState, player: int, *, credits: int | None = None,
         freighter: Mapping[str, int] | None = None, permits: int | None = None, **goods: int) -> None:
    """Set a player's credits, goods (by resource name), freighter classes and permits."""
    pl = state.players[player]
    if credits is not None:
        pl.credits = credits
    for name, amount in goods.items():
        pl.goods[RES_INDEX[name]] = amount
    for name, cls in (freighter or {}).items():
        pl.freighter[RES_INDEX[name]] = cls
    if permits is not None:
        pl.permits = permits
    refresh(state)


def set_exchange(state: PlanetSteamState, resource: str, *, price: int | None = None,
                 supply: int | None = None) -> None:
    r = RES_INDEX[resource]
    if price is not None:
        state.price[r] = price
    if supply is not None:
        state.supply[r] = supply
    refresh(state)


def hold_cards(state: PlanetSteamState, cards: Mapping[int, int]) -> None:
    """Give each player the specialist card with that order number; set the round's player order from them."""
    numbers = [c[0] for c in state.fig.cards]
    state.cards = [-1] * state.num_players
    for p, number in cards.items():
        state.cards[p] = numbers.index(number)
    state.order = sorted(cards, key=lambda q: cards[q])
    refresh(state)


def at(state: PlanetSteamState, *steps: Step) -> None:
    """Replace the agenda with ``steps`` and run the automatic ones until a decision is due."""
    state.agenda = [dict(s) for s in steps]
    refresh(state)
    state._advance()


def rig_dice(state: PlanetSteamState, *values: int) -> list[int]:
    """Make the state's next die rolls come out as ``values`` (logged as usual); returns the queue left."""
    queue = list(values)

    def roll(player: int | None, sides: int = 6, why: str = "") -> int:
        assert queue, f"an unexpected die roll ({why})"
        value = queue.pop(0)
        state.emit("roll", player=player, sides=sides, value=value, why=why, chance=True)
        return value

    state.roll = roll  # type: ignore[method-assign]
    return queue


EASY = ("pass", "done", "decline", "produce", "release")
"""Choices that end a turn or a compound decision without spending anything (``play_until`` prefers them)."""


def play_until(state: PlanetSteamState, step_kind: str | None = None, *, round_: int | None = None,
               limit: int = 3000) -> None:
    """Play cheap choices until a ``step_kind`` decision is due (in round ``round_`` if given; ``None``: to the end).

    The choices: a turn-ending action where one is legal (pass, done, decline, produce, release), else the first
    legal action (a forced 1-credit bid, the lowest card, the first zone ...).
    """
    for _ in range(limit):
        if state.is_over():
            return
        if step_kind is not None and state.agenda[0]["k"] == step_kind and round_ in (None, state.round):
            return
        (p,) = state.active_players()
        options = legal(state, p)
        choice = next((a for a in options if a in EASY), options[0])
        state.apply(p, choice)
    raise AssertionError(f"step {step_kind!r} never came")


PLAYER_COUNTS = [2, 3, 4, 5]


def auction_start(players: int = 4, start: int = 0, **options: Any) -> PlanetSteamState:
    """A new game past the set-up upgrades: the start player is to open the first specialist bidding round."""
    state = new_state(players, start=start, **options)
    finish_setup(state)
    return state


def scene(players: int = 4, cards: dict[int, int] | None = None, **options: Any) -> PlanetSteamState:
    """An empty map (start claims removed), every player holding a specialist card (seat p: card p + 1)."""
    state = auction_start(players, **options)
    clear_map(state)
    hold_cards(state, cards or {p: p + 1 for p in range(players)})
    state.bonus = [0, 0, 0, 0]
    return state


def snapshot(state: PlanetSteamState) -> str:
    """The whole state as canonical JSON: equal strings mean nothing changed."""
    return json.dumps(state.to_dict(), sort_keys=True)


# Table 1: exchange supply quartz/ore/water/energy, building permits, luxury quarters
TABLE_1 = {2: ([4, 7, 6, 10], 6, 4), 3: ([5, 8, 7, 12], 6, 5), 4: ([6, 9, 8, 14], 7, 6), 5: ([7, 10, 10, 16], 7, 7)}
# Table 2: credits, then quartz/ore/water/energy per player
TABLE_2 = {2: (100, [0, 1, 3, 3]), 3: (110, [0, 2, 4, 2]), 4: (120, [1, 2, 3, 3]), 5: (130, [1, 2, 3, 4])}
# Table 3 (advanced rule "Reduzierte Start-Rohstoffe")
TABLE_3 = {2: (80, [0, 0, 2, 3]), 3: (90, [0, 1, 3, 2]), 4: (100, [0, 1, 3, 3]), 5: (110, [0, 1, 3, 3])}


def claim_turn(players: int = 4, p: int = 0, **options: Any) -> PlanetSteamState:
    state = scene(players, **options)
    at(state, {"k": "claim", "p": p}, {"k": "claim", "p": (p + 1) % players})
    return state


def build_turn(p: int = 0, **options: Any) -> PlanetSteamState:
    state = scene(4, **options)
    at(state, {"k": "build", "p": p}, {"k": "activate", "p": (p + 1) % 4})
    return state


def produce_turn(p: int = 0, **options: Any) -> PlanetSteamState:
    state = scene(4, **options)
    give(state, p, quartz=0, ore=0, water=0, energy=0, freighter={"quartz": 4, "ore": 4, "water": 4, "energy": 4})
    return state


def win_cheaply(state: PlanetSteamState, card: int) -> int:
    """The opener bids 1, everyone else passes; the opener takes ``card``. Returns the winner."""
    (opener,) = state.active_players()
    act(state, opener, "bid 1")
    for q in state.agenda[0]["bidders"]:
        if q != opener:
            act(state, q, "pass")
    act(state, opener, f"take {card}")
    while state.agenda[0]["p"] == opener and state.agenda[0]["k"] in ("engineer", "banker", "bonus"):
        act(state, opener, legal(state, opener)[0])
    return opener
