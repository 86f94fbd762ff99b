"""The flow: preparation (attack card, draw and roll), player-turns in turn order, passing, clean-up, rounds."""

from __future__ import annotations

import random

from tharos_helpers import dice_conserved, new_state, pass_all, play, refused, set_converter, set_dice, turn_to

from brassboard.engine import Action
from brassboard.games.tharos import dice as d
from brassboard.games.tharos import turn


def test_a_game_is_four_rounds_of_four_turns() -> None:
    state = new_state(3, seed=2)
    reveals = []
    rounds_over = 0
    rng = random.Random(2)
    while not state.is_over():
        p = state.active_players()[0]
        for event in state.apply(p, rng.choice(state.legal_actions(p))):
            if event["type"] == "attack_card":
                reveals.append((event["round"], event["turn"], event["column"]))
            rounds_over += event["type"] == "round_over"
    first = [(1, 1, 1)]  # revealed while the match was set up
    assert first + reveals == [(r, t, t) for r in range(1, 5) for t in range(1, 5)]
    assert rounds_over == 4
    assert state.legal_actions(0) == [] and state.active_players() == []


def test_start_player_passes_left_after_each_turn() -> None:
    state = new_state(4, seed=1)
    first = state.board.start_player
    pass_all(state)
    assert state.board.start_player == (first + 1) % 4
    assert state.board.current == state.board.start_player
    assert state.board.turn == 2


def test_players_act_in_turn_order_one_action_at_a_time() -> None:
    state = new_state(3, seed=3)
    start = state.board.start_player
    set_dice(state, start, "w1 w2")
    play(state, start, "money little dice w1")
    assert state.active_players() == [(start + 1) % 3]


def test_a_passed_player_is_skipped_and_the_phase_ends_when_all_passed() -> None:
    state = new_state(3, seed=3)
    a = state.board.start_player
    b, c = (a + 1) % 3, (a + 2) % 3
    set_dice(state, c, "w1 w2 w3")
    play(state, a, "pass")
    play(state, b, "pass")
    play(state, c, "money little dice w1")
    assert state.active_players() == [c]  # a and b passed: c acts again
    play(state, c, "pass")
    assert state.board.turn == 2


def test_draw_five_dice_refilling_the_bag_from_the_discard() -> None:
    state = new_state(2, seed=4)
    g = state.guilds[0]
    g.discard = sorted(g.bag[2:])
    g.bag = g.bag[:2]
    assert len(g.bag) + len(g.discard) == 7
    for p in range(2):
        state.guilds[p].active = []
    before = set(g.bag)
    drawn = state.draw_dice(0, 5)
    assert before <= set(drawn) and len(drawn) == 5
    assert g.discard == [] and len(g.bag) == 2


def test_preparation_rolls_the_drawn_dice() -> None:
    state = new_state(2, seed=6)
    pass_all(state)
    for g in state.guilds:
        assert len(g.active) == 5 and all(1 <= d.pips(x) <= 6 for x in g.active)
    assert dice_conserved(state)


def test_clean_up_puts_every_die_of_the_turn_on_the_discard() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    set_dice(state, p, "w1 r3")
    play(state, p, "money little dice w1")
    used = [d.die_id(x) for x in state.guilds[p].placed + state.guilds[p].active]
    turn.cleanup(state)
    assert set(used) <= set(state.guilds[p].discard)
    assert state.guilds[p].fields == {} and state.guilds[p].active == []
    assert dice_conserved(state)


def test_each_white_field_once_per_turn() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    other = 1 - p
    set_dice(state, p, "w1 w2 w5")
    play(state, p, "money little dice w1")
    turn_to(state, p)
    reason = refused(state, p, "money many dice w5")
    assert "money field is already used" in reason
    assert not [a for a in state.legal_actions(p) if a.kind == "money"]
    assert other != p


def test_the_red_field_may_be_used_several_times() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    set_dice(state, p, "r2 r3 w1")
    play(state, p, "defend dice r2")
    turn_to(state, p)
    play(state, p, "defend dice r3")
    assert [w for w in state.guilds[p].placed_on] == ["attack", "attack"]
    turn_to(state, p)
    assert "red dice" in refused(state, p, "defend dice w1")


def test_an_action_card_before_the_action_forbids_passing() -> None:
    """Card 7 (+2 combat) played before the action: the player must take an action, not pass."""
    state = new_state(2, seed=6)
    p = state.board.current
    state.guilds[p].hand = [7]
    state.board.action_deck.remove(7)
    set_dice(state, p, "w1")
    play(state, p, "play 7")
    assert state.guilds[p].combat == 2
    assert "followed by an action" in refused(state, p, "pass")
    assert Action("play", 7) not in state.legal_actions(p)
    play(state, p, "money little dice w1")
    assert state.active_players() == [1 - p]


def test_after_the_action_a_card_may_follow_then_done() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    state.guilds[p].hand = [7]
    state.board.action_deck.remove(7)
    set_dice(state, p, "w1")
    play(state, p, "money little dice w1")
    assert state.active_players() == [p]
    assert set(state.legal_actions(p)) == {Action("play", 7), Action("done")}
    assert "only an action card or done" in refused(state, p, "pass")
    play(state, p, "play 7")
    assert state.active_players() == [1 - p]  # one card per action: the turn passes on


def test_hand_limit_three_discards_a_fourth_card() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    hand = state.board.action_deck[:3]
    for c in hand:
        state.board.action_deck.remove(c)
    state.guilds[p].hand = list(hand)
    top = state.board.action_deck[-1]
    set_dice(state, p, "y2")
    play(state, p, "cards single dice y2")
    assert sorted(state.guilds[p].hand) == sorted([*hand, top])
    assert state.board.pending[0][:2] == [p, "discard"]
    play(state, p, f"discard {hand[0]}")
    assert len(state.guilds[p].hand) == 3 and hand[0] in state.board.action_discard


def test_an_empty_action_deck_is_refilled_from_the_shuffled_discard() -> None:
    state = new_state(2, seed=6)
    board = state.board
    board.action_discard, board.action_deck = board.action_deck, []
    card = state.draw_action_card()
    assert card is not None and len(board.action_deck) == 39 and board.action_discard == []


def test_converter_jars_once_per_turn() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    set_converter(state, "A1", "jars5")
    assert Action("convert", "jars") in state.legal_actions(p)
    play(state, p, "convert jars")
    assert state.guilds[p].money == 5
    assert state.active_players() == [p]  # not an action
    assert "once per turn" in refused(state, p, "convert jars")


def test_converter_combat_and_jars_apply_automatically_in_the_attack() -> None:
    state = new_state(2, seed=6)
    set_converter(state, "A1", "combat2")
    events = []
    start = state.board.turn
    while state.board.turn == start:
        p = state.active_players()[0]
        events += state.apply(p, Action("pass"))
    autos = [e for e in events if e["type"] == "convert"]
    assert len(autos) == 2 and all(e["automatic"] for e in autos)
    defences = [e["defence"] for e in events if e["type"] in ("defended", "attack_lost")]
    assert defences == [2, 2]


def test_converter_plus_shift_dye_flip() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    set_converter(state, "A1", "plus")
    set_dice(state, p, "w6 r3")
    play(state, p, "convert plus w6")
    assert sorted(d.token(x) for x in state.guilds[p].active) == ["r3", "w7"]
    state.guilds[p].converter_used = False
    set_converter(state, "A1", "shift_red")
    assert "changes red dice only" in refused(state, p, "convert shift w7 down")
    play(state, p, "convert shift r3 down")
    assert "r2" in [d.token(x) for x in state.guilds[p].active]
    state.guilds[p].converter_used = False
    set_converter(state, "A1", "dye")
    set_dice(state, p, "w4 w2")
    play(state, p, "convert dye w4 r")
    play(state, p, "defend dice r4")  # the dyed white die counts as red on the attack field
    turn_to(state, p)
    state.guilds[p].converter_used = False
    set_converter(state, "A1", "flip")
    play(state, p, "convert flip w2")
    assert [d.token(x) for x in state.guilds[p].active] == ["w5"]


def test_drawn_cards_and_hands_are_hidden_from_the_other_players() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    set_dice(state, p, "w5")
    events = state.apply(p, "cards large dice w5")
    drawn = list(state.board.drawn)
    assert len(drawn) == 3
    assert state.view(p)["drawn"] == drawn and state.view(1 - p)["drawn"] == 3
    secret = next(e for e in events if e["type"] == "cards_drawn")
    assert "cards" not in state.event_view(secret, 1 - p) and state.event_view(secret, p)["cards"] == drawn
    assert state.notation_view(Action("keep", drawn[0]), p, 1 - p) == "keep"
    assert state.notation_view(Action("keep", drawn[0]), p, p) == f"keep {drawn[0]}"
    play(state, p, f"keep {drawn[0]}")
    assert state.view(p)["guilds"][p]["hand"] == [drawn[0]]
    assert "hand" not in state.view(1 - p)["guilds"][p] and "hand" not in state.view(None)["guilds"][p]


def test_converter_plus_stops_at_seven_and_flip_turns_two_white_dice() -> None:
    state = new_state(2, seed=6)
    p = state.board.current
    set_converter(state, "A1", "plus")
    set_dice(state, p, "w7 w2")
    assert Action("convert", "plus", "w7") not in state.legal_actions(p)
    assert "up to 7" in refused(state, p, "convert plus w7")
    set_converter(state, "A1", "flip")
    set_dice(state, p, "w1 w3 r2")
    play(state, p, "convert flip w3 w1")
    assert sorted(d.token(x) for x in state.guilds[p].active) == ["r2", "w4", "w6"]


def test_converter_shift_lowers_a_die_above_seven_but_raises_only_to_seven() -> None:
    """The Manipulator may take a die above 7; the colour converter may lower it ("nicht aber unter 1 senken")."""
    state = new_state(2, seed=6)
    p = state.board.current
    set_converter(state, "A1", "shift_white")
    set_dice(state, p, "w10 w1")
    legal = {a for a in state.legal_actions(p) if a.kind == "convert"}
    assert legal == {Action("convert", "shift", "w10", "down"), Action("convert", "shift", "w1", "up")}
    assert "up to 7" in refused(state, p, "convert shift w10 up")
    assert "below 1" in refused(state, p, "convert shift w1 down")
    play(state, p, "convert shift w10 down")
    assert sorted(d.token(x) for x in state.guilds[p].active) == ["w1", "w9"]
