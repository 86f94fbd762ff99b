"""One focused test per rule of Planet Steam: the expansion phase's auctions: bonus resources, the specialist
auction and the Speculator's zone auction.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import pytest
from helpers import (
    NEUTRAL,
    TABLE_1,
    UNCLAIMED,
    act,
    at,
    auction_start,
    finish_setup,
    give,
    legal,
    new_state,
    play_until,
    scene,
    snapshot,
    win_cheaply,
    zone,
)

from brassboard.engine import IllegalAction
from brassboard.games.planet_steam.figures import ORE, QUARTZ, figures
from brassboard.games.planet_steam.rules import PlanetSteamState

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


@pytest.mark.parametrize("edition", ["2013", "2008"])
def test_every_specialist_card_carries_its_rules_text_in_english_and_german(edition: str) -> None:
    """The browser shows each card's effect (issue 12): every specialist has an English and a German text in the
    data, the 2008 privileges in their own wording where they differ (the Heater's coupler, the Constructor's
    permit rule, the Speculator's payable bids)."""
    public = figures(edition, 5, {}).public
    rules = public["specialist_rules"]
    assert set(rules) == set(public["specialist_names"]) == {
        "lady_steam", "speculator", "airship_captain", "engineer", "banker"}
    for key, text in rules.items():
        assert set(text) == {"en", "de"} and all(len(t) > 40 for t in text.values()), key
        assert text["en"] != text["de"], key
    assert "{credits}" in rules["engineer"]["en"] and "{credits}" in rules["engineer"]["de"]
    if edition == "2008":
        assert "coupler" in rules["airship_captain"]["en"] and "Energiekoppler" in rules["airship_captain"]["de"]
        assert "Only the holder" in rules["engineer"]["en"]
    else:
        assert "airship" in rules["airship_captain"]["en"] and "Luftschiff" in rules["airship_captain"]["de"]
        assert "twice his credits" in rules["speculator"]["en"]


def test_the_last_player_without_a_card_takes_it_for_one_credit_and_the_event_says_no_auction_was_held() -> None:
    """The last player takes the last card for the minimum bid, without an auction: the event says so (``alone``),
    so the log does not call it winning an auction."""
    state = auction_start(3)
    act(state, 0, "bid 1")
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 0, "take 1", "bonus ore")
    act(state, 1, "bid 1")
    events = act(state, 2, "pass")
    won = [e for e in events if e["type"] == "auction_won"]
    assert [(e["player"], e["bid"], e.get("alone", False)) for e in won] == [(1, 1, False)]
    credits = state.players[2].credits
    later = act(state, 1, "take 2", "engineer credits", "bonus quartz")
    (last,) = [e for e in later if e["type"] == "auction_won"]
    assert (last["player"], last["bid"], last["alone"]) == (2, 1, True)
    assert state.players[2].credits == credits - 1
