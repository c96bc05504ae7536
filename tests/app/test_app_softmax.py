"""The Softmax and scaling page under AppTest: both languages, the slider ends, the numbers it shows."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, ok, open_page
from viz.encodings import embedding
from viz.i18n import t
from viz.scores import softmax as sm
from viz.scores import worked

SM = "pages/softmax.py"

pytestmark = pytest.mark.usefixtures("fresh_caches")


def spec(at: AppTest, key: str) -> dict[str, Any]:
    """The Plotly figure of the chart with widget key ``key``."""
    found = [c for c in charts(at) if c.proto.id.endswith(key) or key in c.proto.id]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return json.loads(found[0].proto.spec)


def trace(fig: dict[str, Any], name: str) -> dict[str, Any]:
    found = [d for d in fig["data"] if d.get("name") == name]
    assert len(found) == 1, [d.get("name") for d in fig["data"]]
    return found[0]


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [w.value for w in at.warning]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_page_runs_in_both_languages_with_every_chart(lang: str) -> None:
    at = open_page(SM, lang=lang)
    assert at.title[0].value == t("sm.title", lang)
    assert at.select_slider(key="sm_dk").value == 64  # the notes' example
    keys = [
        "sm_hist_raw",
        "sm_hist_scaled",
        "sm_var_sweep",
        "sm_row",
        "sm_stats",
        "sm_grad",
        "sm_jacobians",
        "sm_qkv",
        "sm_step_scores",
        "sm_step_scaled",
        "sm_step_weights",
        "sm_step_output",
    ]
    for key in keys:
        fig = spec(at, key)
        assert fig["layout"]["title"]["text"], key  # every chart is titled
    assert spec(at, "sm_hist_raw")["layout"]["title"]["text"] == t("sm.var.hist.raw", lang, d_k=64)
    body = texts(at)
    for key in ("sm.sweep.explain", "ex.explain"):
        assert t(key, lang) in body
    assert t("sm.var.explain", lang, d_k=64, root="√64 = 8") in body


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize(
    "ends",
    [
        {"sm_dk": 1, "sm_n": 500, "sm_keys": 2, "sm_temp": 0.1},
        {"sm_dk": 1024, "sm_n": 20000, "sm_keys": 16, "sm_temp": 5.0},
        {"sm_dk": 1024, "sm_n": 500, "sm_keys": 16, "sm_temp": 0.1},  # scores / T reach past exp's range
    ],
    ids=["low", "high", "sharpest"],
)
def test_slider_ends(lang: str, ends: dict[str, float]) -> None:
    at = open_page(SM, lang=lang)
    at.select_slider(key="sm_dk").set_value(ends["sm_dk"])
    at.select_slider(key="sm_n").set_value(ends["sm_n"])
    at.slider(key="sm_keys").set_value(ends["sm_keys"])
    at.slider(key="sm_temp").set_value(ends["sm_temp"])
    ok(at.run())
    d_k, n_keys = int(ends["sm_dk"]), int(ends["sm_keys"])
    raw = trace(spec(at, "sm_hist_raw"), t("sm.var.curve.raw", lang, d_k=d_k))
    assert decode(raw["x"]).min() == pytest.approx(-4.5 * math.sqrt(d_k), rel=1e-5)
    bars = spec(at, "sm_row")["data"]
    assert [len(decode(b["y"])) for b in bars if b["type"] == "bar"] == [n_keys, n_keys]
    for b in bars:
        y = decode(b["y"])
        assert np.isfinite(y).all(), b.get("name")  # no NaN or inf, even unscaled at d_k = 1024, T = 0.1
    # The four steps still run at this d_k.
    weights = decode(spec(at, "sm_step_weights")["data"][0]["z"])
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, rtol=1e-5)


def test_histogram_and_caption_are_the_measured_samples() -> None:
    at = open_page(SM)
    at.select_slider(key="sm_dk").set_value(256).run()
    ok(at)
    arg = sm.variance_argument(256, sm.DEFAULT_SAMPLES, 0)
    fig = spec(at, "sm_hist_raw")
    bars = next(d for d in fig["data"] if d["type"] == "bar")
    np.testing.assert_allclose(decode(bars["y"]), arg.raw.density, rtol=1e-6)
    np.testing.assert_allclose(decode(bars["x"]), arg.raw.centers, rtol=1e-6)
    caption = t(
        "sm.var.measured",
        "en",
        var=f"{arg.raw.variance:.4g}",
        expected="256",
        err=f"{arg.raw.margin:.2g}",
    )
    assert caption in texts(at)
    assert abs(arg.raw.variance - 256) < 3 * arg.raw.margin


def test_variance_sweep_chart_has_the_reference_lines_and_marks_d_k() -> None:
    at = open_page(SM)
    fig = spec(at, "sm_var_sweep")
    assert fig["layout"]["xaxis"]["type"] == "log" and fig["layout"]["yaxis"]["type"] == "log"
    dk_line = trace(fig, t("sm.sweep.line_dk", "en"))
    np.testing.assert_allclose(decode(dk_line["y"]), decode(dk_line["x"]))
    np.testing.assert_allclose(decode(trace(fig, t("sm.sweep.line_1", "en"))["y"]), 1.0)
    measured = trace(fig, t("sm.sweep.raw", "en"))
    sweep = sm.variance_sweep(sm.DEFAULT_SAMPLES, 0)
    np.testing.assert_allclose(decode(measured["y"]), sweep.raw)
    np.testing.assert_allclose(decode(measured["error_y"]["array"]), 2 * sweep.raw_error)
    mark = trace(fig, t("sm.mark", "en", d_k=64))
    assert decode(mark["x"]).tolist() == [64, 64]


def test_bars_are_softmax_of_the_scores_and_temperature_acts() -> None:
    at = open_page(SM)
    at.slider(key="sm_temp").set_value(2.0).run()
    ok(at)
    fig = spec(at, "sm_row")
    scores = decode(trace(fig, t("sm.row.score_raw", "en"))["y"])
    raw = decode(trace(fig, t("sm.raw", "en"))["y"])
    scaled = decode(trace(fig, t("sm.scaled", "en", root="√64 = 8"))["y"])
    np.testing.assert_allclose(raw, sm.softmax(scores, 2.0), atol=1e-6)
    np.testing.assert_allclose(scaled, sm.softmax(scores / 8, 2.0), atol=1e-6)
    row = sm.one_row(64, 6, 0, 2.0)
    assert f"{row.raw.max():.3f}" in texts(at) and f"{sm.entropy(row.scaled):.3f}" in texts(at)


def test_gradient_chart_falls_unscaled_and_stays_flat_scaled() -> None:
    at = open_page(SM)
    fig = spec(at, "sm_grad")
    raw = decode(trace(fig, t("sm.raw", "en"))["y"])
    scaled = decode(trace(fig, t("sm.scaled", "en", root="√64 = 8"))["y"])
    assert raw[-1] < 0.25 * scaled[-1]
    assert np.ptp(scaled[4:]) < 0.1 * scaled.mean()  # from d_k = 16 on, the scaled norm does not move
    np.testing.assert_allclose(decode(trace(fig, t("sm.grad.uniform", "en"))["y"]), 0.5)
    assert (raw <= 0.5).all() and (scaled <= 0.5).all()
    panels = spec(at, "sm_jacobians")
    row = sm.one_row(64, 6, 0, 1.0)
    np.testing.assert_allclose(decode(panels["data"][0]["z"]), sm.jacobian(row.raw), atol=1e-6)


def test_worked_example_steps_match_the_formulas() -> None:
    at = open_page(SM)
    w = worked.worked_example(("I", "am", "good"), 128, 64, 0)
    for key, values in (
        ("sm_step_scores", w.scores),
        ("sm_step_scaled", w.scaled),
        ("sm_step_weights", w.weights),
        ("sm_step_output", w.output[:, :8]),
    ):
        np.testing.assert_allclose(decode(spec(at, key)["data"][0]["z"]), values, rtol=1e-5, atol=1e-6)
    assert spec(at, "sm_step_weights")["data"][0]["y"] == ["0 · I", "1 · am", "2 · good"]
    assert at.code[0].value == worked.weighted_sum(w.weights, w.tokens, 0)
    at.selectbox(key="sm_query").set_value(2).run()
    ok(at)
    assert at.code[0].value.startswith("z_2 = ")  # numbered from 0, as every position is
    assert at.code[1].value == worked.weighted_sum_numbers(w, 2)
    assert t("ex.columns", "en", shown=8, d_k=64) in texts(at)


def test_a_new_sentence_uses_all_its_words_and_length_can_shorten_it() -> None:
    at = open_page(SM)
    at.text_input(key="sm_text").input("A dog ate the food because it was hungry").run()
    ok(at)
    assert at.slider(key="sm_len").value == 8  # 9 words: the first 8 are used
    assert t("ex.cut", "en", n=8, cut=1) in texts(at)
    assert len(spec(at, "sm_step_weights")["data"][0]["y"]) == 8
    at.slider(key="sm_len").set_value(2).run()
    ok(at)
    assert spec(at, "sm_step_weights")["data"][0]["y"] == ["0 · A", "1 · dog"]
    at.text_input(key="sm_text").input("I am good").run()
    ok(at)
    assert at.slider(key="sm_len").value == 3


def test_empty_text_warns_and_the_rest_of_the_page_still_works() -> None:
    at = open_page(SM)
    at.text_input(key="sm_text").input("   ").run()
    ok(at)
    assert t("ex.empty", "en") in texts(at)
    assert spec(at, "sm_hist_raw") and spec(at, "sm_grad")
    assert not [c for c in charts(at) if "sm_step" in c.proto.id]


def test_a_one_word_sentence_has_no_length_slider() -> None:
    at = open_page(SM)
    at.text_input(key="sm_text").input("hello").run()
    ok(at)
    assert not [s for s in at.slider if s.key == "sm_len"]
    np.testing.assert_allclose(decode(spec(at, "sm_step_weights")["data"][0]["z"]), [[1.0]])


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script> $x$ **bold**",
        "나는 잘 지낸다",
        "x" * embedding.MAX_CHARS,
        "\u202e\u200bevil\x00 word",
    ],
)
def test_hostile_and_unusual_sentences(text: str) -> None:
    at = open_page(SM)
    at.text_input(key="sm_text").input(text).run()
    ok(at)
    found = embedding.tokenize(text, worked.MAX_WORDS).tokens
    labels = spec(at, "sm_step_scores")["data"][0]["y"]
    assert len(labels) == len(found)
    assert all("<" not in label for label in labels)  # escaped for Plotly
    assert at.code[0].value == worked.weighted_sum(worked.worked_example(found, 128, 64, 0).weights, found, 0)


def test_a_repeated_word_keeps_its_own_row_and_column() -> None:
    at = open_page(SM)
    at.text_input(key="sm_text").input("the cat saw the dog").run()
    ok(at)
    fig = spec(at, "sm_step_weights")["data"][0]
    assert fig["y"] == fig["x"] == ["0 · the", "1 · cat", "2 · saw", "3 · the", "4 · dog"]
    weights = decode(fig["z"])
    assert weights.shape == (5, 5)
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, rtol=1e-5)
