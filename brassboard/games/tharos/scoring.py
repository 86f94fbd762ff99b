"""Final scoring (Schlusswertung) with its breakdown, and the tie-break.

Medals: combat 3, exploration 4, trade 4, civil 2 each; 2 per set of the four different medals; 1 per owned public
building; 1 per mine on a landscape when at least 3; the points printed as dice symbols on active player cards
(``victory_points`` in player_cards.toml); 1 per 5 jars.

Tie-break (DESIGN; the text names none): more medals in all, then more jars left, then the later seat in the
game's first turn order (the first start player acts first in every round's first turn: the others get the tie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Score

from .figures import MEDALS
from .hooks import HOOKS

if TYPE_CHECKING:
    from .rules import TharosState


def score(state: TharosState, p: int) -> Score:
    fig = state.fig
    rules = fig.scoring
    g = state.guilds[p]
    breakdown: dict[str, int] = {}
    for i, medal in enumerate(MEDALS):
        breakdown[f"{medal}_medals"] = g.medals[i] * rules["medals"][medal]
    breakdown["medal_sets"] = min(g.medals) * rules["set_of_four"]
    breakdown["buildings"] = sum(1 for owner in state.board.owners.values() if owner == p) * rules["owned_building"]
    mines = sum(1 for cell in state.board.mines_on if cell >> p & 1)
    breakdown["mines"] = mines * rules["mine"] if mines >= rules["mines_needed"] else 0
    breakdown["player_cards"] = sum(fig.card_points.get(card, 0) for card in g.cards_active)
    breakdown["jars"] = g.money // rules["jars_per_point"]
    for hook in HOOKS.final_points:
        breakdown.update(hook(state, p))
    return Score(sum(breakdown.values()), breakdown)


def tie_break(state: TharosState, p: int) -> tuple[int, int, int, int]:
    g = state.guilds[p]
    seat_after_first = (p - state.board.first_player) % state.num_players
    return score(state, p).total, sum(g.medals), g.money, seat_after_first
