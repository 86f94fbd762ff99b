"""The eight public buildings: each one's action, its price with 2 jars to another owner, the full price for one's
own, once per turn per player, no die needed, the free use right after building; refusals change nothing."""

from __future__ import annotations

from tharos_card_helpers import active_tokens, legal_set, mask
from tharos_helpers import (
    activate,
    build,
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

from brassboard.engine import Action
from brassboard.games.tharos import dice as d
from brassboard.games.tharos.buildings import FREE_USE, NOTARY, OFFICE, specs
from brassboard.games.tharos.figures import CELL_NAMES, CELL_OF, NEIGHBOURS, TRADE
from brassboard.games.tharos.rules import TharosState


def _uses(state: TharosState, p: int, building: str) -> set[str]:
    return offered(state, p, "use", building)




def test_printed_prices() -> None:
    state = new_state()
    prices = {b: s.price for b, s in specs(state.fig).items()}
    assert prices == {"secret_society": 8, "large_market": 2, "small_market": 2, "new_market": 5, "notary": 8,
                      "organisation_office": 15, "survey_office": 4, "civil_office": 4}


def test_another_owner_gets_2_of_the_price_an_owner_pays_it_in_full() -> None:
    state, p, g = turn_scenario(money=10, dice="w2 y1")
    other = (p + 1) % 3
    build(state, "civil_office", owner=other)
    build(state, "survey_office", owner=p)
    put_tile(state, p, "A1")
    play(state, p, "use civil_office w2 6")
    assert g.money == 6 and state.guilds[other].money == 2  # 4 paid, 2 of them to the owner
    assert active_tokens(state, p) == ["w6", "y1"] and g.fields == {}  # no die used, no field blocked
    pass_others(state, p)
    play(state, p, "use survey_office A1 B1")
    assert g.money == 2  # the owner pays the full price of 4
    assert state.board.guild_on[CELL_OF["B1"]] & 1 << p and not state.board.guild_on[CELL_OF["A1"]] & 1 << p


def test_each_building_once_per_turn_per_player() -> None:
    state, p, _ = turn_scenario(2, built=["civil_office"], money=10, dice="w2 y1")
    play(state, p, "use civil_office w2 5")
    pass_others(state, p)
    assert not _uses(state, p, "civil_office")
    assert "once per turn" in refused(state, p, "use civil_office y1 6")


def test_an_unbuilt_building_or_too_little_money_is_refused() -> None:
    state, p, g = turn_scenario(money=20, dice="w2")
    assert "not built" in refused(state, p, "use civil_office w2 6")
    build(state, "secret_society")
    g.money = 7
    forget(state)
    assert "costs 8" in refused(state, p, "use secret_society w2")


def test_secret_society_turns_a_die_to_3_onto_the_attack_field() -> None:
    state, p, g = turn_scenario(built=["secret_society"], money=8, dice="y6 w1")
    play(state, p, "use secret_society w1")
    assert [(d.token(x), where) for x, where in zip(g.placed, g.placed_on, strict=True)] == [("w3", "attack")]
    assert g.money == 0


def test_large_market_five_tiles_of_one_sort_for_two_trade_medals() -> None:
    state, p, g = turn_scenario(built=["large_market"], money=2)
    g.ore = mask("wyrgb")
    g.crystal = mask("wyrg")
    forget(state)
    assert _uses(state, p, "large_market") == {"use large_market ore wyrgb"}
    assert "no blue crystal" in refused(state, p, "use large_market crystal wyrgb")
    play(state, p, "use large_market ore wyrgb")
    assert g.ore == 0 and g.medals[TRADE] == 2 and state.board.ore_supply == [1, 1, 1, 1, 1]


def test_small_market_three_tiles_of_one_sort_for_a_trade_medal() -> None:
    state, p, g = turn_scenario(built=["small_market"], money=3)
    g.crystal = mask("wrgb")
    g.ore = mask("wy")
    forget(state)
    assert len(_uses(state, p, "small_market")) == 4  # 3 of the 4 crystal colours; 2 ore tiles are too few
    assert "3 different" in refused(state, p, "use small_market ore wy")
    play(state, p, "use small_market crystal rgb")
    assert g.crystal == mask("w") and g.medals[TRADE] == 1 and g.money == 1
    assert state.board.crystal_supply == [0, 0, 1, 1, 1]


def test_new_market_two_ore_and_two_crystal_for_two_trade_medals() -> None:
    state, p, g = turn_scenario(built=["new_market"], money=5)
    g.ore = mask("wy")
    g.crystal = mask("r")
    forget(state)
    assert not _uses(state, p, "new_market")  # one crystal tile only
    assert "2 different crystal" in refused(state, p, "use new_market ore wy crystal r")
    g.crystal = mask("rb")
    forget(state)
    play(state, p, "use new_market ore wy crystal rb")
    assert g.ore == g.crystal == 0 and g.medals[TRADE] == 2 and g.money == 0


def test_notary_repeats_a_used_white_field_with_its_dice() -> None:
    state, p, g = turn_scenario(built=["notary"], money=8, dice="w5 w6 r2")
    assert not _uses(state, p, "notary")  # no field used yet
    play(state, p, "money many dice w5")
    pass_others(state, p)
    assert g.money == 13
    assert "money many dice w6" not in legal_set(state, p)  # the field is blocked
    play(state, p, "use notary")
    assert state.board.pending[0][:2] == [p, NOTARY]
    assert legal_set(state, p) == {"money many dice w6", "money little dice w6", "money little dice r2"}
    play(state, p, "money many dice w6")
    assert g.money == 13 - 8 + 6 and g.fields == {"money": "many"}


def test_organisation_office_takes_a_card_from_the_discard_pile() -> None:
    state, p, g = turn_scenario(built=["organisation_office"], money=15)
    state.board.action_discard = [4]
    state.board.action_deck.remove(4)
    forget(state)
    play(state, p, "use organisation_office")
    assert state.board.pending[0][:2] == [p, OFFICE]
    assert [str(a) for a in state.legal_actions(p)] == ["use organisation_office take 4"]
    play(state, p, "use organisation_office take 4")
    assert g.hand == [4] and g.money == 0 and state.board.action_discard == []


def test_survey_office_moves_a_tile_to_an_adjacent_landscape_without_one() -> None:
    state, p, g = turn_scenario(built=["survey_office"], money=4)
    put_tile(state, p, "A1", "B1")
    assert _uses(state, p, "survey_office") == {"use survey_office A1 A2", "use survey_office B1 B2",
                                                "use survey_office B1 C1"}
    assert "already has a guild tile" in refused(state, p, "use survey_office A1 B1")
    assert "not orthogonally adjacent" in refused(state, p, "use survey_office A1 C3")
    play(state, p, "use survey_office B1 C1")
    assert state.board.guild_on[CELL_OF["C1"]] & 1 << p and g.money == 0


def test_civil_office_turns_a_die_to_5_or_6() -> None:
    state, p, _ = turn_scenario(built=["civil_office"], money=4, dice="r1 w5")
    assert _uses(state, p, "civil_office") == {"use civil_office r1 5", "use civil_office r1 6",
                                               "use civil_office w5 6"}
    assert "5 or 6" in refused(state, p, "use civil_office r1 4")
    play(state, p, "use civil_office r1 6")
    assert active_tokens(state, p) == ["r6", "w5"]


def test_free_use_right_after_building_counts_as_the_turns_use() -> None:
    state, p, g = turn_scenario(2, money=10, dice="y4 w1")
    play(state, p, "build civil_office dice y4")
    assert state.board.pending[0] == [p, FREE_USE, "civil_office"]
    assert legal_set(state, p) == {"use civil_office w1 5", "use civil_office w1 6", "use civil_office skip"}
    play(state, p, "use civil_office w1 6")
    assert g.money == 0 and active_tokens(state, p) == ["w6"]
    pass_others(state, p)
    g.money = 4
    forget(state)
    assert "once per turn" in refused(state, p, "use civil_office w6 5")


def test_free_use_may_be_skipped_and_then_the_building_is_still_usable() -> None:
    state, p, g = turn_scenario(2, money=14, dice="y4 w1")
    play(state, p, "build civil_office dice y4")
    play(state, p, "use civil_office skip")
    assert not state.board.pending and g.money == 4
    pass_others(state, p)
    play(state, p, "use civil_office w1 5")
    assert g.money == 0


def test_building_uses_need_no_die_and_repeat_across_buildings() -> None:
    state, p, g = turn_scenario(2, built=["civil_office", "secret_society"], money=12, dice="r1 w2")
    play(state, p, "use civil_office r1 6")
    pass_others(state, p)
    play(state, p, "use secret_society w2")
    assert g.money == 0 and g.fields == {} and sorted(g.buildings_used) == ["civil_office", "secret_society"]


def test_notary_is_refused_when_no_used_field_offers_an_action() -> None:
    state, p, g = turn_scenario(built=["notary"], cards=["gunner"], money=20, dice="y1")
    g.fields = {"build": "build"}
    forget(state)
    assert "none of them offers an action" in refused(state, p, "use notary")


def test_decision_answers_outside_their_decision_are_refused_naming_it() -> None:
    state, p, _ = turn_scenario(built=["organisation_office", "civil_office"], money=20)
    assert "decision" in refused(state, p, "use organisation_office take 3")
    assert "free use right after building" in refused(state, p, "use civil_office skip")
    activate(state, p, "organiser", tiles=1)
    assert "decision" in refused(state, p, "card organiser again w1")


def test_canonical_notation_of_market_tiles_and_card_landscapes() -> None:
    from brassboard.games.tharos.buildings import canonical as use_canonical
    from brassboard.games.tharos.player_cards import canonical as card_canonical

    def card(text: str) -> str:
        return str(card_canonical(Action.parse(text)))

    assert str(use_canonical(Action.parse("use new_market ore yw crystal br"))) == "use new_market ore wy crystal rb"
    assert str(use_canonical(Action.parse("use small_market crystal bgr"))) == "use small_market crystal rgb"
    assert card("card crystallographer crystal C3 B3 dice w2 y3") == "card crystallographer crystal B3 C3 dice w2 y3"
    assert card("card cartographer explore B2 A2 A1") == "card cartographer explore A1 A2 B2"
    assert card("card cartographer explore Z9 A1 B1") == "card cartographer explore Z9 A1 B1"  # unreadable: as written


def test_order_free_arguments_are_read_in_any_order() -> None:
    state, p, g = turn_scenario(built=["small_market"], cards=["crystallographer"], money=2)
    g.ore = mask("wyr")
    forget(state)
    play(state, p, "use small_market ore ryw")
    assert g.ore == 0 and g.medals[TRADE] == 1
    pass_others(state, p)
    board = state.board
    pair = next((a, b) for a in range(16) for b in range(a + 1, 16)
                if NEIGHBOURS[a] >> b & 1 and {board.colours[a], board.colours[b]} == {0, 1})
    set_dice(state, p, "w2 y3")
    play(state, p, f"card crystallographer crystal {CELL_NAMES[pair[1]]} {CELL_NAMES[pair[0]]} dice y3 w2")
    assert g.crystal == mask("wy")
