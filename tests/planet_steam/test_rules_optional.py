"""One focused test per rule of Planet Steam: the optional cards (price manipulation, sabotage, independent
freighter) and hidden credits.

Rule texts: 2013 (German) shared/seeds/000_3af5d24d34c5c0e8.txt, 2008 (English) shared/seeds/003_231059ddeea62efb.txt.
Each test names the rule it checks, with the text's words where they decide the case. Scenarios are built with
``helpers`` (direct edits of a state, then the agenda step the rule belongs to); sequences of decisions are played
with the real actions. Seats are clockwise: the player to the left of seat p is seat p + 1.
"""

from __future__ import annotations

import random

from helpers import (
    UNCLAIMED,
    act,
    at,
    auction_start,
    clear_map,
    give,
    legal,
    new_state,
    play_until,
    put_tank,
    rig_dice,
    scene,
    win_cheaply,
    zone,
)

from brassboard.engine import new_game
from brassboard.games.planet_steam.figures import ORE, QUARTZ, WATER
from brassboard.games.planet_steam.rules import PlanetSteamState

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
    at(state, {"k": "produce", "p": 1})
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
