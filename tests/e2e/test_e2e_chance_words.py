"""The results of chance in words (issue 17: the live region announces rolls and draws): each game with dice or a
bag words its chance events itself (``describeChance`` in its ui module), in English and German, instead of the
shell's fallback of raw field names. Run on the page's own modules, through the shell's GameHost, with the events the
rules emit (their types, fields and ``why`` texts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

# The chance events as the rules emit them (planet_steam claims/end_phase/setup_steps, age_of_steam setup/round_end,
# tharos rules/turn/board_actions); a log entry of seat 1 carries them.
ENTRIES: dict[str, list[dict[str, Any]]] = {
    "planet_steam": [
        {"type": "roll", "player": 1, "sides": 6, "value": 5, "why": "claim C3", "chance": True},
        {"type": "claim", "player": 1, "zone": "C3", "how": "roll"},
        {"type": "roll", "player": 0, "sides": 6, "value": 2, "why": "sabotage compensation", "chance": True},
        {"type": "roll", "player": 0, "sides": 6, "value": 3, "why": "neutral river markers", "chance": True},
    ],
    "age_of_steam": [
        {"type": "draw", "cubes": ["red", "black"], "why": "production", "chance": True},
        {"type": "roll", "player": None, "sides": 6, "value": 3, "why": "goods growth west", "chance": True},
        {"type": "roll", "player": None, "sides": 6, "value": 6, "why": "goods growth west", "chance": True},
        {"type": "roll", "player": None, "sides": 6, "value": 1, "why": "goods growth east", "chance": True},
        {"type": "growth", "hex": "C3", "color": "red"},
    ],
    "tharos": [
        {"type": "dice_drawn", "player": 1, "dice": ["w", "r", "b"], "chance": True},
        {"type": "rolled", "player": 1, "dice": ["w3", "r6", "b1"], "chance": True},
        {"type": "reroll", "player": 1, "dice": ["r2"], "card": "organiser", "chance": True},
        {"type": "action_deck_shuffled", "chance": True},
    ],
}

JS_CHANCE = """async ({ game, events, language }) => {
  const { setLang } = await import("/static/i18n.js");
  const { GameHost } = await import("/static/gamehost.js");
  setLang(language);
  const module = await import(`/games/${game}/ui/main.js`);
  const host = new GameHost(document.createElement("div"), module);
  const seats = [{ seat: 0, name: "Ada" }, { seat: 1, name: "Bea" }];
  return { own: typeof module.describeChance, lines: host.chance({ version: 4, seat: 1, action: "x", events }, seats) };
}"""

EXPECTED = {
    ("planet_steam", "en"): ["#2 rolls 5 to claim C3 (4 or more wins it)", "#1 rolls 2 for sabotage compensation",
                             "Die for the neutral river markers: 3"],
    ("planet_steam", "de"): ["#2 würfelt 5 um C3 (ab 4 gehört sie ihm)", "#1 würfelt 2 für die Sabotage-Entschädigung",
                             "Würfel für die neutralen Flussmarker: 3"],
    ("age_of_steam", "en"): ["Production draws from the bag: red, black", "Goods growth dice, west: 3, 6",
                             "Goods growth dice, east: 1"],
    ("age_of_steam", "de"): ["Produktion zieht aus dem Behälter: rot, schwarz",
                             "Würfel für das Güterwachstum, Westen: 3, 6", "Würfel für das Güterwachstum, Osten: 1"],
    ("tharos", "en"): ["Player 2 draws from the bag: white, red, blue", "Player 2 rolls: white 3, red 6, blue 1",
                       "Player 2 rerolls: red 2", "The action card deck is shuffled"],
    ("tharos", "de"): ["Spieler 2 zieht aus dem Beutel: weiß, rot, blau", "Spieler 2 würfelt: weiß 3, rot 6, blau 1",
                       "Spieler 2 würfelt neu: rot 2", "Der Stapel der Aktionskarten wird gemischt"],
}


@pytest.mark.parametrize(("game", "language"), sorted(EXPECTED))
def test_chance_is_worded_by_the_game(page: Page, e2e_server: Server, game: str, language: str) -> None:
    """Each die and each draw is one line in the player's language, with the game's own names (cube and die colours,
    the growth half, the zone claimed); no raw field name (`why`, `sides`, `cubes`) reaches the live region."""
    page.goto("/")
    page.locator("#create").wait_for()
    result = page.evaluate(JS_CHANCE, {"game": game, "events": ENTRIES[game], "language": language})
    assert result["own"] == "function", f"{game} words its own chance"
    assert result["lines"] == EXPECTED[(game, language)]
    for line in result["lines"]:
        for raw in ("why", "sides", "cubes", "chance", "_"):
            assert raw not in line, f"{raw!r} in {line!r}"
