"""Re-sampling what one player cannot see (``TharosState.determinize``), for search bots.

What a seat cannot see (view.py): the other players' action-card hands, the cards drawn for someone else's choice
(``board.drawn`` while another player's ``keep`` decision is due) and the order of the three face-down decks
(action cards, attack cards, round-end cards). Everything else is open; the bags have no order (dice are drawn at
random when drawn), so there is nothing to re-deal there.

- The action cards the observer cannot place — the deck, the other hands and someone else's drawn cards — are one
  pool: sorted (so the result never depends on where the true cards lay), shuffled with ``rng`` and dealt back in
  the same sizes: each other hand, the drawn cards, then the deck. The observer's own hand, the open discard pile
  and the cards it is choosing from stay as they are.
- The attack and round-end decks are put in a canonical order and shuffled (their contents are public: the cards
  not yet revealed this round).

A finished game, or a spectator, is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Rng

if TYPE_CHECKING:
    from .rules import TharosState


def _shuffled(pool: list[int], rng: Rng) -> list[int]:
    """``pool`` in a random order that depends only on its contents (sorted first)."""
    result = sorted(pool)
    rng.shuffle(result)
    return result


def drawn_secret_from(state: TharosState, observer: int) -> bool:
    """Whether the cards in ``board.drawn`` are hidden from ``observer`` (drawn for another player's choice)."""
    board = state.board
    if not board.drawn:
        return False
    chooser = next((int(item[0]) for item in board.pending if item[1] == "keep"), None)
    return chooser != observer


def determinize(state: TharosState, observer: int, rng: Rng) -> None:
    if state.is_over() or not 0 <= observer < state.num_players:
        return
    board = state.board
    others = [g for p, g in enumerate(state.guilds) if p != observer]
    redeal_drawn = drawn_secret_from(state, observer)
    pool = list(board.action_deck)
    for g in others:
        pool += g.hand
    if redeal_drawn:
        pool += board.drawn
    pool = _shuffled(pool, rng)
    for g in others:
        g.hand, pool = pool[:len(g.hand)], pool[len(g.hand):]
    if redeal_drawn:
        board.drawn, pool = pool[:len(board.drawn)], pool[len(board.drawn):]
    board.action_deck = pool
    board.attack_deck = _shuffled(board.attack_deck, rng)
    board.round_end_deck = _shuffled(board.round_end_deck, rng)
