"""The worked examples (BEISPIEL) of the Tharos rules text that the core plays, one test each, named after them."""

from __future__ import annotations

from tharos_helpers import activate, new_state, play, put_mine, put_tile, refused, set_dice, set_kind

from brassboard.engine import Action
from brassboard.games.tharos import turn
from brassboard.games.tharos.figures import CELL_OF, CIVIL, COMBAT, EXPLORATION, TRADE
from brassboard.games.tharos.scoring import score


def _card_of_value(state, value: int) -> int:  # type: ignore[no-untyped-def]
    return next(c for c in state.board.attack_deck if state.fig.attack_values[c] == value)


def test_example_attack_strength_5_round_2_third_column() -> None:
    """Round 2, the new attack card lies over the third column: the wasteland there is attacked; 3 + 2 = 5."""
    state = new_state()
    board = state.board
    board.round = 2
    board.attack_deck += board.attack_row
    board.attack_row, board.attack_tiles = [], []
    for _ in range(2):  # two attack cards already lie in this round
        board.attack_row.append(board.attack_deck.pop())
        board.attack_tiles.append(0)
    three = _card_of_value(state, 3)
    board.attack_deck.remove(three)
    board.attack_deck.append(three)  # on top
    set_kind(state, "C2", "wasteland")
    for g in state.guilds:
        g.active = []
    board.step = "prep"
    turn.start_turn(state)
    assert board.target() == CELL_OF["C2"]
    assert board.kinds[board.target()] == "wasteland"
    view = state.view(0)
    assert view["strength"] == 5
    assert view["target"] == {"col": 2, "row": 1, "name": "C2"}


def test_example_little_money_red_5_gives_3() -> None:
    state = new_state()
    p = state.board.current
    set_dice(state, p, "r5 w1 w2")
    play(state, p, "money little dice r5")
    assert state.guilds[p].money == 3  # half of 5, rounded up
    assert state.guilds[p].fields == {"money": "little"}


def test_example_large_card_choice_white_3_draws_2_keeps_1() -> None:
    state = new_state()
    p = state.board.current
    set_dice(state, p, "w3 r5")
    top_two = state.board.action_deck[-2:]
    discard_before = len(state.board.action_discard)
    play(state, p, "cards large dice w3")
    assert sorted(state.board.drawn) == sorted(top_two)  # half of 3 rounded up: 2 cards
    assert state.active_players() == [p]
    kept = min(top_two)
    assert sorted(a.args[0] for a in state.legal_actions(p)) == sorted(top_two)
    play(state, p, f"keep {kept}")
    assert state.guilds[p].hand == [kept]
    assert len(state.board.action_discard) == discard_before + 1
    others = [q for q in range(3) if q != p]
    assert "hand" not in state.view(others[0])["guilds"][p]
    assert state.view(others[0])["guilds"][p]["hand_size"] == 1


def test_example_guild_tile_on_the_manipulator() -> None:
    """The Manipulator holds at most 3 tiles; with 1 left on it, a die lays another: 2 to use again."""
    state = new_state()
    p = state.board.current
    activate(state, p, "manipulator", tiles=1)
    set_dice(state, p, "w2 y4")
    supply = state.guilds[p].guild
    play(state, p, "tile manipulator dice w2")
    assert state.guilds[p].card_tiles["manipulator"] == 2
    assert state.guilds[p].guild == supply - 1
    assert state.guilds[p].fields == {"guild": "tile"}


def test_example_guild_tile_on_a_landscape_white_and_blue_die() -> None:
    """Cogwheel Trust uses a white and a blue die: a wasteland or a mountain; it takes the mountain beside its tile."""
    state = new_state()
    p = state.board.current
    set_kind(state, "B2", "mountain")
    set_kind(state, "C2", "hill")
    put_tile(state, p, "C2")
    set_kind(state, "D4", "hill")
    set_dice(state, p, "w4 b2 r1")
    assert "one of the two dice must have its colour" in refused(state, p, "land D4 dice b2 w4")
    targets = {a.args[0] for a in state.legal_actions(p) if a.kind == "land" and a[-2:] == ("w4", "b2")}
    colours = {state.board.kinds[CELL_OF[t]] for t in targets}
    assert colours == {"wasteland", "mountain"}
    play(state, p, "land B2 dice b2 w4")  # any order of dice is read
    assert state.board.guild_on[CELL_OF["B2"]] & 1 << p
    assert "hill" not in colours


def test_example_explore_four_connected_landscapes() -> None:
    state = new_state()
    p = state.board.current
    put_tile(state, p, "A1", "B1", "B2", "C2")
    set_dice(state, p, "w5")
    supply = state.guilds[p].guild
    play(state, p, "explore A1 B1 B2 C2 dice w5")
    g = state.guilds[p]
    assert g.medals[EXPLORATION] == 1
    assert g.guild == supply + 4
    assert not any(state.board.guild_on[CELL_OF[c]] & 1 << p for c in ("A1", "B1", "B2", "C2"))


def test_example_dice_purchase_at_4_the_blue_die_slides_down() -> None:
    """Cogwheel Trust uses its yellow die, pays 4 for the green die; the blue die above slides from 6 to 4."""
    state = new_state()
    p = state.board.current
    g = state.guilds[p]
    g.money = 7
    set_dice(state, p, "y2")
    column = g.market[0]
    assert [state.fig.die_colours[i] for i in column] == ["y", "g", "b"]
    green = column[1]
    play(state, p, "buy 1 green dice y2")
    assert g.money == 3
    assert green in g.discard  # bought dice go to the discard, not the bag
    assert [state.fig.die_colours[i] for i in g.market[0]] == ["y", "b"]
    assert state.view(p)["guilds"][p]["market"][0][1] == {"color": "blue", "price": 4}


def test_example_mine_next_to_own_mine_not_the_far_wasteland() -> None:
    """Crystal & Ore has a mine in a forest; a white 6 puts a mine on the neighbouring wasteland, not a far one."""
    state = new_state()
    p = state.board.current
    set_kind(state, "B2", "forest")
    set_kind(state, "C2", "wasteland")
    set_kind(state, "A4", "wasteland")
    put_mine(state, p, "B2")
    set_dice(state, p, "w6")
    mines = {a.args[0] for a in state.legal_actions(p) if a.kind == "mine"}
    assert "C2" in mines and "A4" not in mines
    assert "border" in refused(state, p, "mine A4 dice w6")
    play(state, p, "mine C2 dice w6")
    assert state.board.mines_on[CELL_OF["C2"]] & 1 << p


def test_example_building_the_new_market_for_12_jars() -> None:
    """Power & Torsion uses a yellow 4, pays 10 + 2, owns the New Market and gets a civil medal."""
    state = new_state()
    p = state.board.current
    g = state.guilds[p]
    g.money = 12
    set_dice(state, p, "y4")
    supply = g.guild
    play(state, p, "build new_market own dice y4")
    while state.board.pending and state.board.pending[0][1] == "free_use":
        state.apply(p, state.legal_actions(p)[-1])
    assert g.money == 0
    assert state.board.owners == {"new_market": p}
    assert g.guild == supply - 1
    assert g.medals[CIVIL] == 1
    assert score(state, p).breakdown["buildings"] == 1


def _round_end(state, value_cards: dict[int, int], column_tiles: dict[int, int], rnd: int) -> None:  # type: ignore[no-untyped-def]
    """Put the given round-end card on top for each attack column with tiles, then run the round end."""
    board = state.board
    board.round = rnd
    board.attack_row = board.attack_deck[:4]
    board.attack_deck = board.attack_deck[4:]
    board.attack_tiles = [column_tiles.get(c, 0) for c in range(4)]
    for p in range(state.num_players):
        state.guilds[p].guild -= sum(1 for c in range(4) if board.attack_tiles[c] >> p & 1)
    for column in sorted(value_cards, reverse=True):
        card = value_cards[column]
        board.round_end_deck.remove(card)
        board.round_end_deck.append(card)
    for g in state.guilds:
        g.active = []
    board.step = "round_end"
    state._legal = {}
    turn.advance(state)


def test_example_round_end_card_5_in_round_2_without_action_cards() -> None:
    """Crystal & Ore lost an attack in round 2; card 5 takes 2 action cards; she has none: no loss."""
    state = new_state()
    state.guilds[1].hand = []
    supply = state.guilds[1].guild
    _round_end(state, {0: 5}, {0: 1 << 1}, 2)
    assert state.guilds[1].hand == []
    revealed = [e for e in state._events if e["type"] == "round_end_card"]
    assert [(e["card"], e["players"], e["effects"]) for e in revealed] == [(5, [1], [["action_cards", 2]])]
    assert state.board.round == 3
    assert state.guilds[1].guild == supply  # the tile came back from the attack card


def test_example_round_end_card_4_in_round_3_ten_jars() -> None:
    """Round 3, card 4: 10 jars each; Cogwheel Trust has only 6 and loses them, Power & Torsion pays 10 of 13."""
    state = new_state()
    state.guilds[0].money = 13  # Power & Torsion
    state.guilds[2].money = 6  # Cogwheel Trust
    state.guilds[1].money = 8  # not hit
    _round_end(state, {1: 4}, {1: 1 << 0 | 1 << 2}, 3)
    assert [g.money for g in state.guilds] == [3, 8, 0]


def test_example_combat_medal_at_the_end_of_round_2() -> None:
    """5 points: Power & Torsion keeps them; 6: Crystal & Ore takes a medal (2 left); 3: Cogwheel cannot."""
    state = new_state()
    for p, points in enumerate((5, 6, 3)):
        state.guilds[p].combat_points = points
    state.board.start_player = 0
    _round_end(state, {}, {}, 2)
    assert state.active_players() == [0]
    assert set(state.legal_actions(0)) == {Action("medal", "take"), Action("medal", "keep")}
    play(state, 0, "medal keep")
    assert state.active_players() == [1]
    play(state, 1, "medal take")
    assert [g.combat_points for g in state.guilds] == [5, 2, 3]
    assert [g.medals[COMBAT] for g in state.guilds] == [0, 1, 0]
    assert state.board.round == 3 and not state.board.pending


def test_example_final_score_of_44() -> None:
    """Power & Torsion: 3 combat, 2 exploration, 2 trade, 1 civil medal (27), a set (2), 5 mines (5), the New Market
    (1), four two-die player cards (8), money for 1 point: 44."""
    state = new_state()
    g = state.guilds[0]
    g.medals = [3, 2, 2, 1]
    put_mine(state, 0, "A1", "A2", "A3", "B3", "C3")
    state.board.unbuilt.remove("new_market")
    state.board.built.append("new_market")
    state.board.owners["new_market"] = 0
    g.guild -= 1
    for card in ("banker", "rumblepoke", "crystallographer", "manipulator"):
        activate(state, 0, card)
    g.money = 7
    result = score(state, 0)
    assert result.breakdown == {
        "combat_medals": 9, "exploration_medals": 8, "trade_medals": 8, "civil_medals": 2, "medal_sets": 2,
        "buildings": 1, "mines": 5, "player_cards": 8, "jars": 1,
    }
    assert result.total == 44
    assert TRADE == 2


def test_example_guild_tile_on_card_blocks_the_reroll_option_of_the_same_field() -> None:
    """Power & Torsion laid a guild tile on a player card with its white die: "Neu würfeln" is no longer offered."""
    state = new_state()
    p = state.board.current
    activate(state, p, "manipulator", tiles=1)
    set_dice(state, p, "w3 w5 r2")
    assert any(a.kind == "reroll" for a in state.legal_actions(p))
    play(state, p, "tile manipulator dice w3")
    state.board.current = p
    state._legal = {}
    assert not any(a.kind in ("reroll", "tile") for a in state.legal_actions(p))
    assert "guild field is already used" in refused(state, p, "reroll r2 dice w5")


def test_example_red_3_on_the_attack_field_is_combat_strength_3() -> None:
    """Against strength 5 on the wasteland, Crystal & Ore lays her red 3: her combat strength is only 3 so far."""
    from brassboard.games.tharos.attack import defence

    state = new_state()
    p = state.board.current
    set_dice(state, p, "r3 w2")
    play(state, p, "defend dice r3")
    assert defence(state, p) == 3
    assert state.view(p)["guilds"][p]["defence"] == 3


def test_example_five_dice_drawn_and_rolled_are_the_active_dice() -> None:
    """Power & Torsion draws 5 dice (three white, a yellow, a red) and rolls them: her active dice."""
    state = new_state()
    events = []
    start = state.board.turn
    while state.board.turn == start:
        p = state.active_players()[0]
        events += state.apply(p, Action("pass"))
    drawn = [e for e in events if e["type"] == "dice_drawn"]
    rolled = [e for e in events if e["type"] == "rolled"]
    assert len(drawn) == len(rolled) == 3
    for e_draw, e_roll in zip(sorted(drawn, key=lambda e: e["player"]), sorted(rolled, key=lambda e: e["player"]),
                              strict=True):
        assert len(e_draw["dice"]) == 5 and [t[0] for t in e_roll["dice"]] == [c for c in e_draw["dice"]]
        assert all(1 <= int(t[1:]) <= 6 for t in e_roll["dice"])
