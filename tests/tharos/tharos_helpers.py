"""Position-building helpers for the Tharos tests (not a test module; every Tharos test may use them).

A position starts from a real game (``new_game("tharos", ...)``), advanced to the action phase of round 1, turn
1; helpers then edit its fields directly, keeping every invariant (each die stays in exactly one place, guild tiles
and mines are counted) and forgetting the cached legal actions (``state._legal = {}``), as every direct edit must.
"""

from __future__ import annotations

from collections.abc import Sequence

from brassboard.engine import Action, IllegalAction, new_game
from brassboard.games.tharos import dice as d
from brassboard.games.tharos.figures import CELL_OF, COLOUR_OF_LETTER, LETTERS
from brassboard.games.tharos.rules import TharosState
from brassboard.games.tharos.state import Guild


def new_state(players: int = 3, seed: int = 0) -> TharosState:
    """A fresh match in the action phase of round 1, turn 1 (no decision pending)."""
    state = new_game("tharos", players, seed)
    assert isinstance(state, TharosState)
    assert state.board.step == "actions" and not state.board.pending, "a seed whose start asks a decision"
    return state


def forget(state: TharosState) -> None:
    state._legal = {}


def _where(state: TharosState, p: int, die_id: int) -> tuple[list[int], int] | None:
    g = state.guilds[p]
    if die_id in g.bag:
        return g.bag, g.bag.index(die_id)
    if die_id in g.discard:
        return g.discard, g.discard.index(die_id)
    return None


def set_dice(state: TharosState, p: int, tokens: str) -> None:
    """Make ``tokens`` (e.g. ``"w3 r5 y2"``) the player's active dice: the current active dice go back to the bag
    and dice of the right colours come from the bag, then the discard, then the market."""
    g = state.guilds[p]
    for die in g.active:
        if d.die_id(die) < d.VIRTUAL:
            g.bag.append(d.die_id(die))
    g.active = []
    for tok in tokens.split():
        colour, pips = d.parse_token(tok)
        letter = LETTERS[colour]
        ids = [i for i, c in enumerate(state.fig.die_colours) if c == letter]
        chosen = next((i for i in ids if _where(state, p, i) is not None), None)
        if chosen is not None:
            place = _where(state, p, chosen)
            assert place is not None
            place[0].pop(place[1])
        else:
            column = next(c for c in g.market if any(state.fig.die_colours[i] == letter for i in c))
            chosen = next(i for i in column if state.fig.die_colours[i] == letter)
            column.remove(chosen)
        g.active.append(d.encode(chosen, colour, pips))
    g.bag.sort()
    forget(state)


def set_kind(state: TharosState, cell_name: str, kind: str) -> None:
    """Give landscape ``cell_name`` the kind ``kind`` by swapping with a landscape of that kind (counts stay)."""
    board = state.board
    cell = CELL_OF[cell_name]
    if board.kinds[cell] == kind:
        return
    other = next(c for c in range(16) if board.kinds[c] == kind and c != cell)
    board.kinds[cell], board.kinds[other] = board.kinds[other], board.kinds[cell]
    board.colours[cell], board.colours[other] = board.colours[other], board.colours[cell]
    forget(state)


def set_converter(state: TharosState, cell_name: str, converter: str) -> None:
    board = state.board
    cell = CELL_OF[cell_name]
    other = board.converters.index(converter)
    board.converters[cell], board.converters[other] = board.converters[other], board.converters[cell]
    forget(state)


def kind_of_colour(colour: str) -> str:
    return {"white": "wasteland", "yellow": "plain", "blue": "mountain", "red": "hill", "green": "forest"}[colour]


def put_tile(state: TharosState, p: int, *cells: str) -> None:
    for name in cells:
        state.board.guild_on[CELL_OF[name]] |= 1 << p
        state.guilds[p].guild -= 1
    forget(state)


def put_mine(state: TharosState, p: int, *cells: str) -> None:
    for name in cells:
        state.board.mines_on[CELL_OF[name]] |= 1 << p
        state.guilds[p].mines -= 1
    forget(state)


def activate(state: TharosState, p: int, card: str, tiles: int = 0) -> None:
    g = state.guilds[p]
    g.cards_inactive.remove(card)
    g.cards_active.append(card)
    if tiles:
        g.card_tiles[card] = tiles
        g.guild -= tiles
    forget(state)


def turn_to(state: TharosState, p: int) -> None:
    """Make it ``p``'s player-turn in the action phase."""
    state.board.current = p
    forget(state)


def colour_name(token: str) -> str:
    return COLOUR_OF_LETTER[token[0]]


def play(state: TharosState, p: int, notation: str) -> None:
    state.apply(p, Action.parse(notation))


def refused(state: TharosState, p: int, notation: str) -> str:
    """Apply an illegal action: assert it raises and changes nothing; returns the reason."""
    before = state.to_json()
    try:
        state.apply(p, Action.parse(notation))
    except IllegalAction as exc:
        assert state.to_json() == before, "a refused action changed the state"
        return exc.reason
    raise AssertionError(f"{notation!r} was accepted")


def dice_conserved(state: TharosState) -> bool:
    """Every player's 18 dice are each in exactly one place."""
    for g in state.guilds:
        ids = [*g.bag, *g.discard, *g.stored, *(i for c in g.market for i in c),
               *(d.die_id(x) for x in (*g.active, *g.placed) if d.die_id(x) < d.VIRTUAL)]
        if sorted(ids) != list(range(18)):
            return False
    return True


def pass_all(state: TharosState) -> None:
    """Everyone passes until the action phase of the current turn is over (decisions answered with the last
    offered choice)."""
    start = (state.board.round, state.board.turn)
    while (state.board.round, state.board.turn) == start and not state.is_over():
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        action = Action("pass") if Action("pass") in legal else legal[-1]
        state.apply(p, action)


# ----- turn scenarios: what the building and card tests start from --------------------------------------------------
def build(state: TharosState, building: str, owner: int | None = None) -> None:
    """Public building ``building`` stands on the board, ``owner``'s (one of their guild tiles on it) or nobody's."""
    board = state.board
    board.unbuilt.remove(building)
    board.built.append(building)
    if owner is not None:
        board.owners[building] = owner
        state.guilds[owner].guild -= 1
    forget(state)


def turn_scenario(players: int = 3, *, built: Sequence[str] = (), cards: Sequence[str] = (),
                  money: int | None = None, dice: str | None = None) -> tuple[TharosState, int, Guild]:
    """A fresh match (:func:`new_state`) at its current player's turn, set up as a test states it: the public
    buildings ``built`` (nobody's), the player cards ``cards`` active (without guild tiles: :func:`activate` gives
    them), the player's ``money`` and active ``dice`` (e.g. ``"w2 y1"``). Returns the state, the player and their
    guild."""
    state = new_state(players)
    p = state.board.current
    for building in built:
        build(state, building)
    for card in cards:
        activate(state, p, card)
    guild = state.guilds[p]
    if money is not None:
        guild.money = money
    if dice is not None:
        set_dice(state, p, dice)
    forget(state)
    return state, p, guild


def offered(state: TharosState, p: int, kind: str, name: str) -> set[str]:
    """The legal actions of ``kind`` about ``name`` (``"use"`` and a building, ``"card"`` and a player card)."""
    return {str(a) for a in state.legal_actions(p) if a.kind == kind and a.args[0] == name}


def pass_others(state: TharosState, p: int) -> None:
    """Everyone else passes until it is ``p``'s player-turn again."""
    while state.active_players() != [p]:
        state.apply(state.active_players()[0], Action("pass"))
