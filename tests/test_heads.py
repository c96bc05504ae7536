"""viz.heads (the page's small sums) and the figure builders of the Attention heads page."""

from __future__ import annotations

import numpy as np
import pytest

from viz import figures, heads


def test_average_keeps_rows_summing_to_one() -> None:
    rng = np.random.default_rng(0)
    maps = rng.random((4, 5, 5))
    maps /= maps.sum(axis=-1, keepdims=True)
    avg = heads.average(maps)
    np.testing.assert_allclose(avg, (maps[0] + maps[1] + maps[2] + maps[3]) / 4)
    np.testing.assert_allclose(avg.sum(axis=1), 1.0)


@pytest.mark.parametrize(
    ("n_heads", "first", "limit", "expected"),
    [
        (8, 1, 16, range(8)),
        (64, 1, 16, range(16)),
        (64, 49, 16, range(48, 64)),
        (64, 60, 16, range(48, 64)),  # clamped so the window stays full
        (64, 0, 16, range(16)),
        (17, 2, 16, range(1, 17)),
    ],
)
def test_grid_window(n_heads: int, first: int, limit: int, expected: range) -> None:
    assert heads.grid(n_heads, first, limit) == expected
    assert heads.last_first(n_heads, limit) == max(n_heads - limit + 1, 1)


def test_small_helpers() -> None:
    assert heads.correct(np.array([1, 2, 3, 4]), np.array([1, 0, 3, 0])) == 2
    assert heads.share(128, 3) == "42.67"
    assert heads.fraction(25, 100) == 0.25 and heads.fraction(150, 100) == 1.0 and heads.fraction(1, 0) == 1.0
    assert heads.padded(("I", "am"), 4) == ("I", "am", heads.PAD, heads.PAD)
    assert heads.padded(("a", "b", "c"), 2) == ("a", "b", "c")
    assert heads.pad_count(("I",), 3) == 2 and heads.pad_count(("a", "b"), 1) == 0
    floored = heads.log_floor(np.array([0.0, 1e-3, 2.0]))
    assert floored[0] > 0 and floored[1] == 1e-3 and floored[2] == 2.0


@pytest.mark.parametrize(
    ("d_model", "heads_n", "head"),
    [(128, 8, 2), (1024, 16, 15), (12, 3, 0), (1024, 256, 1), (1024, 1024, 1023)],
)
def test_step_view_strides_wide_matrices_and_finds_the_head_block(
    d_model: int, heads_n: int, head: int
) -> None:
    d_k = d_model // heads_n
    t = 5
    rng = np.random.default_rng(1)
    concat, w_o = rng.normal(size=(t, d_model)), rng.normal(size=(d_model, d_model))
    out = concat @ w_o
    view = heads.step_view(concat, w_o, out, (head * d_k, (head + 1) * d_k), d_k)
    shown = view.concat.shape[1]
    assert shown <= heads.WIDE_COLUMNS and view.w_o.shape == (shown, shown) and view.out.shape == (t, shown)
    step = int(view.concat_dims[1]) if shown > 1 else 1
    assert view.strided is (step > 1)
    np.testing.assert_array_equal(view.concat, concat[:, ::step])
    np.testing.assert_array_equal(view.w_o, w_o[::step, ::step])
    lo, hi = view.head_block
    cols = [int(c) for c in view.concat_dims[lo:hi]]
    assert hi - lo >= 1  # never an empty outline
    if d_k >= step:  # the head holds shown columns: the outline covers those and only those
        assert all(head * d_k <= c < (head + 1) * d_k for c in cols)
    else:  # narrower than the stride: the nearest shown column
        assert len(cols) == 1 and abs(cols[0] - head * d_k) < step
    assert view.columns(rng.normal(size=(t, d_k))).shape == (t, min(d_k, heads.SHOWN_COLUMNS))
    assert view.cut is (d_k > heads.SHOWN_COLUMNS)


def test_number_text_writes_minus_infinity() -> None:
    text = figures.number_text(np.array([[1.234, -np.inf], [0.0, -2.5]]))
    assert text.tolist() == [["1.23", "−∞"], ["0.00", "-2.50"]]


def test_heads_grid_one_trace_per_head_on_one_scale() -> None:
    maps = np.random.default_rng(2).random((6, 3, 3))
    fig = figures.heads_grid(
        maps,
        titles=[f"h{i}" for i in range(6)],
        x_labels=["<a>", "b", "c"],
        y_labels=["<a>", "b", "c"],
        cols=4,
    )
    assert len(fig.data) == 6
    assert all(tr.coloraxis == "coloraxis" for tr in fig.data)
    assert fig.layout.coloraxis.cmin == 0.0 and fig.layout.coloraxis.cmax == 1.0
    assert tuple(fig.data[0].y) == ("&lt;a&gt;", "b", "c")  # labels escaped
    np.testing.assert_array_equal(np.asarray(fig.data[5].z), maps[5].astype(np.float32))
    assert [a.text for a in fig.layout.annotations] == [f"h{i}" for i in range(6)]


def test_matrix_draws_masked_cells_grey_under_the_values() -> None:
    z = np.array([[1.0, -np.inf], [0.5, 2.0]])
    fig = figures.matrix(
        z, x_labels=["a", "b"], y_labels=["a", "b"], text=figures.number_text(z), highlight=(0, 1)
    )
    assert len(fig.data) == 2
    grey, values = np.asarray(fig.data[0].z, dtype=float), np.asarray(fig.data[1].z, dtype=float)
    np.testing.assert_array_equal(np.isfinite(grey), z == -np.inf)
    np.testing.assert_array_equal(np.isnan(values), z == -np.inf)
    assert fig.layout.shapes[0].x0 == -0.5 and fig.layout.shapes[0].x1 == 0.5
    plain = figures.matrix(np.ones((2, 2)), x_labels=["a", "b"], y_labels=["a", "b"])
    assert len(plain.data) == 1
