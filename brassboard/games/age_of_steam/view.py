"""What the browser and the terminal see of Age of Steam. No information is hidden but the bag's order."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .figures import ALL_HEXES, COLUMNS, Figures, col_row, figures, label
from .rules import ACTION_IDS
from .textmap import text_map_lines

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


@lru_cache(maxsize=1)
def _static(fig_key: int) -> dict[str, Any]:
    fig = figures()
    hexes = []
    for h in ALL_HEXES:
        col, row = col_row(h)
        entry: dict[str, Any] = {"hex": label(h), "col": col, "row": row, "terrain": fig.terrain[h], "name": None}
        if h in fig.cities:
            city = fig.cities[h]
            entry["name"] = city.name
            entry["city"] = {"color": city.color, "side": city.side, "number": city.number}
        elif h in fig.towns:
            entry["name"] = fig.towns[h]
        hexes.append(entry)
    actions = [{"id": a["id"], "name": a["name"], "name_de": a["name_de"], "text": a["text"], "text_de": a["text_de"]}
               for a in fig.game["actions"]]
    display = []
    for d in fig.display_ids:
        if d in fig.new_city_rows:
            feeds = d
        else:
            side = "west" if d[0] == "W" else "east"
            feeds = label(fig.city_by_slot[(side, int(d[1:]))])
        display.append({"id": d, "spaces": fig.display_spaces[d], "feeds": feeds})
    return {
        "map": {"columns": COLUMNS, "hexes": hexes},
        "actions": actions,
        "display": display,
        "new_cities": [{"letter": x, "color": c} for x, c in sorted(fig.new_city_colors.items())],
        "rounds": {k: int(v) for k, v in fig.game["rounds"].items()},
        "phases": [dict(p) for p in fig.game["phases"]],
        "tiles": [{"kind": t.kind, "name": t.name, "name_de": t.name_de, "group": t.group, "count": t.count}
                  for t in fig.tile_kinds],
    }


def printed_figures(fig: Figures) -> dict[str, Any]:
    return _static(0)


def view(state: AgeOfSteamState, player: int | None) -> dict[str, Any]:
    auction = None
    if state.auction is not None:
        a = state.auction
        auction = {"high_bid": a["high_bid"], "high_bidder": a["high_bidder"], "bids": dict(a["bids"]),
                   "out": list(a["out"]), "turn_pass": {"holder": a["pass_holder"], "used": a["pass_used"]},
                   "current": a["current"]}
    build = None
    if state.build is not None:
        b = state.build
        build = {"player": b["player"], "builds_left": b["builds_left"], "spent": b["spent"],
                 "may_urbanize": state.may_urbanize(b["player"])}
        if player is not None and player == b["player"]:
            build["costs"] = state.build_costs(player)  # only the builder's view: the others need no prices
    tiles = []
    for h in sorted(state.tiles):
        t = state.tiles[h]
        tiles.append({"hex": label(h), "tracks": [list(x) for x in t["tracks"]], "town": t["town"],
                      "owners": list(t["owners"]), "kind": t["kind"], "disc": t["disc"]})
    links = []
    for i, link in enumerate(state.links()):
        links.append({"id": i, "stops": [label(s) if s is not None else None for s in link.stops],
                      "hexes": [[label(h), t] for h, t in link.tracks], "owner": link.owner,
                      "complete": link.complete, "sections": len(link.tracks)})
    players = [{"player": p, "cash": state.cash[p], "income": state.income[p], "shares": state.shares[p],
                "locomotive": state.loco[p], "action": state.action[p], "eliminated": state.eliminated[p],
                "markers_left": state.markers_left(p)} for p in range(state.num_players)]
    production = None
    if state.production is not None:
        production = {"player": state.production["player"], "drawn": list(state.production["drawn"])}
    return {
        "round": state.round, "rounds": state.rounds, "phase": state.phase, "move_round": state.move_round,
        "order": list(state.order), "players": players, "active": state.active_players(),
        "auction": auction, "build": build, "tiles": tiles,
        "new_cities": [{"hex": label(h), "letter": x, "color": state.fig.new_city_colors[x]}
                       for h, x in sorted(state.new_cities.items())],
        "cubes": {label(h): list(c) for h, c in sorted(state.cubes.items())},
        "links": links,
        "display": {d: list(v) for d, v in state.display.items()},
        "bag": sum(state.bag.values()),
        "supply": {"tiles": dict(state.supply), "town_discs": state.discs,
                   "new_cities": list(state.new_city_supply)},
        "production": production,
        "last_growth": state.last_growth,
        "actions": list(ACTION_IDS),
    }


def render_text(state: AgeOfSteamState, player: int | None = None) -> str:
    fig = state.fig
    lines = [f"Age of Steam - round {state.round}/{state.rounds}, phase {state.phase}"
             + (f" (move round {state.move_round})" if state.move_round else "")]
    lines.append("order: " + " ".join(f"P{p}" for p in state.order))
    for p in range(state.num_players):
        status = " ELIMINATED" if state.eliminated[p] else ""
        lines.append(f"  P{p}: ${state.cash[p]} income {state.income[p]} shares {state.shares[p]} "
                     f"engine {state.loco[p]} action {state.action[p] or '-'} markers {state.markers_left(p)}{status}")
    if state.auction is not None:
        a = state.auction
        lines.append(f"auction: high ${a['high_bid']} by {a['high_bidder']}, out {a['out']}, to act P{a['current']}")
    if state.build is not None:
        b = state.build
        lines.append(f"build: P{b['player']} builds left {b['builds_left']} spent ${b['spent']}")
    lines.extend(text_map_lines(state))
    lines.append("cities:")
    for h in sorted(state.cubes):
        name = fig.cities[h].name if h in fig.cities else f"new city {state.new_cities[h]} ({fig.towns[h]})"
        lines.append(f"  {label(h)} {name} [{state.city_color(h)}]: {' '.join(state.cubes[h]) or '-'}")
    lines.append("links:")
    for link in state.links():
        stops = " - ".join(label(s) if s is not None else "..." for s in link.stops)
        owner = f"P{link.owner}" if link.owner is not None else "unowned"
        lines.append(f"  {stops}: {len(link.tracks)} sections, {owner}")
    lines.append("display: " + " ".join(f"{d}[{','.join((c or '.')[:2] for c in v)}]"
                                        for d, v in state.display.items()))
    lines.append(f"bag: {sum(state.bag.values())} cubes")
    return "\n".join(lines)
