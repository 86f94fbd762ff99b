"""The session memory of tests/e2e/a11y.py: a page found clean is not checked again while it shows the same, a
page with a violation fails at every check, and a page that shows something new is checked anew."""

from __future__ import annotations

from typing import TYPE_CHECKING

import a11y
import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

CLEAN = ("<!doctype html><html lang='en'><head><title>clean</title></head>"
         "<body><main><h1>Clean</h1></main></body></html>")
# an image without a text alternative: axe-core's image-alt rule (WCAG 1.1.1, level A)
BROKEN = CLEAN.replace("<h1>Clean</h1>", "<h1>Clean</h1><img src='data:,' width='9' height='9'>")


def test_a_failing_page_fails_every_time_and_a_clean_one_is_checked_once(page: Page,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(a11y.EVERY_ENV, raising=False)
    # a memory of its own: the browser tests before this one in the worker found other pages and inks clean
    monkeypatch.setattr(a11y, "_CLEAN", set())
    monkeypatch.setattr(a11y, "_CLEAN_INKS", set())
    runs: list[int] = []
    parts: list[tuple[bool, bool]] = []  # (colour contrast checked, the other rules checked) of each run
    real = a11y.axe_violations

    def counted(*args: object, **kwargs: object) -> list[dict[str, object]]:
        runs.append(1)
        parts.append((bool(kwargs.get("contrast", True)), bool(kwargs.get("others", True))))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(a11y, "axe_violations", counted)
    page.set_content(BROKEN)
    for _ in range(2):
        with pytest.raises(AssertionError, match="image-alt"):
            a11y.assert_accessible(page, "a page with an image and no alt")
    assert len(runs) == 2, "a page with a violation is checked (and fails) each time"
    page.set_content(CLEAN)
    a11y.assert_accessible(page, "the same page, fixed")
    a11y.assert_accessible(page, "the same page again")
    assert len(runs) == 3, "a clean page is not checked again while it shows the same"
    page.set_content(CLEAN.replace("</main>", "<p class='new'>a new kind of element</p></main>"))
    a11y.assert_accessible(page, "the page with something new")
    assert len(runs) == 4, "a page that shows something new is checked again"
    assert parts[-1] == (True, True), "a new kind of element with its own text: every rule"
    # a new kind of element with no text nor background: every rule but colour contrast
    page.set_content(CLEAN.replace("</main>", "<p class='new'>a new kind of element</p><div role='note'></div></main>"))
    a11y.assert_accessible(page, "the page with a new element and no new colour")
    assert len(runs) == 5 and parts[-1] == (False, True), parts
    # the same elements in a new colour: colour contrast alone, and it finds the pale heading
    pale = CLEAN.replace("<h1>", "<h1 style='color:#ddd'>")
    page.set_content(pale)
    with pytest.raises(AssertionError, match="color-contrast"):
        a11y.assert_accessible(page, "a pale heading")
    assert len(runs) == 6 and parts[-1] == (True, False), parts
    # the same heading faded by an ancestor's opacity: a new ink too
    page.set_content(CLEAN.replace("<main>", "<main style='opacity:.3'>"))
    with pytest.raises(AssertionError, match="color-contrast"):
        a11y.assert_accessible(page, "a heading faded by its container")
    assert len(runs) == 7 and parts[-1] == (True, False), parts
