"""A match whose DESIGN figures were overridden (option ``figures``) carries its printed figures in the view, so the
page's card texts and costs follow the figures in force; a match on the defaults keeps its view small."""

from __future__ import annotations

from brassboard.engine import new_game
from brassboard.games.tharos.view import static_figures

OVERRIDES = {
    "action_cards": {"design": {"mine_sets": {"32": ["plain", "hill"]}}},
    "player_cards": {"banker": {"activation": {"sum": 12}}},
}


def test_overridden_figures_travel_with_the_view() -> None:
    state = new_game("tharos", 3, 4, {"figures": OVERRIDES})
    for seat in (0, None):
        figures = state.view(seat)["figures"]
        assert figures["action_cards"]["mine_sets"]["32"] == ["plain", "hill"]
        assert figures["player_cards"]["banker"]["activation"]["sum"] == 12
        assert figures["buildings"] == static_figures()["buildings"]  # what was not overridden is the default
    default = static_figures()
    assert default["action_cards"]["mine_sets"]["32"] != ["plain", "hill"]
    assert default["player_cards"]["banker"]["activation"]["sum"] != 12


def test_a_match_on_the_defaults_sends_no_figures_in_its_view() -> None:
    assert "figures" not in new_game("tharos", 3, 4).view(0)
