"""viz.ui.widgets' pure parts: which heads the head window draws."""

from __future__ import annotations

import pytest

from viz.ui import widgets


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
    assert widgets.window_heads(n_heads, first, limit) == expected
    assert widgets.last_first_head(n_heads, limit) == max(n_heads - limit + 1, 1)
