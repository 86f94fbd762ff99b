"""The greedy bot: always legal, deterministic per seed, clearly stronger than random play, and sound enough that
four greedy players reach the last round without going bankrupt.

The default run plays a few games (CI time); ``--soak`` plays the 100 four-player games vs random and 50 all-greedy
games the README's figures come from (see there for the measured values).
"""

from __future__ import annotations

import time

import pytest

from brassboard.bots import bot_kinds, make_bot, seat_seed
from brassboard.engine import new_game
from brassboard.games.age_of_steam.rules import AgeOfSteamState

GAME = "age_of_steam"


def play(seed: int, kinds: list[str]) -> tuple[AgeOfSteamState, float]:
    bots = [make_bot(kind, GAME, seat_seed(seed, seat)) for seat, kind in enumerate(kinds)]
    state = new_game(GAME, len(kinds), seed)
    assert isinstance(state, AgeOfSteamState)
    slowest = 0.0
    while not state.is_over():
        (p,) = state.active_players()
        started = time.process_time()
        action = bots[p].choose(state, p)
        if kinds[p] == "greedy":
            slowest = max(slowest, time.process_time() - started)
        assert action in state.legal_actions(p)
        state.apply(p, action)
    return state, slowest


def wins_against_random(games: int) -> float:
    share = 0.0
    for game in range(games):
        state, _ = play(7000 + game, ["greedy", "random", "random", "random"])
        winners = state.winners()
        share += (0 in winners) / len(winners)
    return share


def test_greedy_is_offered_for_age_of_steam() -> None:
    assert bot_kinds(GAME) == ["random", "mcts", "mcts-strong", "mcts-medium", "greedy"]


def test_greedy_beats_random_clearly() -> None:
    assert wins_against_random(10) >= 9


@pytest.mark.soak
def test_soak_greedy_beats_random_in_100_four_player_games() -> None:
    assert wins_against_random(100) >= 90


def all_greedy_survival(games: int) -> tuple[int, int]:
    reached, eliminated = 0, 0
    for game in range(games):
        state, slowest = play(8000 + game, ["greedy"] * 4)
        assert slowest < 0.5, "a decision takes well under a second"
        reached += state.round == state.rounds and not all(state.eliminated)
        eliminated += sum(state.eliminated)
    return reached, eliminated


def test_four_greedy_players_reach_the_last_round_solvent() -> None:
    reached, eliminated = all_greedy_survival(3)
    assert reached == 3 and eliminated <= 1


@pytest.mark.soak
def test_soak_four_greedy_players_reach_the_last_round_solvent() -> None:
    reached, eliminated = all_greedy_survival(50)
    assert reached >= 45 and eliminated <= 10


@pytest.mark.parametrize("players", [3, 5, 6])
def test_greedy_finishes_every_player_count_deterministically(players: int) -> None:
    finals = [play(9, ["greedy"] * players)[0].to_json() for _ in range(2)]
    assert finals[0] == finals[1]
