"""Set-up (Spielvorbereitung A-O): the landscape grid, tiles, converters, decks, buildings and each guild's material."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .figures import LETTERS
from .state import Board, Guild

if TYPE_CHECKING:
    from .rules import TharosState


def new_board(state: TharosState) -> Board:
    fig, rng = state.fig, state.rng
    board = Board()
    kinds = list(fig.landscape_deck)
    rng.shuffle(kinds)  # A: shuffle the 16 landscapes into a 4x4 grid
    board.kinds = kinds
    board.colours = [LETTERS.index(fig.colour_of_kind[k]) for k in kinds]
    board.ore_on = board.crystal_on = (1 << 16) - 1  # B: a matching ore and crystal tile on each landscape
    converters = list(fig.converter_deck)
    rng.shuffle(converters)  # C: a random converter on each landscape
    board.converters = converters
    board.attack_deck = list(range(len(fig.attack_values)))
    rng.shuffle(board.attack_deck)  # D: attack cards and round-end cards, face down
    board.round_end_deck = sorted(fig.round_end)
    rng.shuffle(board.round_end_deck)
    board.action_deck = list(fig.action_card_ids)
    rng.shuffle(board.action_deck)  # F
    board.unbuilt = list(fig.buildings)  # G
    board.start_player = board.first_player = rng.below(state.num_players)  # O: a random start player
    board.current = board.start_player
    board.step = "prep"
    return board


def new_guild(state: TharosState) -> Guild:
    fig = state.fig
    guild = Guild()
    guild.money = fig.player["money"]  # H: no money
    guild.bag = list(fig.bag_dice)  # K: 8 white, 2 red, 2 yellow in the bag
    guild.market = [list(column) for column in fig.market]  # J: 1 red, 1 yellow, 2 green, 2 blue on the market
    guild.guild = fig.player["guild_tiles"]  # I, N: 12 guild tiles, 10 mines
    guild.mines = fig.player["mines"]
    guild.cards_inactive = list(fig.player_cards)  # M: the 10 player cards beside the board
    return guild
