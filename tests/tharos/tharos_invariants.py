"""Invariants every Tharos state must keep, checked after every action of the random games (test_tharos_properties.py)
and after determinize (test_tharos_bots.py). Not a test module.

Named ``tharos_invariants`` (not ``invariants``): test folders are not packages, and tests/planet_steam has an
``invariants.py`` of its own.
"""

from __future__ import annotations

import json
from collections import Counter

from brassboard.engine import GameState
from brassboard.games.tharos import dice as d
from brassboard.games.tharos.figures import LETTERS
from brassboard.games.tharos.rules import TharosState

GUILD_TILES = 12
MINES = 10
COMBAT_POINTS_MAX = 7
RESERVE_CARD = 22  # action card 22 lies out (neither hand, deck nor discard) while it holds dice


def dice_places(state: TharosState, p: int) -> list[int]:
    """Every real die id of player ``p`` wherever it is (virtual dice, ids >= 100, are not counted)."""
    g = state.guilds[p]
    ids = [*g.bag, *g.discard, *g.stored]
    ids += [d.die_id(x) for x in (*g.active, *g.placed) if d.die_id(x) < d.VIRTUAL]
    for column in g.market:
        ids += column
    return ids


def guild_tiles_of(state: TharosState, p: int) -> int:
    board = state.board
    g = state.guilds[p]
    on_land = sum(1 for mask in board.guild_on if mask >> p & 1)
    on_attack = sum(1 for mask in board.attack_tiles if mask >> p & 1)
    owned = sum(1 for owner in board.owners.values() if owner == p)
    return g.guild + on_land + on_attack + owned + sum(g.card_tiles.values())


def check(state: GameState) -> None:
    assert isinstance(state, TharosState)
    fig = state.fig
    board = state.board
    n = state.num_players
    pending_of = {(int(item[0]), str(item[1])) for item in board.pending}
    for p, g in enumerate(state.guilds):
        ids = dice_places(state, p)
        assert sorted(ids) == list(range(len(fig.die_colours))) == list(range(18)), \
            f"P{p}: the 18 dice are each in exactly one place, not {sorted(ids)}"
        for x in (*g.active, *g.placed):
            assert 0 <= d.pips(x) <= 15, f"P{p}: a die shows {d.pips(x)} (the encoding holds 0..15)"
            if board.step == "actions" and not board.pending:
                assert d.pips(x) >= 1, f"P{p}: an unrolled die in the action phase"
        assert len(g.placed) == len(g.placed_on)
        assert g.bag == sorted(g.bag), "the bag is kept sorted (it has no order)"
        assert guild_tiles_of(state, p) == GUILD_TILES, f"P{p}: 12 guild tiles are conserved"
        assert 0 <= g.guild <= GUILD_TILES
        mines_out = sum(1 for mask in board.mines_on if mask >> p & 1)
        assert g.mines >= 0 and g.mines + mines_out == MINES, f"P{p}: 10 mines are conserved"
        assert g.money >= 0, f"P{p}: money is never negative ({g.money})"
        assert 0 <= g.combat_points <= COMBAT_POINTS_MAX, f"P{p}: combat points {g.combat_points} outside 0..7"
        assert all(m >= 0 for m in g.medals), f"P{p}: negative medals {g.medals}"
        assert sorted(g.cards_active + g.cards_inactive) == sorted(fig.player_cards), \
            f"P{p}: each of the 10 player cards is either active or not"
        for card, tiles in g.card_tiles.items():
            assert card in g.cards_active or tiles == 0, f"P{p}: guild tiles on the inactive card {card}"
            assert 0 <= tiles <= fig.card_limits.get(card, 0), f"P{p}: {tiles} guild tiles on {card}"
        limit = fig.player["hand_limit"]
        assert len(g.hand) <= limit or (p, "discard") in pending_of, f"P{p}: {len(g.hand)} action cards in hand"
        assert len(g.stored) <= 2
    cards = [*board.action_deck, *board.action_discard, *board.drawn]
    for g in state.guilds:
        cards += g.hand
    if any(g.stored for g in state.guilds):
        cards.append(RESERVE_CARD)
    assert Counter(cards) == Counter(fig.action_card_ids), "the 40 action cards are each in exactly one place"
    for colour, letter in enumerate(LETTERS):
        cells = [c for c in range(16) if board.colours[c] == colour]
        for name, on, supply, owned in (("ore", board.ore_on, board.ore_supply, [g.ore for g in state.guilds]),
                                        ("crystal", board.crystal_on, board.crystal_supply,
                                         [g.crystal for g in state.guilds])):
            count = sum(1 for c in cells if on >> c & 1) + supply[colour] + sum(m >> colour & 1 for m in owned)
            assert count == len(cells), f"{name} tiles of colour {letter} are conserved ({count} != {len(cells)})"
            assert supply[colour] >= 0
    assert sorted(board.built + board.unbuilt) == sorted(fig.buildings), "8 public buildings, built or not"
    assert set(board.owners) <= set(board.built), "only built buildings have owners"
    assert sorted(board.attack_deck + board.attack_row) == list(range(len(fig.attack_values)))
    assert len(board.attack_row) == len(board.attack_tiles) <= 4
    assert sorted(board.round_end_deck + board.round_end_drawn) == sorted(fig.round_end)
    assert all(0 <= mask < 1 << n for mask in (*board.guild_on, *board.mines_on, *board.attack_tiles))
    assert 1 <= board.round <= 4 and 1 <= board.turn <= 4
    for score in state.scores():
        assert score.total == sum(score.breakdown.values()), "the score equals its breakdown"
    if not state.is_over():
        active = state.active_players()
        assert len(active) == 1, f"one player acts at a time, not {active}"
        assert state.legal_actions(active[0]), "the player to act has a legal action"


def check_views(state: GameState) -> None:
    """Each seat's view shows its own hand only (others' hand sizes), hides drawn cards of someone else's choice
    and the decks' order, and is plain JSON."""
    assert isinstance(state, TharosState)
    for viewer in (*range(state.num_players), None):
        view = state.view(viewer)
        json.dumps(view)
        for p, g in enumerate(state.guilds):
            shown = view["guilds"][p]
            assert shown["hand_size"] == len(g.hand)
            if p == viewer:
                assert shown["hand"] == g.hand
            else:
                assert "hand" not in shown, f"P{p}'s hand is shown to {viewer}"
        assert isinstance(view["action_deck"], int) and isinstance(view["attack_deck"], int)
        chooser = next((int(item[0]) for item in state.board.pending if item[1] == "keep"), None)
        if state.board.drawn and chooser != viewer:
            assert view["drawn"] == len(state.board.drawn), "cards drawn for another's choice are hidden"
