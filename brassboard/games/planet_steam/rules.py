"""Planet Steam: the complete rules (2013 edition by default; the 2008 edition as the option ``edition``).

The round runs through an *agenda*: a queue of steps. Decision steps name the player who must act; automatic
steps (placing bonus resources, producing market tanks, advancing the round) run as soon as they reach the
front. Every step is plain JSON data, so a state serialises, clones and replays exactly.

Rules never do I/O and take randomness only from ``self.rng`` (die rolls are logged as chance events).

This module holds the game's options, set-up, the agenda dispatch and serialisation; each phase's rules live in
their own module (see ``core``): ``setup_steps``, ``specialists``, ``auction``, ``claims``, ``tanks``,
``production``, ``exchange``, ``end_phase``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...engine import Action, GameInfo, IllegalAction, OptionSpec, Rng
from .core import NEUTRAL, NO_CONVERTER, UNAVAILABLE, UNCLAIMED, Player, Step
from .end_phase import EndPhase
from .figures import (
    COLOURS,
    FIGURE_LIMITS,
    FIXED_FIGURES,
    RESOURCES,
    figures,
    raw_data,
)

# the constants every caller imports from here
__all__ = ["INFO", "NEUTRAL", "NO_CONVERTER", "OPTIONS", "STATE_CLASS", "UNAVAILABLE", "UNCLAIMED", "PlanetSteamState",
           "Step"]

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


# The state's fields by how they copy; to_dict, from_dict and clone all read these, so none can forget one.
# (players -> "holdings" and the agenda are copied by hand.)
_LIST_FIELDS = ("owner", "tank", "converter", "compressor", "toppled", "price", "supply", "bonus", "cards", "order")
_SCALAR_FIELDS = ("track", "round", "phase", "start_player", "opener", "airship_row", "manipulator", "saboteur",
                  "sabotaged_zone", "freighter_holder", "freighter_deposit", "freighter_kept", "freighter_released",
                  "game_over")
_DICT_FIELDS = ("stock", "trade_markers")


def _copy_step(step: Step) -> Step:
    return {k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in step.items()}


class PlanetSteamState(EndPhase):
    info = INFO

    # ----- set-up -------------------------------------------------------------------------------------------
    def __init__(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0,
                 *, _blank: bool = False) -> None:
        super().__init__(players, options, seed)
        self.fig = figures(self.options["edition"], players, self.options["figures"])
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
        self.stock = {
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
        self.cards = [-1] * n
        self.order = []
        self.opener = 0                           # who opens the next specialist bidding round
        self.airship_row = 0                      # 0: not placed
        self.trade_markers = {}
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
        # production lists one idle set per outcome; any other valid idle set is checked by the rule itself
        if action not in legal and not (self.agenda[0]["k"] == "produce"
                                        and not self.production_refusal(player, action)):
            raise IllegalAction(self._explain(player, action, legal))
        self._play(player, action)

    def apply_quiet(self, player: int, action: Action) -> None:
        # The action comes from this very state's legal_actions(player) (the engine's contract for apply_quiet), so
        # apply's reading of it, its turn check and _apply's membership scan hold already; the events are dropped.
        self._play(player, action)
        self._events.clear()

    def _play(self, player: int, action: Action) -> None:
        """The decision step's rule for an action known to be allowed, then the automatic steps that follow."""
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

    # ----- views, serialisation ---------------------------------------------------------------------
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
    "bid": ("bid", "pass"), "trade": ("buy", "sell", "pass"), "produce": ("produce",),
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
        "produce": lambda: _produce_reason(state, p, action),
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


def _produce_reason(state: PlanetSteamState, p: int, action: Action) -> str:
    """Why a production choice (``produce`` or ``produce idle A1 C3``) is refused."""
    return state.production_refusal(p, action)


def _bid_reason(state: PlanetSteamState, p: int, step: Step, action: Action) -> str:
    amount = action[1] if len(action) == 2 else None
    if not isinstance(amount, int):
        return "a bid is one whole number of credits: 'bid 5'"
    if amount <= step["high"]:
        return f"a bid must beat the highest bid so far ({step['high']})"
    return f"you cannot bid more than you can pay ({state.max_bid(p, step)})"


STATE_CLASS = PlanetSteamState
