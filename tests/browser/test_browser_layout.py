"""Every page an instrument (viz.ui.layout), measured in a real headless Chromium on every page and every
section tab, in English and Korean:

- at 1400 x 900 the main chart's top is within the first 45% of the window;
- on a phone (390 x 844 and 360 x 800) nothing scrolls sideways, the main chart starts within the first
  screen, its title stays inside it, its panels' titles do not run into each other and its tick labels are
  12 px or more;
- in the presenter view at 1280 x 720 and 1920 x 1080 the main chart starts within the top fifth and its
  bottom is on the first screen; at 1280 x 720 the first tab fits a projector as
  tests/support/presenter.py's ``fits_a_projector`` says (the sidebar away, large type and ticks, the
  projector's palettes);
- no screen shows two controls for one value (at 1400 x 900, the sidebar open, and in the presenter view
  at 1280 x 720: every visible slider and number field, the live strips' included, read by its label);
- axe-core finds no serious or critical violation, and every chart is a keyboard stop named by its summary
  (tests/support/axe.py), at 1400 x 900 and in the presenter view at 1280 x 720;
- in the normal view at 1400 x 900, each tab, clicked, draws its charts and only its charts: the labels are
  the page's tabs in the page's language (and so are its title and its first tab's chart titles), the
  open one is the tab clicked, every chart of the page is in its panel and drawn, a tab inside it (opened
  in turn) runs alone: its own chart is on the page, its siblings' are not. (The Real models page's
  tabs, which need a text and a model, have their own test.)
- no request leaves the app's server, on any tab or after a sidebar slider moves (a class without
  internet), and the page raises no JavaScript error.

The main chart is the first chart (or, on a tab whose subject is a table, the first table) of the main
area. One browser context per page and view walks its tabs by clicking them, as a student does; each tab
is measured at its window, then the window is resized to the other size of that view (a phone's, the
larger projector's) and measured again, and put back. A screenshot of each is kept in
test-artifacts/screenshots/ (docs/screenshots/ holds a chosen few).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pytest

from bench.harness.browser import (
    HANGUL,
    PLOT_SELECTOR,
    WAIT_MS,
    StreamlitServer,
    animation_frames,
    assert_no_exception,
    new_page,
    open_tab,
    screenshot,
    wait_for_idle,
)
from tests.support.axe import DRAWN_JS, charts_unlabelled, styled, violations
from tests.support.presenter import fits_a_projector
from tests.support.sections import NESTED, SECTIONS
from tests.support.tabs import (
    INNER_CHART,
    block_outside,
    move_slider,
    open_panel,
    selected,
    settled_in_panel,
    tab_labels,
    wait_drawn,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: Each page with sections, by its address, and its tabs' labels (i18n keys, in order).
TABS: dict[str, tuple[str, ...]] = {page.removesuffix(".py"): names for page, (_, names) in SECTIONS.items()}
#: What counts as a tab's main chart: the app's chart component, or a table where the tab's subject is one.
MAIN = ".al-plot, [data-testid='stDataFrame'], [data-testid='stTable']"

#: The main chart's box (its first drawn one in the main area), and the page's widths, in CSS px.
_MEASURE_JS = """(sel) => {
  const main = document.querySelector('[data-testid=stMain]');
  const shown = [...main.querySelectorAll(sel)].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  });
  const el = shown[0];
  const box = el ? el.getBoundingClientRect() : null;
  // a tab that has nothing to draw says why where its chart would be (MiniLM predicts no next token)
  const said = main.querySelector(
    '[class*="st-key-al_row_"] [data-testid=stColumn]:first-child [data-testid=stAlert]');
  // a chart's title inside its box, and its smallest tick label (a phone's readability)
  const plot = el && el.classList.contains('al-plot') ? el : null;
  const title = plot && plot.querySelector('.gtitle');
  const tb = title ? title.getBoundingClientRect() : null;
  const ticks = plot ? [...plot.querySelectorAll('.xtick text, .ytick text')] : [];
  const tick = ticks.length ? Math.min(...ticks.map((e) => parseFloat(getComputedStyle(e).fontSize))) : null;
  const titleOut = Boolean(tb && box && (tb.left < box.left - 1 || tb.right > box.right + 1));
  // panels' titles (a grid of heads) running into each other or into the chart's title
  // (or into the legend)
  const legend = plot && plot.querySelector('.legend');
  const lb = legend ? legend.getBoundingClientRect() : null;
  const notes = plot ? [...plot.querySelectorAll('.infolayer .annotation')]
    .map((a) => a.getBoundingClientRect()).filter((r) => r.width > 0)
    .concat(tb ? [tb] : [], lb && lb.width > 0 ? [lb] : []) : [];
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const crowded = notes.some((a, i) => notes.slice(i + 1).some((b) => hit(a, b)));
  // the legend on the x axis's labels or title
  const axis = (plot ? [...plot.querySelectorAll('.g-xtitle, .xtick text')] : [])
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
  const covered = Boolean(lb && lb.width > 0 && axis.some((r) => hit(lb, r)));
  // one axis's tick labels printed over each other: level ones whose boxes meet, or slanted ones
  // whose lines are closer than a line of text
  const layers = plot ? [...plot.querySelectorAll('.xaxislayer-above, .yaxislayer-above')] : [];
  const clash = layers.some((layer) => {
    const texts = [...layer.querySelectorAll('text')].filter((e) => e.getBoundingClientRect().width > 0);
    if (texts.length < 2) return false;
    const rects = texts.map((e) => e.getBoundingClientRect());
    const turned = /rotate\\((-?[\\d.]+)/.exec(texts[0].getAttribute('transform') || '');
    const angle = turned ? Math.abs(parseFloat(turned[1])) * Math.PI / 180 : 0;
    if (angle < 0.05) return rects.some((a, i) => rects.slice(i + 1).some((b) => hit(a, b)));
    const size = parseFloat(getComputedStyle(texts[0]).fontSize);
    // where each label's tick is (its box's middle moves with the label's length)
    const at = texts.map((e) => parseFloat(/translate\\((-?[\\d.]+)/.exec(e.getAttribute('transform'))?.[1]))
      .sort((a, b) => a - b);
    return at.slice(1).some((c, i) => (c - at[i]) * Math.sin(angle) < 0.8 * size);
  });
  return {said: Boolean(said && said.getBoundingClientRect().top < window.innerHeight), tick, titleOut,
    crowded, clash, covered,
    top: box && box.top + window.scrollY, bottom: box && box.bottom + window.scrollY,
    scroll: document.documentElement.scrollWidth, width: window.innerWidth, height: window.innerHeight,
    what: el ? (el.closest('[class*="st-key-"]') || {className: ''}).className.match(/st-key-(\\S+)/)?.[1]
      : null};
}"""


#: Every chart shown in the main area drawn at its box's width: after a resize plot.js redraws a chart when
#: its box's width changes (a ResizeObserver), Plotly's resize on a debounce.
_FOLLOWED_WIDTH_JS = """() => [...document.querySelectorAll('[data-testid=stMain] .al-plot')]
  .filter((el) => el.clientWidth > 0)
  .every((el) => el._fullLayout && Math.abs(el._fullLayout.width - el.clientWidth) <= 1)"""
#: The longest a redraw at a new width may take before the walk measures anyway. It waited a fixed 250 ms
#: before, at every size of every tab: a third of the walk's time went to settling.
FOLLOW_MS = 2000


#: The open tab's first row holds its main chart, drawn (or a message where it would be). A table lower in
#: the tab can be on the page before the chart component has made its box: without this the walk measured
#: that table as the tab's first chart (the Attention page's KV-cache table, 1637 px down).
_ROW_DRAWN_JS = f"""() => {{
  const col = document.querySelector(
    '[data-testid=stMain] [class*="st-key-al_row_"] [data-testid=stColumn]');
  if (!col) return true;
  return Boolean(col.querySelector('[data-testid=stAlert]')) || [...col.querySelectorAll("{MAIN}")].some(
    (el) => el.getBoundingClientRect().height > 0 && (!el.classList.contains('al-plot') || el._fullData));
}}"""
#: How long the walk waits for that before it measures anyway (a tab without a chart in its row then
#: fails on the measure, with the page as it was).
ROW_MS = 30_000


def settle(page: Page) -> None:
    """The app idle, the open tab's main chart and every other chart of the main area drawn, and the
    layout settled after a resize."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    wait_for_idle(page)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(_ROW_DRAWN_JS, timeout=ROW_MS)
    page.wait_for_function(DRAWN_JS, timeout=WAIT_MS)
    page.evaluate("() => window.scrollTo(0, 0)")
    animation_frames(page, 3)
    # past it, measured as it is: a chart still at its old width shows in what is found
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(_FOLLOWED_WIDTH_JS, timeout=FOLLOW_MS)
    animation_frames(page, 2)


def measure(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(_MEASURE_JS, MAIN)
    return found


def problems_at(page: Page, where: str, *, present: bool) -> list[str]:
    """What is wrong with the page as it is now, at its window (empty: nothing)."""
    m = measure(page)
    w, h = m["width"], m["height"]
    here = f"{where} at {w}x{h}: {m}"
    if m["top"] is None:
        return [] if m["said"] else [f"{here}: no chart or table in the main area, and no word why"]
    found = []
    if m["scroll"] > w + 1:
        found.append(f"{here}: the page scrolls sideways ({m['scroll']} px wide)")
    if m["crowded"]:  # at every size: a block's stages' titles ran into each other at 1400 px
        found.append(f"{here}: the chart's title, its panels' titles and its legend run into each other")
    if present:
        if m["top"] > 0.2 * h:
            found.append(f"{here}: the chart starts below the top fifth")
        if m["bottom"] > h + 1:
            found.append(f"{here}: the chart's bottom is below the first screen")
    elif w < 640:
        if m["top"] >= h:
            found.append(f"{here}: the chart starts below the first screen")
        if m["titleOut"]:
            found.append(f"{here}: the chart's title runs past its edges")
        if m["covered"]:
            found.append(f"{here}: the chart's legend covers its x axis's labels or title")
        if m["clash"]:
            found.append(f"{here}: the chart's tick labels are printed over each other")
        if m["tick"] is not None and m["tick"] < 12:
            found.append(f"{here}: tick labels of {m['tick']} px")
    elif m["top"] > 0.45 * h:
        found.append(f"{here}: the chart starts below the first 45% of the window")
    return found


#: Every control on the screen that holds a number (Streamlit's sliders and number fields, in the sidebar
#: and the page, and the live strips' range inputs), by its label, with its value.
_CONTROLS_JS = """() => {
  const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const found = [];
  document.querySelectorAll('[data-testid=stSlider], [data-testid=stNumberInput]').forEach((w) => {
    const label = w.querySelector('[data-testid=stWidgetLabel]');
    const input = w.querySelector('input');
    const value = input ? input.getAttribute('aria-valuetext') || input.value : '';
    if (label && seen(w)) found.push([label.innerText.trim(), value]);
  });
  document.querySelectorAll('.al-live-slider').forEach((row) => {
    const label = row.querySelector('span').innerText.trim();
    if (seen(row)) found.push([label, row.querySelector('output').innerText]);
  });
  return found;
}"""


def twin_controls(page: Page, where: str) -> list[str]:
    """Two controls on the screen for one value: two visible controls with the same label."""
    controls = page.evaluate(_CONTROLS_JS)
    labels = [label for label, _ in controls]
    twins = sorted({label for label in labels if labels.count(label) > 1})
    return [f"{where}: two controls for {label!r}: {controls}" for label in twins]


#: Tabs with nothing to draw until asked: the PE scorecard is a table; the induction tab holds a Train
#: button until someone trains.
CHARTLESS = frozenset({("positional_encoding", "pe.score.title"), ("attention", "ind.title")})
#: The pages whose tabs the walk also checks for their own charts (the Real models page's tabs need a
#: text and a model: tests/browser/test_browser_pretrained.py).
OWN_CHARTS = frozenset(TABS) - {"pretrained"}


#: The titles of the main area's drawn charts.
_TITLES_JS = """() => [...document.querySelectorAll('[data-testid=stMain] .al-plot')]
  .map((el) => el._fullLayout?.title?.text || '').filter(Boolean)"""


def tab_problems(page: Page, path: str, lang: str, i: int, where: str) -> list[str]:
    """Tab ``i`` of ``path``, just opened: its label among the page's, open, and every chart of the page
    in its panel and drawn (the other tabs were not run: the AppTest tests say so too)."""
    key = TABS[path][i]
    labels = [t(k, lang) for k in TABS[path]]
    found = []
    if i == 0:
        if tab_labels(page) != labels:
            found.append(f"{where}: the tabs are {tab_labels(page)}, not {labels}")
        ko = lang == "ko"
        if any(bool(HANGUL.search(label)) is not ko for label in labels):
            found.append(f"{where}: a tab's label is not in the page's language: {labels}")
        # the title and the charts' titles too: Korean ones in Korean, none in English
        title = page.locator('[data-testid="stMain"] h1').first.inner_text()
        titles: list[str] = page.evaluate(_TITLES_JS)
        korean = any(HANGUL.search(x) for x in titles)
        if bool(HANGUL.search(title)) is not ko or (titles and korean is not ko):
            found.append(f"{where}: title or chart titles in another language: {title}, {titles}")
    if selected(page) != labels[i]:
        found.append(f"{where}: the open tab is {selected(page)!r}")
    settled_in_panel(page)
    shown = open_panel(page)
    if not (shown["panels"] == 1 and shown["charts"] == shown["page"] == shown["drawn"]):
        found.append(f"{where}: not every chart of the page is in the open tab and drawn: {shown}")
    if (path, key) not in CHARTLESS and shown["charts"] == 0:
        found.append(f"{where}: the tab draws no chart")
    if key == "ind.title" and not page.locator(".st-key-ind_train button").is_visible():
        found.append(f"{where}: no Train button")
    return found


def inner_problems(page: Page, path: str, lang: str, i: int, where: str) -> list[str]:
    """The tabs inside tab ``i`` (the first one is open), opened in turn: each draws its own chart, not its
    siblings' (the server ran it alone)."""
    if TABS[path][i] not in NESTED:
        return []
    inner_keys = NESTED[TABS[path][i]][1]
    found = []
    for j, inner_key in enumerate(inner_keys):
        inner = t(inner_key, lang)
        here = f"{where} [{inner}]"
        if j:
            open_tab(page, inner)
            wait_drawn(page)
        if selected(page, 1) != inner:
            found.append(f"{here}: the open inner tab is {selected(page, 1)!r}")
        shown = open_panel(page)
        if not shown["charts"] == shown["page"] == shown["drawn"] > 0:
            found.append(f"{here}: not every chart of the page is in the open tab and drawn: {shown}")
        drawn = {k: page.locator(f".st-key-{INNER_CHART[k]} {PLOT_SELECTOR}").count() for k in inner_keys}
        if drawn != {k: int(k == inner_key) for k in inner_keys}:
            found.append(f"{here}: the inner tabs' own charts on the page: {drawn}")
        assert_no_exception(page)
        if j:
            screenshot(page, f"tabs_{path}_{lang}_{i + 1}_{j + 1}", full_page=False)
    return found


def walk(page: Page, server: StreamlitServer, path: str, lang: str, *, present: bool) -> list[str]:
    """Open ``/path`` in ``lang`` (the presenter view if ``present``) and measure each of its tabs at the
    view's sizes (in the normal view, check its charts and its inner tabs too); the problems found."""
    view = "present=1&" if present else ""
    page.goto(f"{server.url}/{path}?{view}lang={lang}")
    page.locator('[data-testid="stMain"] h1').first.wait_for()
    styled(page, lang)
    if present:
        page.wait_for_function("() => document.documentElement.dataset.alPresenter === 'on'", timeout=WAIT_MS)
    labels = [t(key, lang) for key in TABS[path]]
    page.get_by_role("tab", name=labels[0], exact=True).wait_for()
    page.locator(f"[data-testid=stMain] :is({MAIN})").first.wait_for()
    sizes = [(1280, 720), (1920, 1080)] if present else [(1400, 900), (390, 844), (360, 800)]
    found = []
    for i, label in enumerate(labels):
        if i:
            page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
            open_tab(page, label)
        where = f"/{path}?{view}lang={lang} [{label}]"
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            assert_no_exception(page)
            found += problems_at(page, where, present=present)
            if (width, height) == sizes[0]:  # the normal view's and the presenter's first screen
                found += twin_controls(page, where)
            if (width, height) == sizes[0]:  # accessibility: axe-core, and every chart a named keyboard stop
                found += violations(page, where) + charts_unlabelled(page, where)
                if not present and path in OWN_CHARTS:
                    found += tab_problems(page, path, lang, i, where)
                if present and i == 0:
                    try:
                        fits_a_projector(page, path, lang)
                    except AssertionError as exc:
                        found.append(f"{where}: does not fit a projector: {exc}")
            if i == 0 or (width, height) != sizes[0]:
                name = f"layout_{path}_{i}_{'present_' if present else ''}{width}x{height}_{lang}"
                screenshot(page, name, full_page=False)
        if not present and path in OWN_CHARTS:
            page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
            found += inner_problems(page, path, lang, i, where)
    if not present:  # a rerun of the page (the tab left open) fetches nothing from outside either
        page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
        move_slider(page)
    return found


def report(problems: list[str]) -> str:
    return f"{len(problems)} layout or accessibility problem(s):\n" + "\n".join(problems)


@pytest.mark.parametrize("present", [False, True], ids=["normal", "presenter"])
@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("path", list(TABS))
def test_the_main_chart_is_on_the_first_screen(
    browser: Browser, server: StreamlitServer, path: str, lang: str, present: bool
) -> None:
    size = (1280, 720) if present else (1400, 900)
    page = new_page(browser, lang, width=size[0], height=size[1])
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    attempted = block_outside(page)
    try:
        problems = walk(page, server, path, lang, present=present)
    finally:
        page.context.close()
    if attempted:
        problems.append(f"requests outside the app's server: {sorted(set(attempted))}")
    if errors:
        problems.append(f"JavaScript errors in the page: {errors}")
    if problems:  # the whole list, not pytest's shortened repr of it
        pytest.fail(report(problems), pytrace=False)
