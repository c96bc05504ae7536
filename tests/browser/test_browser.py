"""The app in a real headless Chromium: the PE page loads, follows the sidebar, speaks Korean, survives
bad URLs and the largest sizes. One Streamlit server and one browser for the run; a fresh browser
context (so a fresh Streamlit session) per test.

Skipped where Chromium or Playwright is missing, except under ``CI`` where that is a failure. Screenshots
go to ``test-artifacts/screenshots/`` (a failing test leaves ``FAILED-<test>.png`` there too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    EXCEPTION,
    HANGUL,
    HEADING,
    WAIT_MS,
    StreamlitServer,
    columns_js,
    heatmap_shape,
    pick_option,
    plot_eval,
    screenshot,
    sidebar_button,
    sidebar_slider,
    slider_value,
    wait_for_idle,
    wait_for_rerun,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PE_PATH = "/positional_encoding"
HEATMAP = ".st-key-pe_heatmap"  # the container of the chart drawn with key="pe_heatmap" (viz.ui.chart)
DEFAULT_D_MODEL, DEFAULT_MAX_LEN = 128, 100


# ---- helpers ------------------------------------------------------------------------------------------
def open_pe(page: Page, server: StreamlitServer, query: str = "", *, columns: int = DEFAULT_D_MODEL) -> None:
    """Open the PE page and wait until its heatmap has ``columns`` columns and the app is idle."""
    page.goto(server.url + PE_PATH + query)
    wait_for_rerun(page, columns_js(columns), root=HEATMAP)


def wait_for_query(page: Page, key: str, value: str) -> None:
    """Wait until the address bar holds ``key=value`` (the shareable link).

    Streamlit writes the URL with history.replaceState, which fires no "load" event for
    page.wait_for_url to wait on, and it may land a moment after the rerun: poll it.
    """
    page.wait_for_function(
        "([k, v]) => new URLSearchParams(location.search).get(k) === v", arg=[key, value], timeout=WAIT_MS
    )


def heading(page: Page) -> str:
    return page.locator(HEADING).first.inner_text()


def assert_no_exception(page: Page) -> None:
    count = page.locator(EXCEPTION).count()
    assert count == 0, f"{count} exception box(es): {page.locator(EXCEPTION).all_inner_texts()}"


# ---- tests --------------------------------------------------------------------------------------------
def test_pe_page_loads_with_full_heatmap(page: Page, server: StreamlitServer, page_errors: list[str]) -> None:
    open_pe(page, server)

    assert_no_exception(page)
    assert heading(page) == "Positional encoding"
    assert heatmap_shape(page, root=HEATMAP) == (DEFAULT_MAX_LEN, DEFAULT_D_MODEL)
    assert plot_eval(page, "el._fullData[0].type", root=HEATMAP) == "heatmap"
    assert page_errors == []


def test_d_model_slider_redraws_heatmap(page: Page, server: StreamlitServer) -> None:
    open_pe(page, server)
    thumb = sidebar_slider(page, "d_model")
    assert slider_value(thumb) == DEFAULT_D_MODEL

    thumb.focus()
    for _ in range(3):
        thumb.press("ArrowLeft")  # one step (1) per press
    new = slider_value(thumb)
    assert new == DEFAULT_D_MODEL - 3

    wait_for_rerun(page, columns_js(new), root=HEATMAP)
    assert slider_value(thumb) == new  # the rerun did not put the old value back
    assert heatmap_shape(page, root=HEATMAP) == (DEFAULT_MAX_LEN, new)
    wait_for_query(page, "d_model", str(new))
    assert_no_exception(page)


def test_korean_switch_translates_page_and_chart(page: Page, server: StreamlitServer) -> None:
    open_pe(page, server)
    assert not HANGUL.search(heading(page))
    screenshot(page, "pe_en")

    sidebar_button(page, "lang", "ko").click()
    wait_for_rerun(page, "el._fullLayout.xaxis.title.text === '차원'", root=HEATMAP)

    assert HANGUL.search(heading(page)), heading(page)
    assert plot_eval(page, "el._fullLayout.xaxis.title.text", root=HEATMAP) == "차원"
    assert sidebar_button(page, "lang", "ko").get_attribute("aria-checked") == "true"
    assert heatmap_shape(page, root=HEATMAP) == (DEFAULT_MAX_LEN, DEFAULT_D_MODEL)
    wait_for_query(page, "lang", "ko")
    assert_no_exception(page)
    screenshot(page, "pe_ko")


@pytest.mark.parametrize(("lang", "hangul"), [("en", False), ("ko", True)])
def test_home_page_in_each_language(page: Page, server: StreamlitServer, lang: str, hangul: bool) -> None:
    page.goto(f"{server.url}/?lang={lang}")
    page.locator(HEADING).first.wait_for(state="visible")
    page.wait_for_function(
        "([sel, want]) => { const h = document.querySelector(sel);"
        " return h !== null && /[\\uac00-\\ud7a3]/.test(h.innerText) === want; }",
        arg=[HEADING, hangul],
    )
    wait_for_idle(page)

    assert bool(HANGUL.search(heading(page))) is hangul, heading(page)
    assert_no_exception(page)
    screenshot(page, f"home_{lang}")


#: The home page's step links whose label does not fit its card (CSS cuts it with an ellipsis).
CUT_LINKS = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] a[data-testid="stPageLink-NavLink"]')]
    .filter(a => [a, ...a.querySelectorAll('*')].some(e => e.scrollWidth > e.clientWidth + 1))
    .map(a => a.innerText)"""


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", [(1400, 900), (1024, 768)])
def test_home_step_links_are_not_cut(
    page: Page, server: StreamlitServer, lang: str, size: tuple[int, int]
) -> None:
    """Every step card's links are readable whole at 1400 px and on a 1024 x 768 projector (they were
    cut to "3. + Positional enc" and "Softmax and scali" five cards to a row)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{server.url}/?lang={lang}")
    links = page.locator('[data-testid="stMain"] [data-testid="stPageLink-NavLink"]')
    expect(links).to_have_count(17)  # thirteen steps, four with a second page (pages/home.py PIPELINE)
    wait_for_idle(page)
    assert page.evaluate(CUT_LINKS) == []
    assert_no_exception(page)


def test_bad_url_values_warn_and_page_still_works(page: Page, server: StreamlitServer) -> None:
    open_pe(page, server, "?d_model=abc&heads=3")

    # the link's notes (viz.ui.url_notes): a warning, and each refused value quoted as plain text
    warning = page.locator(".st-key-url_notes").filter(has_text="d_model").filter(has_text="abc").first
    warning.wait_for(state="visible")
    assert warning.is_visible()
    assert heatmap_shape(page, root=HEATMAP) == (DEFAULT_MAX_LEN, DEFAULT_D_MODEL)
    assert_no_exception(page)


def test_largest_size_is_strided_to_screen_size(page: Page, server: StreamlitServer) -> None:
    page.goto(f"{server.url}{PE_PATH}?max_len=4096&d_model=1024")
    # The strided overview's labels are the true indices: the last ones are near 4096 and 1024.
    wait_for_rerun(
        page,
        "el._fullData[0].z.length > 0 && Number(el._fullData[0].y[el._fullData[0].y.length - 1]) > 4000"
        " && Number(el._fullData[0].x[el._fullData[0].x.length - 1]) > 1000",
        root=HEATMAP,
    )

    assert_no_exception(page)
    rows, cols = heatmap_shape(page, root=HEATMAP)
    assert 0 < rows <= 320
    assert 0 < cols <= 256
    assert plot_eval(
        page, "el._fullData[0].z.every((row) => row.length === el._fullData[0].z[0].length)", root=HEATMAP
    )
    screenshot(page, "pe_largest")


def test_settings_follow_the_navigation_to_another_page(page: Page, server: StreamlitServer) -> None:
    page.goto(server.url + "/")
    wait_for_idle(page)
    thumb = sidebar_slider(page, "d_model")
    thumb.focus()
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    wait_for_idle(page)
    moved = slider_value(sidebar_slider(page, "d_model"))
    assert moved == DEFAULT_D_MODEL - 4
    page.locator('[data-testid="stSidebarNav"] a', has_text="Positional encoding").click()
    wait_for_rerun(page, columns_js(moved), root=HEATMAP)
    assert slider_value(sidebar_slider(page, "d_model")) == moved
    assert heatmap_shape(page, root=HEATMAP) == (DEFAULT_MAX_LEN, moved)
    page.locator('[data-testid="stSidebarNav"] a', has_text="Home").click()
    wait_for_idle(page)
    assert slider_value(sidebar_slider(page, "d_model")) == moved
    assert_no_exception(page)


def test_language_switch_keeps_the_chosen_encoding_and_translates_it(
    page: Page, server: StreamlitServer
) -> None:
    open_pe(page, server)
    # Streamlit 1.67's selectbox is a combobox whose input holds the chosen label.
    pick_option(page, ".st-key-pe_kind__en", "Binary", exact=False)
    # position 1 has bit 0 set: 1.0 in the binary table, sin(1) = 0.84 in the sinusoidal one
    wait_for_rerun(page, "el._fullData[0].z[1][0] === 1", root=HEATMAP)
    sidebar_button(page, "lang", "ko").click()
    wait_for_rerun(page, "el._fullLayout.xaxis.title.text === '차원'", root=HEATMAP)
    assert page.locator('.st-key-pe_kind__ko input[role="combobox"]').input_value() == "이진수"
    assert plot_eval(page, "el._fullData[0].z[1][0]", root=HEATMAP) == 1
    assert page.locator(".st-key-pe_layout__ko").count() == 0  # the layout choice is for sinusoidal only
    screenshot(page, "pe_ko_binary", full_page=False)
    assert_no_exception(page)
