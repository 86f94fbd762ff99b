"""The one bot-game loop (``play_bot_game``): ready-made bots, per-seat measurements, the decision log."""

from __future__ import annotations

from brassboard.bots import make_bot, seat_seed
from brassboard.bots.selfplay import play_bot_game
from brassboard.engine import Action, GameState


class CountingBot:
    """Takes the first legal action and reports, like a search, ``last_rounds``: its number of choices (0 if
    forced), so the rounds the loop records can be checked against the decision log."""

    name = "counting"

    def __init__(self) -> None:
        self.last_rounds = 0

    def choose(self, state: GameState, player: int) -> Action:
        legal = state.legal_actions(player)
        self.last_rounds = len(legal) if len(legal) > 1 else 0
        return legal[0]


def test_ready_made_bots_play_the_game_their_kinds_play() -> None:
    by_kind = play_bot_game("tictactoe", 2, 31, {}, ["random", "mcts"])
    bots = [make_bot(kind, "tictactoe", seat_seed(31, seat)) for seat, kind in enumerate(["random", "mcts"])]
    ready_made = play_bot_game("tictactoe", 2, 31, {}, bots)
    assert ready_made.record.actions == by_kind.record.actions
    assert ready_made.winners == by_kind.winners
    assert ready_made.seats == ["random", "mcts"]  # a ready-made bot is named by its ``name``


def test_per_seat_figures_add_up_to_the_decision_log() -> None:
    result = play_bot_game("tictactoe", 2, 5, {}, [CountingBot(), "random"], log_decisions=True)
    assert result.error is None
    assert [decision.seat for decision in result.decisions] == [seat for seat, _ in result.record.actions]
    for seat in range(2):
        mine = [decision for decision in result.decisions if decision.seat == seat]
        assert result.moves[seat] == len(mine)
        assert result.think_seconds[seat] == sum(decision.wall_seconds for decision in mine)
        assert result.cpu_seconds[seat] == sum(decision.cpu_seconds for decision in mine)
    counted = [decision for decision in result.decisions if decision.seat == 0]
    assert counted[0].choices == 9  # tic-tac-toe opens on an empty board
    assert result.rounds[0] == [decision.choices for decision in counted if decision.choices > 1]
    assert result.rounds[1] == []  # the random bot does not search


def test_without_the_log_no_decisions_are_kept() -> None:
    result = play_bot_game("tictactoe", 2, 5, {}, ["random", "random"])
    assert result.decisions == []
    assert sum(result.moves) == len(result.record.actions)
