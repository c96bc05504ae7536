"""Every page's section tabs in a real headless Chromium: each tab, clicked, draws its charts and only
its charts; the open tab survives a slider move and a language switch; the sidebar's "every section at
once" shows them all. Screenshots of each page's tabs in both languages land in
``test-artifacts/screenshots/`` (``tabs_<page>_<lang>.png`` for the first, ``..._<n>.png`` for tab n,
``..._<n>_<m>.png`` for tab m inside it).

One Streamlit server and one browser for the module, a fresh browser context per test, as in
``tests/browser/test_browser.py``. Skipped where Chromium or Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pytest

from bench.harness.browser import (
    HANGUL,
    PLOT_SELECTOR,
    StreamlitServer,
    assert_no_exception,
    every_section,
    open_tab,
    screenshot,
    sidebar_button,
    slider_value,
    wait_for_idle,
)
from tests.support.axe import styled
from tests.support.sections import SECTIONS
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: Each page's tabs (viz.ui.sections), by their i18n keys, in order: the AppTest tests' list (the Real
#: models page, whose tabs need a text and a model, has a browser test of its own).
TABS: dict[str, tuple[str, ...]] = {
    page.removesuffix(".py"): names for page, (_, names) in SECTIONS.items() if page != "pretrained.py"
}
#: Tabs inside a tab: the attention page's step by step and the softmax page's worked example have three,
#: the encoder page's first two sections two each.
NESTED: dict[str, tuple[str, ...]] = {
    "enc.path.title": ("enc.path.part.stages", "enc.path.part.norms"),
    "enc.res.title": ("enc.res.part.input", "enc.res.part.alike"),
    "steps.title": ("steps.part.qkv", "steps.part.scores", "steps.part.out"),
    "ex.title": ("ex.part.qkv", "ex.part.steps", "ex.part.out"),
}
#: A chart that only its inner tab draws (the key given to viz.ui.chart).
INNER_CHART = {
    "enc.path.part.stages": "enc_stages",
    "enc.path.part.norms": "enc_norms",
    "enc.res.part.input": "enc_residual",
    "enc.res.part.alike": "enc_residual_alike",
    "steps.part.qkv": "att_step_Q",
    "steps.part.scores": "att_step_weights",
    "steps.part.out": "att_step_out",
    "ex.part.qkv": "sm_qkv",
    "ex.part.steps": "sm_step_weights",
    "ex.part.out": "sm_step_output",
}

# The open tab's panel (Streamlit renders only that one): how many charts it holds and how many Plotly
# has drawn (``_fullData`` with traces), and how many charts the whole main area holds.
_PANEL_JS = """(plot) => {
  const panels = [...document.querySelectorAll('[data-testid="stMain"] [role="tabpanel"]')]
    .filter((p) => !p.hidden && p.offsetParent !== null && !p.parentElement.closest('[role="tabpanel"]'));
  const charts = panels.length === 1 ? [...panels[0].querySelectorAll(plot)] : [];
  return {panels: panels.length, charts: charts.length,
          drawn: charts.filter((el) => el._fullData && el._fullData.length > 0).length,
          page: document.querySelectorAll('[data-testid="stMain"] ' + plot).length};
}"""


def open_panel(page: Page) -> dict[str, int]:
    result: dict[str, int] = page.evaluate(_PANEL_JS, PLOT_SELECTOR)
    return result


def settled_in_panel(page: Page) -> None:
    """Until the open tab's panel holds every chart of the page, all drawn (or the wait runs out and the
    caller's assertion says what it saw). open_tab's idle can come before a loaded machine's rerun has
    even started, when the previous tab's charts are still the page's."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"(plot) => {{ const s = ({_PANEL_JS})(plot);"
            " return s.panels === 1 && s.charts === s.page && s.drawn === s.page; }",
            arg=PLOT_SELECTOR,
            timeout=120_000,
        )


def wait_drawn(page: Page, *, charts: bool = True) -> None:
    """Until the page has charts (unless not ``charts``) and Plotly has drawn every one of them. Each
    chart is a ``.al-plot`` div from the first moment (viz/plot.js); Plotly marks it ``.js-plotly-plot``
    only once plotly.js has loaded and draws it, one chart per browser task."""
    page.wait_for_function(
        "(want) => { const all = [...document.querySelectorAll('[data-testid=stMain] .al-plot')];"
        " return (all.length > 0 || !want) && all.every((el) => el._fullData && el._fullData.length); }",
        arg=charts,
        timeout=120_000,
    )


def tab_labels(page: Page) -> list[str]:
    """The labels of the page's section tabs, not of the tabs inside an open section."""
    labels: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=stMain] [role=tab]')]"
        ".filter((t) => !t.closest('[role=tabpanel]')).map((t) => t.innerText.trim())"
    )
    return labels


def selected(page: Page) -> str:
    """The open tab of the page's sections (a tab inside it may be selected too: it comes later)."""
    return page.locator('[role="tab"][aria-selected="true"]').first.inner_text().strip()


@pytest.mark.parametrize(("lang", "hangul"), [("en", False), ("ko", True)], ids=["en", "ko"])
@pytest.mark.parametrize("name", sorted(TABS))
def test_each_tab_draws_its_own_charts(
    page: Page, server: StreamlitServer, page_errors: list[str], name: str, lang: str, hangul: bool
) -> None:
    page.set_viewport_size({"width": 1500, "height": 3000})
    page.goto(f"{server.url}/{name}?lang={lang}")
    labels = [t(key, lang) for key in TABS[name]]
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    wait_drawn(page)
    assert tab_labels(page) == labels
    assert all(bool(HANGUL.search(label)) is hangul for label in labels), labels
    assert selected(page) == labels[0]
    print("saved", screenshot(page, f"tabs_{name}_{lang}"))
    for i, label in enumerate(labels):
        # the PE scorecard is a table; the induction tab holds a Train button until someone trains
        chartless = (name, TABS[name][i]) in {
            ("positional_encoding", TABS[name][3]),
            ("attention", "ind.title"),
        }
        if i:
            open_tab(page, label)
            wait_drawn(page, charts=not chartless)
        assert selected(page) == label
        settled_in_panel(page)
        shown = open_panel(page)
        # Every chart of the page is in the open tab (the others were not run: see the AppTest tests),
        # and every one of them is drawn.
        assert shown["panels"] == 1 and shown["charts"] == shown["page"] == shown["drawn"], (label, shown)
        if not chartless:
            assert shown["charts"] > 0, (label, shown)
        elif name == "attention":
            assert page.locator(".st-key-ind_train button").is_visible(), label
        assert_no_exception(page)
        if i:
            screenshot(page, f"tabs_{name}_{lang}_{i + 1}")
        inner_keys = NESTED.get(TABS[name][i], ())
        for j, inner_key in enumerate(inner_keys):
            inner = t(inner_key, lang)
            if j:
                open_tab(page, inner)
                wait_drawn(page)
            assert page.locator('[role="tab"][aria-selected="true"]').nth(1).inner_text().strip() == inner
            shown_now = open_panel(page)
            assert shown_now["charts"] == shown_now["page"] == shown_now["drawn"] > 0, (inner, shown_now)
            # the server ran this inner tab alone: its own chart is on the page, the other tabs' are not
            present = {
                k: page.locator(f".st-key-{INNER_CHART[k]} {PLOT_SELECTOR}").count() for k in inner_keys
            }
            assert present == {k: int(k == inner_key) for k in inner_keys}, (inner, present)
            assert_no_exception(page)
            if j:
                screenshot(page, f"tabs_{name}_{lang}_{i + 1}_{j + 1}")
    assert page_errors == []


def test_the_open_tab_survives_a_slider_and_a_language_switch(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.goto(f"{server.url}/softmax")
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    open_tab(page, t("ex.title", "en"))
    wait_drawn(page)
    qkv = ".st-key-sm_qkv " + PLOT_SELECTOR
    assert page.locator(qkv).count() == 1
    before = page.evaluate(f"() => document.querySelector('{qkv}')._fullLayout.title.text")

    thumb = page.locator('.st-key-sm_dk [role="slider"], .st-key-sm_dk input[type="range"]').first
    thumb.focus()
    thumb.press("ArrowRight")  # d_k 64 -> 96: the worked example is redrawn in its tab
    page.wait_for_function(
        "([sel, old]) => { const el = document.querySelector(sel);"
        " return el && el._fullLayout && el._fullLayout.title.text !== old; }",
        arg=[qkv, before],
        timeout=120_000,
    )
    wait_for_idle(page)
    assert selected(page) == t("ex.title", "en")
    assert "96" in page.evaluate(f"() => document.querySelector('{qkv}')._fullLayout.title.text")

    sidebar_button(page, "lang", "ko").click()
    page.wait_for_function(
        "(label) => { const s = document.querySelector('[role=tab][aria-selected=true]');"
        " return s && s.innerText.trim() === label; }",
        arg=t("ex.title", "ko"),
        timeout=120_000,
    )
    wait_for_idle(page)
    wait_drawn(page)
    assert page.locator(qkv).count() == 1
    assert HANGUL.search(page.evaluate(f"() => document.querySelector('{qkv}')._fullLayout.title.text"))
    assert_no_exception(page)
    assert page_errors == []


def test_every_section_at_once_shows_all_charts(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1500, "height": 5200})
    page.goto(f"{server.url}/softmax")
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    wait_drawn(page)
    in_first_tab = page.locator(PLOT_SELECTOR).count()
    every_section(page)
    page.wait_for_function("() => document.querySelectorAll('[role=tab]').length === 0", timeout=120_000)
    page.locator(".st-key-sm_step_output " + PLOT_SELECTOR).wait_for(timeout=120_000)
    wait_for_idle(page)
    wait_drawn(page)
    headings = page.locator('[data-testid="stMain"] :is(h2, h3)').all_inner_texts()
    for key in ("sm.var.title", "sm.row.title", "sm.grad.title", "ex.title"):
        assert t(key, "en") in headings, headings
    assert page.locator(PLOT_SELECTOR).count() > in_first_tab
    assert_no_exception(page)
    assert page_errors == []


def test_a_control_in_a_closed_tab_keeps_its_value(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    """Streamlit forgets a widget that a run does not draw; the page's own controls keep their value
    while the visitor stays on the page (viz.ui.KEEP), so a tab reopens as it was left."""
    page.goto(f"{server.url}/softmax")
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    open_tab(page, t("sm.tab.row", "en"))
    thumb = page.locator('.st-key-sm_keys input[type="range"], .st-key-sm_keys [role="slider"]').first
    thumb.focus()
    for _ in range(3):
        thumb.press("ArrowRight")  # 6 -> 9 keys
        page.wait_for_timeout(300)
        wait_for_idle(page)
    assert slider_value(thumb) == 9
    open_tab(page, t("sm.var.title", "en"))
    assert page.locator(".st-key-sm_keys").count() == 0
    open_tab(page, t("sm.tab.row", "en"))
    wait_drawn(page)
    thumb = page.locator('.st-key-sm_keys input[type="range"], .st-key-sm_keys [role="slider"]').first
    assert slider_value(thumb) == 9
    bars = "el._fullData.filter((t) => t.type === 'bar').map((t) => t.x.length)"
    counts = page.evaluate(
        f"() => {{ const el = document.querySelector('.st-key-sm_row .js-plotly-plot'); return {bars}; }}"
    )
    assert counts == [9, 9]
    assert_no_exception(page)
    assert page_errors == []


def test_a_block_picked_inside_the_fragment_keeps_the_inner_tab(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    """The encoder page's first section is a fragment with tabs inside: picking a block reruns only the
    fragment, which keeps the inner tab open (its lengths chart, now shading the block picked) and does
    not bring back the other inner tab's heatmaps."""
    norms = ".st-key-enc_norms " + PLOT_SELECTOR
    page.goto(f"{server.url}/encoder")
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    wait_drawn(page)
    open_tab(page, t("enc.path.part.norms", "en"))
    wait_drawn(page)
    title_js = f"() => document.querySelector('{norms}')._fullLayout.title.text"
    assert page.evaluate(title_js) == t("enc.norms.chart", "en", layer=1)
    page.locator('.st-key-enc_layer [data-testid="stButtonGroup"] button').filter(
        has=page.get_by_text("3", exact=True)
    ).click()
    page.wait_for_function(
        "([sel, want]) => { const el = document.querySelector(sel);"
        " return el && el._fullLayout && el._fullLayout.title.text === want; }",
        arg=[norms, t("enc.norms.chart", "en", layer=3)],
        timeout=120_000,
    )
    wait_for_idle(page)
    selected_now = page.locator('[role="tab"][aria-selected="true"]').all_inner_texts()
    assert [s.strip() for s in selected_now] == [t("enc.path.title", "en"), t("enc.path.part.norms", "en")]
    assert page.locator(".st-key-enc_stages").count() == 0
    # the shaded band covers block 3's five stages (after the input and blocks 1-2: x positions 11-15)
    shade = page.evaluate(
        f"() => document.querySelector('{norms}')._fullLayout.shapes.map((s) => [s.x0, s.x1])"
    )
    assert len(shade) == 1 and shade[0][0] < 11 < 15 < shade[0][1], shade
    assert_no_exception(page)
    assert page_errors == []


# ---- every tab's label whole and in view (issue 36: "RoPE sca›" at 1400 px, the presenter's scorecard cut
# and its RoPE tab behind the scroll arrow at 1920 px) ------------------------------------------------------
# Each tab list of the page (the sections' and, in an open section, its parts'): a label whose text is
# wider than its box, a tab outside its list's box, or a list that scrolls sideways.
_CUT_TABS_JS = """() => {
  const found = [];
  for (const list of document.querySelectorAll('[data-testid="stMain"] [role="tablist"]')) {
    if (list.offsetParent === null) continue;  // in a closed tab
    const box = list.getBoundingClientRect();
    if (list.scrollWidth > list.clientWidth + 1)
      found.push({list: true, scroll: list.scrollWidth, width: list.clientWidth});
    for (const tab of list.querySelectorAll('[role="tab"]')) {
      const r = tab.getBoundingClientRect();
      const text = tab.querySelector('p') || tab;
      const label = tab.innerText.trim();
      if (text.scrollWidth > text.clientWidth + 1)
        found.push({label, text: text.scrollWidth, box: text.clientWidth});
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth + 1 || r.width < 8)
        found.push({label, left: r.left, right: r.right, listLeft: box.left, listRight: box.right});
    }
  }
  return found;
}"""


@pytest.mark.parametrize(
    ("lang", "width", "height", "query"),
    [
        ("en", 1400, 900, ""),
        ("ko", 1400, 900, ""),
        ("en", 1920, 1080, "&present=1"),
        ("ko", 1920, 1080, "&present=1"),
    ],
    ids=["en-1400", "ko-1400", "en-presenter-1920", "ko-presenter-1920"],
)
def test_every_tab_label_is_whole_and_in_view(
    page: Page, server: StreamlitServer, lang: str, width: int, height: int, query: str
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    cut = {}
    for name in sorted(TABS):
        page.goto(f"{server.url}/{name}?lang={lang}{query}")
        page.locator('[data-testid="stMain"] [role="tab"]').first.wait_for()
        wait_for_idle(page)
        # the page's stylesheet wraps the tab names; it can arrive after the run reports idle (a slow host
        # measured a list still on one line, 2026-12-01)
        styled(page, lang)
        page.wait_for_timeout(300)  # the tab list's layout settles after the fonts
        assert len(tab_labels(page)) == len(TABS[name]), tab_labels(page)
        found = page.evaluate(_CUT_TABS_JS)
        if found:
            cut[name] = found
            with contextlib.suppress(Exception):
                screenshot(page, f"tabs_cut_{name}_{lang}_{width}", full_page=False)
    assert not cut, cut


@pytest.mark.parametrize(
    ("tab", "press"),
    [
        ("enc.path.title", "layer"),  # the block picked, beside the stages
        ("enc.res.title", "layers"),  # the page's own number of blocks, drawn in the tab
    ],
)
def test_a_control_in_an_encoder_tab_reruns_that_tab_alone(
    page: Page, server: StreamlitServer, page_errors: list[str], tab: str, press: str
) -> None:
    """Every Encoder tab is a fragment: a control moved in it (its own, or one of the page's drawn beside
    its chart) reruns the tab, and the server sends nothing of the page around it (not its title)."""
    frames: list[bytes] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda p: frames.append(p if isinstance(p, bytes) else p.encode()))

    page.on("websocket", on_socket)
    page.goto(f"{server.url}/encoder")
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    open_tab(page, t(tab, "en"))
    page.locator(f"[data-testid=stMain] {PLOT_SELECTOR}").first.wait_for(timeout=120_000)
    wait_for_idle(page)
    frames.clear()
    if press == "layer":
        page.locator('.st-key-enc_layer [data-testid="stButtonGroup"] button').filter(
            has=page.get_by_text("3", exact=True)
        ).click()
        sent = t("enc.path.chart", "en", layer=3, layers=6)
    else:
        thumb = page.locator(
            '.st-key-enc_layers input[type="range"], .st-key-enc_layers [role="slider"]'
        ).first
        thumb.focus()
        thumb.press("ArrowLeft")  # 6 -> 5 blocks
        sent = "5 block(s)"  # the sizes' caption, under the page's controls
    for _ in range(600):  # until the rerun's answer arrives (a minute at most)
        if sent.encode() in b"".join(frames):
            break
        page.wait_for_timeout(100)
    wait_for_idle(page)
    page.wait_for_timeout(500)  # the rerun's last frames
    got = b"".join(frames)
    assert sent.encode() in got, f"the tab's rerun did not send {sent!r}"
    assert t("enc.title", "en").encode() not in got  # the page's title: a whole-page rerun sends it
    assert_no_exception(page)
    assert page_errors == []
