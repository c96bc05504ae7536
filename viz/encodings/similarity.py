"""How positions relate: similarity of position vectors, by position and by offset. Pure NumPy.

A table ``pe`` of shape (max_len, d_model) holds one vector per position. Three measures compare rows:
``dot`` (PE(p) . PE(j), what attention computes), ``cosine`` (the dot of the unit vectors) and
``distance`` (the Euclidean ||PE(p) - PE(j)||).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

import numpy as np

from viz import encodings
from viz.encodings import EncodingKind, frequencies, rotation_blocks, sinusoidal_at
from viz.figures import downsample

Measure = Literal["dot", "cosine", "distance"]
MEASURES: tuple[Measure, ...] = get_args(Measure)


def as_measure(value: str) -> Measure:
    """``value`` checked to be one of MEASURES."""
    for m in MEASURES:
        if m == value:
            return m
    raise ValueError(f"unknown measure {value!r}; expected one of {MEASURES}")


def _norms(rows: np.ndarray) -> np.ndarray:
    return np.sqrt(np.einsum("ij,ij->i", rows, rows))


def pairwise(a: np.ndarray, b: np.ndarray, measure: Measure) -> np.ndarray:
    """measure(a[r], b[c]) for every row r of ``a`` and c of ``b``. Shapes (R, d), (C, d) -> (R, C).

    Cosine against a zero vector (position 0 of the integer and binary tables) is undefined: NaN.
    """
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    dots = a @ b.T  # (R, C)
    if measure == "dot":
        return dots
    na, nb = _norms(a), _norms(b)
    if measure == "cosine":
        denom = na[:, None] * nb[None, :]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(denom > 0, dots / np.where(denom > 0, denom, 1.0), np.nan)
    if measure == "distance":
        # ||a - b||^2 = |a|^2 + |b|^2 - 2 a.b, clipped at 0 against rounding.
        return np.sqrt(np.maximum(na[:, None] ** 2 + nb[None, :] ** 2 - 2.0 * dots, 0.0))
    raise ValueError(f"unknown measure {measure!r}; expected one of {MEASURES}")


def against_all(pe: np.ndarray, p: int, measure: Measure) -> np.ndarray:
    """measure(PE(p), PE(j)) for every position j. Shape (max_len,)."""
    if not 0 <= p < pe.shape[0]:
        raise ValueError(f"position {p} is outside 0..{pe.shape[0] - 1}")
    return pairwise(pe[p : p + 1], pe, measure)[0]


def sinusoid_dot_by_offset(offsets: np.ndarray, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The sinusoidal table's PE(p) . PE(j) as a function of the offset k = p - j alone.

    For an even d_model: sum over pairs i of sin(w_i p) sin(w_i j) + cos(w_i p) cos(w_i j)
    = sum_i cos(w_i (p - j)). (An odd d_model's lone sine column adds a term that depends on p and j
    themselves, so there the identity is only approximate.) Shape of ``offsets``.
    """
    k = np.asarray(offsets, dtype=np.float64)
    w = frequencies(d_model, base)[: d_model // 2]
    return np.cos(k[..., None] * w).sum(axis=-1)


@dataclass(frozen=True)
class OffsetView:
    """Pairs (p, j) from a grid of positions, with their offset p - j and similarity value."""

    offsets: np.ndarray  # (n,)
    values: np.ndarray  # (n,)
    spread: float  # largest (max - min) among pairs sharing an offset
    value_range: float  # max - min over all pairs shown

    @property
    def relative_spread(self) -> float:
        """``spread`` as a fraction of the whole range: ~0 when the value depends on the offset only."""
        return self.spread / self.value_range if self.value_range > 0 else 0.0


def by_offset(pe: np.ndarray, positions: np.ndarray, measure: Measure) -> OffsetView:
    """measure(PE(p), PE(j)) for all p, j in ``positions`` (a grid), keyed by offset p - j."""
    positions = np.asarray(positions, dtype=np.int64)
    rows = pe[positions]
    values = pairwise(rows, rows, measure)  # (n, n)
    offsets = positions[:, None] - positions[None, :]  # (n, n)
    flat_o, flat_v = offsets.ravel(), values.ravel()
    keep = ~np.isnan(flat_v)
    flat_o, flat_v = flat_o[keep], flat_v[keep]
    if flat_v.size == 0:
        return OffsetView(flat_o, flat_v, 0.0, 0.0)
    order = np.argsort(flat_o, kind="stable")
    o_sorted, v_sorted = flat_o[order], flat_v[order]
    starts = np.flatnonzero(np.r_[True, np.diff(o_sorted) != 0])
    spread = float(np.max(np.maximum.reduceat(v_sorted, starts) - np.minimum.reduceat(v_sorted, starts)))
    return OffsetView(flat_o, flat_v, spread, float(flat_v.max() - flat_v.min()))


#: Value levels across the offset chart's height (its plot area is about 300 pixels tall): one per pixel
#: at first, then fewer while more than OFFSET_POINTS points remain, down to one level per marker (4 px).
PIXEL_LEVELS = 300
MARKER_LEVELS = 75
#: SVG draws about 10,000 markers in 0.4 s here (2,000 in 0.1 s), so the chart aims below this.
OFFSET_POINTS = 4000


#: A range of values at most this fraction of their size is their rounding (pixel_distinct).
FLAT_SPAN = 1e-9


def pixel_distinct(x: np.ndarray, y: np.ndarray, levels: int = PIXEL_LEVELS) -> np.ndarray:
    """Indices of one point per occupied cell of the integer x values times ``levels`` equal bins of
    y's range, in their original order: the points that draw something the others do not cover.

    Pairs with the same offset and (nearly) the same value land on the same spot of the offset chart;
    drawing them once keeps the picture and makes an SVG scatter cheap (10,000 pairs of the sinusoidal
    table become 199 points).
    """
    x = np.asarray(x, dtype=np.int64)
    y = np.asarray(y, dtype=np.float64)
    if y.size == 0:
        return np.zeros(0, dtype=np.int64)
    low, high = float(y.min()), float(y.max())
    span = high - low
    # a range within rounding of the values (every cosine of a table whose rows all point one way) is
    # no spread: binning it would draw the rounding, and differently from the browser's twin
    flat = span <= FLAT_SPAN * max(abs(low), abs(high))
    scaled = np.zeros(y.size) if flat else (y - low) / span * levels
    level = np.rint(scaled).astype(np.int64)
    cells = (x - x.min()) * (levels + 1) + level
    _, first = np.unique(cells, return_index=True)
    return np.sort(first)


def drawn_points(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """:func:`pixel_distinct` at one level per pixel, or coarser (halving, down to one level per
    marker) while more than :data:`OFFSET_POINTS` points remain."""
    levels = PIXEL_LEVELS
    kept = pixel_distinct(x, y, levels)
    while kept.size > OFFSET_POINTS and levels // 2 >= MARKER_LEVELS:
        levels //= 2
        kept = pixel_distinct(x, y, levels)
    return kept


def neighbour_steps(pe: np.ndarray) -> np.ndarray:
    """||PE(p + 1) - PE(p)|| for p = 0 .. max_len - 2: even steps mean evenly spaced positions."""
    return _norms(np.diff(pe, axis=0))


def step_unevenness(pe: np.ndarray) -> float:
    """(largest - smallest) neighbour step divided by the mean step; 0 for perfectly even spacing."""
    return _unevenness(neighbour_steps(pe))


def _unevenness(steps: np.ndarray) -> float:
    if steps.size == 0 or steps.mean() == 0:
        return 0.0
    return float((steps.max() - steps.min()) / steps.mean())


#: T(k) is shown first as its top-left CORNER x CORNER block, where the 2 x 2 rotations are legible.
CORNER = 12

#: The classroom example from the notes: position 50 of a 100-position table.
CLASS_POSITION = 50


def default_position(max_len: int) -> int:
    """Position 50 when the table has it (the notes' example), else the middle position."""
    return CLASS_POSITION if max_len > CLASS_POSITION else max(max_len // 2, 0)


@dataclass(frozen=True)
class PairOrbit:
    """One sine/cosine pair of the sinusoidal table: its points, and a position moved by k."""

    positions: np.ndarray  # strided positions drawn
    sin: np.ndarray  # PE[pos, 2i]
    cos: np.ndarray  # PE[pos, 2i + 1]
    angle: float  # k * omega_i, the rotation T(k) applies to this pair (radians)
    block: np.ndarray  # the (2, 2) block of T(k) for this pair
    start: np.ndarray  # (sin, cos) of PE[p]
    moved: np.ndarray  # T(k)'s block applied to ``start``
    target: np.ndarray  # (sin, cos) of PE[p + k], from the formula


def pair_orbit(
    pair: int, k: int, p: int, max_len: int, d_model: int, base: float = 10000.0, limit: int = 2000
) -> PairOrbit:
    """Pair ``pair`` of the sinusoidal table as points on the unit circle, and PE[p] moved by T(k)."""
    n_pairs = d_model // 2
    if not 0 <= pair < n_pairs:
        raise ValueError(f"pair {pair} is outside 0..{n_pairs - 1}")
    cols = [2 * pair, 2 * pair + 1]
    positions = downsample.stride(max_len, limit).idx
    table = sinusoidal_at(positions, d_model, base)[:, cols]
    angle = float(k * frequencies(d_model, base)[pair])
    block = rotation_blocks(np.array(angle))  # T(k)'s block for this pair
    start = sinusoidal_at([p], d_model, base)[0, cols]
    target = sinusoidal_at([p + k], d_model, base)[0, cols]
    return PairOrbit(positions, table[:, 0], table[:, 1], angle, block, start, block @ start, target)


def wrapped_degrees(angle: float) -> float:
    """An angle in radians as degrees in [0, 360)."""
    return float(np.degrees(angle) % 360.0)


def has_gaps(values: np.ndarray) -> bool:
    """Whether some values are undefined (NaN), such as the cosine against a zero vector."""
    return bool(np.isnan(np.asarray(values, dtype=np.float64)).any())


def self_dot_range(d_model: int) -> str:
    """PE(p) . PE(p) for the sinusoidal table: d_model / 2 when even; between (d-1)/2 and (d+1)/2 when odd."""
    if d_model % 2 == 0:
        return f"{d_model / 2:g}"
    return f"{(d_model - 1) / 2:g}–{(d_model + 1) / 2:g}"


def step_positions(max_len: int) -> np.ndarray:
    """The positions p of the neighbour steps PE(p + 1) - PE(p): 0 .. max_len - 2."""
    return np.arange(max(max_len - 1, 0))


def pair_count(d_model: int) -> int:
    """How many sine/cosine pairs the table has (an odd d_model's last column has no partner)."""
    return d_model // 2


def lone_column(d_model: int) -> int:
    """The index of the last column, the one without a partner when d_model is odd."""
    return d_model - 1


def pair_columns(pair: int) -> list[int]:
    """The columns (2i, 2i + 1) of pair i."""
    return [2 * pair, 2 * pair + 1]


def shifted(p: int, k: int) -> int:
    """p + k."""
    return p + k


def theory_by_offset(
    kind: EncodingKind, measure: Measure, offsets: np.ndarray, d_model: int, base: float = 10000.0
) -> tuple[np.ndarray, np.ndarray] | None:
    """The curve the values must fall on, from the formula alone, when one exists; else None.

    For the sinusoidal table (and the RoPE table, whose pairs are rotations of the same vector) with an
    even d_model, PE(p) . PE(j) = S(k) = sum_i cos(w_i k) with k = p - j; then the cosine is S(k) / (d/2)
    and the distance sqrt(d - 2 S(k)). Returns (k, values) for the distinct ``offsets``, sorted.
    """
    if not encodings.info(kind).relative or d_model % 2:
        return None
    k = np.unique(np.asarray(offsets, dtype=np.int64))
    dot = sinusoid_dot_by_offset(k, d_model, base)
    if measure == "dot":
        return k, dot
    if measure == "cosine":
        return k, dot / (d_model / 2)
    return k, np.sqrt(np.maximum(d_model - 2.0 * dot, 0.0))


@dataclass(frozen=True)
class Views:
    """The p-independent views of one table under one measure, small enough to cache."""

    grid: np.ndarray  # positions shown on each axis of the matrix
    matrix: np.ndarray  # measure between grid positions, float32
    offsets: OffsetView  # pairs of a coarser grid, by offset
    drawn: np.ndarray  # indices of the pairs the offset chart draws (drawn_points)
    theory: tuple[np.ndarray, np.ndarray] | None  # the formula at the offsets shown, where one exists
    steps: np.ndarray  # neighbour steps
    unevenness: float

    @property
    def drawn_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """(offsets, values) of the pairs the offset chart draws."""
        return self.offsets.offsets[self.drawn], self.offsets.values[self.drawn]


#: Positions per axis of the all-pairs matrix, and of the grid whose pairs the offset chart plots. The
#: matrix sits in half the page's width (about 450 pixels, so 200 cells are 2 pixels each); with two
#: encodings compared at max_len 4096 the page's first load stays near 1 MB (it was 1.96 MB at 320/160).
MATRIX_GRID = 200
OFFSET_GRID = 128


def views(
    pe: np.ndarray,
    kind: EncodingKind,
    measure: Measure,
    d_model: int,
    base: float,
    grid: int = MATRIX_GRID,
    offset_grid: int = OFFSET_GRID,
) -> Views:
    """Everything on the similarity page that does not depend on the chosen position p."""
    positions = downsample.stride(pe.shape[0], grid).idx
    matrix = pairwise(pe[positions], pe[positions], measure).astype(np.float32)
    view = by_offset(pe, downsample.stride(pe.shape[0], offset_grid).idx, measure)
    steps = neighbour_steps(pe)
    theory = theory_by_offset(kind, measure, view.offsets, d_model, base)
    drawn = drawn_points(view.offsets, view.values)
    return Views(positions, matrix, view, drawn, theory, steps, _unevenness(steps))
