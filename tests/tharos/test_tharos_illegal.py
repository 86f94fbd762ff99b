"""Illegal input of every action kind where it is illegal: an IllegalAction whose reason names the rule, and the
state unchanged (``refused`` checks the JSON before and after). Player-card and action-card refusals card by card
are in the card tests; here each kind of the core and of the plugins is tried at least once."""

from __future__ import annotations

import pytest
from tharos_helpers import new_state, pass_others, play, put_tile, refused, set_dice

from brassboard.engine import Action, IllegalAction, new_game
from brassboard.games.tharos.figures import CELL_NAMES, LETTERS
from brassboard.games.tharos.rules import TharosState


def position() -> tuple[TharosState, int]:
    """Round 1, turn 1: the player to act holds w3 w5 y2 r4 g6 and no money."""
    state = new_state(3, seed=4)
    p = state.board.current
    set_dice(state, p, "w3 w5 y2 r4 g6")
    return state, p


@pytest.mark.parametrize(("notation", "rule"), [
    ("money many dice y2", "Viel Geld takes white dice only"),
    ("money many dice w3 w5 w3", "no unused active white die showing 3"),
    ("money lots dice w3", "'many' (Viel Geld) or 'little' (Wenig Geld)"),
    ("money little dice w3 w5", "takes 1 die"),
    ("money little dice b4", "no unused active blue die showing 4"),
    ("cards large dice y2", "Große Auswahl takes a white die"),
    ("cards single dice w3 w5", "takes 1 die"),
    ("cards huge dice w3", "'large' (Große Auswahl) or 'single' (Keine Auswahl)"),
    ("tile manipulator dice w3", "manipulator is not an active player card"),
    ("reroll dice w3", "name the dice to reroll"),
    ("reroll y2 dice w9", "no unused active white die showing 9"),
    ("land A1 dice w3", "takes 2 die"),
    ("land Z9 dice w3 y2", "not a landscape"),
    ("land A1 from B2 dice w3 y2", "guild tiles are left in supply"),
    ("explore A1 A2 A3 A4 dice w3", "no guild tile on A1"),
    ("explore A1 A2 dice w3", "exactly 4 different landscapes"),
    ("buy 1 blue dice w3", "this costs 4 jars"),
    ("buy 3 red dice w3", "market column (1 or 2)"),
    ("buy 1 green dice w3", "market column 1 holds no green die"),
    ("mine A1 dice w3", "a mine takes a die showing 6"),
    ("build new_market dice y2", "yellow die showing 3 or more"),
    ("build new_market dice w5", "yellow die showing 3 or more"),
    ("build castle dice y2", "not an unbuilt public building"),
    ("defend dice w3", "the attack field takes one or more red dice"),
    ("defend dice r6", "no unused active red die showing 6"),
    ("done", "done ends a turn after its action"),
    ("play 7", "not in player"),
    ("activate banker dice w3 y2", "10 or more"),
    ("use new_market", "not built"),
    ("frobnicate", "unknown action"),
])
def test_board_and_card_actions_name_the_rule(notation: str, rule: str) -> None:
    state, p = position()
    assert rule in refused(state, p, notation)


def test_a_mine_needs_a_landscape_of_the_dies_colour() -> None:
    state, p = position()
    green = LETTERS.index("g")
    other = next(CELL_NAMES[c] for c in range(16) if state.board.colours[c] != green)
    assert "does not have the die's colour" in refused(state, p, f"mine {other} dice g6")


def test_decision_kinds_outside_their_decision_are_refused() -> None:
    state, p = position()
    for notation in ("keep 3", "discard 3", "medal take", "damage mine A1", "give A1", "draw", "roll"):
        reason = refused(state, p, notation)
        assert notation.split()[0] in reason, reason


def test_only_the_player_to_act_may_act() -> None:
    state, p = position()
    other = (p + 1) % 3
    assert "may not act now" in refused(state, other, "pass")


def give_card(state: TharosState, p: int, card: int) -> None:
    board = state.board
    pile = board.action_deck if card in board.action_deck else board.action_discard
    pile.remove(card)
    state.guilds[p].hand.append(card)
    state._legal = {}


def test_after_the_action_only_a_card_or_done_may_follow() -> None:
    state, p = position()
    give_card(state, p, 7)  # combat +2: playable after the action
    play(state, p, "money little dice w3")
    assert state.legal_actions(p) == [Action("play", 7), Action("done")]
    for notation in ("money little dice w5", "pass", "land A1 dice w5 y2"):
        assert "the action of this turn is taken" in refused(state, p, notation)


def test_a_white_field_is_used_once_per_turn() -> None:
    state, p = position()
    play(state, p, "money little dice w3")
    pass_others(state, p)
    assert "money field is already used" in refused(state, p, "money many dice w5")




def test_the_keep_decision_takes_only_a_drawn_card() -> None:
    state, p = position()
    play(state, p, "cards large dice w5")
    assert state.board.pending[0][:2] == [p, "keep"]
    for notation in ("keep 99", "pass", "money little dice w3", "discard 3"):
        assert "keep one of the drawn cards" in refused(state, p, notation)


def test_the_combat_medal_decision() -> None:
    state = new_state(3, seed=4)
    for g in state.guilds:
        g.combat_points = 4
    state._legal = {}
    run_until_decision(state, "medal")
    chooser = state.board.pending[0][0]
    assert "medal take (4 combat points for a combat medal) or medal keep" in refused(state, chooser, "medal give")
    assert "medal take" in refused(state, chooser, "pass")
    assert "may not act now" in refused(state, (chooser + 1) % 3, "medal take")


def run_until_decision(state: TharosState, kind: str) -> None:
    while not (state.board.pending and state.board.pending[0][1] == kind):
        assert not state.is_over(), f"no {kind} decision came"
        mover = state.active_players()[0]
        legal = state.legal_actions(mover)
        state.apply(mover, Action("pass") if Action("pass") in legal else legal[0])


def test_round_end_damage_takes_only_what_the_card_names() -> None:
    state = new_state(3, seed=4)
    card = next(k for k, rounds in state.fig.round_end.items() if rounds[0] == (("land_tiles", 1),))
    state.board.round_end_deck.remove(card)
    state.board.round_end_deck.append(card)  # drawn first
    put_tile(state, 0, "C3", "D4")  # rows 3 and 4 are not attacked in round 1
    run_until_decision(state, "damage")
    assert state.board.pending[0][:3] == [0, "damage", "land_tiles"]
    for notation in ("damage tile A2", "damage mine C3", "pass"):
        assert "the round-end damage now is land_tiles" in refused(state, 0, notation)


def test_unreadable_input_and_a_finished_game() -> None:
    state, p = position()
    with pytest.raises(IllegalAction, match="cannot read the action"):
        state.apply(p, "")
    over = new_game("tharos", 2, 1)
    while not over.is_over():
        mover = over.active_players()[0]
        legal = over.legal_actions(mover)
        over.apply(mover, Action("pass") if Action("pass") in legal else legal[0])
    assert "the game is over" in refused(over, 0, "pass")  # type: ignore[arg-type]
