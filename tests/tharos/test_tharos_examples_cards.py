"""The worked examples (BEISPIEL) of the Tharos rules text about public buildings and player cards, one test each,
named after them."""

from __future__ import annotations

from tharos_card_helpers import mask, set_kinds
from tharos_helpers import activate, new_state, pass_others, play, put_mine, put_tile, set_converter, set_dice

from brassboard.engine import Action
from brassboard.games.tharos import dice as d
from brassboard.games.tharos.figures import CELL_NAMES, CELL_OF, TRADE

POWER, CRYSTAL, COGWHEEL = 0, 1, 2
"""The example's guilds as seats: Power & Torsion, Crystal & Ore, Cogwheel Trust."""






def test_example_cogwheel_uses_the_new_market_of_power_and_torsion_for_5_jars_2_to_the_owner() -> None:
    """Cogwheel Trust uses the New Market owned by Power & Torsion: 5 jars, 2 of them to the owner; 2 ore and 2
    crystal tiles back to the general supply for 2 trade medals; no die, no field blocked."""
    state = new_state()
    board = state.board
    board.unbuilt.remove("new_market")
    board.built.append("new_market")
    board.owners["new_market"] = POWER
    state.guilds[POWER].guild -= 1
    cog = state.guilds[COGWHEEL]
    cog.money = 5
    cog.ore = mask("wy")
    cog.crystal = mask("rg")
    board.current = COGWHEEL
    state._legal = {}
    power_before = state.guilds[POWER].money
    dice_before = list(cog.active)
    play(state, COGWHEEL, "use new_market ore wy crystal rg")
    assert cog.money == 0
    assert state.guilds[POWER].money == power_before + 2  # out of the 5 paid, not on top
    assert cog.ore == cog.crystal == 0
    assert board.ore_supply == [1, 1, 0, 0, 0] and board.crystal_supply == [0, 0, 1, 1, 0]
    assert cog.medals[TRADE] == 2
    assert cog.active == dice_before and cog.fields == {}


def test_example_crystal_and_ore_activates_the_crystallographer_with_white_and_blue_summing_9() -> None:
    """A white and a blue die showing 9 together exceed the card's 8: the card lies above the board, the two dice
    on it until the clean-up."""
    state = new_state()
    p = state.board.current
    set_dice(state, p, "w4 b5 w2 y3")
    assert Action.parse("activate crystallographer dice w4 b5") in state.legal_actions(p)
    assert Action.parse("activate crystallographer dice w2 b5") not in state.legal_actions(p)  # 7 < 8
    play(state, p, "activate crystallographer dice w4 b5")
    g = state.guilds[p]
    assert g.cards_active == ["crystallographer"]
    assert sorted((d.token(x), where) for x, where in zip(g.placed, g.placed_on, strict=True)) == [
        ("b5", "card:crystallographer"), ("w4", "card:crystallographer")]


def test_example_crystallographer_white_2_and_yellow_3_take_the_crystals_of_plain_and_wasteland() -> None:
    """The white 2 and yellow 3 lie on the card; the white and yellow crystal tiles come from the horizontally
    adjacent plain and wasteland."""
    state = new_state()
    p = state.board.current
    activate(state, p, "crystallographer")
    set_kinds(state, {"B3": "plain", "C3": "wasteland"})
    set_dice(state, p, "w2 y3 r6")
    play(state, p, "card crystallographer crystal B3 C3 dice w2 y3")
    g = state.guilds[p]
    assert g.crystal == mask("wy")
    assert not state.board.crystal_on & (1 << CELL_OF["B3"] | 1 << CELL_OF["C3"])
    assert state.board.ore_on >> CELL_OF["B3"] & 1  # the ore tiles stay
    assert sorted(d.token(x) for x in g.placed) == ["w2", "y3"] and "crystallographer" in g.cards_used


def test_example_crystal_and_ore_spends_a_manipulator_tile_to_raise_the_white_die_to_4() -> None:
    """A guild tile of the Manipulator goes back to supply; the white die goes up by one to 4. It may be done again
    in the same turn: the action is not blocked by a die."""
    state = new_state(players=2)
    p = state.board.current
    activate(state, p, "manipulator", tiles=2)
    g = state.guilds[p]
    set_dice(state, p, "w3 r2")
    supply = g.guild
    play(state, p, "card manipulator tweak w3 up")
    assert sorted(d.token(x) for x in g.active) == ["r2", "w4"]
    assert g.card_tiles["manipulator"] == 1 and g.guild == supply + 1
    pass_others(state, p)
    play(state, p, "card manipulator tweak w4 up")
    assert sorted(d.token(x) for x in g.active) == ["r2", "w5"]


def test_example_combat_on_the_wasteland_rumblepoke_and_kanonier() -> None:
    """Round 2, strength 5 = card 3 + round 2, on the wasteland. Power & Torsion: red die 1 on the attack field,
    a combat point for +2 (Rumblepoke's permanent effect), Rumblepoke's action with a red 1 for +3: 6, defended.
    Crystal & Ore has no red die and no help: lost — a guild tile onto the attack card, her mine off the
    wasteland. Cogwheel Trust: the Kanonier with a white 5 and a yellow 6 defends whatever its strength. Power &
    Torsion and Cogwheel Trust get a combat point; their mine and guild tile on the wasteland stay."""
    state = new_state()
    board = state.board
    board.round = 2
    three = next(c for c in [*board.attack_deck, *board.attack_row] if state.fig.attack_values[c] == 3)
    board.attack_deck = [c for c in [*board.attack_deck, *board.attack_row] if c != three]
    board.attack_row, board.attack_tiles = [three], [0]
    target = CELL_NAMES[board.target()]
    set_kinds(state, {target: "wasteland"})
    set_converter(state, target, "none")
    put_mine(state, POWER, target)
    put_mine(state, CRYSTAL, target)
    put_tile(state, COGWHEEL, target)
    activate(state, POWER, "rumblepoke")
    activate(state, COGWHEEL, "gunner")
    state.guilds[POWER].combat_points = 1
    set_dice(state, POWER, "r1 r1 w2")
    set_dice(state, CRYSTAL, "w3 y4 g2")
    set_dice(state, COGWHEEL, "w5 y6 w1")
    board.start_player = board.current = POWER
    state._legal = {}
    tiles = {p: state.guilds[p].guild for p in range(3)}

    play(state, POWER, "defend dice r1")
    play(state, CRYSTAL, "pass")
    play(state, COGWHEEL, "card gunner sure dice w5 y6")
    play(state, POWER, "card rumblepoke point")
    assert state.guilds[POWER].combat == 2 and state.guilds[POWER].combat_points == 0
    play(state, POWER, "card rumblepoke strike dice r1")
    assert state.guilds[POWER].combat == 2 + 3
    play(state, COGWHEEL, "pass")
    assert board.turn == 1
    events = state.apply(POWER, Action("pass"))  # all passed: the attack is resolved, then the clean-up

    cell = CELL_OF[target]
    assert board.turn == 2
    assert [state.guilds[p].combat_points for p in range(3)] == [1, 0, 1]
    assert board.attack_tiles[0] == 1 << CRYSTAL
    assert state.guilds[CRYSTAL].guild == tiles[CRYSTAL] - 1
    assert board.mines_on[cell] == 1 << POWER  # Crystal & Ore's mine is gone, Power & Torsion's stays
    assert board.guild_on[cell] == 1 << COGWHEEL
    assert all(state.guilds[p].combat == 0 and not state.guilds[p].sure_defence for p in range(3))
    defended = {e["player"]: e for e in events if e["type"] == "defended"}
    assert sorted(defended) == [POWER, COGWHEEL]
    assert defended[POWER]["defence"] == 6 and defended[POWER]["strength"] == 5
    assert defended[COGWHEEL]["sure"] is True
