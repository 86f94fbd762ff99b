"""Tharos action cards (glossary "Aktionskarten" 1-40): each card's effect, and refused uses.

Every refusal checks that the reason names the card or the rule and that the state is exactly as before.
Scenarios are built directly on a fresh match in its first action phase: the test gives the card, sets the dice,
tiles and money it needs, then plays it through ``state.apply`` as a player would.
"""

from __future__ import annotations

import json

import pytest
from tharos_helpers import activate, dice_conserved, put_mine, put_tile, refused, set_dice

from brassboard.engine import Action
from brassboard.games.tharos import dice
from brassboard.games.tharos.action_card_data import deck_figures, default_figures
from brassboard.games.tharos.figures import CELL_OF, EXPLORATION, LETTERS, TRADE, figures
from brassboard.games.tharos.rules import TharosState

CIVIL = 3
COMBAT = 0


# ----- scenario helpers ---------------------------------------------------------------------------------------------
def _new(players: int = 2, seed: int = 3, options: dict[str, object] | None = None) -> tuple[TharosState, int]:
    state = TharosState(players, options, seed)
    assert state.board.step == "actions" and not state.board.pending
    return state, state.board.current


def _give(state: TharosState, player: int, *cards: int) -> None:
    """Put action cards into ``player``'s hand (out of the deck or discard pile)."""
    board = state.board
    for card in cards:
        if card in board.action_deck:
            board.action_deck.remove(card)
        else:
            board.action_discard.remove(card)
        state.guilds[player].hand.append(card)
    state._legal = {}


def _own(state: TharosState, player: int) -> set[str]:
    bit = 1 << player
    return {name for name, cell in CELL_OF.items() if state.board.guild_on[cell] & bit}


def _refused(state: TharosState, player: int, notation: str, *fragments: str) -> str:
    """``notation`` is illegal: the state is unchanged (``refused``) and the reason contains every fragment."""
    reason = refused(state, player, notation)
    for fragment in fragments:
        assert fragment in reason, reason
    return reason


def _legal(state: TharosState, player: int) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


def _cells_of_kind(state: TharosState, kind: str) -> list[str]:
    return [name for name, cell in CELL_OF.items() if state.board.kinds[cell] == kind]


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
    state, _ = _new(options={"figures": overrides})
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
    state, p = _new()
    _give(state, p, 7, 20)
    state.apply(p, "play 7")
    assert "pass" not in _legal(state, p)
    _refused(state, p, "pass", "no pass")
    _refused(state, p, "play 20 jars", "one action card per action")


def test_a_card_may_follow_the_action_instead() -> None:
    state, p = _new()
    _give(state, p, 20)
    set_dice(state, p, "w3 w4")
    state.apply(p, "money little dice w3")
    assert "play 20 jars" in _legal(state, p)
    money = state.guilds[p].money
    state.apply(p, "play 20 jars")
    assert state.guilds[p].money == money + 8


def test_card_not_in_hand_is_refused() -> None:
    state, p = _new()
    _refused(state, p, "play 7", "not in player")


# ----- 1 ------------------------------------------------------------------------------------------------------------
def _to_preparation_of(state: TharosState, player: int, kind: str) -> None:
    """Everyone passes (or takes the first choice of a decision) until ``player`` faces decision ``kind``."""
    for _ in range(500):
        pending = state.board.pending
        if pending and pending[0][0] == player and pending[0][1] == kind:
            return
        actor = state.active_players()[0]
        legal = state.legal_actions(actor)
        state.apply(actor, Action("pass") if Action("pass") in legal else legal[-1])
    raise AssertionError(f"player {player} never reached {kind}")


def test_card_01_picks_five_dice_from_the_discard_instead_of_drawing() -> None:
    state, p = _new()
    g = state.guilds[p]
    _give(state, p, 1)
    _to_preparation_of(state, p, "prep")
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
    state, p = _new()
    _give(state, p, 1)
    assert not any(a.startswith("play 1") for a in _legal(state, p))
    _refused(state, p, "play 1 w w w w w", "action card 1", "in the preparation before the draw", "now is before")


# ----- 2 ------------------------------------------------------------------------------------------------------------
def test_card_02_returns_two_landscape_tiles_for_eight_jars_each() -> None:
    state, p = _new()
    _give(state, p, 2)
    put_tile(state, p, "A1", "D4", "B2")
    g = state.guilds[p]
    money, supply = g.money, g.guild
    state.apply(p, "play 2 A1 D4")
    assert g.money == money + 16 and g.guild == supply + 2
    assert _own(state, p) == {"B2"}


def test_card_02_refused_for_a_landscape_without_own_tile() -> None:
    state, p = _new()
    _give(state, p, 2)
    put_tile(state, p, "A1")
    _refused(state, p, "play 2 C3", "action card 2")
    _refused(state, p, "play 2 A1 A1", "action card 2")


# ----- 3 ------------------------------------------------------------------------------------------------------------
def test_card_03_two_ore_tiles_for_a_trade_medal_four_for_two() -> None:
    state, p = _new()
    _give(state, p, 3)
    g = state.guilds[p]
    g.ore = 0b00011  # white, yellow
    state._legal = {}
    state.apply(p, "play 3 ore w y")
    assert g.ore == 0 and g.medals[TRADE] == 1
    assert state.board.ore_supply[0] == 1 and state.board.ore_supply[1] == 1
    state2, q = _new()
    _give(state2, q, 3)
    state2.guilds[q].crystal = 0b11110
    state2._legal = {}
    state2.apply(q, "play 3 crystal y r g b")
    assert state2.guilds[q].medals[TRADE] == 2 and state2.guilds[q].crystal == 0


def test_card_03_refused_with_tiles_of_mixed_sorts_or_too_few() -> None:
    state, p = _new()
    _give(state, p, 3)
    state.guilds[p].ore = 0b00001
    state.guilds[p].crystal = 0b00001
    state._legal = {}
    _refused(state, p, "play 3 ore w y", "action card 3")
    _refused(state, p, "play 3 crystal w", "action card 3")


# ----- 4 ------------------------------------------------------------------------------------------------------------
def test_card_04_moves_a_tile_anywhere() -> None:
    state, p = _new()
    _give(state, p, 4)
    put_tile(state, p, "A1")
    state.apply(p, "play 4 A1 D4")
    assert _own(state, p) == {"D4"}


def test_card_04_refused_onto_a_landscape_with_own_tile() -> None:
    state, p = _new()
    _give(state, p, 4)
    put_tile(state, p, "A1", "B1")
    _refused(state, p, "play 4 A1 B1", "action card 4")


# ----- 5 ------------------------------------------------------------------------------------------------------------
def test_card_05_lets_a_white_field_be_used_twice() -> None:
    state, p = _new()
    _give(state, p, 5)
    set_dice(state, p, "w3 w4 r2")
    state.apply(p, "money little dice w3")
    state.apply(p, "done")
    while state.active_players() != [p]:
        other = state.active_players()[0]
        state.apply(other, "pass")
    assert not any(a.startswith("money") for a in _legal(state, p))
    state.apply(p, "play 5")
    assert "money little dice r2" in _legal(state, p)
    money = state.guilds[p].money
    state.apply(p, "money little dice r2")
    assert state.guilds[p].money == money + 1


def test_card_05_refused_as_a_second_card_of_the_same_action() -> None:
    state, p = _new()
    _give(state, p, 5, 7)
    set_dice(state, p, "w3")
    state.apply(p, "play 7")
    _refused(state, p, "play 5", "one action card per action")
    state.apply(p, "money little dice w3")
    assert state.active_players() != [p]  # after the action the turn ends: the card was its one card


# ----- 6 ------------------------------------------------------------------------------------------------------------
def test_card_06_twelve_jars_for_a_trade_medal() -> None:
    state, p = _new()
    _give(state, p, 6)
    state.guilds[p].money = 13
    state.apply(p, "play 6")
    assert state.guilds[p].money == 1 and state.guilds[p].medals[TRADE] == 1


def test_card_06_refused_with_eleven_jars() -> None:
    state, p = _new()
    _give(state, p, 6)
    state.guilds[p].money = 11
    _refused(state, p, "play 6", "action card 6", "needs 12 jars")


# ----- 7 ------------------------------------------------------------------------------------------------------------
def test_card_07_combat_strength_plus_two() -> None:
    state, p = _new()
    _give(state, p, 7)
    state.apply(p, "play 7")
    assert state.guilds[p].combat == 2


def test_card_07_refused_with_arguments() -> None:
    state, p = _new()
    _give(state, p, 7)
    _refused(state, p, "play 7 twice", "action card 7")


# ----- 8 ------------------------------------------------------------------------------------------------------------
def test_card_08_a_die_of_choice_from_the_bag_bound_to_the_action() -> None:
    state, p = _new()
    _give(state, p, 8)
    set_dice(state, p, "w3 w5")
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
    state, p = _new()
    _give(state, p, 8)
    assert not any(state.fig.die_colours[i] == "g" for i in state.guilds[p].bag)
    _refused(state, p, "play 8 g", "action card 8")


# ----- 9 ------------------------------------------------------------------------------------------------------------
def test_card_09_puts_the_drawn_dice_away_and_draws_as_many_again() -> None:
    state, p = _new()
    _give(state, p, 9)
    _to_preparation_of(state, p, "drawn")
    g = state.guilds[p]
    g.bag = sorted(g.bag + g.discard)  # a bag large enough that the redraw needs no refill
    g.discard = []
    first = sorted(dice.die_id(d) for d in g.active)
    assert len(first) == 5 and len(g.bag) >= 5
    state.apply(p, "play 9")
    assert sorted(g.discard) == first and dice_conserved(state)
    assert len(g.active) == 5 and not {dice.die_id(d) for d in g.active} & set(first)


def test_card_09_refused_in_the_action_phase() -> None:
    state, p = _new()
    _give(state, p, 9)
    _refused(state, p, "play 9", "action card 9", "in the preparation after the draw")


# ----- 10 -----------------------------------------------------------------------------------------------------------
def test_card_10_turns_a_die_to_any_face() -> None:
    state, p = _new()
    _give(state, p, 10)
    set_dice(state, p, "w2 r1")
    state.apply(p, "play 10 r1 6")
    assert sorted(dice.token(d) for d in state.guilds[p].active) == ["r6", "w2"]


def test_card_10_refused_for_a_seven() -> None:
    state, p = _new()
    _give(state, p, 10)
    set_dice(state, p, "w2")
    _refused(state, p, "play 10 w2 7", "action card 10")


# ----- 11 and 21 ----------------------------------------------------------------------------------------------------
def test_card_11_fills_organiser_and_manipulator() -> None:
    state, p = _new()
    _give(state, p, 11)
    activate(state, p, "organiser")
    activate(state, p, "manipulator", tiles=1)
    g = state.guilds[p]
    supply = g.guild
    state.apply(p, "play 11 organiser manipulator")
    assert g.card_tiles == {"organiser": 2, "manipulator": 3} and g.guild == supply - 4


def test_card_11_refused_for_an_inactive_card() -> None:
    state, p = _new()
    _give(state, p, 11)
    activate(state, p, "manipulator")
    _refused(state, p, "play 11 organiser", "action card 11")


def test_card_21_one_tile_each() -> None:
    state, p = _new()
    _give(state, p, 21)
    activate(state, p, "organiser")
    activate(state, p, "manipulator", tiles=1)
    g = state.guilds[p]
    supply = g.guild
    state.apply(p, "play 21 organiser manipulator")
    assert g.card_tiles == {"organiser": 1, "manipulator": 2} and g.guild == supply - 2


def test_card_21_refused_on_a_full_manipulator() -> None:
    state, p = _new()
    _give(state, p, 21)
    activate(state, p, "manipulator", tiles=3)
    _refused(state, p, "play 21 manipulator", "action card 21")


# ----- 12 -----------------------------------------------------------------------------------------------------------
def test_card_12_rerolls_the_chosen_unused_dice() -> None:
    state, p = _new()
    _give(state, p, 12)
    set_dice(state, p, "w1 w1 r2 y6")
    events = state.apply(p, "play 12 w1 r2")
    rolled = next(e for e in events if e["type"] == "dice_rolled")
    assert rolled["chance"] and len(rolled["dice"]) == 2
    tokens = sorted(dice.token(d) for d in state.guilds[p].active)
    assert "y6" in tokens and "w1" in tokens and len(tokens) == 4


def test_card_12_refused_for_a_die_not_active() -> None:
    state, p = _new()
    _give(state, p, 12)
    set_dice(state, p, "w1")
    _refused(state, p, "play 12 b4", "action card 12")


# ----- 13 and 14 ----------------------------------------------------------------------------------------------------
def test_card_13_takes_a_tile_from_the_general_supply() -> None:
    state, p = _new()
    _give(state, p, 13)
    state.board.crystal_supply[2] = 1
    state._legal = {}
    assert "play 13 crystal r" in _legal(state, p)
    state.apply(p, "play 13 crystal r")
    assert state.guilds[p].crystal == 1 << 2 and state.board.crystal_supply[2] == 0


def test_card_13_refused_for_a_colour_already_owned_or_not_in_supply() -> None:
    state, p = _new()
    _give(state, p, 13)
    state.board.ore_supply[1] = 1
    state.guilds[p].ore = 1 << 1
    state._legal = {}
    _refused(state, p, "play 13 ore y", "action card 13")
    _refused(state, p, "play 13 ore g", "action card 13")


def test_card_14_ore_and_crystal_of_one_colour_for_a_trade_medal() -> None:
    state, p = _new()
    _give(state, p, 14)
    g = state.guilds[p]
    g.ore, g.crystal = 0b01000, 0b01001
    state._legal = {}
    state.apply(p, "play 14 g")
    assert (g.ore, g.crystal, g.medals[TRADE]) == (0, 1, 1)


def test_card_14_refused_without_a_matching_pair() -> None:
    state, p = _new()
    _give(state, p, 14)
    state.guilds[p].ore, state.guilds[p].crystal = 0b00001, 0b00010
    state._legal = {}
    _refused(state, p, "play 14 w", "action card 14")


# ----- 15 -----------------------------------------------------------------------------------------------------------
def test_card_15_three_scattered_tiles_for_an_exploration_medal() -> None:
    state, p = _new()
    _give(state, p, 15)
    put_tile(state, p, "A1", "D1", "C4")
    state.apply(p, "play 15 A1 D1 C4")
    assert state.guilds[p].medals[EXPLORATION] == 1 and not _own(state, p)


def test_card_15_refused_with_two_tiles() -> None:
    state, p = _new()
    _give(state, p, 15)
    put_tile(state, p, "A1", "D1")
    _refused(state, p, "play 15 A1 D1", "action card 15")


# ----- 16 -----------------------------------------------------------------------------------------------------------
def test_card_16_is_a_die_of_any_colour_and_value_for_the_action() -> None:
    state, p = _new()
    _give(state, p, 16)
    set_dice(state, p, "w1 w2")
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
    state, p = _new()
    _give(state, p, 16, 7)
    set_dice(state, p, "w3")
    _refused(state, p, "play 16 b7", "action card 16")
    _refused(state, p, "play 16 x1", "action card 16")
    from brassboard.games.tharos.turn import card_plays

    assert any(str(a).startswith("play 16") for a in card_plays(state, p, "before"))
    assert not any(str(a).startswith("play 16") for a in card_plays(state, p, "after"))


# ----- 17 and 18 ----------------------------------------------------------------------------------------------------
def test_card_17_a_tile_on_any_landscape() -> None:
    state, p = _new()
    _give(state, p, 17)
    state.apply(p, "play 17 C3")
    assert _own(state, p) == {"C3"}


def test_card_17_refused_where_the_player_has_a_tile() -> None:
    state, p = _new()
    _give(state, p, 17)
    put_tile(state, p, "C3")
    _refused(state, p, "play 17 C3", "action card 17")


def test_card_18_two_tiles_on_adjacent_top_row_landscapes() -> None:
    state, p = _new()
    _give(state, p, 18)
    state.apply(p, "play 18 B1 C1")
    assert _own(state, p) == {"B1", "C1"}


def test_card_18_only_one_tile_when_the_two_middle_ones_are_taken() -> None:
    state, p = _new()
    _give(state, p, 18)
    put_tile(state, p, "B1", "C1")
    plays = {a for a in _legal(state, p) if a.startswith("play 18")}
    assert plays == {"play 18 A1", "play 18 D1"}
    state.apply(p, "play 18 D1")
    assert _own(state, p) == {"B1", "C1", "D1"}


def test_card_18_refused_for_landscapes_not_adjacent_or_not_in_the_top_row() -> None:
    state, p = _new()
    _give(state, p, 18)
    _refused(state, p, "play 18 A1 C1", "action card 18")
    _refused(state, p, "play 18 A2 B2", "action card 18")
    _refused(state, p, "play 18 A1", "action card 18")  # two adjacent ones are free: a single tile is not enough


# ----- 19 and 20 ----------------------------------------------------------------------------------------------------
def test_card_19_combat_four() -> None:
    state, p = _new()
    _give(state, p, 19)
    state.apply(p, "play 19 combat")
    assert state.guilds[p].combat == 4


def test_card_19_two_dice_drawn_and_rolled() -> None:
    state, p = _new()
    _give(state, p, 19)
    set_dice(state, p, "w3")
    g = state.guilds[p]
    bag = len(g.bag)
    events = state.apply(p, "play 19 draw")
    assert len(g.active) == 3 and len(g.bag) == bag - 2
    assert all(dice.pips(d) > 0 for d in g.active)
    assert any(e["type"] == "dice_rolled" for e in events)


def test_card_19_a_market_die_free_to_the_discard_the_column_slides() -> None:
    state, p = _new()
    _give(state, p, 19)
    g = state.guilds[p]
    money = g.money
    column = list(g.market[0])  # bottom to top: yellow, green, blue
    state.apply(p, "play 19 market g 1")
    assert g.market[0] == [column[0], column[2]] and column[1] in g.discard and g.money == money
    assert dice_conserved(state)


def test_card_19_refused_for_a_market_die_not_there() -> None:
    state, p = _new()
    _give(state, p, 19)
    _refused(state, p, "play 19 market r 1", "action card 19")


def test_card_20_combat_or_jars() -> None:
    state, p = _new()
    _give(state, p, 20)
    state.apply(p, "play 20 combat")
    assert state.guilds[p].combat == 4
    state2, q = _new()
    _give(state2, q, 20)
    state2.apply(q, "play 20 jars")
    assert state2.guilds[q].money == 8


def test_card_20_refused_for_an_option_it_lacks() -> None:
    state, p = _new()
    _give(state, p, 20)
    _refused(state, p, "play 20 medal", "action card 20")


# ----- 22 -----------------------------------------------------------------------------------------------------------
def test_card_22_keeps_two_dice_for_later_preparations() -> None:
    state, p = _new()
    _give(state, p, 22)
    _to_preparation_of(state, p, "cleanup")
    g = state.guilds[p]
    colours = sorted({state.fig.die_colours[dice.die_id(d)] for d in g.active + g.placed}, key=LETTERS.index)
    pair = f"{colours[0]} {colours[0]}" if len(colours) == 1 else f"{colours[0]} {colours[1]}"
    state.apply(p, f"play 22 {pair}")
    assert len(g.stored) == 2 and 22 not in state.board.action_discard
    kept = list(g.stored)
    _to_preparation_of(state, p, "t3:reserve")
    assert all(d not in g.discard and d not in g.bag for d in kept)
    first = state.fig.die_colours[kept[0]]
    state.apply(p, f"release {first}")
    assert len(g.stored) == 1 and 22 not in state.board.action_discard
    while state.board.pending and state.board.pending[0][0] == p:
        state.apply(p, state.legal_actions(p)[-1])
    assert kept[0] in [dice.die_id(d) for d in g.active]  # joined the drawn dice and was rolled
    _to_preparation_of(state, p, "t3:reserve")
    state.apply(p, f"release {state.fig.die_colours[g.stored[0]]}")
    assert g.stored == [] and 22 in state.board.action_discard  # the empty card is discarded
    assert dice_conserved(state)


def test_card_22_refused_in_the_action_phase_and_for_dice_not_on_it() -> None:
    state, p = _new()
    _give(state, p, 22)
    _refused(state, p, "play 22 w w", "action card 22", "at clean-up")
    _to_preparation_of(state, p, "cleanup")
    _refused(state, p, "play 22 g g g", "action card 22")


# ----- 23 -----------------------------------------------------------------------------------------------------------
def test_card_23_a_mine_anywhere_even_apart_from_the_others() -> None:
    state, p = _new()
    _give(state, p, 23)
    put_mine(state, p, "A1")
    state.apply(p, "play 23 D4")
    assert state.board.mines_on[CELL_OF["D4"]] & 1 << p and state.guilds[p].mines == 8


def test_card_23_refused_without_mines_in_supply() -> None:
    state, p = _new()
    _give(state, p, 23)
    state.guilds[p].mines = 0
    _refused(state, p, "play 23 D4", "action card 23")


# ----- 24 -----------------------------------------------------------------------------------------------------------
def test_card_24_doubles_much_money() -> None:
    state, p = _new()
    _give(state, p, 24)
    set_dice(state, p, "w5 w6 r3")
    state.apply(p, "play 24")
    assert {a.kind for a in state.legal_actions(p)} - {"convert"} == {"money"}  # played with Much Money only
    assert "money little dice r3" not in _legal(state, p)
    state.apply(p, "money many dice w5 w6")
    assert state.guilds[p].money == 16  # 11 capped at 8, doubled — not 8 on top of 8


def test_card_24_refused_when_the_money_field_is_used() -> None:
    state, p = _new()
    _give(state, p, 24, 7)
    set_dice(state, p, "w5 w6 w1")
    state.apply(p, "money little dice w1")
    state.apply(p, "done")
    while state.active_players() != [p]:
        state.apply(state.active_players()[0], "pass")
    _refused(state, p, "play 24", "action card 24")


# ----- 25 -----------------------------------------------------------------------------------------------------------
def test_card_25_up_to_eight_and_a_two_down_to_one() -> None:
    state, p = _new()
    _give(state, p, 25)
    set_dice(state, p, "w6 r2")
    state.apply(p, "play 25 w6 up")
    assert sorted(dice.token(d) for d in state.guilds[p].active) == ["r2", "w8"]
    state2, q = _new()
    _give(state2, q, 25)
    set_dice(state2, q, "r2")
    state2.apply(q, "play 25 r2 down")
    assert [dice.token(d) for d in state2.guilds[q].active] == ["r1"]


def test_card_25_refused_below_one_and_above_eight() -> None:
    state, p = _new()
    _give(state, p, 25)
    set_dice(state, p, "w1 w7")
    _refused(state, p, "play 25 w1 down", "action card 25")
    _refused(state, p, "play 25 w7 up", "action card 25")


# ----- 26 -----------------------------------------------------------------------------------------------------------
def test_card_26_a_die_of_choice_from_the_discard_bound_to_the_action() -> None:
    state, p = _new()
    _give(state, p, 26)
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
    state, p = _new()
    _give(state, p, 26)
    assert not state.guilds[p].discard
    _refused(state, p, "play 26 w", "action card 26")


# ----- 27 -----------------------------------------------------------------------------------------------------------
def test_card_27_takes_a_tile_back_from_an_attack_card_lost_this_round() -> None:
    state, p = _new()
    _give(state, p, 27)
    state.board.attack_tiles[0] |= 1 << p
    state.guilds[p].guild -= 1
    state._legal = {}
    state.apply(p, "play 27 A")
    assert not state.board.attack_tiles[0] & 1 << p and state.guilds[p].guild == 12


def test_card_27_refused_without_a_tile_there() -> None:
    state, p = _new()
    _give(state, p, 27)
    _refused(state, p, "play 27 A", "action card 27")


# ----- 28 -----------------------------------------------------------------------------------------------------------
def test_card_28_two_dice_of_choice_from_the_bag() -> None:
    state, p = _new()
    _give(state, p, 28)
    set_dice(state, p, "w1")
    g = state.guilds[p]
    state.apply(p, "play 28 bag y r")
    colours = sorted(state.fig.die_colours[dice.die_id(d)] for d in g.active)
    assert colours == ["r", "w", "y"] and all(dice.pips(d) for d in g.active)


def test_card_28_three_cards_keep_one_secretly() -> None:
    state, p = _new()
    _give(state, p, 28)
    events = state.apply(p, "play 28 cards")
    drawn = next(e for e in events if e["type"] == "cards_drawn")
    assert drawn["private_to"] == p and "cards" in drawn["secret"]
    assert state.board.pending[0][:2] == [p, "keep"] and len(state.board.drawn) == 3
    kept = state.board.drawn[1]
    state.apply(p, f"keep {kept}")
    assert state.guilds[p].hand == [kept] and len(state.board.action_discard) == 3  # 28 and the two others


def test_card_28_refused_for_dice_not_in_the_bag() -> None:
    state, p = _new()
    _give(state, p, 28)
    _refused(state, p, "play 28 bag g b", "action card 28")


# ----- 29 and 30 ----------------------------------------------------------------------------------------------------
def test_card_29_two_player_cards_back_for_a_medal_of_choice() -> None:
    state, p = _new()
    _give(state, p, 29)
    activate(state, p, "banker")
    activate(state, p, "manipulator", tiles=2)
    g = state.guilds[p]
    state.apply(p, "play 29 banker manipulator civil")
    assert g.cards_active == [] and {"banker", "manipulator"} <= set(g.cards_inactive)
    assert g.medals[CIVIL] == 1 and g.guild == 12 and not g.card_tiles.get("manipulator")


def test_card_29_refused_with_one_active_card() -> None:
    state, p = _new()
    _give(state, p, 29)
    activate(state, p, "banker")
    _refused(state, p, "play 29 banker gunner trade", "action card 29")


def test_card_30_five_jars_activate_a_player_card_without_dice() -> None:
    state, p = _new()
    _give(state, p, 30)
    g = state.guilds[p]
    g.money = 6
    state.apply(p, "play 30 gunner")
    assert "gunner" in g.cards_active and g.money == 1


def test_card_30_refused_with_four_jars() -> None:
    state, p = _new()
    _give(state, p, 30)
    state.guilds[p].money = 4
    _refused(state, p, "play 30 gunner", "action card 30")


# ----- 31 -----------------------------------------------------------------------------------------------------------
def test_card_31_exchanges_a_medal() -> None:
    state, p = _new()
    _give(state, p, 31)
    g = state.guilds[p]
    g.medals[COMBAT] = 1
    state.apply(p, "play 31 combat exploration")
    assert g.medals[:2] == [0, 1]


def test_card_31_refused_without_that_medal() -> None:
    state, p = _new()
    _give(state, p, 31)
    _refused(state, p, "play 31 trade civil", "action card 31")


# ----- 32-34 --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", [32, 33, 34])
def test_cards_32_to_34_mines_on_the_named_landscapes_give_an_exploration_medal(card: int) -> None:
    state, p = _new()
    _give(state, p, card)
    kinds = default_figures().mine_sets[card]
    cells = [_cells_of_kind(state, kind)[0] for kind in kinds]
    put_mine(state, p, *cells[:-1])
    assert f"play {card}" not in _legal(state, p)
    _refused(state, p, f"play {card}", f"action card {card}", ", ".join(kinds))
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
    state, p = _new()
    _give(state, p, card)
    put_tile(state, p, *other)
    assert not any(a.startswith(f"play {card}") for a in _legal(state, p))
    _refused(state, p, f"play {card} {' '.join(sorted(other, key=CELL_OF.__getitem__))}", f"action card {card}")
    state2, q = _new()
    _give(state2, q, card)
    put_tile(state2, q, *shape)
    state2.apply(q, f"play {card} {' '.join(sorted(shape, key=CELL_OF.__getitem__))}")
    assert state2.guilds[q].medals[EXPLORATION] == 2 and not _own(state2, q)


# ----- 39 -----------------------------------------------------------------------------------------------------------
def test_card_39_three_supply_tiles_back_onto_landscapes_for_a_civil_medal() -> None:
    state, p = _new()
    _give(state, p, 39)
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
    state, p = _new()
    _give(state, p, 39)
    board = state.board
    reds = [c for c in range(16) if board.colours[c] == LETTERS.index("r")]
    for cell in reds:
        board.crystal_on &= ~(1 << cell)
    board.crystal_supply[LETTERS.index("r")] = 2
    state._legal = {}
    names = [n for n, c in CELL_OF.items() if c in reds]
    _refused(state, p, f"play 39 crystal {names[0]}", "action card 39")   # two fit: one is too few
    state.apply(p, f"play 39 crystal {names[0]} crystal {names[1]}")
    assert state.guilds[p].medals[CIVIL] == 1


# ----- 40 -----------------------------------------------------------------------------------------------------------
def test_card_40_card_tile_land_tile_and_mine_for_a_medal_of_choice() -> None:
    state, p = _new()
    _give(state, p, 40)
    activate(state, p, "organiser", tiles=1)
    g = state.guilds[p]
    put_tile(state, p, "B2")
    put_mine(state, p, "C3")
    state.apply(p, "play 40 organiser B2 C3 trade")
    assert g.medals[TRADE] == 1 and g.guild == 12 and g.mines == 10 and g.card_tiles["organiser"] == 0
    assert not state.board.mines_on[CELL_OF["C3"]] and not _own(state, p)


def test_card_40_refused_without_a_mine() -> None:
    state, p = _new()
    _give(state, p, 40)
    activate(state, p, "organiser", tiles=1)
    put_tile(state, p, "B2")
    _refused(state, p, "play 40 organiser B2 C3 trade", "action card 40")


def test_cards_8_16_26_not_offered_when_the_action_is_already_bound_to_a_die() -> None:
    state, p = _new()
    _give(state, p, 8, 16)
    set_dice(state, p, "w3 w4")
    assert any(a.startswith("play 16") for a in _legal(state, p))
    state.guilds[p].turn_flags["bound"] = dice.die_id(state.guilds[p].active[0])  # e.g. the Steam Dyer's die
    state._legal = {}
    assert not any(a.startswith(("play 8", "play 16")) for a in _legal(state, p))


def test_card_28_drawn_cards_are_secret_to_the_other_seats() -> None:
    state, p = _new()
    _give(state, p, 28)
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
    state, p = _new()
    _give(state, p, 16)
    set_dice(state, p, "w3 w4")
    state.apply(p, "play 16 g5")
    copy = TharosState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy.legal_actions(p) == state.legal_actions(p)
    assert copy.guilds[p].turn_flags == state.guilds[p].turn_flags


def test_card_22_release_none_keeps_the_dice_on_the_card() -> None:
    state, p = _new()
    _give(state, p, 22)
    _to_preparation_of(state, p, "cleanup")
    g = state.guilds[p]
    colour = state.fig.die_colours[dice.die_id((g.active + g.placed)[0])]
    options = [a for a in _legal(state, p) if a.startswith("play 22")]
    state.apply(p, options[0])
    kept = list(g.stored)
    _to_preparation_of(state, p, "t3:reserve")
    assert "release none" in _legal(state, p) and colour
    _refused(state, p, "release b b b", "action card 22")
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
            _give(state, p, rnd.choice(state.board.action_deck))
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
    state, p = _new()
    _give(state, p, 18)
    put_tile(state, p, "A1", "B1", "D1")
    assert {a for a in _legal(state, p) if a.startswith("play 18")} == {"play 18 C1"}


def test_card_24_doubles_the_bankers_much_money_too() -> None:
    state, p = _new()
    _give(state, p, 24)
    activate(state, p, "banker")
    set_dice(state, p, "w5 w6")
    state.apply(p, "play 24")
    state.apply(p, "money many dice w5 w6")
    assert state.guilds[p].money == 20  # (8 + 2) doubled


def test_card_29_may_return_cards_used_this_turn() -> None:
    state, p = _new()
    _give(state, p, 29)
    activate(state, p, "banker")
    activate(state, p, "gunner")
    state.guilds[p].cards_used.append("banker")
    state.apply(p, "play 29 banker gunner exploration")
    assert state.guilds[p].medals[EXPLORATION] == 1


def test_card_30_activating_the_manipulator_puts_its_tiles_on_it() -> None:
    state, p = _new()
    _give(state, p, 30)
    state.guilds[p].money = 5
    supply = state.guilds[p].guild
    state.apply(p, "play 30 manipulator")
    g = state.guilds[p]
    assert "manipulator" in g.cards_active and g.card_tiles["manipulator"] == 2 and g.guild == supply - 2


def test_card_40_may_split_the_mines_into_groups() -> None:
    state, p = _new()
    _give(state, p, 40)
    activate(state, p, "manipulator", tiles=2)
    put_tile(state, p, "D4")
    put_mine(state, p, "A1", "B1", "C1")
    state.apply(p, "play 40 manipulator D4 B1 civil")  # "dürfen zwei oder mehrere Gruppen … entstehen"
    assert [state.board.mines_on[CELL_OF[c]] >> p & 1 for c in ("A1", "B1", "C1")] == [1, 0, 1]


def test_card_01_with_fewer_than_five_dice_on_the_discard_draws_the_rest() -> None:
    state, p = _new()
    g = state.guilds[p]
    _give(state, p, 1)
    _to_preparation_of(state, p, "prep")
    g.bag = sorted(g.bag + g.discard[2:])  # two dice stay on the discard
    g.discard = g.discard[:2]
    state._legal = {}
    two = sorted(g.discard)
    letters = " ".join(sorted((state.fig.die_colours[i] for i in two), key=LETTERS.index))
    state.apply(p, f"play 1 {letters}")
    ids = {dice.die_id(d) for d in g.active}
    assert set(two) <= ids and len(ids) == 5 and dice_conserved(state)


def test_card_28_with_one_die_in_the_bag_takes_that_one() -> None:
    state, p = _new()
    _give(state, p, 28)
    g = state.guilds[p]
    g.discard, g.bag = g.discard + g.bag[1:], g.bag[:1]
    state._legal = {}
    only = state.fig.die_colours[g.bag[0]]
    assert {a for a in _legal(state, p) if a.startswith("play 28")} == {f"play 28 bag {only}", "play 28 cards"}
    state.apply(p, f"play 28 bag {only}")
    assert not g.bag and dice_conserved(state)


def test_card_19_dice_from_an_empty_bag_refill_it_from_the_discard() -> None:
    state, p = _new()
    _give(state, p, 19)
    g = state.guilds[p]
    g.discard, g.bag = sorted(g.discard + g.bag), []
    state._legal = {}
    active = len(g.active)
    events = state.apply(p, "play 19 draw")
    assert len(g.active) == active + 2 and any(e["type"] == "bag_refilled" for e in events)
    assert dice_conserved(state)


def test_cards_11_and_21_with_one_tile_in_supply_fill_one_card() -> None:
    state, p = _new()
    _give(state, p, 11, 21)
    activate(state, p, "organiser")
    activate(state, p, "manipulator")
    state.guilds[p].guild = 1
    state._legal = {}
    offered = {a for a in _legal(state, p) if a.startswith(("play 11", "play 21"))}
    assert offered == {"play 11 organiser", "play 11 manipulator", "play 21 organiser", "play 21 manipulator"}
    state.apply(p, "play 11 manipulator")
    assert state.guilds[p].card_tiles == {"manipulator": 1} and state.guilds[p].guild == 0


def test_a_match_with_a_bad_action_card_override_is_refused_when_made() -> None:
    bad = {"action_cards": {"design": {"shapes": {"35": [[0, 0], [0, 1], [1, 0], [1, 1]]}}}}  # a second square
    with pytest.raises(ValueError, match="distinct shapes"):
        TharosState(2, {"figures": bad}, 0)


def test_card_24_after_much_money_pays_its_jars_once_more() -> None:
    state, p = _new()
    _give(state, p, 24)
    activate(state, p, "banker")
    set_dice(state, p, "w2 w3 r4")
    state.apply(p, "money many dice w2 w3")
    assert state.guilds[p].money == 7 and "play 24" in _legal(state, p)
    state.apply(p, "play 24")
    assert state.guilds[p].money == 14 and "t3:last_much" not in state.guilds[p].turn_flags


def test_card_24_does_not_follow_another_action() -> None:
    state, p = _new()
    _give(state, p, 24, 7)
    set_dice(state, p, "w2 w3 r4")
    state.apply(p, "money many dice w2 w3")
    state.apply(p, "play 7")  # the one card of this action
    while state.active_players() != [p]:
        state.apply(state.active_players()[0], "pass")
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
    state, p = _new()
    _give(state, p, 2)
    put_tile(state, p, "A1", "D4")
    state.apply(p, "play 2 D4 A1")
    assert state.guilds[p].money == 16 and not _own(state, p)
