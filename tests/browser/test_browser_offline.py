"""The app in a real headless Chromium, as a class without internet would use it: no request leaves the
app's own server on any page or tab (the pages with tabs are walked tab by tab, with a slider moved, by
tests/browser/test_browser_layout.py, which checks it there; the others here), /home opens the home
page, plotly.js's toolbar speaks the page's language without a "Share chart" button and clears the
chart's title, and a broken plotly.js says so in the chart's place.

One Streamlit server and one browser for the run (tests/conftest.py), a fresh browser context per
test. Skipped where Chromium or Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

from bench.harness.browser import (
    HANGUL,
    HEADING,
    PLOT_SELECTOR,
    REPO_ROOT,
    SIDEBAR_SELECTOR,
    WAIT_MS,
    StreamlitServer,
    animation_frames,
    assert_no_exception,
    open_tab,
    screenshot,
    wait_for_idle,
)
from tests.support.sections import SECTIONS
from tests.support.tabs import LOCAL_HOSTS, block_outside, move_slider, wait_drawn
from viz.i18n import t
from viz.ui.chart import plotly_js

if TYPE_CHECKING:
    from playwright.sync_api import Page, Response, Route

pytestmark = pytest.mark.browser

#: Every page's address: "/" and "/home" (the home page), then one per page file (st.Page's url_path
#: is the file's name, app.py); the pages with tabs are the layout walk's.
PAGE_FILES = sorted(p.stem for p in (REPO_ROOT / "pages").glob("*.py") if p.stem != "home")
WALKED = frozenset(name.removesuffix(".py") for name in SECTIONS)
ADDRESSES = ("", "home", *(name for name in PAGE_FILES if name not in WALKED))
#: Streamlit's front end probes for its base path one level up from a page's own address (e.g.
#: /embedding/_stcore/health); the 404s it gets are its own, on every page but "/".
BASE_PATH_PROBE = re.compile(r"/[a-z_]+/_stcore/(health|host-config)$")


def wait_page(page: Page) -> None:
    page.locator(HEADING).first.wait_for(timeout=120_000)
    wait_for_idle(page)
    wait_drawn(page, charts=False)  # none on the home page
    assert_no_exception(page)


#: The main area's tabs not yet opened: a tab inside an open tab first (it disappears when another
#: outer tab opens), then the outer ones, in page order.
_TABS_JS = """() => [...document.querySelectorAll('[data-testid=stMain] [role=tab]')]
  .map((t) => ({label: t.innerText.trim(), inner: Boolean(t.closest('[role=tabpanel]'))}))"""


def open_every_tab(page: Page) -> list[str]:
    opened: list[str] = []
    while True:
        tabs: list[dict[str, Any]] = page.evaluate(_TABS_JS)
        todo = [tab for tab in tabs if tab["label"] not in opened]
        if not todo:
            return opened
        tab = next((tab for tab in todo if tab["inner"]), todo[0])
        opened.append(tab["label"])
        open_tab(page, tab["label"])
        wait_drawn(page, charts=False)
        assert_no_exception(page)


# ---- bug 5: no request leaves the server --------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_request_leaves_the_server_on_any_page_or_tab(
    page: Page, server: StreamlitServer, lang: str
) -> None:
    attempted = block_outside(page)
    fonts: list[str] = []
    page.on("request", lambda r: fonts.append(r.url) if r.resource_type == "font" else None)
    page.set_viewport_size({"width": 1400, "height": 2000})  # every chart of a tab on screen
    visited: dict[str, list[str]] = {}
    for address in ADDRESSES:
        page.goto(f"{server.url}/{address}?lang={lang}")
        wait_page(page)
        visited[address] = open_every_tab(page)
        move_slider(page)
    assert not attempted, f"requests outside the app's server: {sorted(set(attempted))}"
    # the pages left here have no tabs (the lesson, the phone's join page and the writing page: a step's
    # page, behind Reveal, is tested in test_lesson); a page given tabs belongs in the layout walk
    assert not any(visited.values()), visited
    # The app's text font is Streamlit's own Source Sans, fetched from the app's server (Hangul falls
    # back to a font on the visitor's machine: nothing to fetch).
    assert fonts and all(urlsplit(url).hostname in LOCAL_HOSTS for url in fonts), fonts
    loaded = page.evaluate(
        "() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family)"
    )
    assert any("Source Sans" in family for family in loaded), loaded


# ---- bug 3: /home ----------------------------------------------------------------------------------------
def _home_visit(page: Page, url: str) -> None:
    page.goto(url)
    page.locator(HEADING).first.wait_for(timeout=120_000)
    wait_for_idle(page)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_home_opens_the_home_page(browser: Any, lang: str) -> None:
    """On a server of its own: the first visit of a fresh server is the one that used to fail."""
    with StreamlitServer() as fresh:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        context.set_default_timeout(WAIT_MS)
        try:
            page = context.new_page()
            errors: list[str] = []
            bad: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda exc: errors.append(str(exc)))

            def note(r: Response) -> None:
                if r.status >= 400 and not BASE_PATH_PROBE.search(urlsplit(r.url).path):
                    bad.append(f"{r.status} {r.url}")

            page.on("response", note)
            for address in ("home", "", "home"):
                _home_visit(page, f"{fresh.url}/{address}?lang={lang}")
                assert page.locator(HEADING).first.inner_text() == t("home.title", lang), address
                assert "Page not found" not in page.inner_text("body"), address
                assert page.get_by_role("dialog").count() == 0, address
                # the home page's own content: its first step links to the embedding page
                first_step = page.locator("[data-testid=stMain]").get_by_role(
                    "link", name=f"1. {t('home.step.token', lang)}"
                )
                first_step.wait_for()
                assert (first_step.get_attribute("href") or "").rstrip("/").endswith("embedding"), address
                assert_no_exception(page)
            # Streamlit's base-path probes aside, nothing failed and nothing was logged as an error
            unexplained = [e for e in errors if not e.startswith("Failed to load resource")]
            assert not unexplained and not bad, (unexplained, bad)
        finally:
            context.close()


# ---- the toolbar ------------------------------------------------------------------------------------------
#: The strings of the toolbar's buttons in plotly.js (its English, the locale's keys); the selection
#: tools only on charts with points.
TOOLBAR_EN = {"Download plot as a PNG", "Zoom", "Pan", "Zoom in", "Zoom out", "Autoscale", "Reset axes"}
TOOLBAR_EN |= {"Box Select", "Lasso Select"}
SHARE = re.compile(r"share|cloud|chart studio|공유", re.IGNORECASE)
#: Charts with long titles: the embedding page's segment sums, the softmax page's variance sweep.
LONG_TITLES: tuple[tuple[str, str], ...] = (("embedding", "emb.seg.title"), ("softmax", "sm.var.title"))

_TOOLBAR_JS = """() => [...document.querySelectorAll('[data-testid=stMain] .al-plot')].map((el) => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {
    titles: [...el.querySelectorAll('.modebar-btn')].map((b) => b.getAttribute('data-title')),
    attrs: [...el.querySelectorAll('.modebar-btn')].map((b) => b.getAttribute('data-attr') || ''),
    modebar: box(el.querySelector('.modebar')),
    title: box(el.querySelector('.gtitle')),
    titleText: el.querySelector('.gtitle') ? el.querySelector('.gtitle').textContent : '',
    svg: box(el.querySelector('svg.main-svg')),
  };
})"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def _korean_toolbar() -> dict[str, str]:
    vendored = plotly_js.LOCALE_JS["ko"].read_text(encoding="utf-8")
    found = dict(re.findall(r"'([^']+)': '([^']+)'", vendored))
    return {english: found[english] for english in TOOLBAR_EN}


@pytest.mark.parametrize("size", [(1400, 900), (1280, 720)], ids=["1400x900", "1280x720"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_toolbar_speaks_the_pages_language_without_share_and_clears_the_title(
    page: Page, server: StreamlitServer, lang: str, size: tuple[int, int]
) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    expected = _korean_toolbar() if lang == "ko" else {english: english for english in TOOLBAR_EN}
    for name, tab in LONG_TITLES:
        page.goto(f"{server.url}/{name}?lang={lang}")
        wait_page(page)
        open_tab(page, t(tab, lang))
        wait_drawn(page, charts=False)
        # The tab's charts there, each with its toolbar: on a busy machine the new tab's charts were not
        # mounted yet (no chart: every() holds at once), or one had its data and no toolbar yet (Plotly
        # sets a chart's data before it draws the rest; 2026-11-29)
        page.wait_for_function(
            "() => { const els = [...document.querySelectorAll('[data-testid=stMain] .al-plot')];"
            " return els.length > 0 && els.every((el) => el.querySelector('.modebar-btn')); }",
            timeout=120_000,
        )
        charts: list[dict[str, Any]] = page.evaluate(_TOOLBAR_JS)
        assert charts, name
        for chart in charts:
            label = (name, chart["titleText"])
            assert expected["Download plot as a PNG"] in chart["titles"], label
            assert set(chart["titles"]) <= set(expected.values()), label
            assert all(bool(HANGUL.search(x)) == (lang == "ko") for x in chart["titles"]), label
            assert not [x for x in chart["titles"] + chart["attrs"] if SHARE.search(x)], label
            assert chart["modebar"] is not None and chart["svg"] is not None, label
            if chart["title"] is not None:
                assert not _overlap(chart["modebar"], chart["title"]), label
            assert chart["modebar"]["bottom"] <= chart["svg"]["top"] + 0.5, label  # a strip of its own
        # the PNG button's hover title, as a visitor sees it
        first = page.locator(f"[data-testid=stMain] {PLOT_SELECTOR}").first
        first.scroll_into_view_if_needed()
        first.hover()
        png = first.locator(".modebar-btn").first
        assert png.get_attribute("data-title") == expected["Download plot as a PNG"]
        assert bool(HANGUL.search(png.get_attribute("data-title") or "")) == (lang == "ko")
        animation_frames(page, 2)
        screenshot(page, f"offline_toolbar_{name}_{lang}_{width}x{height}", full_page=False)


# ---- bug 12: a broken plotly.js says so -------------------------------------------------------------------
def _serve_instead(page: Page, body: Callable[[bytes], bytes]) -> None:
    def route(r: Route) -> None:
        real = r.fetch()
        r.fulfill(response=real, body=body(real.body()))

    page.context.route("**/app/static/plotly.min.js", route)


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("broken", ["truncated", "missing"])
def test_a_broken_plotly_js_says_so_in_each_charts_place(
    page: Page, server: StreamlitServer, lang: str, broken: str
) -> None:
    if broken == "truncated":
        _serve_instead(page, lambda real: real[: len(real) // 2])
    else:
        page.context.route("**/app/static/plotly.min.js", lambda r: r.fulfill(status=404, body=b"not found"))
    page.goto(f"{server.url}/positional_encoding?lang={lang}")
    page.locator(HEADING).first.wait_for(timeout=120_000)
    wait_for_idle(page)
    message = t("ui.chart.load_failed", lang)
    plots = page.locator("[data-testid=stMain] .al-plot")
    page.wait_for_function(
        "(m) => { const all = [...document.querySelectorAll('[data-testid=stMain] .al-plot')];"
        " return all.length > 0 && all.every((el) => el.textContent === m); }",
        arg=message,
        timeout=60_000,
    )
    assert plots.count() > 0
    assert page.locator(SIDEBAR_SELECTOR).count() == 1  # the rest of the page is there
    assert_no_exception(page)


def _copy_of_the_app(root: Path) -> Path:
    """The app's files in ``root``; viz.ui finds static/ next to the copy's app.py."""
    root.mkdir(parents=True)
    for name in ("app.py", "pages", "viz", ".streamlit"):
        source = REPO_ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, root / name)
    return root


def test_a_server_that_cannot_mend_its_plotly_js_says_so_on_the_page_and_in_the_log(
    browser: Any, tmp_path: Path
) -> None:
    """End to end: a folder where static/plotly.min.js should be cannot be replaced (even by root), so
    the browser gets no plotly.js; the page says why at the top and each chart says it in its place."""
    from playwright.sync_api import expect

    app = _copy_of_the_app(tmp_path / "app")
    (app / "static" / "plotly.min.js").mkdir(parents=True)
    with StreamlitServer(cwd=app) as bad:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        context.set_default_timeout(WAIT_MS)
        try:
            page = context.new_page()
            for lang in ("en", "ko"):
                page.goto(f"{bad.url}/positional_encoding?lang={lang}")
                page.locator(HEADING).first.wait_for(timeout=120_000)
                wait_for_idle(page)
                notice = t(
                    "ui.chart.library_bad",
                    lang,
                    name="plotly.min.js",
                    problem=t("ui.chart.library.missing", lang),
                )
                alerts = page.locator("[data-testid=stMain] [data-testid=stAlert]")
                expect(alerts.filter(has_text=notice)).to_have_count(1)
                page.wait_for_function(
                    "(m) => { const all = [...document.querySelectorAll('[data-testid=stMain] .al-plot')];"
                    " return all.length > 0 && all.every((el) => el.textContent === m); }",
                    arg=t("ui.chart.load_failed", lang),
                    timeout=60_000,
                )
                assert_no_exception(page)
                screenshot(page, f"offline_bad_plotly_js_{lang}", full_page=False)
        finally:
            context.close()
        assert "could not be replaced" in bad.output() and "may stay blank" in bad.output()
