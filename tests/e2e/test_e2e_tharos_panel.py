"""Tharos's action panel as a newcomer met it at 1280×800, made right:

- the attack that threatens the player is in the panel while they can still act: their combat strength against what
  the attack needs, what a loss costs (the rules' outlook in the view), what defends, in English and German; and
  the Pass button warns right beside it when passing would lose the attack (a player passed twice into a lost attack
  with 0 combat strength and learnt it only from the log, the second time with the mine just built);
- the panel keeps its height while dice are picked (the dice row under it moved at each click), its head (round,
  attack) and its Pass row stay in view, and it needs no scrollbar of its own in the usual states;
- choices are explained where they are made: a card to keep shows its text, a player card to activate its effect,
  Reroll has a tooltip, and "and own it" is a choice of its own, not the Confirm button's tail.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, post_match, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

SEED = 11  # round 1, turn 1: the attack on A1 needs 3, the seat's combat strength is 0


def open_match(page: Page, server: Server) -> dict[str, Any]:
    created = post_match(server, {"game": "tharos", "players": 2, "seats": ["human", "bot:random"], "seed": SEED,
                                  "names": ["Ada", None], "options": {}})
    page.goto(created["links"]["seats"]["0"])
    page.locator("#status.mine").wait_for()
    page.locator(".th-action .th-groups").first.wait_for()
    return created


def seat_state(server: Server, created: dict[str, Any]) -> dict[str, Any]:
    state = server.get(f"/api/matches/{created['id']}/state?seat=0", created["seats"][0]["token"])
    return {**state, "seat": 0, "seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Bot 2"}]}


@pytest.fixture
def desktop(browser: Browser, e2e_server: Server) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB", base_url=e2e_server.url)
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


# a fresh copy of the view module drawing made-up moments of the real match: for each message, the texts of each
# selector's elements (and, for `attrs`, one attribute of each)
JS_DRAW = """async ([messages, fresh, lang, selectors, clicks]) => {
  const m = await import(`/games/tharos/ui/main.js?${fresh}`);
  const box = document.createElement('div');
  document.body.append(box);
  m.mount(box, { lang, seat: 0, send() {} });
  const out = [];
  for (const message of messages) {
    m.update(message);
    for (const click of clicks) { const el = box.querySelector(click); if (el) el.click(); }
    const read = (x, attr) => (attr ? x.getAttribute(attr) : x.textContent);
    out.push(selectors.map(([s, attr]) => [...box.querySelectorAll(s)].map((x) => read(x, attr))));
  }
  box.remove();
  return out;
}"""


def with_outlook(message: dict[str, Any], **changes: Any) -> dict[str, Any]:
    guilds = [dict(g) for g in message["view"]["guilds"]]
    attack = dict(guilds[0]["attack"])
    attack.update(changes)
    guilds[0]["attack"] = attack
    return {**message, "view": {**message["view"], "guilds": guilds}}


def test_the_attack_that_threatens_is_shown_and_pass_warns(desktop: Page, e2e_server: Server) -> None:
    """The player sees their combat strength against the attack's, what losing costs and what defends; the Pass
    button warns beside it; a mine on the attacked landscape is named; a held attack says so and Pass is plain."""
    page = desktop
    created = open_match(page, e2e_server)
    message = seat_state(e2e_server, created)
    outlook = message["view"]["guilds"][0]["attack"]
    assert outlook["defence"] == 0 and outlook["strength"] == 3 and not outlook["holds"], outlook
    # the real page: the threat under the round's line, the warning right beside Pass, both in the window
    threat = page.locator(".th-action .th-acthead .th-threat")
    text = threat.inner_text()
    assert "Your combat strength 0, the attack on A1 Wasteland needs 3." in text, text
    assert "a guild tile onto the attack card" in text and "red dice on the attack field" in text, text
    pass_button = page.locator('.th-action button[data-action="pass"]')
    warning = page.locator(".th-action .th-passwarn")
    assert warning.inner_text() == "⚠ Passing now loses the attack on A1 Wasteland (0 < 3)", warning.inner_text()
    assert pass_button.get_attribute("aria-describedby") == warning.get_attribute("id")
    near, warn_box = pass_button.bounding_box(), warning.bounding_box()
    assert near and warn_box and abs(near["y"] - warn_box["y"]) < 12 and 0 <= warn_box["x"] - near["x"] < 120, (
        near, warn_box)
    assert warn_box["y"] + warn_box["height"] <= 800
    screenshot(page, "tharos_panel_threat", full_page=False)

    selectors = [[".th-threat", None], [".th-passwarn", None], ['button[data-action="pass"]', "class"],
                 [".th-myboard .th-fsum", None]]
    costly = with_outlook(message, loss={"card_tile": True, "give": False, "tile": True, "mine": True},
                          landscape="B1", defence=1, converter=1)
    held = with_outlook(message, holds=True, defence=4)
    passed = {**message, "view": {**message["view"], "guilds": [{**message["view"]["guilds"][0], "passed": True},
                                                                 *message["view"]["guilds"][1:]]}}
    lost, holds, gone = page.evaluate(JS_DRAW, [[costly, held, passed], "threat-en", "en", selectors, []])
    assert "your guild tile on B1 Wasteland, your mine on B1 Wasteland" in lost[0][0], lost
    assert "(the converter's +1 included)" in lost[0][0], lost
    assert lost[1] == ["⚠ Passing now loses the attack on B1 Wasteland (1 < 3)"], lost
    assert lost[3] and lost[3][0].startswith("⚔ 1"), lost  # the board's figure is the threat's (converter included)
    assert holds[0] == ["⚔ Your combat strength 4 ≥ 3: you fend off the attack on A1 Wasteland (+1 combat point)."]
    assert holds[1] == [] and "warn" not in (holds[2][0] or ""), holds
    assert gone[0] == [], gone  # passed: nothing left to do about it
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.th-table h4:text-is("Landschaften und Angriffe")').wait_for()
    [german] = page.evaluate(JS_DRAW, [[costly], "threat-de", "de", selectors, []])
    assert "Deine Kampfstärke 1, der Angriff auf B1 Ödland braucht 3." in german[0][0], german
    assert "deine Mine auf B1 Ödland" in german[0][0] and "rote Würfel" in german[0][0], german
    assert german[1] == ["⚠ Wer jetzt passt, verliert den Angriff auf B1 Ödland (1 < 3)"], german


JS_PANEL = """() => {
  const bar = document.querySelector('.th-action');
  const body = bar.querySelector('.th-actbody');
  const dice = document.querySelector('.th-myboard .th-active').getBoundingClientRect();
  const pass = bar.querySelector('button[data-action="pass"]').getBoundingClientRect();
  const head = bar.querySelector('.th-headline').getBoundingClientRect();
  const box = bar.getBoundingClientRect();
  return { height: box.height, top: box.top, bottom: box.bottom, dice: dice.top + scrollY,
           barScrolls: bar.scrollHeight > bar.clientHeight + 1,
           bodyScrolls: !!body && body.scrollHeight > body.clientHeight + 1,
           pass: [pass.top, pass.bottom], head: [head.top, head.bottom] };
}"""


def test_the_panel_keeps_its_height_and_its_pass_row_in_view(desktop: Page, e2e_server: Server) -> None:
    """Picking dice moved the dice row under the bar at each click (the bar grew and shrank); the bar scrolled inside
    itself, with Pass and the round's line out of sight."""
    page = desktop
    open_match(page, e2e_server)
    states = {"start": page.evaluate(JS_PANEL)}
    screenshot(page, "tharos_panel_start", full_page=False)
    page.locator('.th-action button.th-fam[data-family="land"]').click()
    page.locator('.th-pick[data-family="land"]').wait_for()
    states["land"] = page.evaluate(JS_PANEL)
    for i in range(2):
        page.locator(".th-myboard button.th-die.legal:not(.on)").first.click()
        page.locator(".th-myboard button.th-die.on").nth(i).wait_for()
        states[f"die {i + 1}"] = page.evaluate(JS_PANEL)
    page.locator('.th-pick button.th-opt[data-action^="land "]').first.wait_for()
    screenshot(page, "tharos_panel_land_two_dice", full_page=False)
    page.locator(".th-pick button.th-x").click()
    page.locator('.th-action button.th-fam[data-family^="activate"]').first.click()
    page.locator('.th-pick[data-family^="activate"] .th-effect').wait_for()
    states["activate"] = page.evaluate(JS_PANEL)
    # scrolled down to the board: the bar sticks at the top with its head and its Pass row in the window
    page.locator(".th-pick button.th-x").click()
    page.locator('.th-action button.th-fam[data-family="land"]').click()
    page.evaluate("() => window.scrollTo(0, 600)")
    page.locator(".th-myboard button.th-die.legal").first.click()
    states["scrolled"] = page.evaluate(JS_PANEL)
    screenshot(page, "tharos_panel_scrolled", full_page=False)
    picking = [states["land"], states["die 1"], states["die 2"]]
    assert len({round(s["height"], 1) for s in picking}) == 1, picking
    assert len({round(s["dice"], 1) for s in picking}) == 1, picking  # the dice stay where they were clicked
    for name, s in states.items():
        assert not s["barScrolls"] and not s["bodyScrolls"], (name, s)  # no scrollbar of the bar's own
        assert s["top"] <= s["head"][0] and s["head"][1] <= s["bottom"], (name, s)
        assert s["top"] <= s["pass"][0] and s["pass"][1] <= s["bottom"] and s["pass"][1] <= 800, (name, s)
    assert states["scrolled"]["top"] <= 1, states["scrolled"]  # stuck at the window's top


def test_choices_say_what_they_do(desktop: Page, e2e_server: Server) -> None:
    page = desktop
    created = open_match(page, e2e_server)
    message = seat_state(e2e_server, created)
    view = message["view"]
    # a card to keep shows its text on the choice itself (it was only in a tooltip)
    keep = {**message, "legal": ["keep 7", "keep 12"],
            "view": {**view, "pending": {"player": 0, "kind": "keep", "data": []}, "drawn": [7, 12]}}
    [[texts, names]] = page.evaluate(JS_DRAW, [[keep], "keep", "en", [
        ['.th-action button[data-action^="keep"] .th-opttext', None],
        ['.th-action button[data-action^="keep"] .th-optname', None]], []])
    figures = e2e_server.get("/api/games/tharos/figures")
    cards = figures["action_cards"]
    cards = cards.get("cards", cards) if isinstance(cards, dict) else cards
    card7 = next(c for c in cards if str(c["number"]) == "7") if isinstance(cards, list) else cards["7"]
    assert len(texts) == 2 and texts[0].startswith(card7["text"][:30]), (texts, card7)
    assert names[0].startswith("Keep #7 “"), names
    # a player card to activate: its effect in the panel where it is chosen
    guilds = [dict(g) for g in view["guilds"]]
    guilds[0]["active"] = [{"id": 1, "color": "white", "pips": 5, "token": "w5"},
                           {"id": 2, "color": "yellow", "pips": 4, "token": "y4"},
                           {"id": 3, "color": "red", "pips": 6, "token": "r6"}]
    moment = {**message, "view": {**view, "guilds": guilds},
              "legal": ["activate steam_pressure_plant dice w5 y4 r6", "reroll y4 dice w5",
                        "build new_market dice y4", "build new_market own dice y4", "pass"]}
    [[effect, reroll]] = page.evaluate(JS_DRAW, [[moment], "activate", "en", [
        [".th-pick .th-effect", None], ['.th-myboard button[data-family="reroll"]', "title"]],
        ['.th-action button[data-family="activate steam_pressure_plant"]']])
    plant = figures["player_cards"]["steam_pressure_plant"]
    assert effect == [f"Effect: {plant['text']}"], (effect, plant)
    assert reroll and reroll[0].startswith("a white die: reroll"), reroll
    # building: unowned and owned are two choices, each a whole sentence (not "Confirm" and a tail beside it)
    [[options]] = page.evaluate(JS_DRAW, [[moment], "build", "en", [[".th-pick .th-options button", None]],
                                          ['.th-action button[data-family="build new_market"]',
                                           '.th-myboard button.th-die[data-token="y4"]']])
    assert options == ["Build New Market unowned",
                       "Or build and own New Market: 2 jars more, one of your guild tiles on it"], options
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.th-table h4:text-is("Landschaften und Angriffe")').wait_for()
    [[german]] = page.evaluate(JS_DRAW, [[moment], "build-de", "de", [[".th-pick .th-options button", None]],
                                         ['.th-action button[data-family="build new_market"]',
                                          '.th-myboard button.th-die[data-token="y4"]']])
    assert german[1].startswith("Oder ") and "besitzen" in german[1], german
