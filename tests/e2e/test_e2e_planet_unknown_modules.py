"""Planet Unknown's modules in a real browser (issue 15, "Browser" and "Proof"): special planets and corporations.

One human against a random bot, with ``planets: asymmetric`` and ``corporations: asymmetric`` set in the lobby's
option controls (selects from the game's options schema), played to the end by clicking: the set-up choice shows
the standard and the special side of each dealt board side by side (complexity, rule, a picture of the planet, the
corporation's tech abilities) and is answered with its buttons; the special sides are played. Then several planets
are opened with the option ``planet`` (every seat the same side: Tartarus with its chasm and crossings, Persephone's
quadrants, Cerberus' sub-planets, Lacuna's holes, Arashi's ring) and each corporation with ``corporation``: the
drawing must carry the board's features and its legend, the tech abilities their German text in German. axe-core
checks the page at each phase; every picture is saved in test-output/screenshots/ (pu_mod_*.png).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import Server, held_tokens, screenshot
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
    page.locator("details.options summary").click()
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
PLANETS = [name for name in static_figures()["planets"] if name != static_figures()["planet"]["name"]]


@pytest.mark.parametrize("planet", PLANETS)
def test_each_planet_drawn_from_its_data(page: Page, e2e_server: Server, planet: str) -> None:
    create_match_by_api(page, ["human", "bot:random"], SEED, {"planet": planet}, ["Ada", None])  # type: ignore[dict-item]
    board = page.locator(".pu-planetbox svg.pu-planet")
    board.locator(".pu-features").wait_for(state="attached")
    data: dict[str, Any] = static_figures()["planets"][planet]
    # the drawn squares are the planet's own, and each of its features is drawn
    assert page.locator(".pu-planetbox .pu-ground rect").count() == len(data["squares"])
    for field, selector in FEATURE.items():
        assert (board.locator(selector).count() > 0) == bool(data[field]), (planet, field)
    legend = page.locator(".pu-planetpanel .pu-legend").inner_text()
    assert planet in legend, legend
    if planet == "Tartarus":
        assert board.locator(".pu-crossing").count() == len(data["crossings"]) == 2
        assert board.locator(".pu-chasmline").count() == 1
        assert "chasm" in legend.lower(), legend
        # a crossing's end is named to a screen reader
        (ax, ay), _ = data["crossings"][0]
        label = page.locator(f'.pu-planetbox .pu-sq[data-x="{ax}"][data-y="{ay}"]').get_attribute("aria-label") or ""
        assert "crossing" in label, label
    screenshot(page, f"pu_mod_planet_{planet.lower()}")
    check_accessible(page, f"planet_unknown modules: planet {planet}")


CORPORATIONS = ["Oasis Ultd.", "Flux Industries", "Republic", "Cosmos Inc", "Horizon Group"]  # the playable specials


def test_each_corporation_with_its_tracks_and_techs(page: Page, e2e_server: Server) -> None:
    figures = static_figures()["corporations"]
    for n, name in enumerate(CORPORATIONS):
        create_match_by_api(page, ["human", "bot:random"], SEED, {"corporation": name}, ["Ada", None])  # type: ignore[dict-item]
        tracks = page.locator(".pu-trackbox")
        tracks.locator("svg.pu-tracks").wait_for()
        assert name in tracks.locator("h4").first.inner_text()
        texts = tracks.locator(".pu-techlevels li").all_inner_texts()
        assert len(texts) == len(figures[name]["tech"])
        assert figures[name]["tech"][0] in texts[0], texts
        if name == "Oasis Ultd.":
            assert tracks.locator(".pu-waterpath text").count() == len(figures[name]["water_path"])
            # the water tracker stands on its path's first cell, not on the water row's position 0 alone
            ring = tracks.locator("circle.pu-watertracker")
            assert ring.count() == 1 and ring.get_attribute("data-pos") == "0"
        if name == "Flux Industries":
            # Flux picks its track in the set-up step: one button per track
            page.locator('.pu-action button[data-action^="flux "]').first.wait_for()
            assert page.locator('.pu-action button[data-action^="flux "]').count() == 5
            screenshot(page, "pu_mod_flux_choice")
            page.locator('.pu-action button[data-action="flux water"]').click()
            tracks.locator(".pu-fluxmark").wait_for()
        screenshot(page, f"pu_mod_corp_{n}")
        check_accessible(page, f"planet_unknown modules: corporation {name}")
    # the tech abilities in German
    page.locator('button.lang:text-is("DE")').click()
    page.locator(".pu-trackbox .pu-techlevels li").first.wait_for()
    german = page.locator(".pu-trackbox .pu-techlevels li").first.inner_text()
    assert "Tracker" in german or "Rover" in german, german


def test_side_choice_by_keyboard(page: Page, e2e_server: Server) -> None:
    """The set-up choice without a pointer: Tab reaches each side's button, Enter plays it; the card then shows it
    chosen (a mark and words, not colour alone) while the choice stays open for the other board."""
    modules: Any = {"planets": "asymmetric", "corporations": "asymmetric"}
    create_match_by_api(page, ["human", "bot:random"], SEED, modules, ["Ada", None])
    page.locator(".pu-sidechoice button.pu-sidebtn").first.wait_for()
    page.locator("body").focus()
    wanted = '.pu-sidepair[data-kind="planet"] .pu-sidecard[data-side="special"] button.pu-sidebtn'
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => document.activeElement === document.querySelector(sel)", wanted):
            break
    else:
        raise AssertionError("Tab never reaches the special planet's button")
    page.keyboard.press("Enter")
    picked = page.locator('.pu-sidepair[data-kind="planet"] .pu-sidecard.picked[data-side="special"]')
    picked.wait_for()
    assert "chosen" in picked.inner_text()
    assert page.locator('.pu-sidepair[data-kind="corporation"] button.pu-sidebtn').count() == 2
    check_accessible(page, "planet_unknown modules: the planet's side chosen by keyboard")
