"""Planet Unknown's invariants, checked after every action of the random games in test_pu_properties.py.

Kept out of the test module so pytest's assertion rewriting does not slow the hot loop; a failed check raises
AssertionError with the rule it broke.
"""

from __future__ import annotations

import json
import random
from typing import Any

from brassboard.engine import Action, Match
from brassboard.games.planet_unknown import planets
from brassboard.games.planet_unknown.corporations import track_top
from brassboard.games.planet_unknown.figures import figures, planet_shapes
from brassboard.games.planet_unknown.rules import OBJECTIVES, PlanetUnknownState

FIG = figures()
TILE_COUNT = len(FIG.tiles)
CIV_COUNT = len(FIG.civ_cards)


def check(state: PlanetUnknownState) -> None:
    # 144 tiles, each exactly once: in the station, on a planet, taken unplaced or removed by an event
    tiles: list[int] = [t for ring in state.stacks for stack in ring for t in stack] + list(state.removed)
    for corp in state.corps:
        tiles += [placed[0] for placed in corp.placed] + corp.unplaced
    assert sorted(tiles) == list(range(TILE_COUNT)), "tiles are not conserved"
    civ = [c for pile in state.civ_piles for c in pile] + state.civ_box + [c for corp in state.corps for c in corp.civ]
    assert sorted(civ) == sorted(FIG.civ_cards), "civ cards are not conserved"
    for p, corp in enumerate(state.corps):
        planet = corp.planet
        if state.phase != OBJECTIVES or not any(item[0] == "side" for item in corp.pending):
            assert corp.planet_name in (FIG.planet.name, corp.dealt[0]) or state.options["planet"], \
                f"P{p}: a planet side neither standard nor dealt"
        # no overlap: tiles and patches cover disjoint squares that add up to the covered mask
        # (Wormhole Corp's tech 2 puts patches on tiles: those count with their tile)
        on_tiles = corp.patches if corp.corporation.rule == "branching_biomass" else 0
        tile_squares = 0
        for tile, x, y, orientation in corp.placed:
            kind = FIG.tiles[tile]
            tile_squares |= planet_shapes(corp.planet_name)[kind.shape].by_spot[kind.meteor][(x, y, orientation)].mask
        on_tiles &= tile_squares
        covered = corp.patches & ~on_tiles
        total = covered.bit_count()
        for tile, x, y, orientation in corp.placed:
            kind = FIG.tiles[tile]
            mask = planet_shapes(corp.planet_name)[kind.shape].by_spot[kind.meteor][(x, y, orientation)].mask
            assert not covered & mask, f"P{p}: tiles overlap"
            covered |= mask
            total += mask.bit_count()
        assert covered == corp.occupied and covered.bit_count() == total, f"P{p}: covered squares disagree"
        assert not corp.occupied & ~planet.squares, f"P{p}: a tile leaves the planet"
        terrains = 0
        for mask in corp.terrain:
            assert not terrains & mask, f"P{p}: two terrains on one square"
            terrains |= mask
        assert terrains == corp.occupied, f"P{p}: terrain and covered squares disagree"
        for t, position in enumerate(corp.tracks):
            assert 0 <= position <= track_top(corp, t), f"P{p}: tracker {t} at {position}"
        carrying = corp.corporation.rule == "meteorite_delivery"  # Horizon Group's rovers carry meteorites
        allowed = planet.squares if carrying else corp.occupied
        assert not corp.meteorites & ~allowed, f"P{p}: a meteorite off the tiles"
        assert not corp.lifepods & corp.occupied, f"P{p}: a lifepod under a tile"
        assert not corp.lifepods & ~planet.lifepods, f"P{p}: a lifepod off its printed space"
        pods = corp.lifepods.bit_count() + corp.lifepods_collected + corp.lifepods_lost + len(corp.track_pods)
        if corp.corporation.rule == "tech_slots":  # Jump Drive: a lifepod on each unlocked tech slot
            pods += corp.tech.bit_count()
        for t, position in corp.track_pods:  # Cosmos Inc: lifepods on tracks, never under a tracker
            assert corp.tracks[t] != position, f"P{p}: a tracker on a lifepod"
        assert len({tuple(pod) for pod in corp.track_pods}) == len(corp.track_pods), f"P{p}: two lifepods stacked"
        assert pods == planet.lifepods.bit_count(), f"P{p}: lifepods not conserved"
        assert min(corp.rovers_left, corp.rovers_lost, corp.movement, corp.stored_patches,
                   corp.lifepods_collected, corp.meteorites_collected, corp.meteorites_destroyed) >= 0, \
            f"P{p}: a negative count"
        assert len(set(corp.rovers)) == len(corp.rovers), f"P{p}: two rovers on one square"
        for index in corp.rovers:
            b = 1 << index
            assert planet.squares & b, f"P{p}: a rover off the planet"
            assert not planets.rover_barred(corp) & b, f"P{p}: a rover on uncovered toxic terrain"
            assert not (corp.lifepods | (0 if carrying else corp.meteorites)) & b, \
                f"P{p}: a rover beside something it should collect"
        # each tech level unlocked lies at or below the tracker (Makeshift: the highest in the tech column)
        tech_height = corp.tracks[4]
        if corp.corporation.rule == "columns":
            assert len(set(zip(corp.columns, corp.tracks, strict=True))) == 5, f"P{p}: two trackers on one cell"
            tech_height = max((h for c, h in zip(corp.columns, corp.tracks, strict=True) if c == 4), default=-1)
        for level, position in corp.corporation.tech_positions.items():
            if corp.level(level):
                assert tech_height >= position, f"P{p}: tech level {level} above its tracker"
        score = state.score_of(p)
        assert score.total == sum(score.breakdown.values()), "score differs from its breakdown"
    active = state.active_players()
    assert bool(active) != state.is_over(), "active players while over, or none while running"


def check_views(state: PlanetUnknownState) -> None:
    over = state.is_over()
    for viewer in [None, *range(state.num_players)]:
        view = state.view(viewer)
        text = json.dumps(view)
        assert '"seed"' not in text and '"rng"' not in text, "a view leaks the seed"
        for p, seen in enumerate(view["players"]):
            corp = state.corps[p]
            if viewer != p and not over:
                secret = [c for c in corp.civ if FIG.civ_cards[c]["timing"] == "end_game"]
                assert not set(secret) & set(seen["civ"]), "a view shows another player's end-game civ card"
                assert seen["objectives"] == [], "a view shows another player's private objectives"
                assert "offer" not in seen and "peek" not in seen, "a view shows another player's offer or peek"
        for name, tile in (view.get("depot_tiles") or {}).items():
            ring = 0 if name == "inner" else 1
            stack = state.depot(viewer or 0)[ring]
            if tile is not None:
                assert stack not in state.taken[ring], "a view shows a stack's new top before the round's reveal"
        for ring in view["stacks"].values():
            for stack in ring:
                assert set(stack) == {"shape", "count", "top"}, "a view shows more of a stack than its top"


def play_random(players: int, seed: int, options: dict[str, Any] | None = None, *, views_every: int = 0,
                replay: bool = False) -> PlanetUnknownState:
    """One random legal game with the invariants after every action; returns the final state."""
    match = Match("planet_unknown", players, seed, options)
    rng = random.Random(seed * 7919 + players)
    state = match.state
    assert isinstance(state, PlanetUnknownState)
    check(state)
    steps = 0
    while not state.is_over():
        player = rng.choice(state.active_players())
        legal = state.legal_actions(player)
        assert legal, f"P{player} is active without a legal action in phase {state.phase}"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        action: Action = rng.choice(legal)
        events = match.apply(player, action)
        json.dumps(events)
        state = match.state  # type: ignore[assignment]
        check(state)
        steps += 1
        if views_every and steps % views_every == 0:
            check_views(state)
        assert steps < 5000, "the game does not end"
    check_views(state)
    if replay:
        again = Match.replay(match.record)
        assert again.state.to_dict() == state.to_dict(), "the record does not replay to the same state"
    return state


def mutate(action: Action, rng: random.Random) -> Action:
    """An action like ``action`` with one argument changed (most such actions are illegal)."""
    if not action.args:
        return Action(action.kind, rng.randrange(1, 4))
    args = list(action.args)
    index = rng.randrange(len(args))
    if isinstance(args[index], int):
        args[index] = args[index] + rng.choice((-13, -1, 1, 5, 12))
    else:
        args[index] = rng.choice(("inner", "outer", "civ", "water", "energy", "row", "nonsense"))
    return Action(action.kind, *args)



def random_corporation_games(corporation: str, players: int, first_seed: int,
                             **options: Any) -> list[PlanetUnknownState]:
    """Two random games (seeds ``first_seed`` and the next) in which every player plays ``corporation``, with events
    and ``options``: the invariants after every action, the views every 30 actions, a replay of the record, and the
    corporation on every board at the end. Returns the final states."""
    finals = []
    for seed in (first_seed, first_seed + 1):
        state = play_random(players, seed, {"corporation": corporation, **options, "events": True}, views_every=30,
                            replay=True)
        assert {c.corporation_name for c in state.corps} == {corporation}
        finals.append(state)
    return finals
