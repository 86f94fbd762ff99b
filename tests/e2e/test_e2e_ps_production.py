"""Planet Steam in a real browser: a production choice that is not in the legal list, made by toggling a tank.

The legal list holds one idle set per distinct result (brassboard/games/planet_steam/production.py); the page lets
the player toggle any tanks and must still offer the Produce button for the set toggled, and the server must take
it. With the browser test's seed, seat 0's round-1 production lists only ``produce``: idling its first tank would
leave the same goods, so ``produce idle`` of it is valid but not listed (test_e2e_policy's engine check guards the
seed; this test says so itself before clicking).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SeatDriver, Server
from e2e_policy import SEATS, SEED, choose
from e2e_ps_helpers import create_match

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e


def standing_tanks(view: dict[str, Any], seat: int) -> list[str]:
    return [view["zone_names"][z] for z, owner in enumerate(view["owner"])
            if owner == seat and view["tank"][z] and not view["toppled"][z]]


def test_a_toggled_idle_set_not_in_the_legal_list_is_offered_and_taken(browser: Browser, e2e_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, base_url=e2e_server.url)
    page = context.new_page()
    try:
        match_id, token, link = create_match(e2e_server, SEATS, seed=SEED)
        page.goto(link)
        page.locator("svg.ps-map").wait_for()
        driver = SeatDriver(page, e2e_server, match_id, 0, token)
        while True:
            state = driver.wait_turn(timeout=60)
            assert state is not None and state["view"]["round"] == 1, "round 1 ended before production"
            if state["view"]["agenda"][0]["k"] == "produce":
                break
            driver.act(choose(state["view"], state["legal"], 0), state)
        tank = standing_tanks(state["view"], 0)[0]
        action = f"produce idle {tank}"
        assert "produce" in state["legal"] and action not in state["legal"], state["legal"]
        page.locator(f'.ps-action .ps-toggle[data-zone="{tank}"]').click()
        page.locator(f'.ps-action button[data-action="{action}"]').wait_for()
        driver.act(action, {**state, "legal": [*state["legal"], action]})  # the page offers it; the server takes it
        assert any(e["seat"] == 0 and e["action"] == action for e in driver.state()["log"])
    finally:
        context.close()


JS_CONVERTER_MENU = """async ([message]) => {
  const m = await import('/games/planet_steam/ui/main.js?converter');
  const model = await import('/games/planet_steam/ui/model.js');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  const view = JSON.parse(JSON.stringify(message.view));
  const zone = view.zone_names.indexOf('A2');
  view.tank[zone] = 1;
  view.converter[zone] = model.RESOURCES.indexOf('ore');
  m.update({ ...message, version: 900, view, legal: ['buy-converter A2 quartz', 'done'] });
  const hit = box.querySelector('rect.ps-hit.legal[data-zone="A2"]');
  hit.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 20, clientY: 20 }));
  const items = [...document.querySelectorAll('.ps-menu .ps-menuitem')].map((b) => b.textContent);
  box.remove();
  return items;
}"""


def test_buying_a_converter_for_a_tank_that_has_one_says_it_replaces_it(page: Page, e2e_server: Server) -> None:
    """A tank holds one converter: the menu offered "Quartz converter (8 credits)" and the ore converter was gone."""
    match_id, token, link = create_match(e2e_server, ["human", "bot:random"], seed=3)
    page.goto(link)
    page.locator("rect.ps-hit").first.wait_for()
    state = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", token)
    items = page.evaluate(JS_CONVERTER_MENU, [{**state, "seat": 0}])
    assert any(item.startswith("Quartz converter (8 credits) — replaces its Ore converter") for item in items), items


def test_the_last_card_taken_without_an_auction_is_not_called_winning_one(page: Page, e2e_server: Server) -> None:
    _match, _token, link = create_match(e2e_server, ["human", "bot:random", "bot:random"], seed=3)
    page.goto(link)
    page.locator("rect.ps-hit").first.wait_for()
    alone, won = page.evaluate("""async () => {
      const m = await import('/games/planet_steam/ui/main.js');
      const last = { type: 'auction_won', player: 2, bid: 1, alone: true };
      return [m.describe({ seat: 1, action: 'take 2', events: [last] }),
              m.describe({ seat: 1, action: 'pass', events: [{ type: 'auction_won', player: 0, bid: 3 }] })];
    }""")
    assert "is the last without a card and takes one for 1, with no auction" in alone and "wins" not in alone, alone
    assert "wins the auction for 3" in won, won


def test_a_card_of_two_specialists_names_whose_rule_is_whose(page: Page, e2e_server: Server) -> None:
    _match, _token, link = create_match(e2e_server, ["human", "bot:random", "bot:random"], seed=3)
    page.goto(link)
    page.locator(".ps-card").first.wait_for()
    cards = page.locator(".ps-card").evaluate_all(
        "(cards) => cards.map((c) => [[...c.querySelectorAll('.ps-cardnames span')].map((n) => n.textContent),"
        " [...c.querySelectorAll('.ps-cardrules > span')].map((r) => r.textContent)])")
    doubles = [(names, texts) for names, texts in cards if len(names) == 2]
    assert doubles, cards  # the deck of a 3-player game has such cards
    for names, texts in doubles:  # "Speculator: …", "Engineer: …"
        assert [text.startswith(f"{name}: ") for name, text in zip(names, texts, strict=True)] == [True, True], texts
