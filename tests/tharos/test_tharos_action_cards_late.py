"""Tharos action cards 22-40 (glossary "Aktionskarten"), card interplay, secrets, random games with full hands and
the glossary's own cases; cards 1-21, the deck and the timing rules are in test_tharos_action_cards.py.

Every refusal checks that the reason names the card or the rule and that the state is exactly as before.
"""

from __future__ import annotations

import json

import pytest
from tharos_card_helpers import (
    CIVIL,
    COMBAT,
    cells_of_kind,
    give,
    holding,
    legal_set,
    new_match,
    own_cells,
    refused_with,
    to_decision_of,
)
from tharos_helpers import activate, dice_conserved, pass_others, put_mine, put_tile, set_dice

from brassboard.engine import Action
from brassboard.games.tharos import dice
from brassboard.games.tharos.action_card_data import default_figures
from brassboard.games.tharos.figures import CELL_OF, EXPLORATION, LETTERS, TRADE
from brassboard.games.tharos.rules import TharosState


# ----- 22 -----------------------------------------------------------------------------------------------------------
def test_card_22_keeps_two_dice_for_later_preparations() -> None:
    state, p = holding(22)
    to_decision_of(state, p, "cleanup")
    g = state.guilds[p]
    colours = sorted({state.fig.die_colours[dice.die_id(d)] for d in g.active + g.placed}, key=LETTERS.index)
    pair = f"{colours[0]} {colours[0]}" if len(colours) == 1 else f"{colours[0]} {colours[1]}"
    state.apply(p, f"play 22 {pair}")
    assert len(g.stored) == 2 and 22 not in state.board.action_discard
    kept = list(g.stored)
    to_decision_of(state, p, "t3:reserve")
    assert all(d not in g.discard and d not in g.bag for d in kept)
    first = state.fig.die_colours[kept[0]]
    state.apply(p, f"release {first}")
    assert len(g.stored) == 1 and 22 not in state.board.action_discard
    while state.board.pending and state.board.pending[0][0] == p:
        state.apply(p, state.legal_actions(p)[-1])
    assert kept[0] in [dice.die_id(d) for d in g.active]  # joined the drawn dice and was rolled
    to_decision_of(state, p, "t3:reserve")
    state.apply(p, f"release {state.fig.die_colours[g.stored[0]]}")
    assert g.stored == [] and 22 in state.board.action_discard  # the empty card is discarded
    assert dice_conserved(state)


def test_card_22_refused_in_the_action_phase_and_for_dice_not_on_it() -> None:
    state, p = holding(22)
    refused_with(state, p, "play 22 w w", "action card 22", "at clean-up")
    to_decision_of(state, p, "cleanup")
    refused_with(state, p, "play 22 g g g", "action card 22")


# ----- 23 -----------------------------------------------------------------------------------------------------------
def test_card_23_a_mine_anywhere_even_apart_from_the_others() -> None:
    state, p = holding(23)
    put_mine(state, p, "A1")
    state.apply(p, "play 23 D4")
    assert state.board.mines_on[CELL_OF["D4"]] & 1 << p and state.guilds[p].mines == 8


def test_card_23_refused_without_mines_in_supply() -> None:
    state, p = holding(23)
    state.guilds[p].mines = 0
    refused_with(state, p, "play 23 D4", "action card 23")


# ----- 24 -----------------------------------------------------------------------------------------------------------
def test_card_24_doubles_much_money() -> None:
    state, p = holding(24, "w5 w6 r3")
    state.apply(p, "play 24")
    assert {a.kind for a in state.legal_actions(p)} - {"convert"} == {"money"}  # played with Much Money only
    assert "money little dice r3" not in legal_set(state, p)
    state.apply(p, "money many dice w5 w6")
    assert state.guilds[p].money == 16  # 11 capped at 8, doubled — not 8 on top of 8


def test_card_24_refused_when_the_money_field_is_used() -> None:
    state, p = new_match()
    give(state, p, 24, 7)
    set_dice(state, p, "w5 w6 w1")
    state.apply(p, "money little dice w1")
    state.apply(p, "done")
    pass_others(state, p)
    refused_with(state, p, "play 24", "action card 24")


# ----- 25 -----------------------------------------------------------------------------------------------------------
def test_card_25_up_to_eight_and_a_two_down_to_one() -> None:
    state, p = holding(25, "w6 r2")
    state.apply(p, "play 25 w6 up")
    assert sorted(dice.token(d) for d in state.guilds[p].active) == ["r2", "w8"]
    state2, q = new_match()
    give(state2, q, 25)
    set_dice(state2, q, "r2")
    state2.apply(q, "play 25 r2 down")
    assert [dice.token(d) for d in state2.guilds[q].active] == ["r1"]


def test_card_25_refused_below_one_and_above_eight() -> None:
    state, p = holding(25, "w1 w7")
    refused_with(state, p, "play 25 w1 down", "action card 25")
    refused_with(state, p, "play 25 w7 up", "action card 25")


# ----- 26 -----------------------------------------------------------------------------------------------------------
def test_card_26_a_die_of_choice_from_the_discard_bound_to_the_action() -> None:
    state, p = holding(26)
    g = state.guilds[p]
    blue = g.market[1].pop()  # the top die of market column 2 (blue) lies on the discard
    g.discard.append(blue)
    state._legal = {}
    state.apply(p, "play 26 b")
    die = next(d for d in g.active if dice.die_id(d) == blue)
    assert blue not in g.discard and g.turn_flags["bound"] == blue
    mains = [a for a in state.legal_actions(p) if a.kind not in ("play", "convert", "pass")]
    assert all(dice.token(die) in a.args for a in mains)


def test_card_26_refused_with_an_empty_discard() -> None:
    state, p = holding(26)
    assert not state.guilds[p].discard
    refused_with(state, p, "play 26 w", "action card 26")


# ----- 27 -----------------------------------------------------------------------------------------------------------
def test_card_27_takes_a_tile_back_from_an_attack_card_lost_this_round() -> None:
    state, p = holding(27)
    state.board.attack_tiles[0] |= 1 << p
    state.guilds[p].guild -= 1
    state._legal = {}
    state.apply(p, "play 27 A")
    assert not state.board.attack_tiles[0] & 1 << p and state.guilds[p].guild == 12


def test_card_27_refused_without_a_tile_there() -> None:
    state, p = holding(27)
    refused_with(state, p, "play 27 A", "action card 27")


# ----- 28 -----------------------------------------------------------------------------------------------------------
def test_card_28_two_dice_of_choice_from_the_bag() -> None:
    state, p = holding(28, "w1")
    g = state.guilds[p]
    state.apply(p, "play 28 bag y r")
    colours = sorted(state.fig.die_colours[dice.die_id(d)] for d in g.active)
    assert colours == ["r", "w", "y"] and all(dice.pips(d) for d in g.active)


def test_card_28_three_cards_keep_one_secretly() -> None:
    state, p = holding(28)
    events = state.apply(p, "play 28 cards")
    drawn = next(e for e in events if e["type"] == "cards_drawn")
    assert drawn["private_to"] == p and "cards" in drawn["secret"]
    assert state.board.pending[0][:2] == [p, "keep"] and len(state.board.drawn) == 3
    kept = state.board.drawn[1]
    state.apply(p, f"keep {kept}")
    assert state.guilds[p].hand == [kept] and len(state.board.action_discard) == 3  # 28 and the two others


def test_card_28_refused_for_dice_not_in_the_bag() -> None:
    state, p = holding(28)
    refused_with(state, p, "play 28 bag g b", "action card 28")


# ----- 29 and 30 ----------------------------------------------------------------------------------------------------
def test_card_29_two_player_cards_back_for_a_medal_of_choice() -> None:
    state, p = holding(29)
    activate(state, p, "banker")
    activate(state, p, "manipulator", tiles=2)
    g = state.guilds[p]
    state.apply(p, "play 29 banker manipulator civil")
    assert g.cards_active == [] and {"banker", "manipulator"} <= set(g.cards_inactive)
    assert g.medals[CIVIL] == 1 and g.guild == 12 and not g.card_tiles.get("manipulator")


def test_card_29_refused_with_one_active_card() -> None:
    state, p = holding(29)
    activate(state, p, "banker")
    refused_with(state, p, "play 29 banker gunner trade", "action card 29")


def test_card_30_five_jars_activate_a_player_card_without_dice() -> None:
    state, p = holding(30)
    g = state.guilds[p]
    g.money = 6
    state.apply(p, "play 30 gunner")
    assert "gunner" in g.cards_active and g.money == 1


def test_card_30_refused_with_four_jars() -> None:
    state, p = holding(30)
    state.guilds[p].money = 4
    refused_with(state, p, "play 30 gunner", "action card 30")


# ----- 31 -----------------------------------------------------------------------------------------------------------
def test_card_31_exchanges_a_medal() -> None:
    state, p = holding(31)
    g = state.guilds[p]
    g.medals[COMBAT] = 1
    state.apply(p, "play 31 combat exploration")
    assert g.medals[:2] == [0, 1]


def test_card_31_refused_without_that_medal() -> None:
    state, p = holding(31)
    refused_with(state, p, "play 31 trade civil", "action card 31")


# ----- 32-34 --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", [32, 33, 34])
def test_cards_32_to_34_mines_on_the_named_landscapes_give_an_exploration_medal(card: int) -> None:
    state, p = new_match()
    give(state, p, card)
    kinds = default_figures().mine_sets[card]
    cells = [cells_of_kind(state, kind)[0] for kind in kinds]
    put_mine(state, p, *cells[:-1])
    assert f"play {card}" not in legal_set(state, p)
    refused_with(state, p, f"play {card}", f"action card {card}", ", ".join(kinds))
    put_mine(state, p, cells[-1])
    state.apply(p, f"play {card}")
    assert state.guilds[p].medals[EXPLORATION] == 1
    assert all(state.board.mines_on[CELL_OF[c]] & 1 << p for c in cells)  # the mines stay


# ----- 35-38 --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "shape", "other"), [
    (35, ("A2", "B2", "C2", "D2"), ("A1", "B1", "A2", "B2")),
    (36, ("B2", "C2", "B3", "C3"), ("A1", "B1", "C1", "D1")),
    (37, ("A1", "B1", "C1", "B2"), ("A1", "B1", "C1", "C2")),
    (38, ("D1", "D2", "D3", "C3"), ("A1", "B1", "C1", "B2")),
])
def test_cards_35_to_38_four_tiles_in_the_card_shape_give_two_exploration_medals(
        card: int, shape: tuple[str, ...], other: tuple[str, ...]) -> None:
    state, p = new_match()
    give(state, p, card)
    put_tile(state, p, *other)
    assert not any(a.startswith(f"play {card}") for a in legal_set(state, p))
    refused_with(state, p, f"play {card} {' '.join(sorted(other, key=CELL_OF.__getitem__))}", f"action card {card}")
    state2, q = new_match()
    give(state2, q, card)
    put_tile(state2, q, *shape)
    state2.apply(q, f"play {card} {' '.join(sorted(shape, key=CELL_OF.__getitem__))}")
    assert state2.guilds[q].medals[EXPLORATION] == 2 and not own_cells(state2, q)


# ----- 39 -----------------------------------------------------------------------------------------------------------
def test_card_39_three_supply_tiles_back_onto_landscapes_for_a_civil_medal() -> None:
    state, p = holding(39)
    board = state.board
    reds = [c for c in range(16) if board.colours[c] == LETTERS.index("r")]
    for cell in reds:
        board.ore_on &= ~(1 << cell)
    board.ore_supply[LETTERS.index("r")] = 3
    state._legal = {}
    names = [n for n, c in CELL_OF.items() if c in reds]
    state.apply(p, "play 39 " + " ".join(f"ore {n}" for n in names))
    assert state.guilds[p].medals[CIVIL] == 1 and board.ore_supply[LETTERS.index("r")] == 0
    assert all(board.ore_on >> c & 1 for c in reds)


def test_card_39_places_as_many_as_the_supply_holds_and_refuses_fewer() -> None:
    state, p = holding(39)
    board = state.board
    reds = [c for c in range(16) if board.colours[c] == LETTERS.index("r")]
    for cell in reds:
        board.crystal_on &= ~(1 << cell)
    board.crystal_supply[LETTERS.index("r")] = 2
    state._legal = {}
    names = [n for n, c in CELL_OF.items() if c in reds]
    refused_with(state, p, f"play 39 crystal {names[0]}", "action card 39")   # two fit: one is too few
    state.apply(p, f"play 39 crystal {names[0]} crystal {names[1]}")
    assert state.guilds[p].medals[CIVIL] == 1


# ----- 40 -----------------------------------------------------------------------------------------------------------
def test_card_40_card_tile_land_tile_and_mine_for_a_medal_of_choice() -> None:
    state, p = holding(40)
    activate(state, p, "organiser", tiles=1)
    g = state.guilds[p]
    put_tile(state, p, "B2")
    put_mine(state, p, "C3")
    state.apply(p, "play 40 organiser B2 C3 trade")
    assert g.medals[TRADE] == 1 and g.guild == 12 and g.mines == 10 and g.card_tiles["organiser"] == 0
    assert not state.board.mines_on[CELL_OF["C3"]] and not own_cells(state, p)


def test_card_40_refused_without_a_mine() -> None:
    state, p = holding(40)
    activate(state, p, "organiser", tiles=1)
    put_tile(state, p, "B2")
    refused_with(state, p, "play 40 organiser B2 C3 trade", "action card 40")


def test_cards_8_16_26_not_offered_when_the_action_is_already_bound_to_a_die() -> None:
    state, p = new_match()
    give(state, p, 8, 16)
    set_dice(state, p, "w3 w4")
    assert any(a.startswith("play 16") for a in legal_set(state, p))
    state.guilds[p].turn_flags["bound"] = dice.die_id(state.guilds[p].active[0])  # e.g. the Steam Dyer's die
    state._legal = {}
    assert not any(a.startswith(("play 8", "play 16")) for a in legal_set(state, p))


def test_card_28_drawn_cards_are_secret_to_the_other_seats() -> None:
    state, p = holding(28)
    events = state.apply(p, "play 28 cards")
    drawn = next(e for e in events if e["type"] == "cards_drawn")
    other = 1 - p
    assert "cards" in state.event_view(drawn, p)
    assert "cards" not in state.event_view(drawn, other) and "cards" not in state.event_view(drawn, None)
    assert state.event_view(drawn, other)["n"] == 3  # how many is public
    state.apply(p, f"keep {state.board.drawn[0]}")
    assert "hand" not in state.view(other)["guilds"][p] and state.view(other)["guilds"][p]["hand_size"] == 1
    assert state.view(p)["guilds"][p]["hand"] == state.guilds[p].hand


def test_bound_and_virtual_dice_survive_a_json_round_trip() -> None:
    state, p = holding(16, "w3 w4")
    state.apply(p, "play 16 g5")
    copy = TharosState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.legal_actions(p) == state.legal_actions(p)
    assert copy.guilds[p].turn_flags == state.guilds[p].turn_flags


def test_card_22_release_none_keeps_the_dice_on_the_card() -> None:
    state, p = holding(22)
    to_decision_of(state, p, "cleanup")
    g = state.guilds[p]
    colour = state.fig.die_colours[dice.die_id((g.active + g.placed)[0])]
    options = [a for a in legal_set(state, p) if a.startswith("play 22")]
    state.apply(p, options[0])
    kept = list(g.stored)
    to_decision_of(state, p, "t3:reserve")
    assert "release none" in legal_set(state, p) and colour
    refused_with(state, p, "release b b b", "action card 22")
    state.apply(p, "release none")
    assert g.stored == kept and dice_conserved(state)


def _random_game_with_full_hands(players: int, seed: int) -> set[int]:
    """A whole random game in which hands are topped up from the deck; checks the invariants after every step and
    returns the cards played."""
    import random

    state = TharosState(players, None, seed)
    rnd = random.Random(seed)
    played: set[int] = set()
    steps = 0
    while not state.is_over():
        p = state.active_players()[0]
        g = state.guilds[p]
        if len(g.hand) < 3 and state.board.action_deck and rnd.random() < 0.3:
            give(state, p, rnd.choice(state.board.action_deck))
        legal = state.legal_actions(p)
        cards = [a for a in legal if a.kind in ("play", "release")]
        action = rnd.choice(cards) if cards and rnd.random() < 0.7 else rnd.choice(legal)
        state.apply(p, action)
        if action.kind == "play":
            played.add(int(action.args[0]))
        steps += 1
        assert dice_conserved(state)
        out = 1 if any(guild.stored for guild in state.guilds) else 0  # card 22 lying out with dice on it
        cards_total = (len(state.board.action_deck) + len(state.board.action_discard) + len(state.board.drawn)
                       + sum(len(guild.hand) for guild in state.guilds) + out)
        assert cards_total == 40
        if steps % 40 == 0 and state.active_players():
            copy = TharosState.from_dict(json.loads(json.dumps(state.to_dict())))
            q = state.active_players()[0]
            assert copy.legal_actions(q) == state.legal_actions(q)
    return played


def test_random_games_with_cards_dealt_into_every_hand_keep_the_invariants() -> None:
    """Most cards get played in their windows in three games (2, 3, 4 players); dice stay conserved, the 40
    cards stay 40, and a JSON copy lists the same actions."""
    played = set().union(*(_random_game_with_full_hands(players, 100 + players) for players in (2, 3, 4)))
    assert len(played) >= 25, sorted(set(range(1, 41)) - played)


# ----- the glossary's own cases -------------------------------------------------------------------------------------
def test_card_18_only_one_tile_when_three_top_row_landscapes_are_taken() -> None:
    state, p = holding(18)
    put_tile(state, p, "A1", "B1", "D1")
    assert {a for a in legal_set(state, p) if a.startswith("play 18")} == {"play 18 C1"}


def test_card_24_doubles_the_bankers_much_money_too() -> None:
    state, p = holding(24)
    activate(state, p, "banker")
    set_dice(state, p, "w5 w6")
    state.apply(p, "play 24")
    state.apply(p, "money many dice w5 w6")
    assert state.guilds[p].money == 20  # (8 + 2) doubled


def test_card_29_may_return_cards_used_this_turn() -> None:
    state, p = holding(29)
    activate(state, p, "banker")
    activate(state, p, "gunner")
    state.guilds[p].cards_used.append("banker")
    state.apply(p, "play 29 banker gunner exploration")
    assert state.guilds[p].medals[EXPLORATION] == 1


def test_card_30_activating_the_manipulator_puts_its_tiles_on_it() -> None:
    state, p = holding(30)
    state.guilds[p].money = 5
    supply = state.guilds[p].guild
    state.apply(p, "play 30 manipulator")
    g = state.guilds[p]
    assert "manipulator" in g.cards_active and g.card_tiles["manipulator"] == 2 and g.guild == supply - 2


def test_card_40_may_split_the_mines_into_groups() -> None:
    state, p = holding(40)
    activate(state, p, "manipulator", tiles=2)
    put_tile(state, p, "D4")
    put_mine(state, p, "A1", "B1", "C1")
    state.apply(p, "play 40 manipulator D4 B1 civil")  # "dürfen zwei oder mehrere Gruppen … entstehen"
    assert [state.board.mines_on[CELL_OF[c]] >> p & 1 for c in ("A1", "B1", "C1")] == [1, 0, 1]


def test_card_01_with_fewer_than_five_dice_on_the_discard_draws_the_rest() -> None:
    state, p = new_match()
    g = state.guilds[p]
    give(state, p, 1)
    to_decision_of(state, p, "prep")
    g.bag = sorted(g.bag + g.discard[2:])  # two dice stay on the discard
    g.discard = g.discard[:2]
    state._legal = {}
    two = sorted(g.discard)
    letters = " ".join(sorted((state.fig.die_colours[i] for i in two), key=LETTERS.index))
    state.apply(p, f"play 1 {letters}")
    ids = {dice.die_id(d) for d in g.active}
    assert set(two) <= ids and len(ids) == 5 and dice_conserved(state)


def test_card_28_with_one_die_in_the_bag_takes_that_one() -> None:
    state, p = holding(28)
    g = state.guilds[p]
    g.discard, g.bag = g.discard + g.bag[1:], g.bag[:1]
    state._legal = {}
    only = state.fig.die_colours[g.bag[0]]
    assert {a for a in legal_set(state, p) if a.startswith("play 28")} == {f"play 28 bag {only}", "play 28 cards"}
    state.apply(p, f"play 28 bag {only}")
    assert not g.bag and dice_conserved(state)


def test_card_19_dice_from_an_empty_bag_refill_it_from_the_discard() -> None:
    state, p = holding(19)
    g = state.guilds[p]
    g.discard, g.bag = sorted(g.discard + g.bag), []
    state._legal = {}
    active = len(g.active)
    events = state.apply(p, "play 19 draw")
    assert len(g.active) == active + 2 and any(e["type"] == "bag_refilled" for e in events)
    assert dice_conserved(state)


def test_cards_11_and_21_with_one_tile_in_supply_fill_one_card() -> None:
    state, p = new_match()
    give(state, p, 11, 21)
    activate(state, p, "organiser")
    activate(state, p, "manipulator")
    state.guilds[p].guild = 1
    state._legal = {}
    offered = {a for a in legal_set(state, p) if a.startswith(("play 11", "play 21"))}
    assert offered == {"play 11 organiser", "play 11 manipulator", "play 21 organiser", "play 21 manipulator"}
    state.apply(p, "play 11 manipulator")
    assert state.guilds[p].card_tiles == {"manipulator": 1} and state.guilds[p].guild == 0


def test_a_match_with_a_bad_action_card_override_is_refused_when_made() -> None:
    bad = {"action_cards": {"design": {"shapes": {"35": [[0, 0], [0, 1], [1, 0], [1, 1]]}}}}  # a second square
    with pytest.raises(ValueError, match="distinct shapes"):
        TharosState(2, {"figures": bad}, 0)


def test_card_24_after_much_money_pays_its_jars_once_more() -> None:
    state, p = holding(24)
    activate(state, p, "banker")
    set_dice(state, p, "w2 w3 r4")
    state.apply(p, "money many dice w2 w3")
    assert state.guilds[p].money == 7 and "play 24" in legal_set(state, p)
    state.apply(p, "play 24")
    assert state.guilds[p].money == 14 and "t3:last_much" not in state.guilds[p].turn_flags


def test_card_24_does_not_follow_another_action() -> None:
    state, p = new_match()
    give(state, p, 24, 7)
    set_dice(state, p, "w2 w3 r4")
    state.apply(p, "money many dice w2 w3")
    state.apply(p, "play 7")  # the one card of this action
    pass_others(state, p)
    state.apply(p, "cards single dice r4")
    from brassboard.games.tharos.turn import card_plays

    assert not any(str(a).startswith("play 24") for a in card_plays(state, p, "after"))
    assert "t3:last_much" not in state.guilds[p].turn_flags


@pytest.mark.parametrize(("written", "listed"), [
    ("play 2 D4 A1", "play 2 A1 D4"),
    ("play 15 C4 A1 D1", "play 15 A1 D1 C4"),
    ("play 36 C3 B2 C2 B3", "play 36 B2 C2 B3 C3"),
    ("play 12 r2 w1", "play 12 w1 r2"),
    ("play 3 ore y w", "play 3 ore w y"),
    ("play 28 bag r y", "play 28 bag y r"),
    ("play 1 r w w y w", "play 1 w w w y r"),
    ("play 11 manipulator organiser", "play 11 organiser manipulator"),
    ("play 29 gunner banker civil", "play 29 banker gunner civil"),
    ("play 39 crystal B3 ore C2 ore A1", "play 39 ore A1 ore C2 crystal B3"),
    ("release r w", "release w r"),
    ("play 4 D4 A1", "play 4 D4 A1"),        # from, to: the order is the meaning
    ("play 2 X9 A1", "play 2 X9 A1"),        # unreadable: left for the rules to refuse
])
def test_order_free_arguments_have_one_canonical_notation(written: str, listed: str) -> None:
    from brassboard.games.tharos.action_cards import canonical

    assert str(canonical(Action.parse(written))) == listed


def test_a_card_play_written_in_another_order_is_applied() -> None:
    state, p = holding(2)
    put_tile(state, p, "A1", "D4")
    state.apply(p, "play 2 D4 A1")
    assert state.guilds[p].money == 16 and not own_cells(state, p)
