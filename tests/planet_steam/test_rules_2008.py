"""One focused test per rule of Planet Steam: the 2008 edition's differences.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

from helpers import (
    NEUTRAL,
    PLAYER_COUNTS,
    TABLE_1,
    act,
    at,
    auction_start,
    finish_setup,
    give,
    legal,
    new_state,
    produce_turn,
    put_tank,
    scene,
    win_cheaply,
    zone,
)

from brassboard.games.planet_steam.figures import ENERGY, WATER, figures
from brassboard.games.planet_steam.rules import NO_CONVERTER

# =====================================================================================================================
# The 2008 edition
# =====================================================================================================================


def test_2008_names_and_energy_coupler_by_the_heater() -> None:
    state = scene(4, edition="2008", cards={0: 3, 1: 1, 2: 2, 3: 4})
    names = {k: v["en"] for k, v in state.fig.specialist_names.items()}
    assert names == {"lady_steam": "Lady Steam", "speculator": "Speculator", "airship_captain": "The Heater",
                     "engineer": "The Constructor", "banker": "The IPF agent"}
    at(state, {"k": "specialist_auction_end"})
    assert [s["p"] for s in state.agenda if s["k"] == "airship"] == [0]


def test_2008_ipf_agent_only_with_five_players() -> None:
    """2008: 'The IPF agent card is only present in a 5 player game.'"""
    assert not any("banker" in specs for _, specs in figures("2008", 4).cards)
    assert (5, ("banker",)) in figures("2008", 5).cards


def test_2008_free_water_on_the_central_shafts_not_on_rivers() -> None:
    """2008: 'All tanks placed on the central shafts (marked by "H") in the middle row of the shaft area that produce
    WATER, do not need energy.'"""
    state = produce_turn(edition="2008")
    central = sorted(state.fig.free_water_zones)
    assert [state.fig.zone_names[z] for z in central] == ["D2", "D3", "D4", "D5", "D6"]  # DESIGN
    put_tank(state, 0, "D4")  # a central shaft (and a 2013 river)
    put_tank(state, 0, "C1")  # a river in 2013, nothing special in 2008
    put_tank(state, 0, "D6", converter="ore")  # central, but not a water tank
    assert state.production(0, [zone(state, "D4")])["energy"] == 0
    assert state.production(0, [zone(state, "C1")])["energy"] == 1
    assert state.production(0, [zone(state, "D6")])["energy"] == 1
    modern = produce_turn()
    put_tank(modern, 0, "D6")  # not a river
    assert modern.production(0, [zone(modern, "D6")])["energy"] == 1


def test_2008_setup_permits_contracts_and_components() -> None:
    for n, permits in zip(PLAYER_COUNTS, (3, 4, 5, 6), strict=True):
        state = new_state(n, edition="2008")
        assert state.stock["building_permits"] == permits
        assert state.supply == TABLE_1[n][0]
    state = new_state(4, edition="2008")
    # 37 tanks, 15 of each extension and 14 compressors in the box, less the energy coupler and the track marker
    assert state.stock["tanks"] == 35 and state.stock["compressors"] == 13
    assert state.stock["ore_converters"] == 14
    assert all(pl.markers == 12 - state.owner.count(p) for p, pl in enumerate(state.players))
    assert state.stock["neutral_markers"] == 12 - state.owner.count(NEUTRAL)


def test_2008_emergency_relief_turns_a_tank_into_a_water_tank() -> None:
    """2008: 'If a player in this phase has no water in his lander and has no water tank, he is by IPF regulations
    forced to change one of his tanks into a water tank, and will receive one water ... After receiving the emergence
    relief this phase immediately ends for the player.'"""
    state = scene(4, edition="2008")
    put_tank(state, 0, "A1", converter="ore")
    put_tank(state, 0, "B1", converter="quartz")
    give(state, 0, water=0)
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["relief A1", "relief B1"]
    act(state, 0, "relief B1")
    assert state.converter[zone(state, "B1")] == NO_CONVERTER
    assert state.stock["quartz_converters"] == 14
    assert state.players[0].goods[WATER] == 1
    assert state.active_players() == [1]


def test_2008_emergency_relief_without_tanks_gives_water() -> None:
    state = scene(4, edition="2008")
    give(state, 0, water=0)
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["relief"]
    act(state, 0, "relief")
    assert state.players[0].goods[WATER] == 1


def test_2008_no_activation_gives_nothing() -> None:
    """2008: the activation water is the price of taking part; there is no 1-water consolation as in 2013."""
    state = scene(4, edition="2008")
    put_tank(state, 0, "A1")  # a water tank: no emergency relief
    give(state, 0, water=0)
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["decline"]
    act(state, 0, "decline")
    assert state.players[0].goods[WATER] == 0
    assert state.active_players() == [1]


def test_2008_bonus_that_does_not_fit_is_lost() -> None:
    """2008: 'If a lander is above maximum capacity, the 'overweight' resources are directly donated to the IPF' —
    unlike 2013, where the bonus returns to the exchange and raises its supply."""
    for edition, supply_change in (("2008", 0), ("2013", 1)):
        state = auction_start(4, edition=edition)
        give(state, 0, energy=4)
        supply = state.supply[ENERGY]
        act(state, 0, "bid 1")
        for p in (1, 2, 3):
            act(state, p, "pass")
        act(state, 0, "take 1", "bonus energy")
        assert state.players[0].goods[ENERGY] == 4
        assert state.supply[ENERGY] == supply + supply_change, edition


def test_2008_bonus_and_auction_rules_as_2013() -> None:
    """2008: 'A player that has no credits at the beginning of these auctions, will receive 2 credits' and 'The person
    starting a round of bidding has to bid at least 1 credit.'"""
    state = new_state(4, start=0, edition="2008")
    give(state, 3, credits=0)
    finish_setup(state)
    assert state.players[3].credits == 2
    assert "pass" not in legal(state, 0)


def test_2008_permit_use_only_with_the_constructor() -> None:
    """2008: 'You can only utilize a building permit if you are playing "The constructor" character (SR-card).'
    (2013 says the opposite: 'Man muss nicht den Ingenieur besitzen, um eine Baulizenz zu benutzen.')"""
    state = scene(4, edition="2008", cards={0: 1, 1: 2, 2: 3, 3: 4})
    at(state, {"k": "claim", "p": 0}, {"k": "claim", "p": 3})
    give(state, 0, permits=1)
    give(state, 3, permits=1)
    assert not [a for a in legal(state, 0) if a.endswith("permit")]
    act(state, 0, "pass")
    assert [a for a in legal(state, 3) if a.endswith("permit")]


def test_2013_opener_stays_until_he_wins() -> None:
    state = auction_start(5)
    win_cheaply(state, 1)
    act(state, 1, "bid 1")
    act(state, 2, "pass")
    act(state, 3, "bid 2")
    act(state, 4, "pass")
    act(state, 1, "pass")
    act(state, 3, "take 2")
    while state.agenda[0]["k"] == "bonus":
        act(state, 3, legal(state, 3)[0])
    assert state.active_players() == [1]
