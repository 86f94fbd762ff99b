"""Age of Steam in a real browser, by clicking only: one human against two random bots on the Rust Belt map.

The 3-player match is created in the lobby. The human issues shares (buttons and the spinner), bids with the
spinner and drops out, uses the Turn Order pass, picks actions on the action cards and the action bar, builds track
by clicking a marked hex and a layout of its picker once its ghost shows on the map (a town tile and an upgrade
among them), takes a build back with the shell's Undo, places a new city (its letter, then its town), moves goods
by clicking a cube and a route once the route shows on the map, raises the locomotive, places production cubes on
the goods display, and passes. The page is reloaded mid-game and must resume; the language is switched to German
and back; a spectator's page shows the board without choices; the final score breakdown must show, and the replay
viewer draws the match. Each first of a kind is saved as a screenshot in test-output/screenshots/ (aos_*.png), and
axe-core checks the page there for WCAG 2.1 A/AA violations (the shell's connection badge and log left out).

No browser: ``test_the_policy_reaches_every_feature`` plays the same policy on the engine against the same bots, so
a rules or bot change that keeps the seed from reaching a feature shows there first.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from a11y import assert_accessible
from e2e_aos_helpers import AoSDriver
from e2e_aos_policy import SEATS, SEED, choose
from e2e_helpers import (
    Server,
    check_final_scores_table,
    create_match_in_lobby,
    held_tokens,
    look_as_spectator,
    screenshot,
)

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import new_game
from brassboard.games.age_of_steam.figures import ALL_HEXES, NEIGHBOURS, NO_HEX, label

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

GAME = "age_of_steam"
SCORE_LABELS = {"income": "Income × 3", "track": "Track in completed links", "shares": "Shares × −3",
                "eliminated": "Bankrupt (ranked last)"}
# what the human must have done by clicking (the policy test checks the seed reaches all of it)
FEATURES = {"issue", "bid", "drop", "turn-pass", "select", "build", "done", "urbanize", "move", "locomotive",
            "produce", "pass"}


def features(action: str, view: dict[str, Any]) -> set[str]:
    """The kinds of decision an action shows: its kind, and for builds a town tile or an upgrade."""
    kind, *args = action.split(" ")
    found = {kind}
    if kind == "build":
        if args[1].startswith("t"):
            found.add("town tile")
        if any(tile["hex"] == args[0] for tile in view["tiles"]):
            found.add("upgrade")
    return found


def map_of(view: dict[str, Any]) -> dict[str, str]:
    """Each hex's track and new city, as text to compare (not who owns the track: a link lost for not being
    extended changes its owners with nobody building)."""
    out = {tile["hex"]: json.dumps({k: v for k, v in tile.items() if k != "owners"}, sort_keys=True)
           for tile in view["tiles"]}
    for city in view.get("new_cities", []):
        out[city["hex"]] = out.get(city["hex"], "") + json.dumps(city, sort_keys=True)
    return out


def changed_hexes(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {hex_ for hex_ in before.keys() | after.keys() if before.get(hex_) != after.get(hex_)}


def play(page: Page, driver: AoSDriver, browser: Browser, server: Server, match_id: str) -> set[str]:
    """Play the human seat to the end; the first of each kind of decision is a screenshot."""
    seen: set[str] = set()
    reloaded = german = undone = spectated = False
    after_my_build: dict[str, str] | None = None  # the map as the human's last build decision left it
    others_built = 0  # move phases that began with the others' new track marked
    while True:
        state = driver.wait_turn(timeout=60)
        if state is None:
            break
        view = state["view"]
        if view["phase"] == "move" and after_my_build is not None:
            # what the others built since: ringed on the map, and nothing else (a newcomer could not tell)
            expected = changed_hexes(after_my_build, map_of(view))
            after_my_build = None
            shown = set(page.locator("svg.aos-map .aos-mark.fresh").evaluate_all("els => els.map(e => e.dataset.hex)"))
            assert shown == expected, (shown, expected)
            if expected:
                others_built += 1
                assert page.locator('.aos-legend [data-legend="fresh"]').is_visible()
                if others_built == 1:
                    screenshot(page, "aos_30_others_built")
        if view["round"] >= 2 and not reloaded:
            reloaded = True
            reload_and_resume(page, driver, state)
            continue
        if view["round"] >= 2 and view["phase"] == "move" and not german:
            german = True
            switch_language(page)
            continue
        if view["round"] >= 2 and not spectated:
            spectated = True
            spectator_sees_the_board(browser, server, match_id)
        action = choose(view, state["legal"], 0)
        kinds = features(action, view)
        new = sorted(kinds - seen)
        shot = f"aos_{len(seen) + 1:02d}_{new[0].replace(' ', '_')}" if new else None
        seen |= kinds
        driver.act(action, state, shot=shot)
        if view["phase"] == "build" and action == "done":
            after_my_build = map_of(view)
        if action.startswith("build ") and not undone:
            undone = True
            take_it_back(page, driver, state, action)
    assert reloaded and german and undone and spectated, (reloaded, german, undone, spectated)
    assert others_built, "the others never built between the human's build and move: the marks went untested"
    return seen


JS_SHOWS_VERSION = "(v) => Number(document.querySelector('#status')?.dataset.version) === v"
"""The page shows the match's state at version ``v`` (the shell writes it on #status for tests)."""


def take_it_back(page: Page, driver: AoSDriver, before: dict[str, Any], action: str) -> None:
    """Undo the build just made with the shell's Undo button, then make it again."""
    undo = page.locator("#undo")
    undo.wait_for(state="visible")
    screenshot(page, "aos_20_before_undo")
    undo.click()
    page.wait_for_function(JS_SHOWS_VERSION, arg=before["version"], timeout=15_000)  # the build taken back
    page.locator("#toasts .toast.ok", has_text="Move taken back.").wait_for()  # and the page says so
    assert driver.state()["version"] == before["version"], "undo did not take the build back"
    again = driver.wait_turn(timeout=20)
    assert again is not None and action in again["legal"], "the build is not offered again after the undo"
    assert again["view"]["build"] == before["view"]["build"], (again["view"]["build"], before["view"]["build"])
    page.locator(".aos-mark.build").first.wait_for(state="attached")
    driver.act(action, again)


def reload_and_resume(page: Page, driver: AoSDriver, state: dict[str, Any]) -> None:
    version = state["version"]
    page.reload()
    page.locator("svg.aos-map").wait_for()
    again = driver.wait_turn(timeout=20)
    assert again is not None and again["version"] >= version, "the reload lost the turn"
    assert "Ada" in page.locator("#seattabs").inner_text()
    assert page.locator("#log li").count() > 5, "the log did not come back after the reload"
    assert page.locator("#conn").inner_text().strip() == "live"
    assert page.locator(".aos-ptable tbody tr").count() == 3
    screenshot(page, "aos_50_after_reload")
    assert_accessible(page, "age_of_steam: aos_50_after_reload")


def switch_language(page: Page) -> None:
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.aos-phases li.on:text-is("Güter bewegen")').wait_for()
    assert "Runde" in page.locator(".aos-action").inner_text()
    assert "Anzeigetafel Güter" in page.locator(".aos-display h4").inner_text()
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "aos_60_german")
    assert_accessible(page, "age_of_steam: aos_60_german")
    page.locator('button.lang:text-is("EN")').click()
    page.locator('.aos-phases li.on:text-is("Move goods")').wait_for()


def spectator_sees_the_board(browser: Browser, server: Server, match_id: str) -> None:
    """Another browser without a seat: the board and the panels, no choices and no marks."""
    def drawn(watcher: Page) -> None:
        watcher.locator("svg.aos-map").wait_for()
        watcher.locator(".aos-ptable tbody tr").first.wait_for()

    def check(watcher: Page, shot: str) -> None:
        assert_accessible(watcher, f"age_of_steam: {shot}")

    look_as_spectator(browser, server, match_id, drawn=drawn,
                      absent={".aos-action .aos-choices": "a spectator is offered choices",
                              ".aos-mark": "a spectator is shown a legal-move mark"},
                      shot="aos_70_spectator", check=check)


def check_geometry(page: Page) -> None:
    """The page's hex neighbours (its route tracing and drawing rest on them) are the rules' neighbours."""
    got = page.evaluate("""async (hexes) => {
      const m = await import('/games/age_of_steam/ui/model.js');
      return Object.fromEntries(hexes.map((x) => [x, [0, 1, 2, 3, 4, 5].map((side) => m.neighbour(x, side))]));
    }""", [label(h) for h in ALL_HEXES])
    on_map = {label(h) for h in ALL_HEXES}
    want = {label(h): [label(n) if n != NO_HEX else None for n in NEIGHBOURS[h]] for h in ALL_HEXES}
    got = {x: [n if n in on_map else None for n in sides] for x, sides in got.items()}
    assert got == want


@pytest.mark.long
def test_age_of_steam_three_players_by_clicking(page: Page, browser: Browser, e2e_server: Server) -> None:
    match_id = create_match_in_lobby(page, GAME, SEATS, seed=SEED, name="Ada", shot="aos_00_lobby")
    tokens = held_tokens(page, match_id)
    assert list(tokens) == ["0"], tokens
    page.locator("svg.aos-map").wait_for()
    assert page.locator("svg.aos-map g.aos-hex").count() == 189
    check_geometry(page)
    driver = AoSDriver(page, e2e_server, match_id, 0, tokens["0"])
    seen = play(page, driver, browser, e2e_server, match_id)
    assert FEATURES | {"town tile", "upgrade"} <= seen, sorted(FEATURES | {"town tile", "upgrade"} - seen)
    how: dict[str, set[str]] = {}
    for action, route in driver.done:
        how.setdefault(action.split(" ")[0], set()).add(route)
    summary = sorted((k, sorted(v)) for k, v in how.items())
    assert how["build"] == {"hex, then layout"}, summary
    assert how["move"] == {"cube, then route"}, summary
    assert driver.routes_checked == len([a for a, _ in driver.done if a.startswith("move ")]) > 0
    assert "action card" in how["select"], summary
    assert any(r.startswith("spinner") for r in how["bid"]), summary
    check_final_scores_table(page, e2e_server, match_id, 3, SCORE_LABELS, ".aos-action")
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky action bar then stays on top in the full-page shot
    screenshot(page, "aos_90_final_scores")
    assert_accessible(page, "age_of_steam: aos_90_final_scores")
    page.goto(f"/m/{match_id}/replay?at=60")
    page.locator("svg.aos-map").wait_for()
    assert page.locator(".aos-ptable tbody tr").count() == 3
    screenshot(page, "aos_91_replay")
    assert_accessible(page, "age_of_steam: aos_91_replay")


def test_the_policy_reaches_every_feature() -> None:
    """No browser: the same policy against the same bots on the engine reaches what the browser test checks."""
    state = new_game(GAME, len(SEATS), seed=SEED)
    bots = {seat: make_bot(kind.removeprefix("bot:"), GAME, seat_seed(SEED, seat))
            for seat, kind in enumerate(SEATS) if kind.startswith("bot:")}
    seen: set[str] = set()
    while not state.is_over():
        seat = state.active_players()[0]
        if seat in bots:
            action = str(bots[seat].choose(state, seat))
        else:
            view = state.view(0)
            legal = [str(a) for a in state.legal_actions(0)]
            action = choose(view, legal, 0)
            assert action in legal, action
            seen |= features(action, view)
        state.apply(seat, action)
    assert FEATURES | {"town tile", "upgrade"} <= seen, sorted(FEATURES | {"town tile", "upgrade"} - seen)
