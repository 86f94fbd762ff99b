"""A readable text picture of a Planet Steam state, for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .figures import COLOURS, RESOURCES

if TYPE_CHECKING:
    from .rules import PlanetSteamState

_CONVERTER_MARK = {-1: "w", 0: "Q", 1: "O", 3: "E"}


def _cell(state: PlanetSteamState, zone: int) -> str:
    owner = state.owner[zone]
    river = "~" if zone in state.fig.rivers or zone in state.fig.free_water_zones else " "
    if owner == -2:
        return " #### "
    if owner == -1:
        return f"{river} .. {river}"[:6].ljust(6)
    if owner == -3:
        return f"{river}neut{river}"
    mark = COLOURS[owner][:2].upper()
    tank = ""
    if state.tank[zone]:
        tank = _CONVERTER_MARK[state.converter[zone]] + ("+" if state.compressor[zone] else "")
        if state.toppled[zone]:
            tank = "x" + tank
    return f"{river}{mark}{tank:<3}"[:6].ljust(6)


def render(state: PlanetSteamState, player: int | None) -> str:
    fig = state.fig
    lines = [f"Planet Steam ({fig.edition}) - round {state.round}/{fig.rounds} - phase: {state.phase}"]
    header = "     " + "".join(f"  {chr(65 + c)}   " for c in range(fig.columns))
    lines.append(header)
    for r in range(fig.rows):
        cells = "".join(_cell(state, r * fig.columns + c) for c in range(fig.columns))
        anchor = "  <- airship" if state.airship_row == r + 1 else ""
        lines.append(f"  {r + 1}  {cells}{anchor}")
    lines.append("  legend: BL/GR/OR/PU/YE owner, tank w=water Q/O/E converter, + compressor, x sabotaged, "
                 "~ river, # unavailable")
    ex = []
    for i, name in enumerate(RESOURCES):
        band = fig.scales[i].band(state.supply[i]).name
        bonus = " (+1 bonus)" if state.bonus[i] else ""
        ex.append(f"{name} {state.price[i]}cr supply {state.supply[i]} [{band}]{bonus}")
    lines.append("Exchange: " + " | ".join(ex))
    lines.append(f"Tank market: {state.market_tanks()} at {state.tank_price()}cr; stock: "
                 + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in state.stock.items()))
    hidden = state.options["hidden_credits"]
    for p, pl in enumerate(state.players):
        card = state.fig.cards[state.cards[p]] if state.cards[p] >= 0 else None
        spec = f"card {card[0]} ({' + '.join(card[1])})" if card else "no card"
        credits = "?" if hidden and p != player else str(pl.credits)
        goods = ", ".join(f"{RESOURCES[r]} {pl.goods[r]}/{state.capacity(p, r)} (cl.{pl.freighter[r]})"
                          for r in range(4))
        extra = " +independent freighter" if state.freighter_holder == p else ""
        me = " (you)" if p == player else ""
        lines.append(f"  P{p} {COLOURS[p]}{me}: {credits}cr; {goods}; permits {pl.permits}, "
                     f"quarters {pl.luxury_quarters}, markers {pl.markers}; {spec}{extra}")
    if state.agenda and not state.game_over:
        step = state.agenda[0]
        lines.append(f"Waiting for P{step['p']} ({COLOURS[step['p']]}): {step['k']}"
                     + (f" - high bid {step['high']}" if step["k"] == "bid" else ""))
    return "\n".join(lines)
