"""Position-building helpers for the Planet Unknown rule tests (not a test module).

A position is built from a real game (``brassboard.engine.new_game``) whose fields are then edited directly:
tracks, the terrain painted on the planet, the pending items, the stacks at a depot, the event deck. Every helper
that edits a state forgets the cached legal actions (``state._legal = {}``), as any direct edit must.

Coordinates are ``(x, y)``: x the column (0 left), y the row (0 top), as in the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from brassboard.engine import new_game
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import RESOURCE_INDEX, TRACKS, Placement, figures
from brassboard.games.planet_unknown.rules import CLAIM, EVENT, ROTATE, TILES, Corp, PlanetUnknownState

FIG = figures()
PLANET = FIG.planet
CORP = FIG.corporation

SHAPE_ID = {s.name: s.id for s in FIG.shapes}
FAMILY = {("civ", "energy"): 0, ("energy", "water"): 1, ("rover", "tech"): 2, ("tech", "biomass"): 3,
          ("water", "rover"): 4, ("biomass", "civ"): 5}

# A few planet squares used across the tests (see the KSB-4156 map in the reference §3).
LIFEPODS = [(7, 2), (1, 4), (10, 4), (2, 7), (8, 8), (5, 9)]
ICE = (5, 5)  # an ice square inside the planet
LAND = (7, 6)  # a land square inside the planet, not on the edge


def tile_type(shape: str, a: str, b: str, meteor: bool = False) -> int:
    """The tile type id of shape ``shape`` (e.g. "D2") with part A ``a`` and part B ``b`` (ref §2.2)."""
    return (2 * FAMILY[(a, b)] + int(meteor)) * 12 + SHAPE_ID[shape]


def refresh(state: PlanetUnknownState) -> None:
    state._legal = {}


def game(players: int = 2, seed: int = 0, **options: Any) -> PlanetUnknownState:
    state = new_game("planet_unknown", players, seed, options)
    assert isinstance(state, PlanetUnknownState)
    return state


def at_tiles(players: int = 2, seed: int = 0, **options: Any) -> PlanetUnknownState:
    """A game at the start of a tiles phase, without events, nobody's pending item open."""
    state = game(players, seed, **options)
    state.phase = TILES
    state.flags = []
    state.event_deck = []
    for corp in state.corps:
        corp.pending = []
        corp.offer = []
        corp.finished = False
        corp.took_tile = False
    refresh(state)
    return state


def set_depot(state: PlanetUnknownState, player: int, inner: int | None = None, outer: int | None = None,
              only: bool = False) -> None:
    """Put tile types on top of ``player``'s depot stacks; with ``only`` the stacks hold just those tiles."""
    for name, tile in (("inner", inner), ("outer", outer)):
        ring, stack = state.depot_stack(player, name)
        if only:
            state.stacks[ring][stack] = []
        if tile is not None:
            state.stacks[ring][stack].append(tile)
    refresh(state)


def paint(corp: Corp, resource: str, cells: Iterable[tuple[int, int]], icons: Iterable[tuple[int, int]] = ()) -> int:
    """Cover ``cells`` with ``resource`` terrain (as if tiles lay there), icons on ``icons``; returns the mask."""
    r = RESOURCE_INDEX[resource]
    mask = g.mask_of(cells)
    corp.occupied |= mask
    corp.terrain[r] |= mask
    corp.icons[r] |= g.mask_of(icons)
    return mask


def fill_planet(corp: Corp, resource: str = "civ", except_: Iterable[tuple[int, int]] = ()) -> None:
    """Cover every planet square but ``except_`` with ``resource`` terrain."""
    keep = g.mask_of(except_)
    paint(corp, resource, [g.xy(i) for i in g.cells_of(PLANET.squares & ~keep)])


def set_track(corp: Corp, track: str, position: int) -> None:
    """Put a tracker at ``position``, tech levels as the tracker's position gives them."""
    t = RESOURCE_INDEX[track]
    corp.tracks[t] = position
    if track == "tech":
        corp.tech = 0
        for level, at in CORP.tech_positions.items():
            if position >= at:
                corp.tech |= 1 << level


def with_items(state: PlanetUnknownState, player: int, *items: list[Any], phase: str = TILES) -> Corp:
    """``player`` has placed this round's tile and has ``items`` open; everybody else is done."""
    state.phase = phase
    for p, corp in enumerate(state.corps):
        corp.took_tile = True
        corp.finished = p != player
        corp.pending = []
    corp = state.corps[player]
    corp.pending = [list(item) for item in items]
    refresh(state)
    return corp


def offer_civ(state: PlanetUnknownState, player: int, card: int) -> Corp:
    """``player`` claims a civ milestone now and is offered only ``card`` (claim phase, then the tiles phase)."""
    rank = FIG.civ_cards[card]["rank"]
    state.phase = CLAIM
    state.claim_order = [player]
    state.after_claim = TILES
    for corp in state.corps:
        corp.finished = False
        corp.pending = []
        corp.movement = 0
    pile = state.civ_piles[rank - 1]
    if card not in pile:
        pile.append(card)
        pile.sort()
    corp = state.corps[player]
    corp.offer = [card]
    refresh(state)
    return corp


def legal(state: PlanetUnknownState, player: int) -> list[str]:
    return [str(a) for a in state.legal_actions(player)]


def kinds(state: PlanetUnknownState, player: int) -> set[str]:
    return {a.kind for a in state.legal_actions(player)}


def place_where(state: PlanetUnknownState, player: int, name: str,
                test: Callable[[Placement], bool] = lambda pl: True) -> Placement:
    """The first legal placement of the top tile of ``name`` at ``player``'s depot that passes ``test``."""
    ring, stack = state.depot_stack(player, name)
    tile = state.top(ring, stack)
    assert tile is not None
    for pl in state.placements(player, tile):
        if test(pl):
            return pl
    raise AssertionError("no such placement")


def place(state: PlanetUnknownState, player: int, name: str,
          test: Callable[[Placement], bool] = lambda pl: True) -> Placement:
    """Place the top tile of ``name`` at the first legal spot passing ``test``."""
    pl = place_where(state, player, name, test)
    state.apply(player, f"place {name} {pl.x} {pl.y} {pl.orientation}")
    return pl


def resolve_all(state: PlanetUnknownState, player: int, prefer: tuple[str, ...] = TRACKS) -> None:
    """Resolve ``player``'s open items by the first legal choice (tracks in ``prefer`` order), then ``done``."""
    for _ in range(200):
        if player not in state.active_players():
            return
        actions = state.legal_actions(player)
        if not actions:
            return
        non_done = [a for a in actions if a.kind not in ("done", "rove")]
        if not non_done:
            state.apply(player, "done")
            continue
        for track in prefer:
            hit = [a for a in non_done if a.args[:1] == (track,)]
            if hit:
                state.apply(player, hit[0])
                break
        else:
            state.apply(player, non_done[0])
    raise AssertionError("resolve_all did not finish")


def event_game(event: int, players: int = 2, seed: int = 0, rest: Iterable[int] = (122,),
               setup: Callable[[PlanetUnknownState], None] | None = None) -> PlanetUnknownState:
    """A game about to reveal ``event`` (then ``rest`` stays in the deck); ``setup`` edits the position first.

    Multiplayer: two players with the commander's rotation, the commander turns the station (``turn 0``).
    Solo (``players=1``): the player drops a private objective, and the round starts.
    """
    if players == 1:
        state = game(1, seed)
        state.event_deck = [*rest, event]
        if setup:
            setup(state)
        refresh(state)
        state.apply(0, "drop 1")
        return state
    state = game(players, seed, events=True, two_player_rotation="commander")
    assert state.phase == ROTATE
    state.event_deck = [*rest, event]
    if setup:
        setup(state)
    refresh(state)
    state.apply(state.commander, "turn 0")
    assert state.event == event
    return state


def only_event_phase(state: PlanetUnknownState) -> None:
    assert state.phase == EVENT, state.phase


def autoplay(state: PlanetUnknownState, stop: Callable[[PlanetUnknownState], bool], limit: int = 2000) -> None:
    """Play the first legal non-rove choice of whoever acts until ``stop`` holds (or the game is over)."""
    for _ in range(limit):
        if stop(state) or state.is_over():
            return
        p = state.active_players()[0]
        actions = [a for a in state.legal_actions(p) if a.kind != "rove"]
        state.apply(p, actions[0])
    raise AssertionError("autoplay did not stop")


# ----- a corporation's scenario: what the special-corporation tests start from --------------------------------------
def unlock(corp: Corp, *levels: int) -> None:
    """Unlock tech ``levels`` (whatever the tech tracker says)."""
    for level in levels:
        corp.tech |= 1 << level


def corporation_at_tiles(corporation: str, *levels: int, players: int = 2,
                         **options: Any) -> tuple[PlanetUnknownState, Corp]:
    """Everybody plays ``corporation`` (:func:`at_tiles`); player 0 has tech ``levels`` unlocked, has placed this
    round's tile and has nothing open (:func:`with_items`). Returns the state and player 0's board."""
    state = at_tiles(players, corporation=corporation, **options)
    corp = state.corps[0]
    unlock(corp, *levels)
    with_items(state, 0)
    return state, corp


def actions(state: PlanetUnknownState, player: int = 0) -> set[str]:
    """The legal actions of ``player``, written out."""
    return {str(a) for a in state.legal_actions(player)}
