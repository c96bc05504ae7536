"""The similarity, embedding and softmax pages in a real headless Chromium.

Similarity: the dot-product curve of the sinusoidal encoding peaks at the chosen position p and follows
p's live strip, its one control on the screen (its dashed p marker moves with it). Embedding: a typed
sentence becomes the rows of the E / P / E + P heatmaps, markup in it stays text, and ``?max_len=1``
warns instead of failing. Softmax: d_k (its live strip on the first tab) widens the unscaled q · k
histogram like √d_k while the scaled one stays put, and markup typed as the worked example's sentence
stays text. The softmax page, every section at once, loads in English and Korean (screenshots in
``test-artifacts/screenshots/``); every page's tabs in both languages are the layout walk's
(tests/browser/test_browser_layout.py).
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    ALERT,
    HANGUL,
    StreamlitServer,
    assert_no_exception,
    every_section,
    heading,
    open_tab,
    plot_eval,
    screenshot,
    slider_value,
    wait_for_rerun,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

SIM_PATH, EMB_PATH = "/similarity", "/embedding"
SIM_CURVE = ".st-key-sim_row_sinusoidal"  # the container of the chart with key="sim_row_sinusoidal"
#: p's one control on the screen: the live strip beside the curve (the page's own sim_p is hidden there)
SIM_SLIDER = ".st-key-sim_row_live"
EMB_PANELS = ".st-key-emb_panels"
EMB_TEXT = ".st-key-emb_text input"
DEFAULT_MAX_LEN = 100
DEFAULT_P = 50  # similarity.default_position(100)
DEFAULT_SENTENCE = "A dog ate the food because it was hungry"  # the Embedding page's, when it opens
DEFAULT_ROWS = [f"{i} · {w}" for i, w in enumerate(DEFAULT_SENTENCE.split())]
HOSTILE = "<b>bold</b><img src=x onerror=alert(1)>"

# JS expressions for plot_eval / wait_for_rerun (``el`` is the Plotly div).
#: x of the highest point of the first trace (the curve over positions j); null before it is drawn.
ARGMAX_JS = (
    "(() => { const t = el._fullData[0]; let best = 0;"
    " for (let i = 1; i < t.y.length; i++) { if (t.y[i] > t.y[best]) best = i; }"
    " return t.y.length ? Number(t.x[best]) : null; })()"
)
#: x values of the dashed vertical marker trace at p.
MARK_X_JS = "Array.from(el._fullData.find((t) => t.line && t.line.dash === 'dash').x, Number)"
#: the heatmap panels' row labels, per trace, as sent to Plotly.
ROWS_JS = "el._fullData.map((t) => Array.from(t.y, String))"


# ---- helpers ------------------------------------------------------------------------------------------
def sim_slider(page: Page) -> Locator:
    """The range input of p on the live strip (the one control for ``sim_p`` on the screen)."""
    return page.locator(SIM_SLIDER).locator('input[data-name="p"]')


def wait_for_mark(page: Page, p: int) -> None:
    """Wait until the similarity curve's dashed marker stands at ``p`` and the app is idle."""
    wait_for_rerun(page, f"({MARK_X_JS}).every((x) => x === {int(p)})", root=SIM_CURVE)


def curve_argmax(page: Page) -> int:
    return int(plot_eval(page, ARGMAX_JS, root=SIM_CURVE))


def panel_rows(page: Page) -> list[list[str]]:
    return [list(rows) for rows in plot_eval(page, ROWS_JS, root=EMB_PANELS)]


def rows_js(rows: list[str]) -> str:
    """A wait_for_plot predicate: every panel's row labels are exactly ``rows``."""
    compact = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))  # as JSON.stringify writes it
    want = json.dumps(compact, ensure_ascii=False)  # ... quoted as a JS string literal
    return f"({ROWS_JS}).every((ys) => JSON.stringify(ys) === {want})"


def type_sentence(page: Page, text: str) -> None:
    """Replace the sentence in the ``emb_text`` box and submit it with Enter."""
    box = page.locator(EMB_TEXT)
    box.fill(text)
    box.press("Enter")


# ---- similarity ---------------------------------------------------------------------------------------
def test_similarity_curve_peaks_at_the_slider_position(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.goto(server.url + SIM_PATH)
    wait_for_mark(page, DEFAULT_P)
    thumb = sim_slider(page)
    assert slider_value(thumb) == DEFAULT_P
    assert plot_eval(page, "el._fullData[0].x.length", root=SIM_CURVE) == DEFAULT_MAX_LEN
    assert curve_argmax(page) == DEFAULT_P
    # a strict peak: the dot product of a sinusoidal vector with itself beats every other position
    at_least_peak = f"el._fullData[0].y.filter((y) => y >= el._fullData[0].y[{DEFAULT_P}]).length"
    assert plot_eval(page, at_least_peak, root=SIM_CURVE) == 1

    thumb.focus()
    for step in range(1, 6):  # one step per press; each press is a rerun
        thumb.press("ArrowRight")
        wait_for_mark(page, DEFAULT_P + step)
    p = slider_value(sim_slider(page))
    assert p == DEFAULT_P + 5
    assert curve_argmax(page) == p != DEFAULT_P
    assert plot_eval(page, MARK_X_JS, root=SIM_CURVE) == [p, p]
    title = t("sim.row.chart", "en", name=t("encodings.kind.sinusoidal", "en"), p=p)
    assert plot_eval(page, "el._fullLayout.title.text", root=SIM_CURVE) == title

    sim_slider(page).focus()
    sim_slider(page).press("End")
    wait_for_mark(page, DEFAULT_MAX_LEN - 1)
    assert slider_value(sim_slider(page)) == DEFAULT_MAX_LEN - 1
    assert curve_argmax(page) == DEFAULT_MAX_LEN - 1
    assert plot_eval(page, MARK_X_JS, root=SIM_CURVE) == [DEFAULT_MAX_LEN - 1] * 2
    assert_no_exception(page)
    assert page_errors == []


# ---- embedding ----------------------------------------------------------------------------------------
def test_embedding_rows_follow_the_typed_sentence_and_markup_stays_text(
    page: Page, server: StreamlitServer, page_errors: list[str], dialogs: list[str]
) -> None:
    page.goto(server.url + EMB_PATH)
    wait_for_rerun(page, rows_js(DEFAULT_ROWS), root=EMB_PANELS)
    assert plot_eval(page, "el._fullData.length", root=EMB_PANELS) == 3  # E, P and E + P

    korean = ["0 · 나는", "1 · 학생", "2 · 입니다"]
    type_sentence(page, "나는 학생 입니다")
    wait_for_rerun(page, rows_js(korean), root=EMB_PANELS)
    assert panel_rows(page) == [korean] * 3
    assert plot_eval(page, "el._fullData.map((t) => t.z.length)", root=EMB_PANELS) == [3, 3, 3]
    assert plot_eval(page, "el._fullLayout.yaxis._categories", root=EMB_PANELS) == korean
    assert_no_exception(page)

    # The tokenizer splits punctuation off, so the markup arrives as 20 one-character or one-word rows;
    # the chart must get "<" and ">" escaped (Plotly reads its labels as HTML) and show them as text.
    type_sentence(page, HOSTILE)
    wait_for_rerun(page, "el._fullData[0].y.length === 20", root=EMB_PANELS)
    rows = panel_rows(page)
    assert rows[0][:4] == ["0 · &lt;", "1 · b", "2 · &gt;", "3 · bold"], rows[0]
    assert all(r == rows[0] for r in rows)
    assert not any("<" in label or ">" in label for label in rows[0]), rows[0]
    ticks = page.locator(f"{EMB_PANELS} .ytick text").all_text_contents()
    assert {"0 · <", "2 · >", "8 · <", "12 · x"} <= set(ticks), ticks
    shown = page.locator('[data-testid="stMain"] [data-testid="stText"]').first.inner_text()
    assert shown.startswith("< | b | > | bold | < | / | b | >"), shown
    page.wait_for_timeout(500)  # give a (wrongly) injected onerror handler time to fire
    assert dialogs == []
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator(f"{EMB_PANELS} b, {EMB_PANELS} img").count() == 0
    assert_no_exception(page)
    assert page_errors == []


def test_embedding_with_one_position_warns_about_max_len(page: Page, server: StreamlitServer) -> None:
    page.goto(server.url + EMB_PATH + "?max_len=1")
    wait_for_rerun(page, rows_js(DEFAULT_ROWS[:1]), root=EMB_PANELS)  # the sentence cut to one token

    # the sentence's own warning (the two-sentence section below also mentions max_len = 1)
    warning = page.locator(ALERT).filter(has_text="Only the first 1 tokens").filter(has_text="max_len = 1")
    warning.first.wait_for(state="visible")
    assert f"({len(DEFAULT_ROWS) - 1} dropped)" in warning.first.inner_text()
    assert page.locator(ALERT).filter(has_text="not allowed").count() == 0  # the URL value was accepted
    assert panel_rows(page) == [DEFAULT_ROWS[:1]] * 3
    assert_no_exception(page)


# ---- softmax and scaling ------------------------------------------------------------------------------
SM_PATH = "/softmax"
SM_DK = ".st-key-sm_dk"
SM_RAW = ".st-key-sm_hist_raw"  # q · k: bars over ±4.5·√d_k with the curve N(0, d_k)
SM_SCALED = ".st-key-sm_hist_scaled"  # q · k / √d_k: bars over ±4.5 whatever d_k is
SM_WEIGHTS = ".st-key-sm_step_weights"
SM_LAST = ".st-key-sm_step_output"  # the page's last chart
SM_TEXT = ".st-key-sm_text input"
SM_DEFAULT_DK = 64
#: HOSTILE's first 8 tokens (the worked example's limit), as Plotly must receive them: escaped.
HOSTILE_TOKENS = ["&lt;", "b", "&gt;", "bold", "&lt;", "/", "b", "&gt;"]
#: [lowest bar centre, highest bar centre, bar width] of a density histogram, and its curve's name.
BARS_JS = (
    "(() => { const b = el._fullData.find((t) => t.type === 'bar'); const xs = Array.from(b.x, Number);"
    " return [Math.min(...xs), Math.max(...xs), Number(b.width)]; })()"
)
CURVE_NAME_JS = "el._fullData.find((t) => t.type === 'scatter').name"
#: the tallest bar's density: about 1/sqrt(2 pi d_k) when the samples really have variance d_k.
PEAK_JS = "Math.max(...Array.from(el._fullData.find((t) => t.type === 'bar').y, Number))"


def select_slider_value(thumb: Locator) -> str:
    """A slider's shown value: a select slider's (or a strip's) option is its input's ``aria-valuetext``."""
    return str(thumb.get_attribute("aria-valuetext"))


def wait_for_dk(page: Page, d_k: int) -> None:
    """Wait until the unscaled histogram's curve is N(0, d_k) and the app is idle."""
    name = json.dumps(t("sm.var.curve.raw", "en", d_k=d_k))
    wait_for_rerun(page, f"{CURVE_NAME_JS} === {name}", root=SM_RAW)


def bars(page: Page, root: str) -> tuple[float, float, float]:
    lo, hi, width = plot_eval(page, BARS_JS, root=root)
    return float(lo), float(hi), float(width)


def assert_bars_span(page: Page, root: str, half: float) -> tuple[float, float, float]:
    """The bars of the histogram under ``root`` cover ±``half`` to within one bin width, and their
    height is the samples' (the bins are laid out from the setting, the heights come from the data):
    the peak of N(0, (half / 4.5)^2) is 1/(sqrt(2 pi) sigma). With 5000 samples the tallest of 60 bins
    sits within a few per cent of it; 25% leaves room for noise and still fails for a wrong variance."""
    lo, hi, width = bars(page, root)
    assert width > 0
    assert abs(hi - half) <= width and abs(lo + half) <= width, (lo, hi, width, half)
    sigma = half / 4.5
    peak = float(plot_eval(page, PEAK_JS, root=root))
    assert peak == pytest.approx(1 / (math.sqrt(2 * math.pi) * sigma), rel=0.25), (peak, sigma)
    return lo, hi, width


def dk_strip(page: Page) -> Locator:
    """d_k's one control on the first tab: the live strip's input (its aria-valuetext the option shown)."""
    return page.locator('.st-key-sm_var_live input[data-name="d_k"]')


def test_softmax_dk_slider_widens_the_unscaled_histogram(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.goto(server.url + SM_PATH)
    wait_for_dk(page, SM_DEFAULT_DK)
    thumb = dk_strip(page)
    assert select_slider_value(thumb) == str(SM_DEFAULT_DK)
    _, hi_64, _ = assert_bars_span(page, SM_RAW, 4.5 * 8)  # ±36
    assert_bars_span(page, SM_SCALED, 4.5)

    thumb.focus()
    thumb.press("ArrowRight")  # the next option: 96
    wait_for_dk(page, 96)
    assert select_slider_value(dk_strip(page)) == "96"
    _, hi_96, width_96 = assert_bars_span(page, SM_RAW, 4.5 * math.sqrt(96))  # ±44.1
    assert abs(hi_96 - hi_64 * math.sqrt(96 / 64)) <= width_96, (hi_64, hi_96)
    assert plot_eval(page, CURVE_NAME_JS, root=SM_RAW) == "N(0, 96)"
    assert_bars_span(page, SM_SCALED, 4.5)

    dk_strip(page).focus()
    dk_strip(page).press("End")  # the last option: 1024
    wait_for_dk(page, 1024)
    assert select_slider_value(dk_strip(page)) == "1024"
    _, hi_1024, width_1024 = assert_bars_span(page, SM_RAW, 4.5 * 32)  # ±144
    assert abs(hi_1024 - hi_64 * 4) <= width_1024, (hi_64, hi_1024)  # √1024 / √64 = 4
    assert plot_eval(page, CURVE_NAME_JS, root=SM_RAW) == "N(0, 1024)"
    assert plot_eval(page, CURVE_NAME_JS, root=SM_SCALED) == "N(0, 1)"
    assert_bars_span(page, SM_SCALED, 4.5)  # the scale undoes the growth
    assert_no_exception(page)
    assert page_errors == []


@pytest.mark.parametrize(("lang", "hangul"), [("en", False), ("ko", True)], ids=["en", "ko"])
def test_softmax_page_in_each_language(
    page: Page, server: StreamlitServer, page_errors: list[str], lang: str, hangul: bool
) -> None:
    page.set_viewport_size({"width": 1500, "height": 5200})  # the page scrolls inside stMain
    page.goto(f"{server.url}{SM_PATH}?lang={lang}")
    wait_for_dk(page, SM_DEFAULT_DK)
    every_section(page)  # the tabs have their own tests (test_browser_layout.py, test_browser_tabs.py)
    wait_for_rerun(page, "el._fullData.length > 0", root=SM_LAST)  # drawn down to the last chart

    assert heading(page) == t("sm.title", lang)
    headings = page.locator('[data-testid="stMain"] :is(h1, h2, h3)').all_inner_texts()
    assert len(headings) >= 5, headings  # the title and the four numbered sections
    assert all(bool(HANGUL.search(h)) is hangul for h in headings), headings
    assert_no_exception(page)
    assert page_errors == []
    print("saved", screenshot(page, f"softmax_{lang}"))


def test_softmax_sentence_markup_stays_text(
    page: Page, server: StreamlitServer, page_errors: list[str], dialogs: list[str]
) -> None:
    page.goto(server.url + SM_PATH)
    wait_for_dk(page, SM_DEFAULT_DK)
    open_tab(page, t("ex.title", "en"))
    open_tab(page, t("ex.part.steps", "en"))
    wait_for_rerun(page, "el._fullData[0].y.length === 3", root=SM_WEIGHTS)  # "I am good"

    box = page.locator(SM_TEXT)
    box.fill(HOSTILE)
    box.press("Enter")
    # split into < b > bold < / b > img src = x ..., cut to the page's first 8 tokens
    wait_for_rerun(page, "el._fullData[0].y.length === 8", root=SM_WEIGHTS)
    # The labels reach Plotly escaped (it reads them as HTML) and are drawn as the characters typed.
    labels = plot_eval(page, "Array.from(el._fullData[0].y, String)", root=SM_WEIGHTS)
    assert all(label.endswith(token) for label, token in zip(labels, HOSTILE_TOKENS, strict=True)), labels
    assert not any("<" in label or ">" in label for label in labels), labels
    ticks = page.locator(f"{SM_WEIGHTS} .ytick text").all_text_contents()
    for shown in ("<", ">", "bold", "/"):
        assert any(tick.endswith(shown) for tick in ticks), (shown, ticks)
    page.wait_for_timeout(500)  # give a (wrongly) injected onerror handler time to fire
    assert dialogs == []
    assert page.evaluate(f"() => document.querySelector('{SM_WEIGHTS} img')") is None
    assert page.locator(f"{SM_WEIGHTS} b, {SM_WEIGHTS} img").count() == 0
    assert page.locator('img[src="x"]').count() == 0
    assert_no_exception(page)
    assert page_errors == []


def test_softmax_keys_slider_redraws_the_bars_and_the_jacobians(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    """The keys slider lives in a fragment (sections 2 and 3, one tab): the bars and the Jacobian panels
    follow it."""
    page.goto(server.url + SM_PATH)
    wait_for_dk(page, SM_DEFAULT_DK)
    open_tab(page, t("sm.tab.row", "en"))
    bar_counts = "el._fullData.filter((t) => t.type === 'bar').map((t) => t.x.length)"
    wait_for_rerun(page, f"JSON.stringify({bar_counts}) === '[6,6]'", root=".st-key-sm_row")
    thumb = page.locator('.st-key-sm_keys input[type="range"]')
    thumb.focus()
    thumb.press("ArrowRight")  # 6 -> 7 keys
    wait_for_rerun(page, f"JSON.stringify({bar_counts}) === '[7,7]'", root=".st-key-sm_row")
    assert slider_value(thumb) == 7
    wait_for_rerun(page, "el._fullData[0].z.length === 7", root=".st-key-sm_jacobians")
    assert page.locator(SM_RAW).count() == 0  # section 1 is in a closed tab: not drawn at all
    assert_no_exception(page)
    assert page_errors == []
