"""Selecting the special actions (phase III): each one player only; Locomotive applies at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


ACTION_IDS = ("first-move", "first-build", "engineer", "locomotive", "urbanization", "production", "turn-order")


def start_actions(state: AgeOfSteamState) -> None:
    state.phase = "actions"
    state.action = [None] * state.num_players
    state.queue = state.order[:]


def do_select(state: AgeOfSteamState, p: int, action: Action) -> None:
    choice = action.args[0] if action.args else None
    if choice not in ACTION_IDS:
        raise IllegalAction(f"the actions are {', '.join(ACTION_IDS)}")
    if choice in state.action_holders():
        raise IllegalAction(f"each action may be taken by one player only; {choice} is taken")
    assert isinstance(choice, str)
    state.action[p] = choice
    state.emit("select", player=p, action=choice)
    if choice == "locomotive":  # applies at once, at most 6
        raise_locomotive(state, p)
    state.queue.pop(0)
    if not state.queue:
        state._start_build()


def raise_locomotive(state: AgeOfSteamState, p: int) -> None:
    if state.loco[p] < int(state.fig.game["locomotive"]["max"]):
        state.loco[p] += 1
    state.emit("locomotive", player=p, level=state.loco[p])


def first_then_order(state: AgeOfSteamState, action_id: str) -> list[int]:
    first = state.holder(action_id)
    rest = [p for p in state.order if p != first and not state.eliminated[p]]
    return ([first] if first is not None else []) + rest
