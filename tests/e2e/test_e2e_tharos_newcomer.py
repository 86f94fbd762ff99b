"""Tharos as a newcomer sees it: what a player who knows the board game but not this site stumbled on, made right.

Each test opens a real Tharos match (a human against a random bot, made through the API) and checks one thing a
first-time player tripped over while playing whole games by clicking, in English and German, at 1280×800 and on a
390×844 phone:

- a landscape's name, coordinate and converter stay inside its cell (they ran into each other and over the edge), and
  the options of the player board's fields inside their field (long German words ran out of it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, post_match, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

def open_match(page: Page, server: Server, seed: int = 11) -> dict[str, Any]:
    created = post_match(server, {"game": "tharos", "players": 2, "seats": ["human", "bot:random"], "seed": seed,
                                  "names": ["Ada", None], "options": {}})
    page.goto(created["links"]["seats"]["0"])
    page.locator(".th-table .th-land").first.wait_for()
    page.wait_for_function("() => getComputedStyle(document.querySelector('.th-land')).display === 'grid'")
    return created


# every piece of a landscape cell inside the cell's box, and no two text pieces on top of each other
JS_CELLS_SPILL = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('.th-table .th-land')) {
    const box = cell.getBoundingClientRect();
    const parts = [...cell.querySelectorAll('.th-landname, .th-cellname, .th-conv, .th-samples')];
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(`${cell.dataset.cell} ${el.className} spills`);
    }
    const name = cell.querySelector('.th-landname').getBoundingClientRect();
    const coord = cell.querySelector('.th-cellname').getBoundingClientRect();
    const apart = name.right <= coord.left || coord.right <= name.left
      || name.bottom <= coord.top || coord.bottom <= name.top;
    if (!apart) out.push(`${cell.dataset.cell}: its name runs into its coordinate`);
  }
  for (const field of document.querySelectorAll('.th-myboard .th-field')) {
    const box = field.getBoundingClientRect();
    for (const el of field.querySelectorAll('.th-fname, .th-fopt')) {
      const r = el.getBoundingClientRect();
      if (r.right > box.right + 0.5) out.push(`field ${field.dataset.field}: "${el.textContent}" runs out of it`);
    }
  }
  return out;
}"""


@pytest.fixture
def sized(browser: Browser, e2e_server: Server, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height, locale = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, base_url=e2e_server.url)
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("sized", [(1280, 800, "en-GB"), (1280, 800, "de-DE"), (390, 844, "de-DE")], indirect=True,
                         ids=["desktop-en", "desktop-de", "phone-de"])
def test_landscape_cells_keep_their_words_inside(sized: Page, e2e_server: Server) -> None:
    open_match(sized, e2e_server)
    if "de" in sized.evaluate("() => navigator.language"):
        sized.locator('button.lang:text-is("DE")').click()
        sized.locator('.th-table h4:text-is("Landschaften und Angriffe")').wait_for()
    width = sized.viewport_size["width"] if sized.viewport_size else 0
    screenshot(sized, f"tharos_newcomer_cells_{width}_{sized.evaluate('() => navigator.language')}", full_page=False)
    assert sized.evaluate(JS_CELLS_SPILL) == []
    assert sized.locator(".th-table .th-land .th-cellname").count() == 16
