"""A readable text picture of a Planet Steam state, for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .figures import COLOURS, RESOURCES

if TYPE_CHECKING:
    from .rules import PlanetSteamState

_CONVERTER_MARK = {-1: "w", 0: "Q", 1: "O", 3: "E"}
_OWNER_MARK = {-1: "..", -2: "##", -3: "nn"}


def _cell(state: PlanetSteamState, zone: int) -> str:
    """Seven characters: owner, tank (w/Q/O/E, + compressor, x sabotaged), river mark."""
    owner = state.owner[zone]
    mark = _OWNER_MARK.get(owner) or COLOURS[owner][:2].upper()
    tank = ""
    if state.tank[zone]:
        tank = ("x" if state.toppled[zone] else "") + _CONVERTER_MARK[state.converter[zone]]
        tank += "+" if state.compressor[zone] else ""
    water = "~" if zone in state.fig.free_water_zones else " "
    return f" {water}{mark}{tank:<3}"


def _step_line(state: PlanetSteamState) -> str:
    from .rules import _STEP_WHAT

    step = state.agenda[0]
    who = f"P{step['p']} {COLOURS[step['p']]}"
    what = _STEP_WHAT.get(step["k"], step["k"])
    if step["k"] == "bid":
        subject = {"specialist": "a specialist card", "freighter": "the independent freighter",
                   "zone": f"zone {state.fig.zone_names[step['zone']]}"}[step["what"]]
        high = (f"high bid {step['high']} by P{step['leader']}" if step["leader"] >= 0 else "no bid yet")
        return f"Auction for {subject}: {high}. {who} to bid or pass."
    if step["k"] == "trade":
        return f"Exchange, {RESOURCES[step['r']]}: {who} may buy, sell or pass."
    return f"Now: {what} - {who} to act."


def render(state: PlanetSteamState, player: int | None) -> str:
    fig = state.fig
    lines = [f"Planet Steam ({fig.edition}) - round {state.round} of {fig.rounds} - {state.phase} phase"
             f" - start player P{state.start_player}"]
    lines.append("     " + "".join(f"   {chr(65 + c)}   " for c in range(fig.columns)))
    for r in range(fig.rows):
        cells = "".join(_cell(state, r * fig.columns + c) for c in range(fig.columns))
        anchor = "  <- airship" if state.airship_row == r + 1 else ""
        lines.append(f"  {r + 1}  {cells}{anchor}")
    lines.append("  owner BL/GR/OR/PU/YE, nn neutral, ## unavailable; tank w=water Q/O/E=converter, + compressor, "
                 "x sabotaged; ~ free water")
    exchange = []
    for i, name in enumerate(RESOURCES):
        band = fig.scales[i].band(state.supply[i]).name
        bonus = " +1 bonus" if state.bonus[i] else ""
        exchange.append(f"{name} {state.price[i]}cr (supply {state.supply[i]} {band}{bonus})")
    lines.append("Exchange: " + ", ".join(exchange))
    lines.append(f"Tank market: {state.market_tanks()} for sale at {state.tank_price()}cr. In stock: "
                 + ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in state.stock.items()))
    free = [fig.cards[i] for i in range(len(fig.cards)) if i not in state.cards]
    if state.phase == "expansion" and free:
        lines.append("Specialist cards left: " + "; ".join(
            f"{n} {' + '.join(fig.specialist_names[s]['en'] for s in specs)}" for n, specs in free))
    hidden = state.options["hidden_credits"]
    for p, pl in enumerate(state.players):
        card = fig.cards[state.cards[p]] if state.cards[p] >= 0 else None
        spec = f"card {card[0]} {' + '.join(fig.specialist_names[s]['en'] for s in card[1])}" if card else "no card"
        credits = "?" if hidden and p != player else str(pl.credits)
        goods = ", ".join(f"{RESOURCES[r]} {pl.goods[r]}/{state.capacity(p, r)}" for r in range(4))
        extra = ", independent freighter" if state.freighter_holder == p else ""
        me = " (you)" if p == player else ""
        lines.append(f"  P{p} {COLOURS[p]}{me}: {credits}cr | {goods} | permits {pl.permits}, quarters "
                     f"{pl.luxury_quarters}, markers {pl.markers} | {spec}{extra}")
    if state.agenda and not state.game_over:
        lines.append(_step_line(state))
    return "\n".join(lines)
