"""Final scores: three points per income, one per track section of complete own links, minus three per share;
eliminated players rank last."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Score

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


def scores(state: AgeOfSteamState) -> list[Score]:
    sections = [0] * state.num_players
    for link in state.links():
        if link.complete and link.owner is not None:
            sections[link.owner] += len(link.tracks)
    result: list[Score] = []
    for p in range(state.num_players):
        if state.eliminated[p]:
            result.append(Score(0, {"income": 0, "track": 0, "shares": 0}))
            continue
        breakdown = {"income": 3 * state.income[p], "track": sections[p], "shares": -3 * state.shares[p]}
        result.append(Score(sum(breakdown.values()), breakdown))
    living = [result[p].total for p in state.alive()]
    floor = min([*living, 0]) - 1
    for p in range(state.num_players):
        if state.eliminated[p]:  # eliminated players rank last
            result[p] = Score(floor, {"income": 0, "track": 0, "shares": 0, "eliminated": floor})
    return result
