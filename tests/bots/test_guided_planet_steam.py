"""Planet Steam's ``mcts-strong`` ends its turns: its free rearrangements (moving a tank or converter, removing a
converter) leave a position's value nearly unchanged, and without the ``evidence`` rule the rollouts' noise made one
of them look better than ending the turn, again and again — 909 actions in one game where greedy needs under 200.
Seed 7005 shuffled even with that rule: a horizon counted in actions favoured every move that keeps the turn (the
seat's own follow-up moves used up the horizon, so less of the opponent's progress was counted); 1,000 actions and
still in one turn. The rollouts now count the horizon from the end of the seat's turn (``finish_turn``).
Whole games at the strength bench's round cap (about a minute each), so behind ``--soak``."""

from __future__ import annotations

import pytest

from brassboard.bots import make_bot, seat_seed
from brassboard.bots.guided import GuidedBot
from brassboard.bots.registry import GUIDED_SETTINGS
from brassboard.engine import new_game

REARRANGEMENTS = ("move", "move-converter", "move-compressor", "remove-converter")


@pytest.mark.soak
@pytest.mark.parametrize(("seed", "seat"), [(7000, 0), (7005, 1)])
def test_strong_bot_does_not_shuffle_its_board_in_a_whole_game(seed: int, seat: int) -> None:
    state = new_game("planet_steam", 2, seed)
    strong = make_bot("mcts-strong", "planet_steam", seat_seed(seed, seat))
    assert isinstance(strong, GuidedBot)
    strong.rounds, strong.time_budget = int(GUIDED_SETTINGS["planet_steam"]["bench_rounds"]), None
    bots = [strong, make_bot("greedy", "planet_steam", seat_seed(seed, 1 - seat))]
    if seat == 1:
        bots.reverse()
    actions = [0, 0]
    shuffles = 0
    while not state.is_over():
        player = state.active_players()[0]
        action = bots[player].choose(state, player)
        actions[player] += 1
        shuffles += player == seat and action.kind in REARRANGEMENTS
        assert actions[seat] < 600, "the strong bot never ends the game"
        state.apply(player, action)
    assert shuffles <= 12, f"{shuffles} rearrangements in one game"
    assert actions[seat] <= 1.5 * actions[1 - seat], actions
