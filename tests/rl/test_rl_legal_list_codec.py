"""The legal-list codec's memos: one kept instance per action, long lists not memoised, the order always canonical."""

from __future__ import annotations

import random

from brassboard import rl
from brassboard.engine import Action
from brassboard.rl.actions import LegalListCodec

SIZES = (5, 8, 64, 65, 164, 400)
"""Legal lists short and long: the codec memoises the assignments of short ones only (up to 64 actions)."""


def placements(count: int) -> list[Action]:
    return [Action("place", ring, tile, x, 0) for ring in ("outer", "inner") for tile in (10, 9)
            for x in range(count)][:count]


def test_actions_built_afresh_are_assigned_as_the_instances_first_met() -> None:
    # a game builds new Action objects for every legal list; memos holding them all kept hundreds of thousands alive
    codec = LegalListCodec(2048)
    for count in SIZES:
        first = codec.assign(placements(count))
        again = codec.assign(placements(count)[1:])  # another list (no memoised assignment) of new, equal actions
        met = {action: action for action in first.actions}
        assert len(again.actions) == count - 1
        assert all(action is met[action] for action in again.actions)


def test_long_and_short_lists_are_sorted_canonically_in_any_order_given() -> None:
    codec = LegalListCodec(2048)
    chooser = random.Random(3)
    for count in SIZES:
        actions = placements(count)
        for _ in range(3):
            chooser.shuffle(actions)
            assert list(codec.assign(actions).actions) == sorted(actions, key=rl.action_sort_key)


def test_an_action_no_text_can_order_is_sorted_by_its_tuple() -> None:
    codec = LegalListCodec(16)
    legal = [Action("bid", 1 << 70), Action("bid", 5), Action("bid", -(1 << 70)), Action("pass")]
    assert list(codec.assign(legal).actions) == sorted(legal, key=rl.action_sort_key)
    assert list(codec.assign([Action("bid", 1 << 70)]).actions) == [Action("bid", 1 << 70)]
