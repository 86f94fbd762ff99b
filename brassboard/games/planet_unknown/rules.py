"""Planet Unknown (Adam's Apple Games, 2022): the symmetric planet KSB-4156 and the Universal Coalition, 1–6 players.

Round by round: the station commander turns the S.U.S.A.N. (fixed single step with 1–2 players), an event may be
revealed, then **every player at once** takes the top tile of one of the two stacks at their depot, places it on
their planet and advances their corporation's trackers, resolving the benefits in the order they choose. Civ
milestones are claimed at the end of the round in turn order from the commander, because the civ cards are shared.

The state walks through phases:

- ``objectives`` — players with private objectives dealt drop the ones they do not keep (simultaneous);
- ``rotate`` — the commander turns the station (3–6 players, or 2 with the ``two_player_rotation`` option);
- ``event`` — the revealed event's choices, every affected player at once;
- ``tiles`` — every player places (or, if nothing fits, takes) a tile and resolves its benefits, then ``done``;
- ``claim`` — civ milestones in turn order from the commander (one player at a time: the cards are shared);
- ``final`` — end-game civ cards and stored biomass patches; then the game is over and scored.

A player's open benefits ("pending items") are kept as small JSON lists in ``pending``; each has its action kind
(see the README for the notation). Rover movement is a pool spent square by square with ``rove`` until ``done``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from brassboard.engine import Action, GameInfo, GameState, IllegalAction, OptionSpec, Rng, Score

from . import geometry as g
from .figures import (
    BIOMASS,
    ENERGY,
    EXTERIOR,
    INTERIOR,
    RESOURCE_INDEX,
    RESOURCES,
    ROVER,
    TECH,
    TRACK_TOP,
    TRACKS,
    WATER,
    Figures,
    Placement,
    figures,
)

FIG: Figures = figures()
PLANET = FIG.planet
CORP = FIG.corporation
STACK_NAMES = (INTERIOR, EXTERIOR)
_DEFAULT_MIX = FIG.raw["events"]["deck"]["default_mix"]

INFO = GameInfo(
    id="planet_unknown",
    name="Planet Unknown",
    min_players=1,
    max_players=6,
    simultaneous=True,
    chance=True,
    hidden_information=True,
    options=(
        OptionSpec("events", False, "Play with the event cards (always on in the solo game)."),
        OptionSpec("event_green", _DEFAULT_MIX["green"], "Green event cards in the 20-card event deck.",
                   bounds=(0, FIG.event_deck_size)),
        OptionSpec("event_orange", _DEFAULT_MIX["orange"], "Orange event cards in the 20-card event deck.",
                   bounds=(0, FIG.event_deck_size)),
        OptionSpec("event_red", _DEFAULT_MIX["red"], "Red event cards in the 20-card event deck.",
                   bounds=(0, FIG.event_deck_size)),
        OptionSpec("private_objectives", False,
                   "Deal private objectives in a multiplayer game (2, keep 1). The solo game always deals 4, keeps 3."),
        OptionSpec("two_player_rotation", "auto",
                   "Two players: the station turns one depot every round (auto) or as the commander likes.",
                   choices=("auto", "commander")),
    ),
    description="Cover your planet with polyomino tiles drafted from a turning space station; advance five tracks.",
)

# Phases
OBJECTIVES, ROTATE, EVENT, TILES = "objectives", "rotate", "event", "tiles"
CLAIM, FINAL, OVER = "claim", "final", "over"

# Round flags set by events (ref §8)
FLAG_NO_EDGE, FLAG_NO_ICE, FLAG_NO_MATCHING = "no_edge", "no_ice", "no_matching"
FLAG_ONE_RESOURCE, FLAG_NO_MILESTONES, FLAG_NO_SYNERGY = "one_resource", "no_milestones", "no_synergy"
FLAG_EXTRA_ROVER = "extra_rover"
FLAG_ROVER_FORBIDDEN = "rover_forbidden:"  # + terrain name

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Item = list[Any]


def _track(name: Any) -> int:
    if not isinstance(name, str) or name not in TRACKS:
        raise IllegalAction(f"{name!r} is not a track; tracks are {', '.join(TRACKS)}")
    return RESOURCE_INDEX[name]


def _square(x: Any, y: Any) -> int:
    if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < g.WIDTH and 0 <= y < g.HEIGHT):
        raise IllegalAction(f"({x}, {y}) is not a square of the grid (x and y run 0-{g.WIDTH - 1})")
    if not PLANET.squares & g.bit(x, y):
        raise IllegalAction(f"({x}, {y}) is not a square of the planet")
    return g.cell(x, y)


class Corp:
    """One player's planet and corporation board."""

    FIELDS = ("tracks", "tech", "occupied", "terrain", "icons", "patches", "meteor_symbols", "meteorites",
              "lifepods", "rovers", "rovers_left", "rovers_lost", "lifepods_collected", "lifepods_lost",
              "meteorites_collected", "meteorites_destroyed", "placed", "unplaced", "last_tile", "stored_patches",
              "civ", "objectives", "pending", "movement", "finished", "took_tile", "offer", "peek")

    def __init__(self) -> None:
        self.tracks = [0] * 5
        self.tech = 0  # bit k: tech level k unlocked
        self.occupied = 0  # squares covered by tiles and biomass patches
        self.terrain = [0] * 6  # per resource: squares of that terrain (patches are biomass)
        self.icons = [0] * 6  # per resource: squares holding that resource's icon
        self.patches = 0
        self.meteor_symbols = 0  # printed meteor symbols on placed tiles
        self.meteorites = 0  # meteorites on the planet
        self.lifepods = PLANET.lifepods
        self.rovers: list[int] = []  # squares of deployed rovers, in deployment order
        self.rovers_left = CORP.rovers  # rovers still on the corporation board
        self.rovers_lost = 0
        self.lifepods_collected = 0
        self.lifepods_lost = 0
        self.meteorites_collected = 0
        self.meteorites_destroyed = 0  # destroyed by cards or events: they leave the game unscored
        self.placed: list[list[int]] = []  # [tile type, x, y, orientation] in placing order
        self.unplaced: list[int] = []  # tiles taken when nothing fitted (end trigger A)
        self.last_tile = 0  # squares of the last tile placed (rover deployment)
        self.stored_patches = 0  # tech level 2
        self.civ: list[int] = []  # civ cards kept
        self.objectives: list[int] = []  # private objectives kept
        self.pending: list[Item] = []
        self.movement = 0
        self.finished = False  # done with the current phase
        self.took_tile = False  # placed or took this round's tile
        self.offer: list[int] = []  # civ cards on offer to this player (claim) or private objectives dealt
        self.peek = 0  # the next event's id, if this player peeked at it (events 117/118)

    def copy(self) -> Corp:
        new = Corp.__new__(Corp)
        new.__dict__.update(self.__dict__)
        for name in ("tracks", "terrain", "icons", "rovers", "placed", "unplaced", "civ", "objectives", "offer"):
            setattr(new, name, list(getattr(self, name)))  # their elements are never changed in place
        new.pending = [list(item) for item in self.pending]  # items are changed at the top level only
        return new

    def to_dict(self) -> dict[str, Any]:
        return {name: copy.deepcopy(getattr(self, name)) for name in Corp.FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Corp:
        new = cls.__new__(cls)
        for name in Corp.FIELDS:
            setattr(new, name, copy.deepcopy(data[name]))
        return new

    def level(self, level: int) -> bool:
        return bool(self.tech >> level & 1)


class PlanetUnknownState(GameState):
    info = INFO

    def __init__(self, players: int, options: Mapping[str, Any] | None, seed: int) -> None:
        super().__init__(players, options, seed)
        n = players
        self.solo = n == 1
        self.events_on = self.solo or bool(self.options["events"])
        mix = [self.options["event_green"], self.options["event_orange"], self.options["event_red"]]
        if self.events_on and (min(mix) < 0 or sum(mix) != FIG.event_deck_size):
            raise ValueError(f"the event deck holds {FIG.event_deck_size} cards: green + orange + red = {sum(mix)}")
        self.corps = [Corp() for _ in range(n)]
        self.round = 0
        self.phase = OBJECTIVES
        self.after_claim = TILES  # where the claim phase leads
        self.claim_order: list[int] = []
        self.flags: list[str] = []
        self.event = 0  # the event revealed this round
        self.last_round = False
        self.end_reasons: list[str] = []
        # the station
        self.shift = self.rng.below(6)
        self.rotation = self.rng.below(6) if self.solo else 0
        self.stacks: list[list[list[int]]] = [[], []]  # [interior|exterior][stack] -> tile types, top last
        for ring, shapes in ((0, FIG.interior_ring), (1, FIG.exterior_ring)):
            for shape in shapes:
                stack = [(2 * family + meteor) * 12 + shape for family in range(6) for meteor in (0, 1)]
                self.rng.shuffle(stack)
                self.stacks[ring].append(stack)
        self.removed: list[int] = []  # tiles removed from the station by event 116
        self.taken: list[list[int]] = [[], []]  # stacks taken from this round: their new top is not yet shown
        self.commander = self.rng.below(n)
        # civ cards: players + 1 per rank at random (solo 2), the rest back to the box
        self.civ_piles: list[list[int]] = []
        self.civ_box: list[int] = []
        for _rank, ids in FIG.civ_ranks().items():
            pool = list(ids)
            self.rng.shuffle(pool)
            keep = FIG.civ_kept_per_rank[n]
            self.civ_piles.append(sorted(pool[:keep]))
            self.civ_box.extend(pool[keep:])
        self.civ_box.sort()
        # objectives: one deck, each card serves one side
        deck = sorted(FIG.objectives)
        self.rng.shuffle(deck)
        setup = FIG.objective_setup
        self.neighbor_cards: list[list[int]] = []  # [card, player a, player b]
        if n == 2:
            for _ in range(setup["two_player_neighbor_cards"]):
                self.neighbor_cards.append([deck.pop(), 0, 1])
        elif n >= 3:
            for p in range(n):
                self.neighbor_cards.append([deck.pop(), p, (p + 1) % n])
        self.objective_deck = deck
        if self.solo or self.options["private_objectives"]:
            dealt = setup["solo_private_dealt"] if self.solo else setup["multiplayer_private_dealt"]
            kept = setup["solo_private_kept"] if self.solo else setup["multiplayer_private_kept"]
            for corp in self.corps:
                corp.offer = [deck.pop() for _ in range(dealt)]  # dealt order is random: slots tell nothing
                corp.pending.append(["objectives", dealt - kept])
        # events
        self.event_deck: list[int] = []
        self.event_counts = [0, 0, 0]
        if self.events_on:
            for colour_index, colour in enumerate(("green", "orange", "red")):
                pool = sorted(c["id"] for c in FIG.events.values()
                              if c["colour"] == colour and (self.solo or not c["solo"]))
                if mix[colour_index] > len(pool):
                    raise ValueError(f"only {len(pool)} {colour} event cards exist for this player count")
                self.rng.shuffle(pool)
                self.event_deck.extend(pool[:mix[colour_index]])
                self.event_counts[colour_index] = mix[colour_index]
            self.rng.shuffle(self.event_deck)
        self._legal: dict[int, list[Action]] = {}
        if any(c.pending for c in self.corps):
            self.phase = OBJECTIVES
        else:
            self._start_round()
        self._events = []

    # ----- geometry of the station ----------------------------------------------------------------------------
    def depot(self, player: int) -> tuple[int, int]:
        """(interior stack, exterior stack) facing ``player`` now."""
        exterior = (FIG.seats[self.num_players][player] + self.rotation) % 6
        return (exterior + self.shift) % 6, exterior

    def depot_stack(self, player: int, name: str) -> tuple[int, int]:
        interior, exterior = self.depot(player)
        return (0, interior) if name == INTERIOR else (1, exterior)

    def top(self, ring: int, stack: int) -> int | None:
        tiles = self.stacks[ring][stack]
        return tiles[-1] if tiles else None

    # ----- protocol ---------------------------------------------------------------------------------------------
    def active_players(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == ROTATE:
            return [self.commander]
        if self.phase == CLAIM:
            return self.claim_order[:1]
        return [p for p, corp in enumerate(self.corps) if not corp.finished]

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int) -> list[Action]:
        return list(self._cached_legal(player))

    def _cached_legal(self, player: int) -> list[Action]:
        """The legal actions, computed once per state (callers outside get a copy)."""
        cached = self._legal.get(player)
        if cached is None:
            cached = self._legal[player] = self._compute_legal(player) if player in self.active_players() else []
        return cached

    def _compute_legal(self, p: int) -> list[Action]:
        corp = self.corps[p]
        if self.phase == ROTATE:
            return [Action("turn", k) for k in range(6)]
        if self.phase == TILES and not corp.took_tile:
            return self._tile_actions(p, round_tile=True)
        if corp.offer and self.phase == CLAIM:
            # by slot in a shuffled offer, so the public log never tells which secret card was kept
            return [Action("keep", slot) for slot in range(1, len(corp.offer) + 1)]
        actions: list[Action] = []
        seen: set[Action] = set()
        for item in corp.pending:
            for action in self._item_actions(p, item):
                if action not in seen:
                    seen.add(action)
                    actions.append(action)
        if corp.movement:
            actions.extend(self._rover_moves(p))
        if self._may_finish(p):
            actions.append(Action("done"))
        return actions

    def _may_finish(self, p: int) -> bool:
        corp = self.corps[p]
        if self.phase == OBJECTIVES or (corp.offer and self.phase == CLAIM):
            return False
        open_items = [i for i in corp.pending if i[0] != "civ"]
        if open_items:
            return False
        return (self.phase == TILES and corp.took_tile) or bool(corp.movement)

    # ----- legal actions per pending item ---------------------------------------------------------------------
    def _item_actions(self, p: int, item: Item) -> list[Action]:
        corp = self.corps[p]
        kind = item[0]
        if kind == "gain":
            return [Action("gain", TRACKS[item[1]])]
        if kind == "energy":
            return [Action("energy", TRACKS[t]) for t in item[1]]
        if kind == "synergy":
            return [Action("synergy", TRACKS[t]) for t in self._advanceable(corp, range(5))]
        if kind == "synergy_or_peek":
            actions = [Action("synergy", TRACKS[t]) for t in self._advanceable(corp, range(5))]
            return actions + ([Action("peek")] if len(self.event_deck) else [])
        if kind == "advance":
            return [Action("advance", TRACKS[t]) for t in self._advanceable(corp, item[1])]
        if kind == "regress":
            return [Action("regress", TRACKS[t]) for t in item[1] if corp.tracks[t] > 0]
        if kind == "only":
            return [Action("only", RESOURCES[item[1]]), Action("only", RESOURCES[item[3]])]
        if kind == "patch":
            actions = [Action("patch", *g.xy(i)) for i in g.cells_of(self._patch_squares(corp))]
            if corp.level(2) and self.phase != FINAL:
                actions.append(Action("store"))
            return actions
        if kind == "deploy":
            if corp.rovers_left <= 0:
                return []  # every rover is out already: the milestone brings nothing
            return [Action("deploy", *g.xy(i)) for i in g.cells_of(self._deploy_squares(corp))]
        if kind == "teleport":
            free = PLANET.squares & ~self._rover_mask(corp)
            return [Action("teleport", r, *g.xy(i)) for r in range(len(corp.rovers)) for i in g.cells_of(free)]
        if kind == "collect":
            source = corp.lifepods if item[1] == "lifepod" else corp.meteorites
            return [Action("collect", *g.xy(i)) for i in g.cells_of(source)]
        if kind == "destroy":
            if item[1] == "rover":
                return [Action("destroy", *g.xy(i)) for i in corp.rovers]
            source = corp.lifepods if item[1] == "lifepod" else corp.meteorites
            return [Action("destroy", *g.xy(i)) for i in g.cells_of(source)]
        if kind == "clear":
            rows = [Action("clear", "row", y) for y in range(g.HEIGHT) if corp.meteorites & PLANET.rows[y]]
            return rows + [Action("clear", "column", x) for x in range(g.WIDTH) if corp.meteorites & PLANET.columns[x]]
        if kind == "add_meteorite":
            return [Action("meteorite", *g.xy(i)) for i in g.cells_of(corp.meteor_symbols & ~corp.meteorites)]
        if kind == "depot_tile":
            return self._tile_actions(p, round_tile=False)
        if kind == "rotate":
            return [Action("turn", k) for k in range(6)]
        if kind == "remove_shape":
            return [Action("remove", name) for name in self._removable_stacks(p)]
        if kind == "discard_objective":
            return [Action("discard", card) for card in corp.objectives]
        if kind == "objectives":
            return [Action("drop", slot) for slot in range(1, len(corp.offer) + 1)]
        return []  # "civ": claimed in the claim phase

    @staticmethod
    def _advanceable(corp: Corp, tracks: Any) -> list[int]:
        """Tracks an advance would move (the rover track never tops out: its overflow gives movement)."""
        return [t for t in tracks if t == ROVER or corp.tracks[t] < TRACK_TOP]

    def _rover_mask(self, corp: Corp) -> int:
        mask = 0
        for index in corp.rovers:
            mask |= 1 << index
        return mask

    def _patch_squares(self, corp: Corp) -> int:
        free = PLANET.squares & ~corp.occupied
        if not corp.occupied:
            return free & PLANET.perimeter
        if corp.level(1):
            return free
        return free & g.neighbours(corp.occupied)

    def _deploy_squares(self, corp: Corp) -> int:
        return corp.last_tile & ~self._rover_mask(corp)

    def _removable_stacks(self, p: int) -> list[str]:
        names = []
        for name in STACK_NAMES:
            ring, stack = self.depot_stack(p, name)
            other_ring, other_stack = self.depot_stack(p, EXTERIOR if name == INTERIOR else INTERIOR)
            # an event is ignored where it alone would end the game: never empty a whole depot
            if self.stacks[ring][stack] and self.stacks[other_ring][other_stack]:
                names.append(name)
        return names

    def _rover_moves(self, p: int) -> list[Action]:
        corp = self.corps[p]
        occupied_by_rovers = self._rover_mask(corp)
        forbidden = self._forbidden_terrain(corp)
        actions = []
        for r, index in enumerate(corp.rovers):
            x, y = g.xy(index)
            for dx, dy in DIRECTIONS:
                nx, ny = x + dx, y + dy
                if 0 <= nx < g.WIDTH and 0 <= ny < g.HEIGHT:
                    b = g.bit(nx, ny)
                    if PLANET.squares & b and not occupied_by_rovers & b and not forbidden & b:
                        actions.append(Action("rove", r, nx, ny))
        return actions

    def _forbidden_terrain(self, corp: Corp) -> int:
        mask = 0
        for flag in self.flags:
            if flag.startswith(FLAG_ROVER_FORBIDDEN):
                mask |= corp.terrain[RESOURCE_INDEX[flag[len(FLAG_ROVER_FORBIDDEN):]]]
        return mask

    # ----- tile placement -------------------------------------------------------------------------------------
    def depot_placements(self, p: int) -> dict[str, list[Placement]]:
        """The legal placements of the two tiles at ``p``'s depot, by stack name.

        The round's event restrictions hold while either tile can obey them; only when neither can are they
        dropped (for both), so a restriction never decides which tile a player must take.
        """
        fitting: dict[str, list[Placement]] = {}
        obeying: dict[str, list[Placement]] = {}
        for name in STACK_NAMES:
            ring, stack = self.depot_stack(p, name)
            tile = self.top(ring, stack)
            if tile is not None:
                fitting[name] = self.placements(p, tile, restricted=False)
                obeying[name] = self._obeying(p, tile, fitting[name])
        return obeying if any(obeying.values()) else fitting

    def _tile_actions(self, p: int, round_tile: bool) -> list[Action]:
        actions: list[Action] = []
        for name, spots in self.depot_placements(p).items():
            actions.extend(Action("place", name, pl.x, pl.y, pl.orientation) for pl in spots)
        if not actions and round_tile:
            # nothing fits: take a tile anyway and advance both its resources (end trigger A)
            for name in STACK_NAMES:
                ring, stack = self.depot_stack(p, name)
                if self.stacks[ring][stack]:
                    actions.append(Action("take", name))
        return actions

    def placements(self, p: int, tile: int, restricted: bool = True) -> list[Placement]:
        """Every placement of tile type ``tile`` on player ``p``'s planet now, as if it were the only tile to place.

        ``restricted``: the round's event restrictions apply where any placement of this tile obeys them (see
        :meth:`depot_placements` for the rule between a depot's two tiles).
        """
        corp = self.corps[p]
        kind = FIG.tiles[tile]
        candidates = FIG.shapes[kind.shape].placements[kind.meteor]
        blocked = corp.occupied
        touch = self._touch(corp, blocked)
        fitting = [pl for pl in candidates if not pl.mask & blocked and pl.mask & touch]
        if not restricted or not fitting:
            return fitting
        return self._obeying(p, tile, fitting) or fitting

    @staticmethod
    def _touch(corp: Corp, occupied: int) -> int:
        """The squares a new tile must cover one of, were ``occupied`` the planet's covered squares."""
        if not occupied:
            return PLANET.perimeter  # the first tile goes on the edge
        if corp.level(1):
            return -1
        return g.neighbours(occupied)

    def _depot_tile_fits(self, p: int, occupied: int) -> bool:
        """Whether a tile of ``p``'s depot would fit were ``occupied`` covered (end trigger A: no event rules)."""
        corp = self.corps[p]
        touch = self._touch(corp, occupied)
        for name in STACK_NAMES:
            tile = self.top(*self.depot_stack(p, name))
            if tile is None:
                continue
            kind = FIG.tiles[tile]
            if any(not pl.mask & occupied and pl.mask & touch
                   for pl in FIG.shapes[kind.shape].placements[kind.meteor]):
                return True
        return False

    def _patch_would_end_the_game(self, p: int) -> bool:
        """Whether every way of placing an event's biomass patch would leave ``p`` no depot tile that fits now.

        An event is ignored where it alone would trigger the end of the game (reference §8): a patch that must be
        placed (no tech level 2 to store it) and takes, wherever it goes, the last room a depot tile had would end
        the game at ``p``'s tile turn (end trigger A).
        """
        corp = self.corps[p]
        if corp.level(2) or not self._depot_tile_fits(p, corp.occupied):
            return False  # storing is a way that takes no room; with no tile fitting the event changes nothing
        return not any(self._depot_tile_fits(p, corp.occupied | 1 << i)
                       for i in g.cells_of(self._patch_squares(corp)))

    def _obeying(self, p: int, tile: int, fitting: list[Placement]) -> list[Placement]:
        """The placements among ``fitting`` that obey this round's event restrictions."""
        if not self.flags:
            return fitting
        corp = self.corps[p]
        kind = FIG.tiles[tile]
        avoid = 0
        if FLAG_NO_EDGE in self.flags:
            avoid |= PLANET.perimeter
        if FLAG_NO_ICE in self.flags:
            avoid |= PLANET.ice
        obeying = [pl for pl in fitting if not pl.mask & avoid] if avoid else fitting
        if FLAG_NO_MATCHING in self.flags:
            near_a = g.neighbours(corp.terrain[kind.resource_a])
            near_b = g.neighbours(corp.terrain[kind.resource_b])
            obeying = [pl for pl in obeying if not (pl.mask_a & near_a or pl.mask_b & near_b)]
        return obeying

    # ----- apply ------------------------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        if action not in self._cached_legal(player):
            raise IllegalAction(self._reason(player, action))
        self._legal = {}
        corp = self.corps[player]
        kind, args = action.kind, action.args
        handler = getattr(self, f"_do_{kind}")
        handler(player, corp, *args)
        self._settle()

    def _take_item(self, corp: Corp, *kinds: str, match: Any = None) -> Item:
        for index, item in enumerate(corp.pending):
            if item[0] in kinds and (match is None or match(item)):
                return corp.pending.pop(index)
        raise AssertionError(f"no pending {kinds}")  # legal_actions guarantees one exists

    def _do_turn(self, p: int, corp: Corp, steps: int) -> None:
        self.rotation = (self.rotation + steps) % 6
        self.emit("turn", player=p, steps=steps, rotation=self.rotation)
        if self.phase == ROTATE:
            self._reveal_event()
        else:
            self._take_item(corp, "rotate")

    def _do_place(self, p: int, corp: Corp, name: str, x: int, y: int, orientation: int) -> None:
        ring, stack = self.depot_stack(p, name)
        tile = self.stacks[ring][stack].pop()
        kind = FIG.tiles[tile]
        placement = FIG.shapes[kind.shape].by_spot[kind.meteor][(x, y, orientation)]
        round_tile = self.phase == TILES and not corp.took_tile
        if round_tile:
            corp.took_tile = True
            advance = True
            self.taken[ring].append(stack)  # drafted with everyone at once: its new top shows when all have placed
        else:
            advance = bool(self._take_item(corp, "depot_tile")[1])
        self.emit("place", player=p, tile=tile, stack=name, x=x, y=y, orientation=orientation)
        if not round_tile:
            # a civ card's tile, taken by one player alone: the new top shows at once, as at the table
            self.emit("tops", tops={f"{name} {stack}": self.top(ring, stack)}, reveal=True)
        self._put_tile(p, corp, tile, placement, advance, round_tile)

    def _put_tile(self, p: int, corp: Corp, tile: int, pl: Placement, advance: bool, round_tile: bool) -> None:
        kind = FIG.tiles[tile]
        self._cover(p, corp, pl.mask)
        corp.occupied |= pl.mask
        corp.terrain[kind.resource_a] |= pl.mask_a
        corp.terrain[kind.resource_b] |= pl.mask_b
        corp.icons[kind.resource_a] |= 1 << pl.icon_a
        corp.icons[kind.resource_b] |= 1 << pl.icon_b
        corp.placed.append([tile, pl.x, pl.y, pl.orientation])
        corp.last_tile = pl.mask
        if kind.meteor:
            corp.meteor_symbols |= 1 << pl.meteor
            if not corp.level(5):
                corp.meteorites |= 1 << pl.meteor
        if not advance:
            return
        gains_a = self._tile_gains(corp, kind.resource_a, pl.mask_a, kind.resource_b)
        gains_b = self._tile_gains(corp, kind.resource_b, pl.mask_b, kind.resource_a)
        if round_tile and FLAG_ONE_RESOURCE in self.flags:
            corp.pending.append(["only", kind.resource_a, gains_a, kind.resource_b, gains_b])
        else:
            corp.pending.extend(gains_a + gains_b)
        if round_tile and FLAG_EXTRA_ROVER in self.flags:
            corp.rovers_left += 1
            corp.pending.append(["deploy"])

    def _tile_gains(self, corp: Corp, resource: int, part: int, other: int) -> list[Item]:
        if resource == WATER:
            if not part & PLANET.ice:
                return []  # water advances only where its terrain covers ice
            return [["gain", WATER]] * (2 if corp.level(4) else 1)
        if resource == ENERGY:
            area = g.component(part, corp.terrain[ENERGY])
            touching = g.border(area)
            choices = {t for t in range(5) if corp.terrain[t] & touching}
            if other != ENERGY:
                choices.add(other)
            return [["energy", sorted(choices)]]
        return [["gain", resource]]

    def _cover(self, p: int, corp: Corp, mask: int) -> None:
        """Whatever lies on squares now covered by a tile or patch is destroyed (lifepods, rovers)."""
        pods = corp.lifepods & mask
        if pods:
            corp.lifepods &= ~pods
            corp.lifepods_lost += pods.bit_count()
            self.emit("lifepod_destroyed", player=p, squares=[g.xy(i) for i in g.cells_of(pods)])
        for index in [i for i in corp.rovers if mask >> i & 1]:
            corp.rovers.remove(index)
            corp.rovers_lost += 1
            self.emit("rover_destroyed", player=p, square=g.xy(index))

    def _do_take(self, p: int, corp: Corp, name: str) -> None:
        ring, stack = self.depot_stack(p, name)
        tile = self.stacks[ring][stack].pop()
        self.taken[ring].append(stack)
        corp.took_tile = True
        corp.unplaced.append(tile)
        self.last_round = True
        if "no placement" not in self.end_reasons:
            self.end_reasons.append("no placement")
        kind = FIG.tiles[tile]
        self.emit("take_unplaced", player=p, tile=tile, stack=name)
        for resource, other in ((kind.resource_a, kind.resource_b), (kind.resource_b, kind.resource_a)):
            # an unplaced tile advances both resources: energy counts as the other one, water needs no ice
            corp.pending.append(["gain", other if resource == ENERGY else resource])

    def _do_gain(self, p: int, corp: Corp, track: str) -> None:
        t = RESOURCE_INDEX[track]
        self._take_item(corp, "gain", match=lambda item: item[1] == t)
        self._advance(p, corp, t)

    def _do_energy(self, p: int, corp: Corp, track: str) -> None:
        t = RESOURCE_INDEX[track]
        self._take_item(corp, "energy", match=lambda item: t in item[1])
        self._advance(p, corp, t)

    def _do_synergy(self, p: int, corp: Corp, track: str) -> None:
        self._take_item(corp, "synergy", "synergy_or_peek")
        self._advance(p, corp, RESOURCE_INDEX[track])

    def _do_peek(self, p: int, corp: Corp) -> None:
        self._take_item(corp, "synergy_or_peek")
        corp.peek = self.event_deck[-1]
        self.emit("peek", player=p, reveal=True)

    def _do_advance(self, p: int, corp: Corp, track: str) -> None:
        t = RESOURCE_INDEX[track]
        item = self._take_item(corp, "advance", match=lambda item: t in item[1])
        _, tracks, count, steps, benefits, distinct = item
        if benefits:
            for _ in range(steps):
                self._advance(p, corp, t)
        else:
            corp.tracks[t] = min(TRACK_TOP, corp.tracks[t] + steps)
            self.emit("advance", player=p, track=track, position=corp.tracks[t], benefits=False)
        if count > 1:
            rest = [u for u in tracks if u != t] if distinct else tracks
            corp.pending.append(["advance", rest, count - 1, steps, benefits, distinct])

    def _do_regress(self, p: int, corp: Corp, track: str) -> None:
        t = RESOURCE_INDEX[track]
        _, _, steps = self._take_item(corp, "regress", match=lambda item: t in item[1])
        for _ in range(steps):
            self._regress(p, corp, t)

    def _do_only(self, p: int, corp: Corp, resource: str) -> None:
        item = self._take_item(corp, "only")
        r = RESOURCE_INDEX[resource]
        corp.pending.extend(item[2] if r == item[1] else item[4])
        self.emit("only", player=p, resource=resource)

    def _do_patch(self, p: int, corp: Corp, x: int, y: int) -> None:
        self._take_item(corp, "patch")
        b = g.bit(x, y)
        self._cover(p, corp, b)
        corp.occupied |= b
        corp.patches |= b
        corp.terrain[BIOMASS] |= b
        self.emit("patch", player=p, x=x, y=y)

    def _do_store(self, p: int, corp: Corp) -> None:
        self._take_item(corp, "patch")
        corp.stored_patches += 1
        self.emit("store_patch", player=p)

    def _do_deploy(self, p: int, corp: Corp, x: int, y: int) -> None:
        self._take_item(corp, "deploy")
        corp.rovers_left -= 1
        index = g.cell(x, y)
        corp.rovers.append(index)
        self.emit("deploy", player=p, x=x, y=y)
        self._collect_at(p, corp, index)

    def _do_rove(self, p: int, corp: Corp, rover: int, x: int, y: int) -> None:
        index = g.cell(x, y)
        corp.rovers[rover] = index
        corp.movement -= 1
        self.emit("rove", player=p, rover=rover, x=x, y=y)
        self._collect_at(p, corp, index)

    def _do_teleport(self, p: int, corp: Corp, rover: int, x: int, y: int) -> None:
        self._take_item(corp, "teleport")
        index = g.cell(x, y)
        corp.rovers[rover] = index
        self.emit("teleport", player=p, rover=rover, x=x, y=y)
        self._collect_at(p, corp, index)

    def _collect_at(self, p: int, corp: Corp, index: int) -> None:
        b = 1 << index
        if corp.lifepods & b:
            corp.lifepods &= ~b
            corp.lifepods_collected += 1
            self.emit("collect", player=p, what="lifepod", square=g.xy(index))
        if corp.meteorites & b:
            corp.meteorites &= ~b
            corp.meteorites_collected += 1
            self.emit("collect", player=p, what="meteorite", square=g.xy(index))

    def _do_collect(self, p: int, corp: Corp, x: int, y: int) -> None:
        what = "lifepod" if corp.lifepods & g.bit(x, y) else "meteorite"  # a square never holds both
        self._take_item(corp, "collect", match=lambda item: item[1] == what)
        self._collect_at(p, corp, g.cell(x, y))

    def _do_destroy(self, p: int, corp: Corp, x: int, y: int) -> None:
        index = g.cell(x, y)
        b = 1 << index
        options = [item[1] for item in corp.pending if item[0] == "destroy"]
        if "rover" in options and index in corp.rovers:
            what = "rover"
        elif "meteorite" in options and corp.meteorites & b:
            what = "meteorite"
        else:
            what = "lifepod"
        self._take_item(corp, "destroy", match=lambda item: item[1] == what)
        if what == "rover":
            corp.rovers.remove(index)
            corp.rovers_lost += 1
        elif what == "meteorite":
            corp.meteorites &= ~b
            corp.meteorites_destroyed += 1
        else:
            corp.lifepods &= ~b
            corp.lifepods_lost += 1
        self.emit("destroy", player=p, what=what, x=x, y=y)

    def _do_clear(self, p: int, corp: Corp, line: str, number: int) -> None:
        self._take_item(corp, "clear")
        mask = corp.meteorites & (PLANET.rows[number] if line == "row" else PLANET.columns[number])
        corp.meteorites &= ~mask
        corp.meteorites_destroyed += mask.bit_count()
        self.emit("clear", player=p, line=line, number=number, destroyed=mask.bit_count())

    def _do_meteorite(self, p: int, corp: Corp, x: int, y: int) -> None:
        self._take_item(corp, "add_meteorite")
        index = g.cell(x, y)
        corp.meteorites |= 1 << index
        self.emit("meteorite", player=p, x=x, y=y)
        if index in corp.rovers:  # a meteorite falling on a rover destroys it
            corp.rovers.remove(index)
            corp.rovers_lost += 1
            self.emit("rover_destroyed", player=p, square=(x, y))

    def _do_remove(self, p: int, corp: Corp, name: str) -> None:
        self._take_item(corp, "remove_shape")
        ring, stack = self.depot_stack(p, name)
        removed = self.stacks[ring][stack]
        self.removed.extend(removed)
        self.stacks[ring][stack] = []
        self.emit("remove_shape", player=p, stack=name, tiles=len(removed))

    def _do_discard(self, p: int, corp: Corp, card: int) -> None:
        self._take_item(corp, "discard_objective")
        corp.objectives.remove(card)
        self.emit("discard_objective", player=p, card=card)

    def _do_drop(self, p: int, corp: Corp, slot: int) -> None:
        item = next(i for i in corp.pending if i[0] == "objectives")
        card = corp.offer.pop(slot - 1)
        self.objective_deck.insert(0, card)
        item[1] -= 1
        if item[1] == 0:
            corp.pending.remove(item)
            corp.objectives = sorted(corp.offer)
            corp.offer = []
        self.emit("drop_objective", player=p)

    def _do_keep(self, p: int, corp: Corp, slot: int) -> None:
        card = corp.offer[slot - 1]
        rank = FIG.civ_cards[card]["rank"]
        self.civ_piles[rank - 1].remove(card)
        corp.offer = []
        corp.civ.append(card)
        info = FIG.civ_cards[card]
        immediate = info["timing"] == "immediate"
        self.emit("keep_civ", player=p, rank=rank, card=card if immediate else None)
        if immediate or self.after_claim == OVER:
            # an end-game card kept in the claims after the last round takes effect at once: the end is now
            self._card_effect(p, corp, info)

    def _do_done(self, p: int, corp: Corp) -> None:
        corp.movement = 0
        corp.finished = True
        self.emit("done", player=p)

    # ----- tracks -----------------------------------------------------------------------------------------------
    def _gain_movement(self, corp: Corp, amount: int, from_track: bool) -> None:
        if corp.level(3) and (from_track or CORP.tech3_every_gain):
            amount += CORP.tech3_extra_move
        corp.movement += amount

    def _advance(self, p: int, corp: Corp, t: int, synergy: bool = True) -> None:
        position = corp.tracks[t]
        if position >= TRACK_TOP:
            if t == ROVER:  # the rover track's overflow: movement again at every advance past the top
                self._gain_movement(corp, CORP.rover_overflow_move, True)
                self.emit("advance", player=p, track=TRACKS[t], position=position, overflow=True)
            return
        position += 1
        corp.tracks[t] = position
        self.emit("advance", player=p, track=TRACKS[t], position=position)
        milestones = FLAG_NO_MILESTONES not in self.flags
        for benefit, value in CORP.benefits[t][position]:
            if benefit == "synergy":
                if synergy and FLAG_NO_SYNERGY not in self.flags:
                    corp.pending.append(["synergy"])
            elif benefit == "move":
                self._gain_movement(corp, value, True)
            elif not milestones:
                continue
            elif benefit == "civ":
                corp.pending.append(["civ", value])
            elif benefit == "biomass":
                corp.pending.append(["patch"])
            elif benefit == "rover":
                if corp.rovers_left:
                    corp.pending.append(["deploy"])
            elif benefit == "tech":
                corp.tech |= 1 << value
                self.emit("tech_level", player=p, level=value)

    def _regress(self, p: int, corp: Corp, t: int) -> None:
        if corp.tracks[t] == 0:
            return
        corp.tracks[t] -= 1
        if t == TECH:  # levels count from the tracker's position: falling below a milestone re-locks it
            for level, position in CORP.tech_positions.items():
                if corp.tracks[t] < position:
                    corp.tech &= ~(1 << level)
        self.emit("regress", player=p, track=TRACKS[t], position=corp.tracks[t])

    # ----- civ cards and events ---------------------------------------------------------------------------------
    def _card_effect(self, p: int, corp: Corp, card: dict[str, Any]) -> None:
        kind = card["kind"]
        if kind == "advance_different":
            corp.pending.append(["advance", list(range(5)), card["count"], 1, 1, 1])
        elif kind == "advance_one":
            corp.pending.append(["advance", list(range(5)), 1, card["times"], 1, 0])
        elif kind == "biomass":
            corp.pending.extend([["patch"]] * card["count"])
        elif kind == "rover_move":
            self._gain_movement(corp, card["amount"], False)
        elif kind == "place_depot_tile":
            corp.pending.append(["depot_tile", int(card["advance"])])
        elif kind == "collect_lifepods":
            corp.pending.extend([["collect", "lifepod"]] * card["count"])
        elif kind == "teleport_rover":
            corp.pending.append(["teleport"])
        elif kind == "destroy_meteorites_line":
            corp.pending.append(["clear"])
        elif kind == "destroy_meteorites":
            corp.pending.extend([["destroy", "meteorite"]] * card["count"])
        elif kind == "raise_to":
            for t in range(5):
                while corp.tracks[t] < card["position"]:
                    self._advance(p, corp, t, synergy=False)
        elif kind == "medals_and_advance":  # at game end
            corp.pending.append(["advance", list(range(5)), 1, 1, 1, 0])

    def _reveal_event(self) -> None:
        self.phase = EVENT
        if not self.event_deck:
            self._begin_tiles()
            return
        self.event = self.event_deck.pop()
        card = FIG.events[self.event]
        self.emit("event", card=self.event, reveal=True)
        if not self.event_deck:
            self.last_round = True
            self.end_reasons.append("last event")
        for corp in self.corps:
            corp.peek = 0
        kind = card["kind"]
        flag = {"no_edge_placement": FLAG_NO_EDGE, "no_ice_cover": FLAG_NO_ICE,
                "no_matching_adjacency": FLAG_NO_MATCHING, "advance_one_resource": FLAG_ONE_RESOURCE,
                "no_milestones": FLAG_NO_MILESTONES, "no_synergy": FLAG_NO_SYNERGY,
                "extra_rover": FLAG_EXTRA_ROVER}.get(kind)
        if flag:
            self.flags.append(flag)
        elif kind == "rover_forbidden_terrain":
            self.flags.append(FLAG_ROVER_FORBIDDEN + card["terrain"])
        elif kind == "extra_civ_cards":
            for rank, pile in enumerate(self.civ_piles, start=1):
                box = [c for c in self.civ_box if FIG.civ_cards[c]["rank"] == rank]
                if box:
                    chosen = box[self.rng.below(len(box))]
                    self.civ_box.remove(chosen)
                    pile.append(chosen)
                    pile.sort()
            self.emit("civ_cards_added", chance=True)
        elif kind == "remove_civ_cards":
            for pile in self.civ_piles:
                if pile:
                    self.civ_box.append(pile.pop(self.rng.below(len(pile))))
            self.civ_box.sort()
            self.emit("civ_cards_removed", chance=True)
        for p, corp in enumerate(self.corps):
            self._event_items(p, corp, card)
        self._settle()

    def _event_items(self, p: int, corp: Corp, card: dict[str, Any]) -> None:
        kind = card["kind"]
        tracks = [RESOURCE_INDEX[t] for t in card.get("tracks", TRACKS)]
        if kind == "extra_private_objective":
            if self.objective_deck:
                corp.objectives.append(self.objective_deck.pop())
                corp.objectives.sort()
        elif kind == "advance_choice":
            corp.pending.append(["advance", tracks, 1, card["steps"], int(card["benefits"]), 0])
        elif kind == "advance_pair":
            corp.pending.append(["advance", tracks, 1, 1, 1, 0])
        elif kind == "rotate_station":
            corp.pending.append(["rotate"])
        elif kind == "biomass":
            corp.pending.extend([["patch"]] * card["count"])
        elif kind == "synergy":
            corp.pending.append(["synergy"])
        elif kind == "synergy_or_peek":
            corp.pending.append(["synergy_or_peek"])
        elif kind == "collect_lifepod":
            corp.pending.extend([["collect", "lifepod"]] * card["count"])
        elif kind == "collect_meteorite":
            corp.pending.extend([["collect", "meteorite"]] * card["count"])
        elif kind in ("regress_pair", "regress_any"):
            corp.pending.append(["regress", tracks, card.get("times", 1)])
        elif kind == "add_meteorite":
            corp.pending.append(["add_meteorite"])
        elif kind == "destroy_objective":
            corp.pending.append(["discard_objective"])
        elif kind == "destroy_rover":
            if len(corp.rovers) > 1:
                corp.pending.append(["destroy", "rover"])
        elif kind == "destroy_lifepod":
            corp.pending.extend([["destroy", "lifepod"]] * card["count"])
        elif kind == "destroy_collected_lifepod":
            lost = min(card["count"], corp.lifepods_collected)
            corp.lifepods_collected -= lost
            corp.lifepods_lost += lost
        elif kind == "destroy_collected_meteorite":
            lost = min(card["count"], corp.meteorites_collected)
            corp.meteorites_collected -= lost
            corp.meteorites_destroyed += lost
        elif kind == "remove_shape":
            corp.pending.append(["remove_shape"])

    # ----- phase machinery --------------------------------------------------------------------------------------
    def _drop_impossible(self, p: int) -> None:
        """Items that can have no effect now are dropped (an event or card does what it can)."""
        corp = self.corps[p]
        if self.phase == EVENT:
            self._skip_game_ending_event_items(p, corp)
        kept = [item for item in corp.pending if item[0] == "civ" or self._item_actions(p, item)]
        if len(kept) != len(corp.pending):
            corp.pending = kept
        if corp.movement and not corp.rovers and not any(item[0] == "deploy" for item in corp.pending):
            # no rover to move and none to deploy first (benefits on one space resolve in any order): lost
            corp.movement = 0

    def _skip_game_ending_event_items(self, p: int, corp: Corp) -> None:
        """The parts of this round's event that would, every way they can be carried out, end ``p``'s game: skipped.

        Every event is applied by every player if possible, and ignored where it alone would trigger the end of
        the game (reference §8; the rulebook, which BGA does not follow here). In the event phase two things can:
        a biomass patch (event 80, or a biomass milestone its advances reach) that leaves no depot tile room, and
        event 116 where every stack it may remove is the last one of the depot (``_removable_stacks``). Choosing
        the rotation (event 79) can always leave the station as it is. Civ cards claimed after the event are the
        player's choice, not the event's.
        """
        skipped = None
        if any(item[0] == "patch" for item in corp.pending) and self._patch_would_end_the_game(p):
            skipped = "patch"
        elif any(item[0] == "remove_shape" for item in corp.pending) and not self._removable_stacks(p) and any(
                self.stacks[ring][stack] for ring, stack in (self.depot_stack(p, name) for name in STACK_NAMES)):
            skipped = "remove_shape"
        if skipped is None:
            return
        count = sum(1 for item in corp.pending if item[0] == skipped)
        corp.pending = [item for item in corp.pending if item[0] != skipped]
        self.emit("event_skipped", player=p, card=self.event, part=skipped, count=count,
                  why="it alone would end the game")

    def _settle(self) -> None:
        """Move the game on as far as it goes without a decision."""
        self._legal = {}
        while True:
            for p in range(self.num_players):
                self._drop_impossible(p)
            if self.phase in (OBJECTIVES, EVENT, FINAL):
                for corp in self.corps:
                    if not corp.finished and not [i for i in corp.pending if i[0] != "civ"] and not corp.movement:
                        corp.finished = True
                if not all(c.finished for c in self.corps):
                    return
                if self.phase == OBJECTIVES:
                    self._start_round()
                elif self.phase == EVENT:
                    self._after_phase(TILES)
                else:
                    self._after_phase(OVER)
                continue
            if self.phase == TILES:
                if not all(c.finished for c in self.corps):
                    return
                self._reveal_tops()
                self._after_phase("round_end")
                continue
            if self.phase == CLAIM:
                while self.claim_order:
                    p = self.claim_order[0]
                    corp = self.corps[p]
                    if corp.offer:
                        return
                    civ_item = next((i for i in corp.pending if i[0] == "civ"), None)
                    if civ_item is not None:
                        corp.pending.remove(civ_item)
                        pile = self.civ_piles[civ_item[1] - 1]
                        if pile:
                            corp.offer = list(pile)
                            self.rng.shuffle(corp.offer)
                            self.emit("civ_offer", player=p, rank=civ_item[1], reveal=True, chance=True)
                            return
                        continue
                    if [i for i in corp.pending if i[0] != "civ"] or (corp.movement and not corp.finished):
                        return
                    corp.finished = False
                    self.claim_order.pop(0)
                self._continue(self.after_claim)
                continue
            return

    def _after_phase(self, following: str) -> None:
        """Claim the civ milestones reached, in turn order from the commander, then go on to ``following``."""
        order = [(self.commander + k) % self.num_players for k in range(self.num_players)]
        self.claim_order = [p for p in order if any(i[0] == "civ" for i in self.corps[p].pending)]
        for corp in self.corps:
            corp.finished = False
            corp.movement = 0
        if self.claim_order:
            self.phase = CLAIM
            self.after_claim = following
        else:
            self._continue(following)

    def _continue(self, following: str) -> None:
        if following == TILES:
            self._begin_tiles()
        elif following == "round_end":
            self._end_round()
        elif following == OVER:
            self.phase = OVER
            self.emit("game_over", scores=[s.total for s in self.scores()])

    def _start_round(self) -> None:
        self.round += 1
        self.flags = []
        self.event = 0
        for corp in self.corps:
            corp.finished = False
        self.emit("round", number=self.round, commander=self.commander)
        commander_turns = self.num_players >= 3 or (
            self.num_players == 2 and self.options["two_player_rotation"] == "commander")
        if commander_turns:
            self.phase = ROTATE
        else:
            self.rotation = (self.rotation + FIG.auto_step) % 6
            self.emit("turn", player=None, steps=FIG.auto_step, rotation=self.rotation)
            self._reveal_event()

    def _begin_tiles(self) -> None:
        self.phase = TILES
        for p, corp in enumerate(self.corps):
            corp.finished = False
            # a depot emptied before the tiles (a civ card placed its last tile): nothing to take, only ``done``;
            # the empty depot ends the game after this round
            corp.took_tile = not any(self.stacks[ring][stack]
                                     for ring, stack in (self.depot_stack(p, name) for name in STACK_NAMES))

    def _reveal_tops(self) -> None:
        if any(self.taken):
            tops = {f"{STACK_NAMES[ring]} {stack}": self.top(ring, stack)
                    for ring in (0, 1) for stack in self.taken[ring]}
            self.emit("tops", tops=tops, reveal=True)
        self.taken = [[], []]

    def _end_round(self) -> None:
        self._reveal_tops()
        self.flags = []
        for exterior in range(6):
            interior = (exterior + self.shift) % 6
            if not self.stacks[1][exterior] and not self.stacks[0][interior]:
                self.last_round = True
                if "empty depot" not in self.end_reasons:
                    self.end_reasons.append("empty depot")
        self.commander = (self.commander + 1) % self.num_players
        if not self.last_round:
            self._start_round()
            return
        self.phase = FINAL
        for p, corp in enumerate(self.corps):
            corp.finished = False
            ending = [c for c in corp.civ if FIG.civ_cards[c]["timing"] == "end_game"]
            self.emit("civ_revealed", player=p, cards=ending, reveal=True)
            corp.pending.extend([["patch"]] * corp.stored_patches)
            corp.stored_patches = 0
            for card in ending:
                self._card_effect(p, corp, FIG.civ_cards[card])

    # ----- reasons for refusals ---------------------------------------------------------------------------------
    def _reason(self, p: int, action: Action) -> str:
        corp = self.corps[p]
        kind = action.kind
        legal = self.legal_actions(p)
        kinds = sorted({a.kind for a in legal})
        if kind not in {"turn", "place", "take", "gain", "energy", "synergy", "peek", "advance", "regress", "only",
                        "patch", "store", "deploy", "rove", "teleport", "collect", "destroy", "clear", "meteorite",
                        "remove", "discard", "drop", "keep", "done"}:
            return f"there is no action {kind!r} in Planet Unknown"
        if kind == "place" and "take" in kinds:
            return "neither tile at your depot fits on your planet: take one instead (the game ends this round)"
        if kind == "take" and "place" in kinds:
            return "a tile at your depot fits, so you must place one (forced play); take only when neither fits"
        if kind == "store" and "patch" in kinds:
            if not corp.level(2):
                return "only tech level 2 lets you store a biomass patch for the game's end"
            return "stored biomass patches are placed now, at the game's end"
        if kind == "peek" and any(i[0] == "synergy_or_peek" for i in corp.pending):
            return "there is no event card left to peek at"
        if kind not in kinds:
            return f"{kind!r} is not possible now ({self._situation(p)}); possible: {', '.join(kinds) or 'nothing'}"
        args = action.args
        if kind == "place":
            if len(args) != 4 or args[0] not in STACK_NAMES:
                return "write place <inner|outer> <x> <y> <orientation 0-7>"
            ring, stack = self.depot_stack(p, str(args[0]))
            tile = self.top(ring, stack)
            if tile is None:
                return f"the {args[0]} stack at your depot is empty"
            if not all(isinstance(a, int) for a in args[1:]) or not 0 <= int(args[3]) < 8:
                return "x, y and the orientation (0-7) are whole numbers"
            shape = FIG.shapes[FIG.tiles[tile].shape]
            spot = shape.by_spot[FIG.tiles[tile].meteor].get((int(args[1]), int(args[2]), int(args[3])))
            if spot is None:
                unique = [o for o, _ in shape.orientations[FIG.tiles[tile].meteor]]
                if int(args[3]) not in unique:
                    return f"orientation {args[3]} repeats another of this shape; use one of {unique}"
                return "the tile would leave the planet's grid there"
            if spot.mask & corp.occupied:
                return "tiles may not overlap: a square there is covered already"
            if not corp.occupied and not spot.mask & PLANET.perimeter:
                return "the first tile must touch the edge of the planet"
            if corp.occupied and not corp.level(1) and not spot.mask & g.neighbours(corp.occupied):
                return "a tile must touch a tile already placed (tech level 1 lifts this)"
            return f"this round's event forbids that spot ({', '.join(self.flags)})"
        choices = ", ".join(str(a) for a in legal if a.kind == kind)
        if kind in ("gain", "energy", "synergy", "advance", "regress"):
            track = args[0] if args else None
            if not isinstance(track, str) or track not in TRACKS:
                return f"{track!r} is not a track; tracks are {', '.join(TRACKS)}"
            t = RESOURCE_INDEX[track]
            if kind in ("synergy", "advance") and t != ROVER and corp.tracks[t] >= TRACK_TOP:
                return f"the {track} tracker is at the top ({TRACK_TOP}): it advances no further"
            if kind == "regress" and corp.tracks[t] == 0:
                return f"the {track} tracker is at 0: it cannot regress"
            if kind == "energy":
                return ("energy advances the tile's other resource or a terrain touching its energy area: "
                        f"{choices}")
            return f"{action} is not one of your open choices: {choices}"
        if kind == "turn":
            return "the station has 6 depots: turn 0-5 steps"
        if kind == "only":
            return f"advance only one of this round's tile's two resources: {choices}"
        if kind in ("drop", "keep"):
            return f"choose a slot from 1 to {len(corp.offer)}"
        if kind == "discard":
            return f"you hold no such objective: {choices}"
        if kind == "remove":
            return f"an event never empties a whole depot (both its stacks): {choices or 'nothing'}"
        if kind == "clear":
            return f"Landing Zone clears a row or column holding meteorites: {choices}"
        squares = {"patch": "a biomass patch goes on an uncovered square touching a placed tile or patch (the first "
                            "on the edge; tech level 1 lifts the touching)",
                   "deploy": "a rover is deployed on a square of the last tile you placed, not on another rover",
                   "teleport": "a rover teleports to a planet square without another rover",
                   "collect": "collect takes a lifepod or meteorite lying on that square of your planet",
                   "destroy": "there is nothing of that kind to destroy on that square",
                   "meteorite": "a meteorite falls only on an empty meteor symbol of your tiles"}
        if kind in squares:
            return f"{action}: {squares[kind]}"
        if kind == "rove":
            return f"{action}: {self._rove_reason(p, args)}"
        return f"{action} is not possible now; possible: {', '.join(str(a) for a in legal[:12])}"

    def _rove_reason(self, p: int, args: tuple[Any, ...]) -> str:
        corp = self.corps[p]
        if len(args) != 3 or not all(isinstance(a, int) for a in args) or not 0 <= args[0] < len(corp.rovers):
            return f"write rove <rover 0-{len(corp.rovers) - 1}> <x> <y>"
        r, x, y = args
        fx, fy = g.xy(corp.rovers[r])
        if abs(fx - x) + abs(fy - y) != 1:
            return "a rover moves one square at a time, orthogonally"
        if not (0 <= x < g.WIDTH and 0 <= y < g.HEIGHT) or not PLANET.squares & g.bit(x, y):
            return "rovers stay on the planet"
        if g.cell(x, y) in corp.rovers:
            return "a rover may not enter another rover's square"
        return f"this round's event forbids rovers on that terrain ({', '.join(self.flags)})"

    def _situation(self, p: int) -> str:
        corp = self.corps[p]
        if self.phase == TILES and not corp.took_tile:
            return "first take and place a tile from your depot"
        if self.phase == CLAIM and corp.offer:
            return "choose the civ card you keep"
        open_items = [i[0] for i in corp.pending if i[0] != "civ"]
        if open_items:
            return f"resolve first: {', '.join(open_items)}"
        return f"phase {self.phase}"

    # ----- scoring ----------------------------------------------------------------------------------------------
    def score_of(self, p: int) -> Score:
        corp = self.corps[p]
        planet = 0
        for lines, medals in ((PLANET.rows, PLANET.row_medals), (PLANET.columns, PLANET.column_medals)):
            for line, medal in zip(lines, medals, strict=True):
                if line and line & corp.occupied == line and not line & corp.meteorites:
                    planet += medal
        tracks = sum(CORP.medal_at[t][corp.tracks[t]] for t in range(5))
        cards = [FIG.civ_cards[c] for c in corp.civ]
        pod_value = max([c.get("value", 1) for c in cards if c["kind"] == "lifepod_value"], default=1)
        repo = sum(1 for c in cards if c["kind"] == "meteorite_repo")
        commerce = sum(1 for c in cards if c["kind"] == "commerce_agreement")
        civ = FIG.commerce_medals[min(commerce, len(FIG.commerce_medals) - 1)]
        for c in cards:
            if c["kind"] in ("medals", "medals_and_advance"):
                civ += c["medals"]
            elif c["kind"] == "medal_per_biomass_patch":
                civ += corp.patches.bit_count()
        private = sum(FIG.objective_scoring["private_completed"] for card in corp.objectives
                      if private_objective_met(corp, FIG.objectives[card]["private"]))
        neighbor = 0
        for card, a, b in self.neighbor_cards:
            if p in (a, b):
                other = b if p == a else a
                mine = neighbor_measure(corp, FIG.objectives[card]["neighbor"])
                theirs = neighbor_measure(self.corps[other], FIG.objectives[card]["neighbor"])
                if mine > theirs:
                    neighbor += FIG.objective_scoring["neighbor_win"]
                elif mine == theirs:
                    neighbor += FIG.objective_scoring["neighbor_tie"]
                else:
                    neighbor += FIG.objective_scoring["neighbor_loss"]
        breakdown = {
            "planet": planet,
            "tracks": tracks,
            "lifepods": corp.lifepods_collected * pod_value,
            "meteorites": corp.meteorites_collected // 3 * (1 + repo * FIG.repo_bonus),
            "civ_cards": civ,
            "private_objectives": private,
            "neighbor_objectives": neighbor,
        }
        return Score(sum(breakdown.values()), breakdown)

    def scores(self) -> list[Score]:
        return [self.score_of(p) for p in range(self.num_players)]

    def tie_break(self, p: int) -> tuple[int, int]:
        """Higher is better: fewest uncovered planet squares, then fewest meteorites on the planet."""
        corp = self.corps[p]
        return -(PLANET.squares & ~corp.occupied).bit_count(), -corp.meteorites.bit_count()

    def winners(self) -> list[int]:
        ranked = [((s.total, *self.tie_break(p)), p) for p, s in enumerate(self.scores())]
        best = max(key for key, _ in ranked)
        return [p for key, p in ranked if key == best]

    def solo_target(self) -> int:
        solo = FIG.solo["target"]
        if not self.events_on:
            return int(FIG.solo["setup"]["bga_target_without_events"])
        target = int(solo["base"])
        for colour, amount in zip(("green", "orange", "red"), self.event_counts, strict=True):
            for band, adjustment in zip(solo["bands"], solo[colour], strict=True):
                if amount >= band[0] and (len(band) == 1 or amount <= band[1]):
                    target += adjustment
        return target

    def solo_band(self) -> int:
        """The solo rating band: the highest of the rulebook's score differences (-15 … +15) the result reaches;
        the lowest band also takes every result further below."""
        result = self.scores()[0].total - self.solo_target()
        thresholds = [int(t) for t in FIG.solo["result"]["thresholds"]]
        return max((t for t in thresholds if result >= t), default=thresholds[0])

    def solo_rating(self) -> str:
        """The solo rating band as shown, by its score difference ("+5", "0", "-10"): the reference names the bands
        by these numbers only (their printed names are not sourced)."""
        band = self.solo_band()
        return f"{band:+d}" if band else "0"

    # ----- serialisation ----------------------------------------------------------------------------------------
    _SCALARS = ("round", "phase", "after_claim", "event", "last_round", "shift", "rotation", "commander", "solo",
                "events_on")
    _LISTS = ("claim_order", "flags", "end_reasons", "stacks", "removed", "taken", "civ_piles", "civ_box",
              "neighbor_cards", "objective_deck", "event_deck", "event_counts")

    def to_dict(self) -> dict[str, Any]:
        data = self._base_dict()
        for name in self._SCALARS:
            data[name] = getattr(self, name)
        for name in self._LISTS:
            data[name] = copy.deepcopy(getattr(self, name))
        data["corps"] = [c.to_dict() for c in self.corps]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlanetUnknownState:
        state = cls.__new__(cls)
        state._restore_base(data)
        for name in cls._SCALARS:
            setattr(state, name, data[name])
        for name in cls._LISTS:
            setattr(state, name, copy.deepcopy(data[name]))
        state.corps = [Corp.from_dict(c) for c in data["corps"]]
        state._legal = {}
        return state

    def clone(self) -> PlanetUnknownState:
        state = PlanetUnknownState.__new__(PlanetUnknownState)
        state.num_players = self.num_players
        state.options = dict(self.options)
        state.seed = self.seed
        state.rng = self.rng.copy()
        state._events = []
        for name in self._SCALARS:
            setattr(state, name, getattr(self, name))
        for name in self._LISTS:
            setattr(state, name, [list(x) if isinstance(x, list) else x for x in getattr(self, name)])
        state.stacks = [[list(stack) for stack in ring] for ring in self.stacks]
        state.corps = [c.copy() for c in self.corps]
        state._legal = {}
        return state

    # ----- views ------------------------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def determinize(self, observer: int, rng: Rng) -> None:
        """Re-deal what ``observer`` cannot see: stack orders, event deck, civ cards, objectives (determinize.py)."""
        from .determinize import determinize

        determinize(self, observer, rng)

    @classmethod
    def printed_figures(cls) -> dict[str, Any]:
        from .view import static_figures

        return static_figures()

    def render_text(self, player: int | None = None) -> str:
        from .text import render

        return render(self, player)


def private_objective_met(corp: Corp, objective: dict[str, Any]) -> bool:
    kind = objective["kind"]
    if kind == "block":
        terrain = corp.terrain[RESOURCE_INDEX[objective["terrain"]]]
        shapes = {(objective["width"], objective["height"]), (objective["height"], objective["width"])}
        return any(rect & terrain == rect for w, h in shapes for rect in _rectangles(w, h))
    if kind == "area_icons":
        r = RESOURCE_INDEX[objective["terrain"]]
        return any((area & corp.icons[r]).bit_count() >= objective["min"] for area in g.components(corp.terrain[r]))
    if kind == "track_top":
        return corp.tracks[RESOURCE_INDEX[objective["track"]]] >= TRACK_TOP
    if kind == "icons_at_most":
        return corp.icons[RESOURCE_INDEX[objective["resource"]]].bit_count() <= int(objective["max"])
    if kind == "meteorites_collected_at_least":
        return corp.meteorites_collected >= int(objective["min"])
    if kind == "lifepods_exceed_meteorites":
        return corp.lifepods_collected > corp.meteorites_collected
    if kind == "none_uncovered":
        squares = PLANET.ice if objective["terrain"] == "ice" else PLANET.land
        return not squares & ~corp.occupied
    raise ValueError(f"unknown private objective kind {kind!r}")


def neighbor_measure(corp: Corp, objective: dict[str, Any]) -> int:
    """The figure a neighbour objective compares; higher wins (the "fewest" kinds are negated)."""
    kind = objective["kind"]
    if kind == "edge_icons_most":
        return (corp.icons[RESOURCE_INDEX[objective["resource"]]] & PLANET.perimeter).bit_count()
    if kind == "largest_area":
        return max((a.bit_count() for a in g.components(corp.terrain[RESOURCE_INDEX[objective["terrain"]]])), default=0)
    if kind == "most_areas":
        return len(g.components(corp.terrain[RESOURCE_INDEX[objective["terrain"]]]))
    if kind == "icons_fewest":
        return -corp.icons[RESOURCE_INDEX[objective["resource"]]].bit_count()
    if kind == "most_tracks_at_max":
        return sum(1 for t in corp.tracks if t >= TRACK_TOP)
    if kind == "meteorites_most":
        return corp.meteorites_collected
    if kind == "lifepods_most":
        return corp.lifepods_collected
    if kind == "meteorites_fewest":
        return -corp.meteorites_collected
    if kind == "lifepods_fewest":
        return -corp.lifepods_collected
    raise ValueError(f"unknown neighbor objective kind {kind!r}")


_RECTANGLES: dict[tuple[int, int], list[int]] = {}


def _rectangles(width: int, height: int) -> list[int]:
    found = _RECTANGLES.get((width, height))
    if found is None:
        found = _RECTANGLES[(width, height)] = [r for r in g.rectangles(width, height) if r & PLANET.squares == r]
    return found


STATE_CLASS = PlanetUnknownState
