"""The one rule for showing a big matrix in few cells: keep every k-th row or column.

Every strided chart in the app uses it: the encoding overviews (PE, embedding and similarity pages),
the encoder's activation panels, the attention steps' wide matrices and the similarity grids.

A chart has a few hundred pixels per axis, so a matrix wider than ``limit`` shows every ``step``-th
index from 0 with ``step = ceil(n / limit)`` (never more than ``limit`` indices, always the first).
For a sinusoidal table the stride runs over (sin, cos) column pairs and keeps both columns of each
chosen pair, so a sine is never shown without its cosine. :class:`Stride` carries what a chart needs
(the indices and their labels) and what its caption says (how many of how many, every k-th).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Stride:
    """Indices ``idx`` of ``range(n)`` a chart shows: every ``step``-th one (or pair, if ``paired``)."""

    idx: np.ndarray
    step: int
    n: int
    paired: bool

    @property
    def strided(self) -> bool:
        """Some indices are left out (the caption says "every k-th")."""
        return self.step > 1

    @property
    def shown(self) -> int:
        """How many indices are shown."""
        return int(self.idx.size)

    @property
    def labels(self) -> list[str]:
        """The shown indices as axis labels (categories, so every drawn cell is the same size)."""
        return [str(int(i)) for i in self.idx]


def step_for(n: int, limit: int) -> int:
    """The stride that shows at most ``limit`` of ``n`` items: ceil(n / limit), at least 1."""
    return max(1, -(-int(n) // max(int(limit), 1)))


def stride(n: int, limit: int, *, paired: bool = False) -> Stride:
    """Every index of ``range(n)`` when ``n <= limit``, else every k-th one from 0 (see the module)."""
    n = int(n)
    if n <= limit:
        return Stride(np.arange(n), 1, n, paired)
    if paired:
        n_pairs = (n + 1) // 2
        step = step_for(n_pairs, int(limit) // 2)
        starts = np.arange(0, n_pairs, step) * 2
        idx = np.stack([starts, starts + 1], axis=1).ravel()
        return Stride(idx[idx < n], step, n, paired)
    step = step_for(n, limit)
    return Stride(np.arange(0, n, step), step, n, paired)
