"""The MCTS bot: sound tic-tac-toe, full games of the steam games, no peeking, reproducibility, registration.

The determinize hooks themselves are tested with each game (tests/planet_steam/test_determinize.py,
tests/planet_unknown/test_pu_determinize.py). ``pytest --soak`` adds the win-rate runs against random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import pytest

from brassboard.bots import Bot, MctsBot, RandomBot, UnsupportedGame, bot_kinds, make_bot, seat_seed
from brassboard.engine import Action, GameInfo, GameState, Rng, games, new_game, register_game
from brassboard.engine.registry import _MODULES
from brassboard.games.tictactoe.rules import TicTacToeState

TTT = "tictactoe"


def play(game: str, players: int, seed: int, bots: list[Bot], options: Mapping[str, Any] | None = None
         ) -> GameState:
    """One game to the end; checks every bot action is legal and that bots leave the game's generator alone."""
    state = new_game(game, players, seed, options)
    while not state.is_over():
        active = state.active_players()
        player = active[-1]  # the last active seat: a simultaneous phase must not rely on seat order
        before = state.rng.state
        action = bots[player].choose(state, player)
        assert state.rng.state == before, "a bot drew from the game's generator"
        assert action in state.legal_actions(player)
        state.apply(player, action)
    return state


def ttt_after(*cells: str) -> GameState:
    state = new_game(TTT, 2, 0)
    for cell in cells:
        (player,) = state.active_players()
        state.apply(player, f"mark {cell}")
    return state


# ----- tic-tac-toe --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mcts_seat", [0, 1])
def test_tictactoe_mcts_never_loses_to_random(mcts_seat: int) -> None:
    wins = 0
    for game in range(25):
        bots: list[Bot] = [RandomBot(seat_seed(game, seat)) for seat in range(2)]
        bots[mcts_seat] = MctsBot(seat_seed(game, mcts_seat), iterations=300)
        state = play(TTT, 2, game, bots)
        assert state.winners() != [1 - mcts_seat], f"game {game}: MCTS lost"
        wins += state.winners() == [mcts_seat]
    assert wins >= 18  # random blunders a lot: MCTS must punish it


@pytest.mark.parametrize(("moves", "expected", "why"), [
    (("a1", "a2", "b1", "b2"), "c1", "X completes the first row"),
    (("a1", "b2", "c3", "a3"), "c1", "X blocks O's diagonal c1-a3 (a3, b2 held)"),
    (("b2", "a1", "c1", "a2"), "a3", "X wins at a3 (c1-b2-a3), which also blocks column a"),
    (("a1", "b2", "a2"), "a3", "O must block X's column a"),
])
def test_tictactoe_mcts_finds_the_win_or_the_block(moves: tuple[str, ...], expected: str, why: str) -> None:
    state = ttt_after(*moves)
    (player,) = state.active_players()
    for seed in range(5):
        assert MctsBot(seed, iterations=400).choose(state, player) == Action("mark", expected), why


# ----- the steam games ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "options"), [
    ("planet_steam", 2, {"hidden_credits": True}),
    ("planet_unknown", 2, {"events": True, "private_objectives": True}),
])
def test_a_full_game_with_mcts_seats(game: str, players: int, options: dict[str, Any]) -> None:
    bots: list[Bot] = [MctsBot(seat_seed(7, 0), iterations=12, horizon=12), RandomBot(seat_seed(7, 1))]
    state = play(game, players, 7, bots, options)
    assert state.is_over()


def test_planet_unknown_solo_with_mcts() -> None:
    state = play("planet_unknown", 1, 3, [MctsBot(1, iterations=8, horizon=10)])
    assert state.is_over()


def mcts_vs_random(game: str, players: int, games: int, iterations: int,
                   options: Mapping[str, Any] | None = None) -> tuple[int, int]:
    """(MCTS wins, games) with MCTS in a rotating seat against random bots."""
    wins = 0
    for index in range(games):
        seed = 500 + index
        seat = index % players
        bots: list[Bot] = [RandomBot(seat_seed(seed, s)) for s in range(players)]
        bots[seat] = MctsBot(seat_seed(seed, seat), iterations=iterations)
        wins += seat in play(game, players, seed, bots, options).winners()
    return wins, games


@pytest.mark.soak
@pytest.mark.parametrize(("game", "players", "options"), [
    ("planet_steam", 3, {}),
    ("planet_steam", 2, {"hidden_credits": True}),
    ("planet_unknown", 2, {}),
    ("planet_unknown", 3, {"events": True, "private_objectives": True}),
])
def test_mcts_beats_random(game: str, players: int, options: dict[str, Any]) -> None:
    wins, played = mcts_vs_random(game, players, 10, 100, options)
    assert wins >= 8, f"MCTS won {wins}/{played}"


# ----- information: no peeking --------------------------------------------------------------------------------
def advance_to_turn_of(state: GameState, player: int, rng: random.Random, at_least: int,
                       accept: Callable[[GameState], bool] = lambda _s: True) -> None:
    """Random play for ``at_least`` actions, then on until ``player`` has several choices and ``accept`` holds."""
    played = 0
    while True:
        assert not state.is_over()
        active = state.active_players()
        if played >= at_least and player in active and len(state.legal_actions(player)) > 1 and accept(state):
            return
        mover = next((p for p in active if p != player), active[0])
        state.apply(mover, rng.choice(state.legal_actions(mover)))
        played += 1


def test_no_peeking_planet_steam_hidden_credits() -> None:
    state = new_game("planet_steam", 3, 11, {"hidden_credits": True})
    advance_to_turn_of(state, 0, random.Random(1), 30,
                       accept=lambda s: s.agenda[0]["k"] == "bid")  # type: ignore[attr-defined]
    other = state.clone()
    for p in (1, 2):  # richer opponents, above any public floor, and another future
        other.players[p].credits += 17 + p  # type: ignore[attr-defined]
    other.rng = Rng(99)
    assert other.view(0) == state.view(0) and other.to_json() != state.to_json()
    for seed in range(3):
        assert MctsBot(seed, iterations=60).choose(state, 0) == MctsBot(seed, iterations=60).choose(other, 0)


def test_no_peeking_planet_unknown() -> None:
    state = new_game("planet_unknown", 3, 5, {"events": True, "private_objectives": True})
    advance_to_turn_of(state, 1, random.Random(2), 40)
    other = state.clone()
    rng = random.Random(3)
    for ring, stacks in enumerate(other.stacks):  # type: ignore[attr-defined]
        for index, tiles in enumerate(stacks):
            hidden = len(tiles) - (1 if tiles and index not in other.taken[ring] else 0)  # type: ignore[attr-defined]
            below = tiles[:hidden]
            rng.shuffle(below)
            tiles[:hidden] = below
    events = other.event_deck  # type: ignore[attr-defined]
    unpeeked = len(events) - (1 if other.corps[1].peek else 0)  # type: ignore[attr-defined]
    below = events[:unpeeked]
    rng.shuffle(below)
    events[:unpeeked] = below
    # another player's kept objective swapped with one in the deck
    rival = other.corps[0]  # type: ignore[attr-defined]
    deck = other.objective_deck  # type: ignore[attr-defined]
    if rival.objectives and deck:
        rival.objectives[0], deck[-1] = deck[-1], rival.objectives[0]
        rival.objectives.sort()
    other.rng = Rng(1234)
    assert other.view(1) == state.view(1) and other.to_json() != state.to_json()
    for seed in range(2):
        assert MctsBot(seed, iterations=30).choose(state, 1) == MctsBot(seed, iterations=30).choose(other, 1)


# ----- reproducibility ----------------------------------------------------------------------------------------
def test_a_bot_game_replays_from_its_seeds() -> None:
    def record(seed: int) -> list[str]:
        state = new_game("planet_steam", 2, seed, {"hidden_credits": True})
        bots = [MctsBot(seat_seed(seed, seat), iterations=10, horizon=10) for seat in range(2)]
        actions: list[str] = []
        for _ in range(60):
            (player,) = state.active_players()
            action = bots[player].choose(state, player)
            actions.append(str(action))
            state.apply(player, action)
        return actions

    assert record(4) == record(4)
    assert record(4) != record(5)


def test_the_same_view_and_seed_give_the_same_choice_on_a_fresh_bot() -> None:
    state = ttt_after("a1")
    assert len({MctsBot(8, iterations=50).choose(state, 1) for _ in range(3)}) == 1


# ----- loops, simultaneous phases, registration ---------------------------------------------------------------
def test_a_repeated_view_gets_a_different_choice() -> None:
    state = ttt_after("a1", "b2")
    bot = MctsBot(0, iterations=50)
    first = bot.choose(state, 0)
    second = bot.choose(state, 0)  # as if the position had come round again
    assert first != second and second in state.legal_actions(0)


def test_mcts_is_offered_for_every_game() -> None:
    for game in games():
        kinds = bot_kinds(game)
        assert kinds[:3] == ["random", "mcts", "mcts-strong"]
        bot = make_bot("mcts", game, 1)
        assert isinstance(bot, MctsBot) and bot.name == "mcts"
    strong = make_bot("mcts-strong", TTT, 1)
    assert isinstance(strong, MctsBot) and strong.iterations > MctsBot(1).iterations


class SecretTicTacToe(TicTacToeState):
    """Tic-tac-toe that claims to hide information but has no determinize(): MCTS must refuse it."""

    info: ClassVar[GameInfo] = GameInfo(id="secret_tictactoe", name="Secret tic-tac-toe", min_players=2,
                                        max_players=2, hidden_information=True, options=TicTacToeState.info.options)


STATE_CLASS = SecretTicTacToe


def test_a_game_with_secrets_but_no_determinize_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_MODULES, "secret_tictactoe", __name__)
    register_game("secret_tictactoe", __name__)
    assert bot_kinds("secret_tictactoe") == ["random"]
    with pytest.raises(ValueError, match="cannot play secret_tictactoe"):
        make_bot("mcts", "secret_tictactoe", 0)
    state = new_game("secret_tictactoe", 2, 0)
    with pytest.raises(UnsupportedGame, match="no determinize"):
        MctsBot(0).choose(state, 0)


# ----- the search's shortcuts change nothing --------------------------------------------------------------------
def root_stats(bot: MctsBot, state: GameState, player: int) -> list[tuple[str, int, float, float]]:
    root = bot.search(state, player, Rng(3))
    stats = []
    for action in state.legal_actions(player):
        child = root.child(player, action)
        if child is not None:
            stats.append((str(action), child.visits, child.win_sum, child.margin_sum))
    return stats


@pytest.mark.parametrize("moves", [(), ("b2",), ("a1", "b2", "c3")])
def test_remembered_positions_give_the_same_search(moves: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """In a game without chance or hidden information a node remembers its mover and legal actions; asking the game
    again at every visit (what every other game does) must give exactly the same tree."""
    state = ttt_after(*moves)
    (player,) = state.active_players()
    assert MctsBot.fixed_positions(state)
    remembered = root_stats(MctsBot(5, iterations=400), state, player)
    monkeypatch.setattr(MctsBot, "fixed_positions", staticmethod(lambda _state: False))
    assert root_stats(MctsBot(5, iterations=400), state, player) == remembered
    assert sum(visits for _, visits, _, _ in remembered) == 400


def test_positions_are_remembered_only_without_chance_or_secrets() -> None:
    assert MctsBot.fixed_positions(new_game(TTT, 2, 0))
    assert not MctsBot.fixed_positions(new_game("planet_steam", 2, 0))  # dice and draws
    assert not MctsBot.fixed_positions(new_game("age_of_steam", 3, 0))


def test_the_games_own_playout_is_the_generic_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tic-tac-toe's random_playout and apply_quiet are shortcuts: the base class's versions give the same search."""
    state = ttt_after("b2")
    fast = root_stats(MctsBot(2, iterations=300), state, 1)
    monkeypatch.setattr(TicTacToeState, "random_playout", GameState.random_playout)
    monkeypatch.setattr(TicTacToeState, "apply_quiet", GameState.apply_quiet)
    assert root_stats(MctsBot(2, iterations=300), state, 1) == fast


@pytest.mark.parametrize(("values", "leaders", "wins", "margins"), [
    ([7.0], None, [1.0], [7.0]),
    ([3.0, 9.0, 5.0], None, [0.0, 1.0, 0.0], [-6.0, 4.0, -4.0]),
    ([9.0, 9.0, 2.0], None, [0.5, 0.5, 0.0], [0.0, 0.0, -7.0]),
    ([9.0, 9.0, 2.0], [1], [0.0, 1.0, 0.0], [0.0, 0.0, -7.0]),  # the game's tie-break chose seat 1
])
def test_shares_and_margins_split_the_win_among_the_leaders_and_measure_against_the_best_other(
        values: list[float], leaders: list[int] | None, wins: list[float], margins: list[float]) -> None:
    from brassboard.bots.mcts import shares_and_margins

    assert shares_and_margins(values, leaders) == (wins, margins)
