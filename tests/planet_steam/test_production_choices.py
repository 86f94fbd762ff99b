"""Production's legal list: one idle set per distinct result, and any other valid idle set still accepted.

The rules (2013 "Produktion", 2008 "Production of resources") let a player choose which tanks produce; all such a
choice changes is the player's goods: energy paid, then the output of each resource put on the freighters, the
excess lost. Idle sets that leave the same state are one choice, so the list shows one representative each. These
tests compare the list with a brute force that applies every subset of the standing tanks to a copy of the state.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from helpers import act, at, events_of, give, legal, produce_turn, put_tank, refresh, snapshot, zone

from brassboard.engine import Action, IllegalAction
from brassboard.games.planet_steam.core import UNAVAILABLE, UNCLAIMED
from brassboard.games.planet_steam.figures import ENERGY, ORE, RESOURCES, WATER
from brassboard.games.planet_steam.rules import PlanetSteamState


def start_production(state: PlanetSteamState, p: int = 0) -> None:
    at(state, {"k": "produce", "p": p})


def notation(state: PlanetSteamState, idle: tuple[int, ...]) -> str:
    return str(state.production_action(state.fig.zone_names[z] for z in idle))


def after(state: PlanetSteamState, p: int, idle: tuple[int, ...]) -> str | None:
    """The whole state after ``p`` idles ``idle`` (applied to a copy), None when the rules refuse it."""
    copy = state.clone()
    copy._legal_cache = state._legal_cache  # the same list: spare each copy working it out again
    try:
        copy.apply(p, notation(state, idle))
    except IllegalAction:
        return None
    return snapshot(copy)


def every_valid_idle_set(state: PlanetSteamState, p: int) -> dict[str, list[tuple[int, ...]]]:
    """Every idle set the rules accept, by the state it leaves (brute force over all subsets, each applied)."""
    tanks = state.standing_tanks(p)
    by_result: dict[str, list[tuple[int, ...]]] = {}
    for size in range(len(tanks) + 1):
        for idle in combinations(tanks, size):
            result = after(state, p, idle)
            if result is not None:
                by_result.setdefault(result, []).append(idle)
    return by_result


def assert_one_choice_per_result(state: PlanetSteamState, p: int = 0) -> dict[str, list[tuple[int, ...]]]:
    """The listed choices reach exactly the states an idle set can reach, once each, each by an idle set of the
    fewest tanks; every valid idle set, listed or not, is accepted (``every_valid_idle_set`` applies them all)."""
    by_result = every_valid_idle_set(state, p)
    listed = state.production_choices(p)
    assert [str(a) for a in state.legal_actions(p)] == [notation(state, idle) for idle in listed]
    results = [after(state, p, idle) for idle in listed]
    assert len(set(results)) == len(results), "two listed choices do the same"
    assert set(results) == set(by_result), "a result a player could choose is missing (or one is not allowed)"
    for idle, result in zip(listed, results, strict=True):
        assert result is not None and len(idle) == min(len(other) for other in by_result[result])
    return by_result


def three_tanks_two_energy() -> PlanetSteamState:
    """Ore tanks on A1 and B1 (neighbours: synergy) and a water tank on F7 (off the river): 3 energy needed, 2 held."""
    state = produce_turn()
    put_tank(state, 0, "A1", "B1", converter="ore")
    put_tank(state, 0, "F7")
    give(state, 0, energy=2)
    start_production(state)
    return state


def test_interchangeable_tanks_are_listed_once_fewest_idle_first() -> None:
    """Idling A1 or B1 leaves one plain ore tank either way (1 ore, 1 energy): one choice, listed as 'idle A1'."""
    state = three_tanks_two_energy()
    assert legal(state, 0) == [
        "produce idle A1", "produce idle F7", "produce idle A1 B1", "produce idle A1 F7", "produce idle A1 B1 F7",
    ]
    assert_one_choice_per_result(state)


def test_a_choice_not_listed_is_accepted_with_the_same_outcome_as_its_representative() -> None:
    """The browser sends whatever tanks the player toggled: 'produce idle B1' is valid though 'idle A1' is listed."""
    listed, chosen = three_tanks_two_energy(), three_tanks_two_energy()
    assert "produce idle B1" not in legal(chosen, 0)
    listed_events = act(listed, 0, "produce idle A1")
    chosen_events = act(chosen, 0, "produce idle B1")
    assert snapshot(chosen) == snapshot(listed)
    (production,) = events_of(chosen_events, "production")
    assert production["idle"] == ["B1"] and production["tanks"] == ["A1", "F7"]  # the log tells what was chosen
    assert events_of(listed_events, "production")[0]["total"] == production["total"]
    assert chosen.players[0].goods[ORE] == 1 and chosen.players[0].goods[WATER] == 1


@pytest.mark.parametrize(("energy", "notation_", "reason"), [
    (1, "produce idle F7", "the producing tanks need 2 energy and you hold 1"),  # A1 and B1 still need 2
    (2, "produce idle B1 B1", "once, in board order: 'produce idle B1'"),
    (2, "produce idle F7 B1", "once, in board order: 'produce idle B1 F7'"),
    (2, "produce idle B2", "B2: not a tank of yours"),
])
def test_an_invalid_choice_outside_the_list_is_refused_with_its_rule_and_changes_nothing(
        energy: int, notation_: str, reason: str) -> None:
    state = three_tanks_two_energy()
    give(state, 0, energy=energy)
    refresh(state)
    assert notation_ not in legal(state, 0)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, notation_)
    assert reason in refused.value.reason
    assert snapshot(state) == before


def test_toppled_tank_cannot_be_named_even_outside_the_list() -> None:
    state = three_tanks_two_energy()
    state.toppled[zone(state, "B1")] = True
    refresh(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="B1: not a tank of yours that can produce"):
        state.apply(0, "produce idle B1")
    assert snapshot(state) == before
    assert_one_choice_per_result(state)


def test_position_matters_a_row_of_three_keeps_its_middle_choice_apart() -> None:
    """Synergy counts neighbours, so tanks of one kind are not interchangeable: idling the middle of A1-B1-C1 (two
    single tanks, 2 ore) differs from idling an end (a pair, 3 ore); compressors and the airship's row likewise."""
    state = produce_turn()
    put_tank(state, 0, "A1", "B1", "C1", converter="ore")
    give(state, 0, energy=2)
    start_production(state)
    choices = {notation(state, idle): idle for idle in state.production_choices(0)}
    assert "produce idle C1" not in choices  # the same as idling A1
    ore_made = {}
    for name in ("produce idle A1", "produce idle B1"):
        copy = state.clone()
        copy.apply(0, name)
        ore_made[name] = copy.players[0].goods[ORE]
    assert ore_made == {"produce idle A1": 3, "produce idle B1": 2}
    assert_one_choice_per_result(state)


def test_a_full_freighter_makes_idling_its_tanks_one_choice() -> None:
    """The excess over capacity is lost: with the water freighter full, running one, two or no water tanks leaves
    the same goods except for the energy paid, so only 'all water tanks idle' differs from running them."""
    state = produce_turn()
    put_tank(state, 0, "A6", "C6", "A7")  # plain water tanks, off the rivers: 1 energy each
    give(state, 0, energy=3, water=state.capacity(0, WATER))
    start_production(state)
    assert legal(state, 0) == ["produce", "produce idle A6", "produce idle A6 C6", "produce idle A6 C6 A7"]
    assert_one_choice_per_result(state)


def random_layout(seed: int) -> PlanetSteamState:
    """Up to 9 tanks of seat 0 on random zones with random converters, compressors, airship row, goods, freighters
    and energy."""
    rng = random.Random(seed)
    state = produce_turn()
    free = [state.fig.zone_names[z] for z, owner in enumerate(state.owner) if owner == UNCLAIMED]
    clustered = sorted(free)[: 12]  # the top rows: neighbours, so clusters and synergy occur
    for name in rng.sample(clustered, rng.randint(5, 9)):
        kind = rng.choice([None, None, *RESOURCES])
        put_tank(state, 0, name, converter=None if kind in (None, "water") else kind, compressor=rng.random() < 0.3)
    assert all(state.owner[z] != UNAVAILABLE for z in state.tanks_of(0))
    state.airship_row = rng.randint(0, 3)
    # small freighters, part full, sometimes the independent freighter: output is cut at the room left
    give(state, 0, freighter={r: rng.randint(1, 4) for r in RESOURCES})
    give(state, 0, **{r: rng.randint(0, state.capacity(0, i)) for i, r in enumerate(RESOURCES)})
    give(state, 0, energy=min(rng.randint(0, 9), state.capacity(0, ENERGY)))
    if rng.random() < 0.4:
        state.freighter_holder = 0
    start_production(state)
    if rng.random() < 0.3:
        state.toppled[rng.choice(state.tanks_of(0))] = True
        refresh(state)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_random_layouts_list_every_outcome_once_and_accept_every_valid_idle_set(seed: int) -> None:
    state = random_layout(seed)
    assert_one_choice_per_result(state)


def test_long_rows_stay_small() -> None:
    """Ten plain water tanks in two rows of five: 1024 idle sets, far fewer results (energy x water made)."""
    state = produce_turn()
    names = [f"{c}{r}" for r in (6, 7) for c in "ABCDE"]
    put_tank(state, 0, *names)
    give(state, 0, energy=10)
    start_production(state)
    by_result = assert_one_choice_per_result(state)
    assert len(state.legal_actions(0)) == len(by_result) < 100
    assert Action("produce") in state.legal_actions(0)
