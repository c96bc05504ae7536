"""The presenter view (viz/ui/presenter) in a real headless Chromium, in English and Korean: every page
opened with ``present=1`` at 1280 x 720 (here Home and the lesson; the layout walk,
tests/browser/test_browser_layout.py, opens the pages with tabs so and checks the same) has its sidebar
collapsed, body text of 20 px or more, its first chart on the first screen with ticks of 16 px or more
and the projector palettes; text and ticks grow with the window (1920 x 1080) and stay put under a 150%
zoom; explanations fold to one line and a click opens one; the sidebar's switch turns the view on and
off and the address follows; a lesson step's chart is on the first screen once revealed, under a
question that is never folded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    SIDEBAR_SELECTOR,
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    new_page,
    plot_eval,
    screenshot,
    wait_for_idle,
    wait_for_plot,
)
from tests.support.presenter import (
    PARAGRAPH,
    TICKS_DRAWN_JS,
    chart_on_first_screen,
    fits_a_projector,
    font_px,
    sidebar_collapsed,
)
from viz.i18n import t
from viz.ui import presenter

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: A block of text of the main area (not a style element): the first is the first tab's "what to notice".
EXPLANATION = '[data-testid="stMain"] [data-testid="stMarkdown"]:has([data-testid="stMarkdownContainer"] p)'
EXPAND_SIDEBAR = '[data-testid="stExpandSidebarButton"]'
#: The pages without tabs; the layout walk (tests/browser/test_browser_layout.py) opens every page with
#: tabs in the presenter view at 1280 x 720 in both languages and checks it there (fits_a_projector).
PAGES = ["", "lesson"]


def fresh(browser: Browser, lang: str, width: int = 1280, height: int = 720, scale: float = 1.0) -> Page:
    return new_page(browser, lang, width=width, height=height, scale=scale)


def open_page(page: Page, server: StreamlitServer, path: str, query: str) -> None:
    """Open ``/path?query`` and wait until it has run and its words are shown; with ``present=1``, also
    until the sidebar is drawn to its end (the app reports idle before a collapsed sidebar is drawn):
    the switch on, and the presenter's script run (it comes after its stylesheet)."""
    page.goto(f"{server.url}/{path}?{query}")
    page.locator(PARAGRAPH).first.wait_for()
    if "present=1" in query:
        page.wait_for_function(
            "() => { const s = document.querySelector('.st-key-presenter input');"
            " return s !== null && s.checked && document.documentElement.dataset.alPresenter === 'on'; }",
            timeout=WAIT_MS,
        )
    wait_for_idle(page)


def root_px(width: int) -> float:
    """The presenter view's root font at a window ``width`` CSS px wide: 1/64 of it, 20 to 40 px."""
    return min(max(20.0, width / 64), 40.0)


def wait_for_font(page: Page, selector: str, low: float, high: float = 1000.0) -> None:
    """Wait until the first ``selector``'s font size is ``low`` to ``high`` CSS px (a rerun restyles the
    page a moment after the address changes)."""
    page.wait_for_function(
        "([sel, low, high]) => { const e = document.querySelector(sel); if (!e) return false;"
        " const px = parseFloat(getComputedStyle(e).fontSize); return px >= low && px <= high; }",
        arg=[selector, low, high],
        timeout=WAIT_MS,
    )


def sidebar_open(page: Page) -> None:
    """The sidebar is open: Streamlit says so, and it starts at the window's left edge, drawn."""
    from playwright.sync_api import expect

    sidebar = page.locator(SIDEBAR_SELECTOR)
    expect(sidebar).to_have_attribute("data-collapsed", "false", timeout=WAIT_MS)
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return r.left >= 0 && r.width > 200; }",
        arg=SIDEBAR_SELECTOR,
        timeout=WAIT_MS,
    )


def address_present(page: Page, value: str | None) -> None:
    """Wait until the address's ``present`` parameter is ``value`` (None: absent)."""
    page.wait_for_function(
        "(v) => new URLSearchParams(location.search).get('present') === v", arg=value, timeout=WAIT_MS
    )


# ---- 1. every page at 1280 x 720 --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "lang"),
    [*((path, "en") for path in PAGES), ("", "ko")],
)
def test_every_page_fits_a_projector_at_1280x720(
    browser: Browser, server: StreamlitServer, path: str, lang: str
) -> None:
    page = fresh(browser, lang)
    try:
        open_page(page, server, path, f"present=1&lang={lang}")
        assert_no_exception(page)
        fits_a_projector(page, path, lang)
        screenshot(page, f"presenter_{path or 'home'}_1280x720_{lang}", full_page=False)
    finally:
        page.context.close()


# ---- 2 and 3. a larger window, a zoomed one --------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "width", "height", "scale"),
    [
        ("similarity", 1920, 1080, 1.0),
        ("attention", 1920, 1080, 1.0),
        # a 1920 x 1080 screen at 150% zoom: the page sees 1280 x 720 CSS px
        ("positional_encoding", 1280, 720, 1.5),
        ("softmax", 1280, 720, 1.5),
    ],
)
def test_text_and_ticks_follow_the_window_not_the_zoom(
    browser: Browser, server: StreamlitServer, path: str, width: int, height: int, scale: float
) -> None:
    page = fresh(browser, "en", width, height, scale)
    try:
        open_page(page, server, path, "present=1")
        assert_no_exception(page)
        assert page.evaluate("() => window.devicePixelRatio") == scale
        sidebar_collapsed(page)
        body = font_px(page, PARAGRAPH)
        assert body == pytest.approx(root_px(width), abs=0.5), f"{width} wide: the body text is {body} px"
        chart = chart_on_first_screen(page)
        want = 16 * width / 1280  # 16 px at 1280 wide, 24 at 1920
        assert chart["tick"] >= want - 0.5, f"{width} wide: ticks of {chart['tick']} px, want {want}"
        screenshot(page, f"presenter_{path}_{width}x{height}@{scale:g}x", full_page=False)
    finally:
        page.context.close()


# ---- 4. folding -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_explanation_is_one_line_until_clicked(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    from playwright.sync_api import expect

    page = fresh(browser, lang)
    try:
        open_page(page, server, "positional_encoding", f"present=1&lang={lang}")
        wait_for_plot(page, TICKS_DRAWN_JS)
        intro = page.locator(EXPLANATION).first
        shape = intro.evaluate(
            "(e) => { const text = e.querySelector('[data-testid=stMarkdownContainer]');"
            " return {h: e.getBoundingClientRect().height, font: parseFloat(getComputedStyle(e).fontSize),"
            " ws: getComputedStyle(e).whiteSpace, cut: text.scrollWidth > text.clientWidth}; }"
        )
        assert shape["ws"] == "nowrap" and shape["h"] <= 1.8 * shape["font"], (
            f"the intro is not folded: {shape}"
        )
        assert shape["cut"], f"the intro fits one line: nothing to fold ({shape})"

        # a click opens it, a second folds it again
        box = intro
        expect(box).not_to_have_attribute("data-al-open", "")
        folded = box.bounding_box()
        font = shape["font"]
        assert folded is not None and folded["height"] <= 1.8 * font, f"not folded: {folded}"
        box.click()
        expect(box).to_have_attribute("data-al-open", "")
        expect(box).to_have_css("white-space", "normal")
        opened = box.bounding_box()
        assert opened is not None and opened["height"] > 1.5 * folded["height"], (folded, opened)
        screenshot(page, f"presenter_fold_open_{lang}", full_page=False)
        box.click()
        expect(box).not_to_have_attribute("data-al-open", "")
        expect(box).to_have_css("white-space", "nowrap")
        again = box.bounding_box()
        assert again is not None and again["height"] == pytest.approx(folded["height"], abs=1)
        assert_no_exception(page)
    finally:
        page.context.close()


def test_the_opening_words_open_with_a_click(browser: Browser, server: StreamlitServer) -> None:
    from playwright.sync_api import expect

    page = fresh(browser, "en")
    try:
        open_page(page, server, "positional_encoding", "present=1")
        intro = page.locator(EXPLANATION).first
        where = intro.bounding_box()
        assert where is not None
        page.mouse.click(where["x"] + 100, where["y"] + where["height"] / 2)  # on its first words
        expect(intro).to_have_attribute("data-al-open", "", timeout=WAIT_MS)
    finally:
        page.context.close()


# ---- 5. the sidebar's switch ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_switch_turns_the_view_on_and_off(browser: Browser, server: StreamlitServer, lang: str) -> None:
    from playwright.sync_api import expect

    colorway = list(presenter.COLORWAY)
    page = fresh(browser, lang)
    try:
        open_page(page, server, "similarity", f"lang={lang}")
        sidebar_open(page)
        before = chart_on_first_screen(page)
        normal_colorway = plot_eval(page, "el._fullLayout.colorway")
        assert normal_colorway != colorway
        assert before["tick"] < 16 and font_px(page, PARAGRAPH) < 20, before  # the test can tell them apart
        switch = page.get_by_role("switch", name=t("ui.sidebar.presenter", lang))
        expect(switch).not_to_be_checked()

        page.locator(".st-key-presenter").get_by_text(t("ui.sidebar.presenter", lang)).click()
        address_present(page, "1")
        wait_for_plot(page, f"el._fullLayout.colorway[0] === {colorway[0]!r}")
        wait_for_idle(page)
        sidebar_collapsed(page)
        wait_for_font(page, PARAGRAPH, 20)
        on = chart_on_first_screen(page)
        assert on["tick"] >= 16, on
        assert on["height"] > before["height"], (before, on)
        assert plot_eval(page, "el._fullLayout.colorway") == colorway
        assert_no_exception(page)
        screenshot(page, f"presenter_switch_on_{lang}", full_page=False)

        page.locator(EXPAND_SIDEBAR).click()  # the header's button still opens the sidebar
        sidebar_open(page)
        expect(switch).to_be_checked()
        page.locator(".st-key-presenter").get_by_text(t("ui.sidebar.presenter", lang)).click()
        address_present(page, None)
        wait_for_plot(page, f"el._fullLayout.colorway[0] === {normal_colorway[0]!r}")
        wait_for_idle(page)
        wait_for_font(page, PARAGRAPH, 16, 16)
        off = chart_on_first_screen(page)
        assert off["tick"] == before["tick"] and off["height"] == before["height"], (before, off)
        sidebar_open(page)
        expect(switch).not_to_be_checked()
        assert_no_exception(page)
    finally:
        page.context.close()


def test_the_sidebar_collapses_again_after_it_was_opened(browser: Browser, server: StreamlitServer) -> None:
    from playwright.sync_api import expect

    page = fresh(browser, "en")
    try:
        open_page(page, server, "similarity", "present=1")
        sidebar_collapsed(page)
        page.locator(EXPAND_SIDEBAR).click()
        sidebar_open(page)
        open_page(page, server, "softmax", "present=1")  # a new session, the view on from its link
        expect(page.locator(SIDEBAR_SELECTOR)).to_have_attribute("data-collapsed", "true", timeout=WAIT_MS)
    finally:
        page.context.close()


# ---- 6. a lesson step -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_revealed_lesson_step_shows_its_chart_on_the_first_screen(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    view = ".st-key-lesson_view"
    page = fresh(browser, lang)
    try:
        open_page(page, server, "lesson", f"step=7&present=1&lang={lang}")
        sidebar_collapsed(page)
        question = page.locator(".st-key-lesson_head [data-testid='stMarkdown']").filter(
            has_text=t("lesson.question", lang, q="").replace("*", "").strip()
        )
        assert question.count() == 1
        assert question.evaluate("(e) => getComputedStyle(e).whiteSpace") != "nowrap"
        assert question.locator("p").evaluate("(e) => getComputedStyle(e).whiteSpace") != "nowrap"

        page.locator(".st-key-lesson_reveal button").click()
        chart = chart_on_first_screen(page, root=view)
        assert chart["tick"] >= 16, chart
        # the step's tabs (its chart) come first, its page's own controls beside the chart (viz.ui.layout)
        order = page.evaluate(
            "(v) => { const root = document.querySelector(v);"
            " const tabs = root.querySelector('[data-testid=stTabs]').getBoundingClientRect().top;"
            " const widgets = [...root.querySelectorAll('[data-testid=stSelectbox], [data-testid=stRadio]')]"
            "   .map((w) => w.getBoundingClientRect().top);"
            " return {tabs, widgets}; }",
            view,
        )
        assert order["widgets"] and all(order["tabs"] < top for top in order["widgets"]), order
        assert question.evaluate("(e) => getComputedStyle(e).whiteSpace") != "nowrap"  # still, revealed
        assert_no_exception(page)
        screenshot(page, f"presenter_lesson_step7_{lang}", full_page=False)
    finally:
        page.context.close()
