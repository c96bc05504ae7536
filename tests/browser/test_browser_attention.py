"""The Attention heads page (``/attention``) in a real headless Chromium.

The sidebar head count redraws the grid with one heatmap per head (and d_k = d_model / heads in its
title); the page loads in English and Korean down to its last chart; the toy "reverse" task trains in
the browser and its heads then look along the anti-diagonal; markup typed as the sentence stays text;
the causal toggle of the step-by-step view greys out the scores above the diagonal and zeroes their
weights. Screenshots go to ``test-artifacts/screenshots/``.

One Streamlit server and one browser for the run, a fresh browser context per test, as in
``tests/browser/test_browser.py``. Skipped where Chromium or Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import json
import re
import string
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    ALERT,
    HANGUL,
    StreamlitServer,
    animation_frames,
    assert_no_exception,
    every_section,
    heading,
    pick_option,
    plot_eval,
    screenshot,
    wait_for_idle,
    wait_for_rerun,
)
from viz.i18n import t
from viz.model import train

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ATT_PATH = "/attention"
MAIN = '[data-testid="stMain"]'
GRID = ".st-key-att_maps_grid"  # the container of the chart with key="att_maps_grid"
TASK_GRID = ".st-key-att_task_maps_grid"
CURVE = ".st-key-att_curve"
LAST = ".st-key-att_order"  # the page's last chart in sentence mode
STEP_MASKED = ".st-key-att_step_masked"
STEP_WEIGHTS = ".st-key-att_step_weights"
TEXT = ".st-key-att_text input"
DEFAULT_D_MODEL, DEFAULT_HEADS = 128, 8
HEADS_SELECT = ".st-key-heads"  # one heads selectbox for every d_model (viz.ui.heads_key)
SOURCE = ".st-key-att_source__en"
TRAIN_BUTTON = ".st-key-att_train button"
REPLAY_SLIDER = '.st-key-att_replay input[type="range"], .st-key-att_replay [role="slider"]'
DEFAULT_TOKENS = 9  # "A dog ate the food because it was hungry"
HOSTILE = "<img src=x onerror=alert(1)> <b>bold</b>"
#: every chart of the page in sentence mode (one head per heatmap in the grids; 8 heads fit in one grid)
SENTENCE_CHARTS = (
    "att_maps_grid",
    "att_avg",
    "att_mask_matrix_0",
    "att_mask_matrix_1",
    "att_mask_maps_grid",
    "att_step_Q",
    "att_step_K",
    "att_step_V",
    "att_step_scores",
    "att_step_scaled",
    "att_step_masked",
    "att_step_weights",
    "att_step_z",
    "att_step_concat",
    "att_step_wo",
    "att_step_out",
    "att_order",
)

# JS expressions for plot_eval / wait_for_rerun (``el`` is the Plotly div).
#: the chart title as the page gave it: Streamlit's frontend wraps every Plotly title in <b>...</b>
#: (twice over, as drawn here), so the bold tags are stripped.
TITLE_JS = "el._fullLayout.title.text.replace(/<\\/?b>/g, '')"
#: the sum of every row of every trace's z: one list per trace.
ROW_SUMS_JS = "el._fullData.map((t) => Array.from(t.z, (row) => Array.from(row).reduce((a, b) => a + b, 0)))"
#: per trace, the mean weight on the anti-diagonal (query i looking at key T - 1 - i).
ANTI_DIAGONAL_JS = (
    "el._fullData.map((t) => { const T = t.z.length; let s = 0;"
    " for (let i = 0; i < T; i++) s += t.z[i][T - 1 - i]; return s / T; })"
)
#: per trace, the largest weight above the main diagonal (a key after the query).
ABOVE_DIAGONAL_JS = (
    "el._fullData.map((t) => { let m = 0; const z = t.z;"
    " for (let i = 0; i < z.length; i++)"
    "   for (let j = i + 1; j < z[i].length; j++) m = Math.max(m, Math.abs(z[i][j]));"
    " return m; })"
)
#: the grey layer of a masked matrix: which cells it paints (1) and which it leaves empty (NaN).
GREY_CELLS_JS = "Array.from(el._fullData[0].z, (row) => Array.from(row, (v) => (Number.isNaN(v) ? 0 : 1)))"


# ---- helpers ------------------------------------------------------------------------------------------
def js_str(text: str) -> str:
    """``text`` as a JS string literal."""
    return json.dumps(text, ensure_ascii=False)


def heatmaps_js(n: int) -> str:
    """A wait_for_plot predicate: the chart holds exactly ``n`` heatmap traces, each with data."""
    return (
        f"el._fullData.filter((t) => t.type === 'heatmap' && t.z && t.z.length > 0).length === {int(n)}"
        f" && el._fullData.length === {int(n)}"
    )


def grid_js(heads: int, d_k: int) -> str:
    """A wait_for_plot predicate: the sentence grid shows ``heads`` maps and names d_k in its title."""
    title = t("att.maps.chart", "en", layer=1, heads=heads, d_k=d_k)
    return f"{heatmaps_js(heads)} && {TITLE_JS} === {js_str(title)}"


def template_regex(key: str, lang: str) -> re.Pattern[str]:
    """A regex matching the string ``key`` in ``lang`` whatever its ``{placeholders}`` are filled with."""
    parts = []
    for literal, field, _, _ in string.Formatter().parse(t(key, lang)):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(".+?")
    return re.compile("".join(parts))


def pick_heads(page: Page, heads: int) -> None:
    """Open the sidebar heads selectbox and pick ``heads`` (as the PE tests drive a selectbox)."""
    pick_option(page, HEADS_SELECT, str(heads))


def assert_rows_sum_to_one(page: Page, root: str) -> None:
    sums = plot_eval(page, ROW_SUMS_JS, root=root)
    assert sums, root
    for trace, rows in enumerate(sums):
        assert rows, (root, trace)
        assert rows == pytest.approx([1.0] * len(rows), abs=1e-4), (root, trace, rows)


# Counts the Plotly.react / Plotly.newPlot calls on the charts under a CSS selector in window.__alDraws
# (viz/plot.js calls them through window.Plotly).
_COUNT_DRAWS_JS = """(root) => {
  window.__alDraws = 0;
  for (const name of ['react', 'newPlot']) {
    const original = window.Plotly[name];
    window.Plotly[name] = function (gd, ...rest) {
      if (gd && gd.closest && gd.closest(root)) window.__alDraws += 1;
      return original.call(this, gd, ...rest);
    };
  }
}"""


def open_attention(page: Page, server: StreamlitServer, query: str = "") -> None:
    """Open the page and wait until the sentence grid shows the default 8 heads and the app is idle."""
    page.goto(server.url + ATT_PATH + query)
    wait_for_rerun(page, grid_js(DEFAULT_HEADS, DEFAULT_D_MODEL // DEFAULT_HEADS), root=GRID)
    every_section(page)  # the tabs have their own tests (test_browser_layout.py, test_browser_tabs.py)
    wait_for_rerun(page, grid_js(DEFAULT_HEADS, DEFAULT_D_MODEL // DEFAULT_HEADS), root=GRID)


# ---- 1. the head count ----------------------------------------------------------------------------------
def test_changing_the_head_count_changes_the_number_of_heatmaps(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    open_attention(page, server)
    assert plot_eval(page, TITLE_JS, root=GRID) == t("att.maps.chart", "en", layer=1, heads=8, d_k=16)
    assert plot_eval(page, "el._fullData.map((t) => t.z.length)", root=GRID) == [DEFAULT_TOKENS] * 8
    assert_rows_sum_to_one(page, GRID)

    for heads in (2, 16):
        d_k = DEFAULT_D_MODEL // heads
        pick_heads(page, heads)
        wait_for_rerun(page, grid_js(heads, d_k), root=GRID)
        assert plot_eval(page, "el._fullData.length", root=GRID) == heads
        assert plot_eval(page, "el._fullData.map((t) => t.type)", root=GRID) == ["heatmap"] * heads
        assert plot_eval(page, TITLE_JS, root=GRID) == t(
            "att.maps.chart", "en", layer=1, heads=heads, d_k=d_k
        )
        assert f"d_k = {d_k}" in plot_eval(page, TITLE_JS, root=GRID)
        shapes = plot_eval(page, "el._fullData.map((t) => [t.z.length, t.z[0].length])", root=GRID)
        assert shapes == [[DEFAULT_TOKENS, DEFAULT_TOKENS]] * heads
        assert_rows_sum_to_one(page, GRID)
        # the average and the selectbox follow too
        avg_title = t("att.avg.chart", "en", layer=1, heads=heads)
        wait_for_rerun(page, f"{TITLE_JS} === {js_str(avg_title)}", root=".st-key-att_avg")
        assert page.locator(f'{HEADS_SELECT} input[role="combobox"]').input_value() == str(heads)
        assert_no_exception(page)
    assert page_errors == []


def test_a_deeper_stack_leaves_the_first_layers_maps_as_they_are(page: Page, server: StreamlitServer) -> None:
    """One layer to two: the layer chooser appears, and the maps of layer 1, which a second layer does
    not change, are not drawn again (viz.ui.layer_maps); another head count does redraw them."""
    page.goto(server.url + ATT_PATH)  # the page as it opens, in tabs
    wait_for_rerun(page, grid_js(DEFAULT_HEADS, DEFAULT_D_MODEL // DEFAULT_HEADS), root=GRID)
    page.evaluate(_COUNT_DRAWS_JS, f"{GRID}, .st-key-att_avg")
    layers = page.locator(".st-key-att_layers").locator('input[type="range"], [role="slider"]').first
    layers.focus()
    layers.press("ArrowRight")
    page.locator(".st-key-att_layer").wait_for()
    wait_for_idle(page)
    animation_frames(page, 4)
    assert plot_eval(page, TITLE_JS, root=GRID) == t("att.maps.chart", "en", layer=1, heads=8, d_k=16)
    assert page.evaluate("window.__alDraws") == 0

    pick_heads(page, 4)
    wait_for_rerun(page, grid_js(4, DEFAULT_D_MODEL // 4), root=GRID)
    assert page.evaluate("window.__alDraws") >= 2  # the probe sees the grid and the average redrawn
    assert_no_exception(page)


# ---- 2. both languages ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "hangul"), [("en", False), ("ko", True)], ids=["en", "ko"])
def test_attention_page_in_each_language(
    page: Page, server: StreamlitServer, page_errors: list[str], lang: str, hangul: bool
) -> None:
    page.set_viewport_size({"width": 1500, "height": 7000})  # the page scrolls inside stMain
    page.goto(f"{server.url}{ATT_PATH}?lang={lang}")
    title = t("att.maps.chart", lang, layer=1, heads=DEFAULT_HEADS, d_k=DEFAULT_D_MODEL // DEFAULT_HEADS)
    wait_for_rerun(page, f"{heatmaps_js(DEFAULT_HEADS)} && {TITLE_JS} === {js_str(title)}", root=GRID)
    every_section(page)  # the tabs have their own tests (test_browser_layout.py, test_browser_tabs.py)
    wait_for_rerun(page, "el._fullData.length > 0", root=LAST)  # drawn down to the last chart

    assert heading(page) == t("att.title", lang)
    headings = page.locator(f"{MAIN} :is(h1, h2, h3)").all_inner_texts()
    assert len(headings) >= 5, headings  # the title and the four numbered sections
    assert all(bool(HANGUL.search(h)) is hangul for h in headings), headings
    for key in SENTENCE_CHARTS:  # every chart is drawn, none is empty
        assert plot_eval(page, "el._fullData.length", root=f".st-key-{key}") > 0, key
    assert bool(HANGUL.search(plot_eval(page, TITLE_JS, root=".st-key-att_avg"))) is hangul
    assert_no_exception(page)
    assert page_errors == []
    print("saved", screenshot(page, f"attention_{lang}"))


# ---- 3. training in the browser ---------------------------------------------------------------------------
TRAIN_WAIT_MS = 240_000  # ~1-3 s on an idle machine; far more when the two cores are busy


def test_training_the_reverse_task_lights_up_the_anti_diagonal(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    open_attention(page, server)
    page.locator(f'{SOURCE} [data-testid="stRadioOption"]').filter(
        has_text=t("att.source.task", "en")
    ).click()
    untrained = t("train.task.chart", "en", layer=1, state=t("train.state.untrained", "en"))
    wait_for_rerun(
        page, f"{heatmaps_js(DEFAULT_HEADS)} && {TITLE_JS} === {js_str(untrained)}", root=TASK_GRID
    )
    seq = train.SEQ_LEN
    assert plot_eval(page, "el._fullData.map((t) => t.z.length)", root=TASK_GRID) == [seq] * DEFAULT_HEADS
    assert_rows_sum_to_one(page, TASK_GRID)
    before = plot_eval(page, ANTI_DIAGONAL_JS, root=TASK_GRID)
    assert page.locator(CURVE).count() == 0  # no curve before training
    button = page.locator(TRAIN_BUTTON)
    assert button.is_enabled()

    button.click()
    reached = page.locator(ALERT).filter(has_text=template_regex("train.reached", "en"))
    reached.first.wait_for(state="visible", timeout=TRAIN_WAIT_MS)
    wait_for_rerun(page, "el._fullData.length > 0 && el._fullData[0].x.length > 0", root=CURVE)
    trained = t("train.task.chart", "en", layer=1, state=t("train.state.trained", "en"))
    wait_for_rerun(page, f"{heatmaps_js(DEFAULT_HEADS)} && {TITLE_JS} === {js_str(trained)}", root=TASK_GRID)

    assert plot_eval(page, "el._fullData.length", root=TASK_GRID) == DEFAULT_HEADS
    assert_rows_sum_to_one(page, TASK_GRID)
    after = plot_eval(page, ANTI_DIAGONAL_JS, root=TASK_GRID)
    mean_before, mean_after = sum(before) / len(before), sum(after) / len(after)
    # untrained about 1/T (0.13 here); trained about 0.4, with some heads near 0.7
    assert mean_after >= 2 * mean_before and mean_after - mean_before >= 0.15, (before, after)
    assert max(after) >= 0.4, after
    # the curve ends at the target accuracy
    acc_name = t("train.curve.acc", "en")
    last_acc = plot_eval(
        page,
        f"(() => {{ const y = el._fullData.find((t) => t.name === {js_str(acc_name)}).y;"
        " return Number(y[y.length - 1]); })()",
        root=CURVE,
    )
    assert last_acc >= train.TARGET_ACCURACY, last_acc
    assert_no_exception(page)
    print("saved", screenshot(page, "attention_trained_en"))

    # Replay: the slider's first recorded step shows the maps and the curve as they were at step 0.
    page.locator(REPLAY_SLIDER).first.press("Home")
    at_zero = t("train.task.chart", "en", layer=1, state=t("train.state.step", "en", step=0))
    wait_for_rerun(page, f"{TITLE_JS} === {js_str(at_zero)}", root=TASK_GRID)
    wait_for_rerun(page, "el._fullData.length > 0 && el._fullData[0].x.length === 1", root=CURVE)
    assert plot_eval(page, ANTI_DIAGONAL_JS, root=TASK_GRID) == pytest.approx(before, abs=2e-3)  # float16
    print("saved", screenshot(page, "attention_replay_en"))
    page.locator(REPLAY_SLIDER).first.press("End")
    wait_for_rerun(page, f"{TITLE_JS} === {js_str(trained)}", root=TASK_GRID)

    # "untrained": the same example through the untrained model again. (The rerun also relabels the
    # button: the run that trained drew it before training, still as "Train".)
    page.locator('.st-key-att_model_state__en [data-testid="stRadioOption"]').filter(
        has_text=t("train.state.untrained", "en")
    ).click()
    wait_for_rerun(page, f"{TITLE_JS} === {js_str(untrained)}", root=TASK_GRID)
    assert plot_eval(page, ANTI_DIAGONAL_JS, root=TASK_GRID) == pytest.approx(before, abs=1e-6)
    assert page.locator(TRAIN_BUTTON).is_disabled()
    assert page.locator(TRAIN_BUTTON).inner_text().strip().endswith(t("train.trained_already", "en"))
    assert page.locator(CURVE).count() == 1  # the curve stays: the model is trained either way
    assert_no_exception(page)
    assert page_errors == []


# ---- 4. markup in the sentence ----------------------------------------------------------------------------
#: the labels of HOSTILE's tokens as Plotly must receive them: "<" and ">" escaped (it reads HTML)
HOSTILE_LABELS_START = ["0 · &lt;", "1 · img", "2 · src", "3 · =", "4 · x", "5 · onerror"]
ALL_LABELS_JS = (
    "() => Array.from(document.querySelectorAll('[data-testid=\"stMain\"] .js-plotly-plot'),"
    " (el) => (el._fullData || []).flatMap((t) => [...Array.from(t.x || [], String),"
    " ...Array.from(t.y || [], String)])).flat()"
)


def test_sentence_markup_stays_text(
    page: Page, server: StreamlitServer, page_errors: list[str], dialogs: list[str]
) -> None:
    open_attention(page, server)
    box = page.locator(TEXT)
    box.fill(HOSTILE)
    box.press("Enter")
    # split into < img src = x onerror = alert ( 1 ) > < b > bold < / b >: 20 tokens
    wait_for_rerun(page, "el._fullData[0].y.length === 20", root=GRID)
    wait_for_rerun(page, "el._fullData.length > 0 && el._fullData[0].x.length === 20", root=LAST)

    labels = plot_eval(page, "Array.from(el._fullData[0].y, String)", root=GRID)
    assert labels[: len(HOSTILE_LABELS_START)] == HOSTILE_LABELS_START, labels
    assert labels[11:16] == ["11 · &gt;", "12 · &lt;", "13 · b", "14 · &gt;", "15 · bold"], labels
    assert not any("<" in label or ">" in label for label in labels), labels
    everywhere = page.evaluate(ALL_LABELS_JS)  # every chart on the page, not just the grid
    assert not any("<" in label or ">" in label for label in everywhere), everywhere
    assert any("&lt;" in label for label in everywhere)
    ticks = page.locator(f"{GRID} .ytick text").all_text_contents()
    assert {"0 · <", "11 · >", "15 · bold"} <= set(ticks), ticks  # drawn as the characters typed
    page.wait_for_timeout(500)  # give a (wrongly) injected onerror handler time to fire
    assert dialogs == []
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator(f"{MAIN} img, {MAIN} b").count() == 0
    assert_no_exception(page)
    assert page_errors == []


# ---- 5. the causal mask in the step-by-step view ----------------------------------------------------------
def test_causal_toggle_masks_the_future(page: Page, server: StreamlitServer, page_errors: list[str]) -> None:
    open_attention(page, server)
    wait_for_rerun(page, "el._fullData.length === 1", root=STEP_MASKED)  # nothing masked yet
    assert max(plot_eval(page, ABOVE_DIAGONAL_JS, root=STEP_WEIGHTS)) > 0.01

    page.locator(".st-key-att_step_causal label").click()
    wait_for_rerun(page, "el._fullData.length === 2", root=STEP_MASKED)  # a grey layer under the scores
    wait_for_rerun(page, f"Math.max(...{ABOVE_DIAGONAL_JS}) === 0", root=STEP_WEIGHTS)

    assert page.locator('.st-key-att_step_causal input[role="switch"]').is_checked()
    n = DEFAULT_TOKENS
    upper = [[1 if j > i else 0 for j in range(n)] for i in range(n)]
    assert plot_eval(page, GREY_CELLS_JS, root=STEP_MASKED) == upper  # grey exactly above the diagonal
    assert plot_eval(page, ABOVE_DIAGONAL_JS, root=STEP_WEIGHTS) == [0]
    assert_rows_sum_to_one(page, STEP_WEIGHTS)
    first_row = plot_eval(page, "Array.from(el._fullData[0].z[0])", root=STEP_WEIGHTS)
    assert first_row[0] == pytest.approx(1.0, abs=1e-6)  # the first token can only look at itself
    assert_no_exception(page)
    assert page_errors == []
