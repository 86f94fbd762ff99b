"""The game-agnostic bots: the random bot plays only legal actions, and bots are found by kind."""

from __future__ import annotations

import sys
import types

import pytest

from brassboard.bots import Bot, RandomBot, bot_kinds, game_bots, make_bot, seat_seed
from brassboard.engine import Action, GameState, new_game


def test_random_bot_only_plays_legal_actions_to_the_end() -> None:
    for seed in range(30):
        state = new_game("tictactoe", 2, seed)
        bots = [RandomBot(seat_seed(seed, seat)) for seat in range(2)]
        while not state.is_over():
            (player,) = state.active_players()
            action = bots[player].choose(state, player)
            assert action in state.legal_actions(player)
            state.apply(player, action)


def test_random_bot_is_reproducible_from_its_seed_and_leaves_the_game_rng_alone() -> None:
    state = new_game("tictactoe", 2, 0)
    rng_before = state.rng.state
    first = [RandomBot(5).choose(state, 0) for _ in range(3)]
    assert first == [RandomBot(5).choose(state, 0) for _ in range(3)]
    choices = {RandomBot(seed).choose(state, 0) for seed in range(40)}
    assert len(choices) > 3  # it does spread over the legal actions
    assert state.rng.state == rng_before


def test_random_bot_refuses_a_player_without_legal_actions() -> None:
    state = new_game("tictactoe", 2, 0)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(0).choose(state, 1)  # player 1 is not to move


def test_make_bot_random_is_a_bot() -> None:
    bot = make_bot("random", "tictactoe", 3)
    assert isinstance(bot, RandomBot)
    assert isinstance(bot, Bot)
    assert bot.name == "random"
    assert "random" in bot_kinds("tictactoe")


def test_make_bot_unknown_kind_lists_the_available_kinds() -> None:
    with pytest.raises(ValueError, match=r"unknown bot kind 'nonsense'.*available: random"):
        make_bot("nonsense", "tictactoe", 0)


def test_make_bot_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        make_bot("random", "no_such_game", 0)


class FirstActionBot:
    """A stand-in for a game's own bot: always the first legal action."""

    name = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: GameState, player: int) -> Action:
        return state.legal_actions(player)[0]


def test_game_bots_module_is_looked_up_by_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("brassboard.games.tictactoe.bots")
    module.BOTS = {"first": FirstActionBot}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "brassboard.games.tictactoe.bots", module)

    assert bot_kinds("tictactoe") == ["random", "mcts", "mcts-strong", "first"]
    assert game_bots("tictactoe") == {"first": FirstActionBot}
    bot = make_bot("first", "tictactoe", 11)
    assert isinstance(bot, FirstActionBot) and bot.seed == 11
    assert bot.choose(new_game("tictactoe", 2, 0), 0) == Action("mark", "a1")


def test_seat_seeds_differ_by_seat_and_game() -> None:
    seeds = {seat_seed(game, seat) for game in range(20) for seat in range(6)}
    assert len(seeds) == 120
