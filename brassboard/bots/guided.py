"""``mcts-strong`` where a game has a hand-written ``greedy`` bot: Monte Carlo search guided by that bot.

Random rollouts make a search myopic and, in Age of Steam, bankrupt (a random company issues shares until it goes
under), so the generic search loses to the hand-written bots. This bot searches *around* the greedy bot instead:

1. **Candidates.** The greedy bot's own choice first, then the best others by the game's ranking
   (``rank_actions(state, player, legal)`` in the game's ``bots`` module, the greedy heuristic's order), else the
   choices greedy makes under other tie-break seeds, else a sample of the legal actions; ``candidates`` of them.
   Thousands of placements or builds thus shrink to the few the heuristic thinks best (a top-k by prior).
2. **Paired rollouts.** Each round determinizes one world from what the seat can know
   (``GameState.determinize``, with a generator drawn from the bot's own, never the real one), then plays every
   candidate in a copy of that same world — same dice, same draws, same rollout seeds — and lets greedy bots play
   every seat for ``horizon`` actions. Common random numbers make the comparison of candidates a paired one: the
   luck of the world cancels out of the difference.
3. **Judge** at the horizon (or the end) by the win share and score margin of :func:`~brassboard.bots.mcts.outcome`
   (the margin normalised over the range this decision saw); where the game's ``bots`` module has
   ``position_value(state, player)`` (Tharos: greedy's value, engine and threats counted), that judges a position
   short of the end instead of the bare score. The greedy choice keeps the move unless another candidate's mean
   paired gain exceeds ``tolerance`` — and, with ``evidence`` > 0, stands that many standard errors clear of zero
   (games where a budget buys only a few rounds: a lucky round must not overrule the heuristic).
4. **Turn-end horizon** (``finish_turn``, for games whose turns hold free rearrangements: Planet Steam moves tanks
   and converters at no cost). A horizon counted in actions favours any action that keeps the turn: the seat's own
   follow-up moves use up the horizon, so less of the opponents' progress is counted by its end. Planet Steam's bot
   once moved tanks for hundreds of actions in one turn, each move "winning" its rollouts that way. With
   ``finish_turn`` the rollout first lets greedy end the seat's turn, then counts the horizon, so every candidate
   is judged at the same point of the game.

It stops at ``rounds`` complete rounds or before a round that would take it past ``time_budget`` seconds of wall
time (whichever first; at least one round; ``clock`` says what a second is: bench/bench_mcts.py --calibrate counts
CPU seconds so that a busy machine does not shrink the measure). Without a budget the bot is deterministic: its
generator is seeded from its seed and the seat's view only.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable

from brassboard.engine import Action, GameState, Rng

from .base import Bot, BotFactory
from .mcts import outcome, searchable_legal, shares_and_margins, view_digest

TURN_END_LIMIT = 500
"""At most this many actions to end the seat's turn in a rollout (greedy ends it long before; a bound all the same)."""
Ranker = Callable[[GameState, int, list[Action]], list[Action]]
"""A game's ``rank_actions``: the legal actions, best first by its greedy heuristic."""
Valuer = Callable[[GameState, int], float]
"""A game's ``position_value``: what a position is worth to a player, its engine counted (greedy's judgement)."""


class GuidedBot:
    """Greedy-guided Monte Carlo search over the heuristic's top candidates (module docstring)."""

    def __init__(self, seed: int, policy: BotFactory, *, rank: Ranker | None = None,
                 position_value: Valuer | None = None, candidates: int = 4,
                 horizon: int = 40, rounds: int = 24, time_budget: float | None = None, win_weight: float = 0.5,
                 tolerance: float = 0.02, evidence: float = 0.0, finish_turn: bool = False,
                 name: str = "mcts-strong",
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if candidates < 2 or horizon < 1 or rounds < 1:
            raise ValueError("candidates must be at least 2, horizon and rounds at least 1")
        self.seed = seed
        self.policy = policy
        self.rank = rank
        self.position_value = position_value
        self.candidates = candidates
        self.horizon = horizon
        self.rounds = rounds
        self.time_budget = time_budget
        self.win_weight = win_weight
        self.tolerance = tolerance
        self.evidence = evidence
        self.finish_turn = finish_turn
        self.name = name
        self.clock = clock  # what ``time_budget`` counts: wall time; bench's calibration passes CPU time
        self._met: dict[bytes, int] = {}  # view digest -> times this bot decided there (a fresh seed each time)
        self.last_rounds = 0  # rounds the last search completed (bench and tests read it)

    def __repr__(self) -> str:
        return (f"GuidedBot(seed={self.seed}, candidates={self.candidates}, horizon={self.horizon}, "
                f"rounds={self.rounds}, time_budget={self.time_budget})")

    def choose(self, state: GameState, player: int) -> Action:
        legal = searchable_legal(state, player, "the search")
        self.last_rounds = 0
        if len(legal) == 1:
            return legal[0]
        digest = view_digest(self.seed, state, player)
        met = self._met.get(digest, 0)
        self._met[digest] = met + 1
        rng = Rng(int.from_bytes(hashlib.blake2b(digest + met.to_bytes(4, "big"), digest_size=8).digest()))
        start = self.clock()
        known = self._world(state, player, rng)  # the greedy bots below see only what the seat can know
        # the greedy bots chose in a determinized copy: keep what is legal here too (it should all be: same view)
        options = [action for action in self._candidates(known, player, legal, rng) if action in legal] or legal[:1]
        if len(options) == 1:
            return options[0]
        return self._search(state, player, options, rng, start)

    # ----- candidates -------------------------------------------------------------------------------------------
    def _world(self, state: GameState, player: int, rng: Rng) -> GameState:
        world = state.clone()
        world.rng = Rng(state=rng.next64())  # the real generator's future stays unknown
        world.determinize(player, rng)
        return world

    def _candidates(self, known: GameState, player: int, legal: list[Action], rng: Rng) -> list[Action]:
        options: list[Action] = [self.policy(rng.below(1 << 30)).choose(known.clone(), player)]
        if self.rank is not None:
            for action in self.rank(known, player, legal):
                if len(options) >= self.candidates:
                    break
                if action not in options:
                    options.append(action)
        else:
            for _ in range(self.candidates):  # other tie-breaks of the heuristic, until one repeats
                action = self.policy(rng.below(1 << 30)).choose(known.clone(), player)
                if action in options:
                    break  # a heuristic without (further) ties: its choice is made, no more calls to pay for
                options.append(action)
                if len(options) >= self.candidates:
                    break
            rest = [action for action in legal if action not in options]
            while rest and len(options) < self.candidates:
                options.append(rest.pop(rng.below(len(rest))))
        return options

    # ----- paired rollouts --------------------------------------------------------------------------------------
    def _search(self, state: GameState, player: int, options: list[Action], rng: Rng, start: float) -> Action:
        wins: list[list[float]] = [[] for _ in options]
        margins: list[list[float]] = [[] for _ in options]
        done = 0
        while done < self.rounds:
            round_start = self.clock()
            world = self._world(state, player, rng)
            rollout_seed = rng.below(1 << 30)
            for index, action in enumerate(options):
                trial = world.clone()
                trial.apply(player, action)
                self._rollout(trial, player, rollout_seed)
                win, margin = self._evaluate(trial)
                wins[index].append(win[player])
                margins[index].append(margin[player])
            done += 1
            now = self.clock()
            # stop before a round that would overrun the budget (as long as the last one), not after it
            if self.time_budget is not None and now - start + (now - round_start) > self.time_budget:
                break
        self.last_rounds = done
        low = min(min(m) for m in margins)
        high = max(max(m) for m in margins)
        spread = high - low if high > low else 1.0
        values = [[self.win_weight * win + (1 - self.win_weight) * (margin - low) / spread
                   for win, margin in zip(wins[i], margins[i], strict=True)] for i in range(len(options))]
        best = 0  # the heuristic's choice, unless the rollouts say clearly otherwise
        best_gain = self.tolerance
        for index in range(1, len(options)):
            gains = [mine - heuristic for mine, heuristic in zip(values[index], values[0], strict=True)]
            gain = sum(gains) / done
            if gain <= best_gain:
                continue
            if self.evidence > 0:  # the paired gain must stand ``evidence`` standard errors clear of zero
                if done < 2:
                    continue
                spread_of_gain = math.sqrt(sum((g - gain) ** 2 for g in gains) / (done - 1))
                if gain < self.evidence * spread_of_gain / math.sqrt(done):
                    continue
            best, best_gain = index, gain
        return options[best]

    def _evaluate(self, world: GameState) -> tuple[list[float], list[float]]:
        """Win shares and margins: by the game's ``position_value`` at the horizon where it has one, else scores."""
        if self.position_value is None or world.is_over():
            return outcome(world)
        return shares_and_margins([self.position_value(world, p) for p in range(world.num_players)])

    def _rollout(self, world: GameState, observer: int, seed: int) -> None:
        bots: dict[int, Bot] = {}

        def move(actor: int) -> None:
            bot = bots.get(actor)
            if bot is None:
                bot = bots[actor] = self.policy(seed * 31 + actor)
            world.apply(actor, bot.choose(world, actor))

        if self.finish_turn:  # greedy ends the seat's turn first (it ends turns: each of its moves must gain)
            for _ in range(TURN_END_LIMIT):
                if world.is_over() or observer not in world.active_players():
                    break
                move(observer)
        for _ in range(self.horizon):
            if world.is_over():
                return
            active = world.active_players()
            move(observer if observer in active else active[0])
