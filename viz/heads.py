"""Small sums the attention-heads page shows, in NumPy (pages hold no arithmetic of their own)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def average(maps: np.ndarray) -> np.ndarray:
    """The mean over heads of one layer's maps: (heads, T, T) -> (T, T). Each row still sums to 1."""
    return np.asarray(maps, dtype=np.float64).mean(axis=0)


def correct(predicted: np.ndarray, answers: np.ndarray) -> int:
    """How many positions the model answered right."""
    return int(np.sum(np.asarray(predicted) == np.asarray(answers)))


def fraction(step: int, total: int) -> float:
    """How far along a progress bar is, in [0, 1]."""
    return min(max(step / total, 0.0), 1.0) if total > 0 else 1.0


def order_moves(relative: float) -> bool:
    """Whether shuffling changed the outputs by more than float rounding (relative to their size)."""
    return relative > 1e-4


def share(d_model: int, heads: int) -> str:
    """d_model / heads written out, e.g. "42.67": what each head would get when heads do not divide."""
    return f"{d_model / heads:.2f}"


def grid(n_heads: int, first: int, limit: int) -> range:
    """Heads to draw (0-based): all when they fit in ``limit``, else ``limit`` from ``first`` (1-based)."""
    if n_heads <= limit:
        return range(n_heads)
    start = min(max(first, 1), n_heads - limit + 1) - 1
    return range(start, start + limit)


def last_first(n_heads: int, limit: int) -> int:
    """The largest 1-based first head a window of ``limit`` heads can start at."""
    return max(n_heads - limit + 1, 1)


PAD = "[PAD]"
#: Columns of Q, K, V and Z written out in the step-by-step matrices.
SHOWN_COLUMNS = 8
#: Largest token count whose square matrices get a number in every cell.
ANNOTATE_TOKENS = 12
#: Most columns a d_model-wide matrix sends to the browser (wider ones are strided).
WIDE_COLUMNS = 128


def padded(tokens: tuple[str, ...], length: int) -> tuple[str, ...]:
    """``tokens`` followed by [PAD] up to ``length``."""
    return tuple(tokens) + (PAD,) * max(length - len(tokens), 0)


def pad_count(tokens: tuple[str, ...], length: int) -> int:
    """How many [PAD] tokens fill ``tokens`` up to ``length``."""
    return max(length - len(tokens), 0)


def log_floor(values: np.ndarray, floor: float = 1e-12) -> np.ndarray:
    """Values for a log axis: an exact 0 becomes ``floor`` (the axis cannot show 0)."""
    return np.maximum(np.asarray(values, dtype=np.float64), floor)


def _stride(n: int, limit: int) -> int:
    return max(1, -(-n // limit))


@dataclass(frozen=True)
class StepView:
    """What the step-by-step charts show of one head's matrices (column cuts and strides)."""

    dims: list[str]  # column labels of Q, K, V, Z (the first SHOWN_COLUMNS)
    cut: bool  # d_k has more columns than are shown
    annotate: bool  # write numbers in the T x T squares
    concat: np.ndarray  # (T, columns shown) of the concatenated heads
    concat_dims: list[str]
    head_block: tuple[int, int]  # this head's columns within the shown concat columns
    w_o: np.ndarray  # (rows shown, columns shown) of W_O
    w_o_rows: list[str]
    w_o_cols: list[str]
    out: np.ndarray  # (T, columns shown) of concat · W_O
    out_dims: list[str]
    strided: bool  # d_model is wider than WIDE_COLUMNS, so every k-th column is shown
    height: int  # chart height for T rows
    root: str  # √d_k written out

    def columns(self, m: np.ndarray) -> np.ndarray:
        """The shown columns of a (T, d_k) matrix."""
        return np.asarray(m)[:, : len(self.dims)]


def step_view(
    concat: np.ndarray, w_o: np.ndarray, out: np.ndarray, columns: tuple[int, int], d_k: int
) -> StepView:
    """Cut and stride one head's step matrices so every chart stays small and readable."""
    n_tokens, d_model = np.asarray(concat).shape
    step = _stride(d_model, WIDE_COLUMNS)
    idx = np.arange(0, d_model, step)
    labels = [str(int(i)) for i in idx]
    start, stop = columns
    lo = int(np.searchsorted(idx, start))
    # A head narrower than the stride may hold no shown column: outline the nearest one.
    lo = min(lo, idx.size - 1)
    block = (lo, max(int(np.searchsorted(idx, stop)), lo + 1))
    shown = min(d_k, SHOWN_COLUMNS)
    root = np.sqrt(d_k)
    return StepView(
        dims=[str(i) for i in range(shown)],
        cut=shown < d_k,
        annotate=n_tokens <= ANNOTATE_TOKENS,
        concat=np.asarray(concat)[:, idx],
        concat_dims=labels,
        head_block=block,
        w_o=np.asarray(w_o)[np.ix_(idx, idx)],
        w_o_rows=labels,
        w_o_cols=labels,
        out=np.asarray(out)[:, idx],
        out_dims=labels,
        strided=step > 1,
        height=150 + 26 * n_tokens if n_tokens <= 20 else 150 + 14 * n_tokens,
        root=f"√{d_k} = {root:.3g}",
    )
