"""Accessibility in a real headless Chromium: axe-core (the npm package, tests/js) finds no serious or
critical violation of the WCAG 2.0 and 2.1 A and AA rules, and every chart is reachable by keyboard and
carries a text alternative (its computed summary, viz.figures.summary).

Every page with sections is checked on every one of its tabs, in English and Korean, in the normal view
and the presenter view, by the walk of tests/browser/test_browser_layout.py (one walk for the layout and
these checks: tests/support/axe.py). This module checks the pages without sections (the home page and
the lesson) the same way, that axe is installed, and that the keyboard reaches a chart.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    new_page,
    open_tab,
    wait_for_idle,
)
from tests.support.axe import AXE_JS, DRAWN_JS, charts_unlabelled, styled, violations
from tests.support.sections import SECTIONS
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: Every page, by its address ("" is the home page).
PAGES = ["", "embedding", "positional_encoding", "similarity", "softmax", "attention", "encoder"]
PAGES += ["pretrained", "lesson"]
#: The pages without sections (the walk of tests/browser/test_browser_layout.py checks the others' tabs).
UNSECTIONED = [path for path in PAGES if path not in {p.removesuffix(".py") for p in SECTIONS}]
#: Each page's section tabs (i18n keys, in order); a page without sections has none.
TABS: dict[str, tuple[str, ...]] = {page.removesuffix(".py"): names for page, (_, names) in SECTIONS.items()}
#: The pages whose first tab draws a chart.
CHARTED = ("embedding", "positional_encoding", "similarity", "softmax", "attention", "encoder")


def settle(page: Page) -> None:
    """The app idle and every chart of the main area drawn."""
    wait_for_idle(page)
    page.wait_for_function(DRAWN_JS, timeout=WAIT_MS)
    wait_for_idle(page)


def loaded(page: Page, lang: str, *, charts: bool) -> None:
    """The page's first run is over and drawn: its title, the document's language and the page's
    stylesheet (viz.ui.page_style: it arrives up to a second after the run reports idle), and, on a page
    whose first tab has charts, a chart. axe must not judge a half-drawn page."""
    page.locator('[data-testid="stMain"] h1').first.wait_for()
    styled(page, lang)
    if charts:
        page.locator("[data-testid=stMain] .al-plot").first.wait_for()


def check(page: Page, where: str) -> list[str]:
    assert_no_exception(page)
    return violations(page, where) + charts_unlabelled(page, where)


def report(problems: list[str]) -> str:
    return f"{len(problems)} accessibility problem(s):\n" + "\n".join(problems)


def test_axe_core_is_installed() -> None:
    """The file the other tests inject; ``npm ci --prefix tests/js`` installs it (package.json)."""
    assert AXE_JS.is_file(), f"{AXE_JS} is missing: run npm ci --prefix tests/js"
    assert "axe" in Path(AXE_JS).read_text(encoding="utf-8")[:2000]


def walk(
    page: Page, server: StreamlitServer, path: str, lang: str, *, present: bool, tabs: bool
) -> list[str]:
    """Open ``/path`` in ``lang`` (the presenter view if ``present``) and check it, then each of its other
    section tabs if ``tabs``, clicked in turn as a student does; the problems found."""
    view = "present=1&" if present else ""
    page.goto(f"{server.url}/{path}?{view}lang={lang}")
    loaded(page, lang, charts=path in CHARTED)
    if present:
        page.wait_for_function("() => document.documentElement.dataset.alPresenter === 'on'", timeout=WAIT_MS)
    labels = [t(key, lang) for key in TABS.get(path, ())]
    if labels:
        page.get_by_role("tab", name=labels[0], exact=True).wait_for()
    settle(page)
    where = f"/{path}?{view}lang={lang}"
    problems = check(page, f"{where} {labels[0] if labels else ''}")
    for label in labels[1:] if tabs else []:
        open_tab(page, label)
        settle(page)
        problems += check(page, f"{where} {label}")
    return problems


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("path", UNSECTIONED)
def test_every_tab_has_no_serious_violation(
    browser: Browser, server: StreamlitServer, path: str, lang: str
) -> None:
    page = new_page(browser, lang)
    try:
        problems = walk(page, server, path, lang, present=False, tabs=True)
    finally:
        page.context.close()
    if problems:  # the whole list, not pytest's shortened repr of it
        pytest.fail(report(problems), pytrace=False)


@pytest.mark.parametrize(("lang", "tabs"), [("en", True), ("ko", True)], ids=["en", "ko"])
@pytest.mark.parametrize("path", UNSECTIONED)
def test_the_presenter_view_has_no_serious_violation(
    browser: Browser, server: StreamlitServer, path: str, lang: str, tabs: bool
) -> None:
    page = new_page(browser, lang, width=1280, height=720)
    try:
        problems = walk(page, server, path, lang, present=True, tabs=tabs)
    finally:
        page.context.close()
    if problems:  # the whole list, not pytest's shortened repr of it
        pytest.fail(report(problems), pytrace=False)


def test_the_keyboard_reaches_a_chart_and_hears_its_summary(
    browser: Browser, server: StreamlitServer
) -> None:
    """From the open tab's name, Tab moves through the tab's controls to its first chart, whose label is
    its summary (the attention maps: each head's largest and smallest weight)."""
    page = new_page(browser, "en")
    try:
        page.goto(f"{server.url}/attention?lang=en")
        loaded(page, "en", charts=True)
        settle(page)
        page.get_by_role("tab", name=t("att.maps.title", "en"), exact=True).focus()
        reached = None
        for _ in range(60):
            page.keyboard.press("Tab")
            reached = page.evaluate(
                "() => { const e = document.activeElement;"
                " return e && e.classList.contains('al-plot') ? e.getAttribute('aria-label') : null; }"
            )
            if reached:
                break
        assert reached, "60 presses of Tab from the tab's name never reached a chart"
        assert "largest" in reached and "smallest" in reached, reached
    finally:
        page.context.close()
