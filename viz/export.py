"""CSV text for the data behind each chart. Pure NumPy; the page offers it through a download button."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import numpy as np


def matrix_csv(
    matrix: np.ndarray,
    *,
    row_name: str,
    rows: Sequence[int] | np.ndarray | None = None,
    cols: Sequence[int] | np.ndarray | None = None,
    col_prefix: str = "",
) -> str:
    """A matrix as CSV: a header ``row_name, <col_prefix><col>...`` then one line per row."""
    rows = np.arange(matrix.shape[0]) if rows is None else np.asarray(rows)
    cols = np.arange(matrix.shape[1]) if cols is None else np.asarray(cols)
    buf = io.StringIO()
    buf.write(",".join([row_name, *(f"{col_prefix}{int(c)}" for c in cols)]) + "\n")
    body = np.column_stack([rows.astype(np.float64), np.asarray(matrix, dtype=np.float64)])
    np.savetxt(buf, body, delimiter=",", fmt=["%d", *(["%.8g"] * matrix.shape[1])])
    return buf.getvalue()


def columns_csv(columns: Mapping[str, Sequence[float] | np.ndarray]) -> str:
    """Named columns of equal length as CSV, one header line then one line per index."""
    names = list(columns)
    data = np.column_stack([np.asarray(columns[n], dtype=np.float64) for n in names])
    buf = io.StringIO()
    buf.write(",".join(names) + "\n")
    np.savetxt(buf, data, delimiter=",", fmt="%.10g")
    return buf.getvalue()
