"""The engine's hooks for search bots, each a shortcut that must give exactly what the long way gives:
``apply_quiet`` (the state ``apply`` leaves, without events), ``random_playout`` (the generic random loop's draws and
state) and ``totals`` (the ``scores()`` totals)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from brassboard.engine import GameState, Rng, new_game
from brassboard.games.tictactoe.rules import TicTacToeState


def random_pair(game: str, players: int, seed: int, steps: int,
                options: dict[str, Any] | None = None) -> tuple[GameState, GameState]:
    """Two copies of one game played on by the same random actions: one with ``apply``, one with ``apply_quiet``."""
    loud = new_game(game, players, seed, options)
    quiet = loud.clone()
    rng = random.Random(seed)
    for _ in range(steps):
        if loud.is_over():
            break
        player = loud.active_players()[0]
        action = rng.choice(loud.legal_actions(player))
        loud.apply(player, action)
        quiet.apply_quiet(player, action)
        assert quiet.to_json() == loud.to_json()
        assert quiet.active_players() == loud.active_players()
        assert quiet.legal_actions(player) == loud.legal_actions(player)
    return loud, quiet


@pytest.mark.parametrize("seed", range(40))
def test_tictactoe_apply_quiet_matches_apply(seed: int) -> None:
    loud, quiet = random_pair("tictactoe", 2, seed, 9)
    assert loud.is_over() and quiet.is_over()
    assert quiet.winners() == loud.winners()
    assert [score.to_dict() for score in quiet.scores()] == [score.to_dict() for score in loud.scores()]
    assert vars(quiet).keys() == vars(loud).keys()
    for name in ("cells", "to_move", "winner", "marks", "free", "over"):
        assert getattr(quiet, name) == getattr(loud, name), name


def test_tictactoe_overrides_the_default() -> None:
    assert TicTacToeState.apply_quiet is not GameState.apply_quiet


def test_the_default_is_apply_itself() -> None:
    """A game without its own apply_quiet (Age of Steam) gets the validated apply, events dropped."""
    assert type(new_game("age_of_steam", 3, 1)).apply_quiet is GameState.apply_quiet
    random_pair("age_of_steam", 3, 1, 40)


@pytest.mark.parametrize(("game", "players", "seed", "options"), [
    ("planet_steam", 2, 1, {}), ("planet_steam", 2, 2, {}), ("planet_steam", 3, 3, {}), ("planet_steam", 4, 4, {}),
    ("planet_steam", 5, 5, {}), ("planet_steam", 3, 6, {"edition": "2008", "hidden_credits": True}),
    ("planet_steam", 4, 7, {"immovable_tanks": True, "river_restriction": True, "variable_trading_order": True}),
    ("planet_unknown", 1, 1, {}), ("planet_unknown", 2, 2, {}),
    ("planet_unknown", 3, 3, {"events": True, "private_objectives": True}),
    ("planet_unknown", 4, 4, {"planets": "asymmetric", "corporations": "asymmetric"}),
    ("planet_unknown", 2, 5, {"two_player_rotation": "commander", "corporations": "asymmetric", "events": True}),
    ("planet_unknown", 6, 6, {}),
])
def test_a_games_own_apply_quiet_matches_apply_to_the_end(game: str, players: int, seed: int,
                                                           options: dict[str, Any]) -> None:
    """Planet Steam's and Planet Unknown's own apply_quiet (no checks, no events) leaves exactly apply's state,
    step by step, whole games, with their editions, variants and modules."""
    assert type(new_game(game, 2, 1)).apply_quiet is not GameState.apply_quiet
    loud, quiet = random_pair(game, players, seed, 5_000, options)
    assert loud.is_over() and quiet.is_over()
    assert quiet.totals() == loud.totals()
    assert quiet._events == []  # nothing kept from the quiet moves


def test_tictactoe_winners_and_totals_without_scores() -> None:
    """Tic-tac-toe's own winners() and totals() agree with the base class's, which derive them from scores()."""
    for seed in range(30):
        state = new_game("tictactoe", 2, seed)
        rng = random.Random(seed)
        while True:
            assert state.winners() == GameState.winners(state)
            assert state.totals() == GameState.totals(state) == [score.total for score in state.scores()]
            if state.is_over():
                break
            player = state.active_players()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))


# ----- random_playout -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("limit", [1, 3, 9])
def test_tictactoe_playout_makes_the_base_class_draws(seed: int, limit: int) -> None:
    start = new_game("tictactoe", 2, seed)
    start.apply(0, "mark b2")
    fast, generic = start.clone(), start.clone()
    fast_rng, generic_rng = Rng(seed), Rng(seed)
    played = fast.random_playout(fast_rng, limit, 1)
    assert played == GameState.random_playout(generic, generic_rng, limit, 1)
    assert fast.to_json() == generic.to_json() and fast_rng.state == generic_rng.state
    assert played == min(limit, 8) or fast.is_over()
    assert vars(fast).keys() == vars(generic).keys()
    for name in ("cells", "to_move", "winner", "marks", "free", "owned", "over"):
        assert getattr(fast, name) == getattr(generic, name), name


def test_the_default_playout_stops_at_the_limit_and_prefers_the_given_seat() -> None:
    state = new_game("planet_steam", 2, 4)
    before = state.to_json()
    rng = Rng(7)
    assert state.random_playout(rng, 25, 1) == 25
    assert state.to_json() != before and not state.is_over()
    replay, replay_rng = new_game("planet_steam", 2, 4), Rng(7)  # the same draws give the same game
    for _ in range(25):
        active = replay.active_players()
        actor = 1 if 1 in active else active[0]
        legal = replay.legal_actions(actor)
        replay.apply(actor, legal[replay_rng.below(len(legal))])
    assert replay.to_json() == state.to_json() and replay_rng.state == rng.state


def test_a_playout_ends_with_the_game() -> None:
    state = new_game("tictactoe", 2, 0)
    assert state.random_playout(Rng(1), 100, 0) <= 9 and state.is_over()
    assert state.random_playout(Rng(1), 100, 0) == 0


def test_the_default_totals_are_the_scores_totals() -> None:
    state = new_game("planet_steam", 2, 4)
    state.random_playout(Rng(2), 40, 0)
    assert type(state).totals is GameState.totals
    assert state.totals() == [score.total for score in state.scores()]
