"""Seeded players and option sets shared by the Planet Steam property, illegal-input and golden tests.

Not a test module: ``test_properties.py``, ``test_illegal.py``, ``test_perft.py`` and ``make_golden.py`` import it.

Two random players, both with their own ``random.Random`` (never the state's generator, which belongs to the rules):

* *uniform*: every legal action equally likely. Bids are then mostly large, so credits drain fast and many games
  are played poor.
* *kind-uniform*: first an action kind uniformly (``bid``, ``pass``, ``buy-tank``, ``move``, ``done`` ...), then an
  action of that kind; bids, purchases and sales are sometimes capped to the few smallest amounts. This is what
  makes rare kinds (imports, compressors, converter moves, permits, quarters) turn up in every game.

:class:`MixedPolicy` blends the two per decision, so one seat can play both ways in one game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from brassboard.engine import Action, GameState, new_game

GAME = "planet_steam"

AMOUNT_KINDS = frozenset({"bid", "buy", "sell"})
"""Action kinds whose actions differ only by an amount, listed smallest first by the rules."""

EVERY_KIND: tuple[str, ...] = (
    "upgrade", "neutral", "bid", "pass", "take", "engineer", "banker", "bonus", "order", "manipulate", "shift",
    "done", "sabotage", "topple", "place", "auction", "claim", "divert", "airship", "keep", "release", "activate",
    "decline", "relief", "buy-tank", "import", "buy-converter", "buy-compressor", "move", "move-converter",
    "remove-converter", "move-compressor", "produce", "buy", "sell", "buy-permit", "sell-permit",
    "buy-quarters",
)
"""Every action kind of Planet Steam (the notation's first word)."""


class Chooser(Protocol):
    def choose(self, state: GameState, player: int) -> Action: ...


class UniformPolicy:
    """Every legal action equally likely."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


class KindUniformPolicy:
    """An action kind uniformly, then an action of that kind; amounts capped to the smallest few sometimes."""

    def __init__(self, seed: int, small_amounts: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.small_amounts = small_amounts

    def choose(self, state: GameState, player: int) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for action in state.legal_actions(player):
            by_kind.setdefault(action.kind, []).append(action)
        kind = self.rng.choice(sorted(by_kind))
        group = by_kind[kind]
        if kind in AMOUNT_KINDS and self.rng.random() < self.small_amounts:
            group = sorted(group, key=lambda a: a.args[-1] if a.args and isinstance(a.args[-1], int) else 0)[:3]
        return self.rng.choice(group)


class MixedPolicy:
    """Per decision: uniform with probability ``uniform_share``, else kind-uniform."""

    def __init__(self, seed: int, uniform_share: float = 0.3) -> None:
        self.rng = random.Random(seed ^ 0x5EED)
        self.uniform = UniformPolicy(seed)
        self.kinds = KindUniformPolicy(seed + 7919)
        self.uniform_share = uniform_share

    def choose(self, state: GameState, player: int) -> Action:
        if self.rng.random() < self.uniform_share:
            return self.uniform.choose(state, player)
        return self.kinds.choose(state, player)


def seat_policies(seed: int, players: int) -> list[Chooser]:
    """The mixed players of a test game: each seat blends the two policies in its own (seeded) proportion."""
    shares = (0.0, 0.25, 1.0, 0.5, 0.1)
    return [MixedPolicy(seed * 31 + seat, shares[(seed + seat) % len(shares)]) for seat in range(players)]


MAX_ACTIONS = 20_000
"""No Planet Steam game comes near this; a rules bug that loops forever fails instead of hanging the run."""


def play(players: int, options: Mapping[str, Any], seed: int, seats: list[Chooser] | None = None,
         each: Callable[[GameState, int, Action, list[dict[str, Any]]], None] | None = None,
         ) -> tuple[GameState, list[tuple[int, str]]]:
    """Play one game to its end; ``each(state, player, action, events)`` runs after every action.

    Returns the final state and the record of (player, notation).
    """
    state = new_game(GAME, players, seed, options)
    seats = seats if seats is not None else seat_policies(seed, players)
    record: list[tuple[int, str]] = []
    while not state.is_over():
        if len(record) >= MAX_ACTIONS:
            raise AssertionError(f"game {players}p seed {seed} {dict(options)} did not end in {MAX_ACTIONS} actions")
        (player,) = state.active_players()
        action = seats[player].choose(state, player)
        events = state.apply(player, action)
        record.append((player, str(action)))
        if each is not None:
            each(state, player, action, events)
    return state, record


def states_along(players: int, options: Mapping[str, Any], seed: int) -> Iterator[GameState]:
    """Every decision state of one mixed-policy game (each a clone), the final one included."""
    state = new_game(GAME, players, seed, options)
    seats = seat_policies(seed, players)
    steps = 0
    while True:
        yield state.clone()
        if state.is_over() or steps >= MAX_ACTIONS:
            return
        (player,) = state.active_players()
        state.apply(player, seats[player].choose(state, player))
        steps += 1


# ----- option sets ------------------------------------------------------------------------------------------------
BOOLEAN_OPTIONS: tuple[str, ...] = (
    "hidden_credits", "immovable_tanks", "river_restriction", "variable_trading_order", "variable_claims",
    "reduced_start", "claim_by_choice", "price_manipulation", "sabotage", "independent_freighter",
)
ALL_ON: dict[str, Any] = dict.fromkeys(BOOLEAN_OPTIONS, True)
OPTIONAL_CARDS: dict[str, Any] = {"price_manipulation": True, "sabotage": True, "independent_freighter": True}
ADVANCED: dict[str, Any] = {"immovable_tanks": True, "river_restriction": True, "variable_trading_order": True,
                            "variable_claims": True, "reduced_start": True}

SCARCE_FIGURES: dict[str, Any] = {
    "components": {"tanks": 9, "converters": 2, "compressors": 2, "neutral_markers": 6, "markers_per_colour": 5},
    "components_2008": {"tanks": 9, "converters": 2, "compressors": 2, "neutral_markers": 6,
                        "markers_per_colour": 5},
}
"""A box short of every component, so the rules meet empty stocks (no tank, converter, marker left)."""

CHEAP_FIGURES: dict[str, Any] = {
    "costs": {"compressor": {"water": 1, "ore": 0, "quartz": 0}, "import_tank": {"water": 1, "quartz": 0, "credits": 1},
              "converter": {"quartz": 1, "ore": 1, "energy": 1}, "freighter_upgrade": {"ore": 0, "energy": 1}},
}
"""Cheap tanks, converters and compressors: the board fills up, so moves and swaps of parts get played a lot."""


def option_sets() -> dict[str, dict[str, Any]]:
    """Named option combinations (without the edition): defaults, each option alone, and a few together."""
    sets: dict[str, dict[str, Any]] = {"default": {}}
    for name in BOOLEAN_OPTIONS:
        sets[name] = {name: True}
    sets["variable_claims_0"] = {"variable_claims": True, "river_neutrals": 0}
    sets["variable_claims_5"] = {"variable_claims": True, "river_neutrals": 5}
    sets["optional_cards"] = dict(OPTIONAL_CARDS)
    sets["advanced"] = dict(ADVANCED)
    sets["all_on"] = dict(ALL_ON)
    sets["all_on_choice_3"] = {**ALL_ON, "river_neutrals": 3}
    sets["scarce_components"] = {"figures": SCARCE_FIGURES}
    sets["scarce_all_on"] = {**ALL_ON, "figures": SCARCE_FIGURES}
    sets["cheap_components"] = {"figures": CHEAP_FIGURES}
    sets["cheap_all_on"] = {**ALL_ON, "figures": CHEAP_FIGURES}
    return sets


def with_edition(options: Mapping[str, Any], edition: str) -> dict[str, Any]:
    return {**options, "edition": edition}
