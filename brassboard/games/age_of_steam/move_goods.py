"""Moving goods (phase V, two rounds): the legal deliveries over complete links, a delivery and the income it
brings each link's owner, the locomotive advanced instead of a move, passing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction
from .figures import label

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


def start_move(state: AgeOfSteamState, move_round: int) -> None:
    state.phase = "move"
    state.move_round = move_round
    if move_round == 1:
        state.loco_moved = [False] * state.num_players
    state.queue = state._first_then_order("first-move")
    if not state.queue:
        state._end_of_round()


def legal_move(state: AgeOfSteamState, p: int) -> list[Action]:
    actions = [Action("move", label(h), color, *sides) for h, color, sides in deliveries(state, p)]
    if not state.loco_moved[p] and state.loco[p] < int(state.fig.game["locomotive"]["max"]):
        actions.append(Action("locomotive"))
    actions.append(Action("pass"))
    return actions


def deliveries(state: AgeOfSteamState, p: int) -> list[tuple[int, str, tuple[int, ...]]]:
    """Every legal delivery of ``p``: (city, cube colour, exit sides)."""
    exits = state.exits()
    result: list[tuple[int, str, tuple[int, ...]]] = []
    limit = state.loco[p]
    for start in sorted(state.cubes):
        for color in sorted(set(state.cubes[start])):
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
                    if state.city_color(dest) == color:
                        result.append((start, color, path))  # a cube stops at the first city of its colour
                    else:
                        stack.append((dest, path, visited | {dest}))
    return sorted(result, key=lambda r: (r[0], r[1], r[2]))


def do_move(state: AgeOfSteamState, p: int, action: Action) -> None:
    args = action.args
    if len(args) < 3:
        raise IllegalAction("write: move HEX COLOR SIDE..., e.g. move H6 blue 2 3")
    start = state._hex_arg(args[0])
    color = str(args[1]).lower()
    sides = list(args[2:])
    if not all(isinstance(s, int) and 0 <= s <= 5 for s in sides):
        raise IllegalAction("each stop's exit is a side 0-5")
    if color not in state.cubes.get(start, []):
        raise IllegalAction(f"there is no {color} cube at {label(start)}")
    if len(sides) > state.loco[p]:
        raise IllegalAction(f"a cube moves over at most as many links as the locomotive shows ({state.loco[p]})")
    exits = state.exits()
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
        if state.city_color(dest) == color and i < len(sides) - 1:
            raise IllegalAction("a cube stops at the first city of its colour")
        visited.add(dest)
        used.append(link)
        cur = dest
    if state.city_color(cur) != color:
        raise IllegalAction(f"a {color} cube must end in a {color} city")
    state.cubes[start].remove(color)
    state.bag[color] += 1
    for link in used:
        if link.owner is not None and not state.eliminated[link.owner]:
            state.income[link.owner] += 1
    state.emit("move", player=p, hex=label(start), color=color, to=label(cur), links=len(used),
              owners=[link.owner for link in used])
    next_mover(state)


def do_locomotive(state: AgeOfSteamState, p: int, action: Action) -> None:
    if state.loco_moved[p]:
        raise IllegalAction("the locomotive advances instead of a move once per move phase")
    if state.loco[p] >= int(state.fig.game["locomotive"]["max"]):
        raise IllegalAction("the locomotive shows 6 links at most")
    state.loco_moved[p] = True
    state.loco[p] += 1
    state.emit("locomotive", player=p, level=state.loco[p])
    next_mover(state)


def do_pass(state: AgeOfSteamState, p: int, action: Action) -> None:
    state.emit("pass", player=p)
    next_mover(state)


def next_mover(state: AgeOfSteamState) -> None:
    state.queue.pop(0)
    if state.queue:
        return
    if state.move_round == 1:
        start_move(state, 2)
    else:
        state._end_of_round()
