"""Age of Steam as a newcomer met it (a first-time player's trial, by clicking, against two greedy bots), made right:

- the log says what it left out: track lost for not being extended (or to a new city), what each railroad paid for
  its bid and the turn order the auction set, the income a delivery brought each link's owner, and the colour of
  the cube placed in Production;
- in the share step only "None" is filled like a confirm button: the spinner that issues 7 or more is not;
- the bid spinner starts each auction from its lowest bid, not from last round's amount.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, post_match

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

JS_DESCRIBE = """async () => {
  const m = await import('/games/age_of_steam/ui/main.js');
  return [
    m.describe({ seat: 0, action: 'done', events: [
      { type: 'ownership_lost', player: 0, hex: 'B4', why: 'not extended' }, { type: 'build_done', player: 0 }] }),
    m.describe({ seat: 2, action: 'drop', events: [
      { type: 'pay_bid', player: 1, bid: 4, paid: 4 }, { type: 'turn_order', order: [1, 0, 2] }] }),
    m.describe({ seat: 1, action: 'move C6 red D7 E8', events: [
      { type: 'move', player: 1, hex: 'C6', color: 'red', to: 'E8', links: 2, owners: [0, 1] }] }),
    m.describe({ seat: 0, action: 'produce W2', events: [{ type: 'produce', player: 0, space: 'W2', color: 'blue' }] }),
  ];
}"""


def open_match(page: Page, server: Server) -> dict[str, Any]:
    created = post_match(server, {"game": "age_of_steam", "players": 3, "seed": 4,
                                  "seats": ["human", "bot:random", "bot:random"], "names": ["Ada", "Bea", "Cy"]})
    page.goto(created["links"]["seats"]["0"])
    page.locator("#status.mine").wait_for(timeout=30_000)
    # the game's own prompt: the board module has had its first update (the shell's status can come first, while
    # the module still loads, and describe() would not know the seats' names yet)
    page.locator(".aos-prompt").first.wait_for()
    return created


def test_the_log_says_what_it_left_out(page: Page, e2e_server: Server) -> None:
    open_match(page, e2e_server)
    lost, auction, moved, produced = page.evaluate(JS_DESCRIBE)
    assert "the unfinished track of Ada at B4" in lost and "no longer owned" in lost, lost
    assert "Bea pays $4 (bid $4)" in auction and "turn order: Bea → Ada → Cy" in auction, auction
    assert "income Ada +1, Bea +1" in moved, moved
    assert "puts a blue cube on the goods display" in produced, produced


def test_only_none_looks_like_the_confirm_button_of_the_share_step(page: Page, e2e_server: Server) -> None:
    open_match(page, e2e_server)
    issue = page.locator('.aos-action .aos-spinner[data-spinner="issue"]')
    issue.wait_for()
    none = page.locator('.aos-action button.aos-issue[data-action="issue 0"]')
    assert "primary" in (none.get_attribute("class") or "").split()
    confirm = issue.locator('[data-confirm="issue"]')
    assert "primary" not in (confirm.get_attribute("class") or "").split(), confirm.get_attribute("class")


JS_BID_ROUNDS = """async ([message]) => {
  const m = await import('/games/age_of_steam/ui/main.js?bids');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  const bids = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `bid ${n}`);
  const at = (round, version) => ({ ...message, version, legal: [...bids, 'drop'],
    view: { ...message.view, round, phase: 'auction' } });
  m.update(at(1, 100));
  const plus = () => box.querySelectorAll('[data-spinner="bid"] button.aos-step')[1];
  plus().click(); plus().click(); plus().click();
  const chosen = box.querySelector('[data-spinner="bid"] input').value;
  m.update(at(1, 101));  // the same auction, a redraw: the amount stays
  const kept = box.querySelector('[data-spinner="bid"] input').value;
  m.update(at(2, 140));  // the next round's auction starts from the lowest bid
  const next = box.querySelector('[data-spinner="bid"] input').value;
  box.remove();
  return [chosen, kept, next];
}"""


def test_the_bid_spinner_starts_each_auction_from_the_lowest_bid(page: Page, e2e_server: Server) -> None:
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    assert page.evaluate(JS_BID_ROUNDS, [{**state, "seat": 0}]) == ["4", "4", "1"]


JS_BUILD_PROMPTS = """async ([message]) => {
  const m = await import('/games/age_of_steam/ui/main.js?prompts');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  const view = { ...message.view, phase: 'build', build: { builds_left: 3, spent: 0 } };
  const prompt = (legal, version) => {
    m.update({ ...message, version, legal, view });
    return box.querySelector('.aos-prompt').textContent;
  };
  const out = [prompt(['urbanize A C12', 'done'], 200), prompt(['done'], 201)];
  box.remove();
  return out;
}"""


def test_the_build_prompt_says_urbanization_comes_first_and_when_nothing_is_left(page: Page,
                                                                                  e2e_server: Server) -> None:
    """Urbanization's letters vanished after the first build without a word; with no build left the prompt still
    said "click a marked hex"."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    urban, none = page.evaluate(JS_BUILD_PROMPTS, [{**state, "seat": 0}])
    assert urban.startswith("Urbanization first: place your new city on a town"), urban
    assert "nothing more can be built" in none and "marked hex" not in none, none


JS_OTHERS_BUILT = """async () => {
  const { othersBuilt } = await import('/games/age_of_steam/ui/model.js');
  let version = 0;
  const entry = (seat, action) => ({ version: version++, seat, action, events: [] });
  const log = [entry(0, 'select engineer'), entry(1, 'build C3 03+14'), entry(2, 'urbanize B G2'),
               entry(2, 'build F7 25'), entry(0, 'build D4 14')];
  const marked = (entries, me) => [...othersBuilt(entries, me)].sort();
  return {
    othersTurn: marked(log.slice(0, 4), 0),              // what the others built since seat 0's last move
    ownBuild: marked(log, 0),                            // seat 0's own build under way keeps them marked
    afterDone: marked([...log, entry(0, 'done')], 0),    // seat 0 moved on: seen
    bot: marked(log, 1),                                 // seat 1 sees seat 2's and seat 0's since its build
    spectator: marked(log, null),                        // the last move's
    empty: marked([], 0),
  };
}"""


def test_the_map_marks_what_others_built_since_the_players_last_move(page: Page, e2e_server: Server) -> None:
    """A newcomer could not see what the bots had built while they waited: the map rings each hex others built on
    (track, upgrade, new city) since the player's last move, and keeps them while the player builds; a spectator
    sees the last move's."""
    page.goto("/")
    marks = page.evaluate(JS_OTHERS_BUILT)
    assert marks["othersTurn"] == ["C3", "F7", "G2"] and marks["ownBuild"] == ["C3", "F7", "G2"], marks
    assert marks["afterDone"] == [] and marks["empty"] == [], marks
    assert marks["bot"] == ["D4", "F7", "G2"] and marks["spectator"] == ["D4"], marks


def test_a_click_on_a_hex_that_does_nothing_says_why(page: Page, e2e_server: Server) -> None:
    """A newcomer clicking an unmarked hex met silence: the action bar says why, until the next state."""
    open_match(page, e2e_server)  # the share step: nothing is chosen on the map
    page.locator('svg.aos-map g.aos-hex[data-hex="C6"]').dispatch_event("click")
    notice = page.locator(".aos-action [data-notice]")
    notice.wait_for()
    assert notice.inner_text() == "This step is chosen above the map, not on it."
    page.locator('.aos-action button.aos-issue[data-action="issue 0"]').click()
    notice.wait_for(state="detached")  # the next state clears it


JS_URBANIZED = """async ([message]) => {
  const m = await import('/games/age_of_steam/ui/main.js?urban');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  const entry = { seat: 1, action: 'move C6 red I9', events: [
    { type: 'move', player: 1, hex: 'C6', color: 'red', to: 'I9', links: 1, owners: [1] }] };
  m.update(message);
  const town = m.describe(entry);
  m.update({ ...message, view: { ...message.view, new_cities: [{ hex: 'I9', letter: 'F', color: 'black' }] } });
  const city = m.describe(entry);
  const placed = m.describe({ seat: 0, action: 'urbanize F I9', events: [] });
  box.remove();
  return [town, city, placed];
}"""


def test_an_urbanized_town_is_named_as_its_new_city(page: Page, e2e_server: Server) -> None:
    """After Terre Haute became new city F, the log and the popups still said "Terre Haute (I9)"."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    town, city, placed = page.evaluate(JS_URBANIZED, [{**state, "seat": 0}])
    assert "delivered to Terre Haute (I9)" in town, town
    assert "delivered to new city F (Terre Haute, I9)" in city, city
    assert placed.endswith("places new city F on Terre Haute (I9)"), placed  # the town it was
