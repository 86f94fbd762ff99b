"""Planet Steam's own bots. ``greedy``: a heuristic player with one-step lookahead in every step kind.

The bot values a position as the final wealth it would score now (credits, goods at the exchange price, zones,
tanks, compressors, luxury quarters) plus the production its tanks can still deliver: this round's under the energy
and freighter room it has, and each later round's with goods sold off and energy bought at the going price.
Each decision compares its options by that value:

* auctions: a specialist card is worth its privilege in credits (Engineer 15, the airship's extra goods for the
  bot's own tanks, ...); the bot raises by one while the best card is worth more than the worst it would be left
  with, and never stakes more than a quarter of its credits. In a zone auction it bids up to the zone's end
  points plus a share of its production value (the claim step brings a zone each round anyway).
* claims: a zone is worth its 25 end credits plus what a tank there adds (neighbouring own zones make synergy,
  rivers save energy); a roll is valued as half the target and half the best of the zones it may fall back to.
* the tank phase: it activates when the build it would make is worth more than the two waters activation costs
  (the water paid and the water a decline brings), then repeats the best affordable purchase or reorganisation
  (single actions, a tank with its converter, a whole synergy group converted) while it gains value. While
  rounds remain, credits below a small cushion count a little extra, so it does not spend itself to nothing.
* production: the subset of tanks that maximises the value of the goods that fit minus the energy spent.
* the exchange: it keeps what the next tank phase and the certificate step need (1 quartz + 1 ore for luxury
  quarters, 2 quartz + ore + water for a compressor, energy for the tanks, water to activate and buy tanks), buys
  what is missing while it pays, sells the rest, and in the last round sells where the price is about to fall.
* certificates: luxury quarters whenever possible (50 credits for 1 quartz + 1 ore), else it sells a permit it
  cannot use.

It draws nothing from the state's generator; its own generator only breaks exact ties, so a match replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from brassboard.engine import Action, GameState

from .figures import ENERGY, ORE, QUARTZ, RES_INDEX, RESOURCES, WATER, Figures
from .rules import NEUTRAL, NO_CONVERTER, UNCLAIMED, PlanetSteamState, Step

EPSILON = 0.5          # a build step must gain at least this much value
BID_SHARE = 0.25       # never stake more than this share of one's credits on a specialist card
FUTURE_WEIGHT = 0.85   # later rounds' production is less certain than this round's (prices fall as all produce)
LIQUIDITY = 0.3        # the extra worth of each credit below the cushion while rounds remain
CASH_CUSHION = 30
ANCHOR = 0.25          # weight of the scale's start price in the price expected for later rounds


class _Holdings:
    """One player's tanks and stores as the build planner changes them (the state itself is never touched)."""

    __slots__ = ("comp", "credits", "freighter", "goods", "out")

    def __init__(self, state: PlanetSteamState, player: int) -> None:
        pl = state.players[player]
        self.credits = pl.credits
        self.goods = pl.goods[:]
        self.freighter = pl.freighter[:]
        self.out: dict[int, int] = {}
        self.comp: set[int] = set()
        for z in state.tanks_of(player):
            if state.toppled[z]:
                continue
            self.out[z] = state.output(z)
            if state.compressor[z]:
                self.comp.add(z)

    def copy(self) -> _Holdings:
        other = _Holdings.__new__(_Holdings)
        other.credits = self.credits
        other.goods = self.goods[:]
        other.freighter = self.freighter[:]
        other.out = dict(self.out)
        other.comp = set(self.comp)
        return other


class _Valuer:
    """Values of goods and of production for one player at one moment of the game."""

    def __init__(self, state: PlanetSteamState, player: int) -> None:
        fig = state.fig
        self.fig: Figures = fig
        self.price = [float(p) for p in state.price]
        # later rounds: today's price drifts back towards the scale's start price, and every producer floods it
        self.future = [FUTURE_WEIGHT * (ANCHOR * scale.price_start + (1 - ANCHOR) * p)
                       for scale, p in zip(fig.scales, self.price, strict=True)]
        scoring = fig.scoring
        if fig.edition == "2008":
            self.tank_points = scoring["zone_with_tank"] - scoring["zone_without_tank"]
            self.zone_points = scoring["zone_without_tank"]
        else:
            self.tank_points = scoring["tank"]
            self.zone_points = scoring["zone"]
        self.compressor_points = scoring["compressor"]
        self.rounds_left = rounds_left(state)
        self.produce_now = state.phase in ("setup", "expansion", "tanks", "production")
        self.later_rounds = self.rounds_left - (1 if self.produce_now else 0)
        self.airship = state.airship_row if self.produce_now else 0
        self.free_water = fig.free_water_zones
        self.rows = [fig.row_of(z) for z in range(len(fig.zone_names))]
        # the independent freighter's free places (the same for every resource): room beyond the own freighter
        pl = state.players[player]
        self.extra_room = state.room(player, WATER) - max(0, state.capacity(player, WATER) - pl.goods[WATER])

    # ----- production ---------------------------------------------------------------------------------------
    def output(self, out: dict[int, int], comp: set[int], using: Iterable[int], airship: int) -> tuple[int, list[int]]:
        """Energy needed and goods made by the tanks ``using`` (the rules' production, on a hypothetical layout)."""
        used = using if isinstance(using, set) else set(using)
        neighbours = self.fig.neighbours
        rows = self.rows
        free_water = self.free_water
        energy = 0
        total = [0, 0, 0, 0]
        seen: set[int] = set()
        for z in used:
            res = out[z]
            made = 2
            if z in comp:
                made += 1
            if airship and rows[z] == airship:
                made += 1
            if res != ENERGY and not (res == WATER and z in free_water):
                energy += 1
            if z not in seen:  # a new group: every tank makes 1, a group of n adds n - 1 (2 per tank, -1 a group)
                made -= 1
                seen.add(z)
                frontier = [z]
                while frontier:
                    cur = frontier.pop()
                    for nb in neighbours[cur]:
                        if nb not in seen and nb in used and out[nb] == res:
                            seen.add(nb)
                            frontier.append(nb)
            total[res] += made
        return energy, total

    def best_use(self, out: dict[int, int], comp: set[int], energy_held: int | None, room: Sequence[int],
                 values: Sequence[float], airship: int) -> tuple[float, set[int]]:
        """The most valuable set of tanks to run and its value (goods that fit, less the energy burnt).

        ``energy_held`` None: energy can be bought (later rounds) and is only a cost. The search starts from all
        tanks and idles, one at a time, the energy-burning tank whose idling gains most (or, short of energy,
        loses least), which is exact in the common cases and cheap.
        """
        if not out:
            return 0.0, set()
        held = energy_held is not None
        energy_value = values[ENERGY]

        def value(using: set[int]) -> tuple[float, int, list[int]]:
            energy, made = self.output(out, comp, using, airship)
            total = -energy * energy_value
            for r in range(4):
                fits = room[r] + (energy if held and r == ENERGY else 0)
                total += (made[r] if made[r] < fits else fits) * values[r]
            return total, energy, made

        current = set(out)
        best, energy, made = value(current)
        free_water = self.free_water
        burners = {z for z in current if out[z] != ENERGY and not (out[z] == WATER and z in free_water)}
        while burners:
            feasible = not held or energy <= energy_held  # type: ignore[operator]
            if feasible:
                capped = {r for r in range(4) if made[r] > room[r] + (energy if held and r == ENERGY else 0)}
                candidates = [z for z in burners if out[z] in capped or values[out[z]] < energy_value]
            else:
                candidates = list(burners)
            if not candidates:
                break
            pick: tuple[float, int, list[int]] | None = None
            pick_zone = -1
            for z in candidates:
                trial = value(current - {z})
                if pick is None or trial[0] > pick[0]:
                    pick, pick_zone = trial, z
            assert pick is not None
            if feasible and pick[0] <= best + 1e-9:
                break
            current.discard(pick_zone)
            burners.discard(pick_zone)
            best, energy, made = pick
        if held and energy > energy_held:  # type: ignore[operator]
            return 0.0, set()
        return best, current

    def room(self, h: _Holdings) -> list[int]:
        cap = self.fig.capacity
        return [max(0, cap[r][h.freighter[r] - 1] - h.goods[r]) + self.extra_room for r in range(4)]

    def capacity(self, h: _Holdings) -> list[int]:
        cap = self.fig.capacity
        return [cap[r][h.freighter[r] - 1] for r in range(4)]

    def production_value(self, h: _Holdings) -> float:
        """This round's production (if still to come) plus the later rounds'."""
        total = 0.0
        if self.produce_now and h.out:
            now, _ = self.best_use(h.out, h.comp, h.goods[ENERGY], self.room(h), self.price, self.airship)
            total += now
        if self.later_rounds > 0 and h.out:
            later, _ = self.best_use(h.out, h.comp, None, self.capacity(h), self.future, 0)
            total += self.later_rounds * later
        return total

    def wealth(self, h: _Holdings) -> float:
        """What ``h`` adds to the final score: credits, goods, tanks, compressors and future production."""
        goods = sum(h.goods[r] * self.price[r] for r in range(4))
        cash: float = h.credits
        if self.later_rounds > 0:  # credits in hand buy goods and bids next round: a little extra worth
            cash += LIQUIDITY * min(h.credits, CASH_CUSHION)
        return (cash + goods + self.tank_points * len(h.out) + self.compressor_points * len(h.comp)
                + self.production_value(h))


def rounds_left(state: PlanetSteamState) -> int:
    """Rounds still to play, the current one included."""
    return state.fig.rounds - state.round + 1


def _zone(state: PlanetSteamState, name: object) -> int:
    return state.fig.zone(str(name))


def _burns_energy(state: PlanetSteamState, zone: int) -> bool:
    """Whether the tank on ``zone`` pays 1 energy to produce (energy converters and free water do not)."""
    conv = state.converter[zone]
    if conv == ENERGY:
        return False
    return not (conv == NO_CONVERTER and zone in state.fig.free_water_zones)


def _converter_allowed(state: PlanetSteamState, zone: int, res: int) -> bool:
    """The advanced river restriction: no quartz or ore converter on a river zone."""
    return not (state.options["river_restriction"] and zone in state.fig.rivers and res in (QUARTZ, ORE))


def _is_planet_steam(state: GameState) -> PlanetSteamState:
    if not isinstance(state, PlanetSteamState):
        raise TypeError(f"the Planet Steam bot cannot play {type(state).__name__}")
    return state


class GreedyBot:
    """A heuristic Planet Steam player: sensible, fast (a few milliseconds a decision) and always legal."""

    name = "greedy"

    def __init__(self, seed: int = 0, *, strict: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.strict = strict  # tests: raise instead of falling back when a heuristic picks an illegal action
        self._plan: list[tuple[tuple[object, ...], Action]] = []

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: GameState, player: int) -> Action:
        ps = _is_planet_steam(state)
        legal = ps.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        step = ps.agenda[0]
        handler: Callable[[PlanetSteamState, int, Step, list[Action]], Action] | None = getattr(
            self, "_step_" + step["k"], None)
        action = handler(ps, player, step, legal) if handler is not None else None
        if action is not None and step["k"] == "produce" and not ps.production_refusal(player, action):
            return action  # its own idle set: valid even where the list holds another set with the same result
        if action is None or action not in legal:
            if self.strict:
                raise AssertionError(f"greedy chose {action} at {step['k']}, not among {legal[:8]} ...")
            return self._fallback(legal)
        return action

    def _fallback(self, legal: list[Action]) -> Action:
        for kind in ("pass", "done", "decline", "produce"):
            for a in legal:
                if a[0] == kind:
                    return a
        return legal[0]

    def _best(self, scored: Iterable[tuple[float, Action]]) -> Action | None:
        """The highest scored action; exact ties are broken by the bot's own generator."""
        best: list[Action] = []
        top = -float("inf")
        for score, action in scored:
            if score > top + 1e-9:
                top, best = score, [action]
            elif score > top - 1e-9:
                best.append(action)
        if not best:
            return None
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # ----- set-up ---------------------------------------------------------------------------------------------
    def _step_setup_upgrade(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action:
        return Action("upgrade", "water")  # water: cheap goods made in bulk; the rules suggest it for a first game

    def _step_river_neutral(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        return self._best((self._blocking(s, p, _zone(s, a[1])), a) for a in legal)

    def _step_draft(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        own = [a for a in legal if a[0] == "place"]
        if own:
            scores = self._zone_scores(s, p)
            return self._best((scores[_zone(s, a[1])], a) for a in own)
        return self._best((self._blocking(s, p, _zone(s, a[1])), a) for a in legal)

    def _blocking(self, s: PlanetSteamState, p: int, z: int) -> float:
        """How much a neutral marker on ``z`` hurts the others more than it hurts ``p``."""
        theirs = mine = 0
        for nb in s.fig.neighbours[z]:
            if s.owner[nb] == p:
                mine += 1
            elif s.owner[nb] >= 0:
                theirs += 1
        return theirs - 2 * mine + (0.5 if z in s.fig.free_water_zones else 0.0)

    # ----- zones ----------------------------------------------------------------------------------------------
    def _zone_scores(self, s: PlanetSteamState, p: int, zones: Iterable[int] | None = None) -> dict[int, float]:
        """A zone's worth to ``p`` in credits: its end value plus what a tank there can make (synergy, river)."""
        v = _Valuer(s, p)
        rounds = max(0, v.rounds_left - (0 if s.phase in ("setup", "expansion") else 1))
        unit = sum(v.future) / 4
        energy = v.future[ENERGY]
        result = {}
        if zones is None:
            zones = [z for z, o in enumerate(s.owner) if o in (UNCLAIMED, NEUTRAL)]
        for z in zones:
            mine = tanks = free = 0
            for nb in s.fig.neighbours[z]:
                owner = s.owner[nb]
                if owner == p:
                    mine += 1
                    tanks += 1 if s.tank[nb] else 0
                elif owner == UNCLAIMED:
                    free += 1
            potential = unit * (1.2 * mine + 0.3 * tanks + 0.25 * free)
            if z in s.fig.free_water_zones:
                potential += energy
            result[z] = v.zone_points + rounds * potential
        return result

    def _roll_value(self, s: PlanetSteamState, z: int, scores: dict[int, float]) -> float:
        fallback = [scores[d] for d in s.diversions(z) if d in scores]
        failed = max(fallback) if fallback else float(s.fig.costs["failed_claim_compensation"])
        return 0.5 * scores[z] + 0.5 * failed

    def _step_claim(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        scores = self._zone_scores(s, p)
        permit_worth = float(s.fig.costs["permit_sale"])
        options: list[tuple[float, Action]] = []
        for a in legal:
            if a[0] != "claim":
                continue
            z = _zone(s, a[1])
            how = a[2]
            if how == "roll":
                options.append((self._roll_value(s, z, scores), a))
            elif how == "choice":
                options.append((scores[z], a))
            else:
                options.append((scores[z] - permit_worth, a))
        if not options:
            return Action("pass")
        best = self._best(options)
        return best

    def _step_divert(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        scores = self._zone_scores(s, p, [_zone(s, a[1]) for a in legal])
        return self._best((scores[_zone(s, a[1])], a) for a in legal)

    def _step_speculate(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        scores = self._zone_scores(s, p, [_zone(s, a[1]) for a in legal])
        return self._best((scores[_zone(s, a[1])], a) for a in legal)

    # ----- auctions -------------------------------------------------------------------------------------------
    def _card_values(self, s: PlanetSteamState, p: int) -> dict[int, float]:
        """Each free specialist card's worth to ``p`` in credits."""
        values = {}
        taken = set(s.cards)
        n = s.num_players
        for i, (number, specialists) in enumerate(s.fig.cards):
            if i in taken:
                continue
            values[number] = sum(self._specialist_value(s, p, name) for name in specialists) + (n - number) * 1.0
        return values

    def _specialist_value(self, s: PlanetSteamState, p: int, name: str) -> float:
        v = _Valuer(s, p)
        pl = s.players[p]
        if name == "lady_steam":
            return 3.0
        if name == "speculator":
            free = any(o == UNCLAIMED for o in s.owner)
            return 6.0 if free and pl.markers > 1 and v.rounds_left > 1 else 2.0
        if name == "airship_captain":
            rows: dict[int, float] = {}
            for z in s.tanks_of(p):
                row = s.fig.row_of(z)
                rows[row] = rows.get(row, 0.0) + v.price[s.output(z)]
            return max(rows.values(), default=0.0)
        if name == "engineer":
            return float(s.fig.costs["engineer_credits"])
        if name == "banker":
            room = [s.room(p, r) for r in range(4)]
            take = max((v.price[r] for r in range(4) if room[r] > 0), default=0.0)
            return max(take, 0.5 * (v.price[ORE] + v.price[ENERGY]))
        return 0.0

    def _step_bid(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        high = step["high"]
        pl = s.players[p]
        what = step["what"]
        if what == "specialist":
            values = self._card_values(s, p)
            worth = max(values.values()) - min(values.values())
            limit = min(worth, BID_SHARE * pl.credits)
        elif what == "zone":
            z = step["zone"]
            score = self._zone_scores(s, p, [z])[z]
            points = _Valuer(s, p).zone_points
            # the claim step gives a zone each round anyway: an extra one is worth its points and a little more
            limit = min(points + 0.3 * (score - points), 0.4 * pl.credits)
            if "speculator" in s.specialists_of(p):
                limit *= 2  # the speculator pays half
        else:  # the independent freighter: a little extra room for two rounds
            limit = min(4.0, 0.1 * pl.credits)
        bid = Action("bid", high + 1)
        if high + 1 <= limit and bid in legal:
            return bid
        if Action("pass") in legal:
            return Action("pass")
        return bid if bid in legal else min((a for a in legal if a[0] == "bid"), key=lambda a: int(a[1]))

    def _step_pick(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        values = self._card_values(s, p)
        return self._best((values.get(int(a[1]), 0.0), a) for a in legal)

    def _step_engineer(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action:
        # a permit only beats the credits once free zones run short and a neutral marker can be replaced
        free = sum(1 for o in s.owner if o == UNCLAIMED)
        neutral = any(o == NEUTRAL for o in s.owner)
        if free < s.num_players and neutral and s.players[p].markers > 0:
            return Action("engineer", "permit")
        return Action("engineer", "credits")

    def _step_banker(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        v = _Valuer(s, p)
        h = _Holdings(s, p)
        base = v.wealth(h)
        options: list[tuple[float, Action]] = []
        for a in legal:
            res = RES_INDEX[str(a[2])]
            other = h.copy()
            if a[1] == "upgrade":
                other.freighter[res] += 1
            elif s.room(p, res) > 0:
                other.goods[res] += 1
            options.append((v.wealth(other) - base, a))
        return self._best(options)

    def _step_bonus(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        need = self._needs(s, p)
        pl = s.players[p]
        options = []
        for a in legal:
            r = RES_INDEX[str(a[1])]
            worth = s.price[r] if s.room(p, r) > 0 else 0.0
            if pl.goods[r] < need[r]:
                worth += 3
            options.append((worth, a))
        return self._best(options)

    def _step_order(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        # trade first what the bot holds most of (it sells before the others push the price down)
        pl = s.players[p]
        return self._best((pl.goods[RES_INDEX[str(a[2])]] * s.price[RES_INDEX[str(a[2])]] / int(a[1]), a)
                          for a in legal)

    def _step_manipulate(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        if not step["mode"]:
            return Action("manipulate", "weak") if Action("manipulate", "weak") in legal else legal[0]
        goods = s.players[p].goods
        ups = [a for a in legal if a[0] == "shift" and a[2] == "up"]
        if ups:  # raise what the bot holds most of
            return self._best((goods[RES_INDEX[str(a[1])]] + 0.01 * s.price[RES_INDEX[str(a[1])]], a) for a in ups)
        if Action("done") in legal:
            return Action("done")
        # the card must be used: lower what the bot holds least of
        downs = [a for a in legal if a[0] == "shift"]
        return self._best((-goods[RES_INDEX[str(a[1])]] * s.price[RES_INDEX[str(a[1])]], a) for a in downs)

    def _step_sabotage(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        totals = [score.total for score in s.scores()]
        return self._best(((totals[int(a[1])] if a[0] == "sabotage" else 0.0), a) for a in legal)

    def _step_topple(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        v = _Valuer(s, p)
        h = _Holdings(s, p)
        options = []
        for a in legal:
            z = _zone(s, a[1])
            other = h.copy()
            other.out.pop(z, None)
            other.comp.discard(z)
            options.append((v.production_value(other), a))
        return self._best(options)

    def _step_airship(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        gain = [0.0] * (s.fig.rows + 1)
        rival: list[dict[int, float]] = [{} for _ in range(s.fig.rows + 1)]
        for z, owner in enumerate(s.owner):
            if owner < 0 or not s.tank[z] or s.toppled[z]:
                continue
            row = s.fig.row_of(z)
            worth = float(s.price[s.output(z)])
            if owner == p:
                gain[row] += worth
            else:
                rival[row][owner] = rival[row].get(owner, 0.0) + worth
        return self._best((gain[int(a[1])] - 0.5 * max(rival[int(a[1])].values(), default=0.0), a) for a in legal)

    def _step_freighter_keep(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action:
        if Action("keep") in legal and s.freighter_deposit <= 3:
            return Action("keep")
        return Action("release")

    # ----- tank phase -----------------------------------------------------------------------------------------
    def _step_activate(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        if Action("activate") not in legal:
            relief = [a for a in legal if a[0] == "relief"]
            if relief:  # 2008 emergency relief: give up the cheapest converter
                return min(relief, key=lambda a: self._converter_cost(s, a))
            return Action("decline")
        trial = s.clone()
        trial.apply(p, Action("activate"))
        plan: list[tuple[tuple[object, ...], Action]] = []
        while trial.agenda and trial.agenda[0]["k"] == "build" and trial.agenda[0]["p"] == p and len(plan) < 60:
            actions = trial.legal_actions(p)
            choice = self._plan_build(trial, p, actions)
            if choice not in actions:
                choice = Action("done")
            plan.append((self._fingerprint(trial, p), choice))
            trial.apply(p, choice)
        declined = s.clone()
        declined.apply(p, Action("decline"))
        after = _Valuer(trial, p).wealth(_Holdings(trial, p))
        without = _Valuer(declined, p).wealth(_Holdings(declined, p))
        self._plan = plan  # the build steps that follow replay this plan while the state matches it
        return Action("activate") if after > without + EPSILON else Action("decline")

    def _converter_cost(self, s: PlanetSteamState, a: Action) -> int:
        if len(a) < 2:
            return 0
        conv = s.converter[_zone(s, a[1])]
        return 0 if conv == NO_CONVERTER else int(s.fig.costs["converter"][RESOURCES[conv]])

    @staticmethod
    def _fingerprint(s: PlanetSteamState, p: int) -> tuple[object, ...]:
        pl = s.players[p]
        return (p, s.round, pl.credits, tuple(pl.goods), tuple(pl.freighter), tuple(s.owner), tuple(s.tank),
                tuple(s.converter), tuple(s.compressor), s.track, tuple(s.stock.values()))

    def _step_build(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action:
        """The first action of the most valuable affordable plan, or ``done``."""
        if self._plan:
            fingerprint, planned = self._plan.pop(0)
            if fingerprint == self._fingerprint(s, p) and planned in legal:
                return planned
            self._plan = []
        return self._plan_build(s, p, legal)

    def _plan_build(self, s: PlanetSteamState, p: int, legal: list[Action]) -> Action:
        v = _Valuer(s, p)
        h = _Holdings(s, p)
        base = v.wealth(h)
        costs = s.fig.costs
        converter_stock = {r: s.stock[RESOURCES[r] + "_converters"] for r in (QUARTZ, ORE, ENERGY)}
        conv_credits = {r: int(costs["converter"][RESOURCES[r]]) for r in (QUARTZ, ORE, ENERGY)}
        best_gain = EPSILON
        best: Action = Action("done")
        tank_kinds = ("buy-tank", "import")
        legal_set = set(legal)

        def pay(holding: _Holdings, cost: dict[str, int], extra: int = 0) -> bool:
            holding.credits -= extra + cost.get("credits", 0)
            for key, amount in cost.items():
                if key != "credits":
                    holding.goods[RES_INDEX[key]] -= amount
            return holding.credits >= 0 and min(holding.goods) >= 0

        def consider(first: Action, holding: _Holdings) -> None:
            nonlocal best_gain, best
            gain = v.wealth(holding) - base
            if gain > best_gain + 1e-9:
                best_gain, best = gain, first

        def allowed(z: int, res: int) -> bool:
            return res == WATER or _converter_allowed(s, z, res)

        for a in legal:
            kind = a[0]
            if kind == "done":
                continue
            if kind in tank_kinds:
                z = _zone(s, a[1])
                after = h.copy()
                ok = (pay(after, costs["market_tank"], s.tank_price()) if kind == "buy-tank"
                      else pay(after, costs["import_tank"]))
                if not ok:
                    continue
                after.out[z] = WATER
                consider(a, after)
                for res in (QUARTZ, ORE, ENERGY):  # the tank with a converter
                    if converter_stock[res] > 0 and allowed(z, res) and after.credits >= conv_credits[res]:
                        fitted = after.copy()
                        fitted.credits -= conv_credits[res]
                        fitted.out[z] = res
                        consider(a, fitted)
            elif kind == "buy-converter":
                z, res = _zone(s, a[1]), RES_INDEX[str(a[2])]
                after = h.copy()
                after.credits -= conv_credits[res]
                after.out[z] = res
                consider(a, after)
                # the whole group of neighbouring tanks converted alike (synergy needs one kind per group)
                group = self._group(s, h, z)
                if len(group) > 1:
                    todo = [g for g in group if h.out[g] != res and allowed(g, res)]
                    if len(todo) <= converter_stock[res] and len(todo) > 1:
                        whole = h.copy()
                        whole.credits -= conv_credits[res] * len(todo)
                        if whole.credits >= 0:
                            for g in todo:
                                whole.out[g] = res
                            consider(a, whole)
            elif kind == "buy-compressor":
                z = _zone(s, a[1])
                after = h.copy()
                if pay(after, costs["compressor"]):
                    after.comp.add(z)
                    consider(a, after)
            elif kind == "upgrade":
                res = RES_INDEX[str(a[1])]
                after = h.copy()
                if pay(after, costs["freighter_upgrade"]):
                    after.freighter[res] += 1
                    consider(a, after)
            elif kind == "move":
                src, dst = _zone(s, a[1]), _zone(s, a[2])
                after = h.copy()
                after.out[dst] = after.out.pop(src)
                if src in after.comp:
                    after.comp.discard(src)
                    after.comp.add(dst)
                consider(a, after)
            elif kind == "move-converter":
                src, dst = _zone(s, a[1]), _zone(s, a[2])
                after = h.copy()
                after.out[src], after.out[dst] = h.out[dst], h.out[src]
                consider(a, after)
            elif kind == "remove-converter":
                z = _zone(s, a[1])
                after = h.copy()
                after.out[z] = WATER
                consider(a, after)
            elif kind == "move-compressor":
                src, dst = _zone(s, a[1]), _zone(s, a[2])
                after = h.copy()
                after.comp.discard(src)
                after.comp.add(dst)
                consider(a, after)
        return best if best in legal_set else Action("done")

    def _group(self, s: PlanetSteamState, h: _Holdings, z: int) -> list[int]:
        """The tanks of ``h`` connected to ``z`` through neighbouring tanks (whatever they make)."""
        group, frontier, seen = [z], [z], {z}
        while frontier:
            cur = frontier.pop()
            for nb in s.fig.neighbours[cur]:
                if nb in h.out and nb not in seen:
                    seen.add(nb)
                    group.append(nb)
                    frontier.append(nb)
        return group

    # ----- production -----------------------------------------------------------------------------------------
    def _step_produce(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        v = _Valuer(s, p)
        h = _Holdings(s, p)
        _, chosen = v.best_use(h.out, h.comp, h.goods[ENERGY], v.room(h), v.price, s.airship_row)
        idle = [z for z in s.standing_tanks(p) if z not in chosen]
        return s.production_action(s.fig.zone_names[z] for z in idle)

    # ----- the exchange and certificates ----------------------------------------------------------------------
    def _needs(self, s: PlanetSteamState, p: int) -> list[int]:
        """Goods ``p`` wants to hold after trading: for the certificate step and the next round's tank phase."""
        need = [0, 0, 0, 0]
        costs = s.fig.costs
        price = s.price
        if s.stock["luxury_quarters"] > 0:
            self._add_cost(need, costs["luxury_quarters"])
        if s.round >= s.fig.rounds:
            return need
        tanks = s.tanks_of(p)
        consuming = sum(1 for z in tanks if _burns_energy(s, z))
        empty = sum(1 for z in s.zones_of(p) if not s.tank[z])
        planned_tanks = min(empty + 1, 3, s.market_tanks() + 1)
        need[WATER] += 1 + planned_tanks
        need[ENERGY] += consuming + planned_tanks
        compressor = costs["compressor"]
        bundle = sum(price[RES_INDEX[k]] * v for k, v in compressor.items() if k != "credits")
        if s.stock["compressors"] > 0 and tanks and bundle < s.fig.scoring["compressor"]:
            self._add_cost(need, compressor)
        for r in range(4):
            need[r] = min(need[r], s.capacity(p, r))
        return need

    @staticmethod
    def _add_cost(need: list[int], cost: dict[str, int]) -> None:
        for key, amount in cost.items():
            if key != "credits":
                need[RES_INDEX[key]] += amount

    def _remaining_turns(self, s: PlanetSteamState, r: int) -> int:
        return sum(1 for st in s.agenda if st["k"] == "trade" and st["r"] == r)

    def _price_after(self, s: PlanetSteamState, r: int, supply: int, turns: int) -> float:
        scale = s.fig.scales[r]
        supply = max(0, min(scale.supply_max, supply))
        moved = s.price[r] + scale.band(supply).adjustment * turns
        return float(max(scale.price_min, min(scale.price_max, moved)))

    def _step_trade(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action | None:
        r = step["r"]
        pl = s.players[p]
        price = s.price[r]
        supply = s.supply[r]
        held = pl.goods[r]
        need = self._needs(s, p)[r]
        last = s.round >= s.fig.rounds
        turns = self._remaining_turns(s, r)
        sells = {int(a[2]) for a in legal if a[0] == "sell"}
        buys = {int(a[2]) for a in legal if a[0] == "buy"}
        if held < need and buys:
            want = min(need - held, max(buys), s.room(p, r))
            if want > 0 and self._worth_buying(s, p, r, want):
                reserve = 0 if (r in (QUARTZ, ORE) and held < 1) else self._reserve(s, p)
                while want > 0 and pl.credits - want * price < reserve:
                    want -= 1
                if want > 0 and want in buys:
                    return Action("buy", RESOURCES[r], want)
            return Action("pass")
        surplus = held - need
        if surplus <= 0 or not sells:
            return Action("pass")
        # sell k of the surplus: k now at the price, the rest worth the price the remaining turns leave
        liquidity = 0.0 if last else 0.15
        best_k, best_value = 0, -float("inf")
        for k in range(0, surplus + 1):
            later = self._price_after(s, r, supply + k, turns) if last else self._price_after(s, r, supply + k, 1)
            value = k * price * (1 + liquidity) + (held - k) * later
            if value > best_value + 1e-9:
                best_k, best_value = k, value
        if best_k > 0 and best_k in sells:
            return Action("sell", RESOURCES[r], best_k)
        return Action("pass")

    def _reserve(self, s: PlanetSteamState, p: int) -> int:
        """Credits kept back for the next round's tanks."""
        if s.round >= s.fig.rounds:
            return 0
        price = s.tank_price() if s.market_tanks() > 0 else 15
        return price + 5

    def _worth_buying(self, s: PlanetSteamState, p: int, r: int, amount: int) -> bool:
        price = s.price[r]
        scale = s.fig.scales[r]
        if s.round >= s.fig.rounds:
            return r in (QUARTZ, ORE)  # only for the luxury quarters of the certificate step
        if r == ENERGY:
            return price <= max(s.price[WATER], s.price[ORE], s.price[QUARTZ])
        if r == WATER and s.players[p].goods[WATER] == 0:
            return True  # without water there is no activation and no tank
        return price < scale.price_max or r in (QUARTZ, ORE)

    def _step_certificate(self, s: PlanetSteamState, p: int, step: Step, legal: list[Action]) -> Action:
        if Action("buy-quarters") in legal:
            return Action("buy-quarters")
        pl = s.players[p]
        if Action("sell-permit") in legal:
            free = sum(1 for o in s.owner if o == UNCLAIMED)
            keep = free < s.num_players and any(o == NEUTRAL for o in s.owner) and s.round < s.fig.rounds
            if not keep or pl.permits > 1:
                return Action("sell-permit")
        return Action("pass")


BOTS: dict[str, Callable[[int], GreedyBot]] = {"greedy": GreedyBot}
"""The bot kinds of Planet Steam (``random`` comes from ``brassboard.bots``), each a factory taking a seed."""
