"""The ten player cards: activation (exact dice, sum, timing, several per turn, guild tiles), each card's action and
permanent effect, once-per-turn and repeatable guild-tile actions, refusals that name the rule and change nothing."""

from __future__ import annotations

from tharos_card_helpers import active_tokens, legal_set, set_kinds
from tharos_helpers import (
    activate,
    forget,
    new_state,
    offered,
    pass_others,
    play,
    put_tile,
    refused,
    set_dice,
    turn_scenario,
)

from brassboard.engine import Action, new_game
from brassboard.games.tharos import dice as d
from brassboard.games.tharos import turn
from brassboard.games.tharos.buildings import specs as building_specs
from brassboard.games.tharos.figures import CELL_OF, COMBAT, EXPLORATION, LETTERS
from brassboard.games.tharos.player_cards import ASIDE, REROLL, SALVAGE, SWAP, specs
from brassboard.games.tharos.rules import TharosState
from brassboard.games.tharos.scoring import score


def _card_actions(state: TharosState, p: int, card: str) -> set[str]:
    return offered(state, p, "card", card)


# ----- activation ----------------------------------------------------------------------------------------------------
def test_activation_takes_exactly_the_named_dice_reaching_the_sum() -> None:
    state, p, g = turn_scenario(dice="w4 y5 y6 w6 r3")
    legal = {str(a) for a in state.legal_actions(p) if a.kind == "activate" and a.args[0] == "banker"}
    assert legal == {"activate banker dice w4 y6", "activate banker dice w6 y5", "activate banker dice w6 y6"}
    assert "10 or more" in refused(state, p, "activate banker dice w4 y5")
    assert "exactly white + yellow" in refused(state, p, "activate banker dice w4 w6")
    assert "no more and no fewer" in refused(state, p, "activate banker dice w4 y6 r3")
    play(state, p, "activate banker dice w4 y6")
    assert "banker" in g.cards_active and "banker" not in g.cards_inactive
    assert sorted(zip((d.token(x) for x in g.placed), g.placed_on, strict=True)) == [("w4", "card:banker"),
                                                                                     ("y6", "card:banker")]
    assert state.active_players() != [p]  # the activation was the player-turn's action


def test_every_card_has_its_printed_activation() -> None:
    state = new_state()
    table = {cid: (tuple(LETTERS[c] for c in s.colours), s.total) for cid, s in specs(state.fig).items()}
    assert table == {
        "banker": (("w", "y"), 10), "steam_dyer": (("w", "y"), 8), "ore_prospector": (("w", "b"), 8),
        "crystallographer": (("w", "b"), 8), "cartographer": (("g", "g"), 6), "organiser": (("w", "g"), 8),
        "gunner": (("r",), 5), "rumblepoke": (("w", "r"), 8), "steam_pressure_plant": (("w", "w", "w"), 13),
        "manipulator": (("w", "w"), 8),
    }


def test_a_card_is_usable_from_the_next_action_and_several_activate_in_a_turn() -> None:
    state, p, _ = turn_scenario(2, dice="w5 y5 y4 r6 w1")
    play(state, p, "activate banker dice w5 y5")
    assert not _card_actions(state, p, "banker")  # not at once: the action of this player-turn is taken
    pass_others(state, p)
    assert "card banker money dice y4" in _card_actions(state, p, "banker")
    play(state, p, "activate gunner dice r6")  # a second activation in the same turn
    assert state.guilds[p].cards_active == ["banker", "gunner"]


def test_organiser_and_manipulator_take_guild_tiles_at_activation() -> None:
    state, p, g = turn_scenario(dice="w4 w5 g4 w6")
    supply = g.guild
    play(state, p, "activate manipulator dice w4 w5")
    assert g.card_tiles == {"manipulator": 2} and g.guild == supply - 2
    pass_others(state, p)
    play(state, p, "activate organiser dice g4 w6")
    assert g.card_tiles == {"manipulator": 2, "organiser": 1} and g.guild == supply - 3


def test_active_cards_score_their_dice_symbols() -> None:
    state = new_state()
    p = 0
    for card in ("gunner", "steam_pressure_plant", "banker"):
        activate(state, p, card)
    assert score(state, p).breakdown["player_cards"] == 1 + 3 + 2


# ----- the cards -----------------------------------------------------------------------------------------------------
def test_banker_action_and_much_money_bonus() -> None:
    state, p, g = turn_scenario(2, cards=["banker"], dice="w4 w5 y5 y2")
    play(state, p, "money many dice w4 w5")
    assert g.money == 10  # 9 capped at 8, +2 from the Banker
    pass_others(state, p)
    play(state, p, "card banker money dice y5")
    assert g.money == 15
    pass_others(state, p)
    assert "once per turn" in refused(state, p, "card banker money dice y2")


def test_banker_bonus_below_the_cap() -> None:
    state, p, _ = turn_scenario(cards=["banker"], dice="w1 w2")
    play(state, p, "money many dice w1 w2")
    assert state.guilds[p].money == 5


def test_banker_takes_a_yellow_die() -> None:
    state, p, _ = turn_scenario(cards=["banker"], dice="w4 y3")
    assert "yellow" in refused(state, p, "card banker money dice w4")


def test_steam_dyer_dyes_a_white_die_for_the_coming_action() -> None:
    state, p, g = turn_scenario(cards=["steam_dyer"], dice="w2 y4 w1")
    assert "3+" in refused(state, p, "card steam_dyer dye w2 r dice w1")
    play(state, p, "card steam_dyer dye w2 r dice y4")  # a free move: the action follows
    assert active_tokens(state, p) == ["r2", "w1"]
    assert not g.acted
    mains = turn.main_actions(state, p)
    assert mains and all("r2" in a for a in mains)  # the coming action uses the dyed die
    assert "defend dice r2" in {str(a) for a in mains}
    assert Action("pass") not in state.legal_actions(p)
    assert "an action must follow" in refused(state, p, "pass")
    play(state, p, "defend dice r2")
    assert "steam_dyer" in g.cards_used and state.active_players() != [p]


def test_ore_prospector_takes_tiles_of_the_dice_colours_from_adjacent_landscapes() -> None:
    state, p, g = turn_scenario(cards=["ore_prospector"], dice="y2 r4 w5")
    set_kinds(state, {"A1": "plain", "B1": "hill", "D4": "plain"})
    assert "2-4" in refused(state, p, "card ore_prospector ore A1 dice y2 w5")
    assert "adjacent" in refused(state, p, "card ore_prospector ore D4 B1 dice y2 r4")
    play(state, p, "card ore_prospector ore A1 B1 dice y2 r4")
    assert g.ore == 1 << LETTERS.index("y") | 1 << LETTERS.index("r")
    assert not state.board.ore_on & (1 << CELL_OF["A1"] | 1 << CELL_OF["B1"])
    assert state.board.ore_on >> CELL_OF["D4"] & 1


def test_ore_prospector_one_tile_of_each_colour_only() -> None:
    state, p, g = turn_scenario(cards=["ore_prospector"], dice="y2 y3")
    set_kinds(state, {"A1": "plain", "B1": "plain"})
    legal = _card_actions(state, p, "ore_prospector")
    assert legal and all(len(a.split()) == 7 for a in legal)  # two yellow dice: one tile only
    assert "different colours" in refused(state, p, "card ore_prospector ore A1 B1 dice y2 y3")
    g.ore = 1 << LETTERS.index("y")
    forget(state)
    assert "already owns" in refused(state, p, "card ore_prospector ore A1 dice y2 y3")


def test_cartographer_pays_2_and_returns_3_connected_tiles_for_an_exploration_medal() -> None:
    state, p, g = turn_scenario(cards=["cartographer"], money=1)
    put_tile(state, p, "A1", "A2", "B2", "D4")
    assert "costs 2" in refused(state, p, "card cartographer explore A1 A2 B2")
    g.money = 3
    forget(state)
    supply = g.guild
    assert "connected" in refused(state, p, "card cartographer explore A1 A2 D4")
    play(state, p, "card cartographer explore A1 A2 B2")
    assert g.money == 1 and g.medals[EXPLORATION] == 1 and g.guild == supply + 3
    assert state.board.guild_on[CELL_OF["D4"]] & 1 << p


def test_organiser_draws_a_die_with_a_tile_repeatably() -> None:
    state, p, g = turn_scenario(2, dice="w3")
    activate(state, p, "organiser", tiles=2)
    supply = g.guild
    play(state, p, "card organiser draw")
    assert len(g.active) == 2 and all(d.pips(x) >= 1 for x in g.active)
    assert g.card_tiles["organiser"] == 1 and g.guild == supply + 1
    assert "organiser" not in g.cards_used  # a tile action blocks nothing
    pass_others(state, p)
    play(state, p, "card organiser draw")  # again in the same turn
    assert g.card_tiles["organiser"] == 0
    pass_others(state, p)
    assert "holds none" in refused(state, p, "card organiser draw")


def test_organiser_rerolls_up_to_two_dice_even_the_same_twice() -> None:
    state, p, g = turn_scenario(dice="w1 y2")
    activate(state, p, "organiser", tiles=1)
    play(state, p, "card organiser reroll w1")
    assert state.board.pending[0][:2] == [p, REROLL]
    rerolled = next(d.token(x) for x in g.active if d.colour(x) == d.WHITE)
    assert f"card organiser again {rerolled}" in legal_set(state, p)
    play(state, p, f"card organiser again {rerolled}")  # the same die a second time
    assert not state.board.pending
    assert len(g.active) == 2


def test_organiser_swaps_an_active_card_with_one_in_hand() -> None:
    state, p, g = turn_scenario(cards=["organiser"], dice="w5 r6 y4")
    activate(state, p, "manipulator", tiles=2)
    supply = g.guild
    assert "5+" in refused(state, p, "card organiser swap dice w5 y4")
    play(state, p, "card organiser swap dice w5 r6")
    assert state.board.pending[0][:2] == [p, SWAP]
    play(state, p, "card organiser exchange manipulator gunner")
    assert "manipulator" in g.cards_inactive and "gunner" in g.cards_active
    assert g.guild == supply + 2 and "manipulator" not in g.card_tiles  # its tiles back to supply


def test_gunner_adds_3_or_defends_surely_one_of_the_two() -> None:
    state, p, g = turn_scenario(2, cards=["gunner"], dice="w3 y4 w5 r6")
    play(state, p, "card gunner fire dice w3 y4")
    assert g.combat == 3
    pass_others(state, p)
    assert "once per turn" in refused(state, p, "card gunner sure dice w5 r6")


def test_gunner_sure_defence_wins_whatever_the_strength() -> None:
    state, p, g = turn_scenario(2, cards=["gunner"], dice="w5 y6")
    play(state, p, "card gunner sure dice w5 y6")
    assert g.sure_defence
    points = g.combat_points
    column = len(state.board.attack_row) - 1
    while state.board.step == "actions" and state.board.turn == 1:
        q = state.active_players()[0]
        state.apply(q, Action("pass"))
    assert g.combat_points == points + 1
    assert not state.board.attack_tiles[column] >> p & 1


def test_rumblepoke_red_die_plus_2_and_a_combat_point_for_2() -> None:
    state, p, g = turn_scenario(2, cards=["rumblepoke"], dice="r4 w6")
    assert "red" in refused(state, p, "card rumblepoke strike dice w6")
    assert "has none" in refused(state, p, "card rumblepoke point")
    g.combat_points = 2
    forget(state)
    play(state, p, "card rumblepoke point")  # permanent effect: not an action
    assert g.combat == 2 and g.combat_points == 1 and not g.acted
    assert "once per turn" in refused(state, p, "card rumblepoke point")
    play(state, p, "card rumblepoke strike dice r4")
    assert g.combat == 2 + 4 + 2


def test_steam_pressure_plant_draws_six_and_lays_one_aside_before_rolling() -> None:
    state = new_state()
    p = 0
    activate(state, p, "steam_pressure_plant")
    g = state.guilds[p]
    pool = sorted([*g.bag, *g.discard, *(d.die_id(x) for x in g.active)])
    whites = [i for i in pool if state.fig.die_colours[i] == "w"][:4]
    reds = [i for i in pool if state.fig.die_colours[i] == "r"][:2]
    g.active = []
    g.bag = sorted(whites + reds)  # exactly the six dice the Plant draws
    g.discard = [i for i in pool if i not in g.bag]
    state.board.pending = []
    turn.draw_for(state, p)
    assert len(g.active) == 6 and all(d.pips(x) == 0 for x in g.active)
    assert state.board.pending[0][:2] == [p, ASIDE]
    assert {str(a) for a in state.legal_actions(p)} == {"card steam_pressure_plant aside w0",
                                                       "card steam_pressure_plant aside r0"}
    play(state, p, "card steam_pressure_plant aside r0")
    assert sorted(d.token(x)[0] for x in g.active) == ["r", "w", "w", "w", "w"]
    assert len([i for i in g.discard if i in reds]) == 1


def test_steam_pressure_plant_takes_a_card_from_the_discard_pile() -> None:
    state, p, g = turn_scenario(cards=["steam_pressure_plant"], dice="w5 y6 r4")
    state.board.action_discard = [7, 12]
    for card in (7, 12):
        state.board.action_deck.remove(card)
    forget(state)
    assert "5+" in refused(state, p, "card steam_pressure_plant salvage dice w5 r4")
    play(state, p, "card steam_pressure_plant salvage dice w5 y6")
    assert state.board.pending[0][:2] == [p, SALVAGE]
    assert "not on the discard pile" in refused(state, p, "card steam_pressure_plant take 3")
    play(state, p, "card steam_pressure_plant take 12")
    assert g.hand == [12] and state.board.action_discard == [7]


def test_manipulator_turns_a_die_up_to_7_but_never_below_1() -> None:
    state, p, g = turn_scenario(2, dice="w6 y1")
    activate(state, p, "manipulator", tiles=3)
    assert "card manipulator tweak y1 down" not in _card_actions(state, p, "manipulator")
    assert "below 1" in refused(state, p, "card manipulator tweak y1 down")
    play(state, p, "card manipulator tweak w6 up")
    assert active_tokens(state, p) == ["w7", "y1"]
    assert g.card_tiles["manipulator"] == 2 and "manipulator" not in g.cards_used


def test_a_card_not_active_is_refused() -> None:
    state, p, _ = turn_scenario(dice="y5")
    assert "not active" in refused(state, p, "card banker money dice y5")
    assert "player card" in refused(state, p, "card nobody money dice y5")


def test_combat_from_cards_returns_to_zero_after_the_attack() -> None:
    state, p, g = turn_scenario(2, cards=["gunner"], dice="w3 y4")
    play(state, p, "card gunner fire dice w3 y4")
    while state.board.turn == 1:
        state.apply(state.active_players()[0], Action("pass"))
    assert g.combat == 0 and g.medals[COMBAT] == 0


def test_the_figures_option_overrides_a_card_and_a_building() -> None:
    overrides = {"player_cards": {"banker": {"activation": {"sum": 12}}}, "buildings": {"civil_office": {"price": 6}}}
    state = new_game("tharos", 3, 0, {"figures": overrides})
    assert isinstance(state, TharosState)
    p = state.board.current
    set_dice(state, p, "w5 y6")
    assert "12 or more" in refused(state, p, "activate banker dice w5 y6")
    assert building_specs(state.fig)["civil_office"].price == 6
    assert specs(new_state().fig)["banker"].total == 10  # the default set is untouched


def test_organiser_tile_action_and_its_dice_action_do_not_block_each_other() -> None:
    state, p, g = turn_scenario(2, cards=["gunner"], dice="w5 r6 y1")
    activate(state, p, "organiser", tiles=2)
    play(state, p, "card organiser reroll y1")
    play(state, p, "card organiser stop")
    pass_others(state, p)
    assert "card organiser swap dice w5 r6" in _card_actions(state, p, "organiser")
    play(state, p, "card organiser swap dice w5 r6")
    play(state, p, "card organiser exchange gunner banker")
    pass_others(state, p)
    assert "card organiser draw" in _card_actions(state, p, "organiser")  # the dice action blocks no tile action
    assert g.card_tiles["organiser"] == 1 and "organiser" in g.cards_used


def test_steam_pressure_plant_in_the_turn_flow_leaves_five_rolled_dice() -> None:
    state, p, g = turn_scenario(2, cards=["steam_pressure_plant"])
    while state.board.turn == 1:  # everyone passes; the next preparation draws 6 for p
        state.apply(state.active_players()[0], Action("pass"))
    assert state.board.pending[0][:2] == [p, ASIDE]  # this seed's six dice are not all alike
    assert sum(1 for x in g.active if d.pips(x) == 0) == 6
    state.apply(p, state.legal_actions(p)[0])
    assert state.board.step == "actions"
    assert len(g.active) == 5 and all(1 <= d.pips(x) <= 6 for x in g.active)
    assert len(state.guilds[1 - p].active) == 5
