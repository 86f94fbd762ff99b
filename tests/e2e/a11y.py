"""Accessibility checks for the browser tests: axe-core (from the maintained ``axe-playwright-python`` package, never
a copy in this repository) with the WCAG 2.0/2.1 A and AA rules, run on the page as it stands.

``assert_accessible(page, "planet_unknown: placing a tile")`` fails with every violated rule, its impact and the
elements it found, so a failure names what to fix.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page: Page, *, exclude: list[str] | None = None) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2.1 A/AA rules on the page (``exclude``: CSS selectors left out)."""
    from axe_playwright_python.sync_playwright import Axe

    context: dict[str, Any] | None = {"exclude": [[selector] for selector in exclude]} if exclude else None
    options = {"runOnly": {"type": "tag", "values": WCAG_AA_TAGS}, "resultTypes": ["violations"]}
    results = Axe().run(page, context=context, options=options)
    violations: list[dict[str, Any]] = results.response.get("violations", [])
    return violations


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
    """Fail, naming each rule and element, when axe-core finds a WCAG 2.1 A/AA violation on the page."""
    violations = axe_violations(page, exclude=exclude)
    assert not violations, f"accessibility violations on {where}:\n{describe_violations(violations)}"
