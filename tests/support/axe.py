"""Accessibility checks in a real page, shared by the browser tests that walk every page and tab
(tests/browser/test_browser_layout.py) and the accessibility module (tests/browser/test_browser_a11y.py):
axe-core (the npm package, tests/js) for the WCAG 2.0 and 2.1 A and AA rules, and every chart a keyboard
stop with a text alternative."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bench.harness.browser import REPO_ROOT, WAIT_MS

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE_JS = REPO_ROOT / "tests" / "js" / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail a test (axe's scale: minor, moderate, serious, critical).
FAILING = ("serious", "critical")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# A promise Playwright would wait on forever: bounded here so a stuck run fails with a message.
_RUN_AXE = """async ([tags, ms]) => {
  const result = await Promise.race([
    axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']}),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`axe.run took over ${ms} ms`)), ms)),
  ]);
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), impact: n.impact,
      summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 240)}))}));
}"""

#: Until every chart of the main area is drawn by Plotly (a tab without charts passes at once).
DRAWN_JS = (
    "() => [...document.querySelectorAll('[data-testid=stMain] .al-plot')]"
    ".every((el) => el._fullData && el._fullData.length)"
)

#: Each drawn chart of the main area: its key, whether the keyboard reaches it, its role and label.
_CHARTS_JS = """() => [...document.querySelectorAll('[data-testid=stMain] .al-plot')].map((el) => ({
  key: (el.closest('[class*="st-key-"]') || {className: ''}).className.match(/st-key-(\\S+)/)?.[1] || '?',
  tabindex: el.getAttribute('tabindex'), role: el.getAttribute('role'),
  label: el.getAttribute('aria-label') || ''}))"""


def styled(page: Page, lang: str) -> None:
    """Wait for the document's language and the page's stylesheet (viz.ui.page_style: it arrives up to a
    second after the run reports idle). axe must not judge a page before its colours are set."""
    page.wait_for_function(
        "(lang) => document.documentElement.lang === lang"
        " && [...document.querySelectorAll('style')].some((s) => s.textContent.includes('keep-all'))",
        arg=lang,
        timeout=WAIT_MS,
    )


def violations(page: Page, where: str) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one readable line per rule."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    found: list[dict[str, Any]] = page.evaluate(_RUN_AXE, [TAGS, WAIT_MS])
    lines = []
    for v in found:
        nodes = [n for n in v["nodes"] if (n["impact"] or v["impact"]) in FAILING]
        if not nodes:
            continue
        targets = "; ".join(n["target"] for n in nodes[:5]) + (
            f"; ... {len(nodes)} in all" if len(nodes) > 5 else ""
        )
        lines.append(f"{where}: {v['impact']} {v['id']} ({v['help']}): {targets}\n    {nodes[0]['summary']}")
    return lines


def charts_unlabelled(page: Page, where: str) -> list[str]:
    """Charts of the main area that the keyboard cannot reach or that have no text alternative."""
    bad = []
    for chart in page.evaluate(_CHARTS_JS):
        if chart["tabindex"] != "0" or chart["role"] not in ("img", "figure") or not chart["label"].strip():
            bad.append(f"{where}: chart {chart['key']}: {chart}")
    return bad
