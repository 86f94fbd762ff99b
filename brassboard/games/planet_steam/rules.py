"""Planet Steam: the complete rules (2013 edition by default; the 2008 edition as the option ``edition``).

The round runs through an *agenda*: a queue of steps. Decision steps name the player who must act; automatic
steps (placing bonus resources, producing market tanks, advancing the round) run as soon as they reach the
front. Every step is plain JSON data, so a state serialises, clones and replays exactly.

Rules never do I/O and take randomness only from ``self.rng`` (die rolls are logged as chance events).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...engine import Action, GameInfo, GameState, IllegalAction, OptionSpec, Rng, Score
from .figures import (
    COLOURS,
    ENERGY,
    FIGURE_LIMITS,
    FIXED_FIGURES,
    ORE,
    QUARTZ,
    RES_INDEX,
    RESOURCES,
    WATER,
    Figures,
    figures,
    raw_data,
)

UNCLAIMED, UNAVAILABLE, NEUTRAL = -1, -2, -3
NO_CONVERTER = -1
Step = dict[str, Any]

OPTIONS = (
    OptionSpec("edition", "2013", "Rules edition: 2013 (default) or the 2008 first edition.", ("2013", "2008")),
    OptionSpec("hidden_credits", False, "Players keep their credits secret (the rules allow it)."),
    OptionSpec("immovable_tanks", False, "Advanced: a tank once placed never moves (converters still do)."),
    OptionSpec("river_restriction", False, "Advanced: river zones produce only water and energy."),
    OptionSpec("variable_trading_order", False,
               "Advanced: each specialist winner places a trading-order marker on the exchange."),
    OptionSpec("variable_claims", False,
               "Advanced: no printed start claims; neutral river markers and a snake draft of claims instead."),
    OptionSpec("river_neutrals", "roll",
               "Variable claims: neutral markers on rivers, as agreed (0-5) or 'roll' (the start player's die).",
               ("roll", 0, 1, 2, 3, 4, 5)),
    OptionSpec("reduced_start", False, "Advanced: reduced start credits and resources (table 3)."),
    OptionSpec("claim_by_choice", False, "Optional: claim a zone of your choice without rolling."),
    OptionSpec("price_manipulation", False, "Optional card: the first auction winner manipulates prices."),
    OptionSpec("sabotage", False, "Optional card: the last auction winner idles an opponent's tank (round 2 on)."),
    OptionSpec("independent_freighter", False, "Optional card: an auctioned extra freighter holding any 3 goods."),
    OptionSpec("figures", {}, "Overrides of the board's DESIGN figures (a table merged over data/board.toml).",
               schema=raw_data, fixed=FIXED_FIGURES, limits=FIGURE_LIMITS),
)

INFO = GameInfo(
    id="planet_steam",
    name="Planet Steam",
    min_players=2,
    max_players=5,
    simultaneous=False,
    chance=True,
    hidden_information=True,  # only with the option hidden_credits
    options=OPTIONS,
    description="Claim zones, build tanks, produce quartz, ore, water and energy, trade on a volatile exchange.",
)

DECISIONS = frozenset({
    "setup_upgrade", "river_neutral", "bid", "pick", "engineer", "banker", "bonus", "order", "manipulate",
    "sabotage", "topple", "draft", "speculate", "claim", "divert", "airship", "freighter_keep", "activate",
    "build", "produce", "trade", "certificate",
})

MANIPULATION = {"weak": (0, 3), "moderate": (4, 4), "strong": (8, 5)}  # cost in credits, steps


class Player:
    """One player's holdings. ``freighter`` holds each freighter's class (1-4) by resource number."""

    __slots__ = ("credits", "freighter", "goods", "luxury_quarters", "markers", "permits")

    def __init__(self, credits: int, goods: Iterable[int], markers: int) -> None:
        self.credits = credits
        self.goods = list(goods)
        self.freighter = [1, 1, 1, 1]
        self.permits = 0
        self.luxury_quarters = 0
        self.markers = markers

    def to_dict(self) -> dict[str, Any]:
        return {"credits": self.credits, "goods": list(self.goods), "freighter": list(self.freighter),
                "permits": self.permits, "luxury_quarters": self.luxury_quarters, "markers": self.markers}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Player:
        player = cls(data["credits"], data["goods"], data["markers"])
        player.freighter = list(data["freighter"])
        player.permits = data["permits"]
        player.luxury_quarters = data["luxury_quarters"]
        return player

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.credits = self.credits
        other.goods = self.goods[:]
        other.freighter = self.freighter[:]
        other.permits = self.permits
        other.luxury_quarters = self.luxury_quarters
        other.markers = self.markers
        return other


# The state's fields by how they copy; to_dict, from_dict and clone all read these, so none can forget one.
# (players -> "holdings" and the agenda are copied by hand.)
_LIST_FIELDS = ("owner", "tank", "converter", "compressor", "toppled", "price", "supply", "bonus", "cards", "order")
_SCALAR_FIELDS = ("track", "round", "phase", "start_player", "opener", "airship_row", "manipulator", "saboteur",
                  "sabotaged_zone", "freighter_holder", "freighter_deposit", "freighter_kept", "freighter_released",
                  "game_over")
_DICT_FIELDS = ("stock", "trade_markers")


def _copy_step(step: Step) -> Step:
    return {k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in step.items()}


class PlanetSteamState(GameState):
    info = INFO

    # ----- set-up -------------------------------------------------------------------------------------------
    def __init__(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0,
                 *, _blank: bool = False) -> None:
        super().__init__(players, options, seed)
        self.fig: Figures = figures(self.options["edition"], players, self.options["figures"])
        if _blank:
            return
        fig, n = self.fig, players
        zones = len(fig.zone_names)
        self.owner = [UNAVAILABLE if z in fig.unavailable else UNCLAIMED for z in range(zones)]
        self.tank = [False] * zones
        self.converter = [NO_CONVERTER] * zones
        self.compressor = [False] * zones
        self.toppled = [False] * zones
        comp = fig.components
        reduced = self.options["reduced_start"]
        credits = fig.reduced_credits if reduced else fig.start_credits
        goods = fig.reduced_goods if reduced else fig.start_goods
        self.players = [Player(credits, goods, comp["markers_per_colour"]) for _ in range(n)]
        for p, pl in enumerate(self.players):
            for r in range(4):  # start goods go onto the class-1 freighters: what does not fit goes to the supply
                excess = pl.goods[r] - fig.capacity[r][0]
                if excess > 0:  # 5 players: table 2's fourth energy (see data/board.toml [freighters])
                    pl.goods[r] -= excess
                    self.emit("lose", player=p, resource=RESOURCES[r], amount=excess, why="start goods")
        self.stock: dict[str, int] = {
            "tanks": comp["tanks"], "quartz_converters": comp["converters"], "ore_converters": comp["converters"],
            "energy_converters": comp["converters"], "compressors": comp["compressors"],
            "neutral_markers": comp["neutral_markers"], "building_permits": fig.building_permits,
            "luxury_quarters": fig.luxury_quarters,
        }
        self.price = [scale.price_start for scale in fig.scales]
        self.supply = list(fig.exchange_supply)
        self.bonus = [0, 0, 0, 0]
        self.track = fig.tank_track_start
        self.round = 1
        self.phase = "setup"
        self.start_player = 0
        self.cards: list[int] = [-1] * n          # index into fig.cards held this round
        self.order: list[int] = []                # player order of this round (by card number)
        self.opener = 0                           # who opens the next specialist bidding round
        self.airship_row = 0                      # 0: not placed
        self.trade_markers: dict[str, int] = {}   # variable trading order: resource -> marker number
        self.manipulator = -1                     # holder of the price manipulation card
        self.saboteur = -1                        # holder of the sabotage card
        self.sabotaged_zone = -1
        self.freighter_holder = -1                # independent freighter
        self.freighter_deposit = 0
        self.freighter_kept = False
        self.freighter_released = False
        self.game_over = False
        self.agenda: list[Step] = []
        self._legal_cache: tuple[int, list[Action]] | None = None

        if not self.options["variable_claims"]:
            for seat, claims in enumerate(fig.start_claims[:n]):
                for z in claims:
                    self._put_marker(seat, z)
            for z in fig.start_neutral:
                self.owner[z] = NEUTRAL
                self.stock["neutral_markers"] -= 1
        self.start_player = self._roll_start_player()
        self.opener = self.start_player
        steps: list[Step] = [{"k": "setup_upgrade", "p": p} for p in self._clockwise(self.start_player)]
        if self.options["variable_claims"]:
            count = self._river_neutral_count()
            rivers_free = sum(1 for z in fig.rivers if self.owner[z] == UNCLAIMED)
            count = min(count, rivers_free, self.stock["neutral_markers"])
            if count:
                steps.append({"k": "river_neutral", "p": self.start_player, "left": count})
        steps.append({"k": "round_start"})
        self.agenda = steps
        self._advance()

    def _roll_start_player(self) -> int:
        contenders = list(range(self.num_players))
        while True:
            rolls = {p: self.roll(p, why="start player") for p in contenders}
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
            if len(contenders) == 1:
                self.emit("start_player", player=contenders[0])
                return contenders[0]

    def _river_neutral_count(self) -> int:
        agreed = self.options["river_neutrals"]
        if agreed != "roll":
            return int(agreed)
        value = self.roll(self.start_player, why="neutral river markers")
        limit = {2: 3, 3: 4}.get(self.num_players, 5)  # 2p: 1-3, 3p: 1-4, 4-5p: 1-5 place that many; else none
        return value if value <= limit else 0

    # ----- protocol -----------------------------------------------------------------------------------------
    def active_players(self) -> list[int]:
        if self.game_over or not self.agenda:
            return []
        return [self.agenda[0]["p"]]

    def is_over(self) -> bool:
        return self.game_over

    def legal_actions(self, player: int) -> list[Action]:
        if self.game_over or not self.agenda or self.agenda[0]["p"] != player:
            return []
        return list(self._legal(player))  # a copy: the caller may sort or pop it

    def _legal(self, player: int) -> list[Action]:
        """The legal actions of the acting player, computed once per state (``_apply`` checks against them)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == player:
            return cache[1]
        step = self.agenda[0]
        actions = list(getattr(self, "_legal_" + step["k"])(player, step))
        self._legal_cache = (player, actions)
        return actions

    def _apply(self, player: int, action: Action) -> None:
        legal = self._legal(player)
        if action not in legal:
            raise IllegalAction(self._explain(player, action, legal))
        step = self.agenda[0]
        self._legal_cache = None
        getattr(self, "_do_" + step["k"])(player, step, action)
        self._advance()

    # ----- the agenda ---------------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a decision is due (or the game ends)."""
        while self.agenda and not self.game_over:
            step = self.agenda[0]
            if step["k"] in DECISIONS:
                if self._legal(step["p"]):
                    return
                # nothing the rules allow here (e.g. no free zone left for a draft): the step lapses
                self.agenda.pop(0)
                self._legal_cache = None
                self.emit("skip", player=step["p"], step=step["k"])
                continue
            self.agenda.pop(0)
            getattr(self, "_auto_" + step["k"])(step)

    def _push_front(self, *steps: Step) -> None:
        self.agenda[0:0] = list(steps)

    def _finish_step(self) -> None:
        self.agenda.pop(0)

    # ----- helpers ------------------------------------------------------------------------------------------
    def _clockwise(self, first: int) -> list[int]:
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def _name(self, zone: int) -> str:
        return self.fig.zone_names[zone]

    def _zone(self, token: object) -> int:
        return self.fig.zone_names.index(str(token))

    def specialists_of(self, player: int) -> tuple[str, ...]:
        card = self.cards[player]
        return self.fig.cards[card][1] if card >= 0 else ()

    def holder_of(self, specialist: str) -> int:
        for p in range(self.num_players):
            if specialist in self.specialists_of(p):
                return p
        return -1

    def _lady_steam(self) -> int:
        holder = self.holder_of("lady_steam")
        return holder if holder >= 0 else self.order[0]

    def capacity(self, player: int, res: int) -> int:
        return self.fig.capacity[res][self.players[player].freighter[res] - 1]

    def _independent_free(self, player: int) -> int:
        if player != self.freighter_holder:
            return 0
        pl = self.players[player]
        used = sum(max(0, pl.goods[r] - self.capacity(player, r)) for r in range(4))
        return self.fig.independent_capacity - used

    def room(self, player: int, res: int) -> int:
        """How many more of ``res`` the player's freighters can hold."""
        return max(0, self.capacity(player, res) - self.players[player].goods[res]) + self._independent_free(player)

    def _emit_credits(self, type_: str, player: int, amounts: dict[str, int], **data: Any) -> None:
        """An event with the credits ``player`` pays or receives (``amounts``, by field name).

        With ``hidden_credits`` those amounts are ``player``'s secret (the engine's ``private_to`` / ``secret``
        convention): the others learn what happened, not for how much, so no event they receive adds up to a
        purse. Bids stay public (the table hears them), and so do market prices.
        """
        if self.options["hidden_credits"]:
            data.update(private_to=player, secret=sorted(amounts))
        self.emit(type_, player=player, **data, **amounts)

    def _gain(self, player: int, res: int, amount: int, why: str) -> int:
        """Put goods on the player's freighters; what does not fit goes back to the general supply (lost)."""
        stored = min(amount, self.room(player, res))
        self.players[player].goods[res] += stored
        self.emit("gain", player=player, resource=RESOURCES[res], amount=stored, lost=amount - stored, why=why)
        return stored

    def _pay(self, player: int, cost: Mapping[str, int], extra_credits: int = 0) -> None:
        pl = self.players[player]
        for key, amount in cost.items():
            if key == "credits":
                pl.credits -= amount
            else:
                pl.goods[RES_INDEX[key]] -= amount
        pl.credits -= extra_credits

    def _can_pay(self, player: int, cost: Mapping[str, int], extra_credits: int = 0) -> bool:
        pl = self.players[player]
        credits = extra_credits + cost.get("credits", 0)
        if pl.credits < credits:
            return False
        return all(pl.goods[RES_INDEX[k]] >= v for k, v in cost.items() if k != "credits")

    def _put_marker(self, player: int, zone: int) -> None:
        if self.owner[zone] == NEUTRAL:
            self.stock["neutral_markers"] += 1
        self.owner[zone] = player
        self.players[player].markers -= 1

    def _adjust_price(self, res: int, steps: int) -> None:
        scale = self.fig.scales[res]
        old = self.price[res]
        self.price[res] = max(scale.price_min, min(scale.price_max, old + steps))
        if self.price[res] != old:
            self.emit("price", resource=RESOURCES[res], old=old, new=self.price[res])

    def _set_supply(self, res: int, value: int) -> None:
        self.supply[res] = max(0, min(self.fig.scales[res].supply_max, value))

    def tank_price(self) -> int:
        return self.fig.tank_price[self.track] if self.track > 0 else 0

    def market_tanks(self) -> int:
        """Tanks for sale: the track's count, unless fewer tank pieces are left in the general stock."""
        return min(self.track, self.stock["tanks"])

    def zones_of(self, player: int) -> list[int]:
        return [z for z, o in enumerate(self.owner) if o == player]

    def tanks_of(self, player: int) -> list[int]:
        return [z for z, o in enumerate(self.owner) if o == player and self.tank[z]]

    def output(self, zone: int) -> int:
        conv = self.converter[zone]
        return WATER if conv == NO_CONVERTER else conv

    def _needs_energy(self, zone: int) -> bool:
        conv = self.converter[zone]
        if conv == ENERGY:
            return False
        return not (conv == NO_CONVERTER and zone in self.fig.free_water_zones)

    def _converter_allowed(self, zone: int, res: int) -> bool:
        return not (self.options["river_restriction"] and zone in self.fig.rivers and res in (QUARTZ, ORE))

    def production(self, player: int, using: Iterable[int]) -> dict[str, Any]:
        """What the given tanks of ``player`` would produce: energy cost, output and its sources."""
        used = sorted(z for z in set(using)
                      if self.owner[z] == player and self.tank[z] and not self.toppled[z])
        used_set = set(used)
        energy = sum(1 for z in used if self._needs_energy(z))
        base = [0, 0, 0, 0]
        synergy = [0, 0, 0, 0]
        compressor = [0, 0, 0, 0]
        airship = [0, 0, 0, 0]
        seen: set[int] = set()
        groups: list[list[str]] = []
        for z in used:
            res = self.output(z)
            base[res] += 1
            if self.compressor[z]:
                compressor[res] += 1
            if self.airship_row and self.fig.row_of(z) == self.airship_row:
                airship[res] += 1
            if z in seen:
                continue
            group, frontier = [z], [z]
            seen.add(z)
            while frontier:
                cur = frontier.pop()
                for nb in self.fig.neighbours[cur]:
                    if nb in used_set and nb not in seen and self.output(nb) == res:
                        seen.add(nb)
                        group.append(nb)
                        frontier.append(nb)
            synergy[res] += len(group) - 1
            if len(group) > 1:
                groups.append(sorted(self._name(g) for g in group))
        total = [base[r] + synergy[r] + compressor[r] + airship[r] for r in range(4)]
        return {"energy": energy, "base": base, "synergy": synergy, "compressor": compressor,
                "airship": airship, "total": total, "groups": groups, "tanks": [self._name(z) for z in used]}

    # ----- set-up steps -------------------------------------------------------------------------------------
    def _legal_setup_upgrade(self, p: int, step: Step) -> list[Action]:
        return [Action("upgrade", r) for r in RESOURCES]

    def _do_setup_upgrade(self, p: int, step: Step, action: Action) -> None:
        res = RES_INDEX[str(action[1])]
        self.players[p].freighter[res] = 2
        self.emit("upgrade", player=p, resource=RESOURCES[res], to=2, why="set-up")
        self._finish_step()

    def _legal_river_neutral(self, p: int, step: Step) -> list[Action]:
        return [Action("neutral", self._name(z)) for z in sorted(self.fig.rivers) if self.owner[z] == UNCLAIMED]

    def _do_river_neutral(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self.owner[z] = NEUTRAL
        self.stock["neutral_markers"] -= 1
        self.emit("claim", player=None, zone=self._name(z), how="neutral river marker")
        step["left"] -= 1
        if step["left"] == 0 or not self._legal_river_neutral(p, step):
            self._finish_step()

    # ----- expansion phase: round start, bonus, specialist auction ------------------------------------------
    def _auto_round_start(self, step: Step) -> None:
        self.phase = "expansion"
        self.emit("round", round=self.round, start_player=self.start_player)
        steps: list[Step] = []
        if self.options["independent_freighter"]:
            if self.freighter_released:
                self._release_freighter()
            if self.freighter_holder < 0:
                steps.append({"k": "freighter_auction"})
        steps += [{"k": "place_bonus"}, {"k": "specialist_auction"}]
        self._push_front(*steps)

    def _release_freighter(self) -> None:
        holder = self.freighter_holder
        self._emit_credits("freighter_released", holder, {"forfeited": self.freighter_deposit})
        self.freighter_holder = -1
        self.freighter_deposit = 0
        self.freighter_kept = False
        self.freighter_released = False
        pl = self.players[holder]
        for r in range(4):  # goods that only fitted on the independent freighter are lost
            excess = pl.goods[r] - self.capacity(holder, r)
            if excess > 0:
                pl.goods[r] -= excess
                self.emit("lose", player=holder, resource=RESOURCES[r], amount=excess, why="freighter released")

    def _auto_freighter_auction(self, step: Step) -> None:
        self._open_bidding("freighter", self.start_player, self._clockwise(self.start_player))

    def _auto_place_bonus(self, step: Step) -> None:
        for r in range(4):
            if self.supply[r] >= 1:
                self.supply[r] -= 1
                self.bonus[r] = 1
        self.emit("bonus_placed", bonus=[RESOURCES[r] for r in range(4) if self.bonus[r]])

    def _auto_specialist_auction(self, step: Step) -> None:
        grant = self.fig.costs["auction_grant"]
        for p, pl in enumerate(self.players):
            if pl.credits == 0:
                pl.credits += grant
                self._emit_credits("grant", p, {"credits": grant})
        self.cards = [-1] * self.num_players
        self.opener = self.start_player
        self._push_front({"k": "specialist_round"})

    def _auto_specialist_round(self, step: Step) -> None:
        without = [p for p in self._clockwise(self.opener) if self.cards[p] < 0]
        if not without:
            self._push_front({"k": "specialist_auction_end"})
            return
        if self.cards[self.opener] >= 0:
            self.opener = without[0]
        if len(without) == 1:
            # the last player takes the last card for the minimum bid of 1 credit
            self._win_specialist(without[0], min(1, self.players[without[0]].credits))
            return
        self._open_bidding("specialist", self.opener, [p for p in self._clockwise(self.opener) if self.cards[p] < 0])

    def _open_bidding(self, what: str, opener: int, bidders: list[int], zone: int = -1) -> None:
        step: Step = {"k": "bid", "what": what, "bidders": bidders, "high": 0, "leader": -1, "passed": [],
                      "zone": zone, "opener": opener, "p": opener}
        self._push_front(step)
        self._next_bidder(step, start_at=0)

    def max_bid(self, player: int, step: Step) -> int:
        pl = self.players[player]
        if step["what"] == "zone":
            if pl.markers <= 0:
                return 0
            if "speculator" in self.specialists_of(player) and self.fig.edition == "2013":
                return 2 * pl.credits  # pays half, rounded up (2008: "bids have to be payable immediately")
        return pl.credits

    def _next_bidder(self, step: Step, start_at: int) -> None:
        """Hand the turn to the next bidder who can still raise, or settle the bidding."""
        bidders = step["bidders"]
        count = len(bidders)
        for i in range(count):
            p = bidders[(start_at + i) % count]
            if p == step["leader"] or p in step["passed"]:
                continue
            reason = self._passed_without_asking(p, step)
            if reason:
                step["passed"].append(p)  # cannot raise: out of this bidding round
                self.emit("pass", player=p, what=step["what"], why=reason)
                continue
            step["p"] = p
            return
        self.agenda.remove(step)
        self._settle_bidding(step)

    def _settle_bidding(self, step: Step) -> None:
        winner, bid = step["leader"], step["high"]
        what = step["what"]
        if winner < 0:
            self.emit("no_bids", what=what)
            if what == "specialist":  # cannot happen after the 2-credit grant; keep the auction moving anyway
                self._win_specialist(step["bidders"][0], 0)
            return
        if what == "specialist":
            self._win_specialist(winner, bid)
        elif what == "zone":
            pay = -(-bid // 2) if "speculator" in self.specialists_of(winner) else bid
            self.players[winner].credits -= pay
            self._put_marker(winner, step["zone"])
            self._emit_credits("zone_won", winner, {"paid": pay}, zone=self._name(step["zone"]), bid=bid)
        else:
            self.players[winner].credits -= bid
            self.freighter_holder = winner
            self.freighter_deposit = bid
            self.freighter_kept = False
            self._emit_credits("freighter_won", winner, {"deposit": bid})

    def _passed_without_asking(self, p: int, step: Step) -> str:
        """Why ``p`` drops out of the bidding without being asked ("": ``p`` is asked).

        A player who cannot raise is passed automatically, with the public reason. With ``hidden_credits`` a
        short purse is that player's secret: they are asked like anyone else and can only pass, so the table sees
        an ordinary pass (an automatic one would say, by its reason or by coming inside another player's move,
        that their credits are short). No claim marker left is public, so that pass stays automatic.
        """
        if step["what"] == "zone" and self.players[p].markers <= 0:
            return "no claim marker left"
        if not self.options["hidden_credits"] and self.max_bid(p, step) <= step["high"]:
            return "cannot bid more"
        return ""

    def _legal_bid(self, p: int, step: Step) -> list[Action]:
        top = self.max_bid(p, step)
        actions = [Action("bid", amount) for amount in range(step["high"] + 1, top + 1)]
        # only the opener may not pass (before any bid), unless they cannot bid at all (hidden credits: asked anyway)
        if step["leader"] >= 0 or p != step["opener"] or not actions:
            actions.append(Action("pass"))
        return actions

    def _do_bid(self, p: int, step: Step, action: Action) -> None:
        if action[0] == "pass":
            step["passed"].append(p)
            self.emit("pass", player=p, what=step["what"])
        else:
            step["high"] = int(action[1])
            step["leader"] = p
            self.emit("bid", player=p, amount=step["high"], what=step["what"])
        self._next_bidder(step, start_at=step["bidders"].index(p) + 1)

    def _win_specialist(self, player: int, bid: int) -> None:
        self.players[player].credits -= bid
        taken = sum(1 for c in self.cards if c >= 0)
        first = taken == 0
        last = taken == self.num_players - 1
        self._emit_credits("auction_won", player, {"bid": bid})
        self._push_front({"k": "pick", "p": player, "first": first, "last": last}, {"k": "specialist_round"})
        free = self._free_cards()
        if len(free) == 1:  # a single card left: no choice to make
            self.agenda.pop(0)
            self._take_card(player, free[0], first, last)

    def _free_cards(self) -> list[int]:
        return [i for i in range(len(self.fig.cards)) if i not in self.cards]

    def _legal_pick(self, p: int, step: Step) -> list[Action]:
        return [Action("take", self.fig.cards[i][0]) for i in self._free_cards()]

    def _do_pick(self, p: int, step: Step, action: Action) -> None:
        card = next(i for i, c in enumerate(self.fig.cards) if c[0] == action[1])
        self._finish_step()
        self._take_card(p, card, step["first"], step["last"])

    def _take_card(self, player: int, card: int, first: bool, last: bool) -> None:
        self.cards[player] = card
        number, specialists = self.fig.cards[card]
        self.emit("card", player=player, number=number, specialists=list(specialists))
        follow: list[Step] = []
        if "engineer" in specialists:
            if self.stock["building_permits"] > 0:
                follow.append({"k": "engineer", "p": player})
            else:
                self._engineer_credits(player)
        if "banker" in specialists:
            follow.append({"k": "banker", "p": player})  # the banker upgrades before taking the bonus
        follow.append({"k": "bonus_pick", "p": player})
        if self.options["variable_trading_order"] and self._free_markers():
            follow.append({"k": "order", "p": player, "left": 2 if self.num_players == 2 else 1})
        if first and self.options["price_manipulation"]:
            follow.append({"k": "manipulate", "p": player, "mode": "", "left": 0, "dirs": {}})
            self.manipulator = player
        if last and self.round > 1 and self.options["sabotage"]:
            follow.append({"k": "sabotage", "p": player})
        self._push_front(*follow)

    def _engineer_credits(self, player: int) -> None:
        amount = self.fig.costs["engineer_credits"]
        self.players[player].credits += amount
        self._emit_credits("engineer", player, {"credits": amount}, took="credits")

    def _legal_engineer(self, p: int, step: Step) -> list[Action]:
        return [Action("engineer", "permit"), Action("engineer", "credits")]

    def _do_engineer(self, p: int, step: Step, action: Action) -> None:
        if action[1] == "permit":
            self.stock["building_permits"] -= 1
            self.players[p].permits += 1
            self.emit("engineer", player=p, took="permit")
        else:
            self._engineer_credits(p)
        self._finish_step()

    def _legal_banker(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        ups = [Action("banker", "upgrade", RESOURCES[r]) for r in range(4) if pl.freighter[r] < 4]
        return ups + [Action("banker", "take", r) for r in RESOURCES]

    def _do_banker(self, p: int, step: Step, action: Action) -> None:
        res = RES_INDEX[str(action[2])]
        if action[1] == "upgrade":
            self.players[p].freighter[res] += 1
            self.emit("upgrade", player=p, resource=RESOURCES[res], to=self.players[p].freighter[res], why="banker")
        else:  # from the general supply: the exchange's supply is not touched
            self._gain(p, res, 1, "banker")
        self._finish_step()

    def _auto_bonus_pick(self, step: Step) -> None:
        kinds = [r for r in range(4) if self.bonus[r]]
        if len(kinds) == 1:
            self._take_bonus(step["p"], kinds[0])
        elif kinds:
            self._push_front({"k": "bonus", "p": step["p"]})

    def _legal_bonus(self, p: int, step: Step) -> list[Action]:
        return [Action("bonus", RESOURCES[r]) for r in range(4) if self.bonus[r]]

    def _do_bonus(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        self._take_bonus(p, RES_INDEX[str(action[1])])

    def _take_bonus(self, player: int, res: int) -> None:
        self.bonus[res] = 0
        if self.room(player, res) > 0 or self.fig.edition == "2008":  # 2008: the excess goes to the IPF
            self._gain(player, res, 1, "bonus")
        else:  # 2013: the only time a supply rises outside trading: the freighter was full
            self._set_supply(res, self.supply[res] + 1)
            self.emit("bonus_returned", player=player, resource=RESOURCES[res])

    def _free_markers(self) -> list[int]:
        return [m for m in (1, 2, 3, 4) if m not in self.trade_markers.values()]

    def _legal_order(self, p: int, step: Step) -> list[Action]:
        free_res = [r for r in RESOURCES if r not in self.trade_markers]
        return [Action("order", m, r) for m in self._free_markers() for r in free_res]

    def _do_order(self, p: int, step: Step, action: Action) -> None:
        self.trade_markers[str(action[2])] = int(action[1])
        self.emit("trade_marker", player=p, marker=action[1], resource=action[2])
        step["left"] -= 1
        if step["left"] == 0 or not self._free_markers():
            self._finish_step()

    # ----- optional cards: price manipulation, sabotage -----------------------------------------------------
    def _legal_manipulate(self, p: int, step: Step) -> list[Action]:
        if not step["mode"]:
            credits = self.players[p].credits
            return [Action("manipulate", m) for m, (cost, _) in MANIPULATION.items() if credits >= cost]
        actions = []
        dirs: dict[str, str] = step["dirs"]
        for r, name in enumerate(RESOURCES):
            if r == QUARTZ and step["mode"] != "strong":
                continue
            if step["mode"] == "weak" and dirs and name not in dirs:
                continue
            scale = self.fig.scales[r]
            for direction, can in (("up", self.price[r] < scale.price_max), ("down", self.price[r] > scale.price_min)):
                if can and dirs.get(name, direction) == direction and step["left"] > 0:
                    actions.append(Action("shift", name, direction))
        if dirs or not actions:  # the card must be used: at least one shift where any is possible
            actions.append(Action("done"))
        return actions

    def _do_manipulate(self, p: int, step: Step, action: Action) -> None:
        if action[0] == "manipulate":
            cost, steps = MANIPULATION[str(action[1])]
            step["mode"], step["left"] = action[1], steps
            self.players[p].credits -= cost
            self._emit_credits("manipulation", p, {"paid": cost}, mode=action[1])
        elif action[0] == "shift":
            name, direction = str(action[1]), str(action[2])
            step["dirs"][name] = direction
            step["left"] -= 1
            self._adjust_price(RES_INDEX[name], 1 if direction == "up" else -1)
        else:
            self._finish_step()

    def _legal_sabotage(self, p: int, step: Step) -> list[Action]:
        targets = [q for q in range(self.num_players) if q != p and any(not self.toppled[z] for z in self.tanks_of(q))]
        return [Action("sabotage", q) for q in targets] or [Action("pass")]

    def _do_sabotage(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        self.saboteur = p
        if action[0] == "pass":
            self.emit("sabotage", player=p, target=None, why="no opponent has a tank")
            return
        target = int(action[1])
        self.emit("sabotage", player=p, target=target)
        self._push_front({"k": "topple", "p": target})

    def _legal_topple(self, p: int, step: Step) -> list[Action]:
        return [Action("topple", self._name(z)) for z in self.tanks_of(p) if not self.toppled[z]]

    def _do_topple(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self.toppled[z] = True
        self.sabotaged_zone = z
        self.emit("toppled", player=p, zone=self._name(z))
        self._finish_step()

    # ----- expansion phase: after the auction ---------------------------------------------------------------
    def _auto_specialist_auction_end(self, step: Step) -> None:
        for r in range(4):
            if self.bonus[r]:
                self.bonus[r] = 0
                self._set_supply(r, self.supply[r] + 1)
                self.emit("bonus_returned", player=None, resource=RESOURCES[r], why="not taken")
        if self.options["variable_trading_order"]:
            free = self._free_markers()
            free_res = [r for r in RESOURCES if r not in self.trade_markers]
            if len(free) == 1 and len(free_res) == 1:  # 3 players: the last marker fills the last number
                self.trade_markers[free_res[0]] = free[0]
        self.order = sorted(range(self.num_players), key=lambda q: self.fig.cards[self.cards[q]][0])
        # from now on Lady Steam's holder is the start player: of every phase, and of the next round's auction
        self.start_player = self._lady_steam()
        self.emit("player_order", order=list(self.order), start_player=self.start_player)  # a snapshot
        steps: list[Step] = []
        if self.options["variable_claims"] and self.round == 1:
            first = self._lady_steam()
            extra = 2 if self.num_players < 5 else 1
            for p in self.order + self.order[::-1]:
                steps.append({"k": "draft", "p": p, "own": 1, "neutral": extra if p == first else 1})
        steps.append({"k": "speculation"})
        steps += [{"k": "claim", "p": p} for p in self.order]
        captain = self.holder_of("airship_captain")
        if captain >= 0:
            steps.append({"k": "airship", "p": captain})
        if self.options["independent_freighter"]:
            steps.append({"k": "freighter_decision"})
        steps.append({"k": "tank_phase"})
        self._push_front(*steps)

    def _legal_draft(self, p: int, step: Step) -> list[Action]:
        free = [self._name(z) for z, o in enumerate(self.owner) if o == UNCLAIMED]
        actions: list[Action] = []
        if step["own"] and self.players[p].markers > 0:
            actions += [Action("place", z) for z in free]
        if step["neutral"] and self.stock["neutral_markers"] > 0:
            actions += [Action("neutral", z) for z in free]
        return actions

    def _do_draft(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        if action[0] == "place":
            self._put_marker(p, z)
            step["own"] -= 1
            self.emit("claim", player=p, zone=self._name(z), how="set-up draft")
        else:
            self.owner[z] = NEUTRAL
            self.stock["neutral_markers"] -= 1
            step["neutral"] -= 1
            self.emit("claim", player=None, zone=self._name(z), how="set-up draft (neutral)")
        if not self._legal_draft(p, step):
            self._finish_step()

    def _auto_speculation(self, step: Step) -> None:
        holder = self.holder_of("speculator")
        if holder >= 0 and self._speculation_zones():
            self._push_front({"k": "speculate", "p": holder})

    def _speculation_zones(self) -> list[int]:
        free = [z for z, o in enumerate(self.owner) if o == UNCLAIMED]
        return free or [z for z, o in enumerate(self.owner) if o == NEUTRAL]

    def _legal_speculate(self, p: int, step: Step) -> list[Action]:
        return [Action("auction", self._name(z)) for z in self._speculation_zones()]

    def _do_speculate(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self._finish_step()
        self.emit("zone_auction", player=p, zone=self._name(z))
        lady = self._lady_steam()
        self._open_bidding("zone", lady, self._clockwise(lady), zone=z)

    def _legal_claim(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        actions: list[Action] = []
        if pl.markers > 0:
            free = [self._name(z) for z, o in enumerate(self.owner) if o == UNCLAIMED]
            how = "choice" if self.options["claim_by_choice"] else "roll"
            actions += [Action("claim", z, how) for z in free]
            if pl.permits > 0 and self._may_use_permit(p):
                actions += [Action("claim", z, "permit") for z in free]
                actions += [Action("claim", self._name(z), "permit") for z, o in enumerate(self.owner) if o == NEUTRAL]
        actions.append(Action("pass"))
        return actions

    def _do_claim(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        if action[0] == "pass":
            self.emit("pass", player=p, what="claim")
            return
        z, how = self._zone(action[1]), str(action[2])
        if how == "permit":
            self.players[p].permits -= 1
            self._put_marker(p, z)
            self.emit("claim", player=p, zone=self._name(z), how="permit")
        elif how == "choice":
            self._put_marker(p, z)
            self.emit("claim", player=p, zone=self._name(z), how="choice")
        else:
            value = self.roll(p, why=f"claim {self._name(z)}")
            if value >= 4:
                self._put_marker(p, z)
                self.emit("claim", player=p, zone=self._name(z), how="roll")
                return
            options = self.diversions(z)
            if options:
                self._push_front({"k": "divert", "p": p, "zones": [self._name(o) for o in options]})
            else:
                amount = self.fig.costs["failed_claim_compensation"]
                self.players[p].credits += amount
                self._emit_credits("compensation", p, {"credits": amount})

    def _may_use_permit(self, player: int) -> bool:
        # 2013: "Man muss nicht den Ingenieur besitzen"; 2008: only while holding the Constructor card
        return self.fig.edition == "2013" or "engineer" in self.specialists_of(player)

    def diversions(self, zone: int) -> list[int]:
        """After a roll of 1-3: the nearest unclaimed zone in each orthogonal direction from ``zone``."""
        rows, cols = self.fig.rows, self.fig.columns
        r0, c0 = divmod(zone, cols)
        found = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = r0 + dr, c0 + dc
            while 0 <= r < rows and 0 <= c < cols:
                z = r * cols + c
                if self.owner[z] == UNCLAIMED:
                    found.append(z)
                    break
                r, c = r + dr, c + dc
        return sorted(found)

    def _legal_divert(self, p: int, step: Step) -> list[Action]:
        return [Action("divert", z) for z in step["zones"]]

    def _do_divert(self, p: int, step: Step, action: Action) -> None:
        z = self._zone(action[1])
        self._put_marker(p, z)
        self.emit("claim", player=p, zone=self._name(z), how="roll (nearest zone)")
        self._finish_step()

    def _legal_airship(self, p: int, step: Step) -> list[Action]:
        return [Action("airship", row) for row in range(1, self.fig.rows + 1)]

    def _do_airship(self, p: int, step: Step, action: Action) -> None:
        self.airship_row = int(action[1])
        self.emit("airship", player=p, row=self.airship_row)
        self._finish_step()

    def _auto_freighter_decision(self, step: Step) -> None:
        holder = self.freighter_holder
        if holder < 0:
            return
        if self.freighter_kept or self.round >= self.fig.rounds:  # never a third round; no round left to keep it for
            self.freighter_released = True
            self.emit("freighter_must_return", player=holder)
            return
        self._push_front({"k": "freighter_keep", "p": holder})

    def _legal_freighter_keep(self, p: int, step: Step) -> list[Action]:
        keep = [Action("keep")] if self.players[p].credits >= self.freighter_deposit else []
        return [*keep, Action("release")]

    def _do_freighter_keep(self, p: int, step: Step, action: Action) -> None:
        if action[0] == "keep":
            # pay the bid again; the deposit goes to the supply as well
            self.players[p].credits -= self.freighter_deposit
            deposit = self.freighter_deposit
            self._emit_credits("freighter_kept", p, {"paid": deposit, "forfeited": deposit})
            self.freighter_deposit = 0
            self.freighter_kept = True
        else:
            self.freighter_released = True
            self.emit("freighter_returned", player=p)
        self._finish_step()

    # ----- tank phase ---------------------------------------------------------------------------------------
    def _auto_tank_phase(self, step: Step) -> None:
        self.phase = "tanks"
        self._push_front(*[{"k": "activate", "p": p} for p in self.order], {"k": "resource_phase"})

    def _has_water_tank(self, p: int) -> bool:
        return any(self.converter[z] == NO_CONVERTER and not self.toppled[z] for z in self.tanks_of(p))

    def _legal_activate(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        if self.fig.edition == "2008" and pl.goods[WATER] == 0 and not self._has_water_tank(p):
            # 2008 emergency relief: a tank must become a water tank (if any can), and 1 water is given
            relief = [Action("relief", self._name(z)) for z in self.tanks_of(p) if not self.toppled[z]]
            return relief or [Action("relief")]
        actions = [Action("activate")] if self._can_pay(p, self.fig.costs["activation"]) else []
        return [*actions, Action("decline")]

    def _do_activate(self, p: int, step: Step, action: Action) -> None:
        self._finish_step()
        kind = action[0]
        if kind == "activate":
            self._pay(p, self.fig.costs["activation"])
            self.emit("activate", player=p)
            self._push_front({"k": "build", "p": p})
        elif kind == "decline":
            self.emit("decline", player=p)
            if self.fig.edition == "2013":  # 2013: whoever does not activate takes 1 water and ends
                self._gain(p, WATER, 1, "no activation")
        else:
            if len(action) > 1:
                z = self._zone(action[1])
                self._return_converter(z)
                self.emit("relief_converted", player=p, zone=self._name(z))
            self._gain(p, WATER, 1, "emergency relief")

    def _return_converter(self, zone: int) -> None:
        conv = self.converter[zone]
        if conv != NO_CONVERTER:
            self.stock[RESOURCES[conv] + "_converters"] += 1
            self.converter[zone] = NO_CONVERTER

    def _legal_build(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        costs = self.fig.costs
        own = self.zones_of(p)
        empty = [z for z in own if not self.tank[z]]
        tanks = [z for z in own if self.tank[z] and not self.toppled[z]]
        actions: list[Action] = []
        if empty and self.stock["tanks"] > 0:
            if self.market_tanks() > 0 and self._can_pay(p, costs["market_tank"], self.tank_price()):
                actions += [Action("buy-tank", self._name(z)) for z in empty]
            if self._can_pay(p, costs["import_tank"]):
                actions += [Action("import", self._name(z)) for z in empty]
        for res in (QUARTZ, ORE, ENERGY):
            name = RESOURCES[res]
            if self.stock[name + "_converters"] > 0 and pl.credits >= costs["converter"][name]:
                actions += [Action("buy-converter", self._name(z), name) for z in tanks
                            if self.converter[z] != res and self._converter_allowed(z, res)]
        if self.stock["compressors"] > 0 and self._can_pay(p, costs["compressor"]):
            actions += [Action("buy-compressor", self._name(z)) for z in tanks if not self.compressor[z]]
        if self._can_pay(p, costs["freighter_upgrade"]):
            actions += [Action("upgrade", RESOURCES[r]) for r in range(4) if pl.freighter[r] < 4]
        if not self.options["immovable_tanks"]:
            for a in tanks:
                conv = self.converter[a]
                for b in empty:
                    if conv == NO_CONVERTER or self._converter_allowed(b, conv):
                        actions.append(Action("move", self._name(a), self._name(b)))
        for a in tanks:
            conv_a = self.converter[a]
            if conv_a != NO_CONVERTER:
                for b in tanks:
                    conv_b = self.converter[b]
                    if b != a and conv_b != conv_a and self._converter_allowed(b, conv_a) and (
                            conv_b == NO_CONVERTER or self._converter_allowed(a, conv_b)):
                        actions.append(Action("move-converter", self._name(a), self._name(b)))
                actions.append(Action("remove-converter", self._name(a)))
            if self.compressor[a]:
                actions += [Action("move-compressor", self._name(a), self._name(b))
                            for b in tanks if not self.compressor[b]]
        actions.append(Action("done"))
        return actions

    def _do_build(self, p: int, step: Step, action: Action) -> None:
        kind = action[0]
        costs = self.fig.costs
        if kind == "done":
            self.emit("done", player=p)
            self._finish_step()
            return
        if kind in ("buy-tank", "import"):
            z = self._zone(action[1])
            if kind == "buy-tank":
                price = self.tank_price()
                self._pay(p, costs["market_tank"], price)
                self.track -= 1
                self.emit("buy_tank", player=p, zone=self._name(z), price=price)
            else:
                self._pay(p, costs["import_tank"])
                self.emit("import_tank", player=p, zone=self._name(z))
            self.stock["tanks"] -= 1
            self.tank[z] = True
        elif kind == "buy-converter":
            z, res = self._zone(action[1]), RES_INDEX[str(action[2])]
            self._pay(p, {}, costs["converter"][RESOURCES[res]])
            self._return_converter(z)
            self.stock[RESOURCES[res] + "_converters"] -= 1
            self.converter[z] = res
            self.emit("buy_converter", player=p, zone=self._name(z), converter=RESOURCES[res])
        elif kind == "buy-compressor":
            z = self._zone(action[1])
            self._pay(p, costs["compressor"])
            self.stock["compressors"] -= 1
            self.compressor[z] = True
            self.emit("buy_compressor", player=p, zone=self._name(z))
        elif kind == "upgrade":
            res = RES_INDEX[str(action[1])]
            self._pay(p, costs["freighter_upgrade"])
            self.players[p].freighter[res] += 1
            self.emit("upgrade", player=p, resource=RESOURCES[res], to=self.players[p].freighter[res])
        elif kind == "move":
            a, b = self._zone(action[1]), self._zone(action[2])
            self.tank[b], self.converter[b], self.compressor[b] = True, self.converter[a], self.compressor[a]
            self.tank[a], self.converter[a], self.compressor[a] = False, NO_CONVERTER, False
            self.emit("move", player=p, source=self._name(a), target=self._name(b))
        elif kind == "move-converter":
            a, b = self._zone(action[1]), self._zone(action[2])
            self.converter[a], self.converter[b] = self.converter[b], self.converter[a]
            self.emit("move_converter", player=p, source=self._name(a), target=self._name(b))
        elif kind == "remove-converter":
            z = self._zone(action[1])
            self._return_converter(z)
            self.emit("remove_converter", player=p, zone=self._name(z))
        elif kind == "move-compressor":
            a, b = self._zone(action[1]), self._zone(action[2])
            self.compressor[a], self.compressor[b] = False, True
            self.emit("move_compressor", player=p, source=self._name(a), target=self._name(b))

    # ----- resource phase: production -----------------------------------------------------------------------
    def _auto_resource_phase(self, step: Step) -> None:
        self.phase = "production"
        steps: list[Step] = [{"k": "produce", "p": p, "idle": []} for p in self.order
                             if any(not self.toppled[z] for z in self.tanks_of(p))]
        steps.append({"k": "exchange"})
        self._push_front(*steps)

    def producing(self, p: int, step: Step) -> list[int]:
        idle = {self._zone(z) for z in step["idle"]}
        return [z for z in self.tanks_of(p) if not self.toppled[z] and z not in idle]

    def _legal_produce(self, p: int, step: Step) -> list[Action]:
        using = self.producing(p, step)
        actions = [Action("idle", self._name(z)) for z in using]
        actions += [Action("use", z) for z in step["idle"]]
        if self.production(p, using)["energy"] <= self.players[p].goods[ENERGY]:
            actions.append(Action("produce"))
        return actions

    def _do_produce(self, p: int, step: Step, action: Action) -> None:
        kind = action[0]
        if kind == "idle":
            step["idle"].append(str(action[1]))
            return
        if kind == "use":
            step["idle"].remove(str(action[1]))
            return
        result = self.production(p, self.producing(p, step))
        self.players[p].goods[ENERGY] -= result["energy"]  # energy is paid before anything is produced
        self.emit("production", player=p, **result)
        for r in range(4):
            if result["total"][r]:
                self._gain(p, r, result["total"][r], "production")
        self._finish_step()

    # ----- resource phase: the exchange and certificates ----------------------------------------------------
    def trading_order(self) -> list[int]:
        if self.options["variable_trading_order"] and self.trade_markers:
            marked = sorted(RES_INDEX[r] for r in self.trade_markers)
            unmarked = [r for r in range(4) if r not in marked]
            by_marker = sorted(marked, key=lambda r: self.trade_markers[RESOURCES[r]])
            return by_marker + unmarked
        return [QUARTZ, ORE, WATER, ENERGY]

    def _auto_exchange(self, step: Step) -> None:
        self.phase = "exchange"
        steps = [{"k": "trade", "p": p, "r": r} for r in self.trading_order() for p in self.order]
        steps += [{"k": "certificate", "p": p} for p in self.order]
        steps.append({"k": "end_phase"})
        self._push_front(*steps)

    def _legal_trade(self, p: int, step: Step) -> list[Action]:
        r = step["r"]
        name = RESOURCES[r]
        price = self.price[r]
        most = min(self.supply[r], self.players[p].credits // price)
        actions = [Action("buy", name, k) for k in range(1, most + 1)]
        actions += [Action("sell", name, k) for k in range(1, self.players[p].goods[r] + 1)]
        actions.append(Action("pass"))
        return actions

    def _do_trade(self, p: int, step: Step, action: Action) -> None:
        r = step["r"]
        kind = action[0]
        price = self.price[r]
        if kind == "buy":
            k = int(action[2])
            self.players[p].credits -= k * price
            self.supply[r] -= k
            self.emit("buy", player=p, resource=RESOURCES[r], amount=k, price=price)
            self._gain(p, r, k, "bought")  # beyond capacity allowed: the excess is lost
        elif kind == "sell":
            k = int(action[2])
            self.players[p].goods[r] -= k
            self.players[p].credits += k * price
            self._set_supply(r, self.supply[r] + k)
            self.emit("sell", player=p, resource=RESOURCES[r], amount=k, price=price)
        else:
            self.emit("pass", player=p, what=RESOURCES[r])
        band = self.fig.scales[r].band(self.supply[r])
        self.emit("band", resource=RESOURCES[r], supply=self.supply[r], band=band.name, adjustment=band.adjustment)
        self._adjust_price(r, band.adjustment)  # after every turn, a pass included
        self._finish_step()

    def _legal_certificate(self, p: int, step: Step) -> list[Action]:
        pl = self.players[p]
        costs = self.fig.costs
        actions = []
        if self.stock["building_permits"] > 0 and self._can_pay(p, costs["building_permit"]):
            actions.append(Action("buy-permit"))
        if pl.permits > 0:
            actions.append(Action("sell-permit"))
        if self.stock["luxury_quarters"] > 0 and self._can_pay(p, costs["luxury_quarters"]):
            actions.append(Action("buy-quarters"))
        actions.append(Action("pass"))
        return actions

    def _do_certificate(self, p: int, step: Step, action: Action) -> None:
        pl = self.players[p]
        costs = self.fig.costs
        kind = action[0]
        if kind == "buy-permit":
            self._pay(p, costs["building_permit"])
            self.stock["building_permits"] -= 1
            pl.permits += 1
        elif kind == "sell-permit":
            pl.permits -= 1  # a sold permit leaves the game
            pl.credits += costs["permit_sale"]
        elif kind == "buy-quarters":
            self._pay(p, costs["luxury_quarters"])
            self.stock["luxury_quarters"] -= 1
            pl.luxury_quarters += 1
        self.emit("certificate", player=p, action=kind)
        self._finish_step()

    # ----- end phase ----------------------------------------------------------------------------------------
    def _auto_end_phase(self, step: Step) -> None:
        self.phase = "end"
        if self.manipulator >= 0:
            number = self.fig.cards[self.cards[self.manipulator]][0]
            self.players[self.manipulator].credits += number
            self._emit_credits("manipulation_returned", self.manipulator, {"credits": number})
            self.manipulator = -1
        if self.saboteur >= 0:
            z = self.sabotaged_zone
            if z >= 0:
                owner = self.owner[z]
                self.toppled[z] = False
                value = self.roll(owner, why="sabotage compensation")
                self.players[owner].credits += 2 * value
                self._emit_credits("sabotage_compensation", owner, {"credits": 2 * value}, zone=self._name(z))
            self.saboteur, self.sabotaged_zone = -1, -1
        self._produce_market_tanks()
        if self.round >= self.fig.rounds:
            self.game_over = True
            self.phase = "over"
            self.agenda = []
            self.emit("game_over", scores=[s.to_dict() for s in self.scores()], winners=self.winners())
            return
        self.round += 1
        self.cards = [-1] * self.num_players
        self.order = []
        self.airship_row = 0
        self.trade_markers = {}
        self._push_front({"k": "round_start"})

    def _produce_market_tanks(self) -> None:
        shortage = [r for r in (ORE, ENERGY) if self.supply[r] == 0]
        if shortage:
            for r in shortage:
                self._adjust_price(r, self.fig.costs["end_phase_shortage_steps"])
            self.emit("tank_production", made=0, shortage=[RESOURCES[r] for r in shortage])
            return
        made = min(self.supply[ORE], self.supply[ENERGY], self.fig.tank_track_max - self.track)
        self.supply[ORE] -= made
        self.supply[ENERGY] -= made
        self.track += made
        self.emit("tank_production", made=made, track=self.track)

    # ----- scores, views, serialisation ---------------------------------------------------------------------
    def scores(self) -> list[Score]:
        result = []
        scoring = self.fig.scoring
        for p, pl in enumerate(self.players):
            breakdown = {"credits": pl.credits}
            for r, name in enumerate(RESOURCES):
                breakdown[name] = pl.goods[r] * self.price[r]
            zones = self.zones_of(p)
            with_tank = sum(1 for z in zones if self.tank[z])
            if self.fig.edition == "2008":
                breakdown["zones_with_tank"] = with_tank * scoring["zone_with_tank"]
                breakdown["zones_without_tank"] = (len(zones) - with_tank) * scoring["zone_without_tank"]
            else:
                breakdown["zones"] = len(zones) * scoring["zone"]
                breakdown["tanks"] = with_tank * scoring["tank"]
            breakdown["compressors"] = sum(1 for z in zones if self.compressor[z]) * scoring["compressor"]
            breakdown["luxury_quarters"] = pl.luxury_quarters * scoring["luxury_quarters"]
            result.append(Score(sum(breakdown.values()), breakdown))
        return result

    def to_dict(self) -> dict[str, Any]:
        data = self._base_dict()
        data.update({key: getattr(self, key)[:] for key in _LIST_FIELDS})
        data.update({key: getattr(self, key) for key in _SCALAR_FIELDS})
        data.update({key: dict(getattr(self, key)) for key in _DICT_FIELDS})
        data["holdings"] = [pl.to_dict() for pl in self.players]
        data["agenda"] = [_copy_step(s) for s in self.agenda]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlanetSteamState:
        state = cls(data["players"], data["options"], data["seed"], _blank=True)
        state._restore_base(data)
        for key in _LIST_FIELDS:
            setattr(state, key, list(data[key]))
        for key in _SCALAR_FIELDS:
            setattr(state, key, data[key])
        for key in _DICT_FIELDS:
            setattr(state, key, dict(data[key]))
        state.players = [Player.from_dict(p) for p in data["holdings"]]
        state.agenda = [_copy_step(s) for s in data["agenda"]]
        state._legal_cache = None
        return state

    def clone(self) -> PlanetSteamState:
        other = PlanetSteamState.__new__(PlanetSteamState)
        other.__dict__.update(self.__dict__)
        for key in _LIST_FIELDS:
            setattr(other, key, getattr(self, key)[:])
        for key in _DICT_FIELDS:
            setattr(other, key, dict(getattr(self, key)))
        other.options = self.options  # never mutated after set-up
        other.rng = self.rng.copy()
        other.players = [pl.copy() for pl in self.players]
        other.agenda = [_copy_step(s) for s in self.agenda]
        other._events = []
        other._legal_cache = None
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        """The public state plus ``player``'s own secrets; other players' credits hidden if the option says so."""
        data = self.to_dict()
        data.pop("rng")
        data.pop("seed")  # with the seed every future die roll could be foreseen
        data["zone_names"] = list(self.fig.zone_names)
        data["colours"] = list(COLOURS[: self.num_players])
        data["figures"] = self.fig.public  # shared and read-only: it never changes in a match
        if self.options["hidden_credits"]:
            for p, pl in enumerate(data["holdings"]):
                if p != player:
                    pl["credits"] = None
        return data

    def determinize(self, observer: int, rng: Rng) -> None:
        """Re-sample the other players' credits when they are secret (``hidden_credits``); nothing else is hidden.

        Nothing public pins a secret purse down, so each one is drawn uniformly from ``[floor, 2 * own + 4]`` (own:
        the observer's credits, the only purse it sees; a rough prior, centred on it) where ``floor`` is what the
        public state proves the player holds: a standing high bid must be payable. (A player whose turn it is to
        bid proves nothing: with hidden credits one who cannot raise is asked too, and passes.) The true purses are
        never read, so the draw depends only on the observer's view.
        """
        if not self.options["hidden_credits"] or not 0 <= observer < self.num_players:
            return
        own = self.players[observer].credits
        for p, pl in enumerate(self.players):
            if p == observer:
                continue
            floor = self._public_credit_floor(p)
            pl.credits = floor + rng.below(max(floor, 2 * own + 4) - floor + 1)
        self._legal_cache = None

    def _public_credit_floor(self, player: int) -> int:
        """The fewest credits ``player`` can hold given the public state (the bidding step in progress)."""
        if self.game_over or not self.agenda or self.agenda[0]["k"] != "bid":
            return 0
        step = self.agenda[0]
        if step["leader"] != player:
            return 0
        needed = int(step["high"])  # a winning bid must be paid
        halves = step["what"] == "zone" and "speculator" in self.specialists_of(player) and self.fig.edition == "2013"
        return -(-needed // 2) if halves else needed  # the speculator bids up to twice his credits

    def render_text(self, player: int | None = None) -> str:
        from .text import render

        return render(self, player)

    # ----- error messages -----------------------------------------------------------------------------------
    def _explain(self, player: int, action: Action, legal: list[Action]) -> str:
        step = self.agenda[0]
        kind = action[0]
        same_kind = [a for a in legal if a[0] == kind]
        what = _STEP_WHAT.get(step["k"], step["k"])
        reason = _reason(self, player, step, action) if kind in _KINDS_OF_STEP.get(step["k"], ()) else ""
        if reason:
            return reason
        if not same_kind:
            kinds = sorted({a[0] for a in legal})
            return f"now is {what}; '{kind}' is not possible here (possible: {', '.join(kinds)})"
        sample = ", ".join(str(a) for a in same_kind[:6]) + (" …" if len(same_kind) > 6 else "")
        return f"{what}: '{action}' is not allowed; allowed {kind} actions: {sample}"


# the action kinds each step can ever take: a specific reason is given only for these
_KINDS_OF_STEP: dict[str, tuple[str, ...]] = {
    "bid": ("bid", "pass"), "trade": ("buy", "sell", "pass"), "produce": ("idle", "use", "produce"),
    "claim": ("claim", "pass"), "certificate": ("buy-permit", "sell-permit", "buy-quarters", "pass"),
    "build": ("buy-tank", "import", "buy-converter", "buy-compressor", "upgrade", "move", "move-converter",
              "remove-converter", "move-compressor", "done"),
}

_STEP_WHAT = {
    "setup_upgrade": "the set-up freighter upgrade", "river_neutral": "placing neutral markers on rivers",
    "bid": "bidding", "pick": "choosing a specialist card", "engineer": "the Engineer's choice",
    "banker": "the Banker's choice", "bonus": "taking a bonus resource", "order": "placing a trading-order marker",
    "manipulate": "price manipulation", "sabotage": "choosing whom to sabotage", "topple": "choosing a tank to idle",
    "draft": "the claim set-up draft", "speculate": "choosing a zone to auction", "claim": "claiming a zone",
    "divert": "placing your marker after a failed roll", "airship": "placing the airship",
    "freighter_keep": "keeping or returning the independent freighter", "activate": "paying activation water",
    "build": "buying and reorganising", "produce": "choosing producing tanks", "trade": "trading",
    "certificate": "trading certificates",
}


def _reason(state: PlanetSteamState, p: int, step: Step, action: Action) -> str:
    """The specific rule a well-formed but illegal action breaks, where we can name it."""
    pl = state.players[p]
    kind = action[0]
    if kind in ("buy", "sell") and len(action) > 1 and action[1] != RESOURCES[step["r"]]:
        return f"now {RESOURCES[step['r']]} is traded, not {action[1]}"
    checks: dict[str, Callable[[], str]] = {
        "bid": lambda: _bid_reason(state, p, step, action),
        "buy": lambda: (f"you can buy at most {state.supply[step['r']]} (the exchange's supply) and "
                        f"{pl.credits // state.price[step['r']]} with your credits at {state.price[step['r']]} each"),
        "sell": lambda: f"you hold {pl.goods[step['r']]} {RESOURCES[step['r']]}",
        "produce": lambda: (f"the chosen tanks need {state.production(p, state.producing(p, step))['energy']} "
                            f"energy and you hold {pl.goods[ENERGY]}: idle some tanks"),
    }
    check = checks.get(kind)
    if check is not None:
        return check()
    if len(action) > 1 and isinstance(action[1], str) and action[1] in state.fig.zone_names:
        z = state.fig.zone_names.index(action[1])
        owner = state.owner[z]
        if kind == "claim" and owner != UNCLAIMED and not (owner == NEUTRAL and action[-1] == "permit"):
            return f"zone {action[1]} is not free to claim" + (" (only a permit replaces a neutral marker)"
                                                                if owner == NEUTRAL else "")
        if kind in ("buy-tank", "import", "move") and owner != p:
            return f"zone {action[1]} is not yours"
        if kind in ("buy-tank", "import") and state.tank[z]:
            return f"zone {action[1]} already has a tank (one tank per zone)"
        if kind in ("buy-tank", "import") and state.stock["tanks"] == 0:
            return "no tank pieces are left in the general stock"
        if state.toppled[z]:
            return f"the tank on {action[1]} is sabotaged this round: it can neither be used nor changed"
    if kind in ("buy-tank", "import", "buy-compressor", "buy-converter", "upgrade", "buy-permit", "buy-quarters"):
        return f"you cannot afford '{action}' or nothing is left to buy"
    return ""


def _bid_reason(state: PlanetSteamState, p: int, step: Step, action: Action) -> str:
    amount = action[1] if len(action) == 2 else None
    if not isinstance(amount, int):
        return "a bid is one whole number of credits: 'bid 5'"
    if amount <= step["high"]:
        return f"a bid must beat the highest bid so far ({step['high']})"
    return f"you cannot bid more than you can pay ({state.max_bid(p, step)})"


STATE_CLASS = PlanetSteamState
