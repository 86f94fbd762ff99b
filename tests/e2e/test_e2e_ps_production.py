"""Planet Steam in a real browser: a production choice that is not in the legal list, made by toggling a tank.

The legal list holds one idle set per distinct result (brassboard/games/planet_steam/production.py); the page lets
the player toggle any tanks and must still offer the Produce button for the set toggled, and the server must take
it. With the browser test's seed, seat 0's round-1 production lists only ``produce``: idling its first tank would
leave the same goods, so ``produce idle`` of it is valid but not listed (test_e2e_policy's engine check guards the
seed; this test says so itself before clicking).
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SeatDriver, Server, post_match
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
        outlook = None
        while True:
            state = driver.wait_turn(timeout=60)
            assert state is not None and state["view"]["round"] == 1, "round 1 ended before production"
            if state["view"]["agenda"][0]["k"] == "produce":
                break
            if state["view"]["agenda"][0]["k"] == "build":  # while building, production as it stands is shown
                outlook = page.locator('.ps-action [data-outlook="production"]').inner_text()
            driver.act(choose(state["view"], state["legal"], 0), state)
        # what the build step foresaw is what production needs with every tank producing
        need = re.search(r"Energy needed: \d+", page.locator(".ps-action .ps-prod").inner_text())
        assert outlook is not None and need is not None and need.group(0) in outlook, (outlook, need)
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
    assert "wins the auction for 3 credits" in won, won


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


JS_OUT_OF_REACH = """async ([message]) => {
  const m = await import('/games/planet_steam/ui/main.js?reach');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  const shown = (patch, legal) => {
    const view = JSON.parse(JSON.stringify(message.view));
    patch(view);
    m.update({ ...message, version: 900 + shown.n++, view, legal });
    return [...box.querySelectorAll('.ps-action [data-unavailable]')].map((e) => e.textContent);
  };
  shown.n = 0;
  const certificates = (v) => { v.agenda = [{ k: 'certificate', p: 0 }]; };
  const water = (v) => { v.agenda = [{ k: 'trade', p: 0, r: 2 }]; };
  const out = {
    poor: shown((v) => { certificates(v); v.holdings[0].goods = [1, 0, 0, 0]; v.holdings[0].permits = 0; },
                ['pass']),
    soldOut: shown((v) => { certificates(v); v.stock.luxury_quarters = 0; v.holdings[0].permits = 1; },
                   ['buy-permit', 'sell-permit', 'pass']),
    broke: shown((v) => { water(v); v.holdings[0].credits = 2; v.price[2] = 5; v.supply[2] = 4; }, ['pass']),
    empty: shown((v) => { water(v); v.supply[2] = 0; }, ['pass']),
  };
  box.remove();
  return out;
}"""


def test_options_out_of_reach_say_why_instead_of_vanishing(page: Page, e2e_server: Server) -> None:
    """A newcomer saw only "Certificates: one action. [Pass]" and never learnt what a certificate costs, and the
    exchange's Buy row vanished when they could not pay: each is now shown with its price and the reason."""
    match_id, token, link = create_match(e2e_server, ["human", "bot:random"], seed=3)
    page.goto(link)
    page.locator("rect.ps-hit").first.wait_for()
    state = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", token)
    out = page.evaluate(JS_OUT_OF_REACH, [{**state, "seat": 0}])
    assert out["poor"] == ["Buy a building permit (1 quartz + 1 water) — you lack 1 water",
                           "Sell a building permit (+15 credits) — you hold no building permit",
                           "Buy luxury quarters (1 quartz + 1 ore) — you lack 1 ore"], out["poor"]
    assert out["soldOut"] == ["Buy luxury quarters (1 quartz + 1 ore) — none left in the stock"], out["soldOut"]
    assert [text.strip() for text in out["broke"]] == ["Buy — you lack 3 credits"], out["broke"]
    assert [text.strip() for text in out["empty"]] == ["Buy — the exchange has none"], out["empty"]


def test_the_log_says_a_purchase_once_and_with_all_it_cost(page: Page, e2e_server: Server) -> None:
    """"buys 1 water at 6; +1 water" said the purchase twice, and "buys a tank for F5 (20 credits)" left out its
    water."""
    _match, _token, link = create_match(e2e_server, ["human", "bot:random"], seed=3)
    page.goto(link)
    page.locator("rect.ps-hit").first.wait_for()
    bought, full, tank = page.evaluate("""async () => {
      const m = await import('/games/planet_steam/ui/main.js');
      const buy = { type: 'buy', player: 0, resource: 'water', amount: 1, price: 6 };
      return [
        m.describe({ seat: 0, action: 'buy water 1', events: [
          buy, { type: 'gain', player: 0, resource: 'water', amount: 1, lost: 0, why: 'bought' }] }),
        m.describe({ seat: 0, action: 'buy water 3', events: [
          { ...buy, amount: 3 }, { type: 'gain', player: 0, resource: 'water', amount: 1, lost: 2, why: 'bought' }] }),
        m.describe({ seat: 0, action: 'buy-tank F5',
                     events: [{ type: 'buy_tank', player: 0, zone: 'F5', price: 20 }] }),
      ];
    }""")
    assert bought.endswith("buys 1 water at 6"), bought
    assert "buys 3 water at 6" in full and "2 water lost" in full, full
    assert tank.endswith("buys a tank for F5 (20 credits + 1 water)"), tank


JS_FOLDED_BIDS = """async ([message]) => {
  const { GameHost, renderLog } = await import('/static/gamehost.js');
  const module = await import('/games/planet_steam/ui/main.js?fold');
  const box = document.createElement('div');
  const list = document.createElement('ol');
  list.className = 'log';
  document.body.append(box, list);
  const host = new GameHost(box, module, { seat: 0 });
  host.update(message);
  const bid = (version, seat, amount) => ({ version, seat, action: `bid ${amount}`,
    events: [{ type: 'bid', player: seat, amount, what: 'zone' }] });
  const entries = [
    { version: 0, seat: 0, action: 'pass', events: [{ type: 'pass', player: 0, what: 'card' }] },
    ...[1, 2, 3].map((amount, i) => bid(i + 1, i % 2, amount)),
    { version: 4, seat: 2, action: 'pass', events: [{ type: 'pass', player: 2, what: 'zone' }] },  // a third bows out
    ...[4, 5, 6].map((amount, i) => bid(i + 5, (i + 1) % 2, amount)),
    { version: 8, seat: 0, action: 'pass', events: [{ type: 'pass', player: 0, what: 'zone' },
      { type: 'zone_won', player: 1, zone: 'C1', bid: 6, paid: 6 }] },
    bid(9, 0, 1), bid(10, 1, 2),
  ];
  const seats = [{ seat: 0, name: 'Ada' }, { seat: 1, name: 'Bea' }];
  renderLog(list, entries, host, seats);
  const run = list.querySelector('li.run');
  const first = {
    top: [...list.children].map((li) => li.classList.contains('run') ? 'run' : li.dataset.version),
    span: run.querySelector('summary .v').textContent,
    summary: run.querySelector('summary .text').textContent,
    inside: run.querySelectorAll('ol.runlist li[data-version]').length,
  };
  run.querySelector('summary').click();
  await new Promise((done) => setTimeout(done, 50));
  renderLog(list, entries, host, seats);  // the next state: the run the player opened stays open
  first.openAfterRedraw = list.querySelector('li.run details').open;
  renderLog(list, entries, host, seats, { keep: false });  // drawn whole (as the replay does): still open
  first.openAfterFullRedraw = list.querySelector('li.run details').open;
  box.remove(); list.remove();
  return first;
}"""


def test_a_long_run_of_raises_folds_into_one_log_line(page: Page, e2e_server: Server) -> None:
    """Bots raising each other by one credit filled the log with 34 lines and pushed the claim out of view: four or
    more bids in a row fold into one line ("6 bids, from 1 to 6 (Ada, Bea)") that opens to them; the auction's end
    and shorter runs are listed as before."""
    match_id, token, link = create_match(e2e_server, ["human", "bot:random"], seed=3)
    page.goto(link)
    page.locator("rect.ps-hit").first.wait_for()
    state = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", token)
    log = page.evaluate(JS_FOLDED_BIDS, [{**state, "seat": 0}])
    assert log["top"] == ["0", "run", "8", "9", "10"], log["top"]  # a pass inside the auction stays in its run
    names = [seat["name"] for seat in sorted(state["seats"], key=lambda seat: seat["seat"])]
    assert log["span"] == "2–8" and log["summary"] == f"6 bids, from 1 to 6 ({names[0]}, {names[1]})", (log, names)
    assert log["inside"] == 7 and log["openAfterRedraw"] and log["openAfterFullRedraw"], log


def bid_run_in(log: list[dict[str, Any]]) -> int | None:
    """The version of the fifth entry of a run of bid-only entries in the log, if there is one."""
    run: list[int] = []
    for entry in sorted(log, key=lambda e: e["version"]):
        if entry["events"] and all(e["type"] == "bid" for e in entry["events"]):
            run.append(entry["version"])
            if len(run) >= 5:
                return run[-1]  # the replay at it lists the run's first five as done: folded
        else:
            run = []
    return None


def test_the_replay_opens_the_folded_run_that_holds_the_shown_move(page: Page, e2e_server: Server) -> None:
    """A move inside a folded run of raises was the replay's current move, hidden in the closed run."""
    match_id = post_match(e2e_server, {"game": "planet_steam", "players": 3, "seed": 5,
                                       "seats": ["bot:greedy", "bot:greedy", "bot:greedy"]})["id"]
    deadline = time.monotonic() + 90
    inside = None
    while inside is None:
        assert time.monotonic() < deadline, "the greedy bots raised no run of four bids"
        state = e2e_server.get(f"/api/matches/{match_id}/state")
        inside = bid_run_in(state["log"])
        time.sleep(0.5)
    page.goto(f"/m/{match_id}/replay?at={inside + 1}")
    current = page.locator("#log li.current")
    current.wait_for(state="attached")
    assert current.evaluate("(li) => !!li.closest('li.run > details')"), "the run was not folded"
    assert current.is_visible() and current.evaluate("(li) => li.closest('details').open")
