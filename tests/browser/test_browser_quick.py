"""Quick hands never lose the thread, in a real headless Chromium (issue 36):

- the guided lesson's key presses and Back / Next clicks are queued, not dropped: N quick ArrowLeft /
  ArrowRight presses or clicks move N steps (clamped at the first and the last), whatever their spacing,
  however long the reruns they cause;
- quick key presses on a value leave every copy of it equal: Softmax's T strip, the page's own T widget it
  mirrors, the chart's title and the address; PE's d_model (the sidebar's slider, which drives the table's
  live chart), the d_k caption, the chart's title and the address;
- the address always names the page shown (path and query) after quick presses and quick page switches.

The presses are spaced with short pauses (the hand's rhythm, not a measurement); every check is a DOM
condition Playwright's ``expect()`` waits for, or a reading taken once the app has been idle a while. Each
runs with the server idle and busy (its process stopped while the keys are pressed: see :func:`busy`).
One Streamlit server and one browser for the run, a fresh context per test. Skipped where Chromium or
Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import pytest

from bench.harness.browser import (
    HEADING,
    LAST_MESSAGE_JS,
    SIDEBAR_SELECTOR,
    WAIT_MS,
    assert_no_exception,
    sidebar_slider,
    slider_value,
    wait_for_idle,
)
from viz.i18n import t
from viz.state import lesson

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

TOTAL = len(lesson.STEPS)


@pytest.fixture
def open_page(server: Any, browser: Any) -> Iterator[Any]:
    """Opens ``path`` of the app in a context of its own (a fresh Streamlit session)."""
    contexts: list[Any] = []

    def opened(path: str) -> Page:
        context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(LAST_MESSAGE_JS)
        contexts.append(context)
        page = context.new_page()
        page.goto(server.url + path)
        return page

    yield opened
    for context in contexts:
        context.close()


def settled(page: Page, quiet_ms: int = 1500) -> None:
    """The app is idle and the server has sent nothing for ``quiet_ms``: every rerun the presses caused
    has finished, so what the page shows now is what it keeps (a lagging copy would show here)."""
    page.wait_for_function(
        "(quiet) => window.__lastMessage !== undefined && performance.now() - window.__lastMessage > quiet",
        arg=quiet_ms,
        timeout=WAIT_MS,
    )
    wait_for_idle(page)


@contextlib.contextmanager
def busy(server: Any, on: bool = True) -> Iterator[None]:
    """The server busy (its process stopped) while the block runs: a class's other sessions holding the
    machine's cores. Messages the browser sends meanwhile wait in the socket and reach the server
    together, as they do when a slow rerun is under way (the race quick hands run into, made certain)."""
    if not on:
        yield
        return
    os.kill(server.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.pid, signal.SIGCONT)


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


def presses(page: Page, key: str, times: int, gap_ms: int) -> None:
    for i in range(times):
        if i:
            page.wait_for_timeout(gap_ms)
        page.keyboard.press(key)


# ---- 1. the lesson's presses are queued ---------------------------------------------------------------
def counter(n: int) -> str:
    return t("lesson.counter", "en", n=n, total=TOTAL)


def lesson_at(page: Page, n: int) -> None:
    from playwright.sync_api import expect

    expect(page.locator(".st-key-lesson_head h3")).to_have_text(counter(n))
    page.wait_for_function(
        "(want) => (new URLSearchParams(location.search).get('step') || '1') === want", arg=str(n)
    )


def lesson_opened(open_page: Any, start: int) -> Page:
    """The lesson on step ``start``, its keys' listener in place and the app quiet."""
    page: Page = open_page(f"/lesson?step={start}")
    lesson_at(page, start)
    page.wait_for_function("() => document.documentElement.dataset.lessonKeys === 'on'")
    settled(page, 400)
    return page


def ended_on(page: Page, end: int) -> None:
    """On step ``end``, and still there once every rerun is over (no late rerun moves it again)."""
    lesson_at(page, end)
    settled(page)
    lesson_at(page, end)
    assert_no_exception(page)


@pytest.mark.parametrize(
    ("start", "key", "times", "gap_ms", "end"),
    [
        (17, "ArrowLeft", 5, 300, 12),  # measured on main: ended on 16
        (17, "ArrowLeft", 5, 100, 12),
        (10, "ArrowRight", 3, 500, 13),  # measured on main: ended on 12
        (10, "ArrowRight", 3, 100, 13),
        (10, "PageDown", 4, 300, 14),  # a presenter's clicker
        (3, "ArrowLeft", 4, 100, 1),  # clamped at the first step
        (TOTAL - 2, "ArrowRight", 5, 100, TOTAL),  # and at the last
    ],
)
@pytest.mark.parametrize("slow", [False, True], ids=["idle", "busy"])
def test_quick_lesson_presses_move_as_many_steps(
    open_page: Any, server: Any, start: int, key: str, times: int, gap_ms: int, end: int, slow: bool
) -> None:
    page = lesson_opened(open_page, start)
    page.get_by_role("heading", name=t("lesson.title", "en")).click()  # the page has the focus
    with busy(server, slow):
        presses(page, key, times, gap_ms)
    ended_on(page, end)


@pytest.mark.parametrize(
    ("start", "button", "times", "gap_ms", "end"),
    [
        (17, "lesson_back", 5, 150, 12),  # before the clicks went through the keys' counter: 16
        (10, "lesson_next", 3, 400, 13),
        (TOTAL - 2, "lesson_next", 4, 150, TOTAL),  # clamped at the last step
    ],
)
@pytest.mark.parametrize("slow", [False, True], ids=["idle", "busy"])
def test_quick_clicks_on_back_and_next_move_as_many_steps(
    open_page: Any, server: Any, start: int, button: str, times: int, gap_ms: int, end: int, slow: bool
) -> None:
    page = lesson_opened(open_page, start)
    # the mouse at the button's place, as a hand clicks: a button disabled meanwhile (the last step
    # reached) takes the click and does nothing, where Playwright's click() would wait for it
    box = page.locator(f".st-key-{button} button").bounding_box()
    assert box is not None
    with busy(server, slow):
        for i in range(times):
            if i:
                page.wait_for_timeout(gap_ms)
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ended_on(page, end)


# ---- 2. a strip's quick presses leave one value everywhere ------------------------------------------
PE_STRIP = ".st-key-pe_heatmap_live"
PE_CHART = ".st-key-pe_heatmap"
SM_STRIP = ".st-key-sm_row_live"
SM_CHART = ".st-key-sm_row"


def chart_title(page: Page, root: str) -> str:
    return str(page.evaluate("(root) => document.querySelector(root + ' .al-plot').layout.title.text", root))


@pytest.mark.parametrize("slow", [False, True], ids=["idle", "busy"])
def test_quick_presses_on_the_pe_d_model_leave_one_value_everywhere(
    open_page: Any, server: Any, slow: bool
) -> None:
    """The PE table's d_model is the sidebar's slider (the page draws no strip copy of it since one control
    per value): its quick presses leave the slider, the d_k caption, the live chart's title and the address
    on one value."""
    from playwright.sync_api import expect

    page = open_page("/positional_encoding")
    expect(page.locator(f"{PE_CHART} .al-plot")).to_have_count(1)
    expect(page.locator(PE_STRIP)).to_have_count(0)  # one control for d_model: the sidebar's
    settled(page, 400)
    thumb = sidebar_slider(page, "d_model")
    thumb.focus()
    with busy(server, slow):
        presses(page, "ArrowRight", 3, 100)
    want = "131"
    page.wait_for_function("() => new URLSearchParams(location.search).get('d_model') === '131'")
    settled(page)
    # every copy of d_model, read together once every rerun is over
    assert slider_value(sidebar_slider(page, "d_model")) == int(want)
    expect(page.locator(SIDEBAR_SELECTOR).get_by_text(re.compile(rf"d_k = {want} / "))).to_be_visible()
    assert f"× {want} dimensions" in chart_title(page, PE_CHART), chart_title(page, PE_CHART)
    assert query(page).get("d_model") == [want]
    assert_no_exception(page)


@pytest.mark.parametrize("slow", [False, True], ids=["idle", "busy"])
def test_quick_presses_on_the_softmax_temperature_strip_leave_one_value_everywhere(
    open_page: Any, server: Any, slow: bool
) -> None:
    from playwright.sync_api import expect

    page = open_page("/softmax?tab=row&temp=2.1")
    strip = page.locator(f'{SM_STRIP} input[data-name="temperature"]')
    expect(strip).to_have_value("2.1")
    settled(page, 400)
    strip.focus()
    with busy(server, slow):
        presses(page, "ArrowRight", 3, 100)
    want = "2.4"
    expect(strip).to_have_value(want)
    page.wait_for_function("() => new URLSearchParams(location.search).get('temp') === '2.4'")
    settled(page)
    expect(strip).to_have_value(want)
    expect(page.locator(f"{SM_STRIP} output").first).to_have_text("2.40")
    slider = page.locator('.st-key-sm_temp input[type="range"], .st-key-sm_temp [role="slider"]').first
    assert float(slider.evaluate("(e) => e.value ?? e.getAttribute('aria-valuenow')")) == pytest.approx(2.4)
    assert "T = 2.4" in chart_title(page, SM_CHART), chart_title(page, SM_CHART)
    assert query(page).get("temp") == [want]
    assert_no_exception(page)


# ---- 3. the address names the page shown ---------------------------------------------------------------
PAGE_TITLES = {
    "attention": "att.title",
    "softmax": "sm.title",
    "similarity": "sim.title",
    "positional_encoding": "pe.title",
}


def nav(page: Page, name: str) -> Any:
    return page.locator(SIDEBAR_SELECTOR).get_by_role("link", name=t(name, "en"), exact=True)


@pytest.mark.parametrize("slow", [False, True], ids=["idle", "busy"])
@pytest.mark.parametrize("gap_ms", [300, 100])
def test_the_address_names_the_page_shown_after_quick_presses_and_page_switches(
    open_page: Any, server: Any, gap_ms: int, slow: bool
) -> None:
    from playwright.sync_api import expect

    page = open_page("/attention")
    expect(page.locator(HEADING).first).to_have_text(t("att.title", "en"))
    settled(page, 400)
    thumb = sidebar_slider(page, "d_model")
    thumb.focus()
    with busy(server, slow):
        presses(page, "ArrowRight", 3, 100)
        nav(page, "ui.nav.sm").click()
        page.wait_for_timeout(gap_ms)
        nav(page, "ui.nav.sim").click()
    expect(page.locator(HEADING).first).to_have_text(t("sim.title", "en"))
    settled(page)
    # the page shown, the address's path and its d_model, and the sidebar's, read once it is all over
    expect(page.locator(HEADING).first).to_have_text(t("sim.title", "en"))
    path = urlsplit(page.url).path.strip("/")
    assert path == "similarity", page.url
    d_model = slider_value(sidebar_slider(page, "d_model"))
    assert query(page).get("d_model", ["128"]) == [str(d_model)], (page.url, d_model)
    assert d_model == 131
    assert_no_exception(page)
