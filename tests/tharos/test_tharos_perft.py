"""perft from fixed positions: pins move generation (and times it). The tailored positions are counted by hand in
the comments; the others are pinned as measured (any change of move generation must change them deliberately)."""

from __future__ import annotations

import random

from tharos_helpers import new_state, set_converter, set_dice

from brassboard.engine import new_game, perft
from brassboard.games.tharos.figures import CELL_NAMES
from brassboard.games.tharos.rules import TharosState


def tailored(tokens: str) -> TharosState:
    """Round 1, turn 1 of a 3-player game: the player to act holds ``tokens``, no action card, no money, no active
    player card; the attacked landscape has no converter. The 16 landscapes: 4 white, 3 of each other colour."""
    state = new_state(3, seed=4)
    p = state.board.current
    state.board.action_discard += state.guilds[p].hand
    state.guilds[p].hand = []
    set_converter(state, CELL_NAMES[state.board.target()], "none")
    set_dice(state, p, tokens)
    return state


def test_perft_with_five_dice_counted_by_hand() -> None:
    # w1 w2 y2 r4 g3 activate no player card (every activation needs more) and show no 6 (no mine); no money (no
    # purchase, no building). Money: Viel Geld with {w1}, {w2}, {w1 w2} + Wenig Geld with each of 5 dice = 8.
    # Cards: Große Auswahl with w1 or w2 + Keine Auswahl with each die = 7. Guild field: no card takes tiles; Neu
    # würfeln with w1 (or w2) and any non-empty subset of the other four dice = 2 * 15 = 30. Land: each of the 10
    # pairs of dice onto the landscapes of either colour: (w1 w2) 4; (w1|w2) x (y2|r4|g3) = 6 pairs of 4 + 3 = 7
    # landscapes, 42; (y r), (y g), (r g) 6 each, 18 -> 4 + 42 + 18 = 64.
    # Defend with {r4} = 1. Pass = 1. Total 8 + 7 + 30 + 64 + 1 + 1 = 111.
    assert perft(tailored("w1 w2 y2 r4 g3"), 1) == 111


def test_perft_with_three_dice() -> None:
    # w1 y2 r4: money 1 + 3, cards 1 + 3, reroll with w1 of {y2}, {r4}, {y2 r4} = 3, land (w y) 7 + (w r) 7 +
    # (y r) 6 = 20, defend 1, pass 1 -> 33; depth 2 then lists the next player's actions after each of them
    state = tailored("w1 y2 r4")
    assert perft(state, 1) == 33
    assert perft(state, 2) == 3894


def test_perft_at_the_start_of_a_game() -> None:
    assert [perft(new_game("tharos", players, 0), 1) for players in (2, 3, 4)] == [98, 90, 133]


def test_perft_in_the_middle_of_a_four_player_game() -> None:
    state = new_game("tharos", 4, 7)
    rng = random.Random(7)
    for _ in range(150):
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert isinstance(state, TharosState)
    assert (state.board.round, state.board.turn, state.board.step) == (2, 4, "actions")
    assert perft(state, 1) == 59
    assert perft(state, 2) == 2427
