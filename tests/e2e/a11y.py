"""Accessibility checks for the browser tests: axe-core (from the maintained ``axe-playwright-python`` package, never
a copy in this repository) with the WCAG 2.0/2.1 A and AA rules, run on the page as it stands.

``assert_accessible(page, "planet_unknown: placing a tile")`` fails with every violated rule, its impact and the
elements it found, so a failure names what to fix.

axe-core takes a second or more on a game's page, and the browser games screenshot (and so check) the same phase
many times over. A page that axe-core has already found clean in this test session is therefore not checked again
while it shows the same thing: :func:`page_key` names what the page shows — its page (lobby, match, replay), its
language, viewport and motion preference, and every kind of element drawn (tag, classes, role and ARIA attributes,
hidden or shown) with the text colour it is drawn in. A new phase, panel, menu, dialog, marker or colour makes a new
key and a new check; only a clean check is remembered, so a page with a violation fails at every check.
``BRASSBOARD_AXE_EVERY=1`` checks at every call (the way to see that the keys skip nothing).
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
EVERY_ENV = "BRASSBOARD_AXE_EVERY"
AXE_OPTIONS: dict[str, Any] = {"runOnly": {"type": "tag", "values": WCAG_AA_TAGS}, "resultTypes": ["violations"]}

# a navigation drops the script: inject it only where the document has none
JS_HAS_AXE = "() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"
# only the violations come back: the passes and inapplicable rules are never serialised
JS_RUN_AXE = """([context, options]) => window.axe.run(context || document, options)
  .then((results) => results.violations)"""
# what the page shows, as a text: see the module's docstring; one evaluation, no layout change
JS_PAGE_KEY = """() => {
  const kinds = new Set();
  for (const el of document.querySelectorAll('body *')) {
    const shown = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const aria = el.getAttributeNames().filter((n) => n.startsWith('aria-') || n === 'role' || n === 'tabindex'
      || n === 'alt' || n === 'title' || n === 'for' || n === 'lang').sort()
      .map((n) => (n === 'role' || n === 'lang' || n === 'tabindex') ? `${n}=${el.getAttribute(n)}`
        : `${n}${el.getAttribute(n) ? '' : '=empty'}`);
    let ink = '';
    if (shown && [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) {
      const style = getComputedStyle(el);
      ink = `${style.color}/${style.backgroundColor}/${style.opacity}`;
    }
    kinds.add(`${el.tagName}.${[...el.classList].sort().join('.')}[${aria.join(',')}]${shown ? '' : '~'}${ink}`);
  }
  return JSON.stringify([location.pathname.replace(/\\/m\\/[^/]+/, '/m/*'), document.documentElement.lang,
    innerWidth, innerHeight, matchMedia('(prefers-reduced-motion: reduce)').matches, [...kinds].sort()]);
}"""

_CLEAN: set[str] = set()  # the keys of the pages axe-core found clean in this test session (this process)


@cache
def _axe_script() -> str:
    from axe_playwright_python.base import AXE_SCRIPT

    return AXE_SCRIPT


def axe_violations(page: Page, *, exclude: list[str] | None = None) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2.1 A/AA rules on the page (``exclude``: CSS selectors left out)."""
    context: dict[str, Any] | None = {"exclude": [[selector] for selector in exclude]} if exclude else None
    if not page.evaluate(JS_HAS_AXE):
        page.evaluate(_axe_script())
    violations: list[dict[str, Any]] = page.evaluate(JS_RUN_AXE, [context, AXE_OPTIONS])
    return violations


def page_key(page: Page, exclude: list[str] | None = None) -> str:
    """What the page shows, as far as the WCAG rules can tell pages apart (see the module's docstring)."""
    return f"{page.evaluate(JS_PAGE_KEY)}|{json.dumps(sorted(exclude or []))}"


def describe_violations(violations: list[dict[str, Any]]) -> str:
    lines = []
    for rule in violations:
        lines.append(f"- {rule['id']} ({rule.get('impact')}): {rule.get('help')}")
        for node in rule.get("nodes", [])[:8]:
            target = " ".join(str(part) for part in node.get("target", []))
            lines.append(f"    {target}: {node.get('failureSummary', '').splitlines()[-1].strip()}")
        if len(rule.get("nodes", [])) > 8:
            lines.append(f"    … and {len(rule['nodes']) - 8} more elements")
    return "\n".join(lines)


def assert_accessible(page: Page, where: str, *, exclude: list[str] | None = None) -> None:
    """Fail, naming each rule and element, when axe-core finds a WCAG 2.1 A/AA violation on the page; a page already
    found clean in this session while it showed the same (:func:`page_key`) is not checked again."""
    every = os.environ.get(EVERY_ENV, "").strip() not in ("", "0")
    key = page_key(page, exclude)
    if key in _CLEAN and not every:
        return
    violations = axe_violations(page, exclude=exclude)
    assert not violations, f"accessibility violations on {where}:\n{describe_violations(violations)}"
    _CLEAN.add(key)
