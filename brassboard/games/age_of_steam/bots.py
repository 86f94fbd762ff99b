"""Age of Steam's own bot. ``greedy``: a fast heuristic player that builds towards paying links.

* shares: keeps enough cash for this round's building and expenses (issues up to 2 a round, 10 in all);
* auction: drops at once (the first to drop pays nothing), unless it holds nothing better to do than pass;
* actions: Locomotive while its engine is short, then First Move, Engineer, First Build, Production, the rest;
* build: values each legal build by what it completes (a link between two stops, more if a cube waiting at one
  end is the colour of the other), keeps its unfinished links alive, and stops when nothing pays for its cost;
* move: the delivery that earns itself the most income (never one that only pays others), else the locomotive.

It draws nothing from the state's generator; its own generator only breaks ties, so a match replays.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

from brassboard.engine import Action, GameState

from .figures import HEX_BY_LABEL, NEIGHBOURS, figures
from .rules import AgeOfSteamState, parse_tracks

ACTION_PREFERENCE = ("first-move", "engineer", "first-build", "production", "turn-order", "urbanization",
                     "first-build", "locomotive")


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int) -> Action:
        assert isinstance(state, AgeOfSteamState)
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        handler: Callable[[AgeOfSteamState, int, list[Action]], Action] = {
            "shares": self._shares, "auction": self._auction, "actions": self._select, "build": self._build,
            "move": self._move,
        }.get(state.phase, lambda s, p, a: a[0])
        return handler(state, player, actions)

    def _reserve(self, state: AgeOfSteamState, p: int) -> int:
        return state.shares[p] + state.loco[p] - state.income[p]

    def _shares(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        need = 12 + max(0, self._reserve(state, p)) - state.cash[p]
        count = max(0, min(2, math.ceil(need / 5)))
        if state.shares[p] + count > 10 or state.round >= state.rounds - 1:
            count = 0
        return Action("issue", count)

    def _auction(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        return Action("drop")

    def _select(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        free = {str(a.args[0]) for a in actions}
        if "locomotive" in free and state.loco[p] < 3:
            return Action("select", "locomotive")
        for choice in ACTION_PREFERENCE:
            if choice in free:
                return Action("select", choice)
        return actions[0]

    def _build(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        reserve = max(0, self._reserve(state, p))
        best, best_value = Action("done"), 0.5
        for action in actions:
            if action.kind != "build":
                continue
            h = HEX_BY_LABEL[str(action.args[0])]
            plan = state.check_build(p, h, parse_tracks(action.args[1]))
            if isinstance(plan, str):
                continue
            value = self._value_build(state, p, plan.hex, plan.tile, plan.placed, plan.redirected) - plan.cost
            if state.cash[p] - plan.cost < reserve:
                value -= 6
            value += self.rng.random() * 0.1
            if value > best_value:
                best, best_value = action, value
        return best

    def _value_build(self, state: AgeOfSteamState, p: int, h: int, tile: dict[str, object],
                     placed: list[tuple[int, ...]], redirected: tuple[int, ...] | None) -> float:
        value = 0.0
        town = bool(tile["town"])
        for track in placed + ([redirected] if redirected else []):
            if town:
                stops = [h, state._walk_out(h, track[0])[1]]
                open_sides = [track[0]] if stops[1] is None else []
            else:
                first, last = state._walk_out(h, track[0])[1], state._walk_out(h, track[1])[1]
                stops = [first, last]
                open_sides = [s for s, stop in zip(track, stops, strict=True) if stop is None]
            ends = [s for s in stops if s is not None]
            if len(ends) == 2:
                value += 9.0
                a, b = ends
                for x, y in ((a, b), (b, a)):
                    color = state.city_color(y)
                    if color:
                        value += 2.5 * min(3, state.cubes.get(x, []).count(color))
                continue
            start = ends[0] if ends else None
            for side in open_sides:  # an open end is worth how near it comes to another stop
                n = NEIGHBOURS[h][side]
                if n < 0:
                    continue
                near = min((d for stop, d in _distances(n).items() if stop != start), default=9)
                value += max(0.0, 4.0 - 1.5 * near) - 1.5  # and costs a marker it must keep extending
        return value

    def _move(self, state: AgeOfSteamState, p: int, actions: list[Action]) -> Action:
        exits = state.exits()
        best: Action | None = None
        best_gain = 0
        for action in actions:
            if action.kind != "move":
                continue
            cur = HEX_BY_LABEL[str(action.args[0])]
            gain = 0
            for side in action.args[2:]:
                link = exits[(cur, int(side))]
                if link.owner == p:
                    gain += 1
                cur = link.stops[1] if link.stops[0] == cur and link.exit_sides[0] == side else link.stops[0]  # type: ignore[assignment]
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        if Action("locomotive") in actions and state.loco[p] < 3 and state.income[p] >= 3:
            return Action("locomotive")
        return Action("pass")


@lru_cache(maxsize=256)
def _distances(origin: int) -> dict[int, int]:
    """Hex steps from ``origin`` to every printed city and town (lakes block), for valuing open track ends."""
    fig = figures()
    stops = set(fig.cities) | set(fig.towns)
    seen, frontier, found, depth = {origin}, [origin], {}, 0
    while frontier and depth <= 6:
        for h in frontier:
            if h in stops:
                found[h] = depth
        nxt = []
        for h in frontier:
            if h in stops and h != origin:
                continue
            for n in NEIGHBOURS[h]:
                if n >= 0 and n not in seen and fig.terrain[n] != "lake":
                    seen.add(n)
                    nxt.append(n)
        frontier, depth = nxt, depth + 1
    return found


BOTS: dict[str, Callable[[int], GreedyBot]] = {"greedy": GreedyBot}
