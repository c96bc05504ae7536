"""The presenter view measured in a real browser: body text, a chart's ticks, height and palettes, the
sidebar put away. Shared by tests/browser/test_browser_presenter.py and the layout walk
(tests/browser/test_browser_layout.py), which checks every page with tabs in the presenter view anyway."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bench.harness.browser import SIDEBAR_SELECTOR, WAIT_MS, plot_eval, wait_for_idle, wait_for_plot
from viz.figures import DIVERGING
from viz.ui import presenter

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: A paragraph of the main area's text (not a widget's label): the first is the first tab's "what to notice".
PARAGRAPH = '[data-testid="stMain"] [data-testid="stMarkdown"] [data-testid="stMarkdownContainer"] p'
#: The smallest tick label of the chart ``el`` (x and y axes), in CSS px.
TICK_PX_JS = (
    "Math.min(...Array.from(el.querySelectorAll('.xtick text, .ytick text'),"
    " (e) => parseFloat(getComputedStyle(e).fontSize)))"
)
TICKS_DRAWN_JS = "el.querySelectorAll('.xtick text, .ytick text').length > 0"
#: Every colour scale the chart ``el`` uses (its traces' and its colour axis').
SCALES_JS = (
    "el._fullData.map((d) => d.colorscale).filter(Boolean)"
    ".concat(el._fullLayout.coloraxis ? [el._fullLayout.coloraxis.colorscale] : [])"
)
#: The scale each page's first chart uses on its default tab (None: lines and markers, no scale).
SCALE_OF = {
    "embedding": DIVERGING,
    "positional_encoding": DIVERGING,
    "similarity": None,
    "softmax": None,
    "attention": "Blues",
    "encoder": DIVERGING,
}


def font_px(page: Page, selector: str) -> float:
    """The computed font size, in CSS px, of the first element matching ``selector``."""
    return float(page.locator(selector).first.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)"))


def sidebar_collapsed(page: Page) -> None:
    """The sidebar is collapsed: Streamlit says so, and it is off the left edge of the window."""
    from playwright.sync_api import expect

    sidebar = page.locator(SIDEBAR_SELECTOR)
    expect(sidebar).to_have_attribute("data-collapsed", "true", timeout=WAIT_MS)
    page.wait_for_function(
        "(sel) => document.querySelector(sel).getBoundingClientRect().right <= 0",
        arg=SIDEBAR_SELECTOR,
        timeout=WAIT_MS,
    )


def chart_on_first_screen(page: Page, *, root: str | None = None) -> dict[str, Any]:
    """The first chart (under ``root``): drawn with its ticks, its top above the window's bottom edge.
    Returns its top, smallest tick and layout height."""
    wait_for_plot(page, TICKS_DRAWN_JS, root=root)
    wait_for_idle(page)
    found: dict[str, Any] = plot_eval(
        page,
        f"({{top: el.getBoundingClientRect().top, tick: {TICK_PX_JS}, height: el._fullLayout.height,"
        f" window: window.innerHeight}})",
        root=root,
    )
    assert 0 <= found["top"] < found["window"], f"the chart is not on the first screen: {found}"
    return found


def as_stops(scale: Any) -> list[tuple[float, str]]:
    """A colour scale as (place, colour) pairs, the colour without spaces (Plotly's and Python's
    spellings of ``rgb(...)`` differ by them)."""
    return [(round(float(place), 6), str(color).replace(" ", "")) for place, color in scale]


def fits_a_projector(page: Page, path: str, lang: str) -> None:
    """``/path`` as opened in the presenter view at 1280 x 720, on its first tab: the sidebar put away,
    body text of 20 px or more; the first chart on the first screen, with ticks of 16 px or more, 70% of
    the window tall, in the projector's palettes (the Real models page: its table of tokens on the first
    screen, cells of 16 px or more; Home: its cards never folded). Asserts."""
    sidebar_collapsed(page)
    assert page.locator(f"{PARAGRAPH}:visible").count() > 0
    body = font_px(page, PARAGRAPH)
    assert body >= 20, f"/{path} ({lang}): the body text is {body} px"
    if path in SCALE_OF:
        chart = chart_on_first_screen(page)
        assert chart["tick"] >= 16, f"/{path} ({lang}): ticks of {chart['tick']} px"
        # every default chart is at least 315 px tall normally: 1.6x that is above 70% of 720
        assert chart["height"] >= 0.7 * 720, f"/{path} ({lang}): a chart {chart['height']} px tall"
        wanted = SCALE_OF[path]
        if wanted is not None:
            scales = [as_stops(s) for s in plot_eval(page, SCALES_JS)]
            assert scales, f"/{path}: the first chart has no colour scale"
            assert all(s == as_stops(presenter.PALETTES[wanted]) for s in scales), (
                f"/{path}: {wanted} is not replaced by the presenter's palette: {scales[0][:3]}"
            )
        assert plot_eval(page, "el._fullLayout.colorway") == list(presenter.COLORWAY)
    elif path == "pretrained":  # its first tab is a table of tokens, on the first screen
        # an HTML table in the room's type (st.dataframe draws its cells on a canvas at 14 px)
        table = page.locator('[data-testid="stMain"] [data-testid="stTable"]').first
        table.wait_for()
        box = table.bounding_box()
        assert box is not None and 0 <= box["y"] < 720, f"/pretrained: the table is at {box}"
        cell = table.locator("td").first.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
        assert cell >= 16, f"/pretrained: the table's cells in {cell} px type"
    elif path == "":  # the home page's cards are never folded
        card = page.locator('.st-key-home_path [data-testid="stCaptionContainer"]').first
        assert card.evaluate("(e) => getComputedStyle(e).whiteSpace") != "nowrap"
