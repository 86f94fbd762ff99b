"""Set-up: the goods display and the cities' cubes drawn from the bag, and the first turn order by dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


COLORS = ("red", "blue", "purple", "yellow", "black")


def setup(state: AgeOfSteamState) -> None:
    fig = state.fig
    drawn = draw(state, len(fig.display_fill_order), "display set-up")
    for (display_id, space), color in zip(fig.display_fill_order, drawn, strict=True):
        state.display[display_id][space] = color
    for h, city in fig.cities.items():
        state.cubes[h] = draw(state, city.start_cubes, f"set-up {city.name}")
    state.order = roll_order(state)
    state._start_round()


def roll_order(state: AgeOfSteamState) -> list[int]:
    """Each player rolls three dice; highest first; ties roll again among themselves [rules: Spielaufbau]."""
    dice = int(state.fig.game["start"]["order_dice"])

    def rank(group: list[int]) -> list[int]:
        if len(group) == 1:
            return group
        totals = {p: sum(state.roll(p, why="turn order") for _ in range(dice)) for p in group}
        result: list[int] = []
        for total in sorted(set(totals.values()), reverse=True):
            result.extend(rank([p for p in group if totals[p] == total]))
        return result

    order = rank(list(range(state.num_players)))
    state.emit("turn_order", order=list(order))  # a snapshot: the state keeps the list
    return order


def draw(state: AgeOfSteamState, count: int, why: str) -> list[str]:
    """Draw ``count`` cubes at random from the bag (fewer if it runs out); one logged chance event."""
    drawn: list[str] = []
    for _ in range(count):
        total = sum(state.bag.values())
        if total == 0:
            break
        pick = state.rng.below(total)
        for color in COLORS:
            if pick < state.bag[color]:
                state.bag[color] -= 1
                drawn.append(color)
                break
            pick -= state.bag[color]
    # the event gets its own copy: the caller keeps ``drawn`` in the state and uses it up (events are snapshots)
    state.emit("draw", cubes=list(drawn), why=why, chance=True)
    return drawn
