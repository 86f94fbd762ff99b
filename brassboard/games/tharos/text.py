"""A terminal picture of a Tharos match: the 4x4 landscapes with tiles, the attack row, and each guild."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import dice as d
from .figures import CELL_NAMES, LETTERS, MEDALS

if TYPE_CHECKING:
    from .rules import TharosState


def render(state: TharosState, viewer: int | None = None) -> str:
    board = state.board
    fig = state.fig
    n = state.num_players
    lines = [f"Tharos — round {board.round}, turn {board.turn}, step {board.step}, start player {board.start_player}"]
    attack = []
    for col in range(4):
        if col < len(board.attack_row):
            tiles = "".join(str(p) for p in range(n) if board.attack_tiles[col] >> p & 1)
            attack.append(f"[{fig.attack_values[board.attack_row[col]]}+R {tiles:<4}]")
        else:
            attack.append("[  --    ]")
    lines.append("attack:   " + " ".join(attack))
    target = board.target()
    for row in range(4):
        cells = []
        for col in range(4):
            c = row * 4 + col
            mark = "*" if c == target else " "
            tiles = "".join(str(p) for p in range(n) if board.guild_on[c] >> p & 1)
            mines = "".join(str(p) for p in range(n) if board.mines_on[c] >> p & 1)
            oc = ("o" if board.ore_on >> c & 1 else "-") + ("c" if board.crystal_on >> c & 1 else "-")
            cells.append(f"{mark}{CELL_NAMES[c]} {LETTERS[board.colours[c]]} {oc} {board.converters[c]:<12} "
                         f"g{tiles:<4} m{mines:<4}")
        lines.append(("R> " if row == board.round - 1 else "   ") + " | ".join(cells))
    built = ", ".join(f"{b}" + (f"(p{board.owners[b]})" if b in board.owners else "") for b in board.built)
    lines.append(f"buildings: {built or 'none'}; unbuilt: {', '.join(board.unbuilt)}")
    strength = fig.attack_values[board.attack_row[-1]] + board.round if board.attack_row else "-"
    lines.append(f"attack: strength {strength}"
                 f" on {CELL_NAMES[target] if target >= 0 else '-'}; action deck {len(board.action_deck)},"
                 f" discard {len(board.action_discard)}")
    for p, g in enumerate(state.guilds):
        hand = str(g.hand) if viewer == p else f"{len(g.hand)} cards"
        lines.append(
            f"p{p}{' (passed)' if g.passed else ''}: {g.money} jars, dice {' '.join(d.token(x) for x in g.active)}"
            f" | used {' '.join(f'{d.token(x)}@{w}' for x, w in zip(g.placed, g.placed_on, strict=True))}"
            f" | bag {len(g.bag)} discard {len(g.discard)} | combat {g.combat} points {g.combat_points}"
            f" | medals {dict(zip(MEDALS, g.medals, strict=True))} | tiles {g.guild} mines {g.mines}"
            f" | cards {g.cards_active} | hand {hand}")
    if board.pending:
        head = board.pending[0]
        lines.append(f"decision: player {head[0]} — {head[1]} {head[2:]}")
    if state.is_over():
        for p, s in enumerate(state.scores()):
            lines.append(f"p{p}: {s.total} {s.breakdown}")
    return "\n".join(lines)
