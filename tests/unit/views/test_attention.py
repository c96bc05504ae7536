"""The Attention heads page's display helpers (viz.views.attention, viz.views.training): progress,
log-axis floors, and the cut and strided step-by-step matrices."""

from __future__ import annotations

import numpy as np
import pytest

from viz.views import attention, training


def test_progress_fraction_and_log_floor() -> None:
    assert training.fraction(25, 100) == 0.25
    assert training.fraction(150, 100) == 1.0 and training.fraction(1, 0) == 1.0
    floored = attention.log_floor(np.array([0.0, 1e-3, 2.0]))
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
    view = attention.step_view(concat, w_o, out, (head * d_k, (head + 1) * d_k), d_k)
    shown = view.concat.shape[1]
    assert (
        shown <= attention.WIDE_COLUMNS and view.w_o.shape == (shown, shown) and view.out.shape == (t, shown)
    )
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
    assert view.columns(rng.normal(size=(t, d_k))).shape == (t, min(d_k, attention.SHOWN_COLUMNS))
    assert view.cut is (d_k > attention.SHOWN_COLUMNS)
