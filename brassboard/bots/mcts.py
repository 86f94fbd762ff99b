"""A game-agnostic Monte Carlo tree search bot: single-observer information-set MCTS (SO-ISMCTS).

One decision runs a fixed number of iterations, so a bot game replays exactly from its seed; an optional wall-clock
``time_budget`` (``mcts-strong``) may stop it earlier, and only then does a replay depend on the machine. Each
iteration:

1. **Determinize.** Clone the real state, give the clone a fresh generator drawn from the bot's own (so the search
   never sees the real future dice and draws), and let the game re-sample everything the bot's seat cannot see
   (``GameState.determinize``). The search then only ever uses what the seat may know.
2. **Select** down one tree shared by all determinizations. Edges are (player, action); a node's statistics are
   from the perspective of the player whose action led to it. Only children whose action is legal in this
   determinization compete, by UCB1 with *availability* counts (how often a child could have been chosen) in
   place of the parent's visits, as in Cowling, Powley & Whitehouse (2012).
3. **Expand** one untried action, chosen at random, while the node may grow: *progressive widening* lets a node
   that was visited ``n`` times have ``ceil(widening * sqrt(n + 1))`` children, so a bid of 1-40 credits or 300
   tile placements does not swallow the whole budget one child each.
4. **Roll out** uniformly random legal actions until the game ends or ``horizon`` actions (tree and rollout
   together) have been played; cheap and game-agnostic (``GameState.random_playout``, which a game may speed up).
5. **Evaluate and back up.** From ``scores()`` (final, or current at the horizon): per player a win share (1 for
   the sole winner, 1/k for k tied leaders — at the end the game's own ``winners()``, tie-breaks included) and a
   score margin (own total minus the best other total; solo: the total). A node's value mixes the mean win share
   with the mean margin normalised to [0, 1] over the range seen in this search (``win_weight`` sets the mix),
   so the bot plays to win but still prefers winning by more and losing by less.

The move played is the root's most visited child (ties: better value, then the order of the legal actions).

**Simultaneous phases** are serialised: when several players may act, the bot's own seat acts first if it is one of
them, otherwise the lowest active seat. The bot therefore never sees the others' simultaneous choices before its
own (no leak), while opponents below it in the tree see its choice (a slightly pessimistic model).

**Hidden information.** A game that declares ``hidden_information`` must override ``determinize`` (a no-op
override declares that its only secret is the future); otherwise this bot refuses it (:class:`UnsupportedGame`)
instead of silently reading the secrets, and the registry does not offer it for that game.

**Reproducibility.** The search generator of each decision (an :class:`Rng`, which seeds :class:`SearchDraws`)
is seeded from the bot's seed and a hash of the seat's view, so a decision depends only on (seed, what the seat
sees, the positions this bot met before): the same in a replay, and whatever the hidden parts and the real
generator hold.

**Speed** (``bench/bench_mcts.py --yardstick``). One clone per iteration, every action then applied to it in place
with ``GameState.apply_quiet`` (no checks the legal list already guarantees, no events), scores read as
``totals()``; the game's own ``random_playout`` where it has one. The search's random choices come from its own
C-speed generator (:class:`SearchDraws`), not the engine's pure-Python one. A node keeps, per actor, its tried
children and the last visit's split of the legal actions into tried and untried, reused while the legal actions
repeat; in a game without chance or hidden information it also remembers who acts there and their legal actions
(``fixed_positions``), since every visit meets the same position. None of these changes a search's result.

**Loops.** Compound turns can go round in circles (Planet Steam's tank phase: ``move A2 B2`` then ``move B2 A2``), and a
search that is rewarded at a fixed horizon likes a loop that puts the evaluation off. So the bot remembers, per
view it has decided in, the actions it took there; back in the same view it leaves those out (unless nothing else
is left), which breaks any cycle it would otherwise repeat forever. The memory lives in the bot instance (one match).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from dataclasses import dataclass

from brassboard.engine import Action, GameState, Rng, has_determinize

DEFAULT_ITERATIONS = 60
"""Iterations per decision of the ``mcts`` kind, sized so that a decision takes well under a second in Planet Steam
and Planet Unknown on a 2-core dev machine (bench/bench_mcts.py)."""
STRONG_ITERATIONS = 240
STRONG_HORIZON = 30
DEFAULT_HORIZON = 24
"""Actions played per iteration (tree + rollout) before the current scores judge the position."""

_SQRT_LOG: list[float] = [0.0]  # sqrt(log(n)): UCB's exploration numerator, looked up instead of computed
_INV_SQRT: list[float] = [0.0]  # 1 / sqrt(n)
_INV: list[float] = [0.0]  # 1 / n: a float product is cheaper than a float divided by an int


def _grow_tables(n: int) -> None:
    """Extend the UCB tables to cover ``n`` (doubling, so a long search grows them a few times only)."""
    size = max(2 * len(_SQRT_LOG), n + 1, 1024)
    _SQRT_LOG.extend(math.sqrt(math.log(k)) for k in range(len(_SQRT_LOG), size))
    _INV_SQRT.extend(1.0 / math.sqrt(k) for k in range(len(_INV_SQRT), size))
    _INV.extend(1.0 / k for k in range(len(_INV), size))


class SearchDraws(random.Random):
    """The search's own generator for its random choices (new children, rollouts) and the worlds' fresh generators:
    Python's Mersenne Twister, seeded from the search's :class:`Rng`. Drawing from the engine's pure-Python SplitMix64
    cost more than the rest of a tic-tac-toe rollout; this draws just as uniformly (rejection sampling on
    ``getrandbits``) and as reproducibly, in C.
    """

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        value = self.getrandbits(bits)
        while value >= n:
            value = self.getrandbits(bits)
        return value


class UnsupportedGame(ValueError):
    """The game hides information but offers no way to re-sample it: searching it would mean peeking."""


def supports(state_class: type[GameState]) -> bool:
    """Whether the bot can play this game fairly: no hidden information, or a ``determinize`` to re-sample it."""
    return not state_class.info.hidden_information or has_determinize(state_class)


class Node:
    """One node of the search tree; ``actor`` made the move (``action``) that leads here, and the sums are from their
    side.

    A plain class with slots: the search makes one per simulation, and dataclass default factories cost a call each.
    """

    __slots__ = ("action", "actor", "availability", "margin_sum", "moves", "turn", "visits", "win_sum")

    def __init__(self, actor: int = -1, action: Action | None = None, availability: int = 0) -> None:
        self.actor = actor
        self.action = action
        self.visits = 0
        # iterations in which this child was legal when its parent was visited, less the parent's Moves.rounds
        self.availability = availability
        self.win_sum = 0.0
        self.margin_sum = 0.0
        self.moves: dict[int, Moves] = {}  # actor -> the moves that actor tried from here
        # who acts here and their legal actions (none: the game is over), remembered where a node is always the same
        # position: a game without chance or hidden information (MctsBot.search)
        self.turn: tuple[int, list[Action]] | None = None

    def child(self, actor: int, action: Action) -> Node | None:
        moves = self.moves.get(actor)
        return None if moves is None else moves.children.get(action)


class Moves:
    """The children one actor tried from a node, and what the last selection there found: the legal actions it met
    (a private copy), the tried children in their order and the untried actions. A game without hidden information
    or chance meets the same legal actions at a node every time, so selection there is one list comparison and the
    UCB loop.

    ``rounds`` counts the selections in which every child was legal (always, in a game without hidden information or
    chance); they count towards each child's availability through this one number, so a child's availability is its
    ``availability`` plus its parent's ``rounds``.
    """

    __slots__ = ("children", "legal", "nodes", "rounds", "untried")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.legal: list[Action] | None = None
        self.nodes: list[Node] = []
        self.untried: list[Action] = []
        self.rounds = 0

    def sort(self, legal: list[Action]) -> None:
        """Split ``legal`` into the tried children (``nodes``) and the ``untried`` actions."""
        children = self.children
        nodes: list[Node] = []
        untried: list[Action] = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                nodes.append(child)
        self.legal, self.nodes, self.untried = list(legal), nodes, untried


@dataclass(slots=True)
class _MarginRange:
    """The score margins seen in one search, to map a mean margin onto [0, 1]."""

    low: float = math.inf
    high: float = -math.inf

    def include(self, margins: list[float]) -> bool:
        """Widen the range to cover ``margins``; returns whether it changed and is no longer empty."""
        low, high = self.low, self.high
        for margin in margins:
            if margin < low:
                low = margin
            if margin > high:
                high = margin
        if low == self.low and high == self.high:
            return False
        self.low, self.high = low, high
        return high > low

    def normalise(self, margin: float) -> float:
        if self.high <= self.low:
            return 0.5
        return (margin - self.low) / (self.high - self.low)


class MctsBot:
    """SO-ISMCTS with determinization, random rollouts to a horizon and progressive widening (module docstring)."""

    def __init__(self, seed: int = 0, *, iterations: int = DEFAULT_ITERATIONS, horizon: int = DEFAULT_HORIZON,
                 exploration: float = 0.7, widening: float = 2.0, win_weight: float = 0.5,
                 time_budget: float | None = None, name: str = "mcts") -> None:
        if iterations < 1 or horizon < 1:
            raise ValueError("iterations and horizon must be at least 1")
        self.seed = seed
        self.iterations = iterations
        self.horizon = horizon
        self.exploration = exploration
        self.widening = widening
        self.win_weight = win_weight
        self.time_budget = time_budget  # wall seconds per search; None: the iteration count alone (exact replays)
        self.name = name
        self._taken: dict[bytes, list[Action]] = {}  # view digest -> actions already chosen there (loops)
        self._explore_log: list[float] = []  # exploration * sqrt(log(n)) up to the iterations (search())

    def __repr__(self) -> str:
        return f"MctsBot(seed={self.seed}, iterations={self.iterations}, horizon={self.horizon})"

    # ----- the Bot protocol ---------------------------------------------------------------------------------
    def choose(self, state: GameState, player: int) -> Action:
        legal = searchable_legal(state, player, "MCTS")
        if len(legal) == 1:
            return legal[0]
        digest = view_digest(self.seed, state, player)
        taken = self._taken.setdefault(digest, [])
        candidates = [action for action in legal if action not in taken] or legal
        if len(candidates) == 1:
            action = candidates[0]
        else:
            seed = int.from_bytes(hashlib.blake2b(digest + len(taken).to_bytes(4, "big"), digest_size=8).digest())
            root = self.search(state, player, Rng(seed), candidates)
            action = self._best(root, player, candidates)
        taken.append(action)
        return action

    # ----- the search ---------------------------------------------------------------------------------------
    def search(self, state: GameState, observer: int, rng: Rng, root_actions: list[Action] | None = None) -> Node:
        """Run the iterations from ``observer``'s information set; returns the root (its children hold the stats).

        ``root_actions`` limits the observer's first move (default: every legal action). ``rng`` seeds the search's
        own generator (:class:`SearchDraws`) and re-samples the hidden parts (``determinize``).
        """
        root = Node(actor=observer)
        margins = _MarginRange()
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        if len(_SQRT_LOG) <= self.iterations:  # a child's visits and availability never exceed the iterations
            _grow_tables(self.iterations)
        explore = self.exploration
        self._explore_log = [explore * value for value in _SQRT_LOG[:self.iterations + 1]]  # UCB's exploration term
        resample = has_determinize(type(state))  # the default determinize re-samples nothing: skip the call
        fixed = self.fixed_positions(state)
        evaluate = outcome
        margin_scale = 0.0  # no range yet: every margin counts as the middle of it
        draws = SearchDraws(rng.next64())
        for iteration in range(self.iterations):
            if deadline is not None and iteration % 16 == 15 and time.perf_counter() > deadline:
                break
            world = state.clone()  # once per simulation; every action below is applied to it in place
            if world.rng is state.rng:  # a clone must not share the generator, but never reseed the real one
                world.rng = Rng()
            world.rng.state = draws.getrandbits(64)  # the real generator's future stays unknown
            if resample:
                world.determinize(observer, rng)
            path = self._descend(root, world, observer, draws, margin_scale, root_actions, fixed)
            wins, margin_values = evaluate(world)
            if margins.include(margin_values):
                # value = win_weight * mean win + (1 - win_weight) * (mean margin - low) / span; the "- low" part is
                # the same for every child, so UCB ranks by win_weight * win_sum + margin_scale * margin_sum per visit
                margin_scale = (1.0 - self.win_weight) / (margins.high - margins.low)
            root.visits += 1
            for node in path:
                actor = node.actor
                node.visits += 1
                node.win_sum += wins[actor]
                node.margin_sum += margin_values[actor]
        return root

    @staticmethod
    def fixed_positions(state: GameState) -> bool:
        """Whether every visit to a tree node meets the same position: no chance (the same actions from the same
        root give the same position) and no hidden information (every determinization is the real state). Then a
        node remembers who acts there and their legal actions instead of asking the game again."""
        info = state.info
        return not info.chance and not info.hidden_information

    def _descend(self, root: Node, world: GameState, observer: int, rng: SearchDraws, margin_scale: float,
                 root_actions: list[Action] | None, fixed: bool) -> list[Node]:
        """Select and expand in the tree, then roll out; returns the tree nodes visited below the root.

        Actions come from the world's own legal lists, so they are applied with ``apply_quiet`` (no checks, no
        events: the game's fast path where it has one).
        """
        path: list[Node] = []
        node = root
        played = 0
        horizon = self.horizon
        select = self._select
        while played < horizon:  # the tree
            turn = node.turn
            if turn is None:
                if world.is_over():
                    turn = (-1, [])
                else:
                    active = world.active_players()
                    actor = observer if observer in active else active[0]
                    legal = world.legal_actions(actor) if played or root_actions is None else root_actions
                    turn = (actor, legal)
                if fixed:
                    node.turn = turn = (turn[0], list(turn[1]))  # a private copy: the game may reuse its list
            actor, legal = turn
            if not legal:
                break  # the end (or a broken state: judge it as it stands rather than loop)
            node = select(node, actor, legal, rng, margin_scale)
            world.apply_quiet(actor, node.action)  # type: ignore[arg-type]  # only the root has no action
            played += 1
            path.append(node)
            if not node.visits:  # a new leaf: the rollout starts below it
                break
        if played < horizon:  # the rollout: uniformly random legal actions, the game's own loop where it has one
            world.random_playout(rng, horizon - played, observer)
        return path

    def _select(self, node: Node, actor: int, legal: list[Action], rng: SearchDraws, margin_scale: float) -> Node:
        """The child to follow from ``node``: a new one (no visits yet) for an untried action while the node may
        widen, else the best tried one by UCB.

        The hot loop of the search (bench/bench_mcts.py's yardstick): the last visit's sorting of the legal actions
        is reused while they stay the same and the value is inlined (its margin scale comes from search()).
        """
        moves = node.moves.get(actor)
        if moves is None:
            moves = node.moves[actor] = Moves()
        if moves.legal != legal:
            moves.sort(legal)
        untried = moves.untried
        if untried and len(moves.nodes) < math.ceil(self.widening * math.sqrt(node.visits + 1)):
            action = untried.pop(rng.below(len(untried)))
            child = moves.children[action] = Node(actor, action, -moves.rounds)
            moves.nodes.append(child)  # the sorting stays right for the same legal actions: this one is tried now
            return child
        win_weight = self.win_weight  # margin_scale: see search()
        explore_log, inv_sqrt, inv = self._explore_log, _INV_SQRT, _INV  # search() grew them to the iterations
        nodes = moves.nodes
        if len(nodes) == len(moves.children):  # every child is legal here: one round counts for all (Moves.rounds)
            moves.rounds = rounds = moves.rounds + 1
        else:
            rounds = moves.rounds
            for child in nodes:
                child.availability += 1
        best, best_score = nodes[0], -math.inf
        for child in nodes:
            visits = child.visits
            score = (win_weight * child.win_sum + margin_scale * child.margin_sum) * inv[visits] \
                + explore_log[child.availability + rounds] * inv_sqrt[visits]
            if score > best_score:
                best, best_score = child, score
        return best

    def _best(self, root: Node, player: int, legal: list[Action]) -> Action:
        """The most visited legal root action (ties: the better win share, then margin, then the first in ``legal``)."""
        best = legal[0]
        best_key = (-1, -math.inf, -math.inf)
        for action in legal:
            child = root.child(player, action)
            if child is None or child.visits == 0:
                continue
            key = (child.visits, child.win_sum / child.visits, child.margin_sum / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best


def outcome(world: GameState) -> tuple[list[float], list[float]]:
    """Per player: the win share and the score margin (own total minus the best other; solo: the total)."""
    totals = world.totals()
    count = len(totals)
    if count == 2:  # the common case, spelt out (this runs once per simulation)
        first, second = totals
        if world.is_over():
            leaders = world.winners()  # the game's own tie-breaks
            wins = [0.5, 0.5] if len(leaders) == 2 else [1.0, 0.0] if leaders[0] == 0 else [0.0, 1.0]
        else:
            wins = [0.5, 0.5] if first == second else [1.0, 0.0] if first > second else [0.0, 1.0]
        return wins, [float(first - second), float(second - first)]
    if count == 1:
        return [1.0], [float(totals[0])]
    # at the end the game's own tie-breaks decide, so the leaders may differ from the best totals
    return shares_and_margins([float(total) for total in totals], world.winners() if world.is_over() else None)


def shares_and_margins(values: list[float], leaders: list[int] | None = None) -> tuple[list[float], list[float]]:
    """Per player: the win share (split among ``leaders``, by default those with the best value) and the margin, its
    value minus the best other one (solo: the value itself)."""
    count = len(values)
    if count == 1:
        return [1.0], [values[0]]
    best = max(values)
    if leaders is None:
        leaders = [p for p in range(count) if values[p] == best]
    share = 1.0 / len(leaders)
    wins = [share if p in leaders else 0.0 for p in range(count)]
    # the best other value is the best one, except for a sole best, whose best other is the runner-up
    runner_up = best if values.count(best) > 1 else max(value for value in values if value != best)
    return wins, [value - runner_up if value == best else value - best for value in values]


def searchable_legal(state: GameState, player: int, searcher: str) -> list[Action]:
    """The seat's legal actions, once a search may look at them: refused when there are none, or when the game hides
    information without a determinize() (the search would read the secrets)."""
    legal = state.legal_actions(player)
    if not legal:
        raise ValueError(f"player {player} has no legal action to choose from")
    if not supports(type(state)):
        raise UnsupportedGame(
            f"{state.info.name} hides information but has no determinize(): {searcher} would read the secrets")
    return legal


def view_digest(seed: int, state: GameState, player: int) -> bytes:
    """A digest of a bot's seed and the seat's view only: hidden parts and the game's generator stay out."""
    view = json.dumps(state.view(player), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(f"{seed}/{player}/{view}".encode(), digest_size=16).digest()
