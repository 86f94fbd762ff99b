"""Accessibility checks for the browser tests: axe-core (from the maintained ``axe-playwright-python`` package, never
a copy in this repository) with the WCAG 2.0/2.1 A and AA rules, run on the page as it stands.

``assert_accessible(page, "planet_unknown: placing a tile")`` fails with every violated rule, its impact and the
elements it found, so a failure names what to fix.

axe-core takes a second or more on a game's page, and the browser games screenshot (and so check) the same phase
many times over. What axe-core has already found clean in this test session is therefore not checked again:
:func:`page_keys` names what the page shows. Its structure key holds its page (lobby, match, replay), language,
viewport and motion preference, and every kind of element drawn (tag, classes, role and ARIA attributes, hidden or
shown); its inks are every way text is drawn: the text's colour (an SVG text's fill and stroke), the background it
stands on (its own and its ancestors' up to the first opaque one, or an image; an SVG text's also the shape drawn
before it), its opacity with its ancestors' and whether it is large text; form controls count as text. A new phase,
panel, menu, dialog or marker makes a new structure key and a check of every rule but colour contrast; text in an ink
not yet found clean makes a check of colour contrast, which alone takes about four fifths of axe-core's time on a
game's page. Only a clean check is remembered, so a page with a violation fails at every check.
``BRASSBOARD_AXE_EVERY=1`` checks every rule at every call (the way to see that the keys skip nothing).
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
# what the page shows: its structure key and its inks (see the module's docstring); one evaluation, no layout change
JS_PAGE_KEYS = """() => {
  const kinds = new Set(), inks = new Set(), grounds = new Map(), fades = new Map();
  // the backgrounds an element's text is read on: its own and its ancestors' up to the first opaque one (a
  // see-through colour shows what is under it), or an image
  const ground = (el) => {
    if (!el || el.nodeType !== 1) return 'none';
    if (grounds.has(el)) return grounds.get(el);
    const style = getComputedStyle(el);
    const colour = style.backgroundColor;
    let found;
    if (style.backgroundImage !== 'none') found = `image ${style.backgroundImage}`;
    else if (colour === 'rgba(0, 0, 0, 0)') found = ground(el.parentElement);
    else if (colour.startsWith('rgba(')) found = `${colour} over ${ground(el.parentElement)}`;
    else found = colour;
    grounds.set(el, found);
    return found;
  };
  // the opacity the element is drawn with: its own times its ancestors'
  const fade = (el) => {
    if (!el || el.nodeType !== 1) return 1;
    if (!fades.has(el)) fades.set(el, Number(getComputedStyle(el).opacity) * fade(el.parentElement));
    return fades.get(el);
  };
  for (const el of document.querySelectorAll('body *')) {
    const shown = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const aria = el.getAttributeNames().filter((n) => n.startsWith('aria-') || n === 'role' || n === 'tabindex'
      || n === 'alt' || n === 'title' || n === 'for' || n === 'lang').sort()
      .map((n) => (n === 'role' || n === 'lang' || n === 'tabindex') ? `${n}=${el.getAttribute(n)}`
        : `${n}${el.getAttribute(n) ? '' : '=empty'}`);
    kinds.add(`${el.tagName}.${[...el.classList].sort().join('.')}[${aria.join(',')}]${shown ? '' : '~'}`);
    const control = el.matches('input, textarea, select');  // their text is no child node
    if (!shown || !(control || [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);  // axe-core's: 18pt, 14pt bold
    let ink = style.color;
    if (el instanceof SVGElement) {
      // an SVG text is read on the shape drawn before it in its group (a number on a coloured disc), if any
      let shape = el.previousElementSibling;
      while (shape && shape.tagName === 'text') shape = shape.previousElementSibling;
      ink = `fill ${style.fill} stroke ${style.stroke}` + (shape ? ` over ${getComputedStyle(shape).fill}` : '');
    }
    inks.add(`${ink} on ${ground(el)} ${fade(el).toFixed(2)}${large ? ' large' : ''}`);
  }
  const where = [location.pathname.replace(/\\/m\\/[^/]+/, '/m/*'), document.documentElement.lang,
    innerWidth, innerHeight, matchMedia('(prefers-reduced-motion: reduce)').matches];
  return [JSON.stringify([...where, [...kinds].sort()]), [...inks]];
}"""
CONTRAST_RULE = "color-contrast"

# what axe-core found clean in this test session (this process): pages' structure keys, and inks for contrast
_CLEAN: set[str] = set()
_CLEAN_INKS: set[str] = set()


@cache
def _axe_script() -> str:
    from axe_playwright_python.base import AXE_SCRIPT

    return AXE_SCRIPT


def axe_violations(page: Page, *, exclude: list[str] | None = None, contrast: bool = True,
                   others: bool = True) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2.1 A/AA rules on the page (``exclude``: CSS selectors left out);
    ``contrast`` or ``others`` False leaves out the colour-contrast rule or every other one."""
    context: dict[str, Any] | None = {"exclude": [[selector] for selector in exclude]} if exclude else None
    if not page.evaluate(JS_HAS_AXE):
        page.evaluate(_axe_script())
    options = AXE_OPTIONS
    if not others:
        options = {"runOnly": {"type": "rule", "values": [CONTRAST_RULE]}, "resultTypes": ["violations"]}
    elif not contrast:
        options = {**AXE_OPTIONS, "rules": {CONTRAST_RULE: {"enabled": False}}}
    violations: list[dict[str, Any]] = page.evaluate(JS_RUN_AXE, [context, options])
    return violations


def page_keys(page: Page, exclude: list[str] | None = None) -> tuple[str, set[str]]:
    """What the page shows, as far as the WCAG rules can tell pages apart: its structure key and its inks (see the
    module's docstring); what ``exclude`` leaves out is part of every key."""
    structure, inks = page.evaluate(JS_PAGE_KEYS)
    excluded = json.dumps(sorted(exclude or []))
    return f"{structure}|{excluded}", {f"{ink}|{excluded}" for ink in inks}


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
    found clean in this session while it showed the same (:func:`page_keys`) is not checked again."""
    every = os.environ.get(EVERY_ENV, "").strip() not in ("", "0")
    structure, inks = page_keys(page, exclude)
    others = every or structure not in _CLEAN
    contrast = every or not inks <= _CLEAN_INKS
    if not others and not contrast:
        return
    violations = axe_violations(page, exclude=exclude, contrast=contrast, others=others)
    assert not violations, f"accessibility violations on {where}:\n{describe_violations(violations)}"
    _CLEAN.add(structure)
    _CLEAN_INKS.update(inks)
