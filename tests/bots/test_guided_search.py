"""The guided search's budget clock, Age of Steam's candidate ranking and horizon value, and the strength bench's
arithmetic (bench/strength.py). Win rates are measured by the bench (docs/bots.md), never here."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from brassboard.bots import make_bot, seat_seed
from brassboard.bots.guided import GuidedBot
from brassboard.bots.registry import GUIDED_SETTINGS
from brassboard.engine import Action, GameState, new_game
from brassboard.games.age_of_steam.bots import POTENTIAL_POINTS, GreedyBot, position_value, rank_actions
from brassboard.games.age_of_steam.rules import AgeOfSteamState

BENCH = Path(__file__).resolve().parents[2] / "bench"


def strength_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", BENCH / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("strength", module)
    spec.loader.exec_module(module)
    return module


def aos_until(phase: str, seed: int = 3, limit: int = 400, greedy_kind: str | None = None
              ) -> tuple[AgeOfSteamState, int]:
    """Greedy-played Age of Steam (from round 2) until a seat faces a choice in ``phase`` (where greedy chooses an
    action of ``greedy_kind``, if given)."""
    state = new_game("age_of_steam", 3, seed)
    assert isinstance(state, AgeOfSteamState)
    bots = [make_bot("greedy", "age_of_steam", seat_seed(seed, p)) for p in range(3)]
    for _ in range(limit):
        player = state.active_players()[0]
        choice = bots[player].choose(state, player)
        if state.phase == phase and len(state.legal_actions(player)) > 1 and state.round >= 2 \
                and greedy_kind in (None, choice.kind):
            return state, player
        state.apply(player, choice)
    raise AssertionError(f"no {phase} choice within {limit} actions")


class TickClock:
    """A clock that advances one second each time it is read: the budget's arithmetic without real time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_budget_counts_the_clock_it_is_given() -> None:
    """A round read at 2 and 3 (start at 1) leaves 2 + 1 > 2.5 s: the search stops after one round, cap or not."""
    state, player = aos_until("build")
    bot = GuidedBot(1, GreedyBot, candidates=2, horizon=2, rounds=50, time_budget=2.5, clock=TickClock())
    bot.choose(state, player)
    assert bot.last_rounds == 1
    free = GuidedBot(1, GreedyBot, candidates=2, horizon=2, rounds=3, time_budget=None, clock=TickClock())
    free.choose(state, player)
    assert free.last_rounds == 3  # without a budget only the cap stops it


@pytest.mark.parametrize("phase", ["shares", "actions", "build", "move"])
def test_age_of_steam_ranking_puts_greedys_choice_first_and_lists_legal_actions_once(phase: str) -> None:
    state, player = aos_until(phase)
    legal = state.legal_actions(player)
    ranked = rank_actions(state, player, legal)
    assert ranked[0] == GreedyBot().choose(state, player)
    assert len(ranked) == len(set(ranked)) == len(legal) and set(ranked) == set(legal)


def test_age_of_steam_ranking_offers_other_routes_before_arbitrary_builds() -> None:
    """In the build phase the runners-up are the first tiles of greedy's next best routes, then "done"."""
    state, player = aos_until("build", greedy_kind="build")
    legal = state.legal_actions(player)
    bot = GreedyBot()
    budget = max(0, state.cash[player] - max(0, bot._expenses(state, player) - state.income[player]))
    assert state.build is not None
    routes = [r for r in bot.routes(state, player, state.build["builds_left"], budget) if r.value > 0]
    ranked = rank_actions(state, player, legal)
    expected = list(dict.fromkeys([ranked[0], *(r.builds()[0] for r in routes if r.builds()[0] in legal)]))
    assert len(legal) > 20 and len(expected) >= 2
    assert ranked[:len(expected)] == expected


def test_age_of_steam_position_value_counts_the_deliveries_its_network_offers() -> None:
    state, player = aos_until("move")
    bare = (state.scores()[player].total + 0.4 * state.cash[player]
            - 5.0 * max(0, state.shares[player] + state.loco[player] - state.income[player] - state.cash[player]))
    potential = GreedyBot.potential(GreedyBot.best_gains(state, GreedyBot.graph(state, player), state.loco[player],
                                                         GreedyBot.city_colors(state)))
    assert potential > 0  # a move phase with a delivery to make: the network is worth something beyond its score
    assert position_value(state, player) == pytest.approx(bare + POTENTIAL_POINTS * potential)


def test_wilson_interval_matches_known_values() -> None:
    strength = strength_module()
    low, high = strength.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = strength.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert strength._ranges([7000, 7001, 7002, 7005]) == "7000–7002, 7005"


def test_strength_jobs_rotate_seats_and_interleave_pairings() -> None:
    strength = strength_module()
    planned = strength.jobs(["ps", "aos"], 4, 7000, "mcts-strong", "greedy", 5, "v")
    assert [(job["pairing"], job["seed"], job["seat"]) for job in planned] == [
        ("ps", 7000, 0), ("aos", 7000, 0), ("ps", 7001, 1), ("aos", 7001, 1),
        ("ps", 7002, 0), ("aos", 7002, 2), ("ps", 7003, 1), ("aos", 7003, 0)]
    assert {job["rounds"] for job in planned} == {5}


def test_strength_trials_cap_every_searching_seat_and_no_clock_stops_them() -> None:
    """A searching opponent is capped too (at its kind's bench cap: mcts-medium a quarter of mcts-strong's, at
    least 2), so a game between two searches replays exactly; greedy is left as it is."""
    strength = strength_module()
    bench_rounds = int(GUIDED_SETTINGS["planet_unknown"]["bench_rounds"])
    assert strength.cap_of("planet_unknown", None) == bench_rounds
    assert strength.cap_of("planet_unknown", None, "mcts-medium") == max(2, bench_rounds // 4)
    assert strength.cap_of("planet_unknown", 7, "mcts-medium") == 7
    bots = strength.capped_bots("planet_unknown", 2, 7000, 1, "mcts-medium", "mcts-strong", 3)
    assert all(isinstance(bot, GuidedBot) and bot.time_budget is None for bot in bots)
    assert [bot.rounds for bot in bots] == [bench_rounds, 3]
    planned = strength.jobs(["pu"], 2, 7000, "mcts-medium", "mcts-strong", None, "m")
    assert {job["rounds"] for job in planned} == {max(2, bench_rounds // 4)}


@pytest.mark.parametrize("elo", [-300, 0, 120, 500])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_elo_of_a_win_share_inverts_the_models_win_probability(elo: int, players: int) -> None:
    """Two players: Elo's expected score 1 / (1 + 10^(-d/400)); more: Plackett-Luce's first place against
    ``players - 1`` equal opponents, s / (s + players - 1) with s = 10^(d/400). The share gives d back."""
    strength = strength_module()
    ratio = 10 ** (elo / 400)
    share = ratio / (ratio + players - 1)
    if players == 2:
        assert share == pytest.approx(1 / (1 + 10 ** (-elo / 400)))
    assert strength.elo_of_share(share, players) == pytest.approx(elo)
    assert strength.elo_of_share(0.0, players) is None and strength.elo_of_share(1.0, players) is None


def strength_row(pairing: str, kind: str, opponent: str, rounds: int, variant: str, seed: int,
                 won: float) -> dict[str, object]:
    game, players = {"ps": ("planet_steam", 2), "aos": ("age_of_steam", 3)}[pairing]
    return {"pairing": pairing, "game": game, "players": players, "seed": seed, "seat": 0, "kind": kind,
            "opponent": opponent, "rounds": rounds, "variant": variant, "won": won, "winners": [0] if won else [1],
            "scores": [10, 5, 1][:players] if won else [5, 10, 1][:players], "moves": 10, "wall_s_per_move": 0.1,
            "cpu_s_per_move": 0.1, "searched": 0, "rounds_mean": None, "rounds_median": None}


def test_level_elo_counts_todays_bots_against_greedy_only() -> None:
    """Games of an older bot version or another cap, and games against another opponent, are left out; a level
    that never wins is unbounded below, with the Wilson bound as its interval's top."""
    strength = strength_module()
    cap = strength.cap_of("planet_steam", None)
    rows = [strength_row("ps", "mcts-strong", "greedy", cap, "new", 7000 + i, 1.0 if i < 8 else 0.0)
            for i in range(10)]  # 8 of 10 at today's cap, the largest group
    rows += [strength_row("ps", "mcts-strong", "greedy", cap, "old", 7000 + i, 0.0) for i in range(3)]
    rows += [strength_row("ps", "mcts-strong", "greedy", cap + 5, "other cap", 7000 + i, 0.0) for i in range(20)]
    rows += [strength_row("ps", "mcts-medium", "mcts-strong", strength.cap_of("planet_steam", None, "mcts-medium"),
                          "m", 7000, 1.0)]
    rows += [strength_row("ps", "random", "greedy", 0, "b", 7000 + i, 0.0) for i in range(5)]
    rows += [strength_row("aos", "mcts-strong", "greedy", strength.cap_of("age_of_steam", None), "v", 7000 + i,
                          1.0 if i < 5 else 0.0) for i in range(10)]
    table = {(row["pairing"], row["kind"]): row for row in strength.level_elo(rows)}
    assert set(table) == {("ps", "mcts-strong"), ("ps", "random"), ("aos", "mcts-strong")}
    hard = table["ps", "mcts-strong"]
    assert (hard["games"], hard["rate"], hard["elo"]) == (10, 0.8, round(400 * math.log10(4)))
    low, high = strength.wilson(8, 10)
    assert hard["elo95"] == [round(strength.elo_of_share(low, 2)), round(strength.elo_of_share(high, 2))]
    beginner = table["ps", "random"]
    assert beginner["elo"] is None and beginner["elo95"][0] is None and beginner["elo95"][1] < 0
    assert table["aos", "mcts-strong"]["elo"] == round(400 * math.log10(2))  # half the games against two greedy


def test_age_of_steam_greedy_follows_its_plan_as_the_legal_list_would() -> None:
    """The next tile of the planned route, checked alone, is the tile the legal list would have given (or none)."""
    followed = 0
    for seed in (3, 5):
        state = new_game("age_of_steam", 3, seed)
        assert isinstance(state, AgeOfSteamState)
        bots = [GreedyBot() for _ in range(3)]
        while not state.is_over():
            player = state.active_players()[0]
            bot = bots[player]
            if state.phase == "build" and bot.plan and bot.plan_key == (state.round, player):
                step, urbanizing, legal = bot.plan[0], state.may_urbanize(player), state.legal_actions(player)
                planned = bot._planned_build(state, player)
                assert planned == (None if urbanizing or step not in legal else step)
                if planned is not None:
                    followed += 1
                    state.apply(player, planned)
                    continue
            state.apply(player, bot.choose(state, player))
    assert followed > 5


def ps_mid_turn(seed: int = 7005, limit: int = 600) -> tuple[GameState, int]:
    """Greedy-played Planet Steam until a seat's build turn goes on: greedy's choice there is not ``done``."""
    state = new_game("planet_steam", 2, seed)
    bots = [make_bot("greedy", "planet_steam", seat_seed(seed, p)) for p in range(2)]
    for _ in range(limit):
        player = state.active_players()[0]
        choice = bots[player].choose(state, player)
        if choice.kind in ("buy-tank", "buy-converter", "move") and Action("done") in state.legal_actions(player):
            return state, player
        state.apply(player, choice)
    raise AssertionError(f"no build turn within {limit} actions")


@pytest.mark.parametrize("finish_turn", [False, True])
def test_the_turn_end_horizon_starts_counting_once_greedy_ends_the_seats_turn(finish_turn: bool) -> None:
    """With ``finish_turn`` a rollout first plays the seat's turn to its end (greedy's moves), then ``horizon``
    actions; without, the horizon counts from the candidate on (and a turn of free moves eats it)."""
    state, player = ps_mid_turn()
    bot = GuidedBot(1, lambda seed: make_bot("greedy", "planet_steam", seed), horizon=1, finish_turn=finish_turn)
    rolled = state.clone()
    bot._rollout(rolled, player, 5)
    expected = state.clone()
    greedy = make_bot("greedy", "planet_steam", 5 * 31 + player)
    turn = 0
    while finish_turn and player in expected.active_players():
        expected.apply(player, greedy.choose(expected, player))
        turn += 1
    assert turn >= (2 if finish_turn else 0), "the position should leave the seat more than one action of its turn"
    actor = player if player in expected.active_players() else expected.active_players()[0]
    other = greedy if actor == player else make_bot("greedy", "planet_steam", 5 * 31 + actor)
    expected.apply(actor, other.choose(expected, actor))
    assert rolled.view(player) == expected.view(player)
