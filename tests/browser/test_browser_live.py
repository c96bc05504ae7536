"""Charts that follow a dragged slider (viz.ui.live), in a real headless Chromium.

- The tables the page itself computes (the recipes over the closed form, through the chart's own state) equal
  NumPy's (viz/) at 1e-6 on a grid of parameters: the PE heatmap's shown cells and their strides, the
  similarity row, the softmax row.
- Dragging a strip's slider with the mouse redraws the chart while the button is held, before the server
  hears of it (the sidebar and the link keep the old value); letting go sets the sidebar and the link.
- Arrow keys step, the value shows (and is read out), a quick run of presses is not pulled back by the
  reruns it causes; a tap on a touch screen sets the value; in English and Korean.

One Streamlit server and one browser for the run, a fresh context per test. Skipped where Chromium or
Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import itertools
import json
import urllib.parse
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
import plotly.io as pio
import pytest

from bench.harness.browser import (
    HANGUL,
    WAIT_MS,
    assert_no_exception,
    screenshot,
    wait_for_idle,
)
from viz import encodings, figures
from viz.encodings import EncodingSpec, relative, rope_scaling, similarity
from viz.figures import downsample
from viz.i18n import t
from viz.scores import softmax
from viz.state import settings
from viz.ui import live
from viz.views import relative as rel_views
from viz.views import rope_scaling as rope_scaling_views

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PE_CHART = ".st-key-pe_heatmap"
PE_STRIP = ".st-key-pe_heatmap_live"
SIM_STRIP = ".st-key-sim_row_live"
SM_STRIP = ".st-key-sm_row_live"
TOL = 1e-6
CLOSED_FORM_KINDS = [k for k in encodings.ENCODING_KINDS if encodings.info(k).closed_form]

# Runs a recipe on a copy of a drawn live chart's figure with other parameters: the page's own code path
# (runtime.js's fill), without moving a slider for every point of the grid.
COMPUTE_JS = """
({root, values}) => {
  const el = document.querySelector(root + ' .al-plot');
  const state = el && el.__alLive;
  if (!state) throw new Error('no live chart under ' + root);
  const out = [];
  for (const v of values) {
    const copy = JSON.parse(JSON.stringify(state.shown));
    const result = window.__attentionLabLive.fill(copy, state.live, v);
    out.push({rows: result.computed.rows, cols: result.computed.cols,
              data: Array.from(result.computed.data), title: copy.layout.title.text,
              scale: copy.data[0].colorscale || null, modes: copy.data.map((t) => t.mode || null),
              names: copy.data.map((t) => t.name || null)});
  }
  return out;
}
"""

# From now on, counts the Plotly.react calls on each chart (by its selector, ".st-key-KEY .al-plot").
COUNT_DRAWS_JS = """
() => {
  const react = window.Plotly.react, counts = (window.__draws = {});
  window.Plotly.react = function (el, ...rest) {
    const key = [...el.closest('[class*="st-key-"]').classList].find((c) => c.startsWith('st-key-'));
    const name = '.' + key + ' .al-plot';
    counts[name] = (counts[name] || 0) + 1;
    return react.call(this, el, ...rest);
  };
}
"""
DRAWS_JS = "window.__draws"

# What the chart under root draws now: its parameters and the cells of its first trace.
SHOWN_JS = """
(root) => {
  const el = document.querySelector(root + ' .al-plot');
  const r = el && el.__alLiveResult;
  if (!r || !el._fullData) return null;
  const z = el.data[0].z;
  return {params: r.params, title: el.layout.title.text,
          z: z ? Array.from(z, (row) => Array.from(row)) : null,
          y: el.data[0].y ? Array.from(el.data[0].y) : null};
}
"""


@pytest.fixture
def page_factory(server: Any, browser: Any) -> Iterator[Any]:
    """Opens ``path`` of the app in a context of its own (English or Korean; a touch screen on request)."""
    contexts: list[Any] = []

    def open_page(path: str, lang: str = "en", *, has_touch: bool = False) -> Page:
        context = browser.new_context(
            viewport={"width": 1400, "height": 900},
            locale="ko-KR" if lang == "ko" else "en-US",
            has_touch=has_touch,
        )
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        page.goto(server.url + path)
        return page

    yield open_page
    for context in contexts:
        context.close()


def wait_live(page: Page, root: str, predicate: str = "true") -> None:
    """Wait until the live chart under ``root`` is drawn and ``predicate`` holds of ``r`` (its result)."""
    page.wait_for_function(
        "([root, pred]) => { const el = document.querySelector(root + ' .al-plot');"
        " const r = el && el.__alLiveResult; if (!r || !el._fullData) return false;"
        " try { return Boolean(new Function('r', 'el', 'return (' + pred + ');')(r, el)); }"
        " catch (e) { return false; } }",
        arg=[root, predicate],
    )


def shown(page: Page, root: str) -> dict[str, Any]:
    value = page.evaluate(SHOWN_JS, root)
    assert value is not None, f"no live chart drawn under {root}"
    return value


def url_params(page: Page) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.url).query))


def pe_expected(spec: EncodingSpec) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = downsample.stride(spec.max_len, figures.MAX_ROWS)
    cols = downsample.stride(spec.d_model, figures.MAX_COLS, paired=encodings.uses_pairs(spec))
    return rows.idx, cols.idx, encodings.encode(spec)[np.ix_(rows.idx, cols.idx)]


# ---- the page's tables against NumPy --------------------------------------------------------------------
PE_GRID = [
    (kind, layout, d_model, max_len, base)
    for kind, layout in [(k, "interleaved") for k in CLOSED_FORM_KINDS] + [("sinusoidal", "split")]
    for d_model, max_len, base in [
        (2, 1, 2),
        (7, 100, 10),
        (128, 100, 10000),
        (1024, 4096, 1000000),
        (65, 333, 500),
    ]
]


def test_pe_table_cells_equal_numpy_on_a_grid(page_factory: Any) -> None:
    page = page_factory("/positional_encoding")
    wait_live(page, PE_CHART)
    state = page.evaluate(f"() => document.querySelector('{PE_CHART} .al-plot').__alLive.live.recipe")
    assert state == "pe_table"
    values = [
        {
            "kind": k,
            "layout": lay,
            "d_model": d,
            "max_len": n,
            "base": b,
            "paired": k in ("sinusoidal", "rope") and lay == "interleaved",
        }
        for k, lay, d, n, b in PE_GRID
    ]
    results = page.evaluate(COMPUTE_JS, {"root": PE_CHART, "values": values})
    assert len(results) == len(PE_GRID)
    for (kind, layout, d_model, max_len, base), got in zip(PE_GRID, results, strict=True):
        spec = EncodingSpec(kind, max_len, d_model, float(base), layout)  # type: ignore[arg-type]
        rows, cols, want = pe_expected(spec)
        assert got["rows"] == rows.tolist(), spec
        assert got["cols"] == cols.tolist(), spec
        data = np.array(got["data"], dtype=np.float64).reshape(len(rows), len(cols))
        np.testing.assert_allclose(data, want, rtol=TOL, atol=TOL, err_msg=str(spec))
        # the colours the server's figures.heatmap would pick for these values
        server = json.loads(pio.to_json(figures.heatmap(want), validate=False))["data"][0]["colorscale"]
        assert got["scale"] == server, spec
        name = t("encodings.kind.sinusoidal", "en")  # the page's encoding: the strip moves only the sizes
        assert got["title"] == t("encoding.heatmap.title", "en", name=name, max_len=max_len, d_model=d_model)
    assert_no_exception(page)


def test_pe_curves_equal_numpy(page_factory: Any) -> None:
    page = page_factory("/positional_encoding?tab=curves")
    root = ".st-key-pe_curves"
    wait_live(page, root)
    grid = [(kind, d, n, b) for kind in CLOSED_FORM_KINDS for d, n, b in [(8, 50, 10), (128, 300, 10000)]]
    dims = page.evaluate(f"() => document.querySelector('{root} .al-plot').__alLive.live.params.dims")
    assert dims, "the curves tab opens with some columns chosen"
    values = [
        {"kind": k, "d_model": d, "max_len": n, "base": b, "layout": "interleaved"} for k, d, n, b in grid
    ]
    results = page.evaluate(COMPUTE_JS, {"root": root, "values": values})
    for (kind, d_model, max_len, base), got in zip(grid, results, strict=True):
        table = encodings.encode(EncodingSpec(kind, max_len, d_model, float(base)))
        kept = [d for d in dims if d < d_model]
        assert got["cols"] == kept
        data = np.array(got["data"], dtype=np.float64).reshape(max_len, len(kept))
        np.testing.assert_allclose(
            data, table[:, kept], rtol=TOL, atol=TOL, err_msg=f"{kind} {d_model} {base}"
        )


def test_sim_row_and_softmax_row_equal_numpy(page_factory: Any) -> None:
    page = page_factory("/similarity")
    root = ".st-key-sim_row_sinusoidal"
    wait_live(page, root)
    grid = list(
        itertools.product(("sinusoidal", "integer", "binary", "rope"), similarity.MEASURES, (0, 17, 99))
    )
    values = [
        {"kind": k, "measure": m, "p": p, "max_len": 100, "d_model": 64, "base": 500.0} for k, m, p in grid
    ]
    results = page.evaluate(COMPUTE_JS, {"root": root, "values": values})
    for (kind, measure, p), got in zip(grid, results, strict=True):
        table = encodings.encode(EncodingSpec(kind, 100, 64, 500.0))  # type: ignore[arg-type]
        want = similarity.against_all(table, p, measure)
        got_values = np.array([np.nan if v is None else v for v in got["data"]], dtype=np.float64)
        np.testing.assert_allclose(
            got_values, want, rtol=TOL, atol=TOL, equal_nan=True, err_msg=f"{kind} {measure} {p}"
        )

    page = page_factory("/softmax?tab=row")
    root = ".st-key-sm_row"
    wait_live(page, root)
    params = page.evaluate(f"() => document.querySelector('{root} .al-plot').__alLive.live.params")
    scores = np.array(params["scores"], dtype=np.float64)
    scaled = np.array(params["scaled_scores"], dtype=np.float64)
    temps = [0.1, 0.7, 1.0, 2.5, 5.0]
    results = page.evaluate(COMPUTE_JS, {"root": root, "values": [{"temperature": x} for x in temps]})
    for temp, got in zip(temps, results, strict=True):
        both = np.array(got["data"], dtype=np.float64)
        np.testing.assert_allclose(both[: scores.size], softmax.softmax(scores / temp), rtol=TOL, atol=TOL)
        np.testing.assert_allclose(both[scores.size :], softmax.softmax(scaled / temp), rtol=TOL, atol=TOL)
        assert f"T = {temp:g}" in got["title"] or f"{temp:g}" in got["title"]


# ---- dragging, letting go, keys and touch ---------------------------------------------------------------
def test_dragging_the_sidebar_redraws_before_release_and_release_sets_the_page(page_factory: Any) -> None:
    """One control per value: the PE table has no strip of its own; the sidebar's base slider, held and
    dragged with the mouse, redraws it frame by frame (sidebar.js) before the server hears of it."""
    page = page_factory("/positional_encoding")
    wait_live(page, PE_CHART)
    wait_for_idle(page)
    assert page.locator(f"{PE_STRIP} input[type=range]").count() == 0  # no second copy of the sidebar's
    # Streamlit 1.67's thumb holds a visually hidden range input (its aria-valuetext the shown value) in a
    # 1 px wrapper; the thumb's parent is the rail it travels
    thumb = page.locator('[data-testid="stSidebar"] .st-key-base input[type="range"]')
    knob_el = thumb.locator("xpath=../..")
    box, knob = knob_el.locator("xpath=..").bounding_box(), knob_el.bounding_box()
    assert box is not None and knob is not None
    options = settings.BASE_OPTIONS
    start = options.index(settings.DEFAULT_BASE)
    y = knob["y"] + knob["height"] / 2
    # the thumb's centre for option i: the thumb travels the rail (baseweb's select slider)
    left = knob["x"] + knob["width"] / 2 - (box["width"] - knob["width"]) * start / (len(options) - 1)

    def x_of(i: int) -> float:
        return left + (box["width"] - knob["width"]) * i / (len(options) - 1)

    page.mouse.move(x_of(start), y)
    page.mouse.down()
    target = options.index(100)
    for i in range(start - 1, target - 1, -1):
        page.mouse.move(x_of(i), y, steps=3)
    # Still held: the chart shows base 100, computed in the browser; the server has not heard of it.
    wait_live(page, PE_CHART, "r.params.base === 100")
    now = shown(page, PE_CHART)
    spec = EncodingSpec("sinusoidal", settings.DEFAULT_MAX_LEN, settings.DEFAULT_D_MODEL, 100.0)
    _, _, want = pe_expected(spec)
    np.testing.assert_allclose(np.array(now["z"]), want, rtol=TOL, atol=TOL)
    assert "base" not in url_params(page)
    assert thumb.get_attribute("aria-valuetext") == "100"
    page.evaluate(f"() => {{ document.querySelector('{PE_CHART} .al-plot').__alLiveResult.seen = true; }}")
    page.mouse.up()
    page.wait_for_function("() => location.search.includes('base=100')")
    wait_for_idle(page)
    assert url_params(page)["base"] == "100"
    # The server's answer holds the released parameters: the picture the drag drew is that answer, so it
    # is kept, not drawn again (the release costs one redraw less)
    page.wait_for_function(
        f"() => document.querySelector('{PE_CHART} .al-plot').__alLive.live.params.base === 100"
    )
    assert page.evaluate(f"() => document.querySelector('{PE_CHART} .al-plot').__alLiveResult.seen === true")
    np.testing.assert_allclose(np.array(shown(page, PE_CHART)["z"]), want, rtol=TOL, atol=TOL)
    # after the release the sidebar no longer drives it: a value the server sends is what it draws
    assert page.evaluate("() => window.__attentionLabLiveGroups['pe_heatmap_group'].active") is False
    assert_no_exception(page)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_keys_step_show_the_value_and_a_quick_hand_is_not_pulled_back(page_factory: Any, lang: str) -> None:
    page = page_factory(f"/similarity?lang={lang}")
    root = ".st-key-sim_row_sinusoidal"
    wait_live(page, root)
    wait_for_idle(page)
    strip = page.locator(f"{SIM_STRIP} .al-live")
    assert strip.locator(".al-live-badge").inner_text() == t("ui.live.title", lang)
    if lang == "ko":
        assert HANGUL.search(strip.inner_text())
    p_input = strip.locator('input[data-name="p"]')
    assert p_input.get_attribute("aria-label") == t("sim.p", lang)
    p_input.focus()
    for _ in range(7):  # a quick hand: each press is a change, sent as one release once they stop
        page.keyboard.press("ArrowRight")
    assert strip.locator("output").first.inner_text() == "57"
    assert p_input.get_attribute("aria-valuetext") == "57"
    wait_live(page, root, "r.params.p === 57")
    page.wait_for_function("() => location.search.includes('p=57')")
    wait_for_idle(page)
    # Not pulled back by the reruns, and the page's own p slider and the chart follow.
    assert p_input.input_value() == "57"
    assert "57" in page.locator(".st-key-sim_p").inner_text()
    mark = page.evaluate(f"() => Array.from(document.querySelector('{root} .al-plot').data[1].x)")
    assert mark == [57, 57]
    table = encodings.encode(EncodingSpec("sinusoidal", 100, 128, 10000.0))
    np.testing.assert_allclose(
        np.array(shown(page, root)["y"]), similarity.against_all(table, 57, "dot"), rtol=TOL, atol=TOL
    )
    page.keyboard.press("Home")
    page.wait_for_function("() => location.search.includes('p=0')")
    screenshot(page, f"live_similarity_{lang}")
    assert_no_exception(page)


def test_a_tap_on_a_touch_screen_sets_the_temperature(page_factory: Any) -> None:
    page = page_factory("/softmax?tab=row", has_touch=True)
    wait_live(page, ".st-key-sm_row")
    wait_for_idle(page)
    temp = page.locator(f'{SM_STRIP} input[data-name="temperature"]')
    temp.scroll_into_view_if_needed()
    box = temp.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    wait_live(page, ".st-key-sm_row", "r.params.temperature === 5")
    page.wait_for_function("() => location.search.includes('temp=5')")
    wait_for_idle(page)
    assert "5" in page.locator(".st-key-sm_temp").inner_text()
    assert_no_exception(page)


def test_released_values_are_checked_on_the_server() -> None:
    d_model, _max_len, base = live.table_sliders(settings.Settings(), "en")
    assert d_model.coerce(64) == 64 and d_model.coerce(64.4) == 64
    assert d_model.coerce(0) is None and d_model.coerce(10**9) is None
    for junk in (None, "64", True, float("nan"), float("inf"), [64], {"v": 1}):
        assert d_model.coerce(junk) is None
    assert base.coerce(5000) == 5000 and base.coerce(5001) is None
    temp = live.LiveSlider("temperature", "sm_temp", "T", 1.0, 0.1, 5.0, 0.1)
    assert temp.coerce(0.30000000000000004) == 0.3 and temp.coerce(5.0) == 5.0 and temp.coerce(5.1) is None


def test_the_recipes_named_in_python_are_the_ones_live_js_has(page_factory: Any) -> None:
    page = page_factory("/positional_encoding")
    wait_live(page, PE_CHART)
    assert sorted(page.evaluate("() => window.__attentionLabLive.recipes")) == sorted(live.RECIPES)
    assert page.evaluate("() => window.AttentionLabClosedForm.KINDS") == list(CLOSED_FORM_KINDS)
    payload = json.loads(
        page.evaluate(
            f"() => JSON.stringify(document.querySelector('{PE_CHART} .al-plot').__alLive.live.params)"
        )
    )
    assert payload["d_model"] == settings.DEFAULT_D_MODEL  # the parameters, not the matrix


def test_the_presenter_view_swaps_a_live_heatmap_colours(page_factory: Any) -> None:
    """In the presenter view the live heatmap takes the projector's diverging scale, as the server's
    heatmaps do (before the fix it drew with the plain scale the recipe picked)."""
    page = page_factory("/positional_encoding?present=1")
    wait_live(page, PE_CHART)
    drawn = page.evaluate(f"() => document.querySelector('{PE_CHART} .al-plot').data[0].colorscale")
    swapped = page.evaluate(
        "(s) => window.__attentionLabPresent({data: [{type: 'heatmap', colorscale: s}], layout: {}})"
        ".data[0].colorscale",
        live.SCALES["diverging"],
    )
    assert drawn == swapped
    assert drawn != live.SCALES["diverging"]
    assert_no_exception(page)


def test_kerple_charts_equal_numpy(page_factory: Any) -> None:
    page = page_factory("/similarity?tab=bias&bias=kerple")
    grid = [
        (n, a, b, c)
        for n in (4, 37, 256)
        for a, b in ((0.1, 0.1), (1.0, 1.0), (4.9, 2.3))
        for c in (True, False)
    ]
    values = [{"length": n, "r1": a, "r2": b, "causal": c} for n, a, b, c in grid]
    for root in (".st-key-rel_kerple_matrix", ".st-key-rel_kerple_lines"):
        wait_live(page, root)
        results = page.evaluate(COMPUTE_JS, {"root": root, "values": values})
        for (n, a, b, c), got in zip(grid, results, strict=True):
            bias = relative.kerple_log(n, a, b, causal=c)[0]
            data = np.array([np.nan if v is None else v for v in got["data"]], dtype=np.float64)
            if root.endswith("matrix"):
                want = np.where(np.isfinite(bias), bias, np.nan).reshape(-1)
                assert got["title"] == t("rel.kerple.matrix", "en", r1=f"{a:.1f}", r2=f"{b:.1f}")
            else:
                d = np.arange(n)
                want = np.concatenate([relative.by_distance(bias[None])[1][0], -(a * b) * d])
            np.testing.assert_allclose(
                data, want, rtol=TOL, atol=TOL, equal_nan=True, err_msg=f"{root} {n} {a} {b} {c}"
            )
    # the ALiBi line's name follows its slope as Python writes it ({m:.3g}), an exact tie included:
    # 2.5 x 4.5 = 11.25 is 11.2 in Python (the even digit kept), where toPrecision gave 11.3
    pairs = [(1.7, 2.9), (2.5, 4.5), (0.5, 0.5), (4.9, 4.9)]
    names = page.evaluate(
        "(pairs) => { const el = document.querySelector('.st-key-rel_kerple_lines .al-plot');"
        " return pairs.map(([r1, r2]) => { const copy = JSON.parse(JSON.stringify(el.__alLive.shown));"
        " window.__attentionLabLive.fill(copy, el.__alLive.live, {r1: r1, r2: r2});"
        " return copy.data[1].name; }); }",
        pairs,
    )
    assert names == [t("rel.kerple.alibi", "en", m=f"{a * b:.3g}") for a, b in pairs]
    assert_no_exception(page)


def test_rope_scaling_charts_equal_numpy(page_factory: Any) -> None:
    page = page_factory("/positional_encoding?tab=rope")
    grid = [(s, n, d) for s in (1, 4, 32) for n in (256, 8192) for d in (16, 256)]
    values = [{"scale": s, "train_len": n, "d_head": d} for s, n, d in grid]
    for root in (".st-key-rs_waves", ".st-key-rs_ramp", ".st-key-rs_scores"):
        wait_live(page, root)
        base = page.evaluate(f"() => document.querySelector('{root} .al-plot').__alLive.live.params.base")
        results = page.evaluate(COMPUTE_JS, {"root": root, "values": values})
        for (s, n, d), got in zip(grid, results, strict=True):
            found = rope_scaling.scaling(d, float(base), float(s), n)
            methods = len(rope_scaling.METHODS)
            if root.endswith("waves"):
                want = np.concatenate([found.wavelengths(m) for m in rope_scaling.METHODS])
                assert got["modes"][:methods] == [rope_scaling_views.pair_mode(d // 2)] * methods
            elif root.endswith("ramp"):
                want = found.ramp
                assert got["modes"][0] == rope_scaling_views.pair_mode(d // 2)
            else:
                x = np.geomspace(1.0, 2.0 * s * n, rope_scaling_views.SCORE_POINTS)
                hi = x * (1 + rope_scaling_views.SCORE_WINDOW)
                want = np.concatenate(
                    [
                        rope_scaling.score_window(
                            found.frequencies[m], x, hi, found.temperature if m == "yarn" else 1.0
                        )
                        for m in rope_scaling.METHODS
                    ]
                )
            data = np.array(got["data"], dtype=np.float64)
            np.testing.assert_allclose(data, want, rtol=TOL, atol=TOL, err_msg=f"{root} s={s} L={n} d={d}")
    # dragging s with the keyboard moves the s x L level and, once let go, the link (the page's first
    # reruns over: one of them may mount the charts anew, which draws them)
    wait_for_idle(page)
    strip = page.locator(".st-key-rs_live .al-live")
    strip.locator('input[data-name="scale"]').focus()
    # each websocket message notes how many frames the strip's group had drawn when it left
    page.evaluate(
        "() => { const send = WebSocket.prototype.send; window.__sentAt = [];"
        " WebSocket.prototype.send = function (d) {"
        " window.__sentAt.push(window.__attentionLabLiveGroups.rs.drawn); return send.call(this, d); }; }"
    )
    drawn = page.evaluate("() => window.__attentionLabLiveGroups.rs.drawn")
    page.evaluate(COUNT_DRAWS_JS)
    page.keyboard.press("ArrowRight")
    wait_live(page, ".st-key-rs_waves", "r.params.scale === 8")
    # the release left before the group's redraw, so the round trip ran while the charts were drawn
    # (Streamlit sends from a timer, and the animation frame used to come first: 50 ms later)
    page.wait_for_function("() => window.__sentAt.length > 0")
    assert page.evaluate("() => window.__sentAt[0]") == drawn
    level = page.evaluate("() => document.querySelector('.st-key-rs_waves .al-plot').data[5]")
    assert level["y"] == [8 * 2048, 8 * 2048] and level["name"] == t("rs.level.sl", "en", n=8 * 2048)
    # The server's answer is what the press drew: no chart is drawn again (the waves and the scores were,
    # their recipes having added s x L to the parameters they compared). The ramp, which s does not move,
    # is not drawn at all.
    charts = [f".st-key-rs_{name} .al-plot" for name in ("waves", "ramp", "scores")]
    page.wait_for_function("() => location.search.includes('s=8')")
    page.wait_for_function(
        "(cs) => cs.every((c) => document.querySelector(c)?.__alLive?.live.params.scale === 8)", arg=charts
    )
    wait_for_idle(page)
    assert page.evaluate(f"(cs) => cs.map((c) => {DRAWS_JS}[c] || 0)", charts) == [1, 0, 1]
    assert_no_exception(page)


def test_sim_offsets_equal_numpy(page_factory: Any) -> None:
    """Every pair of the grid by offset (and the formula's curve) as NumPy has them; the points drawn are
    the ones viz.encodings.similarity.drawn_points keeps of those same values."""
    page = page_factory("/similarity?tab=offset")
    root = ".st-key-sim_offset_sinusoidal"
    wait_live(page, root)
    grid = [
        (kind, measure, n, d, b)
        for kind in ("sinusoidal", "rope", "binary")
        for measure in similarity.MEASURES
        for n, d, b in ((100, 64, 10000), (300, 33, 500))
    ]
    values = [
        {"kind": k, "measure": m, "max_len": n, "d_model": d, "base": b, "relative": k != "binary"}
        for k, m, n, d, b in grid
    ]
    results = page.evaluate(COMPUTE_JS, {"root": root, "values": values})
    for (kind, measure, n, d, b), got in zip(grid, results, strict=True):
        table = encodings.encode(EncodingSpec(kind, n, d, float(b)))  # type: ignore[arg-type]
        positions = downsample.stride(n, similarity.OFFSET_GRID).idx
        want = similarity.by_offset(table, positions, measure)
        assert got["rows"] == want.offsets.tolist(), (kind, measure, n, d)
        js_values = np.array(got["data"], dtype=np.float64)
        np.testing.assert_allclose(
            js_values, want.values, rtol=TOL, atol=TOL, err_msg=f"{kind} {measure} {n} {d}"
        )
        kept = similarity.drawn_points(np.array(got["rows"]), js_values)
        assert got["cols"] == kept.tolist(), (kind, measure, n, d)
    # the curve: drawn for a table of rotations with an even d_model, hidden for an odd one
    curve = page.evaluate(
        "() => { const el = document.querySelector('.st-key-sim_offset_sinusoidal .al-plot');"
        " const out = [];"
        " for (const d of [64, 33]) { const copy = JSON.parse(JSON.stringify(el.__alLive.shown));"
        "   window.__attentionLabLive.fill(copy, el.__alLive.live, {d_model: d, base: 500});"
        "   const c = copy.data[1];"
        "   out.push({x: Array.from(c.x), y: Array.from(c.y), visible: c.visible}); }"
        " return out; }"
    )
    table = encodings.encode(EncodingSpec("sinusoidal", 100, 64, 500.0))
    offsets = similarity.by_offset(table, downsample.stride(100, similarity.OFFSET_GRID).idx, "dot").offsets
    k, theory = similarity.theory_by_offset("sinusoidal", "dot", offsets, 64, 500.0) or ([], [])
    assert curve[0]["visible"] is True and curve[0]["x"] == list(k)
    np.testing.assert_allclose(curve[0]["y"], theory, rtol=TOL, atol=TOL)
    assert curve[1]["visible"] is False and curve[1]["x"] == []
    assert_no_exception(page)


def test_chart_out_of_view_is_drawn_as_it_scrolls_in(page_factory: Any) -> None:
    """While a strip is dragged, a chart of its group below the window is not drawn (RoPE's three charts
    held the frame to 26/s); scrolled into view mid-drag, it shows the dragged values, as NumPy has them."""
    page = page_factory("/positional_encoding?tab=rope")
    wait_live(page, ".st-key-rs_scores")
    wait_for_idle(page)
    page.evaluate("() => document.querySelector('.st-key-rs_live .al-live').scrollIntoView({block: 'start'})")
    page.wait_for_function("() => document.querySelector('.st-key-rs_scores .al-plot').__alHidden === true")
    page.evaluate(COUNT_DRAWS_JS)
    # input events alone, as a held mouse button makes: nothing is released to the server
    page.evaluate(
        "() => { const input = document.querySelector('.st-key-rs_live input[data-name=\"train_len\"]');"
        " input.value = '0'; input.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    wait_live(page, ".st-key-rs_waves", "r.params.train_len === 256")
    assert page.evaluate(f"() => {DRAWS_JS}['.st-key-rs_scores .al-plot'] || 0") == 0
    assert "L=" not in page.url
    page.locator(".st-key-rs_scores").scroll_into_view_if_needed()
    wait_live(page, ".st-key-rs_scores", "r.params.train_len === 256")
    assert page.evaluate(f"() => {DRAWS_JS}['.st-key-rs_scores .al-plot']") == 1
    got = page.evaluate(
        "() => { const el = document.querySelector('.st-key-rs_scores .al-plot');"
        " return el.data.slice(0, 4).map((t) => Array.from(t.y)); }"
    )
    params = page.evaluate("() => document.querySelector('.st-key-rs_scores .al-plot').__alLiveResult.params")
    found = rope_scaling.scaling(params["d_head"], float(params["base"]), float(params["scale"]), 256)
    x = np.geomspace(1.0, 2.0 * params["scale"] * 256, rope_scaling_views.SCORE_POINTS)
    for m, y in zip(rope_scaling.METHODS, got, strict=True):
        want = rope_scaling.score_window(
            found.frequencies[m],
            x,
            x * (1 + rope_scaling_views.SCORE_WINDOW),
            found.temperature if m == "yarn" else 1.0,
        )
        np.testing.assert_allclose(np.array(y), want, rtol=TOL, atol=TOL, err_msg=m)
    assert_no_exception(page)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_scaling_picture_follows_the_d_k_strip(page_factory: Any, lang: str) -> None:
    """Both histograms at every d_k option, drawn in the page from the server's bin counts, equal
    viz.scores.softmax.variance_argument's densities and curves (and titles); a key press on the strip moves
    them at once, then the page's d_k and the link."""
    page = page_factory("/softmax?n=1000&seed=7", lang)
    roots = (".st-key-sm_hist_raw", ".st-key-sm_hist_scaled")
    for root in roots:
        wait_live(page, root)
    values = [{"d_k": d} for d in softmax.DK_OPTIONS]
    for root, which in zip(roots, ("raw", "scaled"), strict=True):
        results = page.evaluate(COMPUTE_JS, {"root": root, "values": values})
        for d_k, got in zip(softmax.DK_OPTIONS, results, strict=True):
            found = softmax.variance_argument(d_k, 1000, 7)
            hist = found.raw if which == "raw" else found.scaled
            np.testing.assert_allclose(
                np.array(got["data"]), np.concatenate([hist.density, hist.curve_y]), rtol=TOL, atol=TOL
            )
            np.testing.assert_allclose(
                np.array(got["cols"]), np.concatenate([hist.centers, hist.curve_x]), rtol=TOL, atol=TOL
            )
            assert got["title"] == t(f"sm.var.hist.{which}", lang, d_k=d_k)
    wait_for_idle(page)
    strip = page.locator(".st-key-sm_var_live .al-live")
    strip.locator('input[data-name="d_k"]').focus()
    page.keyboard.press("ArrowRight")
    # drawn in the browser before the server has heard of it: bars over ±4.5·√96, the curve N(0, 96)
    wait_live(page, roots[0], "r.params.d_k === 96")
    bars = page.evaluate(
        "() => { const el = document.querySelector('.st-key-sm_hist_raw .al-plot');"
        " return [Array.from(el.data[0].x), Array.from(el.data[0].y), el.data[1].name]; }"
    )
    hist = softmax.variance_argument(96, 1000, 7).raw
    np.testing.assert_allclose(bars[0], hist.centers, rtol=TOL, atol=TOL)
    np.testing.assert_allclose(bars[1], hist.density, rtol=TOL, atol=TOL)
    assert bars[2] == t("sm.var.curve.raw", lang, d_k=96)
    assert strip.locator("output").inner_text() == "96"
    page.wait_for_function("() => location.search.includes('dk=96')")
    wait_for_idle(page)
    # the page's own d_k slider and the measured variance's caption follow the release
    own = page.locator(".st-key-sm_dk").locator('input[type="range"], [role="slider"]').first
    assert own.get_attribute("aria-valuetext") == "96"
    caption = t(
        "sm.var.measured",
        lang,
        var=f"{hist.variance:.4g}",
        expected="96",
        err=f"{hist.margin:.2g}",
    )
    expect_text = page.get_by_text(caption, exact=False)
    expect_text.first.wait_for()
    assert_no_exception(page)


def test_alibi_charts_equal_numpy_and_follow_the_strip(page_factory: Any) -> None:
    """ALiBi's matrix (the page's head, kept within the heads) and every head's line, drawn in the page,
    equal viz.encodings.relative on a grid; a key press on the strip's heads moves them, then the link."""
    page = page_factory("/similarity?tab=bias&bhead=5")
    roots = (".st-key-rel_alibi_matrix", ".st-key-rel_alibi_lines")
    for root in roots:
        wait_live(page, root)
    grid = [(n, heads, c) for n in (4, 37, 256) for heads in (1, 3, 5, 8, 12, 16) for c in (True, False)]
    values = [{"length": n, "heads": h, "causal": c} for n, h, c in grid]
    matrices, lines = (page.evaluate(COMPUTE_JS, {"root": root, "values": values}) for root in roots)
    for (n, heads, causal), got_m, got_l in zip(grid, matrices, lines, strict=True):
        bias = relative.alibi(n, heads, causal=causal)
        slopes = relative.alibi_slopes(heads)
        head = min(5, heads)  # the page's head (bhead=5), brought within the heads as its slider does
        data = np.array([np.nan if v is None else v for v in got_m["data"]], dtype=np.float64)
        want = np.where(np.isfinite(bias[head - 1]), bias[head - 1], np.nan).reshape(-1)
        np.testing.assert_allclose(data, want, rtol=TOL, atol=TOL, equal_nan=True, err_msg=f"{n} {heads}")
        assert got_m["title"] == t(
            "rel.alibi.matrix", "en", head=head, heads=heads, slope=f"{slopes[head - 1]:.4g}"
        )
        _, by_distance = relative.by_distance(bias)
        np.testing.assert_allclose(np.array(got_l["data"]), by_distance.reshape(-1), rtol=TOL, atol=TOL)
        assert got_l["names"][:heads] == [
            t("rel.alibi.head", "en", h=h + 1, m=f"{m:.3g}") for h, m in enumerate(slopes)
        ]
    wait_for_idle(page)
    strip = page.locator(".st-key-rel_alibi_live .al-live")
    strip.locator('input[data-name="heads"]').focus()
    page.keyboard.press("ArrowLeft")  # 8 -> 7 heads
    wait_live(page, roots[1], "r.params.heads === 7")
    visible = page.evaluate(
        "() => document.querySelector('.st-key-rel_alibi_lines .al-plot')"
        ".data.filter((t) => t.visible).length"
    )
    assert visible == 7
    page.wait_for_function("() => new URLSearchParams(location.search).get('bheads') === '7'")
    wait_for_idle(page)
    assert_no_exception(page)


def test_t5_charts_equal_numpy_and_follow_the_strip(page_factory: Any) -> None:
    """T5's bucket matrix and its buckets by offset, drawn in the page, equal viz.encodings.relative on a
    grid; a max distance the buckets leave no room for keeps the charts as they were; a strip press moves
    them, then the link."""
    page = page_factory("/similarity?tab=bias&bias=t5", "ko")
    roots = (".st-key-rel_t5_matrix", ".st-key-rel_t5_lines")
    for root in roots:
        wait_live(page, root)
    grid = [
        (n, b, md, bi)
        for n in (4, 37, 256)
        for b in (8, 64)
        for bi in (True, False)
        for md in rel_views.max_distances(b, bi)[:2]
    ]
    values = [{"length": n, "buckets": b, "max_distance": md, "bidirectional": bi} for n, b, md, bi in grid]
    matrices, lines = (page.evaluate(COMPUTE_JS, {"root": root, "values": values}) for root in roots)
    for (n, b, md, bi), got_m, got_l in zip(grid, matrices, lines, strict=True):
        want = rel_views.t5(n, bi, b, md).reshape(-1)
        data = np.array([np.nan if v is None else v for v in got_m["data"]], dtype=np.float64)
        np.testing.assert_array_equal(data, want, err_msg=f"{n} {b} {md} {bi}")
        assert got_m["title"] == t("rel.t5.matrix", "ko", buckets=b, maxdist=md)
        offsets = np.arange(-(n - 1), n)
        by_offset = relative.t5_bucket(offsets, bidirectional=bi, num_buckets=b, max_distance=md)
        assert got_l["data"] == by_offset.tolist() and got_l["cols"] == offsets.tolist()
    refused = page.evaluate(
        "() => { const el = document.querySelector('.st-key-rel_t5_lines .al-plot');"
        " const copy = JSON.parse(JSON.stringify(el.__alLive.shown));"
        " try { window.__attentionLabLive.fill(copy, el.__alLive.live, {buckets: 64, max_distance: 16}); }"
        " catch (e) { return String(e.message); } return null; }"
    )
    assert refused is not None and "max_distance" in refused
    wait_for_idle(page)
    strip = page.locator(".st-key-rel_t5_live .al-live")
    strip.locator('input[data-name="buckets"]').focus()
    page.keyboard.press("ArrowLeft")  # 32 -> 16 buckets
    wait_live(page, roots[0], "r.params.buckets === 16")
    page.wait_for_function("() => new URLSearchParams(location.search).get('buckets') === '16'")
    wait_for_idle(page)
    assert_no_exception(page)
