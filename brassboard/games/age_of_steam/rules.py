"""Age of Steam (base Rust Belt map), by the 2002 Winsome/Warfrog rules text.

The state is plain data: the board holds track tiles by hex (each track with its owner), links are worked out from
the tiles on demand (and cached until the board changes). A round runs through phases; the player to act is
always one (``active_players``). Everything automatic (income, expenses, income reduction, goods growth) happens
inside ``_apply`` with events; every die and every cube drawn from the bag is a logged chance event.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import Action, GameInfo, GameState, IllegalAction, OptionSpec, Score
from ...engine.actions import Arg
from ...engine.rng import Rng
from .figures import (
    FIGURE_LIMITS,
    FIXED_FIGURES,
    HEX_BY_LABEL,
    NEIGHBOURS,
    NO_HEX,
    Figures,
    Track,
    canonical,
    canonical_exits,
    figures,
    label,
    opposite,
    overridable_figures,
    side_towards,
)

ACTION_IDS = ("first-move", "first-build", "engineer", "locomotive", "urbanization", "production", "turn-order")
COLORS = ("red", "blue", "purple", "yellow", "black")

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

Tile = dict[str, Any]  # {"tracks": [Track], "owners": [int | None], "kind": str, "disc": bool, "town": bool}


@dataclass
class Link:
    """A chain of tracks from a stop (city or town) to another stop, or to an open end (unfinished)."""

    tracks: list[tuple[int, int]]  # (hex, track index)
    stops: tuple[int | None, int | None]
    owner: int | None
    exit_sides: tuple[int, int] = (-1, -1)  # the side each stop leaves through (-1 at an open end)

    @property
    def complete(self) -> bool:
        return self.stops[0] is not None and self.stops[1] is not None


@dataclass
class BuildPlan:
    hex: int
    operation: str  # new | town | upgrade | town-upgrade | redirect
    cost: int
    tile: Tile
    placed: list[Track] = field(default_factory=list)  # tracks laid this build (not redirected ones)
    redirected: Track | None = None


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
        self._setup()

    # ----- set-up ---------------------------------------------------------------------------------------------
    def _setup(self) -> None:
        fig = self.fig
        drawn = self._draw(len(fig.display_fill_order), "display set-up")
        for (display_id, space), color in zip(fig.display_fill_order, drawn, strict=True):
            self.display[display_id][space] = color
        for h, city in fig.cities.items():
            self.cubes[h] = self._draw(city.start_cubes, f"set-up {city.name}")
        self.order = self._roll_order()
        self._start_round()

    def _roll_order(self) -> list[int]:
        """Each player rolls three dice; highest first; ties roll again among themselves [rules: Spielaufbau]."""
        dice = int(self.fig.game["start"]["order_dice"])

        def rank(group: list[int]) -> list[int]:
            if len(group) == 1:
                return group
            totals = {p: sum(self.roll(p, why="turn order") for _ in range(dice)) for p in group}
            result: list[int] = []
            for total in sorted(set(totals.values()), reverse=True):
                result.extend(rank([p for p in group if totals[p] == total]))
            return result

        order = rank(list(range(self.num_players)))
        self.emit("turn_order", order=list(order))  # a snapshot: the state keeps the list
        return order

    def _draw(self, count: int, why: str) -> list[str]:
        """Draw ``count`` cubes at random from the bag (fewer if it runs out); one logged chance event."""
        drawn: list[str] = []
        for _ in range(count):
            total = sum(self.bag.values())
            if total == 0:
                break
            pick = self.rng.below(total)
            for color in COLORS:
                if pick < self.bag[color]:
                    self.bag[color] -= 1
                    drawn.append(color)
                    break
                pick -= self.bag[color]
        # the event gets its own copy: the caller keeps ``drawn`` in the state and uses it up (events are snapshots)
        self.emit("draw", cubes=list(drawn), why=why, chance=True)
        return drawn

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
            return self._legal_auction(player)
        if self.phase == "actions":
            return [Action("select", a) for a in ACTION_IDS if a not in self.action_holders()]
        if self.phase == "build":
            return self._legal_build(player)
        if self.phase == "move":
            return self._legal_move(player)
        if self.phase == "production" and self.production is not None:
            # the text says the holder "darf" (may) place the drawn cubes: each may also go back to the bag
            return [*(Action("produce", s) for s in self.empty_spaces()), Action("produce", "none")]
        return []

    def _apply(self, player: int, action: Action) -> None:
        kind = action.kind
        handler = {
            "shares": {"issue": self._do_issue},
            "auction": {"bid": self._do_bid, "drop": self._do_drop, "turn-pass": self._do_turn_pass},
            "actions": {"select": self._do_select},
            "build": {"build": self._do_build, "urbanize": self._do_urbanize, "done": self._do_done},
            "move": {"move": self._do_move, "locomotive": self._do_locomotive, "pass": self._do_pass},
            "production": {"produce": self._do_produce},
        }[self.phase].get(kind)
        if handler is None:
            raise IllegalAction(f"'{kind}' is not an action of the {self.phase} phase")
        handler(player, action)

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

    # ----- shares ---------------------------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.phase = "shares"
        self.move_round = None
        self.queue = [p for p in self.order if not self.eliminated[p]]
        self.emit("round", round=self.round)
        if not self.queue:
            self._end_game()

    def _do_issue(self, p: int, action: Action) -> None:
        count = self._int_arg(action, 0, "the number of shares")
        room = int(self.fig.game["shares"]["max"]) - self.shares[p]
        if not 0 <= count <= room:
            raise IllegalAction(f"a company issues 0 to {room} more shares (15 in the game at most)")
        self.shares[p] += count
        self.cash[p] += count * int(self.fig.game["shares"]["price"])
        self.emit("issue", player=p, shares=count, cash=self.cash[p])
        self.queue.pop(0)
        if not self.queue:
            self._start_auction()

    # ----- turn-order auction ---------------------------------------------------------------------------------
    def _start_auction(self) -> None:
        self.phase = "auction"
        bidders = [p for p in self.order if not self.eliminated[p]]
        pass_holder = self.holder("turn-order")
        self.auction = {"bidders": bidders, "in": bidders[:], "high_bid": 0, "high_bidder": None,
                        "bids": {}, "out": [], "pass_holder": pass_holder, "pass_used": False,
                        "current": bidders[0] if bidders else -1}
        if len(bidders) <= 1:
            self._finish_auction()

    def _legal_auction(self, p: int) -> list[Action]:
        auction = self.auction
        assert auction is not None
        actions = [Action("bid", n) for n in range(auction["high_bid"] + 1, self.cash[p] + 1)]
        if auction["pass_holder"] == p and not auction["pass_used"]:
            actions.append(Action("turn-pass"))
        actions.append(Action("drop"))
        return actions

    def _do_bid(self, p: int, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        amount = self._int_arg(action, 0, "the bid")
        if amount < 1:
            raise IllegalAction("bids of $0 are not allowed; bid $1 or more, or drop")
        if amount <= auction["high_bid"]:
            raise IllegalAction(f"a bid must be higher than the last bid of another player (${auction['high_bid']})")
        if amount > self.cash[p]:
            raise IllegalAction(f"a bid may not exceed the bidder's cash (${self.cash[p]})")
        auction["high_bid"], auction["high_bidder"] = amount, p
        auction["bids"][str(p)] = amount
        self.emit("bid", player=p, amount=amount)
        self._next_bidder()

    def _do_turn_pass(self, p: int, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        if auction["pass_holder"] != p:
            raise IllegalAction("only the holder of last round's Turn Order action may pass in the auction")
        if auction["pass_used"]:
            raise IllegalAction("the Turn Order pass may be used once per auction")
        auction["pass_used"] = True
        self.emit("turn_pass", player=p)
        self._next_bidder()

    def _do_drop(self, p: int, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        auction["in"].remove(p)
        auction["out"].append(p)
        position = len(auction["in"]) + 1  # the dropout takes the last free position
        self.emit("drop", player=p, position=position)
        if len(auction["in"]) == 1:
            self._finish_auction()
        else:
            self._next_bidder()

    def _next_bidder(self) -> None:
        auction = self.auction
        assert auction is not None
        bidders: list[int] = auction["bidders"]
        at = bidders.index(auction["current"])
        for step in range(1, len(bidders) + 1):
            candidate = bidders[(at + step) % len(bidders)]
            # a player whose own bid is the high bid is skipped
            if candidate in auction["in"] and candidate != auction["high_bidder"]:
                auction["current"] = candidate
                return

    def _finish_auction(self) -> None:
        auction = self.auction
        assert auction is not None
        out: list[int] = auction["out"]
        winners: list[int] = auction["in"]
        bids = {int(k): v for k, v in auction["bids"].items()}
        new_order = winners + out[::-1]
        for p in new_order:
            bid = bids.get(p, 0)
            if out and p == out[0]:
                pay = 0  # the first to drop pays nothing, whatever he bid
            elif p in winners or (out and p == out[-1]):
                pay = bid  # the last two pay in full
            else:
                pay = math.ceil(bid / 2)  # everyone else pays half, rounded up
            self.cash[p] -= pay
            if bid or pay:
                self.emit("pay_bid", player=p, bid=bid, paid=pay)
        self.order = new_order
        self.emit("turn_order", order=list(new_order))
        self.auction = None
        self._start_actions()

    # ----- action selection -----------------------------------------------------------------------------------
    def _start_actions(self) -> None:
        self.phase = "actions"
        self.action = [None] * self.num_players
        self.queue = self.order[:]

    def _do_select(self, p: int, action: Action) -> None:
        choice = action.args[0] if action.args else None
        if choice not in ACTION_IDS:
            raise IllegalAction(f"the actions are {', '.join(ACTION_IDS)}")
        if choice in self.action_holders():
            raise IllegalAction(f"each action may be taken by one player only; {choice} is taken")
        assert isinstance(choice, str)
        self.action[p] = choice
        self.emit("select", player=p, action=choice)
        if choice == "locomotive":  # applies at once, at most 6
            self._raise_locomotive(p)
        self.queue.pop(0)
        if not self.queue:
            self._start_build()

    def _raise_locomotive(self, p: int) -> None:
        if self.loco[p] < int(self.fig.game["locomotive"]["max"]):
            self.loco[p] += 1
        self.emit("locomotive", player=p, level=self.loco[p])

    def _first_then_order(self, action_id: str) -> list[int]:
        first = self.holder(action_id)
        rest = [p for p in self.order if p != first and not self.eliminated[p]]
        return ([first] if first is not None else []) + rest

    # ----- build phase ----------------------------------------------------------------------------------------
    def _start_build(self) -> None:
        self.phase = "build"
        self.queue = self._first_then_order("first-build")
        self._next_builder()

    def _next_builder(self) -> None:
        if not self.queue:
            self.build = None
            self._start_move(1)
            return
        p = self.queue[0]
        self.build = {"player": p, "builds_left": self.build_limit(p), "spent": 0, "urbanized": False, "placed": []}

    def build_limit(self, p: int) -> int:
        """Tiles ``p`` may lay or replace this round: 3, or 4 with the Engineer."""
        builds = self.fig.game["build"]
        return int(builds["engineer_builds"] if self.action[p] == "engineer" else builds["builds"])

    def may_urbanize(self, p: int) -> bool:
        b = self.build
        if b is None or b["player"] != p or self.action[p] != "urbanization" or b["urbanized"]:
            return False
        return b["builds_left"] == self.build_limit(p) and bool(self.new_city_supply)

    def _do_urbanize(self, p: int, action: Action) -> None:
        if self.action[p] != "urbanization":
            raise IllegalAction("only the holder of the Urbanization action places a new city")
        if not self.may_urbanize(p):
            raise IllegalAction("a new city is placed once, before any track is built")
        if len(action.args) != 2:
            raise IllegalAction("write: urbanize LETTER HEX, e.g. urbanize B K9")
        letter = str(action.args[0]).upper()
        if letter not in self.new_city_supply:
            raise IllegalAction(f"new city {letter} is not in the supply ({', '.join(self.new_city_supply)})")
        h = self._hex_arg(action.args[1])
        if h not in self.fig.towns:
            raise IllegalAction("a new city may only be placed on a town hex")
        if h in self.new_cities:
            raise IllegalAction("a new city may not be placed on another new city")
        tile = self.tiles.get(h)
        if tile is not None:
            # unfinished links leading out of the town lose their owner [rules: Vince's example]
            doomed = [link for link in self.links() if not link.complete and any(x == h for x, _ in link.tracks)]
            self._return_tile(tile)
            del self.tiles[h]
            for link in doomed:
                for x, t in link.tracks:
                    if x != h:
                        self.tiles[x]["owners"][t] = None
                if link.owner is not None:
                    self.emit("ownership_lost", player=link.owner, hex=label(h), why="urbanization")
        self.new_cities[h] = letter
        self.new_city_supply.remove(letter)
        self.cubes[h] = []
        assert self.build is not None
        self.build["urbanized"] = True
        self._board_changed()
        self.emit("urbanize", player=p, letter=letter, hex=label(h))

    def _do_done(self, p: int, action: Action) -> None:
        assert self.build is not None
        placed = {(h, tuple(t)) for h, t in self.build["placed"]}
        # an own unfinished link not extended in this build turn loses its owner [rules: Streckenbesitz]
        for link in self.links():
            extended = any((h, self.tiles[h]["tracks"][t]) in placed for h, t in link.tracks)
            if link.owner == p and not link.complete and not extended:
                for h, t in link.tracks:
                    self.tiles[h]["owners"][t] = None
                self.emit("ownership_lost", player=p, hex=label(link.tracks[0][0]), why="not extended")
        self._board_changed()
        self.emit("build_done", player=p, spent=self.build["spent"])
        self.queue.pop(0)
        self._next_builder()

    def _return_tile(self, tile: Tile) -> None:
        self.supply[tile["kind"]] += 1
        if tile["disc"]:
            self.discs += 1

    def _do_build(self, p: int, action: Action) -> None:
        if len(action.args) != 2:
            raise IllegalAction("write: build HEX TRACKS, e.g. build G7 14 or build K9 t03")
        h = self._hex_arg(action.args[0])
        tracks = parse_tracks(action.args[1])
        plan = self.check_build(p, h, tracks)
        if isinstance(plan, str):
            raise IllegalAction(plan)
        self._carry_out(p, plan)

    def build_costs(self, p: int) -> dict[str, int]:
        """The price of each of ``p``'s legal builds, by notation: a player sees what a track set costs before
        choosing it (empty when ``p`` is not the one building)."""
        if self.build is None or self.build["player"] != p:
            return {}
        costs: dict[str, int] = {}
        for action in self.legal_actions(p):
            if action.kind == "build":
                plan = self.check_build(p, self._hex_arg(action.args[0]), parse_tracks(action.args[1]))
                assert not isinstance(plan, str), plan  # a legal build passes its own check
                costs[str(action)] = plan.cost
        return costs

    def _legal_build(self, p: int) -> list[Action]:
        b = self.build
        assert b is not None
        actions: list[Action] = []
        if self.may_urbanize(p):
            letters = self.new_city_supply
            for h in sorted(self.fig.towns):
                if h not in self.new_cities:
                    actions.extend(Action("urbanize", letter, label(h)) for letter in letters)
        if b["builds_left"] > 0 and self.cash[p] > 0:
            self._walk_memo, self._link_memo = {}, {}
            try:
                self._legal_tiles(p, actions)
            finally:
                self._walk_memo = self._link_memo = None
        actions.append(Action("done"))
        return actions

    def _legal_tiles(self, p: int, actions: list[Action]) -> None:
        """Append the legal ``build`` actions in the order of _build_candidates. A new simple tile on an empty
        non-town hex is checked here directly (check_build's rules for that case, with the board's track ends,
        walks and tile kinds looked up once); everything else goes through check_build."""
        fig, tiles, towns, cash = self.fig, self.tiles, self.fig.towns, self.cash[p]
        cities = set(fig.cities).union(self.new_cities)
        # with more than 4 markers left the markers check of _check_after cannot fail
        fast = self.markers_left(p) > 4
        track_ends: dict[tuple[int, int], int | None] = {}  # (hex, side) -> owner of the track ending there
        for n, tile in tiles.items():
            for t, track in enumerate(tile["tracks"]):
                for side in track:
                    track_ends.setdefault((n, side), tile["owners"][t])
        kinds = _simple_kinds(fig)
        # in_supply[a * 6 + c]: a simple tile showing the track (a, c) is left in the supply
        in_supply = [(a, c) in kinds and self.supply[kinds[(a, c)]] > 0 for a in range(6) for c in range(6)]
        new_tile_actions = _NEW_TILE_ACTIONS
        first_tile = not self.has_built[p]
        for h in self._near_hexes():
            if h in cities or fig.terrain[h] == "lake":
                continue
            if not fast or h in tiles or h in towns:
                if first_tile and (h in tiles or h in towns):
                    continue  # a very first tile is a simple track on an empty plain hex
                if fast and h not in towns:
                    self._legal_on_tile(p, h, actions)
                    continue
                for tracks in self._hex_candidates(p, h):
                    plan = self.check_build(p, h, tracks)
                    if not isinstance(plan, str):
                        actions.append(_build_action(h, tuple(plan.tile["tracks"]), plan.tile["town"]))
                continue
            if fig.costs[fig.terrain[h]] > cash:
                continue
            neighbours = NEIGHBOURS[h]
            # per side: None where another player's track ends (closed), else (anchored, the stop reached)
            ends: list[tuple[bool, int | None] | None] = [None] * 6
            anchored = False
            for side in _OPEN_SIDES[h]:
                n = neighbours[side]
                if n in cities:
                    ends[side] = (True, n)
                    anchored = True
                    continue
                key = (n, (side + 3) % 6)
                if key not in track_ends:
                    ends[side] = (False, None)
                elif track_ends[key] in (None, p):
                    ends[side] = (True, self._walk_out(h, side)[1])
                    anchored = True
            if not anchored:
                continue
            for a, c, index in _PAIRS[h]:
                end_a, end_c = ends[a], ends[c]
                if end_a is None or end_c is None or not (end_a[0] or end_c[0]) or not in_supply[index]:
                    continue
                if first_tile and neighbours[a] not in cities and neighbours[c] not in cities:
                    continue
                if end_a[1] is not None and end_a[1] == end_c[1]:
                    continue  # a link may not start and end at the same stop
                key_action = h * 36 + index
                action = new_tile_actions.get(key_action)
                if action is None:
                    action = new_tile_actions[key_action] = _build_action(h, ((a, c),), False)
                actions.append(action)

    def _legal_on_tile(self, p: int, h: int, actions: list[Action]) -> None:
        """The legal builds on a plain hex holding a tile, for _legal_tiles: upgrades through check_build,
        redirections checked here (check_build's remaining rules for them: tile kind and supply, cost, the moved
        end not at another player's track, no link from a stop back to itself)."""
        fig, tile = self.fig, self.tiles[h]
        affordable = fig.costs["other_replacement"] <= self.cash[p]
        for tracks, redirect in self._tile_candidates(p, h, tile, list(_OPEN_SIDES[h])):
            if redirect is None:
                plan = self.check_build(p, h, tracks)
                if not isinstance(plan, str):
                    actions.append(_build_action(h, tuple(plan.tile["tracks"]), False))
                continue
            if not affordable:
                continue
            link, moved = redirect
            kind = _PLAIN_KINDS.get(tracks, "")
            if kind == "":
                kind = _PLAIN_KINDS[tracks] = self._tile_for(False, list(tracks))[0]
            if kind is None or self.supply[kind] + (1 if tile["kind"] == kind else 0) <= 0:
                continue
            what, owner, _ = self._connection(h, moved)
            if what == "track" and owner is not None and owner != p:
                continue
            start = link.stops[0]
            if start is not None and start == self._walk_out(h, moved)[1]:
                continue
            actions.append(_build_action(h, tracks, False))

    def _near_hexes(self) -> list[int]:
        """Hexes next to cities, tiles, and next to tiles (never the whole map), in order."""
        near: set[int] = set()
        for h in list(self.fig.cities) + list(self.new_cities):
            near.update(NEIGHBOURS[h])
        for h in self.tiles:
            near.add(h)
            near.update(NEIGHBOURS[h])
        near.discard(NO_HEX)
        return sorted(near)

    def _build_candidates(self, p: int) -> Iterable[tuple[int, tuple[Track, ...]]]:
        """Track sets worth checking: hexes next to cities, tiles, and next to tiles (never the whole map)."""
        fig = self.fig
        for h in self._near_hexes():
            if self.is_city(h) or fig.terrain[h] == "lake":
                continue
            for tracks in self._hex_candidates(p, h):
                yield h, tracks

    def _hex_candidates(self, p: int, h: int) -> Iterable[tuple[Track, ...]]:
        open_sides = [s for s in range(6) if self._side_open(h, s)]
        tile = self.tiles.get(h)
        if self.is_town(h):
            old = {t[0] for t in tile["tracks"]} if tile else set()
            if len(old) >= 4:
                return
            meets = {s: self._connection(h, s) for s in open_sides if s not in old}
            extra = [s for s, m in meets.items() if not (m[0] == "track" and m[1] not in (None, p))]
            anchors = {s for s in extra if meets[s][0] in ("city", "track")}
            rooted = tile is not None and p in tile["owners"]
            if not rooted and not anchors:
                return
            for subset in _subsets(extra, 4 - len(old)):
                if rooted or anchors.intersection(subset):
                    yield tuple((s,) for s in sorted(old | set(subset)))
            return
        if tile is None:
            # cheap pre-filter: a new tile needs an end at a city or at own/unowned track, none at another's
            meets = {s: self._connection(h, s) for s in open_sides}
            good = [s for s in open_sides if not (meets[s][0] == "track" and meets[s][1] not in (None, p))]
            anchors = {s for s in good if meets[s][0] == "city" or meets[s][0] == "track"}
            for i, a in enumerate(good):
                for c in good[i + 1:]:
                    if a in anchors or c in anchors:
                        yield ((a, c),)
            return
        for tracks, _ in self._tile_candidates(p, h, tile, open_sides):
            yield tracks

    def _tile_candidates(self, p: int, h: int, tile: Tile, open_sides: list[int]
                         ) -> Iterable[tuple[tuple[Track, ...], tuple[Link, int] | None]]:
        """Upgrades (with None) and redirections (with the link redirected and the moved end) of a plain tile."""
        old_tracks: list[Track] = tile["tracks"]
        used = {s for t in old_tracks for s in t}
        if len(old_tracks) == 1:
            # as for a new tile: check_build refuses an added track with an end at another player's track, or
            # with neither end at a city or at own or unowned track
            free = [s for s in open_sides if s not in used]
            meets = {s: self._connection(h, s) for s in free}
            free = [s for s in free if not (meets[s][0] == "track" and meets[s][1] not in (None, p))]
            anchors = {s for s in free if meets[s][0] in ("city", "track")}
            for i, a in enumerate(free):
                for c in free[i + 1:]:
                    if a in anchors or c in anchors:
                        yield tuple(sorted([old_tracks[0], (a, c)])), None
        for index, track in enumerate(old_tracks):  # redirections: keep one end, move the other
            link = self._link_of(h, index)
            if link.complete or link.owner not in (None, p):
                continue  # check_build refuses them all (_check_redirect)
            others = [t for i, t in enumerate(old_tracks) if i != index]
            taken = {s for t in others for s in t}
            for kept in track:
                free_end = track[0] if track[1] == kept else track[1]
                if self._connection(h, free_end)[0] != "open":
                    continue  # ditto: only the tile at the open end may be redirected
                for s in open_sides:
                    if s != kept and s not in taken and s not in track:
                        yield tuple(sorted([*others, (min(kept, s), max(kept, s))])), (link, s)

    def _side_open(self, h: int, side: int) -> bool:
        """Track may leave ``h`` through ``side``: never off the map or into a lake [rules: Einschränkungen]."""
        n = NEIGHBOURS[h][side]
        return n != NO_HEX and self.fig.terrain[n] != "lake"

    def _connection(self, h: int, side: int) -> tuple[str, int | None, tuple[int, int] | None]:
        """What the end of a track in ``h`` at ``side`` meets: ('city'|'track'|'open', owner, (hex, track))."""
        n = NEIGHBOURS[h][side]
        if n == NO_HEX:
            return "open", None, None
        if self.is_city(n):
            return "city", None, None
        tile = self.tiles.get(n)
        if tile is None:
            return "open", None, None
        back = opposite(side)
        for t, track in enumerate(tile["tracks"]):
            if back in track:
                return "track", tile["owners"][t], (n, t)
        return "open", None, None

    def check_build(self, p: int, h: int, tracks: tuple[Track, ...]) -> BuildPlan | str:
        """A plan for the build, or the reason (naming the rule) why it is illegal. Changes nothing."""
        b = self.build
        if b is None or b["player"] != p:
            return "it is not this player's build turn"
        if b["builds_left"] <= 0:
            return "a player builds at most 3 tiles a turn (4 with the Engineer action)"
        fig = self.fig
        if self.is_city(h):
            return "track may never be built on a city"
        if fig.terrain[h] == "lake":
            return "no track may be built in the Great Lakes"
        town = self.is_town(h)
        if any(len(t) != (1 if town else 2) for t in tracks) or not tracks:
            return ("a town hex takes exits written t0..t5, e.g. t03" if town
                    else "a hex takes side pairs, e.g. 14 or 03+14")
        sides = [s for t in tracks for s in t]
        if len(set(sides)) != len(sides) or any(not 0 <= s <= 5 for s in sides):
            return "tracks on a tile use the sides 0-5, each at most once"
        tile = self.tiles.get(h)
        old: list[Track] = list(tile["tracks"]) if tile else []
        new = sorted(tracks)
        if tile and new == sorted(old):
            return "the hex already has this track"
        if not self.has_built[p] and (town or tile is not None):
            return "a player's very first tile must be a simple track next to a city, leading into it"
        costs = fig.costs
        placed: list[Track] = []
        redirected: Track | None = None
        gone: Track = ()
        if town:
            if len(new) > 4:
                return "a town has at most 4 exits (a complex tile with a town disc)"
            if not set(old) <= set(new):
                return "replacing a town tile must keep the existing track (town track cannot be redirected)"
            placed = [t for t in new if t not in old]
            operation = "town-upgrade" if tile else "town"
            cost = costs["town_replacement"] if tile else costs["town_base"] + costs["town_per_exit"] * len(new)
        elif not old:
            if len(new) != 1:
                return "the first tile on a hex must be a simple track"
            placed = new[:]
            operation, cost = "new", costs[fig.terrain[h]]
        elif set(old) < set(new):
            if len(new) != 2:
                return "a tile holds at most two tracks"
            placed = [t for t in new if t not in old]
            operation, cost = "upgrade", costs["upgrade_to_complex"]
        elif len(new) == len(old) and len(set(old) - set(new)) == 1:
            (gone,) = set(old) - set(new)
            (came,) = set(new) - set(old)
            kept = set(gone) & set(came)
            if len(kept) != 1:
                return "a redirection keeps one end of the track and moves the other"
            reason = self._check_redirect(p, h, old.index(gone), kept.pop())
            if reason:
                return reason
            placed, redirected = [], came
            operation, cost = "redirect", costs["other_replacement"]
        else:
            return "a replacement must keep the existing track (only an upgrade or a redirection may change it)"
        kind, disc = self._tile_for(town, new)
        if kind is None:
            return "no tile shows this track layout"
        if self.supply[kind] + (1 if tile and tile["kind"] == kind else 0) <= 0:
            return f"no {kind.replace('_', ' ')} tile is left in the supply"
        discs_free = self.discs + (1 if tile and tile["disc"] else 0)
        if disc and discs_free <= 0:
            return "no town disc is left in the supply (8 in the game)"
        if cost > self.cash[p]:
            return f"building this costs ${cost}, more than the player's ${self.cash[p]}"

        if town:
            new_ends = [t[0] for t in placed]
        elif redirected is not None:
            new_ends = [s for s in redirected if s not in gone]  # only the moved end is new
        else:
            new_ends = [s for t in placed for s in t]
        # a redirection stays tied to its link; a town tile may grow from a town where the player has track
        anchored = operation == "redirect" or (town and tile is not None and p in tile["owners"])
        for s in new_ends:
            if not self._side_open(h, s):
                return "track may never leave the map or run into the Great Lakes"
            what, owner, _ = self._connection(h, s)
            if what == "track" and owner is not None and owner != p:
                return "track may never connect directly to another player's track"
            if what == "city" or (what == "track" and owner in (None, p)):
                anchored = True
        if not anchored:
            return "new track must connect to a city or to the player's own network"
        if not self.has_built[p] and not any(self._connection(h, s)[0] == "city" for s in new[0]):
            return "a player's very first tile must be a simple track next to a city, leading into it"
        owners: list[int | None] = []
        for track in new:
            if track in old:
                owners.append(tile["owners"][old.index(track)] if tile else None)
            elif track == redirected and tile is not None:
                owners.append(tile["owners"][old.index(gone)])  # a redirected track keeps its owner
            else:
                owners.append(p)
        new_tile: Tile = {"tracks": new, "owners": owners, "kind": kind, "disc": disc, "town": town}
        plan = BuildPlan(h, operation, cost, new_tile, placed, redirected)
        reason = self._check_after(p, plan)
        return reason or plan

    def _check_redirect(self, p: int, h: int, index: int, kept: int) -> str:
        tile = self.tiles[h]
        link = self._link_of(h, index)
        if link.complete:
            return "only the end of an unfinished link may be redirected"
        if link.owner not in (None, p):
            return "another player's track may never be changed"
        track = tile["tracks"][index]
        free_end = track[0] if track[1] == kept else track[1]
        if self._connection(h, free_end)[0] != "open":
            return "only the tile at the open end of an unfinished link may be redirected"
        return ""

    def _tile_for(self, town: bool, tracks: list[Track]) -> tuple[str | None, bool]:
        """The tile kind (and whether a town disc goes on it) showing ``tracks``: the text's and the supply's pick."""
        fig = self.fig
        if not town:
            shape = canonical(tracks)
            kind = (fig.simple_by_shape if len(tracks) == 1 else fig.complex_by_shape).get(shape)
            return kind, False
        exits = [t[0] for t in tracks]
        if len(exits) in (1, 3):
            return fig.town_by_exits.get(canonical_exits(exits)), False
        if len(exits) == 2:
            a, c = exits
            return fig.simple_by_shape.get(canonical([(a, c)])), True
        kinds = fig.complex_by_ends.get(canonical_exits(exits), ())
        available = [k for k in kinds if self.supply[k] > 0]
        choice = (available or list(kinds))[:1]
        return (choice[0] if choice else None), True

    def _check_after(self, p: int, plan: BuildPlan) -> str:
        """Checks needing the board after the build: loops, and the 20 ownership markers."""
        h = plan.hex
        for track in plan.placed + ([plan.redirected] if plan.redirected else []):
            if plan.tile["town"]:
                ends: tuple[int | None, int | None] = (h, self._walk_out(h, track[0])[1])
            elif plan.redirected == track:
                tile = self.tiles[h]
                gone = next(t for t in tile["tracks"] if t not in plan.tile["tracks"])
                link = self._link_of(h, tile["tracks"].index(gone))
                moved = next(s for s in track if s not in gone)
                ends = (link.stops[0], self._walk_out(h, moved)[1])
            else:
                ends = (self._walk_out(h, track[0])[1], self._walk_out(h, track[1])[1])
            if ends[0] is not None and ends[0] == ends[1]:
                return "a link may not start and end at the same city or town"
        if self.markers_left(p) > 4:  # a build adds at most four links (a town with four new exits)
            return ""
        saved, memo, link_memo = self.tiles.get(h), self._walk_memo, self._link_memo
        links_cache, exit_cache = self._links_cache, self._exit_cache  # the real board's, restored afterwards
        self.tiles[h] = plan.tile
        self._walk_memo = self._link_memo = None  # the walks remembered are those of the board without the build
        self._board_changed()
        try:
            mine = sum(1 for link in self.links() if any(self.tiles[x]["owners"][t] == p for x, t in link.tracks))
            if mine > int(self.fig.game["markers"]["ownership"]):
                return "a player has 20 ownership markers; this build would need more"
            return ""
        finally:
            if saved is None:
                del self.tiles[h]
            else:
                self.tiles[h] = saved
            self._walk_memo, self._link_memo = memo, link_memo
            self._links_cache, self._exit_cache = links_cache, exit_cache

    def _carry_out(self, p: int, plan: BuildPlan) -> None:
        b = self.build
        assert b is not None
        old = self.tiles.get(plan.hex)
        if old is not None:
            self._return_tile(old)
        self.supply[plan.tile["kind"]] -= 1
        if plan.tile["disc"]:
            self.discs -= 1
        self.tiles[plan.hex] = plan.tile
        self._board_changed()
        # the links the new track joins become the builder's (own links, or unowned ones taken over)
        for t, track in enumerate(plan.tile["tracks"]):
            if track in plan.placed or track == plan.redirected:
                link = self._link_of(plan.hex, t)
                owned = any(self.tiles[x]["owners"][i] == p for x, i in link.tracks if (x, i) != (plan.hex, t))
                new_owner = p if (track in plan.placed or owned) else self._redirect_owner(link)
                for x, i in link.tracks:
                    self.tiles[x]["owners"][i] = new_owner
        self._board_changed()
        self.cash[p] -= plan.cost
        b["builds_left"] -= 1
        b["spent"] += plan.cost
        b["placed"].extend([plan.hex, list(t)] for t in plan.placed)
        self.has_built[p] = True
        self.emit("build", player=p, hex=label(plan.hex), operation=plan.operation, cost=plan.cost,
                  tile=plan.tile["kind"], disc=plan.tile["disc"],
                  tracks=format_tracks(plan.tile["tracks"], plan.tile["town"]))

    def _redirect_owner(self, link: Link) -> int | None:
        others = {self.tiles[x]["owners"][i] for x, i in link.tracks}  # the redirected track keeps its owner
        others.discard(None)
        return others.pop() if others else None

    # ----- links ----------------------------------------------------------------------------------------------
    def _walk_out(self, h: int, side: int) -> tuple[list[tuple[int, int]], int | None]:
        """Follow track leaving ``h`` through ``side``: the tracks passed and the stop reached (None: open end).
        The result is shared while a memo is on (callers copy, never change it)."""
        memo = self._walk_memo
        if memo is None:
            return self._walk(h, side)
        hit = memo.get((h, side))
        if hit is None:
            hit = memo[(h, side)] = self._walk(h, side)
        return hit

    def _walk(self, h: int, side: int) -> tuple[list[tuple[int, int]], int | None]:
        passed: list[tuple[int, int]] = []
        cur, s = h, side
        for _ in range(400):
            n = NEIGHBOURS[cur][s]
            if n == NO_HEX:
                return passed, None
            if self.is_city(n):
                return passed, n
            tile = self.tiles.get(n)
            if tile is None:
                return passed, None
            back = opposite(s)
            index = next((i for i, tr in enumerate(tile["tracks"]) if back in tr), -1)
            if index < 0:
                return passed, None
            passed.append((n, index))
            if tile["town"]:
                return passed, n
            a, c = tile["tracks"][index]
            cur, s = n, (c if a == back else a)
        raise RuntimeError("track walk did not end")  # pragma: no cover - a cycle without stops cannot be built

    def _link_of(self, h: int, t: int) -> Link:
        memo = self._link_memo
        if memo is None:
            return self._make_link(h, t)
        link = memo.get((h, t))
        if link is None:
            link = memo[(h, t)] = self._make_link(h, t)
        return link

    def _make_link(self, h: int, t: int) -> Link:
        tile = self.tiles[h]
        track = tile["tracks"][t]
        if tile["town"]:
            (side,) = track
            passed, stop = self._walk_out(h, side)
            tracks = [(h, t), *passed]
            stops: tuple[int | None, int | None] = (h, stop)
        else:
            left, first = self._walk_out(h, track[0])
            right, last = self._walk_out(h, track[1])
            tracks, stops = [*left[::-1], (h, t), *right], (first, last)
            if first is None and last is not None:
                tracks, stops = tracks[::-1], (last, first)
        owners = {self.tiles[x]["owners"][i] for x, i in tracks}
        owner = owners.pop() if len(owners) == 1 else next((o for o in owners if o is not None), None)
        exit_sides = (self._exit_side(stops[0], tracks[0]), self._exit_side(stops[1], tracks[-1]))
        return Link(tracks, stops, owner, exit_sides)

    def _exit_side(self, stop: int | None, track: tuple[int, int]) -> int:
        if stop is None:
            return -1
        h, t = track
        if h == stop:  # a town's own spoke
            return int(self.tiles[h]["tracks"][t][0])
        return side_towards(stop, h)

    def links(self) -> list[Link]:
        if self._links_cache is None:
            seen: set[tuple[int, int]] = set()
            found: list[Link] = []
            for h in sorted(self.tiles):
                for t in range(len(self.tiles[h]["tracks"])):
                    if (h, t) not in seen:
                        link = self._link_of(h, t)
                        seen.update(link.tracks)
                        found.append(link)
            self._links_cache = found
        return self._links_cache

    def exits(self) -> dict[tuple[int, int], Link]:
        """Complete links by (stop, side the link leaves it through)."""
        if self._exit_cache is None:
            table: dict[tuple[int, int], Link] = {}
            for link in self.links():
                if link.complete:
                    a, c = link.stops
                    assert a is not None and c is not None
                    table[(a, link.exit_sides[0])] = link
                    table[(c, link.exit_sides[1])] = link
            self._exit_cache = table
        return self._exit_cache

    # ----- move goods -----------------------------------------------------------------------------------------
    def _start_move(self, move_round: int) -> None:
        self.phase = "move"
        self.move_round = move_round
        if move_round == 1:
            self.loco_moved = [False] * self.num_players
        self.queue = self._first_then_order("first-move")
        if not self.queue:
            self._end_of_round()

    def _legal_move(self, p: int) -> list[Action]:
        actions = [Action("move", label(h), color, *sides) for h, color, sides in self.deliveries(p)]
        if not self.loco_moved[p] and self.loco[p] < int(self.fig.game["locomotive"]["max"]):
            actions.append(Action("locomotive"))
        actions.append(Action("pass"))
        return actions

    def deliveries(self, p: int) -> list[tuple[int, str, tuple[int, ...]]]:
        """Every legal delivery of ``p``: (city, cube colour, exit sides)."""
        exits = self.exits()
        result: list[tuple[int, str, tuple[int, ...]]] = []
        limit = self.loco[p]
        for start in sorted(self.cubes):
            for color in sorted(set(self.cubes[start])):
                stack: list[tuple[int, tuple[int, ...], frozenset[int]]] = [(start, (), frozenset([start]))]
                while stack:
                    cur, sides, visited = stack.pop()
                    if len(sides) >= limit:
                        continue
                    for side in range(6):
                        link = exits.get((cur, side))
                        if link is None:
                            continue
                        dest = link.stops[1] if link.stops[0] == cur and link.exit_sides[0] == side else link.stops[0]
                        assert dest is not None
                        if dest in visited:
                            continue
                        path = (*sides, side)
                        if self.city_color(dest) == color:
                            result.append((start, color, path))  # a cube stops at the first city of its colour
                        else:
                            stack.append((dest, path, visited | {dest}))
        return sorted(result, key=lambda r: (r[0], r[1], r[2]))

    def _do_move(self, p: int, action: Action) -> None:
        args = action.args
        if len(args) < 3:
            raise IllegalAction("write: move HEX COLOR SIDE..., e.g. move H6 blue 2 3")
        start = self._hex_arg(args[0])
        color = str(args[1]).lower()
        sides = list(args[2:])
        if not all(isinstance(s, int) and 0 <= s <= 5 for s in sides):
            raise IllegalAction("each stop's exit is a side 0-5")
        if color not in self.cubes.get(start, []):
            raise IllegalAction(f"there is no {color} cube at {label(start)}")
        if len(sides) > self.loco[p]:
            raise IllegalAction(f"a cube moves over at most as many links as the locomotive shows ({self.loco[p]})")
        exits = self.exits()
        visited, cur, used = {start}, start, []
        for i, side in enumerate(sides):
            assert isinstance(side, int)
            link = exits.get((cur, side))
            if link is None:
                raise IllegalAction(f"no established link leaves {label(cur)} through side {side}")
            dest = link.stops[1] if link.stops[0] == cur and link.exit_sides[0] == side else link.stops[0]
            assert dest is not None
            if dest in visited:
                raise IllegalAction("a cube may visit each city and town only once")
            if self.city_color(dest) == color and i < len(sides) - 1:
                raise IllegalAction("a cube stops at the first city of its colour")
            visited.add(dest)
            used.append(link)
            cur = dest
        if self.city_color(cur) != color:
            raise IllegalAction(f"a {color} cube must end in a {color} city")
        self.cubes[start].remove(color)
        self.bag[color] += 1
        for link in used:
            if link.owner is not None and not self.eliminated[link.owner]:
                self.income[link.owner] += 1
        self.emit("move", player=p, hex=label(start), color=color, to=label(cur), links=len(used),
                  owners=[link.owner for link in used])
        self._next_mover()

    def _do_locomotive(self, p: int, action: Action) -> None:
        if self.loco_moved[p]:
            raise IllegalAction("the locomotive advances instead of a move once per move phase")
        if self.loco[p] >= int(self.fig.game["locomotive"]["max"]):
            raise IllegalAction("the locomotive shows 6 links at most")
        self.loco_moved[p] = True
        self.loco[p] += 1
        self.emit("locomotive", player=p, level=self.loco[p])
        self._next_mover()

    def _do_pass(self, p: int, action: Action) -> None:
        self.emit("pass", player=p)
        self._next_mover()

    def _next_mover(self) -> None:
        self.queue.pop(0)
        if self.queue:
            return
        if self.move_round == 1:
            self._start_move(2)
        else:
            self._end_of_round()

    # ----- income, expenses, reduction, goods growth ----------------------------------------------------------
    def _end_of_round(self) -> None:
        self.move_round = None
        fig = self.fig
        for p in self.alive():
            self.cash[p] += self.income[p]
            self.emit("income", player=p, amount=self.income[p], cash=self.cash[p])
        expenses = fig.game["expenses"]
        for p in self.alive():
            due = self.shares[p] * int(expenses["per_share"]) + self.loco[p] * int(expenses["per_locomotive"])
            paid = min(due, self.cash[p])
            self.cash[p] -= paid
            short = due - paid
            self.emit("expenses", player=p, due=due, paid=paid, short=short)
            if short:
                self.income[p] -= short  # each dollar not paid costs one income
                if self.income[p] < 0:
                    self._eliminate(p)
        for p in self.alive():
            loss = fig.income_loss(self.income[p])
            if loss:
                self.income[p] -= loss
                self.emit("income_reduction", player=p, loss=loss, income=self.income[p])
        holder = self.holder("production")
        if holder is not None:
            self.phase = "production"
            self.production = {"player": holder, "drawn": self._draw(2, "production")}
            self._settle_production()
        else:
            self._goods_growth()

    def _eliminate(self, p: int) -> None:
        self.eliminated[p] = True
        for link in self.links():
            if link.owner == p and not link.complete:
                for h, t in link.tracks:
                    self.tiles[h]["owners"][t] = None
        self._board_changed()
        self.order = [q for q in self.order if q != p]
        self.emit("bankrupt", player=p, income=self.income[p])

    def empty_spaces(self) -> list[str]:
        return [f"{d}.{i + 1}" for d in self.fig.display_ids for i, c in enumerate(self.display[d]) if c is None]

    def _settle_production(self) -> None:
        prod = self.production
        assert prod is not None
        while prod["drawn"] and not self.empty_spaces():
            color = prod["drawn"].pop(0)
            self.bag[color] += 1  # no empty space: the cube goes back to the bag
            self.emit("production_returned", color=color)
        if not prod["drawn"]:
            self.production = None
            self._goods_growth()

    def _do_produce(self, p: int, action: Action) -> None:
        prod = self.production
        assert prod is not None
        space = str(action.args[0]) if action.args else ""
        if space == "none":
            color = prod["drawn"].pop(0)
            self.bag[color] += 1
            self.emit("production_returned", color=color, player=p)
            self._settle_production()
            return
        if space not in self.empty_spaces():
            raise IllegalAction("a produced cube goes on an empty space of the goods display, e.g. W3.2 or A.1, "
                                "or back to the bag: produce none")
        display_id, index = space.split(".")
        color = prod["drawn"].pop(0)
        self.display[display_id][int(index) - 1] = color
        self.emit("produce", player=p, space=space, color=color)
        self._settle_production()

    def _goods_growth(self) -> None:
        self.phase = "production"
        count = self.num_players if self.options["growth_dice"] == "starting" else len(self.alive())
        growth: dict[str, list[int]] = {}
        for half, prefix in (("west", "W"), ("east", "E")):
            dice = [self.roll(None, why=f"goods growth {half}") for _ in range(count)]
            growth[half] = dice
            for value in dice:
                self._grow(f"{prefix}{value}", self.fig.city_by_slot[(half, value)])
                for letter, slot in self.fig.new_city_rows.items():
                    if slot == (half, value):
                        city = next((h for h, x in self.new_cities.items() if x == letter), None)
                        if city is not None:  # only new cities on the map receive goods
                            self._grow(letter, city)
        self.last_growth = growth
        self._advance_round()

    def _grow(self, display_id: str, city: int) -> None:
        spaces = self.display[display_id]
        for i, color in enumerate(spaces):  # the top-most cube first
            if color is not None:
                spaces[i] = None
                self.cubes[city].append(color)
                self.emit("growth", space=f"{display_id}.{i + 1}", color=color, hex=label(city))
                return

    def _advance_round(self) -> None:
        if self.round >= self.rounds or not self.alive():
            self._end_game()
            return
        self.round += 1
        self._start_round()

    def _end_game(self) -> None:
        self.over = True
        self.phase = "over"
        self.queue = []
        self.emit("game_over", scores=[s.to_dict() for s in self.scores()])

    # ----- scores ---------------------------------------------------------------------------------------------
    def scores(self) -> list[Score]:
        sections = [0] * self.num_players
        for link in self.links():
            if link.complete and link.owner is not None:
                sections[link.owner] += len(link.tracks)
        result: list[Score] = []
        for p in range(self.num_players):
            if self.eliminated[p]:
                result.append(Score(0, {"income": 0, "track": 0, "shares": 0}))
                continue
            breakdown = {"income": 3 * self.income[p], "track": sections[p], "shares": -3 * self.shares[p]}
            result.append(Score(sum(breakdown.values()), breakdown))
        living = [result[p].total for p in self.alive()]
        floor = min([*living, 0]) - 1
        for p in range(self.num_players):
            if self.eliminated[p]:  # eliminated players rank last
                result[p] = Score(floor, {"income": 0, "track": 0, "shares": 0, "eliminated": floor})
        return result

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


# ----- notation -----------------------------------------------------------------------------------------------------
def parse_tracks(token: object) -> tuple[Track, ...]:
    """``14`` / ``03+14`` -> ((1, 4),) / ((0, 3), (1, 4)); ``t03`` -> ((0,), (3,)) (town exits)."""
    text = str(token)
    if text.startswith("t"):
        digits = text[1:]
        if not digits.isdigit() or list(digits) != sorted(set(digits)):
            raise IllegalAction("town exits are written t followed by distinct side digits in order, e.g. t03")
        return tuple((int(d),) for d in digits)
    if isinstance(token, int):
        text = f"{token:02d}" if token < 10 else str(token)
    pairs = text.split("+")
    result: list[Track] = []
    for pair in pairs:
        if len(pair) != 2 or not pair.isdigit() or pair[0] >= pair[1]:
            raise IllegalAction("tracks are side-digit pairs, each ascending, joined by +, e.g. 03+14")
        result.append((int(pair[0]), int(pair[1])))
    if result != sorted(result):
        raise IllegalAction("write the track pairs in ascending order, e.g. 03+14")
    return tuple(result)


def format_tracks(tracks: Iterable[Track], town: bool) -> str:
    listed = sorted(tuple(t) for t in tracks)
    if town:
        return "t" + "".join(str(t[0]) for t in listed)
    return "+".join(f"{a}{c}" for a, c in listed)


def tracks_arg(text: str) -> Arg:
    """The action argument for ``text`` as the notation parser reads it (``14`` is a number, ``03`` is not)."""
    return int(text) if text.isdigit() and not text.startswith("0") else text


_OPEN_SIDES: dict[int, tuple[int, ...]] = {
    h: tuple(s for s, n in enumerate(NEIGHBOURS[h]) if n != NO_HEX and figures().terrain[n] != "lake")
    for h in NEIGHBOURS
}  # the sides track may leave each hex through (the map's terrain is the same whatever the options)


def _simple_kinds(fig: Figures) -> dict[Track, str]:
    """The simple tile kind of each single track (a, c), a < c."""
    return {(a, c): kind for a in range(6) for c in range(a + 1, 6)
            if (kind := fig.simple_by_shape.get(canonical([(a, c)]))) is not None}


_PAIRS: dict[int, tuple[tuple[int, int, int], ...]] = {
    h: tuple((a, c, a * 6 + c) for i, a in enumerate(sides) for c in sides[i + 1:])
    for h, sides in _OPEN_SIDES.items()
}  # (a, c, a * 6 + c) for each pair of open sides a < c of each hex
_PLAIN_KINDS: dict[tuple[Track, ...], str | None] = {}  # a plain hex's track set -> its tile kind (tiles.toml)
_NEW_TILE_ACTIONS: dict[int, Action] = {}  # hex * 36 + a * 6 + c -> the build of a new simple tile (a, c)
_BUILD_ACTIONS: dict[tuple[int, tuple[Track, ...], bool], Action] = {}


def _build_action(h: int, tracks: tuple[Track, ...], town: bool) -> Action:
    """The ``build`` action for a hex's whole track set (built once, then looked up: legal lists repeat them)."""
    key = (h, tracks, town)
    action = _BUILD_ACTIONS.get(key)
    if action is None:
        action = _BUILD_ACTIONS[key] = Action("build", label(h), tracks_arg(format_tracks(tracks, town)))
    return action


def _subsets(items: list[int], most: int) -> Iterable[tuple[int, ...]]:
    from itertools import combinations
    for size in range(1, most + 1):
        yield from combinations(items, size)


STATE_CLASS = AgeOfSteamState
