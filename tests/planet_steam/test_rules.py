"""One focused test per rule of Planet Steam: the 2013 standard game, each advanced and optional rule, and the 2008
edition's differences.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    NEUTRAL,
    UNAVAILABLE,
    UNCLAIMED,
    act,
    at,
    clear_map,
    events_of,
    finish_setup,
    give,
    hold_cards,
    legal,
    neutral,
    new_state,
    own,
    play_until,
    put_tank,
    rig_dice,
    set_exchange,
    zone,
)

from brassboard.engine import IllegalAction, new_game
from brassboard.games.planet_steam.figures import ENERGY, ORE, QUARTZ, RESOURCES, WATER, figures
from brassboard.games.planet_steam.rules import NO_CONVERTER, PlanetSteamState

PLAYER_COUNTS = [2, 3, 4, 5]


def auction_start(players: int = 4, start: int = 0, **options: object) -> PlanetSteamState:
    """A new game past the set-up upgrades: the start player is to open the first specialist bidding round."""
    state = new_state(players, start=start, **options)
    finish_setup(state)
    return state


def scene(players: int = 4, cards: dict[int, int] | None = None, **options: object) -> PlanetSteamState:
    """An empty map (start claims removed), every player holding a specialist card (seat p: card p + 1)."""
    state = auction_start(players, **options)
    clear_map(state)
    hold_cards(state, cards or {p: p + 1 for p in range(players)})
    state.bonus = [0, 0, 0, 0]
    return state


def snapshot(state: PlanetSteamState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


# =====================================================================================================================
# Set-up
# =====================================================================================================================

# Table 1: exchange supply quartz/ore/water/energy, building permits, luxury quarters
TABLE_1 = {2: ([4, 7, 6, 10], 6, 4), 3: ([5, 8, 7, 12], 6, 5), 4: ([6, 9, 8, 14], 7, 6), 5: ([7, 10, 10, 16], 7, 7)}
# Table 2: credits, then quartz/ore/water/energy per player
TABLE_2 = {2: (100, [0, 1, 3, 3]), 3: (110, [0, 2, 4, 2]), 4: (120, [1, 2, 3, 3]), 5: (130, [1, 2, 3, 4])}
# Table 3 (advanced rule "Reduzierte Start-Rohstoffe")
TABLE_3 = {2: (80, [0, 0, 2, 3]), 3: (90, [0, 1, 3, 2]), 4: (100, [0, 1, 3, 3]), 5: (110, [0, 1, 3, 3])}


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


# =====================================================================================================================
# Expansion phase: bonus resources and the specialist auction
# =====================================================================================================================


def test_bonus_resources_placed_from_the_supply_at_round_start() -> None:
    state = auction_start(4)
    assert state.bonus == [1, 1, 1, 1]
    assert state.supply == [s - 1 for s in TABLE_1[4][0]]


def test_auction_opener_must_bid_at_least_one_and_cannot_pass() -> None:
    """'Er muss mindestens 1 Credit bieten, er kann nicht passen.'"""
    state = auction_start(4)
    assert legal(state, 0)[0] == "bid 1"
    assert "pass" not in legal(state, 0)
    before = snapshot(state)
    for bad in ("pass", "bid 0"):
        with pytest.raises(IllegalAction):
            state.apply(0, bad)
    assert snapshot(state) == before


def test_auction_bids_clockwise_and_passing_is_final() -> None:
    """'Wer einmal gepasst hat, kann in dieser Bietrunde nicht mehr mitbieten.'"""
    state = auction_start(4)
    act(state, 0, "bid 1")
    act(state, 1, "pass")
    act(state, 2, "bid 2")
    act(state, 3, "pass")
    act(state, 0, "bid 3")
    assert state.active_players() == [2]  # 1 and 3 have passed
    with pytest.raises(IllegalAction, match="beat the highest bid"):
        state.apply(2, "bid 3")
    act(state, 2, "pass")
    assert state.agenda[0]["k"] == "pick" and state.active_players() == [0]


def test_auction_no_bid_above_the_credits_one_has() -> None:
    """'kein Spieler darf mehr bieten, als er tatsächlich zahlen kann.'"""
    state = auction_start(4)
    give(state, 1, credits=5)
    act(state, 0, "bid 1")
    assert [a for a in legal(state, 1) if a.startswith("bid")][-1] == "bid 5"
    with pytest.raises(IllegalAction, match="more than you can pay"):
        state.apply(1, "bid 6")


def test_auction_player_without_credits_gets_two() -> None:
    """'Falls ein Spieler zu Beginn der Versteigerung keine Credits besitzt, erhält er aus dem allgemeinen Vorrat 2
    Credits.'"""
    state = new_state(4, start=0)
    give(state, 2, credits=0)
    give(state, 3, credits=1)
    finish_setup(state)
    assert state.players[2].credits == 2
    assert state.players[3].credits == 1


def test_auction_winners_drop_out_of_later_bidding_rounds() -> None:
    state = auction_start(4)
    act(state, 0, "bid 1")
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "take 3", "bonus ore")
    assert state.agenda[0]["bidders"] == [1, 2, 3]
    act(state, 1, "bid 1")
    act(state, 2, "pass")
    act(state, 3, "pass")  # 0 is not asked
    assert state.active_players() == [1] and state.agenda[0]["k"] == "pick"


def test_auction_opener_until_won_then_next_left_without_card() -> None:
    """'Der Startspieler beginnt jede Bietrunde, bis er der Höchstbietende ist ... Nachdem der Startspieler eine
    Bietrunde gewonnen hat, beginnt der nächste links neben ihm sitzende Spieler jede folgende Bietrunde, der noch
    keine Spezialistenkarte besitzt, bis auch er eine Spezialistenkarte ersteigert hat.'"""
    state = auction_start(5)
    act(state, 0, "bid 1")
    act(state, 1, "bid 2")
    for p in (2, 3, 4, 0):
        act(state, p, "pass")
    act(state, 1, "take 1", "bonus quartz")  # 1 takes Lady Steam: not the opener of the running auction
    assert state.active_players() == [0]  # the start player opens again, he has no card yet
    act(state, 0, "bid 1")
    for p in (2, 3, 4):
        act(state, p, "pass")
    act(state, 0, "take 2", "bonus ore")
    assert state.active_players() == [2]  # left of 0: seat 1 has a card, seat 2 opens
    act(state, 2, "bid 1")
    act(state, 3, "bid 2")
    act(state, 4, "pass")
    act(state, 2, "pass")
    act(state, 3, "take 3", "bonus water")
    assert state.active_players() == [2]  # 2 keeps opening until he wins
    act(state, 2, "bid 1")
    act(state, 4, "pass")
    act(state, 2, "take 4")
    play_until(state, "speculate")
    assert state.specialists_of(4) == ("banker",)  # the last player got the last card


def test_lady_steam_winner_does_not_open_the_running_auction() -> None:
    """'Wer Lady Steam wählt, wird aber nicht Startspieler für die laufende Versteigerung.'"""
    state = auction_start(4, start=2)
    act(state, 2, "bid 1")
    act(state, 3, "bid 2")
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 3, "take 1", "bonus quartz")
    assert state.active_players() == [2]


def test_lady_steam_opens_the_auction_of_the_next_round() -> None:
    """'In allen folgenden Spielrunden beginnt der Spieler, der die Spezialistenkarte Lady Steam in der vorhergehenden
    Spielrunde ersteigert hatte.'"""
    state = auction_start(4)
    act(state, 0, "bid 1")
    act(state, 1, "bid 2")
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, 0, "pass")
    act(state, 1, "take 1", "bonus quartz")
    play_until(state, "speculate")
    at(state, {"k": "end_phase"})
    assert state.round == 2
    assert state.start_player == 1
    assert state.agenda[0]["k"] == "bid" and state.active_players() == [1]
    assert "pass" not in legal(state, 1)


def test_last_player_gets_the_last_card_for_one_credit() -> None:
    state = auction_start(3)
    credits = state.players[2].credits
    win_cheaply(state, 1)
    win_cheaply(state, 3)
    assert state.specialists_of(2) == ("speculator", "engineer")  # no bidding: the last card for 1 credit
    assert state.players[2].credits == credits - 1


@pytest.mark.parametrize("choice", ["permit", "credits"])
def test_engineer_takes_a_permit_or_15_credits(choice: str) -> None:
    state = auction_start(4)
    act(state, 0, "bid 1")
    for p in (1, 2, 3):
        act(state, p, "pass")
    permits = state.stock["building_permits"]
    act(state, 0, "take 4")
    assert legal(state, 0) == ["engineer permit", "engineer credits"]
    act(state, 0, f"engineer {choice}")
    pl = state.players[0]
    if choice == "permit":
        assert (pl.permits, pl.credits, state.stock["building_permits"]) == (1, 119, permits - 1)
    else:
        assert (pl.permits, pl.credits, state.stock["building_permits"]) == (0, 119 + 15, permits)


def test_engineer_without_permits_left_takes_15_credits() -> None:
    state = auction_start(4)
    state.stock["building_permits"] = 0
    act(state, 0, "bid 1")
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "take 4")
    assert state.agenda[0]["k"] == "bonus"
    assert state.players[0].credits == 119 + 15


def test_banker_upgrades_before_taking_the_bonus() -> None:
    """'Hinweis: Wer die Spezialistenkarte Banker genommen hat, kann seinen Frachter aufwerten, bevor er einen durch
    die Versteigerung erhaltenen Rohstoff nimmt.'"""
    state = auction_start(5)
    give(state, 0, quartz=4)  # class-1 quartz freighter full
    quartz_supply = state.supply[QUARTZ]
    act(state, 0, "bid 1")
    for p in (1, 2, 3, 4):
        act(state, p, "pass")
    act(state, 0, "take 5")
    assert state.agenda[0]["k"] == "banker"
    act(state, 0, "banker upgrade quartz", "bonus quartz")
    assert state.players[0].freighter[QUARTZ] == 2
    assert state.players[0].goods[QUARTZ] == 5
    assert state.supply[QUARTZ] == quartz_supply  # it fitted: nothing went back to the exchange


@pytest.mark.parametrize("edition", ["2013", "2008"])
def test_banker_takes_a_resource_from_the_general_supply(edition: str) -> None:
    """'1 Rohstoff seiner Wahl aus dem allgemeinen Vorrat nehmen (das hat keinen Einfluss auf das Vorratsbarometer)';
    2008, the IPF agent: 'gets a resource of choice ... (The resource markers (price/count) are not changed)'."""
    state = auction_start(5, edition=edition)
    act(state, 0, "bid 1")
    for p in (1, 2, 3, 4):
        act(state, p, "pass")
    supply = state.supply[:]
    act(state, 0, "take 5", "banker take ore")
    assert state.players[0].goods[ORE] == 3
    assert state.supply == supply


def test_bonus_resources_left_after_the_auction_return_to_the_supply() -> None:
    state = auction_start(2)
    start_supply = TABLE_1[2][0]
    act(state, 0, "bid 1")
    act(state, 1, "pass")
    act(state, 0, "take 1", "bonus quartz")
    act(state, 1, "engineer permit", "bonus ore")  # the last card (Speculator + Engineer) came automatically
    assert state.bonus == [0, 0, 0, 0]
    assert state.supply == [start_supply[0] - 1, start_supply[1] - 1, start_supply[2], start_supply[3]]


def test_two_specialists_on_one_card_with_three_players() -> None:
    """'Wer eine solche Karte besitzt, kann in dieser Spielrunde beide Vorteile nutzen.'"""
    state = auction_start(3)
    act(state, 0, "bid 1")
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 0, "take 2")
    assert state.agenda[0]["k"] == "engineer"  # card 2: Speculator and Engineer
    play_until(state, "speculate")
    assert state.active_players() == [0]
    assert state.holder_of("speculator") == state.holder_of("engineer") == 0


def test_player_order_follows_the_card_numbers() -> None:
    state = scene(4, cards={0: 3, 1: 4, 2: 1, 3: 2})
    at(state, {"k": "specialist_auction_end"})
    assert state.order == [2, 3, 0, 1]
    assert [s["p"] for s in state.agenda if s["k"] == "claim"] == [2, 3, 0, 1]


# =====================================================================================================================
# Expansion phase: the zone auction (Speculator)
# =====================================================================================================================


def zone_auction(free: bool = True) -> PlanetSteamState:
    """Seat 0 holds the Speculator, seat 1 Lady Steam; the speculator is to choose a zone."""
    state = scene(4, cards={0: 2, 1: 1, 2: 3, 3: 4})
    at(state, {"k": "speculation"})
    return state


def test_speculator_auctions_an_unclaimed_zone_opened_by_lady_steam() -> None:
    state = zone_auction()
    assert state.active_players() == [0]
    assert len(legal(state, 0)) == 42
    act(state, 0, "auction C4")
    step = state.agenda[0]
    assert (step["k"], step["what"], step["bidders"]) == ("bid", "zone", [1, 2, 3, 0])
    assert "pass" not in legal(state, 1)  # the same rules as the specialist auction: the opener must bid


def test_speculator_pays_half_his_bid_rounded_up() -> None:
    state = zone_auction()
    act(state, 0, "auction C4")
    act(state, 1, "bid 1")
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, 0, "bid 7")
    act(state, 1, "pass")
    assert state.owner[zone(state, "C4")] == 0
    assert state.players[0].credits == 120 - 4


def test_speculator_may_bid_above_his_cash_up_to_what_he_can_pay() -> None:
    """'Er kann mehr Credits bieten als er tatsächlich besitzt, solange er den tatsächlichen Betrag im Falle des
    Versteigerungsgewinns zahlen kann.'"""
    state = zone_auction()
    give(state, 0, credits=5)
    give(state, 2, credits=5)
    act(state, 0, "auction C4")
    act(state, 1, "bid 1")
    assert [a for a in legal(state, 2) if a.startswith("bid")][-1] == "bid 5"
    act(state, 2, "pass")
    act(state, 3, "pass")
    assert [a for a in legal(state, 0) if a.startswith("bid")][-1] == "bid 10"
    act(state, 0, "bid 10")
    act(state, 1, "pass")
    assert state.players[0].credits == 0


def test_other_winner_of_the_zone_auction_pays_the_full_bid() -> None:
    state = zone_auction()
    act(state, 0, "auction C4")
    act(state, 1, "bid 6")
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, 0, "pass")
    assert state.owner[zone(state, "C4")] == 1
    assert state.players[1].credits == 120 - 6


def test_zone_auction_when_lady_steam_cannot_bid_the_others_may_pass() -> None:
    """Only the designated opener is forbidden to pass (README decision); nobody bidding leaves the zone free."""
    state = zone_auction()
    give(state, 1, credits=0)
    act(state, 0, "auction C4")
    assert state.active_players() == [2]  # Lady Steam (1) cannot bid: passed automatically
    assert "pass" in legal(state, 2)
    for p in (2, 3, 0):
        act(state, p, "pass")
    assert state.owner[zone(state, "C4")] == UNCLAIMED
    assert [pl.credits for pl in state.players] == [120, 0, 120, 120]


def test_2008_speculator_bids_only_what_he_can_pay_and_pays_half() -> None:
    """2008: 'Bids have to be payable immediately' ... 'If the winning big is made by the speculant himself, he only
    needs to pay half his bid to the IPF (rounded up)'."""
    state = scene(4, edition="2008", cards={0: 2, 1: 1, 2: 3, 3: 4})
    at(state, {"k": "speculation"})
    give(state, 0, credits=5)
    act(state, 0, "auction C4")
    act(state, 1, "bid 1")
    act(state, 2, "pass")
    act(state, 3, "pass")
    assert [a for a in legal(state, 0) if a.startswith("bid")][-1] == "bid 5"
    act(state, 0, "bid 5")
    act(state, 1, "pass")
    assert state.owner[zone(state, "C4")] == 0
    assert state.players[0].credits == 5 - 3


def test_zone_auction_of_a_neutral_zone_when_none_is_free() -> None:
    """'Falls es zu Beginn der Versteigerung keine unbeanspruchte Zone mehr gibt, wählt der Spieler ... eine Zone mit
    einem neutralen Besitzmarker ... und ersetzt den neutralen Besitzmarker durch seinen eigenen.'"""
    state = scene(4, cards={0: 2, 1: 1, 2: 3, 3: 4})
    for z in range(42):
        state.owner[z] = z % 4
    state.owner[zone(state, "C4")] = state.owner[zone(state, "D5")] = NEUTRAL
    neutral_stock = state.stock["neutral_markers"]
    at(state, {"k": "speculation"})
    assert legal(state, 0) == ["auction C4", "auction D5"]
    act(state, 0, "auction D5")
    act(state, 1, "bid 3")
    for p in (2, 3, 0):
        act(state, p, "pass")
    assert state.owner[zone(state, "D5")] == 1
    assert state.stock["neutral_markers"] == neutral_stock + 1


def test_no_zone_auction_without_free_or_neutral_zones() -> None:
    state = scene(4, cards={0: 2, 1: 1, 2: 3, 3: 4})
    for z in range(42):
        state.owner[z] = z % 4
    at(state, {"k": "speculation"}, {"k": "claim", "p": 1})
    assert state.agenda[0]["k"] == "claim"


# =====================================================================================================================
# Expansion phase: claiming a zone
# =====================================================================================================================


def claim_turn(players: int = 4, p: int = 0, **options: object) -> PlanetSteamState:
    state = scene(players, **options)
    at(state, {"k": "claim", "p": p}, {"k": "claim", "p": (p + 1) % players})
    return state


@pytest.mark.parametrize("value", [4, 5, 6])
def test_claim_by_roll_of_4_to_6_takes_the_chosen_zone(value: int) -> None:
    state = claim_turn()
    rig_dice(state, value)
    act(state, 0, "claim C4 roll")
    assert state.owner[zone(state, "C4")] == 0
    assert state.active_players() == [1]  # one claim per turn


@pytest.mark.parametrize("value", [1, 2, 3])
def test_claim_by_roll_of_1_to_3_goes_to_a_nearest_zone_and_permit_no_longer_possible(value: int) -> None:
    """'Nachdem ein Spieler gewürfelt hat, ist er dazu verpflichtet, nach dieser Methode einen seiner Besitzmarker auf
    eine Zone zu legen; er kann sich nicht plötzlich dafür entscheiden, lieber eine Baulizenz zu benutzen.'"""
    state = claim_turn()
    give(state, 0, permits=1)
    rig_dice(state, value)
    act(state, 0, "claim C4 roll")
    assert sorted(legal(state, 0)) == ["divert B4", "divert C3", "divert C5", "divert D4"]
    act(state, 0, "divert D4")
    assert state.owner[zone(state, "D4")] == 0
    assert state.players[0].permits == 1


def test_claim_with_a_permit_needs_no_roll_and_the_permit_leaves_the_game() -> None:
    """'Eine benutzte Baulizenz muss in die Spielschachtel zurückgelegt werden.' Without holding the Engineer."""
    state = claim_turn()
    give(state, 0, permits=2)
    stock = state.stock["building_permits"]
    events = act(state, 0, "claim C4 permit")
    assert not events_of(events, "roll")
    assert state.owner[zone(state, "C4")] == 0
    assert state.players[0].permits == 1
    assert state.stock["building_permits"] == stock
    assert state.active_players() == [1]  # only one permit per turn


def test_permit_replaces_a_neutral_marker() -> None:
    state = claim_turn()
    neutral(state, "C4")
    give(state, 0, permits=1)
    stock = state.stock["neutral_markers"]
    assert "claim C4 permit" in legal(state, 0)
    act(state, 0, "claim C4 permit")
    assert state.owner[zone(state, "C4")] == 0
    assert state.stock["neutral_markers"] == stock + 1


def test_roll_cannot_claim_a_neutral_or_claimed_zone() -> None:
    state = claim_turn()
    neutral(state, "C4")
    own(state, 2, "D4")
    for bad in ("claim C4 roll", "claim D4 roll", "claim D4 permit"):
        with pytest.raises(IllegalAction, match="not free to claim"):
            state.apply(0, bad)


def test_no_roll_when_no_zone_is_unclaimed() -> None:
    """'Falls es keine unbeanspruchten Zonen mehr auf der Landkarte gibt, kann kein Spieler mehr würfeln.'"""
    state = claim_turn()
    for z in range(42):
        state.owner[z] = z % 4
    state.owner[zone(state, "E2")] = NEUTRAL
    give(state, 0, permits=1)
    assert legal(state, 0) == ["claim E2 permit", "pass"]
    give(state, 0, permits=0)
    assert legal(state, 0) == ["pass"]


def test_claiming_is_optional() -> None:
    state = claim_turn()
    act(state, 0, "pass")
    assert state.active_players() == [1]
    assert state.owner.count(0) == 0


def test_unavailable_zones_are_neither_claimed_nor_unclaimed() -> None:
    state = claim_turn(2)
    assert not any(a.split()[1][0] in "AB" for a in legal(state, 0) if a.startswith("claim"))
    with pytest.raises(IllegalAction):
        state.apply(0, "claim A1 roll")
    assert [state.fig.zone_names[z] for z in state.diversions(zone(state, "C4"))] == ["C3", "D4", "C5"]


def test_no_claim_without_markers_left() -> None:
    state = claim_turn()
    state.players[0].markers = 0
    give(state, 0, permits=1)
    assert legal(state, 0) == ["pass"]


def test_rivers_are_claimed_like_land_zones() -> None:
    """'Hinweis: Flusszonen werden bei Versteigerungen und bei der Beanspruchung von Zonen wie Landzonen behandelt.'"""
    state = claim_turn()
    assert {f"claim {state.fig.zone_names[z]} roll" for z in state.fig.rivers} <= set(legal(state, 0))


def test_airship_captain_places_the_airship_and_it_leaves_at_round_end() -> None:
    state = scene(4)
    at(state, {"k": "airship", "p": 2})
    act(state, 2, "airship 7")
    assert state.airship_row == 7
    at(state, {"k": "end_phase"})
    assert state.round == 2 and state.airship_row == 0


# =====================================================================================================================
# Tank phase
# =====================================================================================================================


def test_tank_phase_in_player_order() -> None:
    state = scene(4, cards={0: 2, 1: 4, 2: 1, 3: 3})
    at(state, {"k": "tank_phase"})
    assert [s["p"] for s in state.agenda if s["k"] == "activate"] == [2, 0, 3, 1]


def test_activation_costs_one_water_then_buying() -> None:
    state = scene(4)
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["activate", "decline"]
    act(state, 0, "activate")
    assert state.players[0].goods[WATER] == 2
    assert state.agenda[0]["k"] == "build" and state.active_players() == [0]


def test_without_activation_take_one_water_and_end_the_turn() -> None:
    """'Falls der aktive Spieler die Aktivierungskosten nicht zahlt, aus welchem Grunde auch immer, nimmt er 1 Rohstoff
    Wasser aus dem Vorrat und beendet damit seinen Spielzug sofort.'"""
    state = scene(4)
    give(state, 0, water=0)
    supply = state.supply[:]
    at(state, {"k": "activate", "p": 0}, {"k": "activate", "p": 1})
    assert legal(state, 0) == ["decline"]
    act(state, 0, "decline")
    assert state.players[0].goods[WATER] == 1
    assert state.supply == supply
    assert state.agenda[0]["k"] == "activate" and state.active_players() == [1]


def build_turn(p: int = 0, **options: object) -> PlanetSteamState:
    state = scene(4, **options)
    at(state, {"k": "build", "p": p}, {"k": "activate", "p": (p + 1) % 4})
    return state


def test_buy_a_market_tank_for_water_and_the_track_price() -> None:
    state = build_turn()
    own(state, 0, "A1", "B1")
    give(state, 0, credits=50, water=2)
    assert state.track == 12
    price = state.fig.tank_price[12]
    supply = state.supply[:]
    act(state, 0, "buy-tank A1")
    assert state.tank[zone(state, "A1")]
    assert (state.players[0].credits, state.players[0].goods[WATER]) == (50 - price, 1)
    assert state.track == 11 and state.stock["tanks"] == 34
    assert state.tank_price() == state.fig.tank_price[11] > price  # fewer tanks, dearer
    assert state.supply == supply  # paying with resources never moves the exchange


def test_tanks_only_on_own_zones_without_a_tank() -> None:
    """'... setzt ihn auf eine Zone in seinem Besitz, auf der noch kein Tank steht.'"""
    state = build_turn()
    own(state, 0, "A1")
    put_tank(state, 0, "B1")
    own(state, 1, "C1")
    give(state, 0, credits=50, water=3, quartz=2)
    tanks = [a for a in legal(state, 0) if a.startswith(("buy-tank", "import"))]
    assert tanks == ["buy-tank A1", "import A1"]
    with pytest.raises(IllegalAction, match="not yours"):
        state.apply(0, "buy-tank C1")
    with pytest.raises(IllegalAction, match="already has a tank"):
        state.apply(0, "buy-tank B1")


def test_sold_out_market_still_allows_imports() -> None:
    state = build_turn()
    own(state, 0, "A1")
    give(state, 0, credits=50, water=3, quartz=2)
    state.track = 0
    assert [a for a in legal(state, 0) if a.startswith(("buy-tank", "import"))] == ["import A1"]


def test_import_costs_water_two_quartz_five_credits_and_leaves_the_track() -> None:
    state = build_turn()
    own(state, 0, "A1")
    give(state, 0, credits=5, water=1, quartz=2)
    act(state, 0, "import A1")
    assert state.tank[zone(state, "A1")]
    assert (state.players[0].credits, state.players[0].goods[WATER], state.players[0].goods[QUARTZ]) == (0, 0, 0)
    assert state.track == 12


def test_market_holds_no_more_tanks_than_pieces_left() -> None:
    """'... ist der Tankvorrat gleich der Anzahl der Tanks im allgemeinen Vorrat und jedes Mal, wenn der
    Tankvorratsmarker bewegt wird, ändert sich tatsächlich nur der Preis der Tanks.'"""
    state = build_turn()
    own(state, 0, "A1", "B1")
    give(state, 0, credits=80, water=5, quartz=4)
    state.stock["tanks"] = 1
    state.track = 10
    assert state.market_tanks() == 1
    act(state, 0, "buy-tank A1")
    assert state.players[0].credits == 80 - state.fig.tank_price[10]
    assert not [a for a in legal(state, 0) if a.startswith(("buy-tank", "import"))]  # all 35 pieces in play


@pytest.mark.parametrize(("converter", "cost"), [("quartz", 8), ("ore", 5), ("energy", 2)])
def test_converter_costs(converter: str, cost: int) -> None:
    state = build_turn()
    put_tank(state, 0, "A1")
    give(state, 0, credits=cost - 1)
    assert f"buy-converter A1 {converter}" not in legal(state, 0)
    give(state, 0, credits=cost)
    act(state, 0, f"buy-converter A1 {converter}")
    assert state.players[0].credits == 0
    assert RESOURCES[state.converter[zone(state, "A1")]] == converter
    assert state.stock[converter + "_converters"] == 13


def test_new_converter_replaces_the_old_one_which_returns_to_the_supply() -> None:
    """'Ein Tank kann niemals zwei Konverter gleichzeitig tragen.'"""
    state = build_turn()
    put_tank(state, 0, "A1", converter="ore")
    give(state, 0, credits=20)
    assert "buy-converter A1 ore" not in legal(state, 0)
    act(state, 0, "buy-converter A1 quartz")
    assert state.converter[zone(state, "A1")] == QUARTZ
    assert (state.stock["ore_converters"], state.stock["quartz_converters"]) == (14, 13)


def test_compressor_costs_water_ore_two_quartz_one_per_tank() -> None:
    state = build_turn()
    put_tank(state, 0, "A1", "B1")
    give(state, 0, credits=0, water=2, ore=2, quartz=4)
    act(state, 0, "buy-compressor A1")
    assert state.players[0].goods == [2, 1, 1, state.players[0].goods[ENERGY]]
    assert state.compressor[zone(state, "A1")]
    assert "buy-compressor A1" not in legal(state, 0)  # at most one per tank
    assert "buy-compressor B1" in legal(state, 0)


def test_limited_components_compressors_and_converters() -> None:
    """'Alle Kunststoffteile (Tanks, Konverter und Kompressoren) ... sind auf die Menge limitiert.'"""
    state = build_turn()
    put_tank(state, 0, "A1")
    give(state, 0, credits=50, water=2, ore=2, quartz=4)
    state.stock["compressors"] = 0
    state.stock["ore_converters"] = 0
    options = legal(state, 0)
    assert "buy-compressor A1" not in options
    assert "buy-converter A1 ore" not in options and "buy-converter A1 quartz" in options


def test_freighter_upgrade_costs_ore_and_energy_up_to_class_4() -> None:
    """'Jeder einzelne Frachter kann bis zu drei Mal aufgewertet werden.'"""
    state = build_turn()
    give(state, 0, ore=3, energy=3, freighter={"water": 2})
    act(state, 0, "upgrade water")
    assert state.players[0].freighter[WATER] == 3
    assert (state.players[0].goods[ORE], state.players[0].goods[ENERGY]) == (2, 2)
    act(state, 0, "upgrade water")
    assert state.players[0].freighter[WATER] == 4
    assert "upgrade water" not in legal(state, 0)
    assert "upgrade ore" in legal(state, 0)


def test_reorganise_moves_a_tank_with_its_converter_and_compressor() -> None:
    state = build_turn()
    put_tank(state, 0, "A1", converter="ore", compressor=True)
    own(state, 0, "F7")
    act(state, 0, "move A1 F7")
    a1, f7 = zone(state, "A1"), zone(state, "F7")
    assert not state.tank[a1] and state.converter[a1] == NO_CONVERTER and not state.compressor[a1]
    assert state.tank[f7] and state.converter[f7] == ORE and state.compressor[f7]


def test_reorganise_converters_and_compressors_between_tanks() -> None:
    state = build_turn()
    put_tank(state, 0, "A1", converter="ore", compressor=True)
    put_tank(state, 0, "B1", converter="quartz")
    put_tank(state, 0, "C1")
    act(state, 0, "move-converter A1 B1")
    assert (state.converter[zone(state, "A1")], state.converter[zone(state, "B1")]) == (QUARTZ, ORE)
    act(state, 0, "move-converter B1 C1")
    assert (state.converter[zone(state, "B1")], state.converter[zone(state, "C1")]) == (NO_CONVERTER, ORE)
    act(state, 0, "move-compressor A1 C1")
    assert state.compressor[zone(state, "C1")] and not state.compressor[zone(state, "A1")]
    act(state, 0, "remove-converter A1")
    assert state.converter[zone(state, "A1")] == NO_CONVERTER
    assert state.stock["quartz_converters"] == 14
    act(state, 0, "done")
    assert state.active_players() == [1]


def test_buying_and_reorganising_in_any_order_until_done() -> None:
    state = build_turn()
    own(state, 0, "A1", "B1")
    give(state, 0, credits=100, water=5, quartz=2)
    act(state, 0, "buy-tank A1", "buy-converter A1 energy", "move A1 B1", "import A1", "buy-converter A1 energy")
    assert state.active_players() == [0]
    act(state, 0, "done")
    assert state.active_players() == [1]


# =====================================================================================================================
# Resource phase: production
# =====================================================================================================================


def produce_turn(p: int = 0, **options: object) -> PlanetSteamState:
    state = scene(4, **options)
    give(state, p, quartz=0, ore=0, water=0, energy=0, freighter={"quartz": 4, "ore": 4, "water": 4, "energy": 4})
    return state


def start_production(state: PlanetSteamState, p: int = 0) -> None:
    at(state, {"k": "produce", "p": p, "idle": []})


def test_energy_is_paid_before_production_energy_produced_now_cannot_pay() -> None:
    """'Weil ein Spieler Rohstoffe erst dann gewinnt, nachdem er Energie dafür gezahlt hat, kann er dafür nicht mit
    Energie zahlen, die er erst in dieser Energiephase gefördert hat.'"""
    state = produce_turn()
    put_tank(state, 0, "A1", converter="energy")
    put_tank(state, 0, "F7")  # a water tank off the river: needs 1 energy
    start_production(state)
    assert "produce" not in legal(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, "produce")
    act(state, 0, "idle F7", "produce")
    assert state.players[0].goods[ENERGY] == 1
    assert state.players[0].goods[WATER] == 0


@pytest.mark.parametrize(("setup", "action", "rule"),
                         [("produce", "produce", "energy"), ("sell", "sell water 1", "hold")])
def test_refusal_names_the_rule_even_when_no_action_of_the_kind_is_legal(setup: str, action: str, rule: str) -> None:
    """GUIDE: 'Illegal input: every action kind is tried where it is illegal; the error names the rule.'"""
    state = produce_turn()
    if setup == "produce":
        put_tank(state, 0, "F7")
        start_production(state)
    else:
        at(state, {"k": "trade", "p": 0, "r": WATER})
    with pytest.raises(IllegalAction, match=rule):
        state.apply(0, action)


def test_energy_tanks_and_river_water_tanks_need_no_energy() -> None:
    state = produce_turn()
    put_tank(state, 0, "A1", converter="energy")
    put_tank(state, 0, "C1")  # river, simple tank
    put_tank(state, 0, "C3", converter="ore")  # river, but converted: needs energy
    give(state, 0, energy=1)
    start_production(state)
    act(state, 0, "produce")
    assert state.players[0].goods == [0, 1, 1, 1]  # energy: 1 paid, 1 produced


def test_synergy_only_among_tanks_with_the_same_output() -> None:
    state = produce_turn()
    put_tank(state, 0, "A6", "B6", converter="ore")
    put_tank(state, 0, "A7", converter="quartz")
    put_tank(state, 0, "B7")
    give(state, 0, energy=4)
    assert state.production(0, state.tanks_of(0))["synergy"] == [0, 1, 0, 0]


def test_synergy_only_among_tanks_of_the_same_owner() -> None:
    """'Der Synergie-Effekt gilt nicht für Tanks, die verschiedenen Spielern gehören.'"""
    state = produce_turn()
    put_tank(state, 0, "A6")
    put_tank(state, 1, "B6", "C6")
    put_tank(state, 0, "D6")
    assert state.production(0, state.tanks_of(0))["synergy"] == [0, 0, 0, 0]
    assert state.production(1, state.tanks_of(1))["synergy"] == [0, 0, 1, 0]


def test_idle_tanks_get_no_bonus_and_split_a_group() -> None:
    """'Tanks, die keine Rohstoffe durch Grundförderung gewonnen haben, können auch keine Rohstoffe durch
    Bonusförderung gewinnen.'"""
    state = produce_turn()
    put_tank(state, 0, "A6", "C6")
    put_tank(state, 0, "B6", compressor=True)
    state.airship_row = 6
    give(state, 0, energy=3)
    start_production(state)
    act(state, 0, "idle B6", "produce")
    assert state.players[0].goods[WATER] == 2 + 2  # A6 and C6: base + airship, no synergy, no compressor
    assert state.players[0].goods[ENERGY] == 1


def test_several_synergy_groups_of_different_resources() -> None:
    """'Ein Spieler kann mehrere, auch verschiedene Gruppen haben, die durch den Synergie-Effekt zusätzliche Rohstoffe
    fördern.'"""
    state = produce_turn()
    put_tank(state, 0, "A1", "A2", "A3", converter="energy")
    put_tank(state, 0, "F1", "F2", converter="ore")
    give(state, 0, energy=2)
    start_production(state)
    act(state, 0, "produce")
    assert state.players[0].goods[ENERGY] == 3 + 2
    assert state.players[0].goods[ORE] == 2 + 1


def test_production_in_player_order_for_players_with_tanks() -> None:
    state = produce_turn()
    hold_cards(state, {0: 4, 1: 3, 2: 1, 3: 2})
    put_tank(state, 0, "A1")
    put_tank(state, 1, "B1")
    put_tank(state, 3, "D1")
    at(state, {"k": "resource_phase"})
    assert [s["p"] for s in state.agenda if s["k"] == "produce"] == [3, 1, 0]


# =====================================================================================================================
# Resource phase: the exchange
# =====================================================================================================================


def test_exchange_trades_resource_by_resource_each_in_player_order() -> None:
    state = scene(3, cards={0: 2, 1: 3, 2: 1})
    at(state, {"k": "exchange"})
    trades = [(s["r"], s["p"]) for s in state.agenda if s["k"] == "trade"]
    assert trades == [(r, p) for r in (QUARTZ, ORE, WATER, ENERGY) for p in (2, 0, 1)]
    rest = [(s["k"], s.get("p")) for s in state.agenda if s["k"] != "trade"]
    assert rest == [("certificate", 2), ("certificate", 0), ("certificate", 1), ("end_phase", None)]


def trade_turn(resource: int, p: int = 0) -> PlanetSteamState:
    state = scene(4)
    at(state, {"k": "trade", "p": p, "r": resource}, {"k": "trade", "p": (p + 1) % 4, "r": resource})
    return state


def test_price_adjusts_after_a_pass_too() -> None:
    """'Auch wenn er passt, muss der aktive Spieler anschließend den Preis des Rohstoffes anpassen.'"""
    state = trade_turn(WATER)
    set_exchange(state, "water", price=6, supply=1)  # blue: +1
    act(state, 0, "pass")
    assert state.price[WATER] == 7
    set_exchange(state, "water", supply=0)  # black: +2
    act(state, 1, "pass")
    assert state.price[WATER] == 9


def test_price_never_leaves_its_scale() -> None:
    state = trade_turn(ENERGY)
    scale = state.fig.scales[ENERGY]
    set_exchange(state, "energy", price=scale.price_min + 1, supply=scale.supply_max)  # red: -3
    act(state, 0, "pass")
    assert state.price[ENERGY] == scale.price_min
    set_exchange(state, "energy", price=scale.price_max - 1, supply=0)  # black: +2
    act(state, 1, "pass")
    assert state.price[ENERGY] == scale.price_max


def test_selling_at_the_top_of_the_supply_scale() -> None:
    """'Ein Spieler kann auch dann weiter Rohstoffe einer Art verkaufen, wenn deren Vorratsanzeiger auf seinem
    Höchststand ist.'"""
    state = trade_turn(ORE)
    top = state.fig.scales[ORE].supply_max
    set_exchange(state, "ore", price=8, supply=top)
    give(state, 0, credits=0, ore=2)
    act(state, 0, "sell ore 2")
    assert state.players[0].credits == 16
    assert state.supply[ORE] == top


def test_buying_beyond_capacity_loses_the_excess_without_restoring_the_supply() -> None:
    """'Falls ein Spieler mehr Rohstoffe kauft, als die Ladekapazität seines Frachters erlaubt, muss er die
    überzähligen Rohstoffe in den Vorrat zurücklegen, ohne die Vorratsanzeige zu ändern.'"""
    state = trade_turn(ORE)
    set_exchange(state, "ore", price=3, supply=10)
    give(state, 0, credits=100, ore=3)  # class 1: room for 1 more
    act(state, 0, "buy ore 4")
    assert state.players[0].goods[ORE] == state.capacity(0, ORE)
    assert state.players[0].credits == 100 - 12
    assert state.supply[ORE] == 6


def test_buying_limited_by_supply_and_credits() -> None:
    state = trade_turn(QUARTZ)
    set_exchange(state, "quartz", price=10, supply=3)
    give(state, 0, credits=25, quartz=0)
    assert [a for a in legal(state, 0) if a.startswith("buy")] == ["buy quartz 1", "buy quartz 2"]
    give(state, 0, credits=100)
    assert [a for a in legal(state, 0) if a.startswith("buy")][-1] == "buy quartz 3"
    set_exchange(state, "quartz", supply=0)
    assert not [a for a in legal(state, 0) if a.startswith("buy")]


def test_selling_limited_to_what_one_holds() -> None:
    state = trade_turn(WATER)
    give(state, 0, water=2)
    assert [a for a in legal(state, 0) if a.startswith("sell")] == ["sell water 1", "sell water 2"]
    with pytest.raises(IllegalAction, match="you hold 2"):
        state.apply(0, "sell water 3")


# =====================================================================================================================
# Resource phase: certificates
# =====================================================================================================================


def certificate_turn(edition: str = "2013") -> PlanetSteamState:
    state = scene(4, edition=edition)
    at(state, {"k": "certificate", "p": 0}, {"k": "certificate", "p": 1})
    return state


@pytest.mark.parametrize(("edition", "water"), [("2013", 1), ("2008", 2)])
def test_buy_a_building_permit(edition: str, water: int) -> None:
    state = certificate_turn(edition)
    give(state, 0, quartz=1, water=water - 1)
    assert "buy-permit" not in legal(state, 0)
    give(state, 0, water=water)
    stock = state.stock["building_permits"]
    act(state, 0, "buy-permit")
    assert state.players[0].permits == 1
    assert (state.players[0].goods[QUARTZ], state.players[0].goods[WATER]) == (0, 0)
    assert state.stock["building_permits"] == stock - 1
    assert state.active_players() == [1]  # one certificate action each


@pytest.mark.parametrize(("edition", "ore"), [("2013", 1), ("2008", 2)])
def test_buy_luxury_quarters(edition: str, ore: int) -> None:
    state = certificate_turn(edition)
    give(state, 0, quartz=1, ore=ore)
    act(state, 0, "buy-quarters")
    assert state.players[0].luxury_quarters == 1
    assert (state.players[0].goods[QUARTZ], state.players[0].goods[ORE]) == (0, 0)


def test_sold_permit_leaves_the_game() -> None:
    """'Wer eine Baulizenz verkauft, muss sie in die Spielschachtel zurücklegen und nicht zurück in den Vorrat.'"""
    state = certificate_turn()
    give(state, 0, credits=0, permits=2)
    stock = state.stock["building_permits"]
    act(state, 0, "sell-permit")
    assert (state.players[0].permits, state.players[0].credits) == (1, 15)
    assert state.stock["building_permits"] == stock


def test_certificates_limited_by_the_stock() -> None:
    state = certificate_turn()
    give(state, 0, quartz=4, ore=4, water=4)
    state.stock["building_permits"] = 0
    state.stock["luxury_quarters"] = 0
    assert legal(state, 0) == ["pass"]


# =====================================================================================================================
# End phase and game end
# =====================================================================================================================


def end_phase(state: PlanetSteamState) -> None:
    at(state, {"k": "end_phase"})


def test_no_tank_production_raises_ore_and_energy_prices_by_four() -> None:
    state = scene(4)
    state.supply[ORE] = state.supply[ENERGY] = 0
    set_exchange(state, "ore", price=5)
    set_exchange(state, "energy", price=9)  # the scale stops at 10
    end_phase(state)
    assert state.price[ORE] == 9
    assert state.price[ENERGY] == state.fig.scales[ENERGY].price_max


def test_full_tank_market_produces_nothing_and_moves_no_price() -> None:
    state = scene(4)
    state.round = state.fig.rounds
    state.track = 14
    supply, price = state.supply[:], state.price[:]
    end_phase(state)
    assert (state.supply, state.price, state.track) == (supply, price, 14)


@pytest.mark.parametrize(("n", "rounds"), [(2, 7), (3, 6), (4, 5), (5, 4)])
def test_game_lasts_7_6_5_4_rounds(n: int, rounds: int) -> None:
    state = new_state(n, seed=n)
    play_until(state)
    assert state.is_over() and state.round == rounds
    assert state.active_players() == [] and state.legal_actions(0) == []


def test_next_round_is_prepared() -> None:
    state = scene(4, cards={0: 3, 1: 1, 2: 2, 3: 4}, variable_trading_order=True)
    state.start_player = 1  # the auction's end made Lady Steam's holder (seat 1) the start player
    state.airship_row = 4
    state.trade_markers = {"ore": 1}
    end_phase(state)
    assert state.round == 2
    assert state.start_player == 1  # and she opens the next round's auction
    assert (state.airship_row, state.trade_markers) == (0, {})
    assert state.cards == [-1, -1, -1, -1]
    assert state.bonus == [1, 1, 1, 1]
    assert state.active_players() == [1]


def test_final_wealth_and_shared_victory() -> None:
    """'Bei einem Gleichstand teilen sich alle daran beteiligten Spieler den Sieg.'"""
    state = scene(3)
    for pl in state.players:
        pl.goods = [0, 0, 0, 0]
    give(state, 0, credits=75)
    give(state, 1, credits=50)
    own(state, 1, "F5")
    give(state, 2, credits=74)
    assert [s.total for s in state.scores()] == [75, 75, 74]
    assert state.winners() == [0, 1]


def test_scores_count_resources_at_the_current_price() -> None:
    state = scene(4)
    give(state, 0, credits=0, quartz=2, ore=1, water=0, energy=3)
    state.price = [11, 7, 5, 2]
    assert state.scores()[0].total == 2 * 11 + 7 + 3 * 2


# =====================================================================================================================
# Advanced rules
# =====================================================================================================================


def test_immovable_tanks_never_move_but_converters_and_compressors_do() -> None:
    state = build_turn(immovable_tanks=True)
    put_tank(state, 0, "A1", converter="ore", compressor=True)
    put_tank(state, 0, "B1")
    own(state, 0, "C1")
    options = legal(state, 0)
    assert not [a for a in options if a.startswith("move ")]
    assert "move-converter A1 B1" in options and "move-compressor A1 B1" in options


def test_river_restriction_no_quartz_or_ore_on_rivers() -> None:
    """'Tanks auf Flusszonen können nicht mit Erz- oder Quarzkonvertern ausgerüstet werden.'"""
    state = build_turn(river_restriction=True)
    put_tank(state, 0, "C1")  # river
    put_tank(state, 0, "A1", converter="ore")
    own(state, 0, "C2")  # river, empty
    give(state, 0, credits=50)
    options = legal(state, 0)
    assert "buy-converter C1 energy" in options
    assert "buy-converter C1 ore" not in options and "buy-converter C1 quartz" not in options
    assert "move A1 C2" not in options  # an ore tank may not move onto a river
    assert "move-converter A1 C1" not in options
    assert "move C1 C2" in options


def test_without_river_restriction_rivers_take_any_converter() -> None:
    state = build_turn()
    put_tank(state, 0, "C1")
    give(state, 0, credits=50)
    assert {"buy-converter C1 ore", "buy-converter C1 quartz"} <= set(legal(state, 0))


def trading_order_auction(n: int) -> PlanetSteamState:
    state = auction_start(n, variable_trading_order=True)
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


def test_variable_trading_order_two_players_place_two_markers_each() -> None:
    state = trading_order_auction(2)
    win_cheaply(state, 1)
    act(state, 0, "order 1 energy", "order 2 water")
    assert state.agenda[0]["k"] == "engineer"
    play_until(state, "order")
    act(state, 1, "order 3 ore", "order 4 quartz")
    assert state.trading_order() == [ENERGY, WATER, ORE, QUARTZ]


def test_variable_trading_order_three_players_last_marker_fills_the_last_number() -> None:
    state = trading_order_auction(3)
    win_cheaply(state, 1)
    act(state, 0, "order 2 ore")
    win_cheaply(state, 2)
    act(state, 1, "order 4 quartz")
    play_until(state, "order")
    act(state, 2, "order 1 water")
    play_until(state, "speculate")
    assert state.trade_markers == {"ore": 2, "quartz": 4, "water": 1, "energy": 3}
    assert state.trading_order() == [WATER, ORE, ENERGY, QUARTZ]


def test_variable_trading_order_five_players_last_places_none() -> None:
    state = trading_order_auction(5)
    for card in (1, 2, 3, 4):
        p = win_cheaply(state, card)
        assert state.agenda[0]["k"] == "order" and state.active_players() == [p]
        act(state, p, legal(state, p)[0])
    play_until(state, "speculate")
    assert len(state.trade_markers) == 4
    assert state.specialists_of(4)  # the fifth player took the last card without a marker


def test_variable_trading_order_drives_the_exchange() -> None:
    state = scene(4, variable_trading_order=True)
    state.trade_markers = {"energy": 1, "quartz": 2, "water": 3, "ore": 4}
    at(state, {"k": "exchange"})
    assert [s["r"] for s in state.agenda if s["k"] == "trade"][::4] == [ENERGY, QUARTZ, WATER, ORE]


def test_variable_claims_start_with_an_empty_map() -> None:
    state = new_state(3, variable_claims=True, river_neutrals=0)
    assert set(state.owner) == {UNAVAILABLE, UNCLAIMED}
    assert all(pl.markers == 14 for pl in state.players)


@pytest.mark.parametrize(("n", "roll", "count"), [
    (2, 1, 1), (2, 3, 3), (2, 4, 0), (2, 6, 0),
    (3, 4, 4), (3, 5, 0),
    (4, 5, 5), (4, 6, 0),
    (5, 2, 2), (5, 5, 5), (5, 6, 0),
])
def test_variable_claims_river_die_table(n: int, roll: int, count: int) -> None:
    state = new_state(n, variable_claims=True)
    rig_dice(state, roll)
    assert state._river_neutral_count() == count


def test_variable_claims_start_player_places_the_river_neutrals() -> None:
    state = new_state(4, start=3, variable_claims=True, river_neutrals=2)
    finish_setup_upgrades_only(state)
    assert state.agenda[0] == {"k": "river_neutral", "p": 3, "left": 2}
    assert legal(state, 3) == [f"neutral {state.fig.zone_names[z]}" for z in sorted(state.fig.rivers)]
    act(state, 3, "neutral C2", "neutral E6")
    assert {state.fig.zone_names[z] for z, o in enumerate(state.owner) if o == NEUTRAL} == {"C2", "E6"}
    assert state.agenda[0]["k"] == "bid"


def finish_setup_upgrades_only(state: PlanetSteamState) -> None:
    while state.agenda[0]["k"] == "setup_upgrade":
        act(state, state.agenda[0]["p"], "upgrade water")


@pytest.mark.parametrize(("n", "extra"), [(3, 2), (5, 1)])
def test_variable_claims_snake_draft_after_the_auction(n: int, extra: int) -> None:
    """'Beginnend mit dem Startspieler und weiter in Spielerreihenfolge legt dann jeder Spieler einen seiner eigenen
    Besitzmarker ... und auch einen neutralen Besitzmarker ... Anschließend, beginnend mit dem letzten Spieler und
    weiter in entgegengesetzter Spielerreihenfolge ... In Spielen mit weniger als fünf Spielern legt der Startspieler
    zwei neutrale Besitzmarker anstatt einem.'"""
    state = auction_start(n, variable_claims=True, river_neutrals=0)
    for card in range(1, n):
        win_cheaply(state, card)
    play_until(state, "draft")
    order = state.order
    drafts = [(s["p"], s["own"], s["neutral"]) for s in state.agenda if s["k"] == "draft"]
    expected = [(p, 1, extra if p == order[0] else 1) for p in order + order[::-1]]
    assert drafts == expected
    first = order[0]
    act(state, first, "place E2", "neutral E3")
    if extra == 2:
        assert state.active_players() == [first]
        act(state, first, "neutral E4")
    assert state.active_players() == [order[1]]
    play_until(state, "speculate")
    assert all(state.owner.count(p) == 2 for p in range(n))
    assert state.owner.count(NEUTRAL) == 2 * n + 2 * (extra - 1)


def test_claim_by_choice_needs_no_roll_permits_still_usable() -> None:
    state = claim_turn(claim_by_choice=True)
    give(state, 0, permits=1)
    options = legal(state, 0)
    assert "claim C4 choice" in options and "claim C4 permit" in options
    assert not [a for a in options if a.endswith(" roll")]
    events = act(state, 0, "claim C4 choice")
    assert not events_of(events, "roll")
    assert state.owner[zone(state, "C4")] == 0
    assert state.players[0].permits == 1


# =====================================================================================================================
# Optional cards
# =====================================================================================================================


def manipulation(credits: int = 100, start: int = 0) -> PlanetSteamState:
    """The first bidding round won by the start player, who is now to manipulate prices."""
    state = auction_start(4, start=start, price_manipulation=True)
    give(state, start, credits=credits + 1)
    win_cheaply(state, 2)
    assert state.agenda[0]["k"] == "manipulate"
    return state


def test_weak_manipulation_is_free_one_resource_up_to_three_not_quartz() -> None:
    state = manipulation()
    act(state, 0, "manipulate weak")
    assert state.players[0].credits == 100
    assert not [a for a in legal(state, 0) if "quartz" in a]
    assert "done" not in legal(state, 0)  # the card must be used
    act(state, 0, "shift water down")
    assert sorted(legal(state, 0)) == ["done", "shift water down"]  # the same resource, the same way
    water = state.price[WATER]
    act(state, 0, "shift water down", "shift water down")
    assert legal(state, 0) == ["done"]
    assert state.price[WATER] == water - 2


def test_moderate_manipulation_costs_4_any_resources_but_quartz_4_steps() -> None:
    state = manipulation()
    act(state, 0, "manipulate moderate")
    assert state.players[0].credits == 96
    act(state, 0, "shift ore up", "shift water down", "shift energy up")
    assert not [a for a in legal(state, 0) if "quartz" in a]
    act(state, 0, "shift energy up")
    assert legal(state, 0) == ["done"]


def test_strong_manipulation_costs_8_any_resources_5_steps() -> None:
    state = manipulation()
    quartz = state.price[QUARTZ]
    act(state, 0, "manipulate strong")
    assert state.players[0].credits == 92
    act(state, 0, "shift quartz up", "shift quartz up", "shift ore down", "shift ore down", "shift water up")
    assert legal(state, 0) == ["done"]
    assert state.price[QUARTZ] == quartz + 2


def test_manipulation_only_as_costly_as_affordable() -> None:
    state = manipulation(credits=7)
    assert legal(state, 0) == ["manipulate weak", "manipulate moderate"]


def test_manipulation_card_only_for_the_first_winner_and_returned_with_credits() -> None:
    """'Zu Beginn der Abschlussphase nimmt der Spieler, der die Preismanipulationskarte besitzt, so viele Credits aus
    dem allgemeinen Vorrat, wie es der Reihenfolgennummer seiner Spezialistenkarte entspricht.'"""
    state = manipulation()
    act(state, 0, "manipulate weak", "shift ore up", "done")
    win_cheaply(state, 3)
    assert state.agenda[0]["k"] != "manipulate"
    assert state.manipulator == 0
    play_until(state, "speculate")
    credits = state.players[0].credits
    state.round = state.fig.rounds
    at(state, {"k": "end_phase"})
    assert state.players[0].credits == credits + 2  # card number 2
    assert state.manipulator == -1


def sabotage_game(round_: int) -> PlanetSteamState:
    state = auction_start(4, sabotage=True)
    clear_map(state)
    state.round = round_
    put_tank(state, 1, "A1", "B1")
    put_tank(state, 2, "A7")
    return state


def test_no_sabotage_in_the_first_round() -> None:
    state = sabotage_game(1)
    for card in (1, 2, 3):
        win_cheaply(state, card)
    play_until(state, "speculate")
    assert state.saboteur == -1


def test_sabotage_without_an_opponents_tank_has_no_effect() -> None:
    state = sabotage_game(2)
    clear_map(state)
    for card in (1, 2, 3):
        win_cheaply(state, card)
    play_until(state, "sabotage")
    assert legal(state, 3) == ["pass"]
    act(state, 3, "pass")
    assert not any(state.toppled)


def test_sabotage_last_winner_idles_an_opponents_tank_compensated_by_twice_a_die() -> None:
    """'Er wählt einen Gegenspieler aus und dieser Spieler muss dann sofort einen Tank eigener Wahl auf einem seiner
    Besitzmarker auf die Seite legen.' ... 'Er erhält so viele Credits aus dem allgemeinen Vorrat wie das doppelte
    Würfelergebnis.'"""
    state = sabotage_game(2)
    for card in (1, 2, 3):
        win_cheaply(state, card)
    play_until(state, "sabotage")
    assert state.active_players() == [3]  # the last card's holder
    assert legal(state, 3) == ["sabotage 1", "sabotage 2"]  # opponents with a tank
    act(state, 3, "sabotage 1")
    assert legal(state, 1) == ["topple A1", "topple B1"]  # the victim chooses the tank
    act(state, 1, "topple B1")
    b1 = zone(state, "B1")
    assert state.toppled[b1]
    # a toppled tank is neither used nor changed
    give(state, 1, credits=50, energy=3)
    at(state, {"k": "build", "p": 1})
    assert not [a for a in legal(state, 1) if "B1" in a]
    at(state, {"k": "produce", "p": 1, "idle": []})
    assert state.producing(1, state.agenda[0]) == [zone(state, "A1")]
    credits = state.players[1].credits
    rig_dice(state, 4)
    state.round = state.fig.rounds
    at(state, {"k": "end_phase"})
    assert not state.toppled[b1]
    assert state.players[1].credits == credits + 8
    assert state.saboteur == -1


def freighter_game() -> PlanetSteamState:
    return auction_start(4, independent_freighter=True)


def test_independent_freighter_auctioned_first_bid_kept_as_deposit() -> None:
    state = freighter_game()
    step = state.agenda[0]
    assert (step["k"], step["what"]) == ("bid", "freighter")
    assert state.bonus == [0, 0, 0, 0]  # before the bonus resources
    assert "pass" not in legal(state, 0)
    act(state, 0, "bid 3")
    act(state, 1, "bid 5")
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, 0, "pass")
    assert (state.freighter_holder, state.freighter_deposit) == (1, 5)
    assert state.players[1].credits == 115
    assert state.bonus == [1, 1, 1, 1]
    assert state.agenda[0]["what"] == "specialist" and state.active_players() == [0]


def test_independent_freighter_holds_three_of_any_mix() -> None:
    state = scene(4)
    state.freighter_holder = 1
    give(state, 1, quartz=4, ore=4, water=0, energy=0)
    assert state.room(1, QUARTZ) == 3
    at(state, {"k": "trade", "p": 1, "r": QUARTZ})
    act(state, 1, "buy quartz 2")
    assert state.players[1].goods[QUARTZ] == 6
    assert state.room(1, ORE) == 1 and state.room(1, WATER) == state.capacity(1, WATER) + 1


def test_independent_freighter_kept_for_its_bid_then_must_go_back() -> None:
    """'Um die Karte eine weitere Spielrunde lang zu behalten, muss er so viel Credits zahlen, wie er für die
    Ersteigerung der Karte geboten hatte ... Er kann die Karte nicht eine dritte Spielrunde lang behalten.'"""
    state = freighter_game()
    act(state, 0, "bid 4")
    for p in (1, 2, 3):
        act(state, p, "pass")
    play_until(state, "freighter_keep")
    assert state.round == 1 and state.active_players() == [0]
    credits = state.players[0].credits
    act(state, 0, "keep")
    assert state.players[0].credits == credits - 4
    play_until(state, "bid", round_=2)
    assert state.agenda[0]["what"] == "specialist" and state.freighter_holder == 0  # no auction while held
    play_until(state, "bid", round_=3)
    assert state.agenda[0]["what"] == "freighter"  # round 3 starts with its auction
    assert state.freighter_holder == -1


def test_independent_freighter_released_goes_back_to_auction_and_excess_goods_are_lost() -> None:
    state = freighter_game()
    act(state, 0, "bid 4")
    for p in (1, 2, 3):
        act(state, p, "pass")
    play_until(state, "freighter_keep")
    act(state, 0, "release")
    assert state.freighter_holder == 0  # kept to the end of this round
    give(state, 0, water=state.capacity(0, WATER) + 2)
    state.round = 1
    at(state, {"k": "round_start"})
    assert state.freighter_holder == -1
    assert state.players[0].goods[WATER] == state.capacity(0, WATER)
    assert state.agenda[0]["what"] == "freighter"


def test_independent_freighter_cannot_be_kept_in_the_last_round() -> None:
    """README decision: there is no further round to keep it for, so no keep decision (and no payment)."""
    state = freighter_game()
    act(state, 0, "bid 4")
    for p in (1, 2, 3):
        act(state, p, "pass")
    state.round = state.fig.rounds
    play_until(state, "airship")
    (captain,) = state.active_players()
    act(state, captain, "airship 1")
    assert state.agenda[0]["k"] == "activate"  # no freighter_keep decision
    assert state.freighter_released and state.freighter_holder == 0


def test_keeping_the_freighter_needs_the_credits() -> None:
    state = freighter_game()
    act(state, 0, "bid 4")
    for p in (1, 2, 3):
        act(state, p, "pass")
    play_until(state, "freighter_keep")
    give(state, 0, credits=3)
    assert legal(state, 0) == ["release"]


def test_hidden_credits_in_views() -> None:
    """'Die Spieler können ihre verfügbaren Credits geheim halten ... Niemand kann die Credits eines anderen Spielers
    überprüfen.'"""
    state = new_state(4, hidden_credits=True)
    give(state, 2, credits=77)
    view = state.view(2)
    assert [pl["credits"] for pl in view["holdings"]] == [None, None, 77, None]
    assert [pl["credits"] for pl in state.view(None)["holdings"]] == [None] * 4
    assert "rng" not in view
    assert [pl["goods"] for pl in view["holdings"]] == [pl.goods for pl in state.players]  # goods are public
    open_state = new_state(4)
    assert [pl["credits"] for pl in open_state.view(0)["holdings"]] == [120] * 4


def pass_as_seen(state: PlanetSteamState, event: dict[str, object], viewer: int) -> dict[str, object]:
    """A pass event as ``viewer`` receives it, without the passer's seat (which differs between passers)."""
    seen = dict(state.event_view(event, viewer))
    seen.pop("player")
    return seen


def test_hidden_credits_a_player_who_cannot_raise_is_asked_and_passes_like_anyone() -> None:
    """'Niemand kann die Credits eines anderen Spielers überprüfen': with hidden credits a player who cannot beat the
    bid is not passed automatically (that would tell the table, by its reason and by coming inside another's move,
    that the purse is short). They are asked, may only pass, and the others receive an ordinary pass."""
    state = auction_start(4, hidden_credits=True)
    give(state, 1, credits=5)
    act(state, 0, "bid 10")
    assert state.active_players() == [1]
    assert legal(state, 1) == ["pass"]
    (forced,) = act(state, 1, "pass")
    (chosen,) = act(state, 2, "pass")  # seat 2 could raise
    for viewer in (0, 3, None):
        assert pass_as_seen(state, forced, viewer) == pass_as_seen(state, chosen, viewer) == {  # type: ignore[arg-type]
            "type": "pass", "what": "specialist"}
    open_state = auction_start(4)
    give(open_state, 1, credits=5)
    events = act(open_state, 0, "bid 10")  # open credits: the pass is automatic, with its reason
    assert {"type": "pass", "player": 1, "what": "specialist", "why": "cannot bid more"} in events
    assert open_state.active_players() == [2]


def test_hidden_credits_a_zone_auction_opener_without_credits_may_pass() -> None:
    """The opener may not pass before a bid, but one who cannot bid at all (hidden credits: asked anyway) passes."""
    state = scene(4, cards={0: 2, 1: 1, 2: 3, 3: 4}, hidden_credits=True)
    at(state, {"k": "speculation"})
    give(state, 1, credits=0)
    act(state, 0, "auction C4")
    assert state.active_players() == [1] and legal(state, 1) == ["pass"]
    for p in (1, 2, 3, 0):
        act(state, p, "pass")
    assert state.owner[zone(state, "C4")] == UNCLAIMED


CREDIT_AMOUNTS = {"grant": ["credits"], "engineer": ["credits"], "compensation": ["credits"],
                  "manipulation_returned": ["credits"], "sabotage_compensation": ["credits"], "manipulation": ["paid"],
                  "zone_won": ["paid"], "auction_won": ["bid"], "freighter_won": ["deposit"],
                  "freighter_kept": ["forfeited", "paid"], "freighter_released": ["forfeited"]}


def test_hidden_credits_no_amounts_in_the_events_others_receive() -> None:
    """Random games with every card that moves credits: each amount a player pays or receives reaches that player
    alone (event_view); bids and market prices stay public, as at the table. The seeds meet every such event."""
    seen_types: set[str] = set()
    for seed in (1, 2, 3):
        state = new_game("planet_steam", 3, seed=seed, options={
            "hidden_credits": True, "price_manipulation": True, "sabotage": True, "independent_freighter": True})
        rng = random.Random(seed)
        while not state.is_over():
            (player,) = state.active_players()
            for event in state.apply(player, rng.choice(state.legal_actions(player))):
                if event["type"] == "pass":
                    assert set(state.event_view(event, None)) <= {"type", "player", "what", "why"}
                    assert event.get("why", "no claim marker left") == "no claim marker left"
                fields = CREDIT_AMOUNTS.get(event["type"], [])
                if not set(fields) & set(event):  # e.g. the Engineer's permit moves no credits
                    continue
                seen_types.add(event["type"])
                owner = event["player"]
                assert event["private_to"] == owner and event["secret"] == fields
                assert state.event_view(event, owner) == event
                for viewer in [None, *range(3)]:
                    if viewer != owner:
                        assert not set(fields) & set(state.event_view(event, viewer))
    assert seen_types == set(CREDIT_AMOUNTS)


def test_open_credits_keep_their_amounts_public() -> None:
    state = auction_start(4)
    events = act(state, 0, "bid 3") + act(state, 1, "pass") + act(state, 2, "pass") + act(state, 3, "pass")
    (won,) = [e for e in events if e["type"] == "auction_won"]
    assert won == {"type": "auction_won", "player": 0, "bid": 3}
    assert state.event_view(won, 1) == won


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


# =====================================================================================================================
# The protocol (GUIDE: to_json / from_json)
# =====================================================================================================================


def test_state_survives_a_json_round_trip_mid_game() -> None:
    from brassboard.engine import state_from_json

    state = auction_start(3, independent_freighter=True)
    play_until(state, "claim")
    copy = state_from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    assert copy.legal_actions(state.active_players()[0]) == state.legal_actions(state.active_players()[0])
