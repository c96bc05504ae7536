"""What the pages say and show by default, under AppTest: the word-order distance against its own bars,
each encoding's own "What to notice", wave dimensions that look different, a P table that shows its waves."""

from __future__ import annotations

import json
import math
from itertools import pairwise
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, ok, open_page, open_page_with_tabs
from viz.encodings import ENCODING_KINDS, EncodingSpec, encode, wave_columns, wavelengths
from viz.i18n import t
from viz.ui import widgets

EMB = "pages/embedding.py"
PE = "pages/positional_encoding.py"

pytestmark = pytest.mark.usefixtures("fresh_caches")


def chart(at: AppTest, key: str) -> dict[str, Any]:
    """The figure of the chart drawn with ``key``."""
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


def markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


# ---- the word-order distance is the bars' root-sum-of-squares -------------------------------------------
def distance_and_bars(at: AppTest, lang: str) -> tuple[float, np.ndarray, np.ndarray]:
    values = {m.label: m.value for m in at.metric}
    bars = chart(at, "emb_order")
    plain, with_pe = decode(bars["data"][0]["y"]), decode(bars["data"][1]["y"])
    assert float(values[t("emb.order.plain", lang)]) == 0.0
    return float(values[t("emb.order.with_pe", lang)]), plain, with_pe


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_distance_with_pe_is_the_root_sum_of_squares_of_the_bars(lang: str) -> None:
    """The issue's case: the default sentences, paper scale. It said 22.54 beside two bars of 4.86."""
    at = open_page(EMB, lang=lang)
    distance, plain, with_pe = distance_and_bars(at, lang)
    assert np.all(plain == 0)
    moved = with_pe > 1e-6
    assert list(moved) == [False, True, False, False, True]  # cat and mouse
    rss = math.sqrt(float(np.sum(with_pe.astype(np.float64) ** 2)))
    assert distance == pytest.approx(rss, rel=1e-3)  # the metric shows 4 significant digits
    assert distance == pytest.approx(math.sqrt(2) * float(with_pe[1]), rel=1e-3)
    assert t("emb.order.distance", lang) in "\n".join(c.value for c in at.caption)


def test_repeated_words_are_paired_in_order() -> None:
    at = open_page(EMB)
    at.text_input(key="emb_order_a").set_value("dog cat dog bird").run()
    at.text_input(key="emb_order_b").set_value("cat dog bird dog").run()
    ok(at)
    distance, plain, with_pe = distance_and_bars(at, "en")
    assert np.all(plain == 0)
    # dog: 1st occurrence 0 -> 1, 2nd 2 -> 3; cat 1 -> 0; bird 3 -> 2: every word moves by one place
    pe = encode(EncodingSpec())
    expected = [np.linalg.norm(pe[i] - pe[j]) for i, j in enumerate([1, 0, 3, 2])]
    np.testing.assert_allclose(with_pe, expected, rtol=1e-5)
    assert distance == pytest.approx(math.sqrt(float(np.sum(with_pe.astype(np.float64) ** 2))), rel=1e-3)


def test_no_distance_when_the_words_differ() -> None:
    at = open_page(EMB)
    at.text_input(key="emb_order_b").set_value("The dog chased the cat").run()
    ok(at)
    values = {m.label: m.value for m in at.metric}
    assert values[t("emb.order.plain", "en")] == values[t("emb.order.with_pe", "en")] == "—"
    assert t("emb.order.not_perm", "en") in "\n".join(i.value for i in at.info)


# ---- each encoding's own "What to notice" ----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_encoding_explains_its_own_heatmap(lang: str) -> None:
    at = open_page_with_tabs(PE, lang=lang)
    texts = {kind: t(f"encodings.heatmap.{kind}", lang) for kind in ENCODING_KINDS}
    assert len(set(texts.values())) == len(ENCODING_KINDS)
    for kind in ENCODING_KINDS:
        at.selectbox(key=widgets.choice_key("pe_kind", lang)).set_value(kind).run()
        ok(at)
        shown = markdown(at)
        assert texts[kind] in shown, kind
        assert not any(texts[other] in shown for other in ENCODING_KINDS if other != kind), kind


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_embedding_sum_describes_the_p_of_the_chosen_encoding(lang: str) -> None:
    # Its own-scale "What to notice" spoke of P's waves for every encoding (seen in review).
    at = open_page_with_tabs(EMB, lang=lang)
    texts = {kind: t(f"encodings.sum.{kind}", lang) for kind in ENCODING_KINDS}
    assert len(set(texts.values())) == len(ENCODING_KINDS)
    for kind in ENCODING_KINDS:
        ok(at.selectbox(key=widgets.choice_key("pe_kind", lang)).set_value(kind).run())
        shown = markdown(at)
        assert texts[kind] in shown, kind
        assert not any(texts[other] in shown for other in ENCODING_KINDS if other != kind), kind


def test_only_rope_is_told_it_rotates() -> None:
    # "the vector added" was shown for RoPE; its own text says it adds nothing
    for kind in ENCODING_KINDS:
        text = t(f"encodings.heatmap.{kind}", "en")
        assert ("adds nothing" in text) is (kind == "rope"), kind


# ---- default wave dimensions that look different --------------------------------------------------------
def sign_changes(y: np.ndarray) -> int:
    s = np.sign(y[np.abs(y) > 1e-9])
    return int(np.sum(s[1:] != s[:-1]))


def test_default_wave_dimensions_have_clearly_different_wavelengths() -> None:
    at = open_page(PE)
    curves = chart(at, "pe_curves")
    names = [d["name"] for d in curves["data"]]
    dims = [int(n.split()[-1]) for n in names]
    assert at.multiselect(key="pe_dims").value == dims and len(dims) == 4
    pe = encode(EncodingSpec())
    crossings, y = [], np.zeros(0)
    for d, trace in zip(dims, curves["data"], strict=True):
        y = decode(trace["y"])
        np.testing.assert_allclose(y, pe[:, d], atol=1e-6)
        crossings.append(sign_changes(y))
    # Over the 100 positions each wave crosses zero at least twice as often as the next one ...
    assert all(a >= 2 * b for a, b in pairwise(crossings)), crossings
    assert y.max() > 0.99 and y[-1] < 0.5  # ... and the slowest rises to 1 and falls back within the table
    # ... as their wavelengths say: lambda = 2 pi base^(2i / d_model) for the pair i = dim // 2
    lam = [2 * math.pi * 10000 ** ((d // 2) * 2 / 128) for d in dims]
    np.testing.assert_allclose(lam, wavelengths(128)[[d // 2 for d in dims]])
    assert all(b >= 2.5 * a for a, b in pairwise(lam)), lam
    assert lam[-1] <= 2 * 100  # at least half a period within max_len


def test_the_default_wave_dimensions_follow_the_encoding_until_the_visitor_picks() -> None:
    # Kept from the sinusoidal table, columns 16, 32 and 48 of the binary code are flat lines at 0 over
    # 100 positions (seen in review): an untouched pick follows the encoding's own default ...
    at = open_page(PE)
    assert at.multiselect(key="pe_dims").value == list(wave_columns(EncodingSpec()))
    ok(at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value("binary").run())
    binary = list(wave_columns(EncodingSpec("binary")))
    assert binary != list(wave_columns(EncodingSpec())) and at.multiselect(key="pe_dims").value == binary
    assert [int(d["name"].split()[-1]) for d in chart(at, "pe_curves")["data"]] == binary
    # ... and a pick the visitor made stays through the next switch
    ok(at.multiselect(key="pe_dims").set_value([1, 3]).run())
    ok(at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value("sinusoidal").run())
    assert at.multiselect(key="pe_dims").value == [1, 3]


# ---- the P table shows its waves ------------------------------------------------------------------------
def test_the_default_p_table_uses_its_own_colour_range() -> None:
    at = open_page(EMB)
    fig = chart(at, "emb_panels")
    e, p, x = (decode(d["z"]) for d in fig["data"])
    assert p.shape[0] >= 8  # a sentence long enough that the fast waves change down the rows
    assert np.ptp(p[:, 0]) > 1.0  # column 0 (sin(pos)) swings within the rows shown
    axes = [fig["layout"][d["coloraxis"]] for d in fig["data"]]
    assert len({d["coloraxis"] for d in fig["data"]}) == 3
    for axis, m in zip(axes, (e, p, x), strict=True):
        assert axis["cmin"] == -axis["cmax"]
        assert axis["cmax"] == pytest.approx(float(np.abs(m).max()), rel=1e-5)  # its own values fill it
    assert t("emb.sum.explain.own", "en", e="", p="", scale="", pattern="")[:60] in markdown(at)


@pytest.mark.parametrize(
    ("spec", "period_of"),
    [
        (EncodingSpec(), lambda c: 2 * math.pi * 10000 ** (c / 128)),  # sine column 2i: base^(2i/d)
        (EncodingSpec(layout="split"), lambda c: 2 * math.pi * 10000 ** (2 * c / 128)),  # sine column i
        (EncodingSpec(kind="binary"), lambda c: 2.0 ** (c + 1)),  # bit c repeats every 2^(c+1)
        (EncodingSpec(max_len=4096, d_model=1024), lambda c: 2 * math.pi * 10000 ** (c / 1024)),
    ],
)
def test_wave_columns_spread_their_periods(spec: EncodingSpec, period_of: Any) -> None:
    from viz.encodings import wave_columns

    cols = wave_columns(spec)
    periods = [period_of(c) for c in cols]
    assert len(cols) == 4 and cols[0] == 0
    assert all(b >= 2.5 * a for a, b in pairwise(periods)), periods
    assert periods[-1] <= 2 * spec.max_len  # it still changes within the table
