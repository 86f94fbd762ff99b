"""The lobby names the bots by difficulty level (issue 13): "Bot: Hard (mcts-strong)" and so on, from the
``levels`` that GET /api/games lists; kinds without a level keep their plain name."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from e2e_helpers import Server

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_the_seat_list_names_the_difficulty_levels(page: Page, e2e_server: Server) -> None:
    games = {game["id"]: game for game in e2e_server.get("/api/games")}
    levels = {level["bot"]: level["name"] for level in games["planet_steam"]["levels"]}
    assert levels == {"random": "Beginner", "greedy": "Easy", "mcts-medium": "Medium", "mcts-strong": "Hard"}
    page.goto("/")
    page.locator('#game option[value="planet_steam"]').wait_for(state="attached")
    page.select_option("#game", "planet_steam")
    option = page.locator('select.seat-kind[data-seat="1"] option[value="bot:mcts-strong"]')
    option.wait_for(state="attached")
    assert option.text_content() == "Bot: Hard (mcts-strong)"
    labels = page.locator('select.seat-kind[data-seat="1"] option').all_text_contents()
    plain = "Bot: plain search, weaker than Easy (mcts)"  # a newcomer met a bare "Bot: mcts" unexplained
    assert "Bot: Easy (greedy)" in labels and "Bot: Beginner (random)" in labels and plain in labels
    # the levels come easiest first, then the kinds without a level (a newcomer met them in the server's order)
    bots = [label for label in labels if label.startswith("Bot:")]
    assert bots == ["Bot: Beginner (random)", "Bot: Easy (greedy)", "Bot: Medium (mcts-medium)",
                    "Bot: Hard (mcts-strong)", plain], bots
