"""The conditions a good positional encoding meets, each measured on the table itself.

The lecture notes list them: values stay small, every position gets its own vector, a position's vector
does not depend on how long the sequence is, neighbours are close, and the distance between two positions
follows their offset. Each check here returns the number behind the verdict. Pure NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from viz.encodings import EncodingSpec, encode

CRITERIA: tuple[str, ...] = ("bounded", "distinct", "length_invariant", "smooth", "offset_distance")

#: Verdict thresholds; the page shows them next to the measured numbers.
BOUND = 1.0  # largest |value| allowed: the size of a typical embedding entry
DISTINCT_TOL = 1e-6  # two positions closer than this count as the same vector
LENGTH_TOL = 1e-9  # a position's vector may change by at most this when the length changes
SMOOTH_MAX = 0.5  # largest neighbour step, as a fraction of the RMS distance between positions
OFFSET_SPREAD_MAX = 0.01  # relative spread of distances at one offset
MAX_OFFSETS = 16  # offsets 1..MAX_OFFSETS are checked


@dataclass(frozen=True)
class Check:
    """One measured condition: ``value`` compared with ``threshold``; ``passed`` is None if undefined."""

    name: str
    value: float
    threshold: float
    passed: bool | None


def max_abs(pe: np.ndarray) -> float:
    """Largest |PE[pos, j]| over the whole table."""
    return float(np.max(np.abs(pe)))


def min_pair_distance(pe: np.ndarray, chunk: int = 512) -> float:
    """Smallest Euclidean distance between the vectors of two different positions (inf for one position).

    Uses ||a - b||^2 = ||a||^2 + ||b||^2 - 2 a.b over row chunks, so memory stays O(chunk * max_len).
    """
    n = pe.shape[0]
    if n < 2:
        return float("inf")
    x = pe.astype(np.float64, copy=False)
    sq = np.einsum("ij,ij->i", x, x)  # (L,)
    best = np.inf
    for start in range(0, n, chunk):
        stop = min(start + chunk, n)
        d2 = sq[start:stop, None] + sq[None, :] - 2.0 * (x[start:stop] @ x.T)  # (chunk, L)
        d2[np.arange(stop - start), np.arange(start, stop)] = np.inf
        best = min(best, float(d2.min()))
    return float(np.sqrt(max(best, 0.0)))


def length_drift(spec: EncodingSpec) -> float:
    """Largest change of any position's vector when the same encoding is built for another length.

    Compares the table for ``spec.max_len`` with the table for half that length (or 2 if max_len is 1)
    on the positions both have.
    """
    other_len = spec.max_len // 2 if spec.max_len > 1 else 2
    a = encode(spec)
    b = encode(replace(spec, max_len=other_len))
    n = min(a.shape[0], b.shape[0])
    return float(np.max(np.abs(a[:n] - b[:n])))


def rms_pair_distance(pe: np.ndarray) -> float:
    """Root-mean-square distance over all pairs of different positions, in closed form.

    mean_{p != q} ||x_p - x_q||^2 = 2 L / (L - 1) * (mean_p ||x_p||^2 - ||mean_p x_p||^2).
    """
    n = pe.shape[0]
    if n < 2:
        return 0.0
    mean_sq = float(np.mean(np.einsum("ij,ij->i", pe, pe)))
    centre = pe.mean(axis=0)
    return float(np.sqrt(max(2.0 * n / (n - 1) * (mean_sq - float(centre @ centre)), 0.0)))


def neighbour_steps(pe: np.ndarray) -> np.ndarray:
    """||PE[p+1] - PE[p]|| for p = 0..L-2. Shape (L - 1,)."""
    return np.linalg.norm(np.diff(pe, axis=0), axis=1)


def offset_distance_spread(pe: np.ndarray, max_offset: int = MAX_OFFSETS) -> float:
    """Worst relative spread, over offsets k = 1..max_offset, of ||PE[p+k] - PE[p]|| across positions p.

    (max_p - min_p) / mean_p of the distance at offset k; 0 when distance depends on the offset alone.
    NaN when there is no offset with at least two positions to compare.
    """
    n = pe.shape[0]
    worst = np.nan
    for k in range(1, min(max_offset, n - 2) + 1):
        dist = np.linalg.norm(pe[k:] - pe[:-k], axis=1)  # (L - k,)
        mean = float(dist.mean())
        spread = float(dist.max() - dist.min()) / mean if mean > 0 else np.inf
        worst = spread if np.isnan(worst) else max(worst, spread)
    return float(worst)


def scorecard(spec: EncodingSpec) -> list[Check]:
    """All five conditions for the encoding ``spec`` describes, each with its measured number."""
    pe = encode(spec)
    largest = max_abs(pe)
    checks = [Check("bounded", largest, BOUND, largest <= BOUND + 1e-12)]

    closest = min_pair_distance(pe)
    checks.append(
        Check("distinct", closest, DISTINCT_TOL, None if np.isinf(closest) else closest > DISTINCT_TOL)
    )

    drift = length_drift(spec)
    checks.append(Check("length_invariant", drift, LENGTH_TOL, drift <= LENGTH_TOL))

    rms = rms_pair_distance(pe)
    if pe.shape[0] < 3 or rms == 0.0:
        checks.append(Check("smooth", float("nan"), SMOOTH_MAX, None))
    else:
        ratio = float(neighbour_steps(pe).max()) / rms
        checks.append(Check("smooth", ratio, SMOOTH_MAX, ratio <= SMOOTH_MAX))

    spread = offset_distance_spread(pe)
    checks.append(
        Check(
            "offset_distance",
            spread,
            OFFSET_SPREAD_MAX,
            None if np.isnan(spread) else spread <= OFFSET_SPREAD_MAX,
        )
    )
    return checks
