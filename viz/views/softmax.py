"""The Softmax page's cached computations."""

from __future__ import annotations

import numpy as np

from viz import softmax
from viz.budget import cached
from viz.memo import memoized


@cached(max_entries=32)
def variance_argument(d_k: int, n: int, seed: int) -> softmax.VarianceArgument:
    """Cached :func:`viz.softmax.variance_argument` (only the bins and the curves are kept)."""
    return softmax.variance_argument(d_k, n, seed)


@cached(max_entries=16)
def variance_sweep(n: int, seed: int) -> softmax.VarianceSweep:
    """Cached :func:`viz.softmax.variance_sweep`: measured once per sample size and seed."""
    return softmax.variance_sweep(n, seed)


def score_rows_by_dk(n_keys: int, seed: int) -> dict[int, np.ndarray]:
    """Raw score rows at every d_k of the sweep grid (the temperature is applied afterwards), from the
    same cache as :func:`score_rows`, so the current d_k's rows are drawn once when it is on the grid."""
    return {d: score_rows(d, n_keys, seed) for d in softmax.DK_GRID}


@memoized
def row_sweep(n_keys: int, seed: int, temperature: float) -> softmax.RowSweep:
    """:func:`viz.softmax.row_sweep` over :func:`score_rows_by_dk`, kept for every session: the softmax
    page asks for it on every rerun, and its inputs are a few numbers."""
    return softmax.row_sweep(score_rows_by_dk(n_keys, seed), temperature)


@cached(max_entries=64)
def score_rows(d_k: int, n_keys: int, seed: int) -> np.ndarray:
    """Cached SWEEP_ROWS rows of raw scores at one d_k (up to 7M draws at d_k = 1024, 16 keys)."""
    return softmax.score_rows(d_k, n_keys, softmax.SWEEP_ROWS, seed)
