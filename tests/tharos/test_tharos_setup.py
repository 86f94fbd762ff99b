"""Set-up (Spielvorbereitung) for 2, 3 and 4 players, and the figures option."""

from __future__ import annotations

from collections import Counter

import pytest
from tharos_helpers import dice_conserved

from brassboard.engine import new_game
from brassboard.games.tharos.figures import CELL_OF
from brassboard.games.tharos.rules import TharosState


def _state(players: int, seed: int = 0, **options: object) -> TharosState:
    state = new_game("tharos", players, seed, options or None)
    assert isinstance(state, TharosState)
    return state


def test_example_setup_for_three_players() -> None:
    """The three-player example: 16 landscapes with matching ore and crystal and a converter each, the decks, the
    buildings, no money; each guild with its 18 dice (6 on the market, 12 in the bag), 12 tiles, 10 mines, 10 cards."""
    state = _state(3, seed=5)
    board = state.board
    assert Counter(board.kinds) == {"wasteland": 4, "plain": 3, "mountain": 3, "hill": 3, "forest": 3}
    assert board.ore_on == board.crystal_on == (1 << 16) - 1
    assert board.ore_supply == board.crystal_supply == [0] * 5
    assert len(board.converters) == 16
    assert Counter(board.converters)["none"] == 2 and Counter(board.converters)["plus"] == 2
    # the first turn has begun: one attack card over column A, the round marker at row 1
    assert len(board.attack_row) == 1 and len(board.attack_deck) == 7
    assert board.target() == CELL_OF["A1"] and board.round == 1 and board.turn == 1
    assert len(board.round_end_deck) == 6
    assert sorted(board.action_deck) == list(range(1, 41))
    assert board.unbuilt == ["secret_society", "large_market", "small_market", "new_market", "notary",
                             "organisation_office", "survey_office", "civil_office"]
    assert board.step == "actions" and board.current == board.start_player
    for g in state.guilds:
        assert g.money == 0 and g.medals == [0, 0, 0, 0] and g.combat_points == 0
        assert g.guild == 12 and g.mines == 10 and g.hand == []
        assert len(g.cards_inactive) == 10 and g.cards_active == []
        market = [[state.fig.die_colours[i] for i in column] for column in g.market]
        assert market == [["y", "g", "b"], ["r", "g", "b"]]  # 1 red, 1 yellow, 2 green, 2 blue
        in_bag = Counter(state.fig.die_colours[i] for i in g.bag) + Counter(
            state.fig.die_colours[x >> 8] for x in g.active)
        assert in_bag == {"w": 8, "r": 2, "y": 2}
        assert len(g.active) == 5 and all(1 <= x & 15 <= 6 for x in g.active)
    assert dice_conserved(state)


@pytest.mark.parametrize("players", [2, 4])
def test_setup_for_two_and_four_players(players: int) -> None:
    state = _state(players, seed=players)
    assert len(state.guilds) == players
    assert all(g.guild == 12 and len(g.active) == 5 for g in state.guilds)
    assert 0 <= state.board.start_player < players


def test_start_player_is_random() -> None:
    assert len({_state(4, seed).board.start_player for seed in range(12)}) > 1


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_2_to_4_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        _state(players)


def test_figures_option_overrides_the_attack_values() -> None:
    state = _state(3, figures={"attack": {"values": [7, 7, 7, 7, 7, 7, 7, 7]}})
    assert state.view(0)["strength"] == 8
    assert state.clone().fig.attack_values == (7,) * 8


def test_figures_option_with_a_wrong_landscape_count_is_refused() -> None:
    kinds = [{"id": "wasteland", "name": "Wasteland", "name_de": "Ödland", "colour": "white", "count": 4}]
    with pytest.raises(ValueError, match="16 landscapes"):
        _state(3, figures={"landscapes": {"kinds": kinds}})


@pytest.mark.parametrize("bad", [
    {"attack": {"values": [1, 2]}},
    {"attack": {"values": "high"}},
    {"dice": {"set": {"white": 3}}},
    {"landscapes": {"kinds": 5}},
    {"round_end": {"cards": {"7": {"rounds": [[], [], [], []]}}}},
    {"player": {"explore_size": 0}},  # found by the option property test: offered, then refused when played
    {"player": {"explore_size": 7}},
])
def test_figures_overrides_the_rules_cannot_play_are_refused_when_the_match_is_made(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        _state(2, figures=bad)
