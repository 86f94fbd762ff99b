"""EN and DE for every string (issue 17): every English string of the shell's table and of each game's UI strings
has its German text, and none is left empty. (German-only keys are allowed: option texts whose English comes from
the server's game description.) Read from the modules the browser loads."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from e2e_helpers import Server

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

MODULES = ["/static/i18n.js", "/static/lobbyclock.js", "/games/tictactoe/ui/main.js",
           "/games/planet_steam/ui/strings.js", "/games/age_of_steam/ui/strings.js",
           "/games/planet_unknown/ui/strings.js", "/games/tharos/ui/strings.js"]

JS_PARITY = """async (path) => {
  const module = await import(path);
  const table = module.STRINGS || module.strings;
  if (!table || !table.en) return { none: true };
  const en = Object.keys(table.en), de = Object.keys(table.de || {});
  return {
    onlyEn: en.filter((k) => !(k in (table.de || {}))),
    emptyDe: de.filter((k) => typeof table.de[k] === "string" && !table.de[k].trim() && table.en[k].trim()),
  };
}"""


@pytest.mark.parametrize("path", MODULES)
def test_every_string_is_in_english_and_german(page: Page, e2e_server: Server, path: str) -> None:
    page.goto("/")
    page.locator("#create").wait_for()
    result = page.evaluate(JS_PARITY, path)
    if result.get("none"):
        pytest.skip(f"{path} has no strings table")
    assert result == {"onlyEn": [], "emptyDe": []}, path
