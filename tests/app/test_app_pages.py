"""The Embedding + PE and Position similarity pages under AppTest: languages, edges, the numbers shown."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, ok, open_page
from tests.support.kinds import KINDS
from viz import encodings
from viz.encodings import EncodingKind, EncodingSpec, embedding, encode, rotation_error, similarity
from viz.figures import downsample
from viz.i18n import t
from viz.ui import widgets

EMB = "pages/embedding.py"
SIM = "pages/similarity.py"
EMB_SENTENCE = "A dog ate the food because it was hungry"  # the Embedding page's sentence when it opens
EMB_TOKENS = tuple(EMB_SENTENCE.split())
EMB_ROWS = [f"{i} · {w}" for i, w in enumerate(EMB_TOKENS)]


pytestmark = pytest.mark.usefixtures("fresh_caches")


def specs(at: AppTest) -> list[dict[str, Any]]:
    return [json.loads(c.proto.spec) for c in charts(at)]


def chart(at: AppTest, title: str) -> dict[str, Any]:
    """The chart whose title is ``title`` (exactly one must match)."""
    found = [s for s in specs(at) if s["layout"].get("title", {}).get("text") == title]
    assert len(found) == 1, [s["layout"].get("title", {}).get("text") for s in specs(at)]
    return found[0]


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [w.value for w in at.warning]
    parts += [i.value for i in at.info] + [m.label for m in at.metric] + [str(m.value) for m in at.metric]
    return "\n".join(str(p) for p in parts)


# ---- position similarity -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_similarity_page_runs_in_both_languages(lang: str) -> None:
    at = open_page(SIM, lang=lang)
    assert at.title[0].value == t("sim.title", lang)
    assert at.slider(key="sim_p").value == 50  # the notes' classroom example
    name = t("encodings.kind.sinusoidal", lang)
    row = chart(at, t("sim.row.chart", lang, name=name, p=50))
    assert row["layout"]["yaxis"]["title"]["text"] == t("sim.measure.dot", lang)
    assert t("sim.row.explain.dot", lang, p=50, half="64") in texts(at)


def test_the_dot_curve_is_the_table_row_and_peaks_at_p() -> None:
    at = open_page(SIM)
    pe = encode(EncodingSpec())
    for p in (50, 0, 99, 17):
        at.slider(key="sim_p").set_value(p).run()
        ok(at)
        y = decode(
            chart(at, t("sim.row.chart", "en", name=t("encodings.kind.sinusoidal", "en"), p=p))["data"][0][
                "y"
            ]
        )
        np.testing.assert_allclose(y, pe @ pe[p], rtol=1e-5, atol=1e-4)
        assert int(np.argmax(y)) == p
        np.testing.assert_allclose(y[p], 64.0, rtol=1e-6)  # d_model / 2


@pytest.mark.parametrize("measure", ["cosine", "distance"])
def test_measures_switch(measure: str) -> None:
    at = open_page(SIM)
    at.radio(key=widgets.choice_key("sim_measure", "en")).set_value(measure).run()
    ok(at)
    pe = encode(EncodingSpec())
    y = decode(
        chart(at, t("sim.row.chart", "en", name=t("encodings.kind.sinusoidal", "en"), p=50))["data"][0]["y"]
    )
    if measure == "cosine":
        expected = pe @ pe[50] / (np.linalg.norm(pe, axis=1) * np.linalg.norm(pe[50]))
    else:
        expected = np.linalg.norm(pe - pe[50], axis=1)
    np.testing.assert_allclose(y, expected, atol=1e-3)
    assert t(f"sim.row.explain.{measure}", "en", p=50, half="64") in texts(at)


def test_compared_encoding_gets_the_same_charts_and_binary_scatters() -> None:
    at = open_page(SIM)
    binary = t("encodings.kind.binary", "en")
    assert chart(at, t("sim.row.chart", "en", name=binary, p=50))
    assert chart(at, t("sim.matrix.chart", "en", name=binary))
    offsets = chart(at, t("sim.offset.chart", "en", name=binary))
    sine = chart(at, t("sim.offset.chart", "en", name=t("encodings.kind.sinusoidal", "en")))
    # The sine's points sit on the formula curve; binary's do not fall on one curve.
    spreads = [c.value for c in at.caption if "spread" in c.value]
    assert len(spreads) == 2
    assert float(spreads[0].split(": ")[1].split(" ")[0]) < 1e-9
    assert float(spreads[1].split(": ")[1].split(" ")[0]) > 0.1
    assert len(sine["data"]) == 2 and len(offsets["data"]) == 1  # formula curve only where one exists
    k = decode(sine["data"][1]["x"])
    np.testing.assert_allclose(
        decode(sine["data"][1]["y"]), similarity.sinusoid_dot_by_offset(k, 128), rtol=1e-5, atol=1e-4
    )


def test_choosing_the_same_encoding_twice_shows_one_column() -> None:
    at = open_page(SIM)
    at.selectbox(key=widgets.choice_key("sim_compare", "en")).set_value("sinusoidal").run()
    ok(at)
    titles = [s["layout"]["title"]["text"] for s in specs(at)]
    assert not any(t("encodings.kind.binary", "en") in x for x in titles)


@pytest.mark.parametrize("kind", KINDS)
def test_every_encoding_on_the_similarity_page(kind: EncodingKind) -> None:
    at = open_page(SIM)
    at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value(kind).run()
    ok(at)
    for measure in ("cosine", "distance"):
        at.radio(key=widgets.choice_key("sim_measure", "en")).set_value(measure).run()
        ok(at)
        # the offset chart draws one point per occupied pixel of all the pairs, and says how many
        name = t(f"encodings.kind.{kind}", "en")
        points = chart(at, t("sim.offset.chart", "en", name=name))["data"][0]
        x, y = decode(points["x"]), decode(points["y"])
        # the page compares with binary at one size: a trained table's width when it is one
        max_len, d_model = encodings.shared_size([kind, "binary"], 100, 128)
        table = encode(EncodingSpec(kind=kind, max_len=max_len, d_model=d_model))
        pairs = similarity.by_offset(table, downsample.stride(100, similarity.OFFSET_GRID).idx, measure)
        kept = similarity.drawn_points(pairs.offsets, pairs.values)
        np.testing.assert_array_equal(x, pairs.offsets[kept])
        np.testing.assert_allclose(y, pairs.values[kept], rtol=1e-6)
        drawn = t("sim.offset.drawn", "en", pairs=f"{pairs.values.size:,}", points=f"{kept.size:,}")
        assert drawn in texts(at)


def test_rotation_section_reports_the_live_error_and_the_block() -> None:
    at = open_page(SIM)
    at.slider(key="sim_k").set_value(7).run()
    at.slider(key="sim_pair").set_value(3).run()
    ok(at)
    err = rotation_error(7, 100, 128)
    metric = [m for m in at.metric if m.label == t("sim.rot.error", "en", n=100)]
    assert metric and metric[0].value == f"{err.paired:.2e}"
    assert err.paired < 1e-9
    block = decode(chart(at, t("sim.rot.block", "en", pair=3))["data"][0]["z"])
    theta = 7 * 10000.0 ** (-6 / 128)
    np.testing.assert_allclose(
        block, [[np.cos(theta), np.sin(theta)], [-np.sin(theta), np.cos(theta)]], atol=1e-6
    )
    orbit = chart(at, t("sim.orbit.chart", "en", pair=3))
    moved, target = orbit["data"][2], orbit["data"][3]
    np.testing.assert_allclose(decode(moved["x"]), decode(target["x"]), atol=1e-9)
    np.testing.assert_allclose(decode(moved["y"]), decode(target["y"]), atol=1e-9)


def test_odd_d_model_explains_the_lone_column() -> None:
    at = open_page(SIM, d_model="7")
    at.slider(key="sim_k").set_value(5).run()
    ok(at)
    err = rotation_error(5, 100, 7)
    assert err.lone is not None
    lone = [m for m in at.metric if m.label == t("sim.rot.lone", "en", col=6)]
    assert lone and lone[0].value == f"{err.lone:.2e}"
    assert t("sim.rot.odd", "en", col=6) in texts(at)
    assert at.slider(key="sim_pair").max == 2  # three pairs: 0, 1, 2


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_similarity_with_one_position(lang: str) -> None:
    at = open_page(SIM, max_len="1", lang=lang)
    assert t("sim.one_position", lang) in texts(at)
    assert t("sim.steps.none", lang) in texts(at)


def test_similarity_p_is_clamped_when_max_len_shrinks() -> None:
    at = open_page(SIM)
    at.slider(key="sim_p").set_value(99).run()
    at.sidebar.slider(key="max_len").set_value(30).run()
    ok(at)
    assert at.slider(key="sim_p").value == 29


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_similarity_at_the_largest_size(lang: str) -> None:
    at = open_page(SIM, max_len="4096", d_model="1024", lang=lang)
    at.slider(key="sim_p").set_value(4095).run()
    at.slider(key="sim_k").set_value(4095).run()
    ok(at)
    for c in charts(at):
        assert len(c.proto.spec) < 1_500_000
    assert t(
        "sim.strided", lang, shown=downsample.stride(4096, similarity.MATRIX_GRID).shown, max_len=4096
    ) in texts(at)


# ---- embedding + PE ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_embedding_page_runs_in_both_languages(lang: str) -> None:
    at = open_page(EMB, lang=lang)
    assert at.title[0].value == t("emb.title", lang)
    assert at.text_input(key="emb_text").value == EMB_SENTENCE
    panels = chart(at, t("emb.sum.chart.own", lang, scale=f"{np.sqrt(128):.3g}"))
    assert all(p["y"] == EMB_ROWS for p in panels["data"])


def test_panels_show_e_p_and_their_sum_on_one_scale() -> None:
    at = open_page(EMB)
    at.radio(key=widgets.choice_key("emb_colour", "en")).set_value("shared").run()
    ok(at)
    panels = chart(at, t("emb.sum.chart", "en", scale=f"{np.sqrt(128):.3g}"))
    e, p, x = (decode(d["z"]) for d in panels["data"])
    n = len(EMB_TOKENS)
    np.testing.assert_allclose(e, np.sqrt(128) * embedding.token_vectors(EMB_TOKENS, 128), atol=1e-5)
    np.testing.assert_allclose(p, encode(EncodingSpec())[:n], atol=1e-6)
    np.testing.assert_allclose(x, e + p, atol=1e-5)
    assert all(d["coloraxis"] == "coloraxis" for d in panels["data"])
    axis = panels["layout"]["coloraxis"]
    assert axis["cmin"] == -axis["cmax"] and axis["cmax"] >= np.abs(x).max() - 1e-5
    assert t("emb.sum.explain", "en", e="", p="", scale="")[:60] in texts(at)


def test_scale_control_changes_the_numbers() -> None:
    at = open_page(EMB)
    at.radio(key=widgets.choice_key("emb_scale_mode", "en")).set_value("one").run()
    ok(at)
    panels = chart(at, t("emb.sum.chart.own", "en", scale="1"))
    e = decode(panels["data"][0]["z"])
    np.testing.assert_allclose(e, embedding.token_vectors(EMB_TOKENS, 128), atol=1e-6)
    at.radio(key=widgets.choice_key("emb_scale_mode", "en")).set_value("custom").run()
    at.select_slider(key="emb_scale_value").set_value(32.0).run()
    ok(at)
    change = chart(at, t("emb.change.title", "en", scale="32"))
    cos_add = decode(change["data"][0]["y"])
    e32 = 32 * embedding.token_vectors(EMB_TOKENS, 128)
    pe = encode(EncodingSpec())[: len(EMB_TOKENS)]
    expected = np.sum(e32 * (e32 + pe), axis=1) / (
        np.linalg.norm(e32, axis=1) * np.linalg.norm(e32 + pe, axis=1)
    )
    np.testing.assert_allclose(cos_add, expected, atol=1e-5)
    ratio = decode(change["data"][2]["y"])
    np.testing.assert_allclose(ratio, np.linalg.norm(pe, axis=1) / np.linalg.norm(e32, axis=1), rtol=1e-5)


def test_cost_table_compares_widths() -> None:
    at = open_page(EMB, d_model="64")
    table = at.table[0].value
    assert list(table.iloc[:, 1]) == ["64", "128"]


def test_korean_sentence_and_hostile_text() -> None:
    at = open_page(EMB, lang="ko")
    at.text_input(key="emb_text").set_value("나는 학생 입니다").run()
    ok(at)
    panels = chart(at, t("emb.sum.chart.own", "ko", scale=f"{np.sqrt(128):.3g}"))
    assert panels["data"][0]["y"] == ["0 · 나는", "1 · 학생", "2 · 입니다"]
    at.text_input(key="emb_text").set_value("<b>x</b> <img src=x onerror=alert(1)>").run()
    ok(at)
    labels = chart(at, t("emb.sum.chart.own", "ko", scale=f"{np.sqrt(128):.3g}"))["data"][0]["y"]
    assert all("<" not in label for label in labels)  # escaped for Plotly
    assert "&lt;" in labels[0]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_empty_and_overlong_text_get_a_message(lang: str) -> None:
    at = open_page(EMB, lang=lang)
    at.text_input(key="emb_text").set_value("   ").run()
    ok(at)
    assert t("emb.empty", lang) in texts(at)
    assert at.metric  # the word-order section still works
    at.text_input(key="emb_text").set_value("word " * 300).run()  # the box keeps MAX_CHARS of it
    ok(at)
    read = len(embedding.tokenize("word " * 300).tokens) + embedding.tokenize("word " * 300).tokens_cut
    assert t("emb.cut.tokens", lang, limit=48, cut=read - 48, why="") in texts(at)


def test_word_order_is_measured() -> None:
    at = open_page(EMB)
    values = {m.label: m.value for m in at.metric}
    assert values[t("emb.order.plain", "en")] == "0"
    assert float(values[t("emb.order.with_pe", "en")]) > 1
    bars = chart(at, t("emb.order.chart", "en"))
    plain, with_pe = decode(bars["data"][0]["y"]), decode(bars["data"][1]["y"])
    assert np.all(plain == 0)
    moved = with_pe > 1e-6
    assert list(moved) == [False, True, False, False, True]  # cat and mouse
    at.text_input(key="emb_order_b").set_value("The dog chased the cat").run()
    ok(at)
    assert t("emb.order.not_perm", "en") in texts(at)
    at.text_input(key="emb_order_b").set_value("cat").run()
    ok(at)
    assert {m.label: m.value for m in at.metric}[t("emb.order.plain", "en")] == "—"


def test_segments_section_builds_the_bert_input() -> None:
    at = open_page(EMB)
    seg = chart(at, t("emb.seg.chart", "en"))
    labels = seg["data"][0]["y"]
    a = len(EMB_TOKENS) + 2  # [CLS] A [SEP]; then B = "The cat chased the mouse" [SEP]
    assert labels[0] == "0 · [CLS] (A)" and labels[a - 1] == f"{a - 1} · [SEP] (A)"
    assert labels[-1] == f"{a + 5} · [SEP] (B)"
    s = decode(seg["data"][2]["z"])
    assert np.allclose(s[:a], s[0]) and np.allclose(s[a:], s[a]) and not np.allclose(s[0], s[a])
    total = decode(seg["data"][3]["z"])
    np.testing.assert_allclose(total, sum(decode(seg["data"][i]["z"]) for i in range(3)), atol=1e-4)


@pytest.mark.parametrize("kind", KINDS)
def test_every_encoding_on_the_embedding_page(kind: EncodingKind) -> None:
    at = open_page(EMB)
    at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value(kind).run()
    ok(at)
    spec = encodings.fit(EncodingSpec(kind))  # E is drawn at a trained table's width (MiniLM: 384)
    panels = chart(at, t("emb.sum.chart.own", "en", scale=f"{np.sqrt(spec.d_model):.3g}"))
    p_panel = decode(panels["data"][1]["z"])
    shown = [int(c) for c in panels["data"][1]["x"]]
    np.testing.assert_allclose(p_panel, encode(spec)[: len(EMB_TOKENS)][:, shown], atol=1e-6)


@pytest.mark.parametrize(
    "query",
    [
        {"max_len": "1"},
        {"d_model": "3"},
        {"d_model": "2", "max_len": "2"},
        {"d_model": "1024", "max_len": "4096"},
    ],
)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_embedding_page_at_the_edges(query: dict[str, str], lang: str) -> None:
    at = open_page(EMB, lang=lang, **query)
    for c in charts(at):
        assert len(c.proto.spec) < 1_000_000
    if query.get("max_len") == "1":
        assert t("emb.cut.why_len", lang, max_len=1).strip() in texts(at)


def test_encoding_choice_is_shared_with_the_pe_page() -> None:
    at = open_page(EMB)
    at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value("binary").run()
    ok(at.switch_page(SIM).run())
    assert at.selectbox(key=widgets.choice_key("pe_kind", "en")).value == "binary"


def test_split_layout_chosen_on_the_pe_page_carries_over() -> None:
    at = open_page("pages/positional_encoding.py")
    at.radio(key=widgets.choice_key("pe_layout", "en")).set_value("split").run()
    ok(at.switch_page(EMB).run())
    assert t("emb.layout", "en") in texts(at)
    panels = chart(at, t("emb.sum.chart.own", "en", scale=f"{np.sqrt(128):.3g}"))
    np.testing.assert_allclose(
        decode(panels["data"][1]["z"]), encode(EncodingSpec(layout="split"))[: len(EMB_TOKENS)], atol=1e-6
    )
    ok(at.switch_page(SIM).run())
    assert t("sim.layout", "en") in texts(at)


def test_word_moves_are_plain_text() -> None:
    at = open_page(EMB)
    at.text_input(key="emb_order_a").set_value("$x$ cat [a](http://e) mouse").run()
    at.text_input(key="emb_order_b").set_value("mouse cat [a](http://e) $x$").run()
    ok(at)
    moves = [e.value for e in at.text if t("emb.order.moves", "en", moves="")[:10] in e.value]
    assert moves and "$ 0→" in moves[0]
