"""prefers-reduced-motion (issue 17): with the reduced-motion preference no animation keeps running on any match
page (the pulsing legal-move outlines of Planet Steam and Planet Unknown stop), and a pulse of the pages' own kind
runs when the preference is not set — so the check can tell the two apart."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from e2e_helpers import Server, post_match

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

GAMES = [
    ("planet_steam", ["human", "bot:random"], "svg.ps-map"),
    ("age_of_steam", ["human", "bot:random", "bot:random"], ".aos-root svg"),
    ("planet_unknown", ["human", "bot:random"], ".pu-root svg"),
    ("tharos", ["human", "bot:random"], ".th-table .th-land"),
    ("tictactoe", ["human", "bot:random"], ".ttt-grid button[data-cell]"),
]

# The animations still running that repeat (a pulse) or last long, after a probe of the games' own kind (an endless
# outline pulse, as .ps-hit.legal and .pu-target have) is added to the page.
JS_RUNNING = """() => {
  const style = document.createElement("style");
  style.textContent = "@keyframes probe-pulse { 50% { opacity: .4; } } "
    + ".probe { animation: probe-pulse 1.4s ease-in-out infinite; }";
  document.head.append(style);
  const probe = document.createElement("div");
  probe.className = "probe";
  probe.textContent = "probe";
  document.body.append(probe);
  return document.getAnimations().filter((a) => a.playState === "running").map((a) => {
    const timing = a.effect.getComputedTiming();
    return { name: a.animationName || a.transitionProperty || "?", endless: timing.iterations === Infinity,
             duration: timing.duration, on: a.effect.target ? a.effect.target.getAttribute("class") : null };
  }).filter((a) => a.endless || a.duration > 100);
}"""


def create_match(server: Server, game: str, seats: list[str]) -> str:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 4}
    created = post_match(server, body)
    link: str = created["links"]["seats"]["0"]
    return link


@pytest.fixture
def calm(browser: Browser, e2e_server: Server) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, reduced_motion="reduce",
                                  base_url=e2e_server.url)
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize(("game", "seats", "drawn"), GAMES, ids=[g[0] for g in GAMES])
def test_nothing_keeps_moving_with_reduced_motion(calm: Page, e2e_server: Server, game: str, seats: list[str],
                                                  drawn: str) -> None:
    calm.goto(create_match(e2e_server, game, seats))
    calm.locator(drawn).first.wait_for()
    calm.locator("#status.mine").wait_for()  # the seat's turn: its legal moves are outlined
    assert calm.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert calm.evaluate(JS_RUNNING) == [], f"{game}: animations keep running with prefers-reduced-motion"


def test_the_pulse_runs_without_the_preference(page: Page, e2e_server: Server) -> None:
    page.goto(create_match(e2e_server, "tictactoe", ["human", "bot:random"]))
    page.locator(".ttt-grid button[data-cell]").first.wait_for()
    running = page.evaluate(JS_RUNNING)
    assert [a["on"] for a in running] == ["probe"], running
