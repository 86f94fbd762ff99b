"""Card 39 (Renaturierung): its fast listing and its direct check of a played use agree exactly with the rule as
first written — every combination of the largest size that fits the general supply — on random boards and supplies.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

from tharos_card_helpers import holding

from brassboard.games.tharos.action_card_effects_board import SORTS, _slots, allows_39, gen_39
from brassboard.games.tharos.figures import CELL_NAMES
from brassboard.games.tharos.rules import TharosState


def reference_uses(state: TharosState) -> list[tuple[object, ...]]:
    """The rule by brute force: the largest size (at most 3) with any combination the supply can fill."""
    slots = _slots(state)
    colours = state.board.colours

    def fits(combo: tuple[tuple[str, int], ...]) -> bool:
        need: dict[tuple[str, int], int] = {}
        for sort, cell in combo:
            need[(sort, colours[cell])] = need.get((sort, colours[cell]), 0) + 1
        supply = {"ore": state.board.ore_supply, "crystal": state.board.crystal_supply}
        return all(supply[sort][colour] >= n for (sort, colour), n in need.items())

    for size in range(min(3, len(slots)), 0, -1):
        found = [combo for combo in combinations(slots, size) if fits(combo)]
        if found:
            return [tuple(part for sort, cell in combo for part in (sort, CELL_NAMES[cell])) for combo in found]
    return []


def shuffled_board(seed: int) -> TharosState:
    state, _ = holding(39)
    rng = random.Random(seed)
    board = state.board
    board.ore_on = rng.getrandbits(16) & rng.getrandbits(16) if rng.random() < 0.7 else 0
    board.crystal_on = rng.getrandbits(16) | rng.getrandbits(16) if rng.random() < 0.5 else rng.getrandbits(16)
    scarce = rng.random() < 0.4  # a nearly empty supply: one tile or none fits
    for supply in (board.ore_supply, board.crystal_supply):
        for colour in range(len(supply)):
            supply[colour] = (rng.random() < 0.08) if scarce else rng.choice((0, 0, 1, 1, 2, 3, 5))
    state._legal = {}
    return state


def test_card_39_listing_matches_the_brute_force_rule_in_order() -> None:
    sizes = set()
    for seed in range(300):
        state = shuffled_board(seed)
        listed = list(gen_39(state, 0, "before"))
        assert listed == reference_uses(state), seed
        sizes.add(len(listed[0]) // 2 if listed else 0)
    assert sizes == {0, 1, 2, 3}  # the boards reach every case, none included


def test_card_39_direct_check_agrees_with_the_listing() -> None:
    rng = random.Random(39)
    for seed in range(120):
        state = shuffled_board(1000 + seed)
        listed = set(gen_39(state, 0, "before"))
        slots = [(sort, CELL_NAMES[cell]) for sort in SORTS for cell in range(16)]
        candidates = set(listed)
        for size in (1, 2, 3, 4):
            for _ in range(40):
                picked = rng.sample(slots, size)
                for order in list(permutations(picked))[:3]:
                    candidates.add(tuple(part for pair in order for part in pair))
        candidates |= {("ore", "Z9"), ("gold", "A1"), ("ore",), (), ("ore", 3)}
        for args in candidates:
            assert allows_39(state, 0, "before", args) == (args in listed), (seed, args)
