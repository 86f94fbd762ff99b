"""What a seat may see: everything except other players' action-card hands, cards drawn for someone else's choice,
and the orders of the face-down decks. The unchanging printed figures are served once (``static_figures``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import dice as d
from .attack import defence, outlook
from .figures import CELL_NAMES, COLOURS, LETTERS, MEDALS, Figures, figures

if TYPE_CHECKING:
    from .rules import TharosState


def _die(die: int, where: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": d.die_id(die), "color": COLOURS[d.colour(die)], "pips": d.pips(die),
                           "token": d.token(die)}
    if where is not None:
        out["on"] = where
    return out


def _colour_counts(state: TharosState, ids: list[int]) -> dict[str, int]:
    counts = {c: 0 for c in COLOURS}
    for i in ids:
        counts[COLOURS[LETTERS.index(state.fig.die_colours[i])]] += 1
    return counts


def _mask_colours(mask: int) -> list[str]:
    return [COLOURS[i] for i in range(5) if mask >> i & 1]


def guild_view(state: TharosState, p: int, viewer: int | None) -> dict[str, Any]:
    g = state.guilds[p]
    fig = state.fig
    prices = fig.prices
    data: dict[str, Any] = {
        "seat": p,
        "money": g.money,
        "bag": len(g.bag),
        "bag_colours": _colour_counts(state, g.bag),
        "discard": _colour_counts(state, g.discard),
        "market": [[{"color": COLOURS[LETTERS.index(fig.die_colours[i])], "price": prices[row]}
                    for row, i in enumerate(column)] for column in g.market],
        "active": [_die(x) for x in g.active],
        "placed": [_die(x, w) for x, w in zip(g.placed, g.placed_on, strict=True)],
        "fields": dict(g.fields),
        "field_extra": g.field_extra,
        "combat": g.combat,
        "defence": defence(state, p),
        "sure_defence": g.sure_defence,
        # the turn's open attack as it would go for this guild if resolved now (None when none is open)
        "attack": outlook(state, p),
        "combat_points": g.combat_points,
        "medals": dict(zip(MEDALS, g.medals, strict=True)),
        "guild": g.guild,
        "mines": g.mines,
        "cards_active": [{"id": c, "guild": g.card_tiles.get(c, 0), "used": c in g.cards_used,
                          "new": c in g.cards_new} for c in g.cards_active],
        "cards_inactive": list(g.cards_inactive),
        "hand_size": len(g.hand),
        "ore": _mask_colours(g.ore),
        "crystal": _mask_colours(g.crystal),
        "passed": g.passed,
        "converter_used": g.converter_used,
        "buildings_used": list(g.buildings_used),
        "acted": g.acted,
        "card_played": g.card_played,
        "stored": [{"id": i, "color": COLOURS[LETTERS.index(fig.die_colours[i])]} for i in g.stored if i < d.VIRTUAL],
        "flags": dict(g.flags),
        "turn_flags": dict(g.turn_flags),
    }
    if viewer == p:
        data["hand"] = list(g.hand)
    return data


def build_view(state: TharosState, viewer: int | None) -> dict[str, Any]:
    board = state.board
    fig = state.fig
    target = board.target()
    landscapes = []
    for cell in range(16):
        landscapes.append({
            "name": CELL_NAMES[cell], "kind": board.kinds[cell], "color": COLOURS[board.colours[cell]],
            "ore": bool(board.ore_on >> cell & 1), "crystal": bool(board.crystal_on >> cell & 1),
            "converter": board.converters[cell],
            "guild": [p for p in range(state.num_players) if board.guild_on[cell] >> p & 1],
            "mines": [p for p in range(state.num_players) if board.mines_on[cell] >> p & 1],
        })
    attack = []
    for col in range(4):
        if col < len(board.attack_row):
            tiles = board.attack_tiles[col]
            attack.append({"value": fig.attack_values[board.attack_row[col]],
                           "guild": [p for p in range(state.num_players) if tiles >> p & 1]})
        else:
            attack.append({"value": None, "guild": []})
    pending = None
    if board.pending:
        head = board.pending[0]
        pending = {"player": head[0], "kind": head[1], "data": [x for x in head[2:]]}
    data: dict[str, Any] = {
        "players": state.num_players,
        "round": board.round,
        "turn": board.turn,
        "step": board.step,
        "phase": board.step,
        "start_player": board.start_player,
        "first_player": board.first_player,
        "current": board.current,
        "active_players": state.active_players(),
        "pending": pending,
        "target": {"col": target % 4, "row": target // 4, "name": CELL_NAMES[target]} if target >= 0 else None,
        "strength": fig.attack_values[board.attack_row[-1]] + board.round if board.attack_row else None,
        "landscapes": landscapes,
        "attack": attack,
        "attack_deck": len(board.attack_deck),
        "round_end_drawn": list(board.round_end_drawn),
        "round_end_deck": len(board.round_end_deck),
        "action_deck": len(board.action_deck),
        "action_discard": list(board.action_discard),
        "ore_supply": dict(zip(COLOURS, board.ore_supply, strict=True)),
        "crystal_supply": dict(zip(COLOURS, board.crystal_supply, strict=True)),
        "buildings": {"built": [{"id": b, "owner": board.owners.get(b)} for b in board.built],
                      "unbuilt": list(board.unbuilt)},
        "drawn": list(board.drawn) if pending and pending["player"] == viewer and pending["kind"] == "keep"
        else len(board.drawn),
        "guilds": [guild_view(state, p, viewer) for p in range(state.num_players)],
        "over": state.is_over(),
    }
    if state.options["figures"]:
        data["figures"] = printed_figures(fig)
    if state.is_over():
        data["scores"] = [s.to_dict() for s in state.scores()]
        data["winners"] = state.winners()
    return data


def static_figures() -> dict[str, Any]:
    """The printed figures of the default set (landscape kinds, converters, cards, buildings, round-end cards)."""
    return printed_figures(figures())


# printed figures per Figures object (figures() hands out one object per override set): a match with its own figures
# sends them in every view, and building them (40 cards with texts) must not be redone per seat and state
_PRINTED: dict[int, tuple[Figures, dict[str, Any]]] = {}
_PRINTED_MAX = 32


def printed_figures(fig: Figures) -> dict[str, Any]:
    """The printed figures of ``fig``: the default set's, or a match's own where its ``figures`` option changed them
    (the view then carries them, so the page's card texts and costs follow the figures in force). Built once per
    figure set; callers must not change the answer."""
    known = _PRINTED.get(id(fig))
    if known is not None and known[0] is fig:
        return known[1]
    if len(_PRINTED) >= _PRINTED_MAX:
        _PRINTED.clear()
    printed = _build_printed_figures(fig)
    _PRINTED[id(fig)] = (fig, printed)  # the object is kept, so its id cannot be reused while cached
    return printed


def _build_printed_figures(fig: Figures) -> dict[str, Any]:
    from .action_card_data import deck_figures

    raw = fig.raw
    return {
        "landscapes": list(fig.landscape_kinds),
        "converters": fig.converters,
        "attack_values": list(fig.attack_values),
        "prices": list(fig.prices),
        "fields": {k: list(v) for k, v in fig.fields.items()},
        "round_end": {str(k): [[list(e) for e in r] for r in v] for k, v in fig.round_end.items()},
        "player_cards": raw.get("player_cards", {}),
        "buildings": raw.get("buildings", {}),
        "action_cards": deck_figures(raw["action_cards"]).public(),  # cards with texts, mine sets, shapes (T3)
        "scoring": fig.scoring,
    }
