"""Long player names (issue 12, item 9: names cut without a tooltip): wherever a page cuts a player's name short
(an ellipsis, a clipped box), the full name is in a tooltip (`title`) on the cut element or around it. Checked on
every game's match page at 1440×900 and 390×844 and on the lobby's match lists, with names of the lobby's longest
length (40 characters) on every seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, post_match, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

NAMES = ["Maximiliane Friederike von Hohenzollern", "Bartholomew Montgomery-Fitzwilliam III",
         "Wilhelmina Konstanze Schwarzenberg-Lippe"]
assert all(len(name) <= 40 for name in NAMES)  # the lobby's name field takes 40

# (game, seats, what shows that the board is drawn)
GAMES = [
    ("planet_steam", ["human", "bot:random", "bot:random"], "svg.ps-map"),
    ("age_of_steam", ["human", "bot:random", "bot:random"], ".aos-root svg"),
    ("planet_unknown", ["human", "bot:random", "bot:random"], ".pu-root"),
    ("tharos", ["human", "bot:random", "bot:random"], ".th-table .th-land"),
    ("tictactoe", ["human", "bot:random"], ".ttt-grid button[data-cell]"),
]

# Each element that shows (part of) a player's name and cuts it (an ellipsis, or hidden overflow that is actually
# overflowing), with no tooltip holding the full name on it or an element around it. Scroll boxes (overflow auto or
# scroll) cut nothing: their content scrolls into view. Text for screen readers only is not looked at.
JS_CUT_NAMES = """(names) => {
  const cut = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const name = names.find((n) => node.textContent.includes(n.slice(0, 12)));
    if (!name) continue;
    for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
      if (el.closest(".sr-only, .th-sr, [aria-hidden=true], details:not([open]) > :not(summary)")) break;
      const style = getComputedStyle(el);
      if (style.display === "none" || !el.getClientRects().length) break;
      const hides = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      if (hides && el.scrollWidth > el.clientWidth + 1) {
        // a tooltip with the full name on the text's element, the cut element, or anything around them
        let titled = false;
        for (let x = node.parentElement; x; x = x.parentElement) {
          if ((x.getAttribute("title") || "").includes(name)) titled = true;
        }
        if (!titled) cut.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ${name}`);
        break;
      }
    }
  }
  return [...new Set(cut)];
}"""


def create_match(server: Server, game: str, seats: list[str]) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 11, "names": NAMES[:len(seats)],
            "visibility": "public"}
    return post_match(server, body)


def cut_names(page: Page) -> list[str]:
    return list(page.evaluate(JS_CUT_NAMES, NAMES))


@pytest.mark.parametrize(("game", "seats", "drawn"), GAMES, ids=[g[0] for g in GAMES])
def test_a_cut_name_has_its_full_name_in_a_tooltip(page: Page, e2e_server: Server, game: str, seats: list[str],
                                                   drawn: str) -> None:
    created = create_match(e2e_server, game, seats)
    page.goto(created["links"]["seats"]["0"])
    page.locator(drawn).first.wait_for()
    for width, height in ((1440, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        assert cut_names(page) == [], f"{game} at {width}×{height}: names cut without a tooltip"
    screenshot(page, f"long_names_{game}_390", full_page=False)
    # the lobby's lists show the same match (public, running) with every seat's name
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    page.locator(f'li.match:has(code:text-is("{created["id"]}"))').first.wait_for()
    assert cut_names(page) == [], "the lobby cuts names without a tooltip"
