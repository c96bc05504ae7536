"""Attention as lines between words (viz.figures.flow): every drawn line is one query-key pair of one head
with the head's weight as its opacity, the faint ones and only they are left out, a word alone shows only
its lines, and a visitor's words are escaped."""

from __future__ import annotations

import html

import numpy as np
import plotly.graph_objects as go
import pytest

from viz import figures
from viz.figures import flow
from viz.figures import summary as s
from viz.i18n import t


def weights(heads: int, n: int, seed: int = 0, sharp: float = 3.0) -> np.ndarray:
    """Softmax rows of random scores: (heads, n, n), each row summing to 1."""
    x = np.random.default_rng(seed).standard_normal((heads, n, n)) * sharp
    e = np.exp(x - x.max(-1, keepdims=True))
    return (e / e.sum(-1, keepdims=True)).astype(np.float32)


WORDS = ["0 · The", "1 · cat", "2 · sat", "3 · <b>on</b>", "4 · the", "5 · mat"]
HEADS = ["head 1", "head 2", "head 3"]


def lines(w: np.ndarray, labels: list[str] = WORDS, focus: int | None = None) -> go.Figure:
    return figures.attention_lines(
        w, labels, HEADS[: w.shape[0]], title="Layer 1", query_title="query", key_title="key", focus=focus
    )


def test_every_line_is_a_pair_drawn_at_its_weights_opacity_and_only_faint_pairs_are_left_out() -> None:
    w = weights(3, 6)
    fig = lines(w)
    drawn = flow.drawn_weights(fig)
    expected = {(h, q, k) for h, q, k in np.ndindex(w.shape) if w[h, q, k] >= flow.MIN_WEIGHT}
    assert set(drawn) == expected
    for (h, q, k), weight in drawn.items():
        assert weight == pytest.approx(float(w[h, q, k]), abs=1e-6)
    assert 0 < len(expected) < w.size  # some pairs are faint, some are not: both sides are tested
    # each shape: one head's lines of one opacity level, a segment from each query's row on the left to
    # its key's row on the right
    listed = fig.layout.meta["lines"]["shapes"]
    assert len(listed) == len(fig.layout.shapes) and sum(map(len, listed)) == len(drawn) == flow.line_count(
        fig
    )
    for shape, found in zip(fig.layout.shapes, listed, strict=True):
        heads = {h for h, _, _, _ in found}
        assert len(heads) == 1 and shape.line.color == flow.HEAD_COLORS[found[0][0]]
        assert shape.legendgroup == f"h{found[0][0]}" and (shape.xref, shape.yref) == ("x", "y")
        assert {flow.level(weight) for _, _, _, weight in found} == {shape.opacity}
        assert shape.path == "".join(f"M0,{q}L1,{k}" for _, q, k, _ in found)
    meta = dict(fig.layout.meta["lines"])
    del meta["shapes"]
    assert meta == {"threshold": flow.MIN_WEIGHT, "heads": 3, "tokens": 6, "focus": None}


def test_a_lines_opacity_is_its_weight_to_a_tenth_never_invisible() -> None:
    assert [flow.level(w) for w in (0.02, 0.049, 0.05, 0.14, 0.15, 0.5, 0.96, 1.0)] == [
        0.05, 0.05, 0.1, 0.1, 0.2, 0.5, 1.0, 1.0,
    ]  # fmt: skip


def test_one_word_alone_draws_only_the_lines_it_sends() -> None:
    w = weights(3, 6, seed=1)
    fig = lines(w, focus=4)
    drawn = flow.drawn_weights(fig)
    assert drawn and {q for _, q, _ in drawn} == {4}
    assert set(drawn) == {(h, 4, k) for h in range(3) for k in range(6) if w[h, 4, k] >= flow.MIN_WEIGHT}


def test_the_threshold_rises_to_keep_the_strongest_lines_when_there_are_too_many() -> None:
    w = weights(9, 32, seed=2, sharp=0.5)  # nearly flat rows: almost every pair passes 2 %
    assert int((w >= flow.MIN_WEIGHT).sum()) > flow.MAX_LINES
    floor = flow.threshold(w)
    assert floor > flow.MIN_WEIGHT
    drawn = flow.drawn_weights(lines(w, labels=[str(i) for i in range(32)]))
    assert len(drawn) == int((w >= floor).sum()) <= flow.MAX_LINES + 2  # ties at the floor all kept
    strongest = np.sort(w.ravel())[::-1][: len(drawn)]
    assert sorted(drawn.values(), reverse=True) == pytest.approx(strongest.tolist(), abs=1e-6)
    assert flow.threshold(w, most=10) == pytest.approx(float(np.sort(w.ravel())[::-1][9]))


def test_the_words_stand_in_two_columns_with_hovers_naming_what_each_head_reads_most() -> None:
    w = weights(2, 6, seed=3)
    fig = lines(w)
    left, right = (next(tr for tr in fig.data if tr.meta == side) for side in ("query", "key"))
    assert (left.meta, right.meta) == ("query", "key")
    assert set(left.x) == {flow.LEFT_X} and set(right.x) == {flow.RIGHT_X}
    assert list(left.y) == list(range(6)) and fig.layout.yaxis.range == (5.5, -0.5)  # first word on top
    for q in range(6):
        for h in range(2):
            k = int(w[h, q].argmax())
            assert (
                f"head {h + 1} → {html.escape(WORDS[k], quote=False)}  {w[h, q, k]:.3f}" in left.hovertext[q]
            )
    for k in range(6):
        q = int(w[0, :, k].argmax())
        assert f"head 1 ← {html.escape(WORDS[q], quote=False)}" in right.hovertext[k]
    # one legend entry per head, in the group its lines share, drawing nothing itself
    legend = [tr for tr in fig.data if tr.meta == "head"]
    assert [tr.name for tr in legend] == HEADS[:2] and [tr.legendgroup for tr in legend] == ["h0", "h1"]
    assert all(tr.x == (None,) for tr in legend)


def test_a_visitors_words_are_escaped_everywhere_they_are_shown() -> None:
    fig = lines(weights(1, 6), focus=3)
    hostile = "&lt;b&gt;on&lt;/b&gt;"
    left, right = (next(tr for tr in fig.data if tr.meta == side) for side in ("query", "key"))
    assert left.text[3] == "3 · " + hostile and "<b>on</b>" not in str(left.text)
    assert all("<b>on</b>" not in h for h in left.hovertext + right.hovertext)
    titled = figures.attention_lines(
        weights(1, 2), ["<a>", "b"], ["<i>h</i>"], title="<script>", query_title="q", key_title="k"
    )
    legend = [tr for tr in titled.data if tr.meta == "head"]
    assert titled.layout.title.text == "&lt;script&gt;" and legend[0].name == "&lt;i&gt;h&lt;/i&gt;"


def test_the_summary_names_the_number_of_lines_and_the_strongest_in_both_languages() -> None:
    w = weights(3, 6, seed=5)
    fig = lines(w)
    h, q, k = (int(i) for i in np.unravel_index(int(w.argmax()), w.shape))
    for lang in ("en", "ko"):
        strongest = t(
            "ui.chart.summary.lines",
            lang,
            n=flow.line_count(fig),
            query=WORDS[q],
            key=WORDS[k],
            head=HEADS[h],
            weight=s.number(float(w[h, q, k])),
        )
        assert s.summary(fig, lang, t) == f"Layer 1. {strongest}"


# ---- the model view: every layer's heads as small panels ---------------------------------------------------
def model(w: np.ndarray, labels: list[str] = WORDS, focus: int | None = None) -> go.Figure:
    layers, heads = w.shape[:2]
    return figures.model_lines(
        w,
        labels,
        layer_names=[f"L{i + 1}" for i in range(layers)],
        head_names=[f"H{h + 1}" for h in range(heads)],
        title="Every layer",
        focus=focus,
    )


def stacked(layers: int, heads: int, n: int, seed: int = 0) -> np.ndarray:
    return np.stack([weights(heads, n, seed + i) for i in range(layers)])


def test_the_model_view_draws_every_layer_and_heads_pairs_in_its_own_panel_in_the_heads_colour() -> None:
    w = stacked(2, 3, 6)
    fig = model(w)
    drawn = flow.drawn_weights(fig)
    expected = {(i * 3 + h, q, k) for i, h, q, k in np.ndindex(w.shape) if w[i, h, q, k] >= flow.MIN_WEIGHT}
    assert set(drawn) == expected and 0 < len(expected) < w.size
    for (p, q, k), weight in drawn.items():
        assert weight == pytest.approx(float(w[p // 3, p % 3, q, k]), abs=1e-6)
    meta = fig.layout.meta["lines"]
    panels = meta["panels"]
    # a row of panels per layer, a column per head, none overlapping: a panel is 1 wide and T - 1 tall
    step_x, step_y = 1 + flow.GAP_X, 5 + flow.GAP_Y
    assert panels == [[h * step_x, layer * step_y] for layer in range(2) for h in range(3)]
    assert (meta["layers"], meta["heads"], meta["tokens"], meta["focus"]) == (2, 3, 6, None)
    assert meta["layer_names"] == ["L1", "L2"]
    for shape, found in zip(fig.layout.shapes, meta["shapes"], strict=True):
        heads = {p % 3 for p, _, _, _ in found}
        assert len(heads) == 1 and shape.line.color == flow.HEAD_COLORS[heads.pop()]
        assert {flow.level(weight) for _, _, _, weight in found} == {shape.opacity}
        segments = []
        for p, q, k, _ in found:
            x, y = panels[p]
            segments.append(f"M{x:g},{y + q:g}L{x + 1:g},{y + k:g}")
        assert shape.path == "".join(segments) == flow.path(found, [tuple(xy) for xy in panels])
    # a word's dots on each row's left (queries) and right (keys) edge, named by their word
    dots = {tr.meta: tr for tr in fig.data if tr.meta in ("query", "key")}
    assert list(dots["query"].customdata) == list(range(6)) * 2
    assert set(dots["query"].x) == {0.0} and set(dots["key"].x) == {2 * step_x + 1}
    assert list(dots["query"].y) == [layer * step_y + i for layer in range(2) for i in range(6)]


def test_the_model_view_keeps_its_strongest_lines_when_there_are_too_many_and_a_word_alone() -> None:
    w = stacked(6, 12, 12, seed=3)  # 10,368 pairs: many pass 2 %
    fig = model(w, labels=[str(i) for i in range(12)])
    drawn = flow.drawn_weights(fig)
    floor = fig.layout.meta["lines"]["threshold"]
    assert floor > flow.MIN_WEIGHT and len(drawn) == flow.MODEL_MAX_LINES  # no ties in random floats
    flat = w.reshape(72, 12, 12)
    assert set(drawn) == {(p, q, k) for p, q, k in np.ndindex(flat.shape) if flat[p, q, k] >= floor}
    alone = flow.drawn_weights(model(w, labels=[str(i) for i in range(12)], focus=4))
    assert {q for _, q, _ in alone} == {4}
    assert set(alone) == {(p, 4, k) for p in range(72) for k in range(12) if flat[p, 4, k] >= flow.MIN_WEIGHT}


def test_the_model_views_words_and_names_are_escaped_and_its_summary_names_layer_and_head() -> None:
    w = stacked(2, 2, 6)
    fig = figures.model_lines(
        w,
        WORDS,
        layer_names=["<i>L1</i>", "L2"],
        head_names=["H1", "<b>H2</b>"],
        title="<script>x</script>",
        focus=None,
    )
    dots = next(tr for tr in fig.data if tr.meta == "query")
    assert list(dots.text) == [html.escape(word, quote=False) for word in WORDS] * 2
    assert "<b>on</b>" not in "".join(dots.hovertext) and "&lt;b&gt;on" in "".join(dots.hovertext)
    assert "&lt;script&gt;" in fig.layout.title.text
    assert [tr.name for tr in fig.data if tr.meta == "head"] == ["H1", "&lt;b&gt;H2&lt;/b&gt;"]
    notes = [a.text for a in fig.layout.annotations]
    assert "&lt;i&gt;L1&lt;/i&gt;" in notes and "<i>" not in "".join(notes)
    (p, q, k), weight = max(flow.drawn_weights(fig).items(), key=lambda item: item[1])
    layer, head = divmod(p, 2)
    said = s.summary(fig, "en", t)  # plain text (a chart's label): the names as written, unescaped
    names = ["<i>L1</i>", "L2"][layer] + " " + ["H1", "<b>H2</b>"][head]
    assert f"from {WORDS[q]} to {WORDS[k]} in {names}, weight {weight:.3f}" in said
