"""Scenario helpers shared by the Tharos card tests (not a test module): a fresh match in its first action phase,
cards put into a hand, decisions reached, landscapes given kinds, and refusals checked with their reasons.
"""

from __future__ import annotations

from tharos_helpers import refused, set_dice

from brassboard.engine import Action
from brassboard.games.tharos import dice as d
from brassboard.games.tharos.figures import CELL_NAMES, CELL_OF, LETTERS
from brassboard.games.tharos.rules import TharosState

CIVIL = 3
COMBAT = 0


# ----- scenario helpers ---------------------------------------------------------------------------------------------
def new_match(players: int = 2, seed: int = 3, options: dict[str, object] | None = None) -> tuple[TharosState, int]:
    state = TharosState(players, options, seed)
    assert state.board.step == "actions" and not state.board.pending
    return state, state.board.current


def holding(card: int, dice: str | None = None) -> tuple[TharosState, int]:
    """The scenario most card tests start from: a fresh match (:func:`new_match`) whose current player holds action
    card ``card`` and, with ``dice`` (e.g. ``"w2 r1"``), exactly those active dice."""
    state, player = new_match()
    give(state, player, card)
    if dice is not None:
        set_dice(state, player, dice)
    return state, player


def give(state: TharosState, player: int, *cards: int) -> None:
    """Put action cards into ``player``'s hand (out of the deck or discard pile)."""
    board = state.board
    for card in cards:
        if card in board.action_deck:
            board.action_deck.remove(card)
        else:
            board.action_discard.remove(card)
        state.guilds[player].hand.append(card)
    state._legal = {}


def own_cells(state: TharosState, player: int) -> set[str]:
    bit = 1 << player
    return {name for name, cell in CELL_OF.items() if state.board.guild_on[cell] & bit}


def refused_with(state: TharosState, player: int, notation: str, *fragments: str) -> str:
    """``notation`` is illegal: the state is unchanged (``refused``) and the reason contains every fragment."""
    reason = refused(state, player, notation)
    for fragment in fragments:
        assert fragment in reason, reason
    return reason


def legal_set(state: TharosState, player: int) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


def cells_of_kind(state: TharosState, kind: str) -> list[str]:
    return [name for name, cell in CELL_OF.items() if state.board.kinds[cell] == kind]


def to_decision_of(state: TharosState, player: int, kind: str) -> None:
    """Everyone passes (or takes the first choice of a decision) until ``player`` faces decision ``kind``."""
    for _ in range(500):
        pending = state.board.pending
        if pending and pending[0][0] == player and pending[0][1] == kind:
            return
        actor = state.active_players()[0]
        legal = state.legal_actions(actor)
        state.apply(actor, Action("pass") if Action("pass") in legal else legal[-1])
    raise AssertionError(f"player {player} never reached {kind}")


def set_kinds(state: TharosState, kinds: dict[str, str]) -> None:
    """Give the named landscapes these kinds, swapping with landscapes not named (the counts stay)."""
    board = state.board
    for name, kind in kinds.items():
        cell = CELL_OF[name]
        if board.kinds[cell] == kind:
            continue
        other = next(c for c in range(16) if board.kinds[c] == kind and CELL_NAMES[c] not in kinds)
        board.kinds[cell], board.kinds[other] = board.kinds[other], board.kinds[cell]
        board.colours[cell], board.colours[other] = board.colours[other], board.colours[cell]
    state._legal = {}


def mask(letters: str) -> int:
    """The bit mask of the tile colours ``letters`` (e.g. ``"rg"``)."""
    return sum(1 << LETTERS.index(ch) for ch in letters)


def active_tokens(state: TharosState, p: int) -> list[str]:
    """Player ``p``'s active dice as sorted tokens (e.g. ``["r5", "w3"]``)."""
    return sorted(d.token(x) for x in state.guilds[p].active)
