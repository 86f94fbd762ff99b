"""Accessibility of the shell (issue 17): axe-core's WCAG 2.1 A/AA rules on the lobby, the replay viewer and the
tic-tac-toe match page; tic-tac-toe played to the end by keyboard alone, and once entirely through the move box;
the live region read after the bot's move and after an illegal entry.

The matches are made through the API and opened with the seat's link (``/m/ID?token=…``), so no mouse is ever used
on the match page: every step below is a key press."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import e2e_aos_policy
import e2e_policy
import e2e_pu_policy
import e2e_tharos_policy
import pytest
from a11y import assert_accessible
from e2e_helpers import SeatDriver, Server, post_match, screenshot, tab_to

if TYPE_CHECKING:
    from playwright.sync_api import Page, WebSocket

pytestmark = pytest.mark.e2e

PREFERRED = ("b2", "a1", "c3", "a3", "c1", "b1", "b3", "a2", "c2")
COLUMNS = "abc"
JS_FOCUSED_CELL = "() => (document.activeElement && document.activeElement.dataset.cell) || null"


def create_match(server: Server, seats: list[str], *, seed: int = 3, first: int = 0,
                 game: str = "tictactoe") -> tuple[str, str]:
    """A match (tic-tac-toe unless named) made through the API: (its id, seat 0's token)."""
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed,
            "names": ["Ada"] + [None] * (len(seats) - 1),
            "options": {"first_player": first} if game == "tictactoe" else {}}
    created = post_match(server, body)
    token = next(seat["token"] for seat in created["seats"] if seat["seat"] == 0)
    return created["id"], token


def open_match(page: Page, server: Server, match_id: str, token: str) -> SeatDriver:
    page.goto(f"/m/{match_id}?token={token}")
    page.locator(".ttt-grid button[data-cell]").first.wait_for()
    page.locator("#movebox-input").wait_for()
    return SeatDriver(page, server, match_id, 0, token)


def preferred(state: dict[str, Any]) -> str:
    legal: list[str] = state["legal"]
    return next((f"mark {cell}" for cell in PREFERRED if f"mark {cell}" in legal), legal[0])


def announced(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#announce p").all_text_contents()]


JS_ANNOUNCED_MATCHING = """(pattern) => {
  // the live region's lines as soon as one of them matches (falsy until then)
  const lines = [...document.querySelectorAll("#announce p")].map((line) => line.textContent.trim());
  return lines.some((line) => new RegExp(pattern).test(line)) && lines;
}"""


def wait_announced(page: Page, pattern: str, timeout: float = 10.0) -> list[str]:
    """The live region's lines once one of them matches ``pattern`` (a regular expression both Python and
    JavaScript read alike)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # only when a browser runs

    try:
        found = page.wait_for_function(JS_ANNOUNCED_MATCHING, arg=pattern, timeout=timeout * 1000)
    except PlaywrightTimeout:
        raise AssertionError(f"nothing announced matching {pattern!r}: {announced(page)}") from None
    lines: list[str] = found.json_value()
    return lines


# ----- keyboard alone -------------------------------------------------------------------------------------------------
def arrow_to(page: Page, cell: str) -> None:
    """Move the board's cursor with the arrow keys onto ``cell`` (columns a-c left to right, row 3 on top)."""
    for _ in range(8):
        here = str(page.evaluate(JS_FOCUSED_CELL))
        if here == cell:
            return
        dx = COLUMNS.index(cell[0]) - COLUMNS.index(here[0])
        dy = int(cell[1]) - int(here[1])
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft" if dx < 0 else "ArrowUp" if dy > 0 else "ArrowDown")
    assert page.evaluate(JS_FOCUSED_CELL) == cell, f"the arrow keys did not reach {cell}"


def test_tictactoe_to_the_end_by_keyboard_alone(page: Page, e2e_server: Server) -> None:
    match_id, token = create_match(e2e_server, ["human", "bot:random"], seed=3)
    driver = open_match(page, e2e_server, match_id, token)
    assert_accessible(page, "tic-tac-toe: the match page at the start")
    assert page.locator(".ttt-grid").get_attribute("role") == "group"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "skiplink"
    assert page.locator("#skiplink").inner_text() == "Skip to the move box"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "movebox-input", "the skip link leads to the move box"
    moves = 0
    while (state := driver.wait_turn(timeout=30)) is not None:
        action = preferred(state)
        tab_to(page, ".ttt-grid [data-cell]", limit=40, direction="forward")  # Tab alone reaches the board
        arrow_to(page, action.split()[1])
        if moves == 0:
            screenshot(page, "a11y_01_keyboard_cursor")
        page.keyboard.press("Enter")
        driver._wait_past(state["version"], action)
        moves += 1
        assert page.evaluate(JS_FOCUSED_CELL), "the focus stays on the board after a move"
    assert 3 <= moves <= 5
    final = e2e_server.get(f"/api/matches/{match_id}/state")
    assert final["status"] == "finished" and final["version"] in (moves * 2 - 1, moves * 2)
    assert page.locator("#status").inner_text().startswith("Game over")
    assert page.locator('.ttt-grid button[data-cell][aria-disabled="false"]').count() == 0
    if final["winners"] and len(final["winners"]) == 1:  # the winning line is told in words, not only by colour
        labels = [page.locator(".ttt-grid [data-win]").nth(i).get_attribute("aria-label") for i in range(3)]
        assert all(label and label.endswith("in the winning line") for label in labels), labels
    # Tab leaves the board again (no keyboard trap)
    page.keyboard.press("Tab")
    assert not page.evaluate(JS_FOCUSED_CELL)
    wait_announced(page, r"^Game over")
    screenshot(page, "a11y_02_keyboard_over")
    assert_accessible(page, "tic-tac-toe: the match page, game over")
    page.goto(f"/m/{match_id}/replay")
    page.locator("#log li[data-version]").first.wait_for()
    page.locator(".ttt-grid button[data-cell]").first.wait_for()
    assert_accessible(page, "the replay viewer")
    screenshot(page, "a11y_03_replay")


# ----- the move box ---------------------------------------------------------------------------------------------------
def type_move(page: Page, text: str) -> None:
    box = page.locator("#movebox-input")
    box.fill("")
    page.keyboard.type(text)


def test_tictactoe_through_the_move_box_and_the_live_region(page: Page, e2e_server: Server) -> None:
    match_id, token = create_match(e2e_server, ["human", "bot:random"], seed=5)
    driver = open_match(page, e2e_server, match_id, token)
    page.locator("#status.mine").wait_for()
    assert "Press / to type a move" in page.locator("#movebox-hint").inner_text()
    page.keyboard.press("/")  # the shortcut, from the page
    assert page.evaluate("() => document.activeElement.id") == "movebox-input"
    # a one-key shortcut can be turned off (WCAG 2.1.4), and on again
    shortcut = page.locator("#movebox-shortcut")
    assert shortcut.is_checked() and page.locator("label[for=movebox-shortcut]").inner_text() == "use the / key"
    shortcut.focus()
    page.keyboard.press("Space")
    page.keyboard.press("/")
    assert page.evaluate("() => document.activeElement.id") == "movebox-shortcut"
    page.keyboard.press("Space")
    page.keyboard.press("/")
    assert page.evaluate("() => document.activeElement.id") == "movebox-input"
    box = page.locator("#movebox-input")
    wait_announced(page, r"^Your turn\. Ada \(X\) to move\.$")

    # an illegal entry: refused in words, nothing changes
    version = driver.state()["version"]
    type_move(page, "mark z9")
    assert box.get_attribute("aria-expanded") == "false", "no action matches: the list stays closed"
    page.keyboard.press("Enter")
    refusal = "“mark z9” is not a legal action now. Legal now: mark a1; mark b1; mark c1; mark a2; mark b2; …."
    assert page.locator("#movebox-message").inner_text() == refusal
    assert refusal in wait_announced(page, "not a legal action")
    # an ambiguous one: the matches are listed and named
    type_move(page, "mark b")
    assert box.get_attribute("aria-expanded") == "true"
    options = page.locator("#movebox-list [role=option]")
    assert options.all_inner_texts() == ["mark b1", "mark b2", "mark b3"]
    screenshot(page, "a11y_04_movebox_options")
    assert_accessible(page, "tic-tac-toe: the move box with its options open")
    page.keyboard.press("Enter")
    assert "“mark b” is ambiguous: 3 actions match (mark b1; mark b2; mark b3)" in \
        page.locator("#movebox-message").inner_text()
    assert driver.state()["version"] == version, "a refused entry changes nothing"

    moves = 0
    while (state := driver.wait_turn(timeout=30)) is not None:
        action = preferred(state)
        if moves % 2 == 0:  # typed out in full
            type_move(page, action)
        else:  # its start typed, the option chosen with the arrow keys
            type_move(page, "m")
            for _ in range(9):
                page.keyboard.press("ArrowDown")
                chosen = box.get_attribute("aria-activedescendant")
                assert chosen and page.locator(f"#{chosen}").get_attribute("aria-selected") == "true"
                if page.locator(f"#{chosen}").inner_text() == action:
                    break
        page.keyboard.press("Enter")
        driver._wait_past(state["version"], action)
        moves += 1
        after = driver.state()
        bot = [e for e in after["log"] if e["seat"] == 1 and e["version"] > state["version"]]
        if bot:  # the bot's reply, as the log words it, then the turn
            cell = bot[0]["action"].split()[1]
            lines = wait_announced(page, rf"^Bot 2 \(random\): marks {cell}$")
            if after["status"] == "running":
                wait_announced(page, r"^Your turn\.")
            assert not any(f"marks {action.split()[1]}" in line for line in lines), "own moves are not read back"
    assert moves >= 3
    final = e2e_server.get(f"/api/matches/{match_id}/state")
    assert final["status"] == "finished"
    assert sum(1 for e in final["log"] if e["seat"] == 0) == moves
    wait_announced(page, r"^Game over")
    screenshot(page, "a11y_05_movebox_over")
    type_move(page, "mark a1")
    page.keyboard.press("Enter")
    assert page.locator("#movebox-message").inner_text() == "The game is over: there is nothing left to play."
    assert page.locator("#movebox-input").get_attribute("placeholder") == "the game is over"


def test_a_resync_repeats_no_announcement(page: Page, e2e_server: Server) -> None:
    """The network comes back: the page asks for the state again (a resync) and gets the same one; nothing is
    read twice."""
    states: list[tuple[WebSocket, str]] = []  # each state the page received, and its socket

    def is_state(frame: str | bytes) -> bool:
        return '"type":"state"' in str(frame)

    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda frame: states.append((socket, str(frame))) if is_state(frame) else None))
    match_id, token = create_match(e2e_server, ["human", "bot:random"], seed=7)
    driver = open_match(page, e2e_server, match_id, token)
    state = driver.wait_turn()
    assert state is not None
    page.keyboard.press("/")
    type_move(page, "mark b2")
    page.keyboard.press("Enter")
    driver._wait_past(state["version"], "mark b2")
    assert driver.wait_turn() is not None
    before = wait_announced(page, r"^Your turn\..*")
    assert any(": marks " in line for line in before), before
    received = len(states)
    socket = states[-1][0]
    with socket.expect_event("framereceived", predicate=is_state, timeout=10_000):
        page.evaluate("() => window.dispatchEvent(new Event('online'))")  # the page's reaction: ask for the state
    assert len(states) > received, "the page asked for the state again and got it"
    assert announced(page) == before, "the state sent again is not read again"


# ----- the lobby, the board as text -----------------------------------------------------------------------------------
def test_the_lobby_meets_axe_and_the_board_is_described(page: Page, e2e_server: Server) -> None:
    page.goto("/")
    page.locator("#create").wait_for()
    assert_accessible(page, "the lobby")
    page.keyboard.press("Tab")
    assert page.locator("#skiplink").inner_text() == "Skip to the content"
    match_id, token = create_match(e2e_server, ["human", "human"], seed=1)
    driver = open_match(page, e2e_server, match_id, token)
    assert page.locator("main h1").count() == 1
    for heading in ("Board", "Actions", "Log"):
        assert page.locator("h2", has_text=heading).count() == 1, heading
    assert page.locator("aside").get_attribute("aria-labelledby") == "log-heading"
    page.keyboard.press("/")
    type_move(page, "mark a1")
    page.keyboard.press("Enter")
    driver._wait_past(0, "mark a1")
    describe = page.locator("#describe")
    describe.focus()
    page.keyboard.press("Enter")
    assert describe.get_attribute("aria-expanded") == "true"
    text = page.locator("#boardtext")
    text.wait_for()
    expected = e2e_server.get(f"/api/matches/{match_id}/text", token)["text"]
    page.wait_for_function("(t) => document.querySelector('#boardtext').textContent === t", arg=expected)
    assert "X" in expected
    assert page.evaluate("() => document.activeElement.id") == "boardtext", "the text gets the focus: read at once"
    assert_accessible(page, "tic-tac-toe: the board described")
    screenshot(page, "a11y_06_described")
    page.locator("#langs button.lang", has_text="DE").focus()
    page.keyboard.press("Enter")
    page.locator("#movebox-heading", has_text="Aktionen").wait_for()
    assert page.locator("label[for=movebox-input]").inner_text() == "Zug eingeben"
    assert page.locator("#describe").inner_text() == "Beschreibung ausblenden"
    assert page.locator("#skiplink").inner_text() == "Zur Zugeingabe springen"
    assert page.locator("#log-heading").inner_text() == "Protokoll"
    page.keyboard.press("/")
    type_move(page, "mark b2")  # seat 2 is to move, and this browser holds only seat 1
    page.keyboard.press("Enter")
    assert page.locator("#movebox-message").inner_text() == "Du bist nicht am Zug: jetzt gibt es nichts zu spielen."


JS_ANNOUNCER = """async () => {
  const { Announcer } = await import("/static/announce.js");
  const { GameHost } = await import("/static/gamehost.js");
  const seats = [{ seat: 0, name: "Ada" }, { seat: 1, name: "Bea" }];
  // what a move sets going by itself (here: the end of a round) is read for the seat's own moves too
  const host = new GameHost(document.createElement("div"), { mount() {}, update() {},
    describeAfter: (e) => (e.events.some((x) => x.type === "round_end") ? "End of round 1" : "") });
  const said = new Announcer();
  const entries = [
    { version: 0, seat: 0, action: "draw", events: [] },
    { version: 1, seat: 1, action: "roll",
      events: [{ type: "dice_rolled", player: 1, dice: ["red 3", "blue 5"], chance: true }] },
    { version: 2, seat: 0, action: "keep",
      events: [{ type: "draw", cubes: ["black", "red"], why: "production", chance: true }, { type: "kept", card: 7 },
               { type: "round_end" }] },
  ];
  const step = (version, turn) => said.update({
    version, entries: entries.filter((e) => e.version < version), mine: 0, turn,
    describe: (e) => host.describe(e, seats), after: (e) => host.describeAfter(e),
    chance: (e) => host.chance(e, seats) });
  const lines = () => [...said.element.children].map((p) => p.textContent);
  step(1, "Your turn.");            // the page opens: the log so far is on screen, only the turn is said
  const opened = lines();
  step(1, "Your turn.");            // the same state again (a resync): nothing
  const again = lines();
  step(3, "Waiting for Bea");       // two new entries: Bea's action and its chance, then my own entry's chance only
  return { opened, again, later: lines(), live: said.element.getAttribute("aria-live") };
}"""


def test_the_announcer_words_chance_and_repeats_nothing(page: Page, e2e_server: Server) -> None:
    """The live region's rules, on the page's own modules: history is not read on arrival, a repeated state adds
    nothing, another seat's action is read as the log words it, own actions are not read back, and the results of
    chance an entry carries, and what a move set going by itself (a round's end), are read for every seat."""
    page.goto("/")
    page.locator("#create").wait_for()
    result = page.evaluate(JS_ANNOUNCER)
    assert result["live"] == "polite"
    assert result["opened"] == ["Your turn."]
    assert result["again"] == ["Your turn."]
    assert result["later"] == ["Your turn.", "Bea: roll", "Chance: Bea: dice rolled, dice red 3, blue 5",
                               "End of round 1", "Chance: draw, cubes black, red", "Waiting for Bea"]


JS_RESOLVE = """async () => {
  const { resolve, matching } = await import("/static/movebox.js");
  const legal = ["buy 2 water", "buy 3 water", "sell 1 ore", "pass"];
  return {
    exact: resolve("  Buy 2   WATER ", legal, true),
    unique: resolve("s", legal, true),
    words: matching("b 3", legal),
    inside: matching("ore", legal),
    letter: matching("o", legal),
    ambiguous: resolve("buy", legal, true),
    illegal: resolve("buy 9 water", legal, true),
    empty: resolve(" ", legal, true),
    waiting: resolve("pass", [], false),
    over: resolve("pass", [], false, "over"),
    watching: resolve("pass", [], false, "watching"),
  };
}"""


def test_the_move_box_resolves_entries(page: Page, e2e_server: Server) -> None:
    """What an entry plays: the action it names (case and spaces aside), the only action it starts; word by word
    prefixes; two letters or more anywhere; and the refusals in words."""
    page.goto("/")
    page.locator("#create").wait_for()
    result = page.evaluate(JS_RESOLVE)
    assert result["exact"] == {"action": "buy 2 water"}
    assert result["unique"] == {"action": "sell 1 ore"}
    assert result["words"] == ["buy 3 water"]
    assert result["inside"] == ["sell 1 ore"]
    assert result["letter"] == []
    assert result["ambiguous"] == {"error": "“buy” is ambiguous: 2 actions match (buy 2 water; buy 3 water). "
                                            "Type more, or choose one with the arrow keys."}
    assert result["illegal"] == {"error": "“buy 9 water” is not a legal action now. Legal now: buy 2 water; "
                                          "buy 3 water; sell 1 ore; pass."}
    assert result["empty"]["error"].startswith("Type an action first")
    assert result["waiting"]["error"] == "It is not your turn: there is nothing to play now."
    assert result["over"]["error"] == "The game is over: there is nothing left to play."
    assert result["watching"]["error"] == "You are watching this match: moves are made by its players."


def test_a_move_the_server_refuses_is_announced(page: Page, e2e_server: Server) -> None:
    """Own errors from the server are spoken too: the state messages are altered on their way to the page so that the
    move box offers an action the rules refuse; the server's refusal is read out and shown, and nothing changes."""

    def forge(socket: Any) -> None:
        server = socket.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state" and data.get("legal"):
                data["legal"].append("mark d4")  # no such cell: the server refuses it
            socket.send(json.dumps(data))

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/matches/"), forge)
    match_id, token = create_match(e2e_server, ["human", "human"], seed=1)
    driver = open_match(page, e2e_server, match_id, token)
    page.locator("#status.mine").wait_for()
    page.keyboard.press("/")
    type_move(page, "mark d4")
    page.keyboard.press("Enter")
    refusal = wait_announced(page, r"^Not allowed: ")[-1]
    assert "d4" in refusal, refusal
    assert page.locator("#movebox-message").inner_text() == refusal
    assert driver.state()["version"] == 0, "a refused move changes nothing"
    assert page.locator("#toasts .toast.error").get_attribute("aria-hidden") == "true", "spoken once, not twice"


# ----- compound turns in the big games, through the move box --------------------------------------------------------
POLICIES: dict[str, Any] = {
    "planet_steam": lambda state: e2e_policy.choose(state["view"], state["legal"], 0),
    "age_of_steam": lambda state: e2e_aos_policy.choose(state["view"], state["legal"], 0),
    "planet_unknown": lambda state: e2e_pu_policy.choose(state["view"], state["legal"], 0, state["version"]),
    "tharos": lambda state: e2e_tharos_policy.choose(state["view"], state["legal"], 0),
}
SEATS = {"planet_steam": 3, "age_of_steam": 3, "planet_unknown": 2, "tharos": 2}
STEPS = 5


@pytest.mark.parametrize("game", list(POLICIES))
def test_the_first_steps_of_a_big_game_through_the_move_box(page: Page, e2e_server: Server, game: str) -> None:
    """A seat's first steps (several of them one turn: set-up choices, a tile then its track steps, dice) typed in
    the move box alone: each arrives as the action typed, and the board follows."""
    match_id, token = create_match(e2e_server, ["human"] + ["bot:random"] * (SEATS[game] - 1), seed=4, game=game)
    page.goto(f"/m/{match_id}?token={token}")
    page.locator("#movebox-input").wait_for()
    driver = SeatDriver(page, e2e_server, match_id, 0, token)
    played = []
    for _ in range(STEPS):
        state = driver.wait_turn(timeout=60)
        assert state is not None, "the game should not end within a few steps"
        action = POLICIES[game](state)
        page.keyboard.press("/")
        type_move(page, action)
        page.keyboard.press("Enter")
        driver._wait_past(state["version"], action)
        played.append(action)
    mine = [e["action"] for e in driver.state()["log"] if e["seat"] == 0]
    assert mine[-STEPS:] == played
    screenshot(page, f"a11y_07_movebox_{game}")
