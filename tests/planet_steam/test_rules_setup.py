"""One focused test per rule of Planet Steam: the set-up (tables 1-3, components, map, start claims, start player,
set-up upgrades).

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import pytest
from helpers import (
    NEUTRAL,
    PLAYER_COUNTS,
    TABLE_1,
    TABLE_2,
    TABLE_3,
    UNAVAILABLE,
    act,
    events_of,
    legal,
    new_state,
    rig_dice,
)

from brassboard.games.planet_steam.figures import ENERGY

# =====================================================================================================================
# Set-up
# =====================================================================================================================


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_setup_exchange_and_certificates_follow_table_1(n: int) -> None:
    state = new_state(n)
    supply, permits, quarters = TABLE_1[n]
    assert state.supply == supply
    assert state.stock["building_permits"] == permits
    assert state.stock["luxury_quarters"] == quarters
    assert state.price == [scale.price_start for scale in state.fig.scales]  # "auf die rote Zahl"
    assert state.bonus == [0, 0, 0, 0]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_setup_players_follow_table_2(n: int) -> None:
    state = new_state(n)
    credits, goods = TABLE_2[n]
    held = [min(amount, state.fig.capacity[r][0]) for r, amount in enumerate(goods)]
    for pl in state.players:
        assert pl.credits == credits
        assert pl.goods == held
        assert pl.freighter == [1, 1, 1, 1]  # class-1 side up before the set-up upgrade
        assert pl.permits == 0 and pl.luxury_quarters == 0


def test_setup_start_goods_beyond_class_1_capacity_go_to_the_general_supply() -> None:
    """Step 10 puts the start goods "auf seine dazu passenden Frachter"; a class-1 energy freighter holds 3 (the
    2013 auction example), so with 5 players table 2's fourth energy goes to the general supply at once, and the
    exchange's supply (table 1) is unchanged."""
    state = new_state(5)
    assert state.fig.capacity[ENERGY][0] == 3 and TABLE_2[5][1][ENERGY] == 4
    assert [pl.goods[ENERGY] for pl in state.players] == [3] * 5
    assert state.supply == TABLE_1[5][0]
    lost = [e for e in state._events if e["type"] == "lose"]
    assert lost == [{"type": "lose", "player": p, "resource": "energy", "amount": 1, "why": "start goods"}
                    for p in range(5)]
    generous = new_state(5, figures={"freighters": {"energy": [4, 6, 9, 12]}})
    assert [pl.goods[ENERGY] for pl in generous.players] == [4] * 5


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_setup_reduced_start_follows_table_3(n: int) -> None:
    state = new_state(n, reduced_start=True)
    credits, goods = TABLE_3[n]
    for pl in state.players:
        assert (pl.credits, pl.goods) == (credits, goods)
    assert state.supply == TABLE_1[n][0]  # the exchange is not reduced


@pytest.mark.parametrize(("n", "track", "rounds"), [(2, 9, 7), (3, 10, 6), (4, 12, 5), (5, 14, 4)])
def test_setup_tank_track_rounds_and_specialist_set_by_player_count(n: int, track: int, rounds: int) -> None:
    state = new_state(n)
    assert state.track == track
    assert state.tank_price() == state.fig.tank_price[track]
    assert state.fig.rounds == rounds
    assert state.round == 1
    assert [number for number, _ in state.fig.cards] == list(range(1, n + 1))  # "Kartensatz n: n Karten"


def test_setup_components_2013() -> None:
    state = new_state(4)
    assert state.stock["tanks"] == 35
    assert state.stock["quartz_converters"] == state.stock["ore_converters"] == state.stock["energy_converters"] == 14
    assert state.stock["compressors"] == 13
    placed_neutral = state.owner.count(NEUTRAL)
    assert state.stock["neutral_markers"] == 15 - placed_neutral
    for p, pl in enumerate(state.players):
        assert pl.markers == 14 - state.owner.count(p)


@pytest.mark.parametrize(("n", "columns"), [(2, "AB"), (3, "A"), (4, ""), (5, "")])
def test_setup_unavailable_zones_by_player_count(n: int, columns: str) -> None:
    """2008: 'In a 2 player game the top 2 rows are covered and with a 3 player game only the top row' — on our board,
    the 2008 grid turned, those are the first columns (README, DESIGN)."""
    state = new_state(n)
    unavailable = {state.fig.zone_names[z] for z, o in enumerate(state.owner) if o == UNAVAILABLE}
    assert unavailable == {name for name in state.fig.zone_names if name[0] in columns}


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_setup_start_claims_place_players_and_neutral_markers(n: int) -> None:
    state = new_state(n)
    for p in range(n):
        assert state.owner.count(p) == 2
    assert state.owner.count(NEUTRAL) == len(state.fig.start_neutral) > 0
    assert not any(state.tank)


def test_start_player_is_the_highest_roll_ties_re_rolled() -> None:
    """'Der Spieler mit dem höchsten Ergebnis ist Startspieler ... Bei einem Gleichstand ... würfeln die daran
    beteiligten Spieler erneut, nötigenfalls mehrfach.'"""
    state = new_state(4)
    rig_dice(state, 6, 6, 2, 6, 3, 5, 4)
    state._events = []
    assert state._roll_start_player() == 1
    rolls = events_of(state._events, "roll")
    assert [e["player"] for e in rolls] == [0, 1, 2, 3, 0, 1, 3]  # only the tied players roll again


@pytest.mark.parametrize("seed", range(12))
def test_start_player_roll_logged_from_the_seed(seed: int) -> None:
    state = new_state(3, seed=seed)
    rolls = events_of(state._events, "roll")
    contenders = [0, 1, 2]
    i = 0
    while True:
        values = {e["player"]: e["value"] for e in rolls[i:i + len(contenders)]}
        assert sorted(values) == contenders
        i += len(contenders)
        best = max(values.values())
        contenders = [p for p in contenders if values[p] == best]
        if len(contenders) == 1:
            break
    assert state.start_player == contenders[0]
    assert i == len(rolls)


def test_setup_upgrade_clockwise_from_start_player() -> None:
    """'Beginnend mit dem Startspieler und weiter im Uhrzeigersinn wertet jeder Spieler sofort einen seiner Frachter auf
    Klasse 2 auf.'"""
    state = new_state(4, start=2)
    assert [s["p"] for s in state.agenda if s["k"] == "setup_upgrade"] == [2, 3, 0, 1]
    assert legal(state) == ["upgrade quartz", "upgrade ore", "upgrade water", "upgrade energy"]
    act(state, 2, "upgrade ore")
    act(state, 3, "upgrade water")
    act(state, 0, "upgrade energy")
    act(state, 1, "upgrade quartz")
    assert [pl.freighter for pl in state.players] == [[1, 1, 1, 2], [2, 1, 1, 1], [1, 2, 1, 1], [1, 1, 2, 1]]
    assert state.agenda[0]["k"] == "bid" and state.active_players() == [2]  # then the start player opens
