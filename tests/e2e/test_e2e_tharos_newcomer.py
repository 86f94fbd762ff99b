"""Tharos as a newcomer sees it: what a player who knows the board game but not this site stumbled on, made right.

Each test opens a real Tharos match (a human against a random bot, made through the API) and checks one thing a
first-time player tripped over while playing whole games by clicking, in English and German, at 1280×800 and on a
390×844 phone:

- a landscape's name, coordinate and converter stay inside its cell (they ran into each other and over the edge), and
  the options of the player board's fields inside their field (long German words ran out of it);
- the log speaks in words: dice as colour and pips ("red 6"), not the notation's tokens ("r6"), every follow-up
  decision's word translated (a die set aside, a reroll, a card taken from the discard, medals exchanged), and an
  entry with several outcomes (the attack, each round-end card and whom it hits, the damage) shows one per line;
- the round-end damage prompt says what is lost;
- the log names what a lost attack cost (the tile onto the card, the mine and tile on the landscape), the converter
  used (its effect), and, to the player who drew them, the action cards drawn;
- an attack card already played shows its value only (the "+R" beside it meant nothing to a newcomer);
- a die clicked before an action is chosen, or one the action cannot use, says why nothing happened, and so does a
  landscape clicked before an action (or its dice) is chosen;
- equal totals at the top of the final scores say how the tie was broken;
- the player cards not yet active stay open or closed as the player left them;
- the free use right after building has its own Skip button beside its Use button;
- a die drawn but not yet rolled shows a blank face, not a "0";
- the log's box ends inside the window however far the page is scrolled (its newest entries are at its bottom);
- on a phone one's own board (the dice) comes right after the landscapes, not after all eight buildings, and the
  chosen action's hint reads across the panel rather than down a narrow column.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, post_match, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

TOKEN = re.compile(r"\b[wyrgb][0-9]\b")


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
    const label = cell.querySelector('.th-landname');
    const cut = innerWidth >= 1000 && label.scrollWidth > label.clientWidth;
    if (cut) out.push(`${cell.dataset.cell}: its name is cut off`);
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


# the page's own describe() on entries like those of a real game (a card's die turned down, an attack card played
# and the round-end cards with their damage)
JS_DESCRIBE = """async () => {
  const m = await import('/games/tharos/ui/main.js');
  const pass = { seat: 1, action: 'pass', events: [
      { type: 'pass', player: 1 },
      { type: 'convert', player: 0, converter: 'combat2', args: [], automatic: true },
      { type: 'attack_lost', player: 1, defence: 0, strength: 5, landscape: 'D1' },
      { type: 'round_end_card', card: 6, column: 1, players: [0, 1], effects: [['jars', 3]] },
      { type: 'round_end_card', card: 2, column: 2, players: [], effects: [] },
      { type: 'damage', player: 0, effect: 'jars', amount: 3 },
      { type: 'damage', player: 1, effect: 'action_cards', amount: 0 }] };
  return [
    m.describe({ seat: 0, action: 'defend dice r6', events: [] }),
    m.describe({ seat: 0, action: 'card manipulator tweak b3 down', events: [] }),
    m.describe(pass) + '\\n' + m.describeAfter(pass),
    ...['card steam_pressure_plant aside w0', 'use civil_office y2 5', 'play 31 civil combat',
        'use small_market ore wrb', 'card organiser again r4', 'use organisation_office take 12']
      .map((action) => m.describe({ seat: 0, action, events: [] })),
  ];
}"""


def test_the_log_reads_in_words(page: Page, e2e_server: Server) -> None:
    open_match(page, e2e_server)
    defend, tweak, round_end, aside, civil, honours, market, again, office = page.evaluate(JS_DESCRIBE)
    assert "red 6" in defend and not TOKEN.search(defend), defend
    # the words of every follow-up decision are translated: no notation word, no die token, no bare card number
    assert aside == "Ada: Steam Pressure Plant: set this die aside white", aside
    assert civil == "Ada: Use Civil Office yellow 2 → 5", civil
    assert "civil medal combat medal" in honours, honours
    assert market.endswith("ore white, red, blue"), market
    assert "reroll one more die red 4" in again, again
    assert "take #12 “" in office, office
    assert "blue 3 down" in tweak and not TOKEN.search(tweak), tweak
    lines = round_end.split("\n")
    # the action alone, then what it set going on a line of its own (one each; a loss of nothing has none)
    assert len(lines) == 6 and lines[0].endswith(": passes"), lines
    assert "converter" in lines[1] and "loses the attack" in lines[2], lines  # the attack's own converter with it
    assert "hits Ada, Bot 2" in lines[3] and "lose jars (3)" in lines[3], lines
    assert "hits nobody: nothing happens" in lines[4], lines
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.th-table h4:text-is("Landschaften und Angriffe")').wait_for()
    defend, tweak, round_end, aside, civil, honours, market, again, office = page.evaluate(JS_DESCRIBE)
    assert "rot 6" in defend and "Würfel" in defend, defend
    assert "trifft niemanden: es geschieht nichts" in round_end, round_end
    assert "beiseitelegen weiß" in aside and "Zivilmedaille Kampfmedaille" in honours, (aside, honours)
    assert "Erz weiß, rot, blau" in market and "nehmen #12 „" in office, (market, office)  # German quotes
    # the shell's log shows the lines as lines
    assert page.evaluate("() => getComputedStyle(document.querySelector('#log')).display") != "none"
    styled = page.evaluate("""() => { const li = document.createElement('span'); li.className = 'text';
      document.querySelector('#log').append(li); const w = getComputedStyle(li).whiteSpace; li.remove(); return w; }""")
    assert styled == "pre-line", styled


JS_SEAT_DID = """async () => {
  const m = await import('/games/tharos/ui/main.js');
  return ['roll', 'done', 'draw', 'pass', 'use civil_office skip', 'use civil_office y2 5']
    .map((action) => m.describe({ seat: 1, action, events: [] }));
}"""


def test_the_log_says_what_a_seat_did_not_what_its_button_says(page: Page, e2e_server: Server) -> None:
    """The log read "Bot 3 (greedy): Roll my dice", "End my move" (the buttons' words) and "Use Civil Office skip"
    (a notation word): it says what the seat did."""
    open_match(page, e2e_server)
    said = [line.split(": ", 1)[1] for line in page.evaluate(JS_SEAT_DID)]
    assert said == ["rolls the dice", "ends the move", "draws the dice", "passes",
                    "Skip the free use of Civil Office", "Use Civil Office yellow 2 → 5"], said
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.th-table h4:text-is("Landschaften und Angriffe")').wait_for()
    said = [line.split(": ", 1)[1] for line in page.evaluate(JS_SEAT_DID)]
    assert said[:4] == ["würfelt", "beendet den Zug", "zieht die Würfel", "passt"], said


# a fresh copy of the view module (the query makes it one) drawing a made-up moment of the real match; the texts of
# each selector's elements come back, one list per selector
JS_DRAW = """async ([message, fresh, selectors]) => {
  const m = await import(`/games/tharos/ui/main.js?${fresh}`);
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  m.update(message);
  const texts = selectors.map((s) => [...box.querySelectorAll(s)].map((x) => x.textContent));
  box.remove();
  return texts;
}"""


JS_LOSSES = """async () => {
  const m = await import('/games/tharos/ui/main.js');
  return [
    m.describeAfter({ seat: 1, action: 'pass', events: [{ type: 'attack_lost', player: 0, defence: 2, strength: 5,
      landscape: 'A1', tile_on_card: true, lost_tile: true, lost_mine: true }] }),
    m.describeAfter({ seat: 1, action: 'pass', events: [{ type: 'attack_lost', player: 0, defence: 2, strength: 5,
      landscape: 'A1', tile_on_card: false, lost_tile: false, lost_mine: false }] }),
    m.describe({ seat: 0, action: 'cards large dice w4',
      events: [{ type: 'cards_drawn', player: 0, n: 2, cards: [22, 11] }] }),
    m.describe({ seat: 1, action: 'cards large dice w4', events: [{ type: 'cards_drawn', player: 1, n: 2 }] }),
    m.describe({ seat: 0, action: 'cards single dice y3', events: [{ type: 'card_gained', player: 0, card: 22 }] }),
    m.describe({ seat: 1, action: 'cards single dice y3', events: [{ type: 'card_gained', player: 1 }] }),
    m.describe({ seat: 0, action: 'buy 1 green dice y3', events: [] }),
    m.describe({ seat: 0, action: 'convert jars',
      events: [{ type: 'convert', player: 0, converter: 'jars3', args: [] }] }),
  ];
}"""


def test_the_log_names_losses_cards_drawn_and_converter_effects(page: Page, e2e_server: Server) -> None:
    """A lost attack moved a guild tile onto the attack card and took a mine with no word in the log; a player who
    drew an action card was not told which."""
    open_match(page, e2e_server)
    costly, bare, drew, hidden, gained, gained_hidden, bought, converted = page.evaluate(JS_LOSSES)
    assert bought == "Ada: Buy a die green from column 1 (dice: yellow 3)", bought  # it read "column 1 green"
    assert costly.endswith("loses the attack on A1 Wasteland (2 < 5): a guild tile onto the attack card, the guild "
                           "tile on A1 Wasteland back to supply, the mine on A1 Wasteland back to supply"), costly
    assert bare.endswith("loses the attack on A1 Wasteland (2 < 5)"), bare
    assert drew.startswith("Ada: Large card choice (dice: white 4) — Ada draws #22 “Reserve”, #11 “"), drew
    assert hidden.endswith("draws action cards: 2") and "#" not in hidden, hidden
    assert gained == "Ada: Draw an action card (dice: yellow 3) — Ada takes #22 “Reserve” into the hand", gained
    assert gained_hidden.endswith("takes an action card into the hand") and "#" not in gained_hidden, gained_hidden
    # a converter's line said only "Converter: take the jars", not how many
    assert converted == "Ada: Converter: take the jars — the attacked landscape's converter: 3 jars", converted


def test_the_damage_prompt_says_what_is_lost(page: Page, e2e_server: Server) -> None:
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    view = state["view"]
    cells = ["A1", "B2"]
    view["pending"] = {"player": 0, "kind": "damage", "data": ["land_tiles"]}
    view["attack"] = [{"value": 3, "guild": [0]}, *view["attack"][:3]]  # one card played before the current one
    message = {**state, "seat": 0, "legal": [f"damage tile {c}" for c in cells], "seats": state.get("seats", [])}
    # seat 0 owes round-end damage
    (prompt,), played = page.evaluate(JS_DRAW, [message, "damage", [".th-prompt",
                                                                    ".th-attack:not(.empty):not(.current)"]])
    assert "you lose guild tiles on landscapes" in prompt, prompt
    assert played and all("+R" not in text for text in played), played


def test_a_die_clicked_before_an_action_or_not_fitting_it_says_why(page: Page, e2e_server: Server) -> None:
    """A newcomer clicks a die first (nothing happened), or a die the chosen action cannot use (nothing either)."""
    open_match(page, e2e_server)
    page.locator("#status.mine").wait_for()
    red = page.locator('.th-myboard button.th-die[data-token^="r"]').first
    red.click()
    notice = page.locator(".th-action .th-notice")
    assert "first choose an action" in notice.inner_text(), notice.inner_text()
    page.locator('.th-action button.th-fam[data-family="money many"]').click()
    page.locator('.th-pick[data-family="money many"]').wait_for()
    red.click()
    assert "Much money cannot use the red die" in notice.inner_text(), notice.inner_text()
    assert page.locator(".th-myboard button.th-die.on").count() == 0
    screenshot(page, "tharos_newcomer_notice", full_page=False)
    page.locator(".th-myboard button.th-die.legal").first.click()  # a die that fits: the notice goes
    page.locator(".th-myboard button.th-die.on").first.wait_for()
    assert notice.count() == 0


def test_a_landscape_clicked_before_it_can_be_used_says_why(page: Page, e2e_server: Server) -> None:
    """A newcomer starting from the map clicked a landscape and nothing happened, without a word."""
    open_match(page, e2e_server)
    page.locator("#status.mine").wait_for()
    notice = page.locator(".th-action .th-notice")
    page.locator('.th-table .th-land[data-cell="B2"]').click()
    assert notice.inner_text().startswith("To act on B2 "), notice.inner_text()
    page.locator('.th-action button.th-fam[data-family="land"]').click()
    page.locator('.th-pick[data-family="land"]').wait_for()
    page.locator('.th-table .th-land[data-cell="B2"]').click()
    assert "first choose its dice" in notice.inner_text(), notice.inner_text()
    assert page.locator(".th-pick").count() == 1  # the action being put together stays
    # a guild tile on a landscape takes two dice: after the first the panel says another is needed, not "may join"
    page.locator(".th-myboard button.th-die.legal").first.click()
    hint = page.locator(".th-pick .th-pickdice .th-hint")
    assert hint.inner_text() == "not complete yet: choose another highlighted die", hint.inner_text()


def test_the_cards_not_yet_active_stay_as_the_player_left_them(page: Page, e2e_server: Server) -> None:
    """The list of player cards not yet active opened and closed by itself at every re-render."""
    open_match(page, e2e_server)
    page.locator("#status.mine").wait_for()
    cards = page.locator(".th-myboard details.th-inactive")
    assert cards.get_attribute("open") is not None  # open while a card can be activated
    cards.locator("summary").click()
    page.wait_for_function("() => !document.querySelector('.th-myboard details.th-inactive').open")
    page.locator(".th-myboard button.th-die").first.click()  # a re-render (the die-first notice)
    page.locator(".th-action .th-notice").wait_for()
    assert cards.get_attribute("open") is None


def test_a_tie_at_the_top_says_how_it_was_broken(page: Page, e2e_server: Server) -> None:
    """Equal totals and one winner in the score table puzzled a newcomer: the end says which tie-break decided."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    over = {**state, "seat": 0, "legal": [], "status": "finished", "view": {**state["view"], "over": True},
            "seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Bot 2"}]}
    [[tied]] = page.evaluate(JS_DRAW, [{**over, "winners": [1], "scores": [{"total": 41}, {"total": 41}]}, "over",
                                       [".th-action"]])
    assert "Bot 2 wins the tie-break (more medals in all" in tied, tied
    [[clear]] = page.evaluate(JS_DRAW, [{**over, "winners": [0], "scores": [{"total": 41}, {"total": 30}]}, "over",
                                        [".th-action"]])
    assert "tie-break" not in clear and "The game is over." in clear and "null" not in clear, clear


def test_the_reserve_card_names_itself_and_its_keep_everything_choice(page: Page, e2e_server: Server) -> None:
    """Card 22's "release none" was a button reading "Dice from card 22 into the draw:" with nothing after it."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    view = {**state["view"], "pending": {"player": 0, "kind": "t3:reserve", "data": []}}
    message = {**state, "seat": 0, "view": view, "legal": ["release none", "release w"],
               "seats": state.get("seats", [])}
    [[bar]] = page.evaluate(JS_DRAW, [message, "reserve", [".th-action"]])
    assert "Leave the dice on “Reserve”" in bar and "Action card “Reserve” (22)" in bar, bar
    assert "card 22 into" not in bar, bar


def test_the_free_use_after_building_has_a_skip_button_of_its_own(page: Page, e2e_server: Server) -> None:
    """The prompt said "or skip", but the skip was an option inside the "Use …" panel, which a newcomer never opened."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    view = {**state["view"], "pending": {"player": 0, "kind": "free_use", "data": ["civil_office"]}}
    message = {**state, "seat": 0, "view": view, "legal": ["use civil_office w2 6", "use civil_office skip"],
               "seats": state.get("seats", [])}
    [prompt, skips, uses] = page.evaluate(JS_DRAW, [message, "free-use", [
        ".th-prompt", '.th-action .th-group button[data-action="use civil_office skip"]',
        '.th-action .th-group button[data-family="use civil_office"]']])
    assert prompt == ["You built it: use the building's action once for free now, or skip that use."], prompt
    assert skips == ["Skip the free use of Civil Office"], skips
    assert uses == ["Use Civil Office"], uses


@pytest.mark.parametrize("sized", [(390, 844, "en-GB"), (1280, 800, "en-GB")], indirect=True, ids=["phone", "desktop"])
def test_own_board_follows_the_landscapes(sized: Page, e2e_server: Server) -> None:
    """On a phone one's dice came only after all eight public buildings; on a desktop the buildings stay under the
    landscapes and one's board beside them."""
    open_match(sized, e2e_server)
    box = {name: sized.locator(selector).bounding_box() for name, selector in
           (("table", ".th-table"), ("mine", ".th-myboard"), ("buildings", ".th-buildings"))}
    table, mine, buildings = box["table"], box["mine"], box["buildings"]
    assert table and mine and buildings
    if (sized.viewport_size or {}).get("width", 0) < 600:
        assert table["y"] < mine["y"] < buildings["y"], box
    else:
        assert mine["x"] > table["x"] + table["width"] - 1 and abs(mine["y"] - table["y"]) < 2, box
        assert buildings["x"] == table["x"] and buildings["y"] > table["y"] + table["height"], box
        assert buildings["y"] - (table["y"] + table["height"]) < 40, box  # no gap between them


JS_DIE_LABELS = """async ([message]) => {
  const m = await import('/games/tharos/ui/main.js?labels');
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang: 'en', seat: 0, send() {} });
  m.update(message);
  const dice = [...box.querySelectorAll('.th-myboard .th-active .th-die')];
  const out = dice.map((d) => [[...d.querySelectorAll('svg text')].map((t) => t.textContent).join(''), d.title]);
  box.remove();
  return out;
}"""


def test_a_die_not_yet_rolled_shows_no_number(page: Page, e2e_server: Server) -> None:
    """Drawn dice waiting for their roll showed a "0" on their face, which read as a bug."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    guilds = [dict(g) for g in state["view"]["guilds"]]
    guilds[0]["active"] = [{"color": "white", "pips": 0, "token": "w0"}, {"color": "red", "pips": 4, "token": "r4"}]
    message = {**state, "seat": 0, "view": {**state["view"], "guilds": guilds}, "legal": ["roll"],
               "seats": state.get("seats", [])}
    dice = page.evaluate(JS_DIE_LABELS, [message])
    # the unrolled die: its colour letter only, and words that say so; a rolled one keeps its pips (drawn as spots)
    assert dice == [["W", "white die, not rolled yet (W)"], ["R", "red die 4 (R)"]], dice


JS_LOG_BOTTOM = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = document.querySelector('.logbox');
  return box.getBoundingClientRect().top + parseFloat(getComputedStyle(box).maxHeight);
}"""


@pytest.mark.parametrize("sized", [(1280, 800, "en-GB")], indirect=True, ids=["desktop"])
def test_the_log_ends_inside_the_window_wherever_the_page_is_scrolled(sized: Page, e2e_server: Server) -> None:
    """The log shows its newest entries at its bottom, and at 1280×800 that bottom lay below the window until the
    page was scrolled down to where the sidebar sticks."""
    open_match(sized, e2e_server)
    sized.locator("#status.mine").wait_for()
    height = (sized.viewport_size or {})["height"]
    for scrolled in (0, 150, 10_000):
        sized.evaluate("(y) => window.scrollTo(0, y)", scrolled)
        bottom = sized.evaluate(JS_LOG_BOTTOM)
        assert bottom <= height, (scrolled, bottom, height)
    sized.evaluate("() => window.scrollTo(0, 0)")
    screenshot(sized, "tharos_newcomer_log_in_view", full_page=False)


@pytest.mark.parametrize("sized", [(390, 844, "de-DE")], indirect=True, ids=["phone-de"])
def test_the_action_panel_hint_reads_across_on_a_phone(sized: Page, e2e_server: Server) -> None:
    """The chosen action's name and hint share the panel's width (the hint was squeezed into a narrow column)."""
    open_match(sized, e2e_server)
    sized.locator("#status.mine").wait_for()
    sized.locator('.th-action button.th-fam[data-family="money many"]').click()
    head = sized.locator('.th-pick[data-family="money many"] .th-pickhead')
    head.wait_for()
    name = head.locator(".th-picking").bounding_box()
    hint = head.locator(".th-muted").bounding_box()
    whole = head.bounding_box()
    assert name and hint and whole
    # the hint wraps back to the panel's left edge, under the name, instead of standing in a column beside it
    assert hint["x"] - whole["x"] < 4 and hint["width"] > whole["width"] * 0.6, (name, hint, whole)
    screenshot(sized, "tharos_newcomer_pick_phone", full_page=False)


JS_ROUND_SUMMARY = """async ([message]) => {
  const m = await import('/games/tharos/ui/main.js?summary');
  const box = document.createElement('div');
  document.body.append(box);
  const sent = [];
  m.mount(box, { lang: 'en', seat: 0, send(text) { sent.push(text); } });
  const log = [
    { version: 10, seat: 1, action: 'pass', events: [{ type: 'medal', player: 1, medal: 'trade', n: 1 }] },
    { version: 11, seat: 0, action: 'pass', events: [
      { type: 'round_end_card', column: 2, card: 3, round: 1, players: [0], effects: [['jars', 2]] },
      { type: 'damage', player: 0, effect: 'jars', amount: 2 }] },
    { version: 12, seat: 0, action: 'medal take combat', events: [
      { type: 'medal', player: 0, medal: 'combat', n: 1 }, { type: 'round_over', round: 1 }] },
  ];
  const read = () => [...box.querySelectorAll('.th-summary strong, .th-summary li')].map((x) => x.textContent);
  m.update({ ...message, version: 13, log });
  const shown = read();
  box.querySelector('.th-summary button[data-summary-close]').click();
  const closed = read();
  m.update({ ...message, version: 14, log });  // a later state of the same round end: it stays closed
  const later = read();
  box.remove();
  // the page reloaded (a fresh module remembers no closing): shown again unless this seat has played since
  const reread = async (fresh, entries) => {
    const again = await import(`/games/tharos/ui/main.js?summary-${fresh}`);
    const page = document.createElement('div');
    document.body.append(page);
    again.mount(page, { lang: 'en', seat: 0, send() {} });
    again.update({ ...message, version: 20, log: entries });
    const n = page.querySelectorAll('.th-summary').length;
    page.remove();
    return n;
  };
  const reloaded = await reread('a', log);
  const playedSince = await reread('b', [...log, { version: 13, seat: 0, action: 'pass', events: [] }]);
  return { shown, closed, later, reloaded, playedSince };
}"""


def test_the_round_end_is_summed_up_until_closed(page: Page, e2e_server: Server) -> None:
    """The round end ran by itself and a newcomer found what it did only in the log: a panel over the actions says
    it (round-end cards and whom they hit, what each lost, the medals taken at the round end), until closed."""
    created = open_match(page, e2e_server)
    state = e2e_server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    message = {**state, "seat": 0, "seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Bot 2"}]}
    out = page.evaluate(JS_ROUND_SUMMARY, [message])
    assert out["shown"][0] == "Round 1 is over", out
    assert out["shown"][1].startswith("round-end card 3 on attack column 2 hits Ada"), out
    assert out["shown"][2:] == ["Ada loses jars: 2", "Ada takes 1 × combat medal"], out  # not Bot 2's mid-round medal
    assert out["closed"] == [] and out["later"] == [], out
    assert out["reloaded"] == 1 and out["playedSince"] == 0, out
