"""Age of Steam's own bot. ``greedy``: a sensible beginner that plans short routes to paying links.

The bot thinks in *deliveries*: a cube at a city and the first city of its colour it can reach over complete links
(no more links than the locomotive allows, each stop once); such a delivery earns the bot one income per link of
its own on the way. Its **potential** is the income of its best deliveries on a graph of links: the best two cubes
in full (two move rounds a turn), the next two at half, the rest a little; cubes on the goods display count,
weighted, as coming to their city.

* **routes**: from every city and from the open end of each of its unfinished links it searches (Dijkstra on
  terrain cost) paths over empty hexes to other cities and towns, at most as many tiles as it may build this turn.
  A route's worth is the potential it adds as a new own link (weighted by the rounds left), a little of what it
  would add with an engine two links longer, one point per tile for the final score, against its cost. When
  nothing completes this turn it starts a route up to three tiles longer whose first part it can pay, and
  finishes it from the open end next turn;
* **shares**: issues a share only when the route its money makes affordable outweighs what the share costs (its
  points and $1 a round), never so many that expenses outrun income by more than a few dollars; in the last round
  only to escape bankruptcy;
* **auction**: bids $1-2 for an early seat only when cash is plentiful; otherwise drops (the first to drop pays
  nothing);
* **actions**: Locomotive when a longer engine adds potential (or early while income carries it), Urbanization
  when a new city on a town of its network makes cubes deliverable, Engineer when a fourth tile makes a better
  route, then First Move, First Build, Production, Turn Order;
* **build**: follows its route tile by tile (town spoke last), re-planning if a build is no longer legal;
* **move**: the delivery earning itself the most (fewest rival links on ties), else the locomotive when a longer
  engine would pay and income carries the extra expense, else pass;
* **production**: a space of a display column whose city lies on its network.

It draws nothing from the state's generator and its choices depend only on the state (and the route it is
following this turn), so a match replays.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from brassboard.engine import Action, GameState

from .figures import HEX_BY_LABEL, NEIGHBOURS, NO_HEX, label, opposite, side_towards
from .links import Link
from .rules import AgeOfSteamState, format_tracks, parse_tracks, tracks_arg
from .track_build import check_build
from .track_build_options import build_action

LONG_EXTRA = 3  # a route started this turn and finished next turn has at most this many tiles more
FAR_WEIGHT = 0.3  # the worth of deliveries a new link opens only for an engine two links longer
SHARE_PENALTY = 0.5  # what a share costs the bot, in the units of a route's value ...
SHARE_PENALTY_PER_ROUND = 0.2  # ... plus this per round left (its $1 expense a round)

Graph = dict[int, list[tuple[int, bool]]]  # stop -> (neighbouring stop, link owned by the bot)


@dataclass
class Route:
    """A new link the bot may build: tiles on ``path`` (empty hexes) from ``source`` (entered through ``entry``)
    to ``target``, and a town spoke at the end when the target is a town (its exits after the build)."""

    source: int
    target: int
    path: list[int]
    entry: int
    cost: int
    tiles: int  # tiles of the whole link once complete (those of an extended stub of the bot's included)
    town_exits: tuple[int, ...] | None = None
    value: float = 0.0

    @property
    def steps(self) -> int:
        return len(self.path) + (self.town_exits is not None)

    def builds(self) -> list[Action]:
        builds: list[Action] = []
        prev_side = self.entry
        for i, h in enumerate(self.path):
            out = side_towards(h, self.path[i + 1] if i + 1 < len(self.path) else self.target)
            track = (min(prev_side, out), max(prev_side, out))
            builds.append(Action("build", label(h), tracks_arg(format_tracks([track], False))))
            prev_side = opposite(out)
        if self.town_exits is not None:
            spoke = format_tracks([(s,) for s in self.town_exits], True)
            builds.append(Action("build", label(self.target), spoke))
        return builds


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the bot has no random choices (ties go to the first candidate)
        # within one decision: routes() by (player, builds, cash), and what a new link adds by (player, stops)
        self._routes_memo: dict[tuple[int, int, int], list[Route]] = {}
        self._gains_memo: dict[tuple[int, int, int], tuple[float, float]] = {}
        self.plan: list[Action] = []
        self.plan_key: tuple[int, int] | None = None

    # ----- dispatch ---------------------------------------------------------------------------------------------
    def choose(self, state: GameState, player: int) -> Action:
        assert isinstance(state, AgeOfSteamState)
        if state.phase == "build":
            planned = self._planned_build(state, player)
            if planned is not None:
                return planned
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        handler: Callable[[AgeOfSteamState, int, list[Action]], Action] = {
            "shares": self._shares, "auction": self._auction, "actions": self._select, "build": self._build,
            "move": self._move, "production": self._produce,
        }.get(state.phase, lambda s, p, a: a[0])
        self._routes_memo = {}
        self._gains_memo = {}
        try:
            choice = handler(state, player, actions)
        finally:
            self._routes_memo, self._gains_memo = {}, {}
        return choice if choice in actions else actions[-1]

    def _planned_build(self, state: AgeOfSteamState, p: int) -> Action | None:
        """The next tile of the route the bot follows this turn, if the rules still allow it, checked alone
        (check_build, written as the legal list writes it) instead of listing every legal build: the same choice
        ``_build`` makes from the list, at a fraction of the cost (most of a build turn follows a plan)."""
        if self.plan_key != (state.round, p) or not self.plan or self.plan[0].kind != "build" \
                or state.may_urbanize(p):
            return None
        step = self.plan[0]
        h = HEX_BY_LABEL.get(str(step.args[0]))
        if h is None:
            return None
        plan = check_build(state, p, h, parse_tracks(str(step.args[1])))
        if isinstance(plan, str) or build_action(h, tuple(plan.tile["tracks"]), plan.tile["town"]) != step:
            return None  # no longer legal (or written otherwise): _build re-plans from the legal list
        self.plan.pop(0)
        return step

    # ----- the bot's picture of the board -------------------------------------------------------------------------
    @staticmethod
    def graph(state: AgeOfSteamState, p: int) -> Graph:
        graph: Graph = {}
        for link in state.links():
            if link.complete:
                a, c = link.stops
                assert a is not None and c is not None
                mine = link.owner == p
                graph.setdefault(a, []).append((c, mine))
                graph.setdefault(c, []).append((a, mine))
        return graph

    @staticmethod
    def city_colors(state: AgeOfSteamState, overrides: dict[int, str] | None = None) -> dict[int, str]:
        colors: dict[int, str] = {}
        for h in list(state.fig.cities) + list(state.new_cities):
            color = state.city_color(h)
            if color:
                colors[h] = color
        colors.update(overrides or {})
        return colors

    @staticmethod
    def best_gains(state: AgeOfSteamState, graph: Graph, loco: int, colors: dict[int, str],
                   weights: dict[int, dict[str, list[float]]] | None = None) -> list[float]:
        """Own links of the best delivery of each cube on the board and (weighted) of each cube coming from the
        goods display; only those that earn the bot something."""
        by_start = GreedyBot.gains_by_start(state, graph, loco, colors, weights, state.cubes)
        return [gain for gains in by_start.values() for gain in gains]

    @staticmethod
    def gains_by_start(state: AgeOfSteamState, graph: Graph, loco: int, colors: dict[int, str],
                       weights: dict[int, dict[str, list[float]]] | None, starts: Iterable[int]
                       ) -> dict[int, list[float]]:
        result: dict[int, list[float]] = {}
        for start in starts:
            gains = result[start] = []
            if start not in graph:
                continue
            cubes = weights[start] if weights is not None else GreedyBot.cube_weights(state, start)
            if not cubes:
                continue
            best: dict[str, int] = {}
            # one search for all colours: a colour stops travelling at the first city of its colour; the stops
            # seen and the colours still travelling are bit sets (ints: the search's hot loop)
            bits = {color: 1 << i for i, color in enumerate(cubes)}
            stack: list[tuple[int, int, int, int, int]] = [(start, 0, 0, 1 << start, (1 << len(bits)) - 1)]
            while stack:
                cur, steps, own, seen, travelling = stack.pop()
                if steps >= loco:
                    continue
                for nxt, mine in graph.get(cur, ()):
                    stop = 1 << nxt
                    if seen & stop:
                        continue
                    gain = own + mine
                    color = colors.get(nxt)
                    onward = travelling
                    bit = bits.get(color, 0) if color is not None else 0
                    if travelling & bit:
                        assert color is not None
                        if gain > best.get(color, 0):
                            best[color] = gain
                        onward = travelling & ~bit
                        if not onward:
                            continue
                    stack.append((nxt, steps + 1, gain, seen | stop, onward))
            for color, counted in cubes.items():
                if best.get(color):
                    gains.extend(best[color] * w for w in counted)
        return result

    @staticmethod
    def near(graph: Graph, ends: tuple[int, int], depth: int) -> set[int]:
        """Stops within ``depth`` links of either end (only their cubes can use a new link between the ends)."""
        seen, frontier = set(ends), list(ends)
        for _ in range(depth):
            frontier = [n for h in frontier for n, _ in graph.get(h, ()) if n not in seen]
            seen.update(frontier)
        return seen

    @staticmethod
    def cube_weights(state: AgeOfSteamState, city: int) -> dict[str, list[float]]:
        """Per colour, the cubes at ``city`` (1 each) and those coming to it from the display (less)."""
        result: dict[str, list[float]] = {}
        for color in state.cubes[city]:
            result.setdefault(color, []).append(1.0)
        for color, weight in GreedyBot.coming(state, city).items():
            result.setdefault(color, []).append(weight)
        return result

    @staticmethod
    def coming(state: AgeOfSteamState, city: int) -> dict[str, float]:
        """Cubes on the goods display that will come to ``city`` (the top one likelier), weighted by odds."""
        slot = state.fig.cities.get(city)
        if slot is not None:
            display_id = ("W" if slot.side == "west" else "E") + str(slot.number)
        else:
            display_id = state.new_cities.get(city, "")
        weights: dict[str, float] = {}
        weight = 0.35
        for color in state.display.get(display_id, []):
            if color is not None:
                weights[color] = weights.get(color, 0.0) + weight
                weight *= 0.5
        return weights

    @staticmethod
    def potential(gains: list[float]) -> float:
        ranked = sorted(gains, reverse=True)
        return sum(ranked[:2]) + 0.5 * sum(ranked[2:4]) + 0.15 * sum(ranked[4:10])

    def _value(self, state: AgeOfSteamState, p: int, graph: Graph, loco: int,
               colors: dict[int, str] | None = None) -> float:
        return self.potential(self.best_gains(state, graph, loco, colors or self.city_colors(state)))

    @staticmethod
    def _plan_loco(state: AgeOfSteamState, p: int) -> int:
        return min(6, state.loco[p] + (1 if state.loco[p] < 3 else 0))

    def _rounds_left(self, state: AgeOfSteamState) -> int:
        return state.rounds - state.round + 1

    # ----- routes -------------------------------------------------------------------------------------------------
    def routes(self, state: AgeOfSteamState, p: int, builds: int, cash: int) -> list[Route]:
        """Candidate routes, each valued; the bot's best is the first (remembered while one decision lasts)."""
        key = (p, builds, cash)
        if key not in self._routes_memo:
            self._routes_memo[key] = self._routes(state, p, builds, cash)
        return self._routes_memo[key]

    def _routes(self, state: AgeOfSteamState, p: int, builds: int, cash: int) -> list[Route]:
        fig = state.fig
        stops = set(fig.cities) | set(state.new_cities) | set(fig.towns)
        graph = self.graph(state, p)
        loco = self._plan_loco(state, p)
        far = min(6, loco + 2)
        colors = self.city_colors(state)
        weights = {city: self.cube_weights(state, city) for city in state.cubes}
        base_by = self.gains_by_start(state, graph, loco, colors, weights, state.cubes)
        far_by = self.gains_by_start(state, graph, far, colors, weights, state.cubes)
        base = self.potential([x for v in base_by.values() for x in v])
        base_far = self.potential([x for v in far_by.values() for x in v])
        rounds_left = self._rounds_left(state)
        weight = min(3.0, 0.8 * (rounds_left - 1)) + 0.5
        sources: list[tuple[int, int, int, int]] = []  # (source stop, first hex, its entry side, tiles so far)
        for city in list(fig.cities) + list(state.new_cities):
            for side, n in enumerate(NEIGHBOURS[city]):
                if n != NO_HEX and self._free(state, n):
                    sources.append((city, n, opposite(side), 0))
        for link in state.links():
            if link.owner == p and not link.complete and link.stops[0] is not None:
                h, t = link.tracks[-1]
                track = state.tiles[h]["tracks"][t]
                for s in track:
                    n = NEIGHBOURS[h][s]
                    if n != NO_HEX and state._connection(h, s)[0] == "open" and self._free(state, n):
                        sources.append((link.stops[0], n, opposite(s), len(link.tracks)))
        gains = self._gains_memo  # what a new own link between two stops adds
        found: dict[tuple[int, int, int], Route] = {}
        for source, first, entry, done in sources:
            for route in self._search(state, source, first, entry, builds, stops):
                if route.cost > cash:
                    continue
                route.tiles += done
                pair = (p, min(route.source, route.target), max(route.source, route.target))
                if pair not in gains:
                    g = dict(graph)
                    g[route.source] = [*g.get(route.source, []), (route.target, True)]
                    g[route.target] = [*g.get(route.target, []), (route.source, True)]
                    ends = (route.source, route.target)
                    gains[pair] = (self._with_link(state, g, loco, colors, weights, base_by, ends) - base,
                                   self._with_link(state, g, far, colors, weights, far_by, ends) - base_far)
                gain, gain_far = gains[pair]
                # deliveries it opens now, and (a little) those a longer engine would open: a growing network
                route.value = gain * weight + FAR_WEIGHT * gain_far + 0.35 * route.tiles - route.cost * 0.3
                if gain <= 0 and gain_far <= 0:
                    route.value -= 2.0
                key = (route.source, route.target, route.steps)
                old = found.get(key)
                if old is None or route.value > old.value:
                    found[key] = route
        return sorted(found.values(), key=lambda r: (-r.value, r.cost))

    def _with_link(self, state: AgeOfSteamState, graph: Graph, loco: int, colors: dict[int, str],
                   weights: dict[int, dict[str, list[float]]], before: dict[int, list[float]],
                   ends: tuple[int, int]) -> float:
        """The potential on ``graph`` (the bot's graph plus a new link between ``ends``): only the cities near
        the new link are searched again."""
        changed = [h for h in self.near(graph, ends, loco - 1) if h in before]
        after = {**before, **self.gains_by_start(state, graph, loco, colors, weights, changed)}
        return self.potential([x for v in after.values() for x in v])

    @staticmethod
    def _free(state: AgeOfSteamState, h: int) -> bool:
        if state.is_city(h) or state.fig.terrain[h] == "lake":
            return False
        return h not in state.tiles or state.is_town(h)

    def _search(self, state: AgeOfSteamState, source: int, first: int, entry: int, builds: int,
                stops: set[int]) -> list[Route]:
        """Cheapest paths of empty hexes from ``first`` (entered through ``entry``) to each stop they reach."""
        fig = state.fig
        costs = fig.costs
        if state.is_town(first):  # the route is just the town's spoke
            return [r for r in [self._route(state, source, [], entry, first, entry, 0)] if r]
        start_cost = costs[fig.terrain[first]]
        heap: list[tuple[int, int, int]] = [(start_cost, 1, first)]
        best: dict[int, tuple[int, int]] = {first: (start_cost, 1)}
        parent: dict[int, int] = {}
        routes: list[Route] = []
        seen_targets: set[int] = set()
        while heap:
            cost, steps, h = heapq.heappop(heap)
            if best.get(h) != (cost, steps):
                continue
            for side, n in enumerate(NEIGHBOURS[h]):
                if n in (NO_HEX, source) or fig.terrain[n] == "lake":
                    continue
                if n in stops:
                    if n not in seen_targets and not (h == first and side == entry):
                        path = self._path(parent, first, h)
                        route = self._route(state, source, path, entry, n, opposite(side), cost)
                        if route is not None and route.steps <= builds:
                            seen_targets.add(n)
                            routes.append(route)
                    continue
                if n in state.tiles or steps >= builds:
                    continue
                ncost = cost + costs[fig.terrain[n]]
                if n not in best or (ncost, steps + 1) < best[n]:
                    best[n] = (ncost, steps + 1)
                    parent[n] = h
                    heapq.heappush(heap, (ncost, steps + 1, n))
        return routes

    @staticmethod
    def _path(parent: dict[int, int], first: int, last: int) -> list[int]:
        path = [last]
        while path[-1] != first:
            path.append(parent[path[-1]])
        return path[::-1]

    @staticmethod
    def _route(state: AgeOfSteamState, source: int, path: list[int], entry: int, target: int, arrival: int,
               cost: int) -> Route | None:
        """The route along ``path`` into ``target`` (reached through its side ``arrival``); None if impossible."""
        if not state.is_town(target):
            return Route(source, target, path, entry, cost, len(path))
        tile = state.tiles.get(target)
        exits = {t[0] for t in tile["tracks"]} if tile else set()
        if arrival in exits or len(exits) >= 4:
            return None
        costs = state.fig.costs
        extra = costs["town_replacement"] if tile else costs["town_base"] + costs["town_per_exit"]
        return Route(source, target, path, entry, cost + extra, len(path) + 1, tuple(sorted(exits | {arrival})))

    def _best_route(self, state: AgeOfSteamState, p: int, builds: int, cash: int,
                    legal: set[Action] | None = None) -> Route | None:
        for route in self.routes(state, p, builds, cash):
            if route.value > 0 and (legal is None or route.builds()[0] in legal):
                return route
        return None

    # ----- shares, auction, actions -------------------------------------------------------------------------------
    def _expenses(self, state: AgeOfSteamState, p: int) -> int:
        return state.shares[p] + state.loco[p]

    def _shares(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        cash, income = state.cash[p], state.income[p]
        expenses = self._expenses(state, p)
        last = state.round >= state.rounds
        room = int(state.fig.game["shares"]["max"]) - state.shares[p]
        # each share issued must pay for itself: the best route its money makes affordable gains more than the
        # share costs (3 points at the end and $1 a round); expenses not covered by income are kept back
        shortfall = max(0, expenses - income)
        rounds_left = self._rounds_left(state)
        cap = max(0, income + 4 + (2 if state.round <= 2 else 0) - expenses)
        if shortfall and rounds_left > 2:
            cap = 3  # losing money already: only new income saves the company, so it may fund a route
        count = 0
        if not last:
            routes = [r for r in self.routes(state, p, 3, 10**6) if r.value > 0]
            penalty = SHARE_PENALTY + SHARE_PENALTY_PER_ROUND * rounds_left
            best = -math.inf
            for k in range(min(cap, 3, room) + 1):
                budget = cash + 5 * k - shortfall - k
                value = max((r.value for r in routes if r.cost <= budget), default=0.0) - k * penalty
                if value > best + 1e-9:
                    count, best = k, value
        # avoid bankruptcy: what income and cash cannot cover is paid by shares ($5 in, $1 more due)
        deficit = expenses + count - income - (cash + 5 * count)
        if deficit > 0:
            count = min(room, count + math.ceil(deficit / 4))
        return Action("issue", max(0, min(count, room)))

    def _auction(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        auction = state.auction
        assert auction is not None
        spare = state.cash[p] - max(0, self._expenses(state, p) - state.income[p]) - 8
        bid = auction["high_bid"] + 1
        if bid <= 2 and bid <= spare and state.round < state.rounds and Action("bid", bid) in actions:
            return Action("bid", bid)
        return Action("drop")

    def _select(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        score = self.select_scores(state, p, actions)
        choice = max(sorted(score), key=lambda a: score[a])
        return Action("select", choice)

    def select_scores(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> dict[str, float]:
        """The worth of each free special action (its name -> score; the bot selects the highest)."""
        free = {str(a.args[0]) for a in actions}
        graph = self.graph(state, p)
        loco = state.loco[p]
        score: dict[str, float] = {"first-move": 1.0, "first-build": 0.8, "production": 0.4, "turn-order": 0.3,
                                   "urbanization": 0.0, "engineer": 0.5, "locomotive": -1.0}
        if loco < 6:
            now = self._value(state, p, graph, loco)
            longer = self._value(state, p, graph, loco + 1)
            affordable = state.income[p] + 2 >= self._expenses(state, p) or state.round == 1
            if longer > now or (affordable and loco < 3 and state.round <= 2):
                score["locomotive"] = 2.0 + (longer - now)
        if "urbanization" in free:
            gain, _ = self._urbanize_choice(state, p)
            if gain > 0:
                score["urbanization"] = 1.5 + gain
        if "engineer" in free and state.cash[p] >= 6:
            four = self._best_route(state, p, 4, state.cash[p])
            three = self._best_route(state, p, 3, state.cash[p])
            if four and (three is None or four.value > three.value + 0.5):
                score["engineer"] = 1.8
        return {name: score.get(name, 0.0) for name in free}

    def _urbanize_choice(self, state: AgeOfSteamState, p: int) -> tuple[float, Action | None]:
        """The best new city: on a town of the links it can use, or at the end of a route it could build this
        turn (valued with that route as its own link, less the route's cost)."""
        if not state.new_city_supply:
            return 0.0, None
        graph = self.graph(state, p)
        loco = self._plan_loco(state, p)
        base = self._value(state, p, graph, loco)
        options: list[tuple[int, Graph, float]] = [(h, graph, 0.0) for h in sorted(graph) if state.is_town(h)]
        reserve = max(0, self._expenses(state, p) - state.income[p])
        builds = state.build_limit(p) if state.phase == "build" else 3
        for route in self.routes(state, p, builds, max(0, state.cash[p] - reserve)):
            if state.is_town(route.target) and route.town_exits is not None:
                g = dict(graph)
                g[route.source] = [*g.get(route.source, []), (route.target, True)]
                g[route.target] = [*g.get(route.target, []), (route.source, True)]
                options.append((route.target, g, 0.3 * route.cost))
        best, choice = 0.0, None
        letters = {state.fig.new_city_colors[letter]: letter for letter in reversed(state.new_city_supply)}
        for town, g, cost in options:
            for color, letter in sorted(letters.items()):
                gain = self._value(state, p, g, loco, self.city_colors(state, {town: color})) - base - cost
                if gain > best:
                    best, choice = gain, Action("urbanize", letter, label(town))
        return best, choice

    # ----- build --------------------------------------------------------------------------------------------------
    def _build(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        b = state.build
        assert b is not None
        if state.may_urbanize(p):
            _, choice = self._urbanize_choice(state, p)
            if choice is not None and choice in actions:
                return choice
        key = (state.round, p)
        if self.plan_key == key and self.plan:
            step = self.plan[0]
            if step in actions:
                self.plan.pop(0)
                return step
        self.plan, self.plan_key = [], key
        reserve = max(0, self._expenses(state, p) - state.income[p])
        budget = max(0, state.cash[p] - reserve)
        route = self._best_route(state, p, b["builds_left"], budget, set(actions))
        if route is not None:
            builds = route.builds()
            self.plan = builds[1:]
            return builds[0]
        if state.round < state.rounds and b["builds_left"] == state.build_limit(p):
            # nothing completes this turn: start a longer route (finished from its open end next turn)
            long = self._long_route(state, p, b["builds_left"], budget, set(actions))
            if long is not None:
                builds = long.builds()[:b["builds_left"]]
                self.plan = builds[1:]
                return builds[0]
        return Action("done")


    def _long_route(self, state: AgeOfSteamState, p: int, builds: int, budget: int,
                    legal: set[Action]) -> Route | None:
        """The best route of up to three tiles more than this turn allows whose first part is affordable now
        (and the rest with next round's income)."""
        costs, terrain = state.fig.costs, state.fig.terrain
        for route in self.routes(state, p, builds + LONG_EXTRA, budget + max(0, state.income[p])):
            if route.steps <= builds:
                continue
            first = sum(costs[terrain[h]] for h in route.path[:builds])
            if first <= budget and route.value > 0 and route.builds()[0] in legal:
                return route
        return None

    # ----- move, production ---------------------------------------------------------------------------------------
    def _move(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        exits = state.exits()
        best: Action | None = None
        best_gain = 0.0
        for action in actions:
            if action.kind != "move":
                continue
            gain = self.delivery_gain(exits, p, action)
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        loco = state.loco[p]
        if Action("locomotive") in actions and state.round < state.rounds:
            graph = self.graph(state, p)
            if self._value(state, p, graph, loco + 1) > self._value(state, p, graph, loco) \
                    and state.income[p] >= self._expenses(state, p) - 2:
                return Action("locomotive")
        return Action("pass")

    @staticmethod
    def delivery_gain(exits: dict[tuple[int, int], Link], p: int, action: Action) -> float:
        """Own links a delivery runs over, less a little for each rival's (income for a rival)."""
        cur = HEX_BY_LABEL[str(action.args[0])]
        gain = 0.0
        for side in action.args[2:]:
            link = exits[(cur, int(side))]
            if link.owner == p:
                gain += 1
            elif link.owner is not None:
                gain -= 0.1
            dest = link.stops[1] if link.stops[0] == cur and link.exit_sides[0] == side else link.stops[0]
            assert dest is not None
            cur = dest
        return gain

    def _produce(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        graph = self.graph(state, p)
        fig = state.fig
        for action in actions:
            display_id = str(action.args[0]).split(".")[0]
            if display_id[0] in "WE" and display_id[1:].isdigit():
                city = fig.city_by_slot[("west" if display_id[0] == "W" else "east", int(display_id[1:]))]
                if city in graph:
                    return action
        return actions[0]


def rank_actions(state: GameState, player: int, legal: list[Action]) -> list[Action]:
    """The legal actions, best first by greedy's judgement, for the guided search's candidates (``mcts-strong``):
    the alternatives greedy itself weighed rather than a random sample of thousands of builds.

    Shares: greedy's count, then the counts nearest it (fewer first); auction: greedy's bid or drop, then the
    other; actions: by greedy's scores; build: urbanization, then the first tile of each route by its value
    (one per route: a route's tiles are one plan), then a longer route's, then done; move: deliveries by own
    links earned, then locomotive, then pass; the rest in the legal order after greedy's choice."""
    assert isinstance(state, AgeOfSteamState)
    bot = GreedyBot()
    ranked: list[Action] = [bot.choose(state, player)]
    phase = state.phase
    if phase == "shares":
        chosen = int(ranked[0].args[0]) if ranked[0].kind == "issue" else 0
        ranked += sorted(legal, key=lambda a: (abs(int(a.args[0]) - chosen), int(a.args[0]))
                         if a.kind == "issue" and a.args else (99, 0))
    elif phase == "actions":
        score = bot.select_scores(state, player, legal)
        ranked += [Action("select", name) for name in sorted(score, key=lambda n: -score[n])]
    elif phase == "build" and state.build is not None:
        reserve = max(0, bot._expenses(state, player) - state.income[player])
        budget = max(0, state.cash[player] - reserve)
        builds_left = state.build["builds_left"]
        routes = bot.routes(state, player, builds_left, budget)
        ranked += [route.builds()[0] for route in routes if route.value > 0]
        long = bot._long_route(state, player, builds_left, budget, set(legal))
        if long is not None:
            ranked.append(long.builds()[0])
        ranked.append(Action("done"))
    elif phase == "move":
        exits = state.exits()
        deliveries = [a for a in legal if a.kind == "move"]
        ranked += sorted(deliveries, key=lambda a: -bot.delivery_gain(exits, player, a))
        ranked += [Action("locomotive"), Action("pass")]
    ranked += legal
    legal_set = set(legal)
    unique: list[Action] = []
    seen: set[Action] = set()
    for action in ranked:
        if action in legal_set and action not in seen:
            seen.add(action)
            unique.append(action)
    return unique


CASH_POINTS = 0.4  # a dollar at hand, in final points: it builds track that raises income (a share: $5 for 3 points)
DEFICIT_POINTS = 5.0  # each dollar of expenses that cash and income cannot pay: the road to bankruptcy
POTENTIAL_POINTS = 1.5
"""Each unit of greedy's potential (own links on the best deliveries the network offers now, two cubes in full):
income the coming move phases likely bring, each income 3 points at the end; half counted (rivals take cubes
too). It lets a horizon short of the move phase see what a new link or a longer engine is worth."""


def position_value(state: GameState, p: int) -> float:
    """What a position short of the end is worth to ``p`` for the search (``mcts-strong``): the final score as it
    stands (income, track, shares), plus cash, minus the expenses that income and cash no longer cover, plus the
    deliveries its network and engine offer (greedy's potential) while move phases remain."""
    assert isinstance(state, AgeOfSteamState)
    total = state.scores()[p].total
    if state.eliminated[p]:
        return float(total) - 100.0
    deficit = max(0, state.shares[p] + state.loco[p] - state.income[p] - state.cash[p])
    value = total + CASH_POINTS * state.cash[p] - DEFICIT_POINTS * deficit
    if POTENTIAL_POINTS and not state.is_over():
        potential = GreedyBot.potential(GreedyBot.best_gains(state, GreedyBot.graph(state, p), state.loco[p],
                                                             GreedyBot.city_colors(state)))
        value += POTENTIAL_POINTS * potential
    return value


BOTS: dict[str, Callable[[int], GreedyBot]] = {"greedy": GreedyBot}

__all__ = ["BOTS", "GreedyBot", "parse_tracks", "position_value", "rank_actions"]
