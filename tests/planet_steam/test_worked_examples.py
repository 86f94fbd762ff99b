"""Every worked example of the two Planet Steam rules texts, replayed on the engine.

2013 (German, the default): shared/seeds/000_3af5d24d34c5c0e8.txt. 2008 (English translation, ``edition: "2008"``):
shared/seeds/003_231059ddeea62efb.txt. Each test quotes the example it replays. Where an example is a sequence of
decisions the test plays the real actions; where it describes a position, the position is built by editing the
state (see ``helpers``). Seats run clockwise: the rules' "left" of seat p is seat p + 1.
"""

from __future__ import annotations

from helpers import (
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

from brassboard.engine import new_game
from brassboard.games.planet_steam.figures import ENERGY, ORE, QUARTZ, WATER
from brassboard.games.planet_steam.rules import UNCLAIMED, PlanetSteamState

# ----- 2013: the expansion phase ----------------------------------------------------------------------------------


def test_example_bonus_resources() -> None:
    """'Der Quarzvorrat beträgt „2“. Die Spieler legen einen Quarzmarker in das Bonusrohstofffeld und reduzieren den
    Vorrat auf „1“. Der Erzvorrat beträgt „0“. Die Spieler können keinen Erzmarker in das Bonusrohstofffeld legen.'"""
    state = new_state(4)
    finish_setup(state)
    state.bonus = [0, 0, 0, 0]
    set_exchange(state, "quartz", supply=2)
    set_exchange(state, "ore", supply=0)
    set_exchange(state, "water", supply=5)
    set_exchange(state, "energy", supply=9)
    prices = state.price[:]
    at(state, {"k": "place_bonus"})
    assert state.bonus == [1, 0, 1, 1]
    assert state.supply == [1, 0, 4, 8]
    assert state.price == prices  # placing bonus resources never moves a price


def test_example_four_player_specialist_auction() -> None:
    """'Beispiel einer Spezialistenkarten-Versteigerung': Nico opens with 20, Saskia 22, Mona and Tobias pass, Nico
    23, Saskia passes; Nico pays 23, takes the Speculator (card 2) and quartz. Saskia opens the second round, which
    Tobias wins with 15 (Lady Steam, ore). Saskia cannot pass in the third round, bids 1, Mona passes: Engineer,
    a building permit and water. Mona takes the Airship Captain for 1; her energy freighter is full, so the energy
    bonus goes back to the exchange's supply.

    Played from the printed start, nothing edited: 4 players in the rules' seating (Nico, Saskia, Mona, Tobias
    clockwise), default options, and seed 2, whose set-up die makes Nico the start player. Every player upgrades
    the water freighter at set-up ("Beim ersten Spiel sollten alle Spieler ihren Wasserfrachter aufwerten"), so
    Mona's class-1 energy freighter is full with her start energy of 3 (table 2). Not printed, and chosen here:
    Saskia opens the second round with 10 and Mona passes in it."""
    nico, saskia, mona, tobias = 0, 1, 2, 3
    state = new_game("planet_steam", 4, seed=2)
    assert isinstance(state, PlanetSteamState)
    assert state.start_player == nico
    for seat in (nico, saskia, mona, tobias):
        act(state, seat, "upgrade water")
    assert [pl.goods[ENERGY] for pl in state.players] == [3, 3, 3, 3]
    assert state.room(mona, ENERGY) == 0  # "Die Ladekapazität ihres Energiefrachters ist bereits erschöpft"
    assert state.bonus == [1, 1, 1, 1]
    energy_supply = state.supply[ENERGY]
    start = [pl.credits for pl in state.players]
    assert start == [120] * 4

    # Erste Bietrunde
    act(state, nico, "bid 20")
    act(state, saskia, "bid 22")
    act(state, mona, "pass")
    act(state, tobias, "pass")
    act(state, nico, "bid 23")
    act(state, saskia, "pass")  # Mona and Tobias have passed and cannot bid again: Nico wins
    assert legal(state, nico) == ["take 1", "take 2", "take 3", "take 4"]
    act(state, nico, "take 2", "bonus quartz")
    assert state.players[nico].credits == start[nico] - 23
    assert state.players[nico].goods[QUARTZ] == 1 + 1
    assert state.specialists_of(nico) == ("speculator",)

    # Zweite Bietrunde: Saskia sits left of Nico, who has won a round
    assert state.active_players() == [saskia]
    act(state, saskia, "bid 10")
    act(state, mona, "pass")
    act(state, tobias, "bid 15")
    act(state, saskia, "pass")
    assert legal(state, tobias) == ["take 1", "take 3", "take 4"]  # three cards left for the winner
    act(state, tobias, "take 1", "bonus ore")
    assert state.players[tobias].credits == start[tobias] - 15
    assert state.players[tobias].goods[ORE] == 2 + 1

    # Dritte Bietrunde: Saskia (not Tobias, who took Lady Steam) opens; she cannot pass
    assert state.active_players() == [saskia]
    assert "pass" not in legal(state, saskia)
    assert legal(state, saskia)[0] == "bid 1"
    act(state, saskia, "bid 1")
    act(state, mona, "pass")
    events = act(state, saskia, "take 4", "engineer permit", "bonus water")
    assert state.players[saskia].credits == start[saskia] - 1
    assert state.players[saskia].permits == 1
    assert state.players[saskia].goods[WATER] == 3 + 1

    # Vierte Bietrunde: Mona gets the last card for 1 credit; the energy bonus does not fit and returns
    assert state.specialists_of(mona) == ("airship_captain",)
    assert state.players[mona].credits == start[mona] - 1
    assert state.players[mona].goods[ENERGY] == 3
    assert {"type": "bonus_returned", "player": mona, "resource": "energy"} in events
    assert state.bonus == [0, 0, 0, 0]
    assert state.supply[ENERGY] == energy_supply + 1
    assert state.order == [tobias, nico, mona, saskia]  # Lady Steam 1, Speculator 2, Captain 3, Engineer 4
    # 'Der Spieler, der die Spezialistenkarte Lady Steam besitzt, ist Startspieler' once the auction is over
    assert state.start_player == tobias
    assert state.agenda[0]["k"] == "speculate" and state.active_players() == [nico]


def test_example_claim_by_die_roll_one_offers_nearest_zones() -> None:
    """'Der orange Spieler möchte einen Besitzmarker auf Zone A legen. Dummerweise würfelt er eine „1“. Er muss nun
    eine der noch unbesetzten Zonen B, C oder D wählen.' — the nearest unclaimed zone in each orthogonal direction
    (past claimed zones); in a direction with none there is no choice."""
    orange = 2
    state = new_state(4)
    finish_setup(state)
    clear_map(state)
    # A = C4. Up: C3 claimed, C2 free (B). Down: C5 free (C). Left: B4 free (D). Right: D4, E4, F4 claimed.
    neutral(state, "C3", "D4")
    own(state, 0, "E4", "F4")
    at(state, {"k": "claim", "p": orange})
    rig_dice(state, 1)
    events = act(state, orange, "claim C4 roll")
    assert [e["value"] for e in events_of(events, "roll")] == [1]
    assert sorted(legal(state, orange)) == ["divert B4", "divert C2", "divert C5"]
    act(state, orange, "divert C2")
    assert state.owner[zone(state, "C2")] == orange
    assert state.owner[zone(state, "C4")] == UNCLAIMED


def test_example_claim_by_die_no_zone_in_any_direction_gives_15_credits() -> None:
    """'Falls das nicht möglich ist, weil es in diesen Richtungen keine unbeanspruchten Zonen gibt, erhält der
    Spieler stattdessen 15 Credits aus dem allgemeinen Vorrat.'"""
    orange = 2
    state = new_state(4)
    finish_setup(state)
    clear_map(state)
    for z, name in enumerate(state.fig.zone_names):  # column C and row 4 all claimed, except C4 itself
        if name != "C4" and (name[0] == "C" or name[1:] == "4"):
            state.owner[z] = 0
    at(state, {"k": "claim", "p": orange})
    credits, markers = state.players[orange].credits, state.players[orange].markers
    rig_dice(state, 3)
    act(state, orange, "claim C4 roll")
    assert state.players[orange].credits == credits + 15
    assert state.players[orange].markers == markers
    assert state.owner[zone(state, "C4")] == UNCLAIMED
    assert not state.agenda  # the claim turn is over


def test_example_2008_claim_shaft_roll_one_no_shaft_to_the_right() -> None:
    """2008: 'Green chooses the shaft marked 0. Unfortunately he rolls 1 and is not allowed to occupy shaft 0.
    Instead he can choose shaft 1, 2 or 3. In the right direction there is no open shaft available.'"""
    green = 1
    state = new_state(4, edition="2008")
    finish_setup(state)
    clear_map(state)
    own(state, 0, "E3", "F3")  # right of D3: all occupied
    at(state, {"k": "claim", "p": green})
    rig_dice(state, 1)
    act(state, green, "claim D3 roll")
    assert sorted(legal(state, green)) == ["divert C3", "divert D2", "divert D4"]


def test_example_airship_boosts_every_tank_in_its_row() -> None:
    """'Der orange Spieler besitzt die Spezialistenkarte Luftschiffkapitän und setzt das Unterstützungsflugzeug auf
    den gezeigten Ankerplatz ... Während der Rohstoffphase fördert jeder Tank in dieser Reihe 1 Bonusrohstoff, auch
    der Tank des grünen Spielers.'"""
    green, orange = 1, 2
    state = new_state(4)
    finish_setup(state)
    clear_map(state)
    hold_cards(state, {0: 1, 1: 2, orange: 3, 3: 4})
    put_tank(state, orange, "A3", converter="ore")
    put_tank(state, orange, "A6", converter="ore")   # another row: no bonus
    put_tank(state, green, "F3", converter="ore")
    give(state, orange, ore=0, energy=2)
    give(state, green, ore=0, energy=1)
    at(state, {"k": "airship", "p": orange})
    assert legal(state, orange) == [f"airship {row}" for row in range(1, 8)]  # seven anchor points
    act(state, orange, "airship 3")
    at(state, {"k": "produce", "p": green}, {"k": "produce", "p": orange})
    act(state, green, "produce")
    act(state, orange, "produce")
    assert state.players[green].goods[ORE] == 2
    assert state.players[orange].goods[ORE] == 3  # A3: 1 + airship 1; A6: 1


# ----- 2013: production ---------------------------------------------------------------------------------------------


def test_example_basic_production_green_chooses_tanks() -> None:
    """'BEISPIEL GRUNDFÖRDERUNG': a simple tank and two ore tanks; she produces 1 ore with one ore tank, paying 1
    energy, the other ore tank produces nothing, and her simple tank on a river zone produces 1 water free."""
    green = 1
    state = new_state(4)
    finish_setup(state)
    clear_map(state)
    put_tank(state, green, "D4")  # a river zone
    put_tank(state, green, "A6", "F1", converter="ore")
    assert zone(state, "D4") in state.fig.rivers
    give(state, green, ore=0, water=0, energy=1)
    at(state, {"k": "produce", "p": green})
    assert "produce" not in legal(state, green)  # both ore tanks would need 2 energy
    act(state, green, "produce idle F1")
    assert state.players[green].goods[ORE] == 1
    assert state.players[green].goods[WATER] == 1
    assert state.players[green].goods[ENERGY] == 0


def test_example_bonus_production_compressor_and_synergy() -> None:
    """'BEISPIEL BONUSFÖRDERUNG (KOMPRESSOR UND SYNERGIE)': four connected simple tanks, one with a compressor, an
    empty class-2 water freighter (room for 7). 4 energy; 4 + 1 + 3 = 8 water; 7 stored, the 8th is lost."""
    orange = 2
    state = new_state(4)
    finish_setup(state)
    clear_map(state)
    put_tank(state, orange, "A6", compressor=True)
    put_tank(state, orange, "B6", "A7", "B7")
    give(state, orange, water=0, energy=4, freighter={"water": 2})
    assert state.capacity(orange, WATER) == 7
    at(state, {"k": "produce", "p": orange})
    events = act(state, orange, "produce")
    (production,) = events_of(events, "production")
    assert production["energy"] == 4
    assert (production["base"][WATER], production["compressor"][WATER], production["synergy"][WATER]) == (4, 1, 3)
    assert production["total"][WATER] == 8
    (gain,) = events_of(events, "gain")
    assert (gain["amount"], gain["lost"]) == (7, 1)
    assert state.players[orange].goods[WATER] == 7
    assert state.players[orange].goods[ENERGY] == 0


def test_example_bonus_production_synergy_and_airship() -> None:
    """'BEISPIEL BONUSFÖRDERUNG (SYNERGIE UND UNTERSTÜTZUNGSLUFTSCHIFF)': five quartz tanks in a group of 3 and a
    group of 2, two of them in the airship's row, a class-4 quartz freighter: 5 energy, 5 + 2 + 1 + 2 = 10 quartz."""
    purple = 3
    state = new_state(4)
    finish_setup(state)
    clear_map(state)
    put_tank(state, purple, "A2", "B2", "A3", "F5", "F6", converter="quartz")
    state.airship_row = 2
    give(state, purple, quartz=0, energy=5, freighter={"quartz": 4})
    at(state, {"k": "produce", "p": purple})
    events = act(state, purple, "produce")
    (production,) = events_of(events, "production")
    assert production["energy"] == 5
    assert production["base"][QUARTZ] == 5
    assert production["synergy"][QUARTZ] == 2 + 1
    assert production["airship"][QUARTZ] == 2
    assert sorted(production["groups"]) == [["A2", "A3", "B2"], ["F5", "F6"]]
    assert state.players[purple].goods[QUARTZ] == 10
    assert state.players[purple].goods[ENERGY] == 0


# ----- 2013: the exchange -------------------------------------------------------------------------------------------


def test_example_buying_water() -> None:
    """'Der aktuelle Wasserpreis beträgt 7 Credits und der Wasservorrat ist 6. Saskia kauft 2 Wasser für 14
    Credits ... Der Vorrat ist im grünen Bereich, also ändert sich der Preis nicht.'"""
    saskia = 1
    state = new_state(4)
    finish_setup(state)
    set_exchange(state, "water", price=7, supply=6)
    give(state, saskia, credits=50, water=0)
    at(state, {"k": "trade", "p": saskia, "r": WATER}, {"k": "trade", "p": 2, "r": WATER})
    events = act(state, saskia, "buy water 2")
    assert state.players[saskia].credits == 50 - 14
    assert state.players[saskia].goods[WATER] == 2
    assert state.supply[WATER] == 4
    assert events_of(events, "band")[0]["band"] == "green"
    assert state.price[WATER] == 7
    assert state.active_players() == [2]  # then the next player in order may trade water


def test_example_selling_energy() -> None:
    """'BEISPIEL ROHSTOFFE VERKAUFEN': energy price 4, supply 9; purple sells 5 for 20 credits, the supply rises to
    14, which is red: -3, the price falls from 4 to 1."""
    purple = 3
    state = new_state(4)
    finish_setup(state)
    set_exchange(state, "energy", price=4, supply=9)
    give(state, purple, credits=30, energy=5, freighter={"energy": 2})
    at(state, {"k": "trade", "p": purple, "r": ENERGY})
    events = act(state, purple, "sell energy 5")
    assert state.players[purple].credits == 30 + 20
    assert state.players[purple].goods[ENERGY] == 0
    assert state.supply[ENERGY] == 14
    (band,) = events_of(events, "band")
    assert (band["band"], band["adjustment"]) == ("red", -3)
    assert state.price[ENERGY] == 1


# ----- 2013: the end phase and the final wealth ---------------------------------------------------------------------


def _end_phase(state: PlanetSteamState, *, ore: int, energy: int, track: int) -> PlanetSteamState:
    """Run the end phase of the last round with the given exchange supplies and market tanks."""
    state.supply[ORE], state.supply[ENERGY] = ore, energy
    state.track = track
    state.round = state.fig.rounds
    hold_cards(state, {p: p + 1 for p in range(state.num_players)})
    at(state, {"k": "end_phase"})
    assert state.is_over()
    return state


def test_example_tank_production_1() -> None:
    """'Beispiel 1: Es gibt 5 Erz und 9 Energie an der Rohstoffbörse ... Auf dem lokalen Tankmarkt gibt es derzeit
    sieben Tanks ... produziert der lokale Tankmarkt 5 neue Tanks.'"""
    state = new_state(4)
    finish_setup(state)
    prices = state.price[:]
    _end_phase(state, ore=5, energy=9, track=7)
    assert state.track == 12
    assert (state.supply[ORE], state.supply[ENERGY]) == (0, 4)
    assert state.price == prices  # ore ran out during production, not at the check: no shortage rise


def test_example_tank_production_2() -> None:
    """'Beispiel 2: Es gibt 5 Erz und 9 Energie ... Auf dem lokalen Tankmarkt sind 11 Tanks, also können höchstens 3
    neue Tanks produziert werden.'"""
    state = _end_phase(new_state(4), ore=5, energy=9, track=11)
    assert state.track == 14
    assert (state.supply[ORE], state.supply[ENERGY]) == (2, 6)


def test_example_tank_production_3() -> None:
    """'Beispiel 3: Es gibt 5 Erz und 0 Energie ... Der Energiepreis erhöht sich um 4. Der Erzpreis bleibt
    unverändert.'"""
    state = new_state(4)
    set_exchange(state, "energy", price=3)
    ore_price = state.price[ORE]
    _end_phase(state, ore=5, energy=0, track=6)
    assert state.track == 6
    assert (state.supply[ORE], state.supply[ENERGY]) == (5, 0)
    assert state.price[ENERGY] == 3 + 4
    assert state.price[ORE] == ore_price


def test_example_final_wealth_mona_550() -> None:
    """'Zum Spielende hat Mona Besitzmarker in 10 Zonen (250), 6 Tanks (150), 1 Kompressor (50) und 1
    Luxusquartier-Zertifikat (50). Sie hat 3 Wasser zu je 8 (24) und 2 Energie zu je 3 (6) ... Credit-Marker im
    Wert von 20 Credits. Ihr endgültiges Vermögen beträgt 550 Credits.'"""
    mona = 2
    state = new_state(4)
    clear_map(state)
    put_tank(state, mona, "A1", compressor=True)
    put_tank(state, mona, "B1", "C1", "D1", "E1", "F1")
    own(state, mona, "A2", "B2", "C2", "D2")
    state.players[mona].luxury_quarters = 1
    state.players[mona].permits = 2  # permits, freighters and converters are worth nothing
    give(state, mona, credits=20, quartz=0, ore=0, water=3, energy=2, freighter={"water": 4})
    set_exchange(state, "water", price=8)
    set_exchange(state, "energy", price=3)
    score = state.scores()[mona]
    assert score.total == 550
    assert score.breakdown == {"credits": 20, "quartz": 0, "ore": 0, "water": 24, "energy": 6, "zones": 250,
                               "tanks": 150, "compressors": 50, "luxury_quarters": 50}


# ----- 2013: advanced and optional rules ----------------------------------------------------------------------------


def test_example_variable_trading_order_nico_puts_marker_4_on_water() -> None:
    """'Nico ersteigert die erste Spezialistenkarte. Er wählt Lady Steam ... Er wählt Quarz als seinen Bonusrohstoff
    ... Dann nimmt er den Reihenfolgemarken „4“ und legt ihn auf die Reihenfolgenummer des Rohstoffes Wasser ...
    Wasser ist also der letzte Rohstoff, den die Spieler in der Rohstoffphase dieser Spielrunde kaufen und
    verkaufen können.'"""
    nico = 0
    state = new_state(4, start=nico, variable_trading_order=True)
    finish_setup(state)
    act(state, nico, "bid 5")
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, nico, "take 1", "bonus quartz")
    assert state.agenda[0]["k"] == "order"
    act(state, nico, "order 4 water")
    assert state.trade_markers == {"water": 4}
    play_until(state, "speculate")  # the other winners place markers 1, 2, 3 on the remaining resources
    assert sorted(state.trade_markers.values()) == [1, 2, 3, 4]
    assert state.trading_order()[-1] == WATER


def test_example_price_manipulation_saskia_moderate() -> None:
    """'Saskia zahlt 4 Credits, um die gemäßigte Manipulation zu nutzen. Sie zieht den Preisanzeiger für Erz um 3
    Felder nach oben und den Preisanzeiger für Energie um 1 Feld nach unten. Damit hat sie die maximal mögliche
    gemäßigte Manipulation ausgenutzt und ihre Manipulation ist beendet.'"""
    nico, saskia = 0, 1
    state = new_state(4, start=nico, price_manipulation=True)
    finish_setup(state)
    act(state, nico, "bid 1")
    act(state, saskia, "bid 2")
    act(state, 2, "pass")
    act(state, 3, "pass")
    act(state, nico, "pass")
    act(state, saskia, "take 3", "bonus water")  # she wins the first bidding round: the manipulation card is hers
    assert legal(state, saskia) == ["manipulate weak", "manipulate moderate", "manipulate strong"]
    credits = state.players[saskia].credits
    ore, energy, quartz = state.price[ORE], state.price[ENERGY], state.price[QUARTZ]
    act(state, saskia, "manipulate moderate")
    assert state.players[saskia].credits == credits - 4
    assert not any(a.startswith("shift quartz") for a in legal(state, saskia))  # not quartz
    act(state, saskia, "shift ore up", "shift ore up", "shift ore up", "shift energy down")
    assert legal(state, saskia) == ["done"]  # all 4 steps used
    act(state, saskia, "done")
    assert (state.price[ORE], state.price[ENERGY], state.price[QUARTZ]) == (ore + 3, energy - 1, quartz)
    assert state.manipulator == saskia


# ----- 2008 ---------------------------------------------------------------------------------------------------------


def test_example_2008_sr_card_auction_four_players() -> None:
    """2008 'Example: SR-card auction with 4 players': Martin opens with 20, Wolfgang 22, Helge and Erika pass,
    Martin 23, Wolfgang passes: Martin pays 23, takes SR-card 1 (Lady Steam) and quartz. Wolfgang opens the second
    round, Erika wins it with 15: SR-card 4 (the Constructor), a building permit and ore. In the third round the
    opener must bid 1 and the other passes; the last player gets the last card (3, the Heater) for 1 credit, the
    last bonus resource and the energy coupler.

    The text has Helge open the third round, which neither its rule ('the first player left from the player that
    just acquired a card that has no SR-card') nor the 2013 rule allows: left of Erika, past Martin, sits Wolfgang.
    We follow the rule: Wolfgang opens the third round and wins it with the forced 1; Helge gets the last card."""
    martin, wolfgang, helge, erika = 0, 1, 2, 3
    state = new_state(4, start=martin, edition="2008")
    finish_setup(state)
    start = [pl.credits for pl in state.players]

    act(state, martin, "bid 20")
    act(state, wolfgang, "bid 22")
    act(state, helge, "pass")
    act(state, erika, "pass")
    act(state, martin, "bid 23")
    act(state, wolfgang, "pass")
    act(state, martin, "take 1", "bonus quartz")
    assert state.players[martin].credits == start[martin] - 23
    assert state.specialists_of(martin) == ("lady_steam",)

    assert state.active_players() == [wolfgang]
    act(state, wolfgang, "bid 10")
    act(state, helge, "pass")
    act(state, erika, "bid 15")
    act(state, wolfgang, "pass")
    act(state, erika, "take 4", "engineer permit")
    assert legal(state, erika) == ["bonus ore", "bonus water", "bonus energy"]  # Martin took the quartz
    act(state, erika, "bonus ore")
    assert state.players[erika].permits == 1
    assert state.players[erika].credits == start[erika] - 15
    assert state.fig.specialist_names["engineer"]["en"] == "The Constructor"

    assert state.active_players() == [wolfgang]
    assert "pass" not in legal(state, wolfgang)  # the forced offer
    act(state, wolfgang, "bid 1")
    act(state, helge, "pass")
    act(state, wolfgang, "take 2", "bonus water")
    assert state.players[wolfgang].credits == start[wolfgang] - 1

    # the last player gets the last card for 1 credit and the last bonus resource
    assert state.specialists_of(helge) == ("airship_captain",)
    assert state.fig.specialist_names["airship_captain"]["en"] == "The Heater"
    assert state.players[helge].credits == start[helge] - 1
    assert state.bonus == [0, 0, 0, 0]
    # the Heater places the energy coupler (after the speculation and the claims)
    play_until(state, "airship")
    assert state.active_players() == [helge]


def test_example_2008_selling_quartz() -> None:
    """2008: 'The resource number marker says 5 resources are available. Martin ... decides he wants to sell 2
    quartz. The price is at 12 credits, so he gets 24 credits ... Now 7 quartz are inside the terminal stock, which
    drops the price by 1. The price for the next player ... is 11 credits per quartz.'"""
    martin = 0
    state = new_state(4, edition="2008")
    finish_setup(state)
    set_exchange(state, "quartz", price=12, supply=5)
    give(state, martin, credits=10, quartz=2)
    at(state, {"k": "trade", "p": martin, "r": QUARTZ}, {"k": "trade", "p": 1, "r": QUARTZ})
    act(state, martin, "sell quartz 2")
    assert state.players[martin].credits == 34
    assert state.supply[QUARTZ] == 7
    assert state.price[QUARTZ] == 11


def _row_of_four_2008() -> PlanetSteamState:
    """2008 picture: four red water tanks on fields 1-4 in a line, a compressor dome on field 4 (off the central
    shafts, so every water tank needs energy)."""
    red = 0
    state = new_state(4, edition="2008")
    finish_setup(state)
    clear_map(state)
    put_tank(state, red, "A7", "B7", "C7")
    put_tank(state, red, "D7", compressor=True)
    give(state, red, water=0, freighter={"water": 4})
    return state


def test_example_2008_compressor_and_synergy() -> None:
    """2008: 'Basic production of field 1 to 4: 4 resources; compressor dome on field 4: +1 resource; Synergy effect
    on fields 1 to 4: +3 resource. Result: There will be 8 resources produced, the required amount of energy is 4.'"""
    state = _row_of_four_2008()
    give(state, 0, energy=4)
    at(state, {"k": "produce", "p": 0})
    act(state, 0, "produce")
    assert state.players[0].goods[WATER] == 8
    assert state.players[0].goods[ENERGY] == 0


def test_example_2008_energy_shortage() -> None:
    """2008: 'There are only 3 energy units available. The red player decides only fields 2, 3 and 4 will be allowed
    to produce ... Basic production fields 2 to 4: 3; compressor dome field 4: +1; synergy fields 2-4: +2. Result:
    Using 3 energy, 6 resources are produced.'"""
    state = _row_of_four_2008()
    give(state, 0, energy=3)
    at(state, {"k": "produce", "p": 0})
    assert "produce" not in legal(state, 0)
    act(state, 0, "produce idle A7")
    assert state.players[0].goods[WATER] == 6
    assert state.players[0].goods[ENERGY] == 0


def test_example_2008_ore_with_synergy_and_energy_coupler() -> None:
    """2008: 'Six red platforms, all upgraded to ore tanks (1-6) need 6 energy to produce. Basic production field 1-6:
    6 ore; Synergy effect fields 1 to 4: 3 ore; Energy coupler effect fields 1-3: 3 ore. Result: Using 6 energy, 12
    resources (ore) are produced.'"""
    red = 0
    state = new_state(4, edition="2008")
    finish_setup(state)
    clear_map(state)
    put_tank(state, red, "A6", "B6", "C6", "A7", "F2", "F4", converter="ore")  # 1-3 in the coupler's line
    state.airship_row = 6  # the Heater's energy coupler (the 2008 board is the 2013 grid turned)
    give(state, red, ore=0, energy=6, freighter={"ore": 4})
    at(state, {"k": "produce", "p": red})
    events = act(state, red, "produce")
    (production,) = events_of(events, "production")
    assert production["energy"] == 6
    assert (production["base"][ORE], production["synergy"][ORE], production["airship"][ORE]) == (6, 3, 3)
    assert production["total"][ORE] == 12


def test_example_2008_energy_coupler_boosts_other_players_too() -> None:
    """2008: 'The red player places the energy coupler ... Every tank in the column of shafts above the coupler
    produces an extra resource. Also the tank of the blue player.'"""
    red, blue = 0, 1
    state = new_state(4, edition="2008")
    finish_setup(state)
    clear_map(state)
    hold_cards(state, {red: 3, blue: 1, 2: 2, 3: 4})  # red holds the Heater (card 3)
    put_tank(state, red, "A5", converter="energy")
    put_tank(state, blue, "F5", converter="energy")
    give(state, red, energy=0)
    give(state, blue, energy=0)
    at(state, {"k": "airship", "p": red})
    act(state, red, "airship 5")
    at(state, {"k": "produce", "p": blue}, {"k": "produce", "p": red})
    act(state, blue, "produce")
    act(state, red, "produce")
    assert state.players[red].goods[ENERGY] == 2
    assert state.players[blue].goods[ENERGY] == 2


def test_example_2008_tank_production_five_ore_nine_energy() -> None:
    """2008: 'In the resource terminal stock is 5 Ore, and 9 Energy. 5 tanks will be built. From the stocks, 5 Ore and
    5 Energy go to the IPF.'"""
    state = _end_phase(new_state(4, edition="2008"), ore=5, energy=9, track=0)
    assert state.track == 5
    assert (state.supply[ORE], state.supply[ENERGY]) == (0, 4)


def test_example_2008_tank_production_line_holding_11() -> None:
    """2008: 'Stocks are as above. The tank production line contains 11 tanks. Now only 3 additional tanks can be
    built. 3 Ore and 3 Energy are payed to the IPF.'"""
    state = _end_phase(new_state(4, edition="2008"), ore=5, energy=9, track=11)
    assert state.track == 14
    assert (state.supply[ORE], state.supply[ENERGY]) == (2, 6)


def test_example_2008_tank_production_without_ore() -> None:
    """2008: 'The terminal stock contains 9 energy, and 0 Ore. No tanks are built due to Ore shortage. The Ore price
    goes immediately up 4 steps. Energy price is unaffected.'"""
    state = new_state(4, edition="2008")
    ore_price, energy_price = state.price[ORE], state.price[ENERGY]
    _end_phase(state, ore=0, energy=9, track=4)
    assert state.track == 4
    assert state.price[ORE] == ore_price + 4
    assert state.price[ENERGY] == energy_price


def test_example_2008_scoring_platforms_with_and_without_tank() -> None:
    """2008 'The END': '50 credits for every platform with tank. 25 credits for every platform without tank. 50
    credits per installed compressor dome. 50 credits per ownership contract.' Permits are worthless."""
    state = new_state(4, edition="2008")
    clear_map(state)
    put_tank(state, 0, "A1", compressor=True)
    put_tank(state, 0, "B1")
    own(state, 0, "C1")
    state.players[0].luxury_quarters = 1
    give(state, 0, credits=7, quartz=0, ore=0, water=0, energy=0, permits=3)
    score = state.scores()[0]
    assert score.breakdown["zones_with_tank"] == 100
    assert score.breakdown["zones_without_tank"] == 25
    assert score.total == 7 + 100 + 25 + 50 + 50
