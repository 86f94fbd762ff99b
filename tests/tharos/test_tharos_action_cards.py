"""Tharos action cards 1-21 (glossary "Aktionskarten"), the deck with its DESIGN figures and the timing rules (one card
per action, never card-then-pass); cards 22-40 are in test_tharos_action_cards_late.py.

Every refusal checks that the reason names the card or the rule and that the state is exactly as before.
Scenarios are built directly on a fresh match in its first action phase: the test gives the card, sets the dice,
tiles and money it needs, then plays it through ``state.apply`` as a player would.
"""

from __future__ import annotations

import pytest
from tharos_card_helpers import (
    give,
    holding,
    legal_set,
    new_match,
    own_cells,
    refused_with,
    to_decision_of,
)
from tharos_helpers import activate, dice_conserved, pass_others, put_tile, set_dice

from brassboard.games.tharos import dice
from brassboard.games.tharos.action_card_data import deck_figures, default_figures
from brassboard.games.tharos.figures import EXPLORATION, LETTERS, TRADE, figures


# ----- the deck and its DESIGN figures -------------------------------------------------------------------------------
def test_deck_holds_the_forty_glossary_cards_each_registered() -> None:
    from brassboard.games.tharos.action_cards import registered_cards

    deck = default_figures()
    assert sorted(deck.cards) == list(range(1, 41))
    assert registered_cards() == tuple(range(1, 41))
    assert {n for n, c in deck.cards.items() if c.timing != "action"} == {1, 9, 22}
    assert all(c.name and c.name_de and c.text and c.text_de and c.needs for c in deck.cards.values())


def test_cards_that_bind_their_action_are_played_before_it() -> None:
    from brassboard.games.tharos.action_cards import windows_of

    binding = {n for n, c in default_figures().cards.items() if c.modifies}
    assert binding == {8, 16, 24, 26}
    assert all("before" in windows_of(n) for n in binding)
    assert {n for n in binding if "after" not in windows_of(n)} == {8, 16, 26}  # 24 may also follow Much Money
    assert {n: windows_of(n) for n in (1, 9, 22)} == {1: ("prep",), 9: ("drawn",), 22: ("cleanup",)}


def test_design_defaults_are_three_distinct_mine_sets_and_four_distinct_shapes() -> None:
    deck = default_figures()
    assert len({frozenset(kinds) for kinds in deck.mine_sets.values()}) == 3
    # line 8 placements on the 4x4 grid, square 9, T 24, L 48 (any rotation or reflection)
    assert {n: len(p) for n, p in deck.shape_placements.items()} == {35: 8, 36: 9, 37: 24, 38: 48}


def test_design_figures_are_overridable_through_the_figures_option() -> None:
    overrides = {"action_cards": {"design": {"mine_sets": {"32": ["plain", "hill", "forest"]}}}}
    deck = deck_figures(figures(overrides).raw["action_cards"])
    assert deck.mine_sets[32] == ("plain", "hill", "forest")
    assert deck.mine_sets[33] == default_figures().mine_sets[33]
    state, _ = new_match(options={"figures": overrides})
    from brassboard.games.tharos.action_cards import deck as match_deck

    assert match_deck(state).mine_sets[32] == ("plain", "hill", "forest")


@pytest.mark.parametrize("design", [
    {"mine_sets": {"32": ["plain", "mountain"]}},                                  # same as card 33
    {"mine_sets": {"32": ["lava"]}},                                               # no such landscape
    {"shapes": {"35": [[0, 0], [0, 1], [1, 0], [1, 1]]}},                          # same as card 36
    {"shapes": {"35": [[0, 0], [0, 2], [1, 0], [1, 1]]}},                          # not connected
    {"shapes": {"35": [[0, 0], [0, 1], [0, 2]]}},                                  # three cells
    {"shapes": {"35": [["a", 0], [0, 1], [0, 2], [0, 3]]}},                        # not a cell
    {"shapes": {"35": 4}},                                                         # not a list
    {"mine_sets": {"32": "forest"}},                                               # not a list of kinds
    {"mine_sets": {"31": ["forest"]}},                                             # no such card
    {"any_orientation": "yes"},
    {"shape_names": {"35": 7}},
])
def test_bad_design_overrides_are_refused(design: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="action"):
        deck_figures(figures({"action_cards": {"design": design}}).raw["action_cards"])


def test_the_printed_cards_cannot_be_overridden() -> None:
    with pytest.raises(ValueError, match=r"only action_cards\.design"):
        deck_figures(figures({"action_cards": {"cards": {"6": {"jars": 1}}}}).raw["action_cards"])


# ----- one card per action, never card-then-pass ------------------------------------------------------------------
def test_a_card_before_the_action_forbids_passing_and_allows_no_second_card() -> None:
    state, p = new_match()
    give(state, p, 7, 20)
    state.apply(p, "play 7")
    assert "pass" not in legal_set(state, p)
    refused_with(state, p, "pass", "no pass")
    refused_with(state, p, "play 20 jars", "one action card per action")


def test_a_card_may_follow_the_action_instead() -> None:
    state, p = holding(20, "w3 w4")
    state.apply(p, "money little dice w3")
    assert "play 20 jars" in legal_set(state, p)
    money = state.guilds[p].money
    state.apply(p, "play 20 jars")
    assert state.guilds[p].money == money + 8


def test_card_not_in_hand_is_refused() -> None:
    state, p = new_match()
    refused_with(state, p, "play 7", "not in player")


# ----- 1 ------------------------------------------------------------------------------------------------------------


def test_card_01_picks_five_dice_from_the_discard_instead_of_drawing() -> None:
    state, p = new_match()
    g = state.guilds[p]
    give(state, p, 1)
    to_decision_of(state, p, "prep")
    assert len(g.discard) >= 5
    bag_before = len(g.bag)
    choice = sorted(g.discard)[:5]
    letters = " ".join(state.fig.die_colours[i] for i in choice)
    state.apply(p, f"play 1 {letters}")
    if state.board.pending and state.board.pending[0][:2] == [p, "drawn"]:
        state.apply(p, "roll")
    ids = sorted(dice.die_id(d) for d in g.active)
    assert ids == sorted(choice)                     # exactly the chosen dice, no draw from the bag
    assert len(g.bag) == bag_before
    assert all(dice.pips(d) > 0 for d in g.active)  # rolled with the preparation


def test_card_01_refused_outside_the_preparation() -> None:
    state, p = holding(1)
    assert not any(a.startswith("play 1") for a in legal_set(state, p))
    refused_with(state, p, "play 1 w w w w w", "action card 1", "in the preparation before the draw", "now is before")


# ----- 2 ------------------------------------------------------------------------------------------------------------
def test_card_02_returns_two_landscape_tiles_for_eight_jars_each() -> None:
    state, p = holding(2)
    put_tile(state, p, "A1", "D4", "B2")
    g = state.guilds[p]
    money, supply = g.money, g.guild
    state.apply(p, "play 2 A1 D4")
    assert g.money == money + 16 and g.guild == supply + 2
    assert own_cells(state, p) == {"B2"}


def test_card_02_refused_for_a_landscape_without_own_tile() -> None:
    state, p = holding(2)
    put_tile(state, p, "A1")
    refused_with(state, p, "play 2 C3", "action card 2")
    refused_with(state, p, "play 2 A1 A1", "action card 2")


# ----- 3 ------------------------------------------------------------------------------------------------------------
def test_card_03_two_ore_tiles_for_a_trade_medal_four_for_two() -> None:
    state, p = holding(3)
    g = state.guilds[p]
    g.ore = 0b00011  # white, yellow
    state._legal = {}
    state.apply(p, "play 3 ore w y")
    assert g.ore == 0 and g.medals[TRADE] == 1
    assert state.board.ore_supply[0] == 1 and state.board.ore_supply[1] == 1
    state2, q = new_match()
    give(state2, q, 3)
    state2.guilds[q].crystal = 0b11110
    state2._legal = {}
    state2.apply(q, "play 3 crystal y r g b")
    assert state2.guilds[q].medals[TRADE] == 2 and state2.guilds[q].crystal == 0


def test_card_03_refused_with_tiles_of_mixed_sorts_or_too_few() -> None:
    state, p = holding(3)
    state.guilds[p].ore = 0b00001
    state.guilds[p].crystal = 0b00001
    state._legal = {}
    refused_with(state, p, "play 3 ore w y", "action card 3")
    refused_with(state, p, "play 3 crystal w", "action card 3")


# ----- 4 ------------------------------------------------------------------------------------------------------------
def test_card_04_moves_a_tile_anywhere() -> None:
    state, p = holding(4)
    put_tile(state, p, "A1")
    state.apply(p, "play 4 A1 D4")
    assert own_cells(state, p) == {"D4"}


def test_card_04_refused_onto_a_landscape_with_own_tile() -> None:
    state, p = holding(4)
    put_tile(state, p, "A1", "B1")
    refused_with(state, p, "play 4 A1 B1", "action card 4")


# ----- 5 ------------------------------------------------------------------------------------------------------------
def test_card_05_lets_a_white_field_be_used_twice() -> None:
    state, p = holding(5, "w3 w4 r2")
    state.apply(p, "money little dice w3")
    state.apply(p, "done")
    pass_others(state, p)
    assert not any(a.startswith("money") for a in legal_set(state, p))
    state.apply(p, "play 5")
    assert "money little dice r2" in legal_set(state, p)
    money = state.guilds[p].money
    state.apply(p, "money little dice r2")
    assert state.guilds[p].money == money + 1


def test_card_05_refused_as_a_second_card_of_the_same_action() -> None:
    state, p = new_match()
    give(state, p, 5, 7)
    set_dice(state, p, "w3")
    state.apply(p, "play 7")
    refused_with(state, p, "play 5", "one action card per action")
    state.apply(p, "money little dice w3")
    assert state.active_players() != [p]  # after the action the turn ends: the card was its one card


# ----- 6 ------------------------------------------------------------------------------------------------------------
def test_card_06_twelve_jars_for_a_trade_medal() -> None:
    state, p = holding(6)
    state.guilds[p].money = 13
    state.apply(p, "play 6")
    assert state.guilds[p].money == 1 and state.guilds[p].medals[TRADE] == 1


def test_card_06_refused_with_eleven_jars() -> None:
    state, p = holding(6)
    state.guilds[p].money = 11
    refused_with(state, p, "play 6", "action card 6", "needs 12 jars")


# ----- 7 ------------------------------------------------------------------------------------------------------------
def test_card_07_combat_strength_plus_two() -> None:
    state, p = holding(7)
    state.apply(p, "play 7")
    assert state.guilds[p].combat == 2


def test_card_07_refused_with_arguments() -> None:
    state, p = holding(7)
    refused_with(state, p, "play 7 twice", "action card 7")


# ----- 8 ------------------------------------------------------------------------------------------------------------
def test_card_08_a_die_of_choice_from_the_bag_bound_to_the_action() -> None:
    state, p = holding(8, "w3 w5")
    g = state.guilds[p]
    reds = [i for i in g.bag if state.fig.die_colours[i] == "r"]
    assert reds
    events = state.apply(p, "play 8 r")
    assert any(e["type"] == "dice_rolled" and e.get("chance") for e in events)
    red = next(d for d in g.active if dice.colour(d) == LETTERS.index("r"))
    assert dice.die_id(red) in reds and dice.die_id(red) not in g.bag
    token = dice.token(red)
    mains = [a for a in state.legal_actions(p) if a.kind not in ("play", "convert", "pass")]
    assert mains and all(token in a.args for a in mains)   # the drawn die must serve the action


def test_card_08_refused_for_a_colour_not_in_the_bag() -> None:
    state, p = holding(8)
    assert not any(state.fig.die_colours[i] == "g" for i in state.guilds[p].bag)
    refused_with(state, p, "play 8 g", "action card 8")


# ----- 9 ------------------------------------------------------------------------------------------------------------
def test_card_09_puts_the_drawn_dice_away_and_draws_as_many_again() -> None:
    state, p = holding(9)
    to_decision_of(state, p, "drawn")
    g = state.guilds[p]
    g.bag = sorted(g.bag + g.discard)  # a bag large enough that the redraw needs no refill
    g.discard = []
    first = sorted(dice.die_id(d) for d in g.active)
    assert len(first) == 5 and len(g.bag) >= 5
    state.apply(p, "play 9")
    assert sorted(g.discard) == first and dice_conserved(state)
    assert len(g.active) == 5 and not {dice.die_id(d) for d in g.active} & set(first)


def test_card_09_refused_in_the_action_phase() -> None:
    state, p = holding(9)
    refused_with(state, p, "play 9", "action card 9", "in the preparation after the draw")


# ----- 10 -----------------------------------------------------------------------------------------------------------
def test_card_10_turns_a_die_to_any_face() -> None:
    state, p = holding(10, "w2 r1")
    state.apply(p, "play 10 r1 6")
    assert sorted(dice.token(d) for d in state.guilds[p].active) == ["r6", "w2"]


def test_card_10_refused_for_a_seven() -> None:
    state, p = holding(10, "w2")
    refused_with(state, p, "play 10 w2 7", "action card 10")


# ----- 11 and 21 ----------------------------------------------------------------------------------------------------
def test_card_11_fills_organiser_and_manipulator() -> None:
    state, p = holding(11)
    activate(state, p, "organiser")
    activate(state, p, "manipulator", tiles=1)
    g = state.guilds[p]
    supply = g.guild
    state.apply(p, "play 11 organiser manipulator")
    assert g.card_tiles == {"organiser": 2, "manipulator": 3} and g.guild == supply - 4


def test_card_11_refused_for_an_inactive_card() -> None:
    state, p = holding(11)
    activate(state, p, "manipulator")
    refused_with(state, p, "play 11 organiser", "action card 11")


def test_card_21_one_tile_each() -> None:
    state, p = holding(21)
    activate(state, p, "organiser")
    activate(state, p, "manipulator", tiles=1)
    g = state.guilds[p]
    supply = g.guild
    state.apply(p, "play 21 organiser manipulator")
    assert g.card_tiles == {"organiser": 1, "manipulator": 2} and g.guild == supply - 2


def test_card_21_refused_on_a_full_manipulator() -> None:
    state, p = holding(21)
    activate(state, p, "manipulator", tiles=3)
    refused_with(state, p, "play 21 manipulator", "action card 21")


# ----- 12 -----------------------------------------------------------------------------------------------------------
def test_card_12_rerolls_the_chosen_unused_dice() -> None:
    state, p = holding(12, "w1 w1 r2 y6")
    events = state.apply(p, "play 12 w1 r2")
    rolled = next(e for e in events if e["type"] == "dice_rolled")
    assert rolled["chance"] and len(rolled["dice"]) == 2
    tokens = sorted(dice.token(d) for d in state.guilds[p].active)
    assert "y6" in tokens and "w1" in tokens and len(tokens) == 4


def test_card_12_refused_for_a_die_not_active() -> None:
    state, p = holding(12, "w1")
    refused_with(state, p, "play 12 b4", "action card 12")


# ----- 13 and 14 ----------------------------------------------------------------------------------------------------
def test_card_13_takes_a_tile_from_the_general_supply() -> None:
    state, p = holding(13)
    state.board.crystal_supply[2] = 1
    state._legal = {}
    assert "play 13 crystal r" in legal_set(state, p)
    state.apply(p, "play 13 crystal r")
    assert state.guilds[p].crystal == 1 << 2 and state.board.crystal_supply[2] == 0


def test_card_13_refused_for_a_colour_already_owned_or_not_in_supply() -> None:
    state, p = holding(13)
    state.board.ore_supply[1] = 1
    state.guilds[p].ore = 1 << 1
    state._legal = {}
    refused_with(state, p, "play 13 ore y", "action card 13")
    refused_with(state, p, "play 13 ore g", "action card 13")


def test_card_14_ore_and_crystal_of_one_colour_for_a_trade_medal() -> None:
    state, p = holding(14)
    g = state.guilds[p]
    g.ore, g.crystal = 0b01000, 0b01001
    state._legal = {}
    state.apply(p, "play 14 g")
    assert (g.ore, g.crystal, g.medals[TRADE]) == (0, 1, 1)


def test_card_14_refused_without_a_matching_pair() -> None:
    state, p = holding(14)
    state.guilds[p].ore, state.guilds[p].crystal = 0b00001, 0b00010
    state._legal = {}
    refused_with(state, p, "play 14 w", "action card 14")


# ----- 15 -----------------------------------------------------------------------------------------------------------
def test_card_15_three_scattered_tiles_for_an_exploration_medal() -> None:
    state, p = holding(15)
    put_tile(state, p, "A1", "D1", "C4")
    state.apply(p, "play 15 A1 D1 C4")
    assert state.guilds[p].medals[EXPLORATION] == 1 and not own_cells(state, p)


def test_card_15_refused_with_two_tiles() -> None:
    state, p = holding(15)
    put_tile(state, p, "A1", "D1")
    refused_with(state, p, "play 15 A1 D1", "action card 15")


# ----- 16 -----------------------------------------------------------------------------------------------------------
def test_card_16_is_a_die_of_any_colour_and_value_for_the_action() -> None:
    state, p = holding(16, "w1 w2")
    cell = next(c for c, colour in enumerate(state.board.colours) if colour == LETTERS.index("b"))
    state.apply(p, "play 16 b6")
    g = state.guilds[p]
    virtual = next(d for d in g.active if dice.die_id(d) >= dice.VIRTUAL)
    assert dice.token(virtual) == "b6"
    mains = [a for a in state.legal_actions(p) if a.kind not in ("play", "convert", "pass")]
    assert mains and all("b6" in a.args for a in mains)
    from brassboard.games.tharos.figures import CELL_NAMES

    state.apply(p, f"mine {CELL_NAMES[cell]} dice b6")
    assert state.board.mines_on[cell] & 1 << p
    assert dice_conserved(state) and not any(dice.die_id(x) >= dice.VIRTUAL for x in g.active)


def test_card_16_is_offered_only_before_the_action_and_refused_beyond_six() -> None:
    state, p = new_match()
    give(state, p, 16, 7)
    set_dice(state, p, "w3")
    refused_with(state, p, "play 16 b7", "action card 16")
    refused_with(state, p, "play 16 x1", "action card 16")
    from brassboard.games.tharos.turn import card_plays

    assert any(str(a).startswith("play 16") for a in card_plays(state, p, "before"))
    assert not any(str(a).startswith("play 16") for a in card_plays(state, p, "after"))


# ----- 17 and 18 ----------------------------------------------------------------------------------------------------
def test_card_17_a_tile_on_any_landscape() -> None:
    state, p = holding(17)
    state.apply(p, "play 17 C3")
    assert own_cells(state, p) == {"C3"}


def test_card_17_refused_where_the_player_has_a_tile() -> None:
    state, p = holding(17)
    put_tile(state, p, "C3")
    refused_with(state, p, "play 17 C3", "action card 17")


def test_card_18_two_tiles_on_adjacent_top_row_landscapes() -> None:
    state, p = holding(18)
    state.apply(p, "play 18 B1 C1")
    assert own_cells(state, p) == {"B1", "C1"}


def test_card_18_only_one_tile_when_the_two_middle_ones_are_taken() -> None:
    state, p = holding(18)
    put_tile(state, p, "B1", "C1")
    plays = {a for a in legal_set(state, p) if a.startswith("play 18")}
    assert plays == {"play 18 A1", "play 18 D1"}
    state.apply(p, "play 18 D1")
    assert own_cells(state, p) == {"B1", "C1", "D1"}


def test_card_18_refused_for_landscapes_not_adjacent_or_not_in_the_top_row() -> None:
    state, p = holding(18)
    refused_with(state, p, "play 18 A1 C1", "action card 18")
    refused_with(state, p, "play 18 A2 B2", "action card 18")
    refused_with(state, p, "play 18 A1", "action card 18")  # two adjacent ones are free: a single tile is not enough


# ----- 19 and 20 ----------------------------------------------------------------------------------------------------
def test_card_19_combat_four() -> None:
    state, p = holding(19)
    state.apply(p, "play 19 combat")
    assert state.guilds[p].combat == 4


def test_card_19_two_dice_drawn_and_rolled() -> None:
    state, p = holding(19, "w3")
    g = state.guilds[p]
    bag = len(g.bag)
    events = state.apply(p, "play 19 draw")
    assert len(g.active) == 3 and len(g.bag) == bag - 2
    assert all(dice.pips(d) > 0 for d in g.active)
    assert any(e["type"] == "dice_rolled" for e in events)


def test_card_19_a_market_die_free_to_the_discard_the_column_slides() -> None:
    state, p = holding(19)
    g = state.guilds[p]
    money = g.money
    column = list(g.market[0])  # bottom to top: yellow, green, blue
    state.apply(p, "play 19 market g 1")
    assert g.market[0] == [column[0], column[2]] and column[1] in g.discard and g.money == money
    assert dice_conserved(state)


def test_card_19_refused_for_a_market_die_not_there() -> None:
    state, p = holding(19)
    refused_with(state, p, "play 19 market r 1", "action card 19")


def test_card_20_combat_or_jars() -> None:
    state, p = holding(20)
    state.apply(p, "play 20 combat")
    assert state.guilds[p].combat == 4
    state2, q = new_match()
    give(state2, q, 20)
    state2.apply(q, "play 20 jars")
    assert state2.guilds[q].money == 8


def test_card_20_refused_for_an_option_it_lacks() -> None:
    state, p = holding(20)
    refused_with(state, p, "play 20 medal", "action card 20")
