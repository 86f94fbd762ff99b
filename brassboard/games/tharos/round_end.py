"""The round end: damage (I), the combat medal (II, turn.py queues the decisions), reshuffles and the next round.

For each attack card holding guild tiles, left to right, a round-end card is revealed; every player with a tile
there suffers the card's damage for the current round, as far as they can pay it. Damage without a choice (money,
medals, all action cards) is applied at once; damage with a choice (which mine, which tile, which card) becomes one
``damage`` decision per unit, resolved in order (turn order from the start player, cards left to right); a
decision with nothing left to give is dropped ("hat er Glück gehabt"). Then the tiles return from the attack cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action, IllegalAction

from .figures import CELL_NAMES, CELL_OF, CIVIL, EXPLORATION, TRADE

if TYPE_CHECKING:
    from .rules import TharosState

MEDAL_DAMAGE = {"civil": CIVIL, "exploration": EXPLORATION, "trade": TRADE}
CHOICE_DAMAGE = {"return_card", "mines", "land_tiles", "card_tiles", "action_cards"}


def resolve_damage(state: TharosState, players: list[int]) -> None:
    board = state.board
    rnd = board.round
    for column, tiles in enumerate(board.attack_tiles):
        if not tiles:
            continue
        card = board.round_end_deck.pop()
        board.round_end_drawn.append(card)
        effects = state.fig.round_end[card][rnd - 1]
        hit = [p for p in players if tiles >> p & 1]
        state.emit("round_end_card", column=column + 1, card=card, round=rnd, players=hit,
                   effects=[list(e) for e in effects], reveal=True)
        for p in hit:
            for effect, n in effects:
                _damage(state, p, effect, n)
    for column, tiles in enumerate(board.attack_tiles):
        for p in range(state.num_players):
            if tiles >> p & 1:
                state.guilds[p].guild += 1
        board.attack_tiles[column] = 0


def _damage(state: TharosState, p: int, effect: str, n: int) -> None:
    g = state.guilds[p]
    if effect in MEDAL_DAMAGE:
        lost = state.remove_medal(p, MEDAL_DAMAGE[effect], n)
        state.emit("damage", player=p, effect=effect, amount=lost)
    elif effect == "jars":
        lost = min(n, g.money)
        g.money -= lost
        state.emit("damage", player=p, effect=effect, amount=lost)
    elif effect == "half_jars":
        lost = (g.money + 1) // 2  # an odd amount is rounded against the player
        g.money -= lost
        state.emit("damage", player=p, effect=effect, amount=lost)
    elif effect == "all_jars":
        state.emit("damage", player=p, effect=effect, amount=g.money)
        g.money = 0
    elif effect == "all_action_cards":
        state.emit("damage", player=p, effect=effect, amount=len(g.hand))
        state.board.action_discard += g.hand
        g.hand = []
    elif effect in CHOICE_DAMAGE:
        for _ in range(n):
            state.queue(p, "damage", effect)
    else:
        raise ValueError(f"unknown round-end damage {effect!r}")


def damage_actions(state: TharosState, p: int, effect: str) -> list[Action]:
    g = state.guilds[p]
    board = state.board
    bit = 1 << p
    if effect == "return_card":
        return [Action("damage", "return", card) for card in g.cards_active]
    if effect == "mines":
        return [Action("damage", "mine", CELL_NAMES[c]) for c in range(16) if board.mines_on[c] & bit]
    if effect == "land_tiles":
        return [Action("damage", "tile", CELL_NAMES[c]) for c in range(16) if board.guild_on[c] & bit]
    if effect == "card_tiles":
        return [Action("damage", "cardtile", card) for card in g.cards_active if g.card_tiles.get(card, 0)]
    if effect == "action_cards":
        return [Action("damage", "discard", card) for card in sorted(set(g.hand))]
    return []


def apply_damage(state: TharosState, p: int, effect: str, action: Action) -> None:
    options = damage_actions(state, p, effect)
    if action not in options:
        raise IllegalAction(f"the round-end damage now is {effect}: choose one of {', '.join(map(str, options))}")
    g = state.guilds[p]
    board = state.board
    what, target = action.args[0], action.args[1]
    if what == "return":
        card = str(target)
        g.cards_active.remove(card)
        g.cards_inactive.append(card)
        g.guild += g.card_tiles.pop(card, 0)
    elif what == "mine":
        board.mines_on[CELL_OF[str(target)]] &= ~(1 << p)
        g.mines += 1
    elif what == "tile":
        board.guild_on[CELL_OF[str(target)]] &= ~(1 << p)
        g.guild += 1
    elif what == "cardtile":
        g.card_tiles[str(target)] -= 1
        g.guild += 1
    elif what == "discard":
        g.hand.remove(int(target))
        board.action_discard.append(int(target))
    state.emit("damage", player=p, effect=effect, target=target)


def finish_round(state: TharosState) -> None:
    """Attack cards and round-end cards back into their shuffled decks; the round marker moves down, or the end."""
    board = state.board
    board.attack_deck += board.attack_row
    board.attack_row, board.attack_tiles = [], []
    state.rng.shuffle(board.attack_deck)
    board.round_end_deck += board.round_end_drawn
    board.round_end_drawn = []
    state.rng.shuffle(board.round_end_deck)
    state.emit("round_over", round=board.round)
    if board.round >= 4:
        board.step = "over"
        state.emit("game_over", scores=[s.total for s in state.scores()])
        return
    board.round += 1
    board.turn = 1
    board.step = "prep"
