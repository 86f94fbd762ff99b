"""Tharos's structured observation (brassboard/rl/encoders/tharos.py): a stable shape, the fast path equal to the
encoding of the view, nothing of another seat's secrets, seats seen from the observer, and the PettingZoo checks."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from brassboard import rl
from brassboard.engine import Rng, new_game
from brassboard.games.tharos.figures import CELLS
from brassboard.games.tharos.rules import TharosState
from brassboard.rl.encoders.tharos import REST_SIZE, STEPS, TharosEncoder, observation_encoder


@pytest.fixture(autouse=True)
def _quiet_checker_advice() -> None:
    # the checkers' advice (dict observations, infinite Box bounds) is expected: see docs/rl.md
    warnings.filterwarnings("ignore", category=UserWarning, module=r"pettingzoo\..*")


def random_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> Iterator[TharosState]:
    """Every state of one random game, from the first to the end (the same object, moved on after each yield)."""
    chooser = random.Random(seed)
    state = new_game("tharos", players, seed, options)
    assert isinstance(state, TharosState)
    while True:
        yield state
        if state.is_over():
            return
        player = state.active_players()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))


def encoder_for(state: TharosState) -> TharosEncoder:
    return observation_encoder(state.num_players, state.options)


def state_after(players: int, seed: int, wanted: str) -> TharosState:
    """The first state of a random game where ``wanted`` holds: "hand" (seat 1 holds action cards) or "keep" (a
    choice among drawn action cards is due)."""
    for state in random_game(players, seed):
        if wanted == "hand" and state.guilds[1].hand and state.board.action_deck:
            return state
        if wanted == "keep" and state.board.pending and state.board.pending[0][1] == "keep":
            return state
    raise AssertionError(f"no state with {wanted} in game {seed}")


def test_the_env_serves_tharos_with_its_own_encoder() -> None:
    env = rl.env("tharos", players=3)
    assert isinstance(env.settings.encoder, TharosEncoder)
    env.reset()
    observation = env.observe(env.agent_selection)["observation"]
    assert observation.shape == env.observation_space(env.agent_selection)["observation"].shape


@pytest.mark.parametrize(("players", "size"), [(2, 1369), (3, 1716), (4, 2063)])
def test_the_shape_and_dtype_stay_the_same_over_random_games(players: int, size: int) -> None:
    # the sizes are the ones docs/rl.md states for the default figures
    encoder = observation_encoder(players, {"figures": {}})
    assert encoder.shape == (size,)
    for seed in range(2):
        for state in random_game(players, seed):
            for seat in range(players):
                observation = encoder.encode_state(state, seat)
                assert observation.shape == (size,) and observation.dtype == np.float32
                assert np.isfinite(observation).all()


@pytest.mark.parametrize(("players", "games"), [(2, 4), (3, 2), (4, 1)])
def test_the_fast_path_gives_exactly_the_encoding_of_the_view(players: int, games: int) -> None:
    met = {"hand": 0, "keep": 0, "pending": 0, "over": 0}  # the cases where the two ways in could part
    for seed in range(games):
        encoder: TharosEncoder | None = None
        for state in random_game(players, 100 + seed):
            encoder = encoder or encoder_for(state)
            for seat in range(players):
                view = state.view(seat)
                assert np.array_equal(encoder.encode_state(state, seat), encoder.encode(view, seat))
                met["hand"] += bool(view["guilds"][seat].get("hand"))
                met["keep"] += isinstance(view["drawn"], list) and bool(view["drawn"])
                met["pending"] += view["pending"] is not None
                met["over"] += view["over"]
    assert all(met.values()), f"a case was never met, the test would be blind to it: {met}"


def test_the_fast_path_follows_a_matchs_own_figures() -> None:
    options = {"figures": {"player": {"explore_size": 3, "money": 4}, "attack": {"values": [0, 1, 1, 2, 5, 5, 6, 6]}}}
    encoder: TharosEncoder | None = None
    for state in random_game(2, 7, options):
        encoder = encoder or encoder_for(state)
        for seat in range(2):
            assert np.array_equal(encoder.encode_state(state, seat), encoder.encode(state.view(seat), seat))


def test_another_seats_action_cards_do_not_reach_an_observation() -> None:
    state = state_after(2, 3, "hand")
    encoder = encoder_for(state)
    other = state.clone()
    hand = other.guilds[1].hand
    other.guilds[1].hand = other.board.action_deck[-len(hand):]  # as many cards, others from the deck
    other.board.action_deck[-len(hand):] = hand
    assert other.guilds[1].hand != state.guilds[1].hand
    for encode in (encoder.encode_state, lambda s, seat: encoder.encode(s.view(seat), seat)):
        assert np.array_equal(encode(state, 0), encode(other, 0))
        assert not np.array_equal(encode(state, 1), encode(other, 1)), "the owner must see its own hand"


def test_cards_drawn_for_another_seats_choice_do_not_reach_an_observation() -> None:
    state = state_after(2, 1, "keep")
    encoder = encoder_for(state)
    chooser = state.board.pending[0][0]
    other = state.clone()
    drawn = other.board.drawn
    other.board.drawn = other.board.action_deck[-len(drawn):]
    other.board.action_deck[-len(drawn):] = drawn
    assert other.board.drawn != state.board.drawn
    onlooker = 1 - chooser
    assert np.array_equal(encoder.encode_state(state, onlooker), encoder.encode_state(other, onlooker))
    assert not np.array_equal(encoder.encode_state(state, chooser), encoder.encode_state(other, chooser))


def test_the_decks_order_and_the_generator_do_not_reach_an_observation() -> None:
    state = state_after(3, 2, "hand")
    encoder = encoder_for(state)
    other = state.clone()
    for deck in (other.board.action_deck, other.board.attack_deck, other.board.round_end_deck):
        deck.reverse()
    for guild in other.guilds:
        guild.bag.reverse()  # the bag has no order: draws pick at random
    other.rng = Rng(4321)
    for seat in range(3):
        assert np.array_equal(encoder.encode_state(state, seat), encoder.encode_state(other, seat))


def test_seats_are_seen_from_the_observer() -> None:
    state = next(random_game(3, 0))
    encoder = encoder_for(state)
    state.board.guild_on[5] = 0b100  # seat 2's guild tile on B2
    guild_planes = (len(encoder.kinds) + 5 + len(encoder.converters) + 2) * CELLS  # after the grid, ore, crystal
    for seat, relative in ((0, 2), (1, 1), (2, 0)):
        observation = encoder.encode_state(state, seat)
        seen = [observation[guild_planes + plane * CELLS + 5] for plane in range(3)]
        assert seen == [float(plane == relative) for plane in range(3)]
        assert np.array_equal(observation, encoder.encode(state.view(seat), seat))


def test_the_blocks_lie_where_the_layout_says() -> None:
    # docs/rl.md: landscapes (kind, colour, converter, ore, crystal, guild, mines, target planes), table, numbers
    # (round, turn, step one-hot, ...), guilds (money, bag, ...; hand counts last), the hashed rest
    state = state_after(2, 3, "hand")
    encoder = encoder_for(state)
    board, own = state.board, state.guilds[1]
    observation = encoder.encode_state(state, 1)
    kinds, converters = len(encoder.kinds), len(encoder.converters)
    for cell in range(CELLS):
        assert observation[encoder.kinds[board.kinds[cell]] * CELLS + cell] == 1.0
        assert observation[(kinds + board.colours[cell]) * CELLS + cell] == 1.0
        assert observation[(kinds + 5 + encoder.converters[board.converters[cell]]) * CELLS + cell] == 1.0
        assert observation[(kinds + 5 + converters) * CELLS + cell] == board.ore_on >> cell & 1
    numbers = CELLS * encoder.land_width + encoder.table_width
    assert observation[numbers: numbers + 2].tolist() == [board.round, board.turn]
    assert observation[numbers + 2: numbers + 12].tolist() == [float(step == board.step) for step in STEPS]
    guild = numbers + encoder.number_width
    assert observation[guild: guild + 2].tolist() == [own.money, len(own.bag)]
    other = guild + encoder.guild_width
    assert observation[other: other + 2].tolist() == [state.guilds[0].money, len(state.guilds[0].bag)]
    assert not observation[other + encoder.public_width: other + encoder.guild_width].any()  # seat 0's hand
    assert len(observation) - (other + encoder.guild_width) == REST_SIZE


def test_the_own_hand_is_counted_per_card() -> None:
    state = state_after(2, 3, "hand")
    encoder = encoder_for(state)
    fast = encoder.encode_state(state, 1)
    own_guild = fast[CELLS * encoder.land_width + encoder.table_width + encoder.number_width:][:encoder.guild_width]
    hand_counts = own_guild[encoder.public_width:]
    for card in state.guilds[1].hand:
        assert hand_counts[encoder.action_cards[card]] >= 1.0
    assert hand_counts.sum() == len(state.guilds[1].hand)


def test_pettingzoo_api_test_passes_for_four_players() -> None:
    api_test(rl.env("tharos", players=4, seed=11), num_cycles=1000)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: rl.env("tharos", players=2, seed=5), num_cycles=500)
