"""What is left of the Encoder block page's helpers, each waiting for its home: the notes' example
sentences with their Korean translations (moving to viz/i18n; viz/link.py reads them) and the striding of
an activation panel's columns (viz/downsample.py becomes the one striding rule). The block's data helpers
live in viz/block.py, the page's display helpers in viz/views/encoder.py."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Columns an activation panel shows at most; wider matrices show every k-th column.
PANEL_COLUMNS = 128


@dataclass(frozen=True)
class Columns:
    """Which columns of a (T, width) matrix a panel shows."""

    idx: np.ndarray
    labels: list[str]
    strided: bool
    step: int


def columns(width: int, limit: int = PANEL_COLUMNS) -> Columns:
    """Every column when ``width`` <= ``limit``, else every k-th one with k = ceil(width / limit)."""
    step = max(1, -(-int(width) // int(limit)))
    idx = np.arange(0, int(width), step)
    return Columns(idx, [str(int(i)) for i in idx], step > 1, step)
