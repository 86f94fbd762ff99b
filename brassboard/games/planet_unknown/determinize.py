"""Re-sampling what one player cannot see (``PlanetUnknownState.determinize``), for search bots.

Each hidden part is re-dealt from the pool the observer cannot tell apart, consistently with its view (see
``view.py`` for what is hidden):

- every station stack below its visible top (the whole stack when its new top is not yet shown) is shuffled;
  the stack's contents are public (12 tiles per shape minus those placed, taken unplaced or shown);
- the event deck below a top the observer peeked at is re-dealt colour by colour from the eligible events minus
  the one revealed this round; the colours left are public (the mix is an option and revealed cards are shown),
  which events were dealt into the deck is not. Events revealed in earlier rounds are not in the state, so they
  may be dealt again: the observer forgets them (a loss of knowledge, never a leak);
- civ cards, rank by rank: the piles, the box and other players' end-game cards (their rank is public, their
  face is not) are re-dealt from the rank's cards the observer has not seen (an offer it holds shows its pile);
- private objectives: other players' kept and dealt ones, the three Jump Drive's tech 6 drew for another player
  (until one is kept and shared) and the objective deck are re-dealt together;
- the sides other players chose for their dealt boards, secret until all have chosen: drawn anew.

Every pool is sorted before it is shuffled, so the result depends only on the view and the generator, never on
the order or faces of what it replaces. A card the observer saw once and forgot (an earlier civ offer, its own
dropped objective at the bottom of the deck) counts as unseen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from brassboard.engine import Rng

from .figures import figures

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def determinize(state: PlanetUnknownState, observer: int, rng: Rng) -> None:
    if state.is_over() or not 0 <= observer < state.num_players:
        return  # at the end everything is shown; a spectator's search is not supported
    _stacks(state, rng)
    _events(state, observer, rng)
    _civ_cards(state, observer, rng)
    _objectives(state, observer, rng)
    _sides(state, observer, rng)
    state._legal = {}


def _shuffled(pool: list[int], rng: Rng) -> list[int]:
    """``pool`` in a random order that depends only on its contents (sorted first)."""
    result = sorted(pool)
    rng.shuffle(result)
    return result


def _stacks(state: PlanetUnknownState, rng: Rng) -> None:
    for ring, stacks in enumerate(state.stacks):
        for index, tiles in enumerate(stacks):
            shown = 1 if tiles and index not in state.taken[ring] else 0
            hidden = len(tiles) - shown
            tiles[:hidden] = _shuffled(tiles[:hidden], rng)


def _events(state: PlanetUnknownState, observer: int, rng: Rng) -> None:
    deck = state.event_deck
    if not deck:
        return
    events = figures().events
    peeked = state.corps[observer].peek
    known_top = deck[-1] if peeked and peeked == deck[-1] else 0
    unknown = deck[:-1] if known_top else deck[:]
    redealt: list[int] = []
    for colour in ("green", "orange", "red"):
        count = sum(1 for card in unknown if events[card]["colour"] == colour)
        if not count:
            continue
        pool = [card for card, info in events.items()
                if info["colour"] == colour and (state.solo or not info["solo"])
                and card not in (state.event, known_top)]
        redealt += _shuffled(pool, rng)[:count]
    state.event_deck = _shuffled(redealt, rng) + ([known_top] if known_top else [])
    for p, corp in enumerate(state.corps):
        if p != observer and corp.peek:
            corp.peek = state.event_deck[-1]  # whoever peeked saw the (re-dealt) top card


def _civ_cards(state: PlanetUnknownState, observer: int, rng: Rng) -> None:
    fig = figures()
    cards = fig.civ_cards
    me = state.corps[observer]
    # an end-game card may already be acting once the final claims begin: leave the players' cards alone then
    swap_held = state.phase != "final" and state.after_claim != "over"
    # ``offer`` holds dealt objectives in the objectives phase and a civ pile's cards in the claim phase
    civ_offer = me.offer if state.phase == "claim" and not _objectives_dealt(me.pending) else []
    seen = set(me.civ) | set(civ_offer)
    before = [list(pile) for pile in state.civ_piles]
    box: list[int] = []
    for rank, ids in fig.civ_ranks().items():
        pile = state.civ_piles[rank - 1]
        slots = [(p, i) for p, corp in enumerate(state.corps) if p != observer and swap_held
                 for i, card in enumerate(corp.civ)
                 if cards[card]["rank"] == rank and cards[card]["timing"] != "immediate"]
        shown = {card for p, corp in enumerate(state.corps) if p != observer
                 for card in corp.civ if cards[card]["timing"] == "immediate" or not swap_held}
        # the pile's cards in the observer's offer stay (a whole pile, or Republic's one card of the next rank)
        fixed = [card for card in pile if card in seen]
        pile_known = len(fixed) == len(pile)
        unseen = [card for card in ids if card not in seen and card not in shown and not (pile_known and card in pile)]
        pool = _shuffled(unseen, rng)
        for p, i in slots:  # a hidden held card is an end-game card of its rank
            card = next(c for c in pool if cards[c]["timing"] != "immediate")
            pool.remove(card)
            state.corps[p].civ[i] = card
        if not pile_known:
            missing = len(pile) - len(fixed)
            state.civ_piles[rank - 1] = sorted(fixed + pool[:missing])
            pool = pool[missing:]
        box += pool
    state.civ_box = sorted(box)
    if state.phase == "claim":
        for p, corp in enumerate(state.corps):
            if p != observer and corp.offer and not _objectives_dealt(corp.pending):
                corp.offer = _offer_like(state, corp.offer, before, rng)


def _offer_like(state: PlanetUnknownState, offer: list[int], piles: list[list[int]], rng: Rng) -> list[int]:
    """Another player's civ offer dealt anew from the re-dealt piles, built as the rule builds it: one rank's pile
    (Republic tech 2: plus one card of the next rank), or every card left (Republic tech 5)."""
    cards = figures().civ_cards
    if sorted(offer) == sorted(c for pile in piles for c in pile):
        return _shuffled([c for pile in state.civ_piles for c in pile], rng)
    rank = min(cards[c]["rank"] for c in offer)
    result = list(state.civ_piles[rank - 1])
    following = state.civ_piles[rank] if rank < len(state.civ_piles) else []
    if any(cards[c]["rank"] == rank + 1 for c in offer) and following:
        result.append(_shuffled(following, rng)[0])
    return _shuffled(result, rng)


def _objectives_dealt(pending: list[list[Any]]) -> bool:
    return any(item[0] == "objectives" for item in pending)


def _objectives(state: PlanetUnknownState, observer: int, rng: Rng) -> None:
    others = [corp for p, corp in enumerate(state.corps) if p != observer]
    dealing = [corp for corp in others if _objectives_dealt(corp.pending) or any(i[0] == "share" for i in corp.pending)]
    pool = list(state.objective_deck)
    for corp in others:
        pool += corp.objectives
    for corp in dealing:
        pool += corp.offer
    if not pool:
        return
    pool = _shuffled(pool, rng)
    for corp in others:
        kept, pool = pool[:len(corp.objectives)], pool[len(corp.objectives):]
        corp.objectives = sorted(kept)
    for corp in dealing:
        corp.offer, pool = pool[:len(corp.offer)], pool[len(corp.offer):]
    state.objective_deck = pool


def _sides(state: PlanetUnknownState, observer: int, rng: Rng) -> None:
    for p, corp in enumerate(state.corps):
        if p != observer:
            for slot in (0, 1):
                if corp.chosen[slot]:
                    corp.chosen[slot] = ("standard", "special")[rng.below(2)]
