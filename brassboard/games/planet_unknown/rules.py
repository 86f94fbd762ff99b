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

This module holds the state class, its set-up, the legal actions per open item and serialisation; each rule lives
in the module named after its part of the game, and the class lists which: ``placement.py`` (tiles and patches),
``tracks.py``, ``rovers.py`` (rovers, lifepods, meteorites), ``events.py``, ``civ.py`` (civ cards, objectives),
``phases.py`` (round machinery), ``reasons.py`` (refusal messages), ``scoring.py``; ``state.py`` has ``Corp``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from brassboard.engine import Action, GameInfo, GameState, IllegalAction, OptionSpec, Rng

from . import (
    civ,
    corporations,
    events,
    jump_drive,
    makeshift,
    phases,
    placement,
    planets,
    reasons,
    rovers,
    scoring,
    setup,
    tracks,
    wormhole,
)
from . import geometry as g
from .figures import INTERIOR, RESOURCES, TRACKS
from .scoring import neighbor_measure, private_objective_met
from .setup import PLAYABLE_CORPORATIONS
from .state import (
    CLAIM,
    CORP,
    EVENT,
    FIG,
    FINAL,
    OBJECTIVES,
    OVER,
    PLANET,
    ROTATE,
    TILES,
    Corp,
    Item,
)

__all__ = ["CLAIM", "CORP", "EVENT", "FINAL", "OBJECTIVES", "OVER", "PLANET", "ROTATE", "TILES", "Corp",
           "PlanetUnknownState", "neighbor_measure", "private_objective_met"]

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
        OptionSpec("planets", "standard",
                   "Module Asymmetric Planets: deal each player a special planet to choose against KSB-4156.",
                   choices=("standard", "asymmetric")),
        OptionSpec("corporations", "standard",
                   "Module Asymmetric Corporations: deal each player a special corporation to choose against "
                   "Universal Coalition.", choices=("standard", "asymmetric")),
        OptionSpec("planet", "", "Every seat plays this planet side (no choice).",
                   choices=("", *FIG.planets)),
        OptionSpec("corporation", "", "Every seat plays this corporation side (no choice).",
                   choices=("", *PLAYABLE_CORPORATIONS)),
    ),
    description="Cover your planet with polyomino tiles drafted from a turning space station; advance five tracks.",
)


class PlanetUnknownState(GameState):
    info = INFO

    # placement.py
    depot_placements = placement.depot_placements
    _tile_actions = placement._tile_actions
    placements = placement.placements
    _fitting = placement._fitting
    _planet_allowed = placement._planet_allowed
    _touch = staticmethod(placement._touch)
    _depot_tile_fits = placement._depot_tile_fits
    _patch_would_end_the_game = placement._patch_would_end_the_game
    _obeying = placement._obeying
    _do_place = placement._do_place
    _put_tile = placement._put_tile
    _tile_gains = placement._tile_gains
    _cover = placement._cover
    _do_take = placement._do_take
    _patch_squares = placement._patch_squares
    _do_patch = placement._do_patch
    _do_store = placement._do_store
    # tracks.py
    _advanceable = staticmethod(tracks._advanceable)
    _do_gain = tracks._do_gain
    _do_energy = tracks._do_energy
    _do_synergy = tracks._do_synergy
    _do_advance = tracks._do_advance
    _do_regress = tracks._do_regress
    _gain_movement = tracks._gain_movement
    _advance = tracks._advance
    _claim_benefits = tracks._claim_benefits
    _regress = tracks._regress
    # rovers.py
    _rover_mask = rovers._rover_mask
    _deploy_squares = rovers._deploy_squares
    _rover_moves = rovers._rover_moves
    _forbidden_terrain = rovers._forbidden_terrain
    _do_deploy = rovers._do_deploy
    _do_rove = rovers._do_rove
    _do_teleport = rovers._do_teleport
    _collect_at = rovers._collect_at
    _do_collect = rovers._do_collect
    _do_destroy = rovers._do_destroy
    _do_clear = rovers._do_clear
    _do_meteorite = rovers._do_meteorite
    # events.py
    _removable_stacks = events._removable_stacks
    _reveal_event = events._reveal_event
    _event_items = events._event_items
    _skip_game_ending_event_items = events._skip_game_ending_event_items
    _do_peek = events._do_peek
    _do_only = events._do_only
    _do_remove = events._do_remove
    _do_discard = events._do_discard
    # civ.py
    _card_effect = civ._card_effect
    _do_keep = civ._do_keep
    _do_drop = civ._do_drop
    # phases.py
    _drop_impossible = phases._drop_impossible
    _settle = phases._settle
    _after_phase = phases._after_phase
    _continue = phases._continue
    _start_round = phases._start_round
    _begin_tiles = phases._begin_tiles
    _reveal_tops = phases._reveal_tops
    _end_round = phases._end_round
    _do_turn = phases._do_turn
    _do_done = phases._do_done
    # reasons.py
    _reason = reasons._reason
    _rove_reason = reasons._rove_reason
    _situation = reasons._situation
    # setup.py
    _do_side = setup._do_side
    # corporations.py
    _do_flux = corporations._do_flux
    _do_flux_milestone = corporations._do_flux_milestone
    _do_flux_advance = corporations._do_flux_advance
    _do_horizon_advance = corporations._do_horizon_advance
    _do_pod = corporations._do_pod
    _do_relocate = corporations._do_relocate
    _do_relocate_three = corporations._do_relocate_three
    _do_relocate_one = corporations._do_relocate_one
    # jump_drive.py
    _do_slot = jump_drive._do_slot
    _do_patch_synergy = jump_drive._do_patch_synergy
    _do_claim_row = jump_drive._do_claim_row
    _do_draw_objectives = jump_drive._do_draw_objectives
    _do_share = jump_drive._do_share
    # wormhole.py
    _do_branch = wormhole._do_branch
    _do_patch_twice = wormhole._do_patch_twice
    _do_biomass_reset = wormhole._do_biomass_reset
    # makeshift.py
    _do_climb = makeshift._do_climb
    _do_makeshift_regress = makeshift._do_makeshift_regress
    # scoring.py
    score_of = scoring.score_of
    scores = scoring.scores
    tie_break = scoring.tie_break
    winners = scoring.winners
    solo_target = scoring.solo_target
    solo_band = scoring.solo_band
    solo_rating = scoring.solo_rating

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
        setup.deal_boards(self)
        # objectives: one deck, each card serves one side
        deck = sorted(FIG.objectives)
        self.rng.shuffle(deck)
        objective_setup = FIG.objective_setup
        self.neighbor_cards: list[list[int]] = []  # [card, player a, player b]
        if n == 2:
            for _ in range(objective_setup["two_player_neighbor_cards"]):
                self.neighbor_cards.append([deck.pop(), 0, 1])
        elif n >= 3:
            for p in range(n):
                self.neighbor_cards.append([deck.pop(), p, (p + 1) % n])
        self.objective_deck = deck
        self.shared_objectives: list[int] = []  # Jump Drive tech 6: objectives every player competes for
        if self.solo or self.options["private_objectives"]:
            dealt = objective_setup["solo_private_dealt"] if self.solo else objective_setup["multiplayer_private_dealt"]
            kept = objective_setup["solo_private_kept"] if self.solo else objective_setup["multiplayer_private_kept"]
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
        actions.extend(corporations.optional_actions(self, p))
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
        if kind in ("synergy", "synergy_or_peek"):
            tracks_ = self._advanceable(corp, range(5))
            actions = [Action("synergy", TRACKS[t]) for t in tracks_] + jump_drive.twice_actions(corp, tracks_)
            return actions + ([Action("peek")] if kind == "synergy_or_peek" and len(self.event_deck) else [])
        if kind == "advance":
            return [Action("advance", TRACKS[t]) for t in self._advanceable(corp, item[1])]
        if kind == "regress":
            return [Action("regress", TRACKS[t]) for t in item[1] if corporations.step_down(corp, t) is not None]
        if kind == "only":
            return [Action("only", RESOURCES[item[1]]), Action("only", RESOURCES[item[3]])]
        if kind == "patch":
            actions = [Action("patch", *g.xy(i)) for i in g.cells_of(self._patch_squares(corp))]
            if wormhole.stores_patches(corp) and self.phase != FINAL:
                actions.append(Action("store"))
            return actions + jump_drive.patch_swap_actions(self, corp) + wormhole.patch_actions(self, corp)
        if kind == "deploy":
            if corp.rovers_left <= 0:
                return []  # every rover is out already: the milestone brings nothing
            return [Action("deploy", *g.xy(i)) for i in g.cells_of(self._deploy_squares(corp))]
        if kind == "teleport":
            # teleports ignore Tartarus' chasm (BGA) but not K'Aax's toxic terrain
            free = corp.planet.squares & ~self._rover_mask(corp) & ~planets.rover_barred(corp)
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
            planet = corp.planet
            rows = [Action("clear", "row", y) for y in range(g.HEIGHT) if corp.meteorites & planet.rows[y]]
            return rows + [Action("clear", "column", x) for x in range(g.WIDTH) if corp.meteorites & planet.columns[x]]
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
        if kind == "side":
            return [Action("side", item[1], side) for side in setup.SIDES]
        if kind == "flux":
            return [Action("flux", track) for track in TRACKS]
        if kind == "pod":
            return corporations.pod_actions(corp)
        if kind == "relocate":
            return corporations.relocate_actions(corp)
        if kind == "slot":
            return jump_drive.slot_actions(corp)
        if kind == "share":
            return jump_drive.share_actions(corp)
        if kind == "branch":
            return wormhole.branch_actions(corp)
        if kind == "climb":
            return makeshift.climb_actions(corp, item)
        return []  # "civ": claimed in the claim phase

    # ----- apply ------------------------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        if action not in self._cached_legal(player):
            raise IllegalAction(self._reason(player, action))
        self._play(player, action)

    def apply_quiet(self, player: int, action: Action) -> None:
        # The action comes from this very state's legal_actions(player) (the engine's contract for apply_quiet), so
        # apply's turn check and _apply's scan of the legal list (hundreds of placements) hold already; +22 % random
        # moves/s. The events are dropped.
        self._play(player, action)
        self._events.clear()

    def _play(self, player: int, action: Action) -> None:
        """The rule of an action known to be allowed, then whatever follows from it automatically."""
        self._legal = {}
        getattr(self, f"_do_{action[0]}")(player, self.corps[player], *action[1:])
        self._settle()

    def _take_item(self, corp: Corp, *kinds: str, match: Any = None) -> Item:
        for index, item in enumerate(corp.pending):
            if item[0] in kinds and (match is None or match(item)):
                return corp.pending.pop(index)
        raise AssertionError(f"no pending {kinds}")  # legal_actions guarantees one exists

    # ----- serialisation ----------------------------------------------------------------------------------------
    _SCALARS = ("round", "phase", "after_claim", "event", "last_round", "shift", "rotation", "commander", "solo",
                "events_on")
    _LISTS = ("claim_order", "flags", "end_reasons", "stacks", "removed", "taken", "civ_piles", "civ_box",
              "neighbor_cards", "objective_deck", "event_deck", "event_counts", "shared_objectives")

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
            setattr(state, name, copy.deepcopy(data.get(name, [])))  # states saved before a list existed
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


STATE_CLASS = PlanetUnknownState
