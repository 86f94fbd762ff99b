"""A seat of a Planet Unknown match played by clicking (and a few key presses), for the browser test.

:class:`PUDriver` reads the seat's state from the API like :class:`e2e_helpers.SeatDriver` and carries an action out
through the element of the page meant for it: a depot tile picked up, turned and mirrored (with the R / M keys or
the Turn / Mirror buttons), moved over the planet and dropped; squares of the planet (patch, deploy, collect, …);
rovers picked and moved square by square; tracks clicked for benefits; medals for clearing a line; cards of an
offer; the station's step buttons and the confirm button. It never posts an action itself.

``touch=True`` does the same with taps on a touch-screen profile: a tile is previewed by a first tap on a square and
placed with the "Place here" button (nothing hovers). ``axe=True`` runs axe-core at each screenshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from a11y import assert_accessible
from e2e_helpers import SeatDriver, screenshot

SQUARE_KINDS = {"patch", "deploy", "collect", "destroy", "meteorite"}
# the special corporations' actions clicked on their board (tracks.js) and on their tech abilities' lines
BOARD_KINDS = {"branch", "biomass_reset", "climb", "slot", "patch_synergy", "draw_objectives", "claim_row"}
TECH_USE_KINDS = {"patch_twice", "makeshift_regress", "flux_milestone", "flux_advance", "horizon_advance",
                  "relocate_three", "relocate_one"}
TRACK_KINDS = {"gain", "energy", "synergy", "advance", "regress"}
PLANET = ".pu-planetbox svg.pu-planet.interactive"


def check_accessible(page: Any, where: str) -> None:
    """axe-core's WCAG 2.1 A/AA rules on the Planet Unknown match page as it stands."""
    assert_accessible(page, where)


# a square's (or a track's) menu opened, or the page shows a newer state than v
JS_MENU_OR_NEWER = """(v) => !!document.querySelector('.pu-menu')
  || Number(document.querySelector('#status')?.dataset.version) > v"""


@dataclass
class PUDriver(SeatDriver):
    show_illegal: bool = False  # the first placement also shows the red ghost over a wrong spot
    use_keys: bool = True  # alternates between the keys and the buttons for turning and mirroring tiles
    touch: bool = False  # tap instead of click and hover (a touch-screen profile)
    axe: bool = False  # axe-core at each screenshot
    turned: dict[str, int] = field(default_factory=lambda: {"key R": 0, "key M": 0, "button turn": 0,
                                                           "button mirror": 0})

    def act(self, action: str, state: dict[str, Any], *, shot: str | None = None) -> None:
        assert action in state["legal"], (action, state["legal"])
        version = state["version"]
        kind, *args = action.split(" ")
        if kind == "place":
            how = self._place(action, args, shot)
        elif kind in SQUARE_KINDS:
            how = self._square(action, int(args[0]), int(args[1]), shot)
        elif kind in ("rove", "teleport"):
            how = self._rover(action, int(args[0]), int(args[1]), int(args[2]), shot)
        elif kind in TRACK_KINDS:
            how = self._track(action, args[0], shot)
        elif kind == "turn":
            how = self._turn(action, int(args[0]), shot)
        elif kind in BOARD_KINDS:
            how = self._on_board(action, shot)
        elif kind in TECH_USE_KINDS:
            use = self.page.locator(f'.pu-trackbox button.pu-techuse[data-action="{action}"]')
            assert use.count() == 1, f"no tech ability line offers {action!r}"
            self._shoot(shot)
            self._press(use)
            how = "tech ability"
        elif kind == "clear":
            medal = self.page.locator(f'{PLANET} g.pu-medal.legal[data-action="{action}"]')
            assert medal.count() == 1, f"no medal offers {action!r}"
            self._shoot(shot)
            self._press(medal)
            how = "medal"
        else:
            how = self._button(action, shot)
        self._wait_past(version, action)
        self.done.append((action, how))

    def _press(self, target: Any) -> None:
        """A click, or a tap on a touch screen."""
        if self.touch:
            target.tap()
        else:
            target.click()

    def _shoot(self, shot: str | None) -> None:
        super()._shoot(shot)
        if shot and self.axe:
            check_accessible(self.page, shot)

    def _button(self, action: str, shot: str | None) -> str:
        target = self.page.locator(f'.pu-root [data-action="{action}"]:visible')
        assert target.count(), f"no element of the page offers {action!r}"
        self._shoot(shot)
        self._press(target.first)
        return "button"

    # --- tiles ------------------------------------------------------------------------------------------------
    def _orientation(self) -> int | None:
        value = self.page.locator(".pu-depots").get_attribute("data-orientation")
        return int(value) if value not in (None, "") else None

    def _place(self, action: str, args: list[str], shot: str | None) -> str:
        depot, x, y, o = args[0], int(args[1]), int(args[2]), int(args[3])
        tray = self.page.locator(".pu-depots")
        if tray.get_attribute("data-selected") != depot:
            self._press(self.page.locator(f'button.pu-depot[data-depot="{depot}"]'))
            self.page.wait_for_function(
                "(d) => document.querySelector('.pu-depots')?.dataset.selected === d", arg=depot)
        steps: list[str] = []
        for mirror in (False, True):
            if mirror and self._orientation() != o:
                steps.append(self._rotate("mirror"))
            for _ in range(4):
                if self._orientation() == o:
                    break
                steps.append(self._rotate("turn"))
            if self._orientation() == o:
                break
        assert self._orientation() == o, f"orientation {o} not reached by turning and mirroring: {steps}"
        anchor = tray.get_attribute("data-anchor")
        assert anchor, "the tray names no anchor square"
        ax, ay = (int(v) for v in anchor.split(","))
        if self.show_illegal:  # once: the ghost over a spot where the tile does not fit must be red
            self.show_illegal = False
            self._illegal_ghost(depot, o, ax, ay)
        square = self.page.locator(f'{PLANET} rect.pu-sq[data-x="{x + ax}"][data-y="{y + ay}"]')
        assert square.count() == 1, f"no square ({x + ax}, {y + ay}) for {action!r}"
        if self.touch:  # a first tap previews the tile there (it must stay: no hover on a touch screen)
            square.tap()
        else:
            square.hover()
        ghost = self.page.locator(f"{PLANET} g.pu-ghost")
        self.page.wait_for_function(f"() => document.querySelector('{PLANET} g.pu-ghost')?.dataset.ok === '1'")
        assert ghost.get_attribute("data-ok") == "1", "the ghost is not green over a legal spot"
        self._shoot(shot)
        before = self.ui_version()
        if self.touch:
            place = self.page.locator('button.pu-placehere[data-tool="place"]')
            assert place.is_enabled(), "the previewed legal spot does not enable Place here"
            place.tap()
            if warned_of_losses(self.page, before):
                place.tap()
        else:
            square.click()
            if warned_of_losses(self.page, before):
                square.click()
        self.use_keys = not self.use_keys
        return "tile" + (f" ({', '.join(steps)})" if steps else "") + (" tapped" if self.touch else "")

    def _illegal_ghost(self, depot: str, o: int, ax: int, ay: int) -> None:
        legal = set(self.state()["legal"])
        for ty in range(12):
            for tx in range(12):
                if f"place {depot} {tx} {ty} {o}" in legal:
                    continue
                square = self.page.locator(f'{PLANET} rect.pu-sq[data-x="{tx + ax}"][data-y="{ty + ay}"]')
                if not square.count():
                    continue
                square.hover()
                self.page.wait_for_function(
                    f"() => document.querySelector('{PLANET} g.pu-ghost')?.dataset.ok === '0'")
                screenshot(self.page, "pu_03_ghost_illegal")
                square.click()  # refused by the page itself: a note, no action sent
                self.page.locator(".pu-note").wait_for()
                return
        raise AssertionError("no illegal spot found for the ghost")

    def _rotate(self, how: str) -> str:
        before = self._orientation()
        if self.use_keys and not self.touch:
            key = "r" if how == "turn" else "m"
            self.page.keyboard.press(key)
            label = f"key {key.upper()}"
        else:
            self._press(self.page.locator(f'button.pu-rot[data-tool="{"rotate" if how == "turn" else "mirror"}"]'))
            label = f"button {how}"
        self.turned[label] += 1
        # a turn of a symmetric tile may show the same orientation: that is fine
        del before
        return label

    # --- squares and rovers -----------------------------------------------------------------------------------
    def _click_square(self, action: str, x: int, y: int, shot: str | None) -> str:
        square = self.page.locator(f'{PLANET} rect.pu-sq[data-x="{x}"][data-y="{y}"]')
        assert square.count() == 1, f"no square ({x}, {y}) for {action!r}"
        assert "target" in (square.get_attribute("class") or ""), f"square ({x}, {y}) is not highlighted for {action!r}"
        return self._click_maybe_menu(square, action, f"the menu of ({x}, {y})", "square", shot)

    def _click_maybe_menu(self, target: Any, action: str, what: str, how: str, shot: str | None) -> str:
        """Click ``target``; where it opens a menu (several actions there), pick ``action`` from it."""
        self._shoot(shot)
        version = self.state()["version"]
        self._press(target)
        self.page.wait_for_function(JS_MENU_OR_NEWER, arg=version)
        menu = self.page.locator(".pu-menu")
        if menu.count():
            item = menu.locator(f'.pu-menuitem[data-action="{action}"]')
            assert item.count() == 1, f"{what} does not offer {action!r}: {menu.inner_text()}"
            self._press(item)
            return f"{how} menu"
        return how

    def _square(self, action: str, x: int, y: int, shot: str | None) -> str:
        return self._click_square(action, x, y, shot)

    def _rover(self, action: str, rover: int, x: int, y: int, shot: str | None) -> str:
        planet = self.page.locator(PLANET)
        how = "rover preselected"
        if planet.get_attribute("data-selected-rover") != str(rover):
            square = self.page.locator(f'{PLANET} rect.pu-sq[data-rover="{rover}"]')
            assert square.count() == 1, f"rover {rover} is not on the planet"
            self._press(square)
            menu = self.page.locator(".pu-menu")
            if menu.count():
                self._press(menu.locator(f'.pu-menuitem[data-rover="{rover}"]'))
            self.page.wait_for_function(
                f"() => document.querySelector('{PLANET}')?.dataset.selectedRover === '{rover}'")
            how = "rover clicked"
        return how + ", then " + self._click_square(action, x, y, shot)

    # --- tracks and the station ---------------------------------------------------------------------------------
    def _on_board(self, action: str, shot: str | None) -> str:
        """A special corporation's action on its board: a control of its own, or one offering it in a menu."""
        own = self.page.locator(f'.pu-trackbox .pu-tctl[data-action="{action}"]')
        if own.count():
            self._shoot(shot)
            self._press(own.first)
            return "board"
        shared = self.page.locator(f'.pu-trackbox .pu-tctl[data-actions*="|{action}|"]')
        assert shared.count(), f"the corporation board offers no {action!r}"
        return self._click_maybe_menu(shared.first, action, f"the board's menu for {action!r}", "board", shot)

    def _track(self, action: str, track: str, shot: str | None) -> str:
        row = self.page.locator(f'.pu-trackbox g.pu-trackrow.legal[data-track="{track}"]')
        if not row.count():  # Makeshift: the tracker itself, wherever it stands
            row = self.page.locator(f'.pu-trackbox .pu-tctl[data-track="{track}"]')
        if not row.count():
            return self._button(action, shot)
        return self._click_maybe_menu(row, action, f"the {track} menu", "track", shot)

    def _turn(self, action: str, steps: int, shot: str | None) -> str:
        self._press(self.page.locator(f'.pu-action button.pu-step[data-turn="{steps}"]'))
        confirm = self.page.locator(f'.pu-action button[data-action="{action}"]')
        confirm.wait_for()
        self.page.locator(".pu-previewnote").wait_for() if steps else None
        self._shoot(shot)
        self._press(confirm)
        return "station preview"


def warned_of_losses(page: Any, before: int) -> bool:
    """After a placement was made: True when the page warned that it destroys lifepods or rovers (then it waits for
    a second try), False once the placement went through."""
    page.wait_for_function("(v) => Number(document.querySelector('#status')?.dataset.version) !== v"
                           " || !!document.querySelector('.pu-note[data-covers]')", arg=before, timeout=15_000)
    return bool(page.locator(".pu-note[data-covers]").count())


def shoot(page: Any, name: str) -> None:
    screenshot(page, name)


# a match created through the API from inside the page (no pointer involved), its seat tokens kept in localStorage
# exactly as the lobby keeps them, then the match page opened
JS_CREATE_MATCH = """async (body) => {
  const answer = await fetch('/api/matches', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                              body: JSON.stringify(body)});
  if (!answer.ok) throw new Error('match not created: ' + answer.status + ' ' + await answer.text());
  const created = await answer.json();
  const all = JSON.parse(localStorage.getItem('brassboard.tokens') || '{}');
  all[created.id] = {};
  for (const seat of created.seats || []) if (seat.token) all[created.id][String(seat.seat)] = seat.token;
  localStorage.setItem('brassboard.tokens', JSON.stringify(all));
  return created.id;
}"""


def create_match_by_api(page: Any, seats: list[str], seed: int, options: dict[str, bool],
                        names: list[str | None]) -> str:
    """A Planet Unknown match made without the lobby's form; the page is then on /m/ID with its planet drawn."""
    page.goto("/")
    body = {"game": "planet_unknown", "players": len(seats), "seats": seats, "seed": seed, "options": options,
            "names": names}
    match_id = str(page.evaluate(JS_CREATE_MATCH, body))
    page.goto(f"/m/{match_id}")
    page.locator(".pu-planetbox svg.pu-planet").wait_for()
    return match_id


def words_broken(page: Any) -> list[str]:
    """Words of the Planet Unknown page that a line break splits in the middle (none: German labels wrap whole).
    The same measure as the Planet Steam test's, over this page's root."""
    from e2e_ps_helpers import JS_WORDS_BROKEN

    return list(page.evaluate(JS_WORDS_BROKEN.replace("'.ps-root'", "'.pu-root'")))
