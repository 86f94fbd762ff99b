"""Colour never alone (issue 17): every legal-move highlight on a match page is also told apart by its pattern — a
dashed or dotted edge or outline (HTML), a dashed stroke (SVG) — or by a sign of its own (a symbol drawn before or
after it). Checked on each game's page when the seat is to move, and in Tharos while an action's dice are picked."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from e2e_helpers import Server, post_match

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.e2e

GAMES = [
    ("planet_steam", ["human", "bot:random"], "svg.ps-map"),
    ("age_of_steam", ["human", "bot:random", "bot:random"], ".aos-root svg"),
    ("planet_unknown", ["human", "bot:random"], ".pu-root svg"),
    ("tharos", ["human", "bot:random"], ".th-table .th-land"),
]

# The visible highlighted elements whose highlight is colour only: (their tag and classes).
JS_COLOUR_ONLY = """() => {
  const dashed = (s) => /dashed|dotted/.test(s);
  const sign = (el) => ["::before", "::after"].some((p) => {
    const c = getComputedStyle(el, p).content; return c && c !== "none" && c !== "normal" && c !== '""'; });
  const out = [];
  // .target: Planet Steam's map targets (SVG); Tharos's attacked landscape (.th-land.target) is no move to make
  for (const el of document.querySelectorAll(".legal, svg .target")) {
    if (!el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    if (st.visibility === "hidden" || st.display === "none") continue;
    const svg = el instanceof SVGElement;
    const marked = svg ? (st.strokeDasharray && st.strokeDasharray !== "none")
      : dashed(st.borderTopStyle) || dashed(st.outlineStyle) || sign(el);
    if (!marked) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
  }
  return { colourOnly: [...new Set(out)], checked: document.querySelectorAll(".legal, svg .target").length };
}"""

# Age of Steam's highlighted buttons (action cards, goods display spaces) come later in a round: the page's own
# stylesheet is asked how it draws them.
JS_AOS_PROBE = """() => {
  const root = document.querySelector(".aos-root");
  const probes = ["button.aos-acard.legal", "button.aos-space.legal"].map((sel) => {
    const [tag, ...cls] = sel.split(".");
    const el = document.createElement(tag);
    el.className = cls.join(" ");
    el.textContent = "probe";
    root.append(el);
    return el;
  });
  const styles = probes.map((el) => getComputedStyle(el).borderTopStyle);
  probes.forEach((el) => el.remove());
  return styles;
}"""


def create_match(server: Server, game: str, seats: list[str]) -> str:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 4}
    created = post_match(server, body)
    link: str = created["links"]["seats"]["0"]
    return link


@pytest.mark.parametrize(("game", "seats", "drawn"), GAMES, ids=[g[0] for g in GAMES])
def test_legal_moves_are_marked_by_more_than_colour(page: Page, e2e_server: Server, game: str, seats: list[str],
                                                    drawn: str) -> None:
    page.goto(create_match(e2e_server, game, seats))
    page.locator(drawn).first.wait_for()
    page.locator("#status.mine").wait_for()
    found = page.evaluate(JS_COLOUR_ONLY)
    assert found["colourOnly"] == [], f"{game}: highlights told apart by colour alone"
    if game == "age_of_steam":
        assert page.evaluate(JS_AOS_PROBE) == ["dashed", "dashed"]
    else:
        assert found["checked"] > 0, f"{game}: no highlight on the page at the seat's turn"
    if game == "tharos":  # the dice an action can use light up once it is started
        page.locator('.th-action button.th-fam[data-family="money little"]').click()
        page.locator(".th-myboard button.th-die.legal").first.wait_for()
        assert page.evaluate(JS_COLOUR_ONLY)["colourOnly"] == [], "tharos: dice highlighted by colour alone"


# Records, at the moment the board's first element enters #game, whether the game's stylesheet had already loaded.
JS_WATCH_FIRST_DRAW = """(game) => {
  const sheetLoaded = () => [...document.querySelectorAll('link[rel="stylesheet"]')]
    .some((link) => link.href.includes(`/games/${game}/ui/style.css`) && link.sheet !== null);
  new MutationObserver((records, observer) => {
    const box = document.getElementById("game");
    if (!box || !box.firstElementChild) return;
    window.__styledAtFirstDraw = sheetLoaded();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}"""


@pytest.mark.parametrize(("game", "seats", "drawn"), GAMES, ids=[g[0] for g in GAMES])
def test_the_board_is_drawn_only_once_its_stylesheet_applies(page: Page, e2e_server: Server, game: str,
                                                             seats: list[str], drawn: str) -> None:
    """A slow stylesheet once let a board (and this file's highlight check) be seen unstyled: the shell now waits."""
    def slow_stylesheet(route: Route) -> None:
        page.wait_for_timeout(400)
        route.continue_()

    page.route(f"**/games/{game}/ui/style.css", slow_stylesheet)
    page.add_init_script(f"({JS_WATCH_FIRST_DRAW})({game!r})")
    page.goto(create_match(e2e_server, game, seats))
    page.locator(drawn).first.wait_for()
    assert page.evaluate("() => window.__styledAtFirstDraw") is True, f"{game}: board drawn before its stylesheet"
