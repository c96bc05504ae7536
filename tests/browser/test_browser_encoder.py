"""The Encoder block page (``/encoder``) in a real headless Chromium.

The page loads in English and Korean down to the decoder's charts, every chart drawn with finite data;
the N slider, moved with the keyboard, redraws the stack's stage lines (1 + 5·N stages) and the
per-block gradient bars (N per norm placement); the LayerNorm placement radio retitles the block's
stage panels (and only post-norm pins every add & norm stage at √d_model); a new target sentence
redraws the decoder's masked self-attention (T × T, nothing above the diagonal, rows summing to 1) and
its cross-attention (T × S); markup typed as the sentence stays text. Screenshots go to
``test-artifacts/screenshots/``.

One Streamlit server and one browser for the run, a fresh browser context per test, as in
``tests/browser/test_browser_attention.py``. Skipped where Chromium or Playwright is missing, except under
``CI``.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    HANGUL,
    StreamlitServer,
    assert_no_exception,
    every_section,
    heading,
    plot_eval,
    screenshot,
    slider_value,
    wait_for_rerun,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ENC_PATH = "/encoder"
MAIN = '[data-testid="stMain"]'
DEFAULT_D_MODEL, DEFAULT_HEADS, DEFAULT_LAYERS = 128, 8, 6
ROOT_D = math.sqrt(DEFAULT_D_MODEL)  # a LayerNorm'd token's length (gain 1, bias 0 at initialisation)
SOURCE_LABELS = ["0 · I", "1 · am", "2 · good"]  # the default sentence "I am good"
TARGET_LABELS = ["0 · [BOS]", "1 · 나는", "2 · 잘", "3 · 지내"]  # [BOS] + the default "나는 잘 지내"

STAGES = ".st-key-enc_stages"  # the container of the chart with key="enc_stages"
NORMS = ".st-key-enc_norms"
PP_GRAD = ".st-key-enc_pp_grad"
DEC_SELF = ".st-key-enc_dec_self"
DEC_CROSS = ".st-key-enc_dec_cross"
LAYERS_INPUT = '.st-key-enc_layers [data-testid="stSlider"] input[type="range"]'
TEXT = ".st-key-enc_text input"
TARGET = ".st-key-enc_target input"
#: every chart of the page, top to bottom (all drawn with the default settings)
CHARTS = (
    "enc_stages",
    "enc_norms",
    "enc_residual",
    "enc_residual_mean",
    "enc_residual_alike",
    "enc_pp_act",
    "enc_pp_grad",
    "enc_dec_self",
    "enc_dec_cross",
)

# JS expressions for plot_eval / wait_for_rerun (``el`` is the Plotly div).
#: per trace: [type, number of points (heatmap: cells), whether every value is a finite number]
TRACE_DATA_JS = """el._fullData.map((t) => {
  const values = t.type === 'heatmap' ? Array.from(t.z, (row) => Array.from(row)).flat() : Array.from(t.y);
  return [t.type, values.length, values.every((v) => typeof v === 'number' && Number.isFinite(v))];
})"""
#: per trace, [rows, columns] of its z
SHAPES_JS = "el._fullData.map((t) => [t.z.length, t.z[0].length])"
#: per trace, its x / y labels as Plotly holds them
X_LABELS_JS = "el._fullData.map((t) => Array.from(t.x, String))"
Y_LABELS_JS = "el._fullData.map((t) => Array.from(t.y, String))"
#: per trace, the sum of every row of its z
ROW_SUMS_JS = "el._fullData.map((t) => Array.from(t.z, (row) => Array.from(row).reduce((a, b) => a + b, 0)))"
#: per trace, every weight above the main diagonal (a key after the query)
ABOVE_DIAGONAL_VALUES_JS = (
    "el._fullData.map((t) => { const out = []; const z = t.z;"
    " for (let i = 0; i < z.length; i++) for (let j = i + 1; j < z[i].length; j++) out.push(z[i][j]);"
    " return out; })"
)
#: the subplot titles (annotations) as the layout holds them (``&`` escaped as ``&amp;``), with the line
#: breaks plot.js puts in a title too wide for its panel (``fitted``: only at spaces) read as spaces
PANEL_TITLES_JS = "el._fullLayout.annotations.map((a) => a.text.replaceAll('<br>', ' '))"
#: the subplot titles as the browser drew them (the SVG text: entities decoded), a title broken over
#: lines (one tspan a line) read with a space where it was broken
DRAWN_PANEL_TITLES_JS = """Array.from(el.querySelectorAll('.annotation-text'), (node) => {
  const lines = node.querySelectorAll('tspan.line');
  return (lines.length ? Array.from(lines, (line) => line.textContent).join(' ') : node.textContent).trim();
})"""
#: every title the charts of the main area draw: chart titles, axis and colour-bar titles, panel titles
DRAWN_TITLES_JS = """() => Array.from(
  document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot'),
  (plot) => Array.from(
    plot.querySelectorAll('.gtitle, .g-xtitle text, .g-ytitle text, .annotation-text, .cbtitle text'),
    (node) => node.textContent.trim(),
  ),
).flat().filter((text) => text.length > 0)"""


# ---- helpers ------------------------------------------------------------------------------------------
def js_str(text: str) -> str:
    """``text`` as a JS string literal."""
    return json.dumps(text, ensure_ascii=False)


def stage_count(n_layers: int) -> int:
    """The stack's stages on the norms chart: the input, then five per block."""
    return 1 + 5 * n_layers


def open_encoder(page: Page, server: StreamlitServer, query: str = "") -> None:
    """Open the page with every section at once (the sidebar's switch; the tabs have their own tests in
    tests/browser/test_browser_tabs.py) and wait until it is drawn down to the decoder's cross-attention."""
    page.goto(server.url + ENC_PATH + query)
    wait_for_rerun(page, "el._fullData.length > 0", root=STAGES)
    every_section(page)
    wait_for_rerun(page, "el._fullData.length > 0", root=DEC_CROSS)


def drawn_panel_titles(page: Page, root: str) -> list[str]:
    """The subplot titles as the browser drew them, one string a title however many lines it takes."""
    titles: list[str] = plot_eval(page, DRAWN_PANEL_TITLES_JS, root=root)
    return titles


def assert_rows_sum_to_one(page: Page, root: str, *, tol: float = 1e-5) -> None:
    sums = plot_eval(page, ROW_SUMS_JS, root=root)
    assert sums, root
    for trace, rows in enumerate(sums):
        assert rows, (root, trace)
        assert rows == pytest.approx([1.0] * len(rows), abs=tol), (root, trace, rows)


def add_norm_stage_indices(n_layers: int) -> list[int]:
    """Where the norms chart puts each block's two add (& norm) stages: L.2 and L.5 of every block."""
    return [1 + 5 * layer + offset for layer in range(n_layers) for offset in (1, 4)]


# ---- 1. both languages --------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "hangul"), [("en", False), ("ko", True)], ids=["en", "ko"])
def test_encoder_page_in_each_language(
    page: Page, server: StreamlitServer, page_errors: list[str], lang: str, hangul: bool
) -> None:
    page.set_viewport_size({"width": 1500, "height": 900})  # screenshot() grows it to the whole page
    open_encoder(page, server, f"?lang={lang}")
    title = t("enc.path.chart", lang, layer=1, layers=DEFAULT_LAYERS)
    wait_for_rerun(page, f"el._fullLayout.title.text.includes({js_str(title)})", root=STAGES)

    assert heading(page) == t("enc.title", lang)
    if lang == "ko":
        assert "인코더 블록" in heading(page)
    headings = page.locator(f"{MAIN} :is(h1, h2, h3)").all_inner_texts()
    assert len(headings) >= 5, headings  # the title and the four numbered sections
    assert all(bool(HANGUL.search(h)) is hangul for h in headings), headings

    for key in CHARTS:  # every chart is there once, drawn, with finite data in every trace
        root = f".st-key-{key}"
        assert page.locator(f"{root} .js-plotly-plot").count() == 1, key
        traces = plot_eval(page, TRACE_DATA_JS, root=root)
        assert traces, key
        for kind, points, finite in traces:
            assert points > 0 and finite, (key, kind, points, finite)

    # what the default sentence and target look like in the charts
    assert plot_eval(page, "el._fullData.map((t) => t.type)", root=STAGES) == ["heatmap"] * 6
    assert plot_eval(page, Y_LABELS_JS, root=STAGES) == [SOURCE_LABELS] * 6
    norms_x = plot_eval(page, X_LABELS_JS, root=NORMS)
    assert len(norms_x) == 1 + len(SOURCE_LABELS)  # the mean, then one line per token
    assert all(len(x) == stage_count(DEFAULT_LAYERS) for x in norms_x), norms_x
    assert plot_eval(page, "el._fullData.map((t) => t.name)", root=NORMS)[1:] == SOURCE_LABELS
    assert plot_eval(page, SHAPES_JS, root=DEC_SELF) == [[4, 4]] * DEFAULT_HEADS
    assert plot_eval(page, SHAPES_JS, root=DEC_CROSS) == [[4, 3]] * DEFAULT_HEADS
    assert plot_eval(page, X_LABELS_JS, root=DEC_CROSS) == [SOURCE_LABELS] * DEFAULT_HEADS
    assert plot_eval(page, Y_LABELS_JS, root=DEC_CROSS) == [TARGET_LABELS] * DEFAULT_HEADS

    # every drawn chart title, axis title, colour-bar title and panel title is in the page's language
    titles = page.evaluate(DRAWN_TITLES_JS)
    assert len(titles) >= 3 * len(CHARTS), titles
    untranslated = [text for text in titles if bool(HANGUL.search(text)) is not hangul]
    assert untranslated == [], untranslated
    assert_no_exception(page)
    assert page_errors == []
    print("saved", screenshot(page, f"encoder_{lang}"))


# ---- 2. the N slider ----------------------------------------------------------------------------------
def stack_depth_js(n_layers: int) -> str:
    """A wait_for_plot predicate for the norms chart: every line spans the stages of ``n_layers`` blocks."""
    return f"el._fullData.length > 0 && el._fullData.every((t) => t.x.length === {stage_count(n_layers)})"


def bars_js(n_layers: int) -> str:
    """A wait_for_plot predicate for the gradient chart: two bar traces of ``n_layers`` bars each."""
    return (
        "el._fullData.length === 2 && el._fullData.every((t) => t.type === 'bar'"
        f" && t.x.length === {int(n_layers)} && t.y.length === {int(n_layers)})"
    )


def test_layers_slider_redraws_the_stack(page: Page, server: StreamlitServer, page_errors: list[str]) -> None:
    open_encoder(page, server)
    thumb = page.locator(LAYERS_INPUT)
    assert slider_value(thumb) == DEFAULT_LAYERS
    wait_for_rerun(page, stack_depth_js(DEFAULT_LAYERS), root=NORMS)
    wait_for_rerun(page, bars_js(DEFAULT_LAYERS), root=PP_GRAD)

    for presses, n_layers in ((3, 3), (2, 1)):
        for _ in range(presses):
            # One press, then its rerun: the test checks each N's charts. (bounded_slider used to write
            # the value to Session State on every run, and then a late rerun could undo a quick press.)
            before = slider_value(thumb)
            thumb.focus()
            thumb.press("ArrowLeft")  # one block per press
            assert slider_value(thumb) == before - 1
            wait_for_rerun(page, stack_depth_js(before - 1), root=NORMS)
        wait_for_rerun(page, bars_js(n_layers), root=PP_GRAD)
        assert slider_value(thumb) == n_layers  # the rerun did not put the old value back

        x = plot_eval(page, X_LABELS_JS, root=NORMS)
        assert len(x) == 1 + len(SOURCE_LABELS)
        assert all(len(labels) == stage_count(n_layers) for labels in x), x
        assert x[0][0] == t("enc.short.x", "en")
        assert x[0][-1].startswith(f"L{n_layers}.5 "), x[0]  # the last block's output closes the chart
        assert (
            plot_eval(page, "el._fullData.map((t) => t.y.length)", root=NORMS) == [stage_count(n_layers)] * 4
        )
        bars = plot_eval(
            page, "el._fullData.map((t) => [t.name, Array.from(t.x, String), t.y.length])", root=PP_GRAD
        )
        block_names = [f"{t('enc.pp.block', 'en')} {k}" for k in range(1, n_layers + 1)]
        assert bars == [
            [t("enc.norm.post", "en"), block_names, n_layers],
            [t("enc.norm.pre", "en"), block_names, n_layers],
        ]
        # the block panels follow: "Block 1 of N"
        title = t("enc.path.chart", "en", layer=1, layers=n_layers)
        wait_for_rerun(page, f"el._fullLayout.title.text.includes({js_str(title)})", root=STAGES)
        assert_no_exception(page)
    # one block: nothing to pick, and no first/last ratio to give
    assert page.locator(".st-key-enc_layer").count() == 0
    assert page.get_by_text(t("enc.pp.one_layer", "en")).count() == 1
    assert page_errors == []


# ---- 3. post-norm against pre-norm ----------------------------------------------------------------------
def test_norm_placement_retitles_the_stage_panels(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    open_encoder(page, server)
    post_mid, pre_mid = t("enc.stage.mid.post", "en"), t("enc.stage.mid.pre", "en")
    post_titles = drawn_panel_titles(page, STAGES)
    assert len(post_titles) == 6, post_titles
    assert post_titles[2] == post_mid and "add & norm" in post_titles[2], post_titles
    assert post_titles[1] == t("enc.stage.attn.post", "en")
    assert post_titles[5] == t("enc.stage.out.post", "en")
    assert plot_eval(page, PANEL_TITLES_JS, root=STAGES)[2] == post_mid.replace("&", "&amp;")
    # post-norm: every add & norm stage of every token sits at √d_model
    norms = plot_eval(page, "el._fullData.map((t) => Array.from(t.y))", root=NORMS)
    at_norm = [line[i] for line in norms for i in add_norm_stage_indices(DEFAULT_LAYERS)]
    assert at_norm == pytest.approx([ROOT_D] * len(at_norm), abs=1e-3), at_norm

    radio = page.locator('.st-key-enc_norm__en [data-testid="stRadioOption"]')
    pre_option = radio.filter(has_text=t("enc.norm.pre", "en"))
    assert pre_option.count() == 1
    pre_option.click()
    wait_for_rerun(
        page,
        f"el._fullLayout.annotations[2].text.replaceAll('<br>', ' ') === {js_str(pre_mid)}",
        root=STAGES,
    )

    pre_titles = drawn_panel_titles(page, STAGES)
    assert len(pre_titles) == 6, pre_titles
    assert pre_titles[2] == pre_mid and "add: x + attention" in pre_titles[2], pre_titles
    assert pre_titles[1] == t("enc.stage.attn.pre", "en")
    assert pre_titles[5] == t("enc.stage.out.pre", "en")
    assert not any("norm:" in title for title in pre_titles), pre_titles
    assert pre_titles[0] == post_titles[0]  # the input and the FFN stages keep their titles
    assert pre_titles[3:5] == post_titles[3:5]
    assert page.locator('.st-key-enc_norm__en input[type="radio"]').nth(1).is_checked()
    # pre-norm leaves the sums unnormalised: the norms chart relabels them "add" and they grow
    wait_for_rerun(
        page, f"el._fullData[0].x[2] === {js_str('L1.2 ' + t('enc.short.mid.pre', 'en'))}", root=NORMS
    )
    mean = plot_eval(page, "Array.from(el._fullData[0].y)", root=NORMS)
    assert mean[-1] > 1.5 * ROOT_D, mean
    assert max(abs(mean[i] - ROOT_D) for i in add_norm_stage_indices(DEFAULT_LAYERS)) > 1.0, mean
    assert_no_exception(page)
    assert page_errors == []


# ---- 4. the decoder's target -----------------------------------------------------------------------------
NEW_TARGET = "고양이가 쥐를 쫓았다 오늘"
NEW_TARGET_LABELS = ["0 · [BOS]", "1 · 고양이가", "2 · 쥐를", "3 · 쫓았다", "4 · 오늘"]


def test_new_target_redraws_the_decoder_maps(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    open_encoder(page, server)
    assert plot_eval(page, SHAPES_JS, root=DEC_SELF) == [[4, 4]] * DEFAULT_HEADS

    box = page.locator(TARGET)
    box.fill(NEW_TARGET)
    box.press("Enter")
    T, S = len(NEW_TARGET_LABELS), len(SOURCE_LABELS)
    last = js_str(NEW_TARGET_LABELS[-1])
    wait_for_rerun(
        page,
        f"el._fullData.length === {DEFAULT_HEADS}"
        f" && el._fullData.every((t) => t.z.length === {T} && String(t.y[{T - 1}]) === {last})",
        root=DEC_SELF,
    )
    wait_for_rerun(
        page,
        f"el._fullData.length === {DEFAULT_HEADS}"
        f" && el._fullData.every((t) => t.z.length === {T} && String(t.y[{T - 1}]) === {last})",
        root=DEC_CROSS,
    )

    # masked self-attention: square T x T, nothing above the diagonal, every row a distribution
    assert plot_eval(page, SHAPES_JS, root=DEC_SELF) == [[T, T]] * DEFAULT_HEADS
    assert plot_eval(page, X_LABELS_JS, root=DEC_SELF) == [NEW_TARGET_LABELS] * DEFAULT_HEADS
    assert plot_eval(page, Y_LABELS_JS, root=DEC_SELF) == [NEW_TARGET_LABELS] * DEFAULT_HEADS
    above = plot_eval(page, ABOVE_DIAGONAL_VALUES_JS, root=DEC_SELF)
    assert [len(values) for values in above] == [T * (T - 1) // 2] * DEFAULT_HEADS
    assert all(v == 0 for values in above for v in values), above  # exactly 0, not merely small
    assert_rows_sum_to_one(page, DEC_SELF)
    first_rows = plot_eval(page, "el._fullData.map((t) => Array.from(t.z[0]))", root=DEC_SELF)
    assert all(row[0] == pytest.approx(1.0, abs=1e-6) for row in first_rows), first_rows  # [BOS]: itself

    # cross-attention: T x S (queries: target, keys: source), unmasked, every row a distribution
    assert plot_eval(page, SHAPES_JS, root=DEC_CROSS) == [[T, S]] * DEFAULT_HEADS
    assert plot_eval(page, X_LABELS_JS, root=DEC_CROSS) == [SOURCE_LABELS] * DEFAULT_HEADS
    assert plot_eval(page, Y_LABELS_JS, root=DEC_CROSS) == [NEW_TARGET_LABELS] * DEFAULT_HEADS
    assert_rows_sum_to_one(page, DEC_CROSS)
    smallest = plot_eval(
        page,
        "Math.min(...el._fullData.map((t) => Math.min(...Array.from(t.z, (r) => Math.min(...r)))))",
        root=DEC_CROSS,
    )
    assert smallest > 0, smallest  # no mask: the first query sees every source token too
    assert page.get_by_text(f"{T} × {S}", exact=False).count() >= 1  # the caption names the shape
    # the encoder side did not change
    assert plot_eval(page, Y_LABELS_JS, root=STAGES) == [SOURCE_LABELS] * 6
    assert_no_exception(page)
    assert page_errors == []


# ---- 5. markup in the sentence ----------------------------------------------------------------------------
HOSTILE = "<img src=x onerror=alert(1)><b>bold</b>"
#: HOSTILE's tokens, labelled as Plotly must receive them: "<" and ">" escaped (it reads HTML)
HOSTILE_TOKENS = ["<", "img", "src", "=", "x", "onerror", "=", "alert", "(", "1", ")", ">"]
HOSTILE_TOKENS += ["<", "b", ">", "bold", "<", "/", "b", ">"]
HOSTILE_LABELS = [
    f"{i} · {token.replace('<', '&lt;').replace('>', '&gt;')}" for i, token in enumerate(HOSTILE_TOKENS)
]
HOSTILE_DRAWN = [f"{i} · {token}" for i, token in enumerate(HOSTILE_TOKENS)]
ALL_LABELS_JS = (
    "() => Array.from(document.querySelectorAll('[data-testid=\"stMain\"] .js-plotly-plot'),"
    " (el) => (el._fullData || []).flatMap((t) => [String(t.name || ''), ...Array.from(t.x || [], String),"
    " ...Array.from(t.y || [], String)])).flat()"
)


def test_sentence_markup_stays_text(
    page: Page, server: StreamlitServer, page_errors: list[str], dialogs: list[str]
) -> None:
    open_encoder(page, server)
    box = page.locator(TEXT)
    box.fill(HOSTILE)
    box.press("Enter")
    n = len(HOSTILE_TOKENS)
    wait_for_rerun(page, f"el._fullData.length === 6 && el._fullData[0].y.length === {n}", root=STAGES)
    wait_for_rerun(page, f"el._fullData.length > 0 && el._fullData[0].x.length === {n}", root=DEC_CROSS)

    assert plot_eval(page, Y_LABELS_JS, root=STAGES) == [HOSTILE_LABELS] * 6
    assert plot_eval(page, "el._fullData.map((t) => t.name)", root=NORMS)[1:] == HOSTILE_LABELS
    assert plot_eval(page, Y_LABELS_JS, root=".st-key-enc_residual") == [HOSTILE_LABELS] * 2
    assert plot_eval(page, X_LABELS_JS, root=DEC_CROSS) == [HOSTILE_LABELS] * DEFAULT_HEADS
    everywhere = page.evaluate(ALL_LABELS_JS)  # every chart on the page
    assert not any("<" in label or ">" in label for label in everywhere), everywhere
    assert sum("&lt;" in label for label in everywhere) > n

    # drawn as the characters typed: the legend of the norms chart names every token
    legend = [text.strip() for text in page.locator(f"{NORMS} .legendtext").all_text_contents()]
    assert legend[1:] == HOSTILE_DRAWN, legend
    ticks = set(page.locator(f"{STAGES} .ytick text").all_text_contents())
    assert {"0 · <", "11 · >", "13 · b", "15 · bold"} <= ticks, ticks
    page.wait_for_timeout(500)  # give a (wrongly) injected onerror handler time to fire
    assert dialogs == []
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator(f"{MAIN} .js-plotly-plot :is(img, b)").count() == 0
    assert page.locator(f"{MAIN} img, {MAIN} b").count() == 0
    assert page.locator(f"{TEXT}").input_value() == HOSTILE  # the box keeps the text as typed
    assert_no_exception(page)
    assert page_errors == []
