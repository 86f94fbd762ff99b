"""Planet Unknown in a real browser, by clicking only: one human against three random bots, and a solo game.

The 4-player match (events and private objectives on) is created in the lobby. The human drops a private
objective, places tiles by picking a depot tile, turning it (R key / Turn button) and mirroring it (M key / Mirror
button) until the wanted orientation shows, pointing at the planet (the ghost must be green) and clicking; takes a
step back with Undo; resolves benefits on the tracks and on highlighted squares; deploys and moves a rover square
by square; turns the station as commander after a preview; keeps civ cards from the offer; confirms. The page is
reloaded mid-game and must resume, the language is switched to German and back, another player's planet is looked
at; the game is played to its end and the final score breakdown must show. Each first of a kind is saved as a
screenshot in test-output/screenshots/ (pu_*.png), and at each screenshot axe-core checks the page against the WCAG 2.1
A/AA rules (issue 17). A solo match is played to the end as well (its result line).

No browser: ``test_the_policy_reaches_every_feature`` plays the same policy on the engine against the same bots, so
a rules or bot change that keeps the seed from reaching a rover move (or a mirrored tile) shows there first.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, create_match_in_lobby, held_tokens, screenshot
from e2e_pu_helpers import PUDriver, check_accessible, create_match_by_api
from e2e_pu_policy import SEATS, SEED, SOLO_SEED, choose, moved_this_turn

from brassboard.bots import make_bot, seat_seed
from brassboard.engine import new_game
from brassboard.games.planet_unknown.view import static_figures, tile_orientations

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

OPTIONS = {"events": True, "private_objectives": True}
SCORE_LABELS = {"planet": "Planet: complete rows and columns", "tracks": "Track medals", "lifepods": "Lifepods",
                "meteorites": "Meteorites", "civ_cards": "Civ cards", "private_objectives": "Private objectives",
                "neighbor_objectives": "Neighbour objectives"}


def create(page: Page, seats: list[str], seed: int, options: dict[str, bool], shot: str) -> str:
    """Create the match in the lobby by clicking; the server must have taken the options as clicked."""
    match_id = create_match_in_lobby(page, "planet_unknown", seats, seed=seed, name="Ada", options=options, shot=shot)
    created = server_options(page, match_id)
    assert all(created.get(k) == v for k, v in options.items()), created
    return match_id


def server_options(page: Page, match_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate("async (id) => (await (await fetch('/api/matches/' + id)).json()).options",
                                           match_id)
    return answer


def play(page: Page, driver: PUDriver, *, prefix: str, extras: bool) -> dict[str, str]:
    """Play the human seat to the end; the first of each kind of decision is a screenshot."""
    shots: dict[str, str] = {}
    reloaded = undone = looked = german = False
    while True:
        state = driver.wait_turn(timeout=60)
        if state is None:
            break
        view = state["view"]
        if extras and view["round"] >= 2 and not reloaded:
            reload_and_resume(page, driver, state, prefix)
            reloaded = True
            continue
        if extras and view["round"] >= 3 and not german and view["phase"] == "tiles":
            german = True
            switch_language(page, prefix)
            continue
        if extras and view["round"] >= 2 and not looked:
            looked = True
            look_at_another_planet(page, prefix)
        action = choose(view, state["legal"], 0, state["version"], moved_this_turn(state["log"], 0))
        kind = action.split(" ")[0]
        shot = None
        if kind not in shots:
            shot = shots[kind] = f"{prefix}_{len(shots) + 1:02d}_{kind}"
        driver.act(action, state, shot=shot)
        if extras and kind == "place" and not undone:
            undone = True
            take_it_back(page, driver, state, prefix)
    if extras:
        assert reloaded and undone and looked and german, (reloaded, undone, looked, german)
    return shots


def take_it_back(page: Page, driver: PUDriver, before: dict[str, Any], prefix: str) -> None:
    """Undo the tile just placed: the shell's undo button, then the same decision again."""
    undo = page.locator("#undo")
    undo.wait_for(state="visible")
    screenshot(page, f"{prefix}_20_before_undo")
    check_accessible(page, "planet_unknown: a tile placed, before undo")
    tiles = len(before["view"]["players"][0]["tiles"])
    undo.click()
    # bots go on meanwhile (the tile phase is simultaneous): once the tile has left the planet, the page offers the
    # depot's tiles again
    page.locator(".pu-depots button.pu-depot.legal").first.wait_for(timeout=15_000)
    mine = driver.state()["view"]["players"][0]
    assert len(mine["tiles"]) == tiles and not mine["took_tile"], "undo did not take the tile back"


def reload_and_resume(page: Page, driver: PUDriver, state: dict[str, Any], prefix: str) -> None:
    version = state["version"]
    page.reload()
    page.locator(".pu-planetbox svg.pu-planet").wait_for()
    again = driver.wait_turn(timeout=20)
    assert again is not None and again["version"] >= version, "the reload lost the turn"  # bots act meanwhile
    assert "Ada" in page.locator("#seattabs").inner_text()
    assert page.locator("#log li").count() > 5, "the log did not come back after the reload"
    assert page.locator("#conn").inner_text().strip() == "live"
    assert page.locator(".pu-others button.pu-other").count() == len(state["view"]["players"])
    screenshot(page, f"{prefix}_50_after_reload")
    check_accessible(page, "planet_unknown: after a reload")


def switch_language(page: Page, prefix: str) -> None:
    page.locator('button.lang:text-is("DE")').click()
    page.locator('.pu-planethead h3:has-text("Dein Planet")').wait_for()
    assert "Runde" in page.locator(".pu-action").inner_text()
    screenshot(page, f"{prefix}_60_german")
    check_accessible(page, "planet_unknown: in German")
    page.locator('button.lang:text-is("EN")').click()
    page.locator('.pu-planethead h3:has-text("Your planet")').wait_for()


def look_at_another_planet(page: Page, prefix: str) -> None:
    page.locator('.pu-others button.pu-other[data-player="1"]').click()
    page.locator('.pu-planethead h3:has-text("Planet of")').wait_for()
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky action bar then stays on top in the full-page shot
    screenshot(page, f"{prefix}_55_other_planet")
    check_accessible(page, "planet_unknown: another player's planet")
    page.locator(".pu-planethead button.pu-back").click()
    page.locator('.pu-planethead h3:has-text("Your planet")').wait_for()


def check_final(page: Page, server: Server, match_id: str, players: int) -> None:
    final = server.get(f"/api/matches/{match_id}/state")
    assert final["status"] == "finished"
    scores = final["scores"]
    assert scores and len(scores) == players
    box = page.locator("#scores")
    assert box.is_visible()
    table = box.locator("table.scores")
    assert "Ada" in table.locator("thead th").all_inner_texts()
    totals = table.locator("tr.total td").all_inner_texts()
    assert totals == [str(s["total"]) for s in scores], (totals, scores)
    rows = [text.strip() for text in table.locator("tbody tr:not(.total) th").all_inner_texts()]
    wanted = [SCORE_LABELS[k] for k in scores[0]["breakdown"]]
    assert rows == wanted, (rows, wanted)
    assert page.locator("#status").inner_text().startswith("Game over")


def check_geometry(page: Page) -> None:
    """The UI turns the view's shapes into every tile type's orientations exactly as the server does."""
    figures = static_figures()
    tiles = figures["tiles"]
    got = page.evaluate("""async ([tiles, shapes]) => {
      const m = await import('/games/planet_unknown/ui/model.js');
      const view = {figures: {tiles, shapes}};
      return tiles.map((_, t) => m.orientations(view, t));
    }""", [tiles, figures["shapes"]])
    assert got == json.loads(json.dumps([tile_orientations(t) for t in range(len(tiles))]))


@pytest.mark.long
def test_planet_unknown_four_players_by_clicking(page: Page, e2e_server: Server) -> None:
    match_id = create(page, SEATS, SEED, OPTIONS, "pu_00_lobby")
    tokens = held_tokens(page, match_id)
    assert list(tokens) == ["0"], tokens
    page.locator(".pu-planetbox svg.pu-planet").wait_for()
    page.locator("svg.pu-station").wait_for()
    check_geometry(page)
    driver = PUDriver(page, e2e_server, match_id, 0, tokens["0"], show_illegal=True, axe=True)
    play(page, driver, prefix="pu", extras=True)
    how: dict[str, set[str]] = {}
    for action, route in driver.done:
        how.setdefault(action.split(" ")[0], set()).add(route)
    summary = sorted((k, sorted(v)) for k, v in how.items())
    assert any(r.startswith("tile") for r in how["place"]), summary
    assert driver.turned["key R"] and driver.turned["button turn"], driver.turned
    assert driver.turned["key M"] + driver.turned["button mirror"] >= 1, driver.turned
    assert any("rover" in r for r in how.get("rove", set())), f"no rover moved by clicking: {summary}"
    assert how.get("done") == {"button"}, summary
    assert {"track", "track menu"} & set().union(*(how.get(k, set()) for k in ("gain", "energy", "synergy", "advance")))
    assert how.get("turn") == {"station preview"}, summary
    check_final(page, e2e_server, match_id, 4)
    screenshot(page, "pu_90_final_scores")
    check_accessible(page, "planet_unknown: the final scores")
    # the replay viewer draws the public view (no legal actions, no depot of one's own)
    page.goto(f"/m/{match_id}/replay?at=40")
    page.locator(".pu-planetbox svg.pu-planet").wait_for()
    assert page.locator(".pu-others button.pu-other").count() == 4
    screenshot(page, "pu_91_replay")
    check_accessible(page, "planet_unknown: the replay viewer")


@pytest.mark.long
def test_planet_unknown_solo_by_clicking(page: Page, e2e_server: Server) -> None:
    match_id = create(page, ["human"], SOLO_SEED, {}, "pu_solo_00_lobby")
    tokens = held_tokens(page, match_id)
    page.locator(".pu-planetbox svg.pu-planet").wait_for()
    driver = PUDriver(page, e2e_server, match_id, 0, tokens["0"])
    assert "Solo target" in page.locator(".pu-solo").inner_text()
    play(page, driver, prefix="pu_solo", extras=False)
    check_final(page, e2e_server, match_id, 1)
    result = page.locator(".pu-solo.final").inner_text()
    final = e2e_server.get(f"/api/matches/{match_id}/state")["view"]["solo_result"]
    assert re.search(rf"{final['score']} points against the target {final['target']}", result), result
    assert final["rating"] in result, (final, result)
    screenshot(page, "pu_solo_90_final")


def test_the_policy_reaches_every_feature() -> None:
    """No browser: the same policy against the same bots on the engine reaches what the browser test checks."""
    state = new_game("planet_unknown", len(SEATS), seed=SEED, options=OPTIONS)
    bots = {seat: make_bot(kind.removeprefix("bot:"), "planet_unknown", seat_seed(SEED, seat))
            for seat, kind in enumerate(SEATS) if kind.startswith("bot:")}
    log: list[dict[str, Any]] = []
    kinds: set[str] = set()
    orientations: set[int] = set()
    while not state.is_over():
        active = state.active_players()
        seat = 0 if 0 in active else active[0]
        if seat in bots:
            action = str(bots[seat].choose(state, seat))
        else:
            view = state.view(0)
            legal = [str(a) for a in state.legal_actions(0)]
            action = choose(view, legal, 0, len(log), moved_this_turn(log, 0))
            assert action in legal
            kinds.add(action.split(" ")[0])
            if action.startswith("place "):
                orientations.add(int(action.split(" ")[4]))
        state.apply(seat, action)
        log.append({"seat": seat, "action": action})
    assert {"drop", "place", "gain", "deploy", "rove", "turn", "keep", "done"} <= kinds, kinds
    assert orientations & {1, 2, 3} and orientations & {4, 5, 6, 7}, orientations


JS_COVERING = """async ([message, depot]) => {
  const m = await import('/games/planet_unknown/ui/main.js?covering');
  const box = document.createElement('div');
  document.body.append(box);
  const sent = [];
  m.mount(box, { lang: 'en', seat: 0, send(text) { sent.push(text); } });
  const view = JSON.parse(JSON.stringify(message.view));
  const cells = view.depot_tiles[depot].orientations[0][1];
  const [x, y] = [3, 3];
  view.players[0].lifepods = [[x + cells[0][0], y + cells[0][1]]];  // under the tile's first square
  view.players[0].rovers = [];
  const place = `place ${depot} ${x} ${y} 0`;
  m.update({ ...message, version: 900, view, legal: [place] });
  box.querySelector(`button.pu-depot[data-depot="${depot}"]`).click();
  const [ax, ay] = box.querySelector('.pu-depots').dataset.anchor.split(',').map(Number);
  const square = () => box.querySelector(`.pu-planetbox rect.pu-sq[data-x="${x + ax}"][data-y="${y + ay}"]`);
  const steps = [];
  for (let i = 0; i < 3; i++) {
    square().dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const note = box.querySelector('.pu-note[data-covers]');
    steps.push({ sent: [...sent], warned: note ? note.textContent : null });
  }
  box.remove();
  return { place, steps };
}"""


def test_a_placement_that_destroys_a_lifepod_is_warned_of_first(page: Page, e2e_server: Server) -> None:
    """One click placed a tile over a lifepod, and only the log said it was lost: such a placement now says what it
    destroys and waits for a second try (a click, Enter or Place here)."""
    match_id = create_match_by_api(page, ["human"], SOLO_SEED, {}, ["Ada"])
    tokens = held_tokens(page, match_id)
    state = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", tokens["0"])
    depot = next(iter(state["view"]["depot_tiles"]))
    out = page.evaluate(JS_COVERING, [{**state, "seat": 0}, depot])
    first, second, third = out["steps"]
    assert first["sent"] == [] and first["warned"] is None, out  # the first click shows the tile there
    assert second["sent"] == [] and second["warned"] == ("Placing here destroys 1 lifepod under the tile. Place "
                                                         "again (click, Enter or “Place here”) to do it anyway."), out
    assert third["sent"] == [out["place"]], out


def test_what_lies_on_a_square_is_named_on_its_tooltip(page: Page, e2e_server: Server) -> None:
    """A lifepod's mark read as a "no entry" sign and its tooltip was empty: each lifepod, meteorite and rover of the
    player's planet names itself and what becomes of it."""
    match_id = create_match_by_api(page, ["human"], SOLO_SEED, {}, ["Ada"])
    view = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", held_tokens(page, match_id)["0"])["view"]
    x, y = view["players"][0]["lifepods"][0]
    square = page.locator(f'.pu-planetbox rect.pu-sq[data-x="{x}"][data-y="{y}"] title')
    square.wait_for(state="attached")
    tip = square.text_content()
    assert tip == "Lifepod: a rover that moves here collects it; a tile placed on it destroys it.", tip


JS_TRACKER_AT_THE_TOP = """async ([message]) => {
  const { GameHost } = await import('/static/gamehost.js');
  const module = await import('/games/planet_unknown/ui/main.js?top');
  const box = document.createElement('div');
  document.body.append(box);
  const host = new GameHost(box, module, { seat: 0 });
  // before the first tile: the prompt says where it must go
  const first = module.status({ ...message, status: 'running', legal: ['place inner 0 0 0'],
    view: { ...message.view, phase: 'tiles' } });
  // the civ tracker at its top, and a tile's civ advance still to take
  message.view.players[0].tracks[0] = 15;
  message.view.players[0].reach[0] = [];
  message.legal = ['gain civ'];
  host.update(message);
  const button = box.querySelector('button[data-action="gain civ"]');
  // a step that lands further than the next position (Cosmos jumps a lifepod): the rules' landing is shown
  message.view.players[0].tracks[1] = 4;
  message.view.players[0].reach[1] = [6, 7, 8];
  message.legal = ['gain water'];
  host.update(message);
  const jump = box.querySelector('button[data-action="gain water"]');
  const said = module.describe({ version: 9, seat: 0, action: 'gain civ',
    events: [{ type: 'no_step', player: 0, track: 'civ', position: 15 }] });
  const turned = module.describe({ version: 4, seat: 0, action: 'turn 1',
    events: [{ type: 'turn', player: 0, steps: 1 }] });
  box.remove();
  return { button: button ? button.textContent : null, jump: jump ? jump.textContent : null, said, first, turned };
}"""


def test_a_tracker_at_the_top_says_its_step_brings_nothing(page: Page, e2e_server: Server) -> None:
    """A newcomer was offered "Civ" on a full track and the log then read "gain civ": the button says the tracker is
    at the top, and the log says the step brought nothing (the rules' no_step event). The same newcomer learnt the
    first tile's rule only from the ghost turning red: the prompt says it."""
    match_id = create_match_by_api(page, ["human", "bot:random"], SEED, {}, ["Ada", None])
    token = held_tokens(page, match_id)["0"]
    state = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", token)
    shown = page.evaluate(JS_TRACKER_AT_THE_TOP, [{**state, "seat": 0}])
    assert shown["button"] and "at the top or blocked: no step" in shown["button"] and "→" not in shown["button"], shown
    assert shown["jump"] and shown["jump"].endswith("4→6"), shown  # the page once guessed 4→5
    assert shown["said"] == "Ada: Civ: no step (the tracker is at the top or its way is blocked)", shown
    assert shown["first"].endswith("Your first tile must touch the planet's edge."), shown
    assert shown["turned"] == "Ada: turns the station 1 step", shown  # it said "1 steps"


def test_each_board_says_its_medals_so_far(page: Page, e2e_server: Server) -> None:
    """A newcomer had no running score: each player's panel gives the medals if the game ended now (the rules'
    figure), its parts on the tooltip, and another player's says that hidden cards are not counted."""
    match_id = create_match_by_api(page, ["human", "bot:random"], SEED, {}, ["Ada", None])
    token = held_tokens(page, match_id)["0"]
    view = e2e_server.get(f"/api/matches/{match_id}/state?seat=0", token)["view"]
    lines = page.locator(".pu-other .pu-sofar")
    lines.first.wait_for()
    assert lines.count() == 2
    totals = [score["total"] for score in view["scores_so_far"]]
    assert lines.nth(0).inner_text() == f"{totals[0]} medals if the game ended now", lines.nth(0).inner_text()
    other = lines.nth(1).inner_text()  # the bot may have moved since: its figure is read, not compared
    assert re.fullmatch(r"\d+ medals if the game ended now(, hidden cards not counted)?", other), other
    lines.nth(1).scroll_into_view_if_needed()
    screenshot(page, "pu_medals_so_far", full_page=False)
