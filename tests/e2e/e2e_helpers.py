"""Helpers of the browser tests: the server handle, screenshots, the lobby by clicks, Tab to an element, and a seat
driver.

A :class:`SeatDriver` reads the seat's state (legal actions, version) from ``GET /api/matches/ID/state`` with the
seat's token, which the page keeps in localStorage, and carries an action out by clicking the element of the page
that produces it: a button carrying ``data-action``, a bid/amount spinner, a zone of the SVG map (and the zone's
menu), an airship anchor. It never posts an action itself: whatever the page sends is what the test checks.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
LOOPBACK = "127.0.0.1"
SKIP_ENV = "BRASSBOARD_SKIP_E2E"
CHROMIUM_ENV = "BRASSBOARD_CHROMIUM"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
VIEWPORT_WIDTH, VIEWPORT_HEIGHT = 1440, 1000

# the kinds of Planet Steam actions whose first argument is a zone: the page offers them on the map
ZONE_KINDS = {"neutral", "place", "auction", "claim", "divert", "topple", "relief", "buy-tank", "import",
              "buy-converter", "buy-compressor", "move", "move-converter", "remove-converter", "move-compressor"}
TWO_ZONE_KINDS = {"move", "move-converter", "move-compressor"}
SPINNER_KINDS = {"bid": "bid", "buy": "buy", "sell": "sell"}  # action kind -> the spinner's data-spinner key
ZONE_NAME = re.compile(r"^[A-Z][0-9]+$")


def chromium_path() -> str:
    """Debian's Chromium (or $BRASSBOARD_CHROMIUM); a clear failure when there is none."""
    wanted = os.environ.get(CHROMIUM_ENV)
    candidates = [wanted] if wanted else [shutil.which("chromium"), "/usr/bin/chromium",
                                          shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail(f"no Chromium for the browser tests: `make test` installs it (apt-get install chromium); set "
                f"{CHROMIUM_ENV}=/path/to/chromium, or {SKIP_ENV}=1 to skip the browser tests", pytrace=False)


@contextlib.contextmanager
def watched_page(browser: Browser, server: Server, **options: Any) -> Iterator[Page]:
    """A page in a fresh browser context (no tokens, no language choice), 1440×1000 and en-GB unless ``options``
    (Playwright's context options) say otherwise; closed afterwards, and a script error in the page fails the test
    even when every click went through."""
    settings: dict[str, Any] = {"viewport": {"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT}, "locale": "en-GB",
                                "base_url": server.url, **options}
    context = browser.new_context(**settings)
    context.set_default_timeout(15_000)
    problems: list[str] = []
    tab = context.new_page()
    tab.on("pageerror", lambda exc: problems.append(f"uncaught in the page: {exc}"))
    try:
        yield tab
    finally:
        context.close()
    assert not problems, "\n".join(problems)


@dataclass
class Server:
    url: str  # "http://127.0.0.1:PORT" (no trailing slash)
    log: Path

    def get(self, path: str, token: str | None = None) -> Any:
        """GET a JSON answer (the tests read state this way; they never act through the API)."""
        request = urllib.request.Request(self.url + path, headers={"Accept": "application/json"})
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


# ----- the lobby -------------------------------------------------------------------------------------------------
def open_lobby_options(page: Page) -> None:
    """Open the lobby's options. The form is drawn anew when a game's texts arrive: a click whose press and release
    met two different drawings of the summary opens nothing, so it is tried again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(3):
        if page.locator("details.options").get_attribute("open") is not None:
            return
        page.locator("details.options > summary").click()  # not the designers' summary inside it
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("() => document.querySelector('details.options')?.open", timeout=3_000)
    assert page.locator("details.options").get_attribute("open") is not None, "the lobby's options do not open"


def create_match_in_lobby(page: Page, game: str, seats: list[str], *, seed: int | None = None,
                          name: str | None = None, options: dict[str, bool] | None = None,
                          shot: str | None = None) -> str:
    """Fill the lobby's form by clicking (seats, the first seat's name, boolean options, the seed) and create the
    match; returns its id (the page is then on /m/ID)."""
    page.goto("/")
    page.locator(f'#game option[value="{game}"]').wait_for(state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f'select.seat-kind[data-seat="{i}"]', kind)
    if name is not None:
        from playwright.sync_api import expect  # only when a browser runs: the module loads without Playwright

        field = page.locator("table.seats input[type=text]").first
        field.fill(name)
        expect(field).to_have_value(name)
    if seed is not None or options:
        open_lobby_options(page)
    for option, value in (options or {}).items():
        box = page.locator(f'label.opt[data-option="{option}"] input[type=checkbox]')
        if box.is_checked() != value:
            box.click()
    if seed is not None:
        page.fill("#seed", str(seed))
    if shot:
        screenshot(page, shot)
    page.click("#create")
    page.wait_for_url(re.compile(r"/m/[^/?]+$"))
    match = re.search(r"/m/([^/?]+)$", page.url)
    assert match, page.url
    return match.group(1)


def held_tokens(page: Page, match_id: str) -> dict[str, str]:
    """{seat: token} this browser holds for the match (the lobby stored them in localStorage)."""
    raw = page.evaluate("() => localStorage.getItem('brassboard.tokens')")
    held = json.loads(raw or "{}").get(match_id, {})
    return cast(dict[str, str], held)


# ----- the keyboard ----------------------------------------------------------------------------------------------
MAX_TABS = 300
APPEAR_MS = 5_000  # how long tab_to waits for its target to be drawn (a key's effect may still be rendering)
JS_FOCUSED_MATCHES = "(css) => !!document.activeElement && document.activeElement.matches(css)"
# the key that moves the focus towards the first element matching css: Shift+Tab when it comes before the focus;
# null when nothing matches
JS_TAB_TOWARDS = """(css) => {
  const target = document.querySelector(css), at = document.activeElement;
  if (!target) return null;
  if (!at || at === document.body) return 'Tab';
  return at.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING ? 'Shift+Tab' : 'Tab';
}"""
# the element with the focus, for a failure message: its opening tag (or where the focus is when no element has it)
JS_FOCUS_DESCRIBED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'no element (the page itself)';
  const html = el.outerHTML, end = html.indexOf('>') + 1;
  const tag = end > 0 ? html.slice(0, end) : html;
  return tag.length > 200 ? tag.slice(0, 200) + '…' : tag;
}"""


def focused_matches(page: Page, selector: str) -> bool:
    """Whether the element with the focus matches the CSS ``selector``."""
    return bool(page.evaluate(JS_FOCUSED_MATCHES, selector))


def focus_described(page: Page) -> str:
    """Where the focus is, in words for a failure message."""
    return str(page.evaluate(JS_FOCUS_DESCRIBED))


def tab_to(page: Page, selector: str, *, limit: int = MAX_TABS, direction: Literal["nearest", "forward"] = "nearest",
           press: Callable[[str], None] | None = None) -> int:
    """Move the focus with Tab (or Shift+Tab) until it is on an element matching the CSS ``selector``; the number of
    presses (0 when the focus is there already).

    ``direction``: "nearest" presses Shift+Tab when the first element matching ``selector`` comes before the focus
    in the document, else Tab; "forward" always Tab. ``press(key)`` presses a key: a driver's own (which counts the
    keys), else the page's keyboard. An AssertionError names the selector and where the focus is when nothing on the
    page matches (after waiting up to APPEAR_MS for it to be drawn) or ``limit`` presses do not reach it."""
    key = page.evaluate(JS_TAB_TOWARDS, selector)
    if key is None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout  # only when a browser runs

        try:
            page.locator(selector).first.wait_for(state="attached", timeout=APPEAR_MS)
        except PlaywrightTimeout:
            raise AssertionError(f"nothing on the page matches {selector!r} (the focus is on "
                                 f"{focus_described(page)})") from None
        key = page.evaluate(JS_TAB_TOWARDS, selector) or "Tab"
    if direction == "forward":
        key = "Tab"
    send = press or page.keyboard.press
    presses = 0
    while not focused_matches(page, selector):
        if presses >= limit:
            raise AssertionError(f"{limit} presses of {key} did not bring the focus to {selector!r}; it is on "
                                 f"{focus_described(page)}")
        send(key)
        presses += 1
    return presses


# ----- a seat of a match, played by clicking -------------------------------------------------------------------
JS_UI_VERSION = """() => {
  const items = document.querySelectorAll('#log li[data-version]');
  return items.length ? Number(items[items.length - 1].dataset.version) + 1 : 0;
}"""
JS_MENU_OR_APPLIED = """(v) => {
  if (document.querySelector('.ps-menu')) return true;
  const items = document.querySelectorAll('#log li[data-version]');
  return items.length > 0 && Number(items[items.length - 1].dataset.version) >= v;
}"""
JS_MINE_OR_OVER = """() => {
  const scores = document.querySelector('#scores');
  return !!document.querySelector('#status.mine') || (!!scores && !scores.hidden);
}"""
JS_MOVED_ON = """([shown, orRefused]) => {
  // the page shows another version than `shown` (as JS_UI_VERSION counts), or (orRefused) an error
  if (orRefused && document.querySelector('#toasts .toast.error')) return true;
  const items = document.querySelectorAll('#log li[data-version]');
  return (items.length ? Number(items[items.length - 1].dataset.version) + 1 : 0) !== shown;
}"""


class TurnTimeout(AssertionError):
    pass


@dataclass
class SeatDriver:
    page: Page
    server: Server
    match_id: str
    seat: int
    token: str
    done: list[tuple[str, str]] = field(default_factory=list)  # (action, how it was clicked)

    # --- reading --------------------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = self.server.get(f"/api/matches/{self.match_id}/state?seat={self.seat}", self.token)
        return data

    def ui_version(self) -> int:
        """The version the page shows: one past the last entry of its log."""
        return int(self.page.evaluate(JS_UI_VERSION))

    def errors_shown(self) -> list[str]:
        return [text.strip() for text in self.page.locator("#toasts .toast.error").all_inner_texts()]

    def wait_turn(self, timeout: float = 30.0) -> dict[str, Any] | None:
        """Wait until the page shows that this seat must act, in step with the server; the state then, or None
        when the match is over (the page then shows the final scores)."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TurnTimeout(f"no turn for seat {self.seat} in {timeout} s; state: {self._brief()}; "
                                  f"page errors: {self.errors_shown()}\n{self.server.tail()}")
            self.page.wait_for_function(JS_MINE_OR_OVER, timeout=remaining * 1000)
            state = self.state()
            if state["status"] == "finished":
                self.page.locator("#scores table.scores").wait_for(state="visible")
                return None
            shown = self.ui_version()
            if self.seat in state["active"] and state["legal"] and shown == state["version"]:
                return state
            self._wait_page_moves_on(shown, state["version"], deadline)

    def _wait_page_moves_on(self, shown: int, server: int, deadline: float, *, or_refused: bool = False) -> None:
        """The page shows version ``shown`` (read after the server's ``server``): unless it is already ahead of
        that state (read the server again at once), wait until it shows another version (it is behind the
        server, or the server moves on next) or, ``or_refused``, an error; at the latest until ``deadline``, when
        the caller's loop ends with its own message."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout  # only when a browser runs

        remaining = deadline - time.monotonic()
        if shown <= server and remaining > 0:
            with contextlib.suppress(PlaywrightTimeout):
                self.page.wait_for_function(JS_MOVED_ON, arg=[shown, or_refused], timeout=remaining * 1000)

    def _brief(self) -> str:
        try:
            state = self.state()
        except Exception as exc:  # pragma: no cover - only in a failure message
            return repr(exc)
        step = (state["view"].get("agenda") or [{}])[0] if isinstance(state.get("view"), dict) else {}
        return f"version {state['version']}, status {state['status']}, active {state['active']}, step {step}"

    # --- acting -------------------------------------------------------------------------------------------------
    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        """Carry ``action`` (one of state's legal actions) out by clicking, then wait until the server and the page
        have moved past this state. ``shot``: a screenshot just before the last click (menu open, spinner set)."""
        assert action in state["legal"], (action, state["legal"])
        version = state["version"]
        kind, *args = action.split(" ")
        if kind in SPINNER_KINDS:
            how = self._spinner(SPINNER_KINDS[kind], action, int(args[-1]), shot)
        elif kind in ZONE_KINDS and args and ZONE_NAME.match(args[0]):
            how = self._zone(action, kind, args, shot)
        elif kind == "airship" and self.page.locator(f'.ps-anchor.legal[data-row="{args[0]}"]').count():
            self._shoot(shot)
            self.page.locator(f'.ps-anchor.legal[data-row="{args[0]}"]').click()
            how = "anchor"
        else:
            how = self._button(action, shot)
        self._wait_past(version, action)
        self.done.append((action, how))

    def _shoot(self, shot: str | None) -> None:
        if shot:
            screenshot(self.page, shot)

    def _wait_past(self, version: int, action: str, timeout: float = 15.0) -> None:
        """Wait until the server has recorded this seat's ``action`` (sent on ``version``) and the page shows it.

        A newer version alone is no proof: where players act at once, another seat's step may come first, and a
        turn read then would still offer the action in flight."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.state()
            shown = self.ui_version()
            log = state["log"]
            mine = [e for e in log if e["seat"] == self.seat and e["action"] == action and e["version"] >= version]
            scrolled_out = bool(log) and log[0]["version"] > version  # the log tail no longer reaches back
            if (mine or scrolled_out) and state["version"] > version:
                arrived = mine[0]["version"] + 1 if mine else state["version"]
                if shown >= arrived:
                    return
            errors = self.errors_shown()
            if errors:
                raise AssertionError(f"{action!r} was refused: {errors}")
            self._wait_page_moves_on(shown, state["version"], deadline, or_refused=True)
        raise AssertionError(f"{action!r} (clicked on version {version}) did not arrive: {self._brief()}; "
                             f"page errors: {self.errors_shown()}")

    def _button(self, action: str, shot: str | None) -> str:
        """A button with data-action: the action bar first (opening its "more" list if needed), then anywhere."""
        bar = self.page.locator(f'.ps-action [data-action="{action}"]')
        if bar.count():
            target = bar.first
            if not target.is_visible():
                more = self.page.locator(".ps-action details.ps-more")
                if more.count() and more.first.get_attribute("open") is None:
                    more.first.locator("summary").click()
            self._shoot(shot)
            target.click()
            return "action bar"
        anywhere = self.page.locator(f'[data-action="{action}"]:visible')
        assert anywhere.count(), f"no element of the page offers {action!r}"
        self._shoot(shot)
        anywhere.first.click()
        return "button"

    def _spinner(self, key: str, action: str, amount: int, shot: str | None) -> str:
        """Set a spinner with its − / + buttons (or a quick-pick button) and confirm."""
        box = self.page.locator(f'.ps-action .ps-spinner[data-spinner="{key}"]')
        assert box.count() == 1, f"no {key} spinner for {action!r}"
        number = box.locator("input.ps-num")
        confirm = box.locator(f'[data-confirm="{key}"]')
        quick = box.locator(f'.ps-quick button.ps-q:text-is("{amount}")')
        clicks = 0
        if quick.count() and int(number.input_value()) != amount:
            quick.first.click()
            clicks += 1
        for _ in range(60):
            current = int(number.input_value())
            if current == amount:
                break
            box.locator(f'button.ps-step[aria-label="{"+" if current < amount else "−"}"]').click()
            clicks += 1
        assert int(number.input_value()) == amount, f"the {key} spinner does not reach {amount}"
        assert confirm.get_attribute("data-action") == action, (confirm.get_attribute("data-action"), action)
        self._shoot(shot)
        confirm.click()
        return f"spinner ({clicks} step clicks)"

    def _zone(self, action: str, kind: str, args: list[str], shot: str | None) -> str:
        """Click the zone on the map; pick the action from the zone's menu if one opens; for a move, the target."""
        version = self.state()["version"]
        hit = self.page.locator(f'rect.ps-hit.legal[data-zone="{args[0]}"]')
        assert hit.count() == 1, f"zone {args[0]} is not highlighted for {action!r}"
        if kind in TWO_ZONE_KINDS:
            hit.click()
            menu_item = self.page.locator(f'.ps-menu .ps-menuitem[data-kind="{kind}"]')
            if menu_item.count():
                menu_item.click()
            target = self.page.locator(f'rect.ps-hit.target[data-zone="{args[1]}"]')
            self._shoot(shot)
            target.click()
            return "zone, then target zone"
        self._shoot(shot if shot and not shot.endswith("menu") else None)
        hit.click()
        # either the click sent the action (one obvious action there), or the zone's menu opens
        self.page.wait_for_function(JS_MENU_OR_APPLIED, arg=version)
        menu = self.page.locator(".ps-menu")
        if menu.count():
            # every option and Cancel inside the window (on the map's lower rows they fell below it)
            below = menu.evaluate("(m) => m.getBoundingClientRect().bottom - innerHeight")
            assert below <= 0.5, f"the menu of {args[0]} ends {below:.0f} px below the window"
            item = menu.locator(f'.ps-menuitem[data-action="{action}"]')
            assert item.count() == 1, f"the menu of {args[0]} does not offer {action!r}: {menu.inner_text()}"
            if shot and shot.endswith("menu"):
                self._shoot(shot)
            item.click()
            return "zone menu"
        return "zone click"


def play_until(driver: SeatDriver, choose: Callable[[dict[str, Any]], str | None], *, timeout: float = 240.0,
               on_turn: Callable[[dict[str, Any]], str | None] | None = None) -> dict[str, Any] | None:
    """Play the seat's turns with ``choose(state) -> action`` (None stops and returns that state) until the end
    (returns None). ``on_turn(state)`` may name a screenshot for the turn."""
    deadline = time.monotonic() + timeout
    while True:
        state = driver.wait_turn(timeout=max(1.0, deadline - time.monotonic()))
        if state is None:
            return None
        action = choose(state)
        if action is None:
            return state
        driver.act(action, state, shot=on_turn(state) if on_turn else None)


def check_final_scores_table(page: Page, server: Server, match_id: str, players: int, labels: dict[str, str],
                             action_box: str) -> None:
    """The finished match's score table shows every seat's total as the server has it and one row per breakdown
    category (in the order the categories first appear), labelled by ``labels``; the status and the game's action
    box (CSS selector ``action_box``) say the game is over."""
    final = server.get(f"/api/matches/{match_id}/state")
    assert final["status"] == "finished"
    scores = final["scores"]
    assert scores and len(scores) == players
    table = page.locator("#scores table.scores")
    assert table.is_visible()
    assert "Ada" in table.locator("thead th").all_inner_texts()
    totals = table.locator("tr.total td").all_inner_texts()
    assert totals == [str(s["total"]) for s in scores], (totals, scores)
    rows = [text.strip() for text in table.locator("tbody tr:not(.total) th").all_inner_texts()]
    keys: list[str] = []
    for s in scores:
        keys += [k for k in s["breakdown"] if k not in keys]
    assert rows == [labels[k] for k in keys], (rows, keys)
    assert page.locator("#status").inner_text().startswith("Game over")
    assert "The game is over" in page.locator(action_box).inner_text()


def post_match(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    """Create a match through the API (``POST /api/matches`` with ``body``) and return the server's answer."""
    request = urllib.request.Request(server.url + "/api/matches", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        created: dict[str, Any] = json.load(answer)
    return created


def look_as_spectator(browser: Browser, server: Server, match_id: str, *, drawn: Callable[[Page], None],
                      absent: dict[str, str], shot: str, check: Callable[[Page, str], None]) -> None:
    """Another browser without a seat opens the match: once ``drawn(page)`` has waited for the game's board, none of
    the CSS selectors of ``absent`` may match (each names what a match would mean: a spectator offered choices, ...);
    then the screenshot ``shot`` and the game's page check ``check(page, shot)``."""
    context = browser.new_context(viewport={"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT}, base_url=server.url,
                                  locale="en-GB")
    try:
        watcher = context.new_page()
        watcher.goto(f"/m/{match_id}")
        drawn(watcher)
        for selector, meaning in absent.items():
            assert watcher.locator(selector).count() == 0, meaning
        screenshot(watcher, shot)
        check(watcher, shot)
    finally:
        context.close()
