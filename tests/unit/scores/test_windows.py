"""Sliding-window masks with attention sinks: the rule, how far information reaches through layers
(against a step-by-step walk over the mask), and the share of attention on the sinks."""

from __future__ import annotations

import numpy as np
import pytest

from viz.scores import windows


def test_the_mask_is_the_window_rule_plus_the_sink_columns() -> None:
    mask = windows.window_mask(10, 3, sinks=2)
    for i in range(10):
        for j in range(10):
            assert mask[i, j] == ((0 <= i - j < 3) or (j < 2 and j <= i)), (i, j)
    assert np.array_equal(windows.window_mask(6, 6), np.tril(np.ones((6, 6), dtype=bool)))  # W >= T: causal
    with pytest.raises(ValueError, match="window"):
        windows.window_mask(4, 0)


@pytest.mark.parametrize(
    ("length", "window", "sinks", "layers"), [(20, 4, 0, 3), (33, 8, 2, 2), (12, 1, 1, 5)]
)
def test_reach_is_what_a_walk_through_the_layers_finds(
    length: int, window: int, sinks: int, layers: int
) -> None:
    mask = windows.window_mask(length, window, sinks)
    # what each query has heard from: start with itself, then each layer adds what its allowed keys heard
    heard = [{i} for i in range(length)]
    for _ in range(layers):
        heard = [set().union(*(heard[j] for j in range(length) if mask[i, j])) for i in range(length)]
    want = np.array([[j in heard[i] for j in range(length)] for i in range(length)])
    np.testing.assert_array_equal(windows.reach(mask, layers), want)


def test_a_window_reaches_layers_times_w_minus_1_back() -> None:
    for window, layers in [(4, 1), (4, 3), (8, 2), (2, 7)]:
        back = windows.farthest_back(windows.window_mask(64, window), layers)
        assert back[-1] == windows.window_span(window, layers) == layers * (window - 1)
        assert np.array_equal(back, np.minimum(np.arange(64), layers * (window - 1)))
    # a sink keeps the first token in reach of every query at any depth
    assert np.all(windows.farthest_back(windows.window_mask(64, 4, sinks=1), 1) == np.arange(64))


def test_sink_share_is_the_mass_on_the_first_keys_after_them() -> None:
    maps = np.zeros((2, 1, 4, 4))
    for q in range(4):
        maps[0, 0, q, : q + 1] = 1.0 / (q + 1)  # uniform causal
        maps[1, 0, q, 0] = 1.0  # all on the first token
    share = windows.sink_share(maps, 1)
    assert share[0] == pytest.approx(np.mean([1 / 2, 1 / 3, 1 / 4])) and share[1] == 1.0
    assert np.all(np.isnan(windows.sink_share(maps[:, :, :1, :1], 1)))  # no query after the sink
