"""Every page's section tabs in a real headless Chromium: the open tab survives a slider move and a
language switch; the sidebar's "every section at once" shows them all; a control in a closed tab keeps
its value; a control in an Encoder tab reruns that tab alone; every tab's label is whole and in view.
That each tab, clicked, draws its charts and only its charts is checked by the layout walk
(tests/browser/test_browser_layout.py), which opens every tab of every page in both languages anyway.

One Streamlit server and one browser for the run, a fresh browser context per test, as in
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
from tests.support.tabs import selected, tab_labels, wait_drawn
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: Each page's tabs (viz.ui.sections), by their i18n keys, in order: the AppTest tests' list (the Real
#: models page, whose tabs need a text and a model, has a browser test of its own).
TABS: dict[str, tuple[str, ...]] = {
    page.removesuffix(".py"): names for page, (_, names) in SECTIONS.items() if page != "pretrained.py"
}


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
    # the chart is redrawn a task after the run reports idle (plot.js draws one chart per task): until then
    # the drawn one is the English chart (a busy CI run read its title there)
    page.wait_for_function(
        "(sel) => /[\\uac00-\\ud7a3]/.test(document.querySelector(sel)?._fullLayout?.title?.text || '')",
        arg=qkv,
        timeout=120_000,
    )
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
