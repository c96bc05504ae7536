"""Softmax and the 1/√d_k scale, measured: pure NumPy, no Streamlit, no torch.

Why attention divides by √d_k: with q and k of N(0, 1) entries, q · k is a sum of d_k terms of mean 0 and
variance 1, so its variance is d_k. Softmax of scores that spread that widely puts almost all weight on
one key, and its Jacobian diag(p) − p pᵀ then goes to 0: the gradient vanishes. Dividing by √d_k brings the
variance back to 1 for every d_k. Everything here is measured by sampling, with fixed seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

# The d_k values the page offers (a slider up to 1024) and the grid the sweeps are measured on.
DK_OPTIONS: tuple[int, ...] = (
    *(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64),
    *(96, 128, 192, 256, 384, 512, 768, 1024),
)
DK_GRID: tuple[int, ...] = tuple(2**i for i in range(11))  # 1 .. 1024
SAMPLE_OPTIONS: tuple[int, ...] = (500, 1000, 2000, 5000, 10000, 20000)
DEFAULT_DK = 64  # the notes' worked example: d_k = 64, so the scores are divided by 8
DEFAULT_SAMPLES = 5000
HIST_BINS = 60  # bins of the q · k histograms, over ±4.5 standard deviations
CURVE_POINTS = 201  # points of the normal curve drawn over them
SWEEP_ROWS = 400  # rows of scores averaged per d_k in the max-probability / entropy / Jacobian sweeps
_CHUNK = 1 << 21  # floats drawn at a time, so a 20000 x 1024 sample never sits in memory twice


def softmax(scores: np.ndarray, temperature: float = 1.0, axis: int = -1) -> np.ndarray:
    """softmax(scores / temperature) along ``axis``, computed stably in float64.

    The row maximum is subtracted before ``exp``, so no finite score overflows however large. −inf means
    "no weight" (a masked key); a row of only −inf gets all-zero weights. A row with +inf entries shares
    the weight equally between them (the limit of ever larger scores). NaN is rejected.
    """
    if not np.isfinite(temperature) or temperature <= 0:
        raise ValueError(f"temperature must be a positive number, got {temperature}")
    x = np.asarray(scores, dtype=np.float64)
    if np.isnan(x).any():
        raise ValueError("scores contain NaN")
    with np.errstate(over="ignore"):  # a score past the float range becomes ±inf, handled below
        x = np.moveaxis(x, axis, -1) / temperature
    top = x.max(axis=-1, keepdims=True) if x.shape[-1] else np.zeros((*x.shape[:-1], 1))
    out = np.zeros_like(x)
    finite = np.isfinite(top[..., 0])
    if finite.any():
        with np.errstate(over="ignore"):  # 1e308 − (−1e308) is −inf: a weight of exactly 0
            e = np.exp(x[finite] - top[finite])  # exponents <= 0, so exp never overflows
        out[finite] = e / e.sum(axis=-1, keepdims=True)
    infinite = top[..., 0] == np.inf
    if infinite.any():
        hits = (x[infinite] == np.inf).astype(np.float64)
        out[infinite] = hits / hits.sum(axis=-1, keepdims=True)
    return np.moveaxis(out, -1, axis)


def entropy(p: np.ndarray, axis: int = -1) -> np.ndarray:
    """Shannon entropy −Σ p log p in nats along ``axis`` (0 · log 0 = 0). log(n) for n equal weights."""
    q = np.asarray(p, dtype=np.float64)
    logs = np.log(np.where(q > 0, q, 1.0))
    return -(q * logs).sum(axis=axis)


def jacobian(p: np.ndarray) -> np.ndarray:
    """The softmax Jacobian ∂p/∂x = diag(p) − p pᵀ for weights ``p`` of shape (..., n): (..., n, n)."""
    q = np.asarray(p, dtype=np.float64)
    eye = np.eye(q.shape[-1])
    return q[..., :, None] * eye - q[..., :, None] * q[..., None, :]


JACOBIAN_NORM_MAX = 0.5  # ‖diag(p) − p pᵀ‖_F at p = (½, ½, 0, ...), the largest over all p


def jacobian_norm(p: np.ndarray) -> np.ndarray:
    """The Frobenius norm of diag(p) − p pᵀ for each row of ``p``, without building the matrices.

    ‖J‖²_F = Σᵢ (pᵢ − pᵢ²)² + Σ_{i≠j} pᵢ² pⱼ² = Σᵢ pᵢ² − 2 Σᵢ pᵢ³ + (Σᵢ pᵢ²)². It goes to 0 as one weight
    goes to 1 (softmax saturates) and is at most JACOBIAN_NORM_MAX, reached when two keys share the weight
    equally (not when all n do: equal weights give √(n − 1)/n).
    """
    q = np.asarray(p, dtype=np.float64)
    s2 = (q * q).sum(axis=-1)
    s3 = (q * q * q).sum(axis=-1)
    return np.sqrt(np.maximum(s2 - 2.0 * s3 + s2 * s2, 0.0))


def root_text(d_k: int) -> str:
    """√d_k written out for a label: ``√64 = 8``."""
    return f"√{d_k} = {np.sqrt(d_k):.4g}"


def scale_factor(d_k: int, scaled: bool) -> float:
    """What the scores are multiplied by: 1/√d_k when ``scaled``, else 1."""
    if d_k < 1:
        raise ValueError(f"d_k must be >= 1, got {d_k}")
    return float(d_k) ** -0.5 if scaled else 1.0


# ---- the variance argument -----------------------------------------------------------------------------
def dot_samples(d_k: int, n: int, seed: int) -> np.ndarray:
    """``n`` samples of q · k with q, k ∈ R^d_k of independent N(0, 1) entries (unscaled), float64."""
    if d_k < 1 or n < 1:
        raise ValueError(f"d_k and n must be >= 1, got d_k={d_k}, n={n}")
    rng = np.random.default_rng([int(seed), int(d_k), int(n)])
    out = np.empty(n, dtype=np.float64)
    rows = max(_CHUNK // d_k, 1)
    for start in range(0, n, rows):
        stop = min(start + rows, n)
        q = rng.standard_normal((stop - start, d_k), dtype=np.float32)
        k = rng.standard_normal((stop - start, d_k), dtype=np.float32)
        out[start:stop] = np.einsum("ij,ij->i", q, k, dtype=np.float64)
    return out


def variance_error(d_k: int, n: int) -> float:
    """The standard error of the sample variance of ``n`` values of q · k.

    q · k is a sum of d_k independent terms qᵢkᵢ with variance 1 and fourth moment E[q⁴]E[k⁴] = 9, so its
    fourth central moment is 3d_k² + 6d_k and Var(sample variance) ≈ (μ₄ − σ⁴)/n = (2d_k² + 6d_k)/n.
    """
    return float(np.sqrt((2.0 * d_k * d_k + 6.0 * d_k) / n))


@dataclass(frozen=True)
class Histogram:
    """A density histogram of samples with the normal density it should follow."""

    centers: np.ndarray
    density: np.ndarray
    counts: np.ndarray  # samples per bin: density = counts / (samples * width)
    width: float
    curve_x: np.ndarray
    curve_y: np.ndarray
    variance: float  # measured
    expected: float  # the variance theory says
    error: float  # standard error of the measured variance

    @property
    def margin(self) -> float:
        """Two standard errors: where about 95% of measured variances fall."""
        return 2.0 * self.error


def normal_pdf(x: np.ndarray, variance: float) -> np.ndarray:
    """The N(0, variance) density at ``x``."""
    return np.exp(-0.5 * np.asarray(x) ** 2 / variance) / np.sqrt(2.0 * np.pi * variance)


def histogram(samples: np.ndarray, expected: float, error: float, bins: int = HIST_BINS) -> Histogram:
    """Bin ``samples`` as a density over ±4.5 standard deviations of N(0, expected)."""
    half = 4.5 * float(np.sqrt(expected))
    counts, edges = np.histogram(samples, bins=bins, range=(-half, half), density=False)
    width = float(edges[1] - edges[0])
    centers = 0.5 * (edges[:-1] + edges[1:])
    curve_x = np.linspace(-half, half, CURVE_POINTS)
    return Histogram(
        centers=centers,
        density=counts / (samples.size * width),  # out-of-range samples still count in the total
        counts=counts,
        width=width,
        curve_x=curve_x,
        curve_y=normal_pdf(curve_x, expected),
        variance=float(np.var(samples)),
        expected=expected,
        error=error,
    )


@dataclass(frozen=True)
class VarianceArgument:
    """q · k at one d_k, without and with the 1/√d_k scale."""

    d_k: int
    n: int
    raw: Histogram
    scaled: Histogram


def variance_argument(d_k: int, n: int, seed: int) -> VarianceArgument:
    """The histograms of q · k and q · k / √d_k, with N(0, d_k) and N(0, 1) to compare."""
    dots = dot_samples(d_k, n, seed)
    err = variance_error(d_k, n)
    return VarianceArgument(
        d_k,
        n,
        raw=histogram(dots, float(d_k), err),
        scaled=histogram(dots * scale_factor(d_k, True), 1.0, err / d_k),
    )


@dataclass(frozen=True)
class VarianceSweep:
    """The measured variance of q · k over a grid of d_k, with its standard error."""

    d_k: np.ndarray
    raw: np.ndarray
    scaled: np.ndarray
    raw_error: np.ndarray
    scaled_error: np.ndarray

    @property
    def ones(self) -> np.ndarray:
        """The line var = 1 along the grid."""
        return np.ones_like(self.d_k)


def variance_sweep(
    n: int, seed: int, grid: tuple[int, ...] = DK_GRID, *, variance: Callable[[int], float] | None = None
) -> VarianceSweep:
    """Measure Var(q · k) and Var(q · k / √d_k) at each d_k of ``grid`` from ``n`` samples (``variance``:
    the sample variance at a d_k when it was measured already, from :func:`dot_samples` of these n, seed)."""
    raw = np.array([np.var(dot_samples(d, n, seed)) if variance is None else variance(d) for d in grid])
    dks = np.asarray(grid, dtype=np.float64)
    errors = np.array([variance_error(d, n) for d in grid])
    return VarianceSweep(dks, raw, raw / dks, errors, errors / dks)


# ---- one row of scores, and rows of them over d_k ------------------------------------------------------
def score_rows(d_k: int, n_keys: int, rows: int, seed: int) -> np.ndarray:
    """``rows`` rows of raw scores q · k_j for ``n_keys`` keys, all entries N(0, 1): shape (rows, n_keys)."""
    if d_k < 1 or n_keys < 1 or rows < 1:
        raise ValueError(f"d_k, n_keys and rows must be >= 1, got {d_k}, {n_keys}, {rows}")
    rng = np.random.default_rng([int(seed), int(d_k), int(n_keys), int(rows), 7])
    q = rng.standard_normal((rows, 1, d_k))
    k = rng.standard_normal((rows, n_keys, d_k))
    return np.einsum("rid,rkd->rk", q, k)


@dataclass(frozen=True)
class RowStats:
    """Mean largest weight, entropy and Jacobian norm of softmax over rows of scores."""

    max_p: float
    entropy: float
    jacobian: float
    saturated: float  # share of rows whose largest weight is above 0.99


def row_stats(scores: np.ndarray, d_k: int, scaled: bool, temperature: float) -> RowStats:
    """Softmax every row of ``scores`` (optionally divided by √d_k) and average what it gives."""
    p = softmax(np.asarray(scores) * scale_factor(d_k, scaled), temperature)
    top = p.max(axis=-1)
    return RowStats(
        max_p=float(top.mean()),
        entropy=float(entropy(p).mean()),
        jacobian=float(jacobian_norm(p).mean()),
        saturated=float((top > 0.99).mean()),
    )


def uniform_entropy(n: int) -> float:
    """The entropy of n equal weights, log n: the most a row of n weights can have."""
    return float(np.log(n))


@dataclass(frozen=True)
class RowView:
    """One row of scores at d_k through softmax, without and with the scale, and the same statistics
    averaged over SWEEP_ROWS such rows."""

    d_k: int
    scores: np.ndarray  # q · k_j
    scaled_scores: np.ndarray  # q · k_j / √d_k
    raw: np.ndarray  # softmax(scores / T)
    scaled: np.ndarray  # softmax(scaled_scores / T)
    keys: list[int]  # key positions, from 0 as every position in the app
    uniform_entropy: float
    many_raw: RowStats
    many_scaled: RowStats

    @property
    def saturated_percent(self) -> float:
        """Per cent of the rows at this d_k whose unscaled softmax gives one key more than 0.99."""
        return 100.0 * self.many_raw.saturated


def one_row(d_k: int, n_keys: int, seed: int, temperature: float, many: np.ndarray | None = None) -> RowView:
    """The bars of the page: one row of ``n_keys`` scores at ``d_k``, and its context: statistics over
    ``many`` rows (by default ``score_rows(d_k, n_keys, SWEEP_ROWS, seed)``; pass them in to reuse them)."""
    scores = score_rows(d_k, n_keys, 1, seed)[0]
    factor = scale_factor(d_k, True)
    if many is None:
        many = score_rows(d_k, n_keys, SWEEP_ROWS, seed)
    return RowView(
        d_k=d_k,
        scores=scores,
        scaled_scores=scores * factor,
        raw=softmax(scores, temperature),
        scaled=softmax(scores * factor, temperature),
        keys=list(range(n_keys)),
        uniform_entropy=uniform_entropy(n_keys),
        many_raw=row_stats(many, d_k, False, temperature),
        many_scaled=row_stats(many, d_k, True, temperature),
    )


@dataclass(frozen=True)
class RowSweep:
    """:class:`RowStats` over ``d_k``, unscaled and scaled."""

    d_k: np.ndarray
    raw: list[RowStats]
    scaled: list[RowStats]

    def series(self, field: str, scaled: bool) -> np.ndarray:
        """One statistic (``max_p``, ``entropy``, ``jacobian``, ``saturated``) along the grid."""
        stats = self.scaled if scaled else self.raw
        return np.array([getattr(s, field) for s in stats])

    def ceiling(self) -> np.ndarray:
        """The largest Jacobian norm any weights can have, along the grid (a reference line)."""
        return np.full_like(self.d_k, JACOBIAN_NORM_MAX)


def row_sweep(
    rows_by_dk: dict[int, np.ndarray], temperature: float, grid: tuple[int, ...] = DK_GRID
) -> RowSweep:
    """Row statistics at each d_k of ``grid`` from pre-drawn raw score rows (see :func:`score_rows`)."""
    return RowSweep(
        np.asarray(grid, dtype=np.float64),
        [row_stats(rows_by_dk[d], d, False, temperature) for d in grid],
        [row_stats(rows_by_dk[d], d, True, temperature) for d in grid],
    )
