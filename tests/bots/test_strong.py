"""``mcts-strong`` and the difficulty levels: sound choices with the time budget off (the iteration and round caps
make every test exact), the greedy-guided search's mechanics, no peeking, and the lobby's levels.

Win rates against greedy are measured by ``bench/bench_mcts.py`` / ``brassboard ladder`` (docs/bots.md), never here.
"""

from __future__ import annotations

import random

import pytest

from brassboard.bots import Bot, MctsBot, RandomBot, make_bot, seat_seed
from brassboard.bots.guided import GuidedBot
from brassboard.bots.registry import GUIDED_SETTINGS, difficulty_levels
from brassboard.engine import Action, GameState, Rng, new_game
from brassboard.games.age_of_steam.bots import CASH_POINTS, DEFICIT_POINTS, position_value
from brassboard.games.age_of_steam.rules import AgeOfSteamState
from brassboard.games.planet_unknown.bots import GreedyBot, rank_actions
from brassboard.games.planet_unknown.rules import PlanetUnknownState

TTT = "tictactoe"
WIN_OR_BLOCK = [
    (("a1", "a2", "b1", "b2"), "c1", "X completes the first row"),
    (("a1", "b2", "c3", "a3"), "c1", "X blocks O's diagonal c1-a3"),
    (("a1", "b2", "a2"), "a3", "O must block X's column a"),
]


def exact(bot: Bot) -> Bot:
    """The bot with its wall-clock budget off: only its iteration / round cap stops a search."""
    assert isinstance(bot, MctsBot | GuidedBot)
    bot.time_budget = None
    return bot


def ttt_after(*cells: str) -> GameState:
    state = new_game(TTT, 2, 0)
    for cell in cells:
        (player,) = state.active_players()
        state.apply(player, f"mark {cell}")
    return state


def greedy_moves(game: str, players: int, seed: int, moves: int) -> GameState:
    """A position ``moves`` actions into a game the greedy bots play (a realistic, cheap-to-build position)."""
    state = new_game(game, players, seed)
    bots = [make_bot("greedy", game, seat_seed(seed, p)) for p in range(players)]
    for _ in range(moves):
        player = state.active_players()[0]
        state.apply(player, bots[player].choose(state, player))
    return state


# ----- tic-tac-toe ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("moves", "expected", "why"), WIN_OR_BLOCK)
def test_mcts_strong_finds_the_win_or_the_block(moves: tuple[str, ...], expected: str, why: str) -> None:
    state = ttt_after(*moves)
    (player,) = state.active_players()
    for seed in range(3):
        assert exact(make_bot("mcts-strong", TTT, seed)).choose(state, player) == Action("mark", expected), why


@pytest.mark.parametrize(("moves", "expected", "why"), WIN_OR_BLOCK[:2])  # X to move: its threat shows at once
def test_guided_search_overrules_a_bad_policy_on_evidence(moves: tuple[str, ...], expected: str, why: str) -> None:
    """Guided by a random policy, with every cell a candidate, the paired rollouts still find the win or block."""
    state = ttt_after(*moves)
    (player,) = state.active_players()
    for seed in range(3):
        bot = GuidedBot(seed, RandomBot, candidates=9, horizon=9, rounds=40)
        assert bot.choose(state, player) == Action("mark", expected), why
        assert bot.last_rounds == 40


def test_guided_search_keeps_the_policys_choice_without_evidence() -> None:
    """On an empty board every cell draws under perfect play; a policy that always opens in the centre keeps it."""

    class Centre:
        name = "centre"

        def __init__(self, seed: int) -> None:
            self.rng = random.Random(seed)

        def choose(self, state: GameState, player: int) -> Action:
            legal = state.legal_actions(player)
            centre = Action("mark", "b2")
            return centre if centre in legal else self.rng.choice(legal)

    state = new_game(TTT, 2, 0)
    bot = GuidedBot(1, Centre, candidates=2, horizon=9, rounds=4, tolerance=2.0)  # nothing beats a 2.0 margin
    assert bot.choose(state, 0) == Action("mark", "b2")


def test_guided_search_refuses_bad_settings() -> None:
    with pytest.raises(ValueError, match="candidates"):
        GuidedBot(0, RandomBot, candidates=1)


# ----- the big games: a sensible move in a constructed position -------------------------------------------------
@pytest.mark.parametrize(("game", "players", "moves"), [
    ("planet_steam", 2, 12), ("planet_unknown", 2, 6), ("age_of_steam", 3, 6), ("tharos", 2, 4),
])
def test_mcts_strong_picks_one_of_the_heuristics_best_and_replays(game: str, players: int, moves: int) -> None:
    state = greedy_moves(game, players, 3, moves)
    while len(state.legal_actions(state.active_players()[0])) < 2:
        player = state.active_players()[0]
        state.apply(player, state.legal_actions(player)[0])
    player = state.active_players()[0]
    bot = exact(make_bot("mcts-strong", game, 5))
    assert isinstance(bot, GuidedBot) and bot.candidates == GUIDED_SETTINGS[game]["candidates"]
    bot.rounds, bot.horizon = 2, 6  # keep the test quick: the mechanics, not the strength
    before = state.rng.state
    choice = bot.choose(state, player)
    assert state.rng.state == before, "the search drew from the game's generator"
    assert choice in state.legal_actions(player)
    again = exact(make_bot("mcts-strong", game, 5))
    assert isinstance(again, GuidedBot)
    again.rounds, again.horizon = 2, 6
    assert again.choose(state, player) == choice  # same seed, same view: same move


def test_planet_unknown_strong_chooses_among_the_greedy_top_placements() -> None:
    """Hundreds of placements shrink to the heuristic's top few; the search picks one of those."""
    state = greedy_moves("planet_unknown", 2, 8, 0)
    player = state.active_players()[0]
    legal = state.legal_actions(player)
    bot = exact(make_bot("mcts-strong", "planet_unknown", 2))
    assert isinstance(bot, GuidedBot)
    bot.rounds, bot.horizon = 2, 8
    assert isinstance(state, PlanetUnknownState)
    value = GreedyBot(0)._scorer(state, player, state.corps[player])
    kth_best = value(rank_actions(state, player, legal)[bot.candidates - 1])
    assert len(legal) > 100
    assert value(bot.choose(state, player)) >= kth_best - 1e-9  # one of the top few (ties included)


def test_guided_search_does_not_peek_at_planet_unknown_secrets() -> None:
    state = greedy_moves("planet_unknown", 2, 4, 3)
    player = state.active_players()[0]
    other = state.clone()
    for ring, stacks in enumerate(other.stacks):  # type: ignore[attr-defined]
        for index, tiles in enumerate(stacks):  # the order below the visible tops is secret
            hidden = len(tiles) - (1 if tiles and index not in other.taken[ring] else 0)  # type: ignore[attr-defined]
            below = tiles[:hidden]
            random.Random(index).shuffle(below)
            tiles[:hidden] = below
    other.rng = Rng(4321)
    assert other.view(player) == state.view(player) and other.to_json() != state.to_json()
    bots = [GuidedBot(1, GreedyBot, candidates=3, horizon=8, rounds=2) for _ in range(2)]
    assert bots[0].choose(state, player) == bots[1].choose(other, player)


# ----- difficulty levels ---------------------------------------------------------------------------------------------
def test_difficulty_levels_name_existing_kinds_easiest_first() -> None:
    levels = difficulty_levels("planet_steam")
    assert [level["level"] for level in levels] == ["beginner", "easy", "medium", "hard"]
    assert [level["bot"] for level in levels] == ["random", "greedy", "mcts-medium", "mcts-strong"]
    assert [level["name"] for level in levels] == ["Beginner", "Easy", "Medium", "Hard"]
    for level in levels:
        assert make_bot(level["bot"], "planet_steam", 1).name == level["bot"]


def test_a_game_without_greedy_keeps_the_levels_it_can_fill() -> None:
    levels = difficulty_levels(TTT)
    assert [(level["level"], level["bot"]) for level in levels] == [
        ("beginner", "random"), ("easy", "mcts"), ("hard", "mcts-strong")]


def test_age_of_steam_position_value_counts_cash_and_punishes_uncovered_expenses() -> None:
    state = new_game("age_of_steam", 3, 2)
    assert isinstance(state, AgeOfSteamState)
    base = position_value(state, 0)
    richer = state.clone()
    assert isinstance(richer, AgeOfSteamState)
    richer.cash[0] += 10
    assert position_value(richer, 0) == pytest.approx(base + 10 * CASH_POINTS)
    broke = state.clone()
    assert isinstance(broke, AgeOfSteamState)
    broke.cash[0], broke.income[0], broke.shares[0], broke.loco[0] = 0, 0, 4, 1  # $5 a round due, nothing to pay it
    assert position_value(broke, 0) == pytest.approx(broke.scores()[0].total - 5 * DEFICIT_POINTS)
