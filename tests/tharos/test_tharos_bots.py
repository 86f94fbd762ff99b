"""Tharos bots: the greedy bot (legal, reproducible, defends when it must, explores, activates player cards and buys
dice, clearly stronger than random play), the determinization hook the generic MCTS kinds need (hands, drawn cards
and deck orders re-dealt, the view kept) and an MCTS seat that never reads another player's hand.

The default run plays a few games (CI time); ``--soak`` plays the README's 200 three-player games against random.
"""

from __future__ import annotations

import random
import statistics
from typing import cast

import pytest
import random_walk
from tharos_helpers import new_state, put_tile, set_converter, set_dice, turn_to
from tharos_invariants import check

from brassboard.bots import MctsBot, bot_kinds, make_bot, seat_seed
from brassboard.engine import Action, Rng, new_game
from brassboard.games.tharos.attack import defence, strength
from brassboard.games.tharos.bots import GreedyBot
from brassboard.games.tharos.figures import CELL_NAMES, EXPLORATION
from brassboard.games.tharos.rules import TharosState

GAME = "tharos"


def play(seed: int, kinds: list[str]) -> TharosState:
    bots = [make_bot(kind, GAME, seat_seed(seed, seat)) for seat, kind in enumerate(kinds)]
    state = new_game(GAME, len(kinds), seed)
    assert isinstance(state, TharosState)
    while not state.is_over():
        p = state.active_players()[0]
        action = bots[p].choose(state, p)
        assert action in state.legal_actions(p)
        state.apply(p, action)
    return state


def greedy_against_random(games: int, first_seed: int) -> tuple[list[int], list[int]]:
    """Three-player games, greedy in seat ``game % 3`` and random in the others: (greedy totals, random totals)."""
    greedy: list[int] = []
    rnd: list[int] = []
    for game in range(games):
        kinds = ["random"] * 3
        kinds[game % 3] = "greedy"
        totals = [s.total for s in play(first_seed + game, kinds).scores()]
        for seat, kind in enumerate(kinds):
            (greedy if kind == "greedy" else rnd).append(totals[seat])
    return greedy, rnd


def test_tharos_offers_random_mcts_and_greedy() -> None:
    assert bot_kinds(GAME) == ["random", "mcts", "mcts-strong", "mcts-medium", "greedy"]
    assert isinstance(make_bot("greedy", GAME, 3), GreedyBot)


def test_greedy_beats_random_clearly() -> None:
    greedy, rnd = greedy_against_random(6, 700)
    assert min(greedy) > max(rnd), f"greedy {greedy} against random {rnd}"


@pytest.mark.soak
def test_soak_greedy_beats_random_by_a_clear_margin_in_200_games() -> None:
    greedy, rnd = greedy_against_random(200, 5000)
    assert statistics.mean(greedy) >= statistics.mean(rnd) + 20


def test_a_greedy_game_replays_from_its_seeds() -> None:
    first = play(31, ["greedy", "greedy"])
    again = play(31, ["greedy", "greedy"])
    assert first.to_json() == again.to_json()


def greedy_turn(state: TharosState, p: int) -> list[Action]:
    """Let the greedy bot play ``p``'s player-turns of this turn (the others pass); its actions."""
    bot = GreedyBot(1)
    chosen: list[Action] = []
    start = (state.board.round, state.board.turn)
    while (state.board.round, state.board.turn) == start and state.board.step == "actions":
        mover = state.active_players()[0]
        legal = state.legal_actions(mover)
        if mover == p:
            action = bot.choose(state, p)
            chosen.append(action)
        else:
            action = Action("pass") if Action("pass") in legal else legal[-1]
        state.apply(mover, action)
    return chosen


def attack_position(value: int, tokens: str) -> tuple[TharosState, int]:
    """Round 1, turn 1: an attack card of ``value`` on a landscape without a converter, the player to act holding
    ``tokens`` and no action cards (so only its dice can defend)."""
    state = new_state(3, seed=4)
    board = state.board
    card = next(c for c in (*board.attack_deck, *board.attack_row) if state.fig.attack_values[c] == value)
    if card in board.attack_deck:
        at = board.attack_deck.index(card)
        board.attack_deck[at], board.attack_row[-1] = board.attack_row[-1], card
    set_converter(state, CELL_NAMES[board.target()], "none")
    p = board.current
    board.action_discard += state.guilds[p].hand
    state.guilds[p].hand = []
    set_dice(state, p, tokens)
    turn_to(state, p)
    check(state)
    return state, p


def test_greedy_defends_when_its_red_dice_reach_the_strength() -> None:
    state, p = attack_position(2, "r3 w1 w2 g1 b1")  # strength 2 + round 1 = 3
    assert strength(state) == 3 and defence(state, p) == 0
    chosen = greedy_turn(state, p)
    assert Action.parse("defend dice r3") in chosen, chosen
    assert state.guilds[p].combat_points == 1, "the attack was fended off"


def test_greedy_spends_no_red_die_on_a_defence_it_cannot_reach() -> None:
    state, p = attack_position(4, "r1 w1 w2 g1 b1")  # strength 5: the red 1 cannot reach it
    chosen = greedy_turn(state, p)
    assert not any(a.kind == "defend" for a in chosen), chosen
    assert state.guilds[p].combat_points == 0


def test_greedy_explores_a_connected_group_of_four() -> None:
    state, p = attack_position(1, "w2 w3 y1 g1 b1")
    put_tile(state, p, "B3", "C3", "B4", "C4")  # rows 3 and 4: not attacked in round 1
    chosen = greedy_turn(state, p)
    assert any(a.kind == "explore" for a in chosen), chosen
    assert state.guilds[p].medals[EXPLORATION] == 1


def test_greedy_builds_its_engine_a_player_card_and_a_die() -> None:
    state, p = attack_position(1, "w6 y5 w1 g1 b1")  # white + yellow 11: the Banker (10) or the Steam Dyer (8)
    state.guilds[p].money = 4
    chosen = greedy_turn(state, p)
    assert any(a.kind == "activate" for a in chosen), chosen
    assert any(a.kind == "buy" for a in chosen), chosen
    assert state.guilds[p].cards_active


def test_greedy_never_plays_a_drawn_die_it_has_not_seen_roll() -> None:
    # the lookahead rolls with the bot's own generator: the real game's generator is left untouched
    state = new_state(2, seed=9)
    p = state.board.current
    rng_before = state.rng.state
    GreedyBot(5).choose(state, p)
    assert state.rng.state == rng_before


# ----- determinize ------------------------------------------------------------------------------------------------
def sampled_states(players: int, seed: int, every: int) -> list[TharosState]:
    state = new_game(GAME, players, seed)
    samples = random_walk.sampled_states(state, seed, every)
    assert all(isinstance(x, TharosState) for x in samples)
    return cast(list[TharosState], samples)


def hidden_variant(state: TharosState, observer: int, rng: random.Random) -> TharosState:
    """A state ``observer`` cannot tell from ``state``: other hands swapped with deck cards, decks reordered."""
    other = state.clone()
    board = other.board
    for p, g in enumerate(other.guilds):
        if p != observer and g.hand and board.action_deck:
            g.hand[0], board.action_deck[0] = board.action_deck[0], g.hand[0]
    rng.shuffle(board.action_deck)
    rng.shuffle(board.attack_deck)
    rng.shuffle(board.round_end_deck)
    other.rng = Rng(rng.randrange(1 << 32))
    return other


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_determinize_keeps_the_state_lawful_and_the_view(players: int, seed: int) -> None:
    rng = random.Random(seed)
    changed = 0
    for state in sampled_states(players, seed, every=23):
        for observer in range(players):
            world = state.clone()
            world.determinize(observer, Rng(rng.randrange(1 << 32)))
            check(world)
            assert world.view(observer) == state.view(observer), "determinize changed what the observer sees"
            assert world.guilds[observer].hand == state.guilds[observer].hand
            assert world.active_players() == state.active_players()
            changed += world.to_dict() != state.to_dict()
            for _ in range(6):  # the re-dealt world plays on
                if world.is_over():
                    break
                mover = world.active_players()[0]
                world.apply(mover, rng.choice(world.legal_actions(mover)))
                check(world)
    assert changed, "determinize never re-dealt anything"


def test_determinize_depends_only_on_the_observers_view() -> None:
    rng = random.Random(9)
    for state in sampled_states(3, 6, every=31):
        for observer in range(3):
            other = hidden_variant(state, observer, rng)
            assert other.view(observer) == state.view(observer)
            first, second = state.clone(), other.clone()
            first.determinize(observer, Rng(77))
            second.determinize(observer, Rng(77))
            first.rng = second.rng = Rng(0)
            assert first.to_dict() == second.to_dict(), "the re-dealt state depends on hidden parts"


def test_determinize_redeals_cards_drawn_for_another_players_choice() -> None:
    state, p = attack_position(1, "w6 w1 y1 g1 b1")
    state.apply(p, "cards large dice w6")  # three cards drawn, p keeps one
    assert state.board.pending[0][:2] == [p, "keep"] and len(state.board.drawn) == 3
    other = (p + 1) % 3
    seen_by_chooser = state.clone()
    seen_by_chooser.determinize(p, Rng(5))
    assert seen_by_chooser.board.drawn == state.board.drawn, "the chooser sees the cards it chooses from"
    changed = 0
    for seed in range(8):
        world = state.clone()
        world.determinize(other, Rng(seed))
        check(world)
        assert world.view(other) == state.view(other)
        changed += world.board.drawn != state.board.drawn
    assert changed, "the drawn cards are re-dealt for the other seats"


def test_determinize_leaves_a_finished_game_alone() -> None:
    state = play(3, ["random", "random"])
    before = state.to_dict()
    state.determinize(0, Rng(1))
    assert state.to_dict() == before


def test_mcts_does_not_read_another_players_hand() -> None:
    rng = random.Random(4)
    state = new_game(GAME, 3, 12)
    assert isinstance(state, TharosState)
    while True:  # on to a turn of player 1 with a choice, while another player holds action cards
        mover = state.active_players()[0]
        if mover == 1 and len(state.legal_actions(1)) > 1 and any(g.hand for g in state.guilds[::2]) \
                and state.board.action_deck:
            break
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    other = hidden_variant(state, 1, rng)
    assert other.view(1) == state.view(1) and other.to_json() != state.to_json()
    for seed in range(2):
        assert MctsBot(seed, iterations=20).choose(state, 1) == MctsBot(seed, iterations=20).choose(other, 1)
