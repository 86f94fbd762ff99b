"""The round end: income (VI), expenses and bankruptcy (VII), income reduction (VIII), Production and goods
growth (IX), the next round or the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction
from .figures import label

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


def end_of_round(state: AgeOfSteamState) -> None:
    state.move_round = None
    fig = state.fig
    # one event per step and player, each with its figures, so a log can tell the whole reckoning
    state.emit("round_end", round=state.round)
    for p in state.alive():
        state.cash[p] += state.income[p]
        state.emit("income", player=p, amount=state.income[p], cash=state.cash[p])
    expenses = fig.game["expenses"]
    for p in state.alive():
        per_share, per_loco = int(expenses["per_share"]), int(expenses["per_locomotive"])
        due = state.shares[p] * per_share + state.loco[p] * per_loco
        paid = min(due, state.cash[p])
        state.cash[p] -= paid
        short = due - paid
        if short:
            state.income[p] -= short  # each dollar not paid costs one income
        state.emit("expenses", player=p, due=due, paid=paid, short=short, shares=state.shares[p] * per_share,
                   locomotive=state.loco[p] * per_loco, cash=state.cash[p], income=state.income[p])
        if short and state.income[p] < 0:
            eliminate(state, p, due=due, short=short)
    for p in state.alive():
        loss = fig.income_loss(state.income[p])
        if loss:
            state.income[p] -= loss
            state.emit("income_reduction", player=p, loss=loss, income=state.income[p])
    holder = state.holder("production")
    if holder is not None:
        state.phase = "production"
        state.production = {"player": holder, "drawn": state._draw(2, "production")}
        settle_production(state)
    else:
        goods_growth(state)


def eliminate(state: AgeOfSteamState, p: int, *, due: int, short: int) -> None:
    """Income below 0 after expenses: the railroad is out [rules: Kosten zahlen]; ``due`` and ``short`` are the
    expenses that broke it, for the event."""
    state.eliminated[p] = True
    for link in state.links():
        if link.owner == p and not link.complete:
            for h, t in link.tracks:
                state.tiles[h]["owners"][t] = None
    state._board_changed()
    state.order = [q for q in state.order if q != p]
    state.emit("bankrupt", player=p, income=state.income[p], due=due, short=short, round=state.round)


def empty_spaces(state: AgeOfSteamState) -> list[str]:
    return [f"{d}.{i + 1}" for d in state.fig.display_ids for i, c in enumerate(state.display[d]) if c is None]


def settle_production(state: AgeOfSteamState) -> None:
    prod = state.production
    assert prod is not None
    while prod["drawn"] and not empty_spaces(state):
        color = prod["drawn"].pop(0)
        state.bag[color] += 1  # no empty space: the cube goes back to the bag
        state.emit("production_returned", color=color)
    if not prod["drawn"]:
        state.production = None
        goods_growth(state)


def do_produce(state: AgeOfSteamState, p: int, action: Action) -> None:
    prod = state.production
    assert prod is not None
    space = str(action.args[0]) if action.args else ""
    if space == "none":
        color = prod["drawn"].pop(0)
        state.bag[color] += 1
        state.emit("production_returned", color=color, player=p)
        settle_production(state)
        return
    if space not in empty_spaces(state):
        raise IllegalAction("a produced cube goes on an empty space of the goods display, e.g. W3.2 or A.1, "
                            "or back to the bag: produce none")
    display_id, index = space.split(".")
    color = prod["drawn"].pop(0)
    state.display[display_id][int(index) - 1] = color
    state.emit("produce", player=p, space=space, color=color)
    settle_production(state)


def goods_growth(state: AgeOfSteamState) -> None:
    state.phase = "production"
    count = state.num_players if state.options["growth_dice"] == "starting" else len(state.alive())
    growth: dict[str, list[int]] = {}
    for half, prefix in (("west", "W"), ("east", "E")):
        dice = [state.roll(None, why=f"goods growth {half}") for _ in range(count)]
        growth[half] = dice
        for value in dice:
            grow(state, f"{prefix}{value}", state.fig.city_by_slot[(half, value)])
            for letter, slot in state.fig.new_city_rows.items():
                if slot == (half, value):
                    city = next((h for h, x in state.new_cities.items() if x == letter), None)
                    if city is not None:  # only new cities on the map receive goods
                        grow(state, letter, city)
    state.last_growth = growth
    advance_round(state)


def grow(state: AgeOfSteamState, display_id: str, city: int) -> None:
    spaces = state.display[display_id]
    for i, color in enumerate(spaces):  # the top-most cube first
        if color is not None:
            spaces[i] = None
            state.cubes[city].append(color)
            state.emit("growth", space=f"{display_id}.{i + 1}", color=color, hex=label(city))
            return


def advance_round(state: AgeOfSteamState) -> None:
    if state.round >= state.rounds or not state.alive():
        end_game(state)
        return
    state.round += 1
    state._start_round()


def end_game(state: AgeOfSteamState) -> None:
    state.over = True
    state.phase = "over"
    state.queue = []
    state.emit("game_over", scores=[s.to_dict() for s in state.scores()])
