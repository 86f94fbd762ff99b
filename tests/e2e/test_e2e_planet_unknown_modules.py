"""Planet Unknown's modules in a real browser (issue 15, "Browser" and "Proof"): special planets and corporations.

- One human against a random bot, with ``planets: asymmetric`` and ``corporations: asymmetric`` set in the lobby's
  option controls, played to the end by clicking: the set-up choice shows the standard and the special side of each
  dealt board side by side (complexity, rule, a picture of the planet, the corporation's tech abilities) and is
  answered with its buttons; the special sides are played.
- One page that draws every planet and every corporation in turn (a gallery over the page's own drawing code): each
  drawing carries its data's features, its rule on the special squares' tooltips and every tech ability on its
  milestones' or slots' tooltips, in English and German; a screenshot of each (pu_mod_board_*.png).
- Jump Drive, Wormhole Corp and Makeshift: a game's prefix is posted through the API (the engine finds one where
  seat 0 meets each of the corporation's own actions), and each of those actions is clicked on the corporation
  board — tech slots, rows, branches, climbs, trackers, ability lines — one of them by keyboard.
axe-core checks the pages on the way; screenshots go to test-output/screenshots/ (pu_mod_*.png).
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import SCREENSHOTS, Server, held_tokens, open_lobby_options, post_match, screenshot, tab_to
from e2e_planet_unknown_modules_pages import JS_DRAW_BOARD, JS_TECH_DE, module_path
from e2e_pu_helpers import PUDriver, check_accessible, create_match_by_api
from e2e_pu_policy import choose, moved_this_turn

from brassboard.games.planet_unknown.view import static_figures

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

SEED = 5


def create_module_match_in_lobby(page: Page, seats: list[str], seed: int, choices: dict[str, str]) -> str:
    """The lobby's form filled by clicking, the module options picked in their selects; the page is then on /m/ID."""
    page.goto("/")
    page.locator('#game option[value="planet_unknown"]').wait_for(state="attached")
    page.select_option("#game", "planet_unknown")
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f'select.seat-kind[data-seat="{i}"]', kind)
    open_lobby_options(page)
    for option, value in choices.items():
        select = page.locator(f'label.opt[data-option="{option}"] select')
        assert select.count() == 1, f"the lobby offers no control for the option {option!r}"
        select.select_option(label=value)
    page.fill("#seed", str(seed))
    screenshot(page, "pu_mod_00_lobby")
    check_accessible(page, "planet_unknown modules: the lobby's options")
    page.click("#create")
    page.wait_for_url(re.compile(r"/m/[^/?]+$"))
    found = re.search(r"/m/([^/?]+)$", page.url)
    assert found, page.url
    return found.group(1)


@pytest.mark.long
def test_module_game_played_to_the_end_by_clicking(page: Page, e2e_server: Server) -> None:
    match_id = create_module_match_in_lobby(page, ["human", "bot:random"], SEED,
                                            {"planets": "asymmetric", "corporations": "asymmetric"})
    options = page.evaluate("async (id) => (await (await fetch('/api/matches/' + id)).json()).options", match_id)
    assert options["planets"] == "asymmetric" and options["corporations"] == "asymmetric", options
    tokens = held_tokens(page, match_id)
    driver = PUDriver(page, e2e_server, match_id, 0, tokens["0"], axe=True)
    state = driver.wait_turn(timeout=60)
    assert state is not None
    dealt = state["view"]["players"][0]["dealt"]
    assert all(dealt), dealt
    # the set-up choice: standard and special side by side for both boards, with complexity and a button each
    choice = page.locator(".pu-sidechoice")
    choice.wait_for()
    figures = static_figures()
    for kind, special in zip(("planet", "corporation"), dealt, strict=True):
        pair = choice.locator(f'.pu-sidepair[data-kind="{kind}"]')
        assert pair.locator(".pu-sidecard").count() == 2
        card = pair.locator('.pu-sidecard[data-side="special"]')
        assert card.get_attribute("data-board") == special
        data = figures["planets" if kind == "planet" else "corporations"][special]
        assert f"complexity {data['complexity']} of 4" in card.inner_text()
        button = card.locator("button.pu-sidebtn")
        assert button.count() == 1
        # each of the four buttons names its board to a screen reader, after the words it shows
        label = f"Play this side: {kind.capitalize()} {special}: play the special side"
        assert button.get_attribute("aria-label") == label
    assert choice.locator('.pu-sidepair[data-kind="planet"] .pu-sidecard svg.pu-planet').count() == 2
    # the special corporation's board unfolds under its card, drawn from its data
    preview = choice.locator(".pu-sidepreview")
    preview.locator("summary").click()
    assert preview.locator(f'svg.pu-tracks[data-rule="{figures["corporations"][dealt[1]]["rule"]}"]').is_visible()
    screenshot(page, "pu_mod_01_side_choice")
    check_accessible(page, "planet_unknown modules: the set-up choice")
    # the same choice in German: complexity, rules and the corporations' tech abilities translated
    page.locator('button.lang:text-is("DE")').click()
    page.locator(".pu-sidechoice .pu-sidecard", has_text="Komplexität").first.wait_for()
    assert "Diese Seite spielen" in choice.inner_text()
    screenshot(page, "pu_mod_01_side_choice_de")
    check_accessible(page, "planet_unknown modules: the set-up choice in German")
    page.locator('button.lang:text-is("EN")').click()
    page.locator(".pu-sidechoice .pu-sidecard", has_text="complexity").first.wait_for()
    shots: dict[str, str] = {}
    while state is not None:
        legal = state["legal"]
        special = [a for a in legal if a.startswith("side ") and a.endswith(" special")]
        action = special[0] if special else choose(state["view"], legal, 0, state["version"],
                                                    moved_this_turn(state["log"], 0))
        kind = action.split(" ")[0]
        shot = None
        if kind not in shots:
            shot = shots[kind] = f"pu_mod_{len(shots) + 2:02d}_{kind}"
        driver.act(action, state, shot=shot)
        state = driver.wait_turn(timeout=60)
    final = e2e_server.get(f"/api/matches/{match_id}/state")["view"]
    me = final["players"][0]
    assert [me["planet"], me["corporation"]] == dealt, (me["planet"], me["corporation"], dealt)
    # both sides chosen with the set-up cards' buttons
    assert sorted(a for a, how in driver.done if a.startswith("side ") and how == "button") == [
        "side corporation special", "side planet special"], driver.done[:4]
    # the legend names the special sides played; the tracks' heading the corporation
    page.locator(".pu-legend").first.wait_for()
    legend = page.locator(".pu-planetpanel .pu-legend").inner_text()
    assert dealt[0] in legend and dealt[1] in legend, legend
    rule = figures["planets"][dealt[0]]["rule"]
    assert page.locator(f'.pu-planetbox svg.pu-planet .pu-features[data-rule="{rule}"]').count() == 1
    screenshot(page, "pu_mod_90_final")
    check_accessible(page, "planet_unknown modules: the final scores")


# what each special planet's drawing must carry (figures "planets"): its special squares, holes, quadrants, sub-planets
# or chasm; a planet whose rule has none of them (K-273, Oblivion, Pajitnov) is told by its outline and its legend
FEATURE = {"special": ".pu-features .pu-special", "holes": ".pu-features .pu-hole",
           "quadrants": ".pu-features .pu-forbid", "regions": ".pu-features .pu-region",
           "west": ".pu-chasm .pu-crossing"}
# what each special corporation's drawing must carry beyond the five tracks
CORP_FEATURE = {"water_path": ".pu-waterpath", "flux": ".pu-fluxmark", "lifepod_tracks": ".pu-trackpod",
                "branching_biomass": ".pu-branch", "columns": ".pu-mstracker", "tech_slots": ".pu-slot"}


# axe-core (slow) on a board of each kind of feature: special squares, sub-planets, holes, quadrants, the chasm, and
# each corporation drawn with parts of its own
AXE_BOARDS = {"Gaia", "Cerberus", "Lacuna", "Persephone", "Tartarus", "Cosmos Inc", "Flux Industries", "Jump Drive",
              "Makeshift", "Oasis Ultd.", "Wormhole Corp"}


def test_every_board_drawn_in_one_gallery(page: Page, e2e_server: Server) -> None:
    """All 13 planets and 9 corporations drawn one after the other on one page, in English and German: each with
    the features of its data, tooltips naming its rule (a planet's special squares) and every tech ability (a
    corporation's tech milestones or slots); axe-core on each; a screenshot of each (pu_mod_board_*.png)."""
    figures = static_figures()
    create_match_by_api(page, ["human", "bot:random"], SEED, {}, ["Ada", None])  # type: ignore[arg-type]
    gallery = page.locator("#pu-gallery")
    # every corporation's tech abilities in German too, level by level (strings_modules.js TECH_DE)
    german: dict[str, list[str]] = page.evaluate(JS_TECH_DE)
    for name, corp in figures["corporations"].items():
        assert len(german.get(name, [])) == len(corp["tech"]), name
        assert all(text.strip() and text not in corp["tech"] for text in german[name]), name
    boards = [("planet", name) for name in figures["planets"]] + [("corporation", n) for n in figures["corporations"]]
    for kind, name in boards:
        lang = "de" if name in ("Tartarus", "Jump Drive") else "en"  # German checked on two boards
        drawn = page.evaluate(JS_DRAW_BOARD, {"kind": kind, "name": name, "lang": lang})
        data: dict[str, Any] = figures["planets" if kind == "planet" else "corporations"][name]
        if kind == "planet":
            assert gallery.locator(".pu-ground rect").count() == len(data["squares"]), name
            for field, selector in FEATURE.items():
                assert (gallery.locator(selector).count() > 0) == bool(data[field]), (name, field)
            if data["special"]:  # each special square tells its rule on hover
                assert drawn["titles"].count(drawn["ruleText"]) == len(data["special"]), name
            if name == "Tartarus":
                assert gallery.locator(".pu-crossing").count() == 2 and gallery.locator(".pu-chasmline").count() == 1
        else:
            assert gallery.locator("g.pu-trackrow").count() == 5, name
            feature = CORP_FEATURE.get(data["rule"])
            if feature:
                assert gallery.locator(feature).count() > 0, (name, feature)
            # every tech ability is named: on its milestone's tooltip, or its slot's (Jump Drive)
            tech = data["tech"] if lang == "en" else german[name]
            for level, text in enumerate(tech, start=1):
                assert any(text in t for t in drawn["titles"]), (name, level, text)
            assert gallery.locator("ol li").count() == len(data["tech"])
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        gallery.screenshot(path=str(SCREENSHOTS / f"pu_mod_board_{kind}_{slug(name)}.png"))
        if name in AXE_BOARDS:
            check_accessible(page, f"planet_unknown modules: the {kind} {name} drawn")
    # the rover track's step beyond the top is drawn on every corporation
    assert gallery.locator(".pu-overflow").count() == 1


def test_board_squares_name_their_planet_rule(page: Page, e2e_server: Server) -> None:
    """On the planet you play, a square at a crossing of Tartarus' chasm names the crossing to a screen reader and in
    its tooltip."""
    create_match_by_api(page, ["human", "bot:random"], SEED, {"planet": "Tartarus"}, ["Ada", None])  # type: ignore[dict-item]
    (ax, ay), (bx, by) = static_figures()["planets"]["Tartarus"]["crossings"][0]
    square = page.locator(f'.pu-planetbox .pu-sq[data-x="{ax}"][data-y="{ay}"]')
    words = f"crossing over the chasm between squares {ax + 1},{ay + 1} and {bx + 1},{by + 1}"
    assert words in (square.get_attribute("aria-label") or "")
    assert words in (square.locator("title").text_content() or "")


# each special corporation's own actions, clicked on its board (a game's prefix posted through the API)
CORP_ACTIONS = {
    "Jump Drive": {"slot", "patch_synergy", "synergy twice", "claim_row", "draw_objectives", "share"},
    "Wormhole Corp": {"branch", "biomass_reset", "patch_twice"},
    "Makeshift": {"gain", "climb", "makeshift_regress", "regress"},
}


@pytest.mark.parametrize("name", list(CORP_ACTIONS))
def test_corporation_actions_clicked_on_its_board(page: Page, e2e_server: Server, name: str) -> None:
    seed, actions, found = module_path(name, CORP_ACTIONS[name])
    created = post_match(e2e_server, {"game": "planet_unknown", "players": 2, "seats": ["human", "human"],
                                      "seed": seed, "options": {"corporation": name}, "names": ["Ada", "Bea"]})
    match_id = created["id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem('brassboard.tokens', JSON.stringify({[id]: {'0': token}}))",
                  [match_id, tokens[0]])
    page.goto(f"/m/{match_id}")
    page.locator(".pu-trackbox svg.pu-tracks").wait_for()
    driver = PUDriver(page, e2e_server, match_id, 0, tokens[0])
    clicks = set(found.values())
    version = int(e2e_server.get(f"/api/matches/{match_id}/state?seat=0", tokens[0])["version"])
    for index, (seat, action) in enumerate(actions):
        if index not in clicks:
            version = post_action(e2e_server, match_id, tokens[seat], seat, action, version)
            continue
        state = driver.wait_turn(timeout=30)
        assert state is not None and action in state["legal"], (action, state and state["legal"])
        kind = action.split(" ")[0]
        if kind == "branch":  # by keyboard: the board's control takes focus and Enter plays it
            control = page.locator(f'.pu-trackbox .pu-tctl[data-action="{action}"]')
            assert control.get_attribute("tabindex") == "0" and control.get_attribute("role") == "button"
            control.focus()
            page.keyboard.press("Enter")
            driver._wait_past(int(state["version"]), action)
            driver.done.append((action, "board by keyboard"))
        else:
            driver.act(action, state, shot=f"pu_mod_act_{slug(name)}_{kind}")
        version = int(driver.state()["version"])
    hows = dict(driver.done)
    # every module action went through the corporation's board (or its tech line, or the offered cards)
    assert all(how != "button" or a.startswith("share") for a, how in driver.done), driver.done
    assert len(hows) == len(CORP_ACTIONS[name]), hows
    screenshot(page, f"pu_mod_act_{slug(name)}_after")
    check_accessible(page, f"planet_unknown modules: {name}'s actions")


def post_action(server: Server, match_id: str, token: str, seat: int, action: str, version: int) -> int:
    """Post one action through the API; the version after it."""
    body = json.dumps({"seat": seat, "action": action, "version": version}).encode()
    request = urllib.request.Request(f"{server.url}/api/matches/{match_id}/actions", data=body, method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return int(json.load(answer)["version"])


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def test_side_choice_by_keyboard(page: Page, e2e_server: Server) -> None:
    """The set-up choice without a pointer: Tab reaches each side's button, Enter plays it; the card then shows it
    chosen (a mark and words, not colour alone) while the choice stays open for the other board."""
    modules: Any = {"planets": "asymmetric", "corporations": "asymmetric"}
    create_match_by_api(page, ["human", "bot:random"], SEED, modules, ["Ada", None])
    page.locator(".pu-sidechoice button.pu-sidebtn").first.wait_for()
    page.locator("body").focus()
    wanted = '.pu-sidepair[data-kind="planet"] .pu-sidecard[data-side="special"] button.pu-sidebtn'
    tab_to(page, wanted, limit=60, direction="forward")
    page.keyboard.press("Enter")
    picked = page.locator('.pu-sidepair[data-kind="planet"] .pu-sidecard.picked[data-side="special"]')
    picked.wait_for()
    assert "chosen" in picked.inner_text()
    assert page.locator('.pu-sidepair[data-kind="corporation"] button.pu-sidebtn').count() == 2
    check_accessible(page, "planet_unknown modules: the planet's side chosen by keyboard")
