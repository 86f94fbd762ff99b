"""Age of Steam (base Rust Belt map), by the 2002 Winsome/Warfrog rules text.

The state is plain data: the board holds track tiles by hex (each track with its owner), links are worked out from
the tiles on demand (and cached until the board changes). A round runs through phases; the player to act is
always one (``active_players``). Everything automatic (income, expenses, income reduction, goods growth) happens
inside ``_apply`` with events; every die and every cube drawn from the bag is a logged chance event.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ...engine import Action, GameInfo, GameState, IllegalAction, OptionSpec, Score
from ...engine.rng import Rng
from . import (
    action_selection,
    links,
    move_goods,
    round_end,
    scoring,
    setup,
    shares_auction,
    track_build,
    track_build_options,
)
from .action_selection import ACTION_IDS
from .figures import FIGURE_LIMITS, FIXED_FIGURES, HEX_BY_LABEL, Figures, Track, figures, label, overridable_figures
from .links import Link, Tile
from .notation import format_tracks, parse_tracks, tracks_arg
from .setup import COLORS
from .track_build import BuildPlan

__all__ = ["ACTION_IDS", "COLORS", "AgeOfSteamState", "BuildPlan", "Link", "Tile", "Track", "format_tracks",
           "parse_tracks", "tracks_arg"]


OPTIONS = (
    OptionSpec("growth_dice", "current",
               "Goods growth rolls one die per player still in the game ('current', our reading of the text) "
               "or per player at the start ('starting', later editions).", ("current", "starting")),
    OptionSpec("figures", {}, "Overrides of the figures in data/game.toml (and 'costs' of data/tiles.toml), "
               "e.g. {\"income_reduction\": [...]} for the later editions' 50+ band.",
               schema=overridable_figures, fixed=FIXED_FIGURES, limits=FIGURE_LIMITS),
)

INFO = GameInfo(
    id="age_of_steam",
    name="Age of Steam",
    min_players=3,
    max_players=6,
    simultaneous=False,
    chance=True,
    hidden_information=False,
    options=OPTIONS,
    description="Build railway links across the Rust Belt, issue shares, and deliver goods to cities.",
)


class AgeOfSteamState(GameState):
    info = INFO

    def __init__(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0,
                 *, _blank: bool = False) -> None:
        super().__init__(players, options, seed)
        self.fig: Figures = figures(self.options["figures"])
        self._links_cache: list[Link] | None = None
        self._exit_cache: dict[tuple[int, int], Link] | None = None
        # walks out of (hex, side), remembered while one legal_actions call examines many builds on one board
        self._walk_memo: dict[tuple[int, int], tuple[list[tuple[int, int]], int | None]] | None = None
        self._link_memo: dict[tuple[int, int], Link] | None = None  # likewise the links through (hex, track)
        if _blank:
            return
        fig, n = self.fig, players
        start = fig.game["start"]
        self.rounds = fig.rounds(players)
        self.round = 1
        self.phase = "shares"
        self.move_round: int | None = None
        self.cash = [int(start["cash"])] * n
        self.income = [int(start["income"])] * n
        self.shares = [int(start["shares"])] * n
        self.loco = [int(start["locomotive"])] * n
        self.action: list[str | None] = [None] * n
        self.eliminated = [False] * n
        self.has_built = [False] * n
        self.loco_moved = [False] * n
        self.tiles: dict[int, Tile] = {}
        self.new_cities: dict[int, str] = {}
        self.supply: dict[str, int] = {t.kind: t.count for t in fig.tile_kinds}
        self.discs = fig.town_discs
        self.new_city_supply = sorted(fig.new_city_colors)
        self.bag: dict[str, int] = dict(fig.bag)
        self.display: dict[str, list[str | None]] = {d: [None] * fig.display_spaces[d] for d in fig.display_ids}
        self.cubes: dict[int, list[str]] = {h: [] for h in fig.cities}
        self.queue: list[int] = []
        self.auction: dict[str, Any] | None = None
        self.build: dict[str, Any] | None = None
        self.production: dict[str, Any] | None = None
        self.last_growth: dict[str, list[int]] | None = None
        self.over = False
        self.order: list[int] = []  # set by the dice in set-up, then by each auction
        setup.setup(self)

    # ----- protocol -------------------------------------------------------------------------------------------
    def active_players(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "auction" and self.auction is not None:
            return [self.auction["current"]]
        if self.phase == "build" and self.build is not None:
            return [self.build["player"]]
        if self.phase == "production" and self.production is not None:
            return [self.production["player"]]
        return self.queue[:1]

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        if self.phase == "shares":
            room = int(self.fig.game["shares"]["max"]) - self.shares[player]
            return [Action("issue", k) for k in range(room + 1)]
        if self.phase == "auction":
            return shares_auction.legal_auction(self, player)
        if self.phase == "actions":
            return [Action("select", a) for a in ACTION_IDS if a not in self.action_holders()]
        if self.phase == "build":
            return track_build_options.legal_build(self, player)
        if self.phase == "move":
            return move_goods.legal_move(self, player)
        if self.phase == "production" and self.production is not None:
            # the text says the holder "darf" (may) place the drawn cubes: each may also go back to the bag
            return [*(Action("produce", s) for s in self.empty_spaces()), Action("produce", "none")]
        return []

    def _apply(self, player: int, action: Action) -> None:
        kind = action.kind
        handler = _HANDLERS[self.phase].get(kind)
        if handler is None:
            raise IllegalAction(f"'{kind}' is not an action of the {self.phase} phase")
        handler(self, player, action)

    # ----- helpers --------------------------------------------------------------------------------------------
    def action_holders(self) -> dict[str, int]:
        return {a: p for p, a in enumerate(self.action) if a is not None and not self.eliminated[p]}

    def holder(self, action_id: str) -> int | None:
        return self.action_holders().get(action_id)

    def alive(self) -> list[int]:
        return [p for p in range(self.num_players) if not self.eliminated[p]]

    def _int_arg(self, action: Action, index: int, what: str) -> int:
        args = action.args
        if len(args) <= index or not isinstance(args[index], int):
            raise IllegalAction(f"'{action.kind}' needs {what} (a whole number)")
        value: int = args[index]  # type: ignore[assignment]
        return value

    def _hex_arg(self, token: object) -> int:
        if not isinstance(token, str) or token.upper() not in HEX_BY_LABEL:
            raise IllegalAction(f"{token!r} is not a hex of the map (columns A-R, rows from 1)")
        return HEX_BY_LABEL[token.upper()]

    def is_city(self, h: int) -> bool:
        return h in self.fig.cities or h in self.new_cities

    def city_color(self, h: int) -> str | None:
        if h in self.fig.cities:
            return self.fig.cities[h].color
        letter = self.new_cities.get(h)
        return self.fig.new_city_colors[letter] if letter else None

    def is_town(self, h: int) -> bool:
        return h in self.fig.towns and h not in self.new_cities

    def markers_used(self, player: int) -> int:
        return sum(1 for link in self.links() if link.owner == player)

    def markers_left(self, player: int) -> int:
        return int(self.fig.game["markers"]["ownership"]) - self.markers_used(player)

    def _board_changed(self) -> None:
        self._links_cache = None
        self._exit_cache = None

    # ----- the phases' entry points ---------------------------------------------------------------------------
    # Each rule lives in the module named after its phase (setup, shares_auction, action_selection, track_build,
    # track_build_options, links, move_goods, round_end, scoring). The methods below are what one phase calls to
    # hand over to the next, and what bots, the view and tests ask of the state.
    def _draw(self, count: int, why: str) -> list[str]:
        return setup.draw(self, count, why)

    def _start_round(self) -> None:
        shares_auction.start_round(self)

    def _start_actions(self) -> None:
        action_selection.start_actions(self)

    def _first_then_order(self, action_id: str) -> list[int]:
        return action_selection.first_then_order(self, action_id)

    def _start_build(self) -> None:
        track_build.start_build(self)

    def _next_builder(self) -> None:
        track_build.next_builder(self)

    def build_limit(self, p: int) -> int:
        return track_build.build_limit(self, p)

    def may_urbanize(self, p: int) -> bool:
        return track_build.may_urbanize(self, p)

    def build_costs(self, p: int) -> dict[str, int]:
        return track_build.build_costs(self, p)

    def check_build(self, p: int, h: int, tracks: tuple[Track, ...]) -> BuildPlan | str:
        return track_build.check_build(self, p, h, tracks)

    def _connection(self, h: int, side: int) -> tuple[str, int | None, tuple[int, int] | None]:
        return links.connection(self, h, side)

    def links(self) -> list[Link]:
        return links.links(self)

    def exits(self) -> dict[tuple[int, int], Link]:
        return links.exits(self)

    def _start_move(self, move_round: int) -> None:
        move_goods.start_move(self, move_round)

    def deliveries(self, p: int) -> list[tuple[int, str, tuple[int, ...]]]:
        return move_goods.deliveries(self, p)

    def _end_of_round(self) -> None:
        round_end.end_of_round(self)

    def _eliminate(self, p: int, *, due: int = 0, short: int = 0) -> None:
        round_end.eliminate(self, p, due=due, short=short)

    def empty_spaces(self) -> list[str]:
        return round_end.empty_spaces(self)

    def _goods_growth(self) -> None:
        round_end.goods_growth(self)

    def _end_game(self) -> None:
        round_end.end_game(self)

    def scores(self) -> list[Score]:
        return scoring.scores(self)

    # ----- serialisation --------------------------------------------------------------------------------------
    _FIELDS = ("rounds", "round", "phase", "move_round", "cash", "income", "shares", "loco", "action", "eliminated",
               "has_built", "loco_moved", "supply", "discs", "new_city_supply", "bag", "display", "queue",
               "auction", "build", "production", "last_growth", "over", "order")

    def to_dict(self) -> dict[str, Any]:
        data = self._base_dict()
        for name in self._FIELDS:
            data[name] = getattr(self, name)
        data["tiles"] = {label(h): {**t, "tracks": [list(x) for x in t["tracks"]]} for h, t in self.tiles.items()}
        data["new_cities"] = {label(h): x for h, x in self.new_cities.items()}
        data["cubes"] = {label(h): c for h, c in self.cubes.items()}
        result: dict[str, Any] = json.loads(json.dumps(data))
        return result

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AgeOfSteamState:
        data = json.loads(json.dumps(data))
        state = cls(data["players"], data["options"], data["seed"], _blank=True)
        state._restore_base(data)
        for name in cls._FIELDS:
            setattr(state, name, data[name])
        state.tiles = {HEX_BY_LABEL[k]: {**t, "tracks": [tuple(x) for x in t["tracks"]]}
                       for k, t in data["tiles"].items()}
        state.new_cities = {HEX_BY_LABEL[k]: x for k, x in data["new_cities"].items()}
        state.cubes = {HEX_BY_LABEL[k]: c for k, c in data["cubes"].items()}
        return state

    def clone(self) -> AgeOfSteamState:
        """A deep copy without the JSON round trip (equal to ``from_dict(to_dict())``; the links cache is shared,
        it is never changed in place, only dropped)."""
        other = AgeOfSteamState.__new__(AgeOfSteamState)
        for name in self._FIELDS:  # scalars here; the containers among them are copied below
            setattr(other, name, getattr(self, name))
        other.num_players, other.seed, other.fig = self.num_players, self.seed, self.fig
        other.rng = Rng(state=self.rng.state)
        other._events = []
        other._links_cache, other._exit_cache = self._links_cache, self._exit_cache
        other._walk_memo = other._link_memo = None
        for name in ("cash", "income", "shares", "loco", "action", "eliminated", "has_built", "loco_moved",
                     "new_city_supply", "queue", "order"):
            setattr(other, name, list(getattr(self, name)))
        other.options = json.loads(json.dumps(self.options)) if self.options["figures"] else dict(self.options)
        other.supply, other.bag, other.new_cities = dict(self.supply), dict(self.bag), dict(self.new_cities)
        other.display = {d: list(spaces) for d, spaces in self.display.items()}
        other.cubes = {h: list(c) for h, c in self.cubes.items()}
        other.tiles = {h: {**t, "tracks": list(t["tracks"]), "owners": list(t["owners"])}
                       for h, t in self.tiles.items()}
        for name in ("auction", "build", "production", "last_growth"):
            value = getattr(self, name)
            if value is not None:
                setattr(other, name, json.loads(json.dumps(value)))
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import view
        return view(self, player)

    @classmethod
    def printed_figures(cls) -> dict[str, Any]:
        from .view import printed_figures
        return printed_figures(figures())

    def render_text(self, player: int | None = None) -> str:
        from .view import render_text
        return render_text(self, player)


_Handler = Callable[[AgeOfSteamState, int, Action], None]
_HANDLERS: dict[str, dict[str, _Handler]] = {
    "shares": {"issue": shares_auction.do_issue},
    "auction": {"bid": shares_auction.do_bid, "drop": shares_auction.do_drop,
                "turn-pass": shares_auction.do_turn_pass},
    "actions": {"select": action_selection.do_select},
    "build": {"build": track_build.do_build, "urbanize": track_build.do_urbanize, "done": track_build.do_done},
    "move": {"move": move_goods.do_move, "locomotive": move_goods.do_locomotive, "pass": move_goods.do_pass},
    "production": {"produce": round_end.do_produce},
}  # each phase's actions and the rule carrying each out

STATE_CLASS = AgeOfSteamState
