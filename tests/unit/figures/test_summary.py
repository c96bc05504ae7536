"""A chart's text alternative (viz.figures.summary): what it names is what NumPy finds in the figure's
data, on known figures built by the app's own builders, in English and Korean."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pytest

from viz import figures
from viz.figures import summary as s
from viz.i18n import t


def expected_cells(z: np.ndarray) -> tuple[tuple[int, int], tuple[int, int]]:
    """(row, column) of the largest and smallest finite cell, by a plain Python scan."""
    cells = [(float(v), (r, c)) for (r, c), v in np.ndenumerate(z) if np.isfinite(v)]
    return max(cells)[1], min(cells)[1]


def test_a_heatmap_names_its_largest_and_smallest_cell_with_their_labels() -> None:
    rng = np.random.default_rng(3)
    z = rng.standard_normal((7, 9)).astype(np.float32)
    rows = [f"r{i}" for i in range(7)]
    cols = [f"c{j}" for j in range(9)]
    fig = figures.heatmap(z, y_labels=rows, x_labels=cols, title="Scores")
    (hr, hc), (lr, lc) = expected_cells(z)
    hi, lo = s.extremes(z, cols, rows) or pytest.fail("no cells")
    assert (hi.row, hi.col, lo.row, lo.col) == (rows[hr], cols[hc], rows[lr], cols[lc])
    assert hi.value == pytest.approx(float(z.max())) and lo.value == pytest.approx(float(z.min()))
    text = s.summary(fig, "en", t)
    assert text.startswith("Scores. ")
    assert f"largest {s.number(float(z[hr, hc]))} at row 'r{hr}', column 'c{hc}'" in text
    assert f"smallest {s.number(float(z[lr, lc]))} at row 'r{lr}', column 'c{lc}'" in text
    ko = s.summary(fig, "ko", t)
    assert f"가장 큰 값 {s.number(float(z[hr, hc]))}(행 'r{hr}', 열 'c{hc}')" in ko


def test_the_example_of_the_issue_reads_as_a_student_says_it() -> None:
    z = np.array([[0.1, 0.41, 0.2], [0.3, 0.05, 0.25]], dtype=np.float32)
    fig = figures.heatmap(z, y_labels=["it", "ran"], x_labels=["the", "dog", "."], title="Weights")
    assert s.summary(fig, "en", t) == (
        "Weights. largest 0.41 at row 'it', column 'dog'; smallest 0.05 at row 'ran', column 'dog'"
    )


def test_gaps_are_left_out_and_a_heatmap_without_numbers_says_nothing_drawn() -> None:
    z = np.array([[np.nan, -5.0], [2.0, np.nan]])
    hi, lo = s.extremes(z) or pytest.fail("no cells")
    assert (hi.value, hi.row, hi.col) == (2.0, "1", "0")
    assert (lo.value, lo.row, lo.col) == (-5.0, "0", "1")
    assert s.extremes(np.full((2, 2), np.nan)) is None
    empty = go.Figure(go.Heatmap(z=np.full((2, 2), np.nan)), layout={"title": {"text": "T"}})
    assert s.summary(empty, "en", t) == "T. " + t("ui.chart.summary.none", "en")


def test_a_large_heatmap_matches_numpy_argmax() -> None:
    rng = np.random.default_rng(0)
    z = rng.random((4096, 1024), dtype=np.float32)
    hi, lo = s.extremes(z) or pytest.fail("no cells")
    r, c = np.unravel_index(int(np.argmax(z)), z.shape)
    assert (hi.row, hi.col, hi.value) == (str(r), str(c), float(z[r, c]))
    r, c = np.unravel_index(int(np.argmin(z)), z.shape)
    assert (lo.row, lo.col, lo.value) == (str(r), str(c), float(z[r, c]))


def test_lines_give_each_traces_range_and_where_it_peaks() -> None:
    x = np.arange(0, 64)
    sin = np.sin(x / 5.0)
    ramp = 0.5 * x - 3.0
    fig = figures.lines(x, {"sin": sin, "ramp": ramp}, title="Waves", x_title="position")
    peak = int(x[np.argmax(sin)])
    text = s.summary(fig, "en", t)
    assert text.startswith("Waves. ")
    want_sin = (
        f"sin: from {s.number(float(sin.min()))} to {s.number(float(sin.max()))}, highest at position {peak}"
    )
    assert want_sin in text
    assert "ramp: from -3 to 28.5, highest at position 63" in text
    lo, hi = s.number(float(sin.min())), s.number(float(sin.max()))
    assert f"sin: {lo}부터 {hi}까지, position {peak}에서 가장 큼" in s.summary(fig, "ko", t)


def test_a_level_line_says_so() -> None:
    fig = figures.lines(np.arange(5), {"one": np.ones(5)}, title="Level")
    assert s.summary(fig, "en", t) == "Level. one: 1 throughout"


def test_bars_give_the_largest_and_smallest_bar() -> None:
    labels = ["a", "b", "c", "d"]
    values = np.array([0.5, 0.9, 0.7, 0.6])
    fig = figures.grouped_bars(labels, {"cos": values}, title="Cosines")
    i, j = int(np.argmax(values)), int(np.argmin(values))
    assert (
        s.summary(fig, "en", t)
        == f"Cosines. cos: largest bar '{labels[i]}' (0.9), smallest bar '{labels[j]}' (0.5)"
    )
    flat = go.Figure(go.Bar(x=[3.0, 1.0], y=["p", "q"], orientation="h"))
    assert s.parts(flat, "en", t) == ["largest bar 'p' (3), smallest bar 'q' (1)"]


def test_many_traces_are_counted_after_the_first_few() -> None:
    x = np.arange(3)
    ys = {f"d{i}": x * (i + 1.0) for i in range(s.MAX_PARTS + 3)}
    text = s.summary(figures.lines(x, ys, title="Dims"), "en", t)
    assert text.count("highest at") == s.MAX_PARTS
    assert text.endswith(t("ui.chart.summary.more", "en", n=3))


def test_a_grids_panels_are_named_and_an_underlay_is_skipped() -> None:
    maps = np.stack([np.eye(3), 2 * np.eye(3)]).astype(np.float32)
    labels = ["x", "y", "z"]
    fig = figures.heads_grid(maps, titles=["head 1", "head 2"], x_labels=labels, y_labels=labels, cols=2)
    found = s.parts(fig, "en", t)
    assert found[0].startswith("head 1: largest 1 at row 'x', column 'x'")
    assert found[1].startswith("head 2: largest 2 at row 'x', column 'x'")
    under = go.Figure([go.Heatmap(z=[[9.0, 9.0]]), go.Heatmap(z=[[1.0, 2.0]])])
    assert s.parts(under, "en", t) == [
        t(
            "ui.chart.summary.heatmap",
            "en",
            hi=2,
            hi_row="'0'",
            hi_col="'1'",
            lo=1,
            lo_row="'0'",
            lo_col="'0'",
        )
    ]


def test_the_figure_is_not_changed() -> None:
    fig = figures.heatmap(np.arange(6, dtype=np.float32).reshape(2, 3), title="A")
    before = fig.to_json()
    s.summary(fig, "en", t)
    assert fig.to_json() == before


def test_labels_written_for_plotly_read_as_plain_text() -> None:
    fig = go.Figure(go.Bar(x=["&lt;b&gt;", "b"], y=[2.0, 1.0]), layout={"title": {"text": "<b>T</b>"}})
    assert s.summary(fig, "en", t) == "T. largest bar '<b>' (2), smallest bar 'b' (1)"
