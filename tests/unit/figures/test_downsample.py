"""viz.figures.downsample, the one striding rule every strided chart uses: bounded, in range, from 0, pairs
kept."""

from __future__ import annotations

import math

import numpy as np
import pytest

from viz.figures import downsample


@pytest.mark.parametrize(("n", "limit"), [(5, 10), (10, 10), (11, 10), (4096, 320), (1024, 256), (1023, 256)])
@pytest.mark.parametrize("paired", [False, True])
def test_strides_are_bounded_and_in_range(n: int, limit: int, paired: bool) -> None:
    s = downsample.stride(n, limit, paired=paired)
    assert s.shown == s.idx.size <= limit
    assert s.idx.min() == 0 and s.idx.max() < n
    assert np.all(np.diff(s.idx) > 0)
    assert s.strided == (n > limit)
    assert s.labels == [str(int(i)) for i in s.idx]
    if n <= limit:
        np.testing.assert_array_equal(s.idx, np.arange(n))
        assert s.step == 1
    elif paired:
        evens = s.idx[s.idx % 2 == 0]
        # every chosen sine column comes with its cosine partner (unless it is the lone last column)
        assert all((e + 1 in s.idx) or e == n - 1 for e in evens)
        assert np.all(np.diff(evens) == 2 * s.step)


@pytest.mark.parametrize(("n", "limit"), [(1, 1), (7, 3), (100, 128), (300, 128), (1024, 128), (4096, 200)])
def test_unpaired_stride_is_every_ceil_n_over_limit_th_index(n: int, limit: int) -> None:
    """The rule the encoder panels, the attention steps and the similarity grids all used, written out."""
    step = max(1, math.ceil(n / limit))
    s = downsample.stride(n, limit)
    assert s.step == step
    assert s.idx.tolist() == list(range(0, n, step))


def test_panel_examples() -> None:
    every = downsample.stride(100, 128)
    assert not every.strided and every.step == 1 and every.idx.tolist() == list(range(100))
    wide = downsample.stride(1024, 128)
    assert wide.strided and wide.step == 8 and wide.idx.size == 128 and wide.labels[1] == "8"
    odd = downsample.stride(300, 128)
    assert odd.step == 3 and odd.idx.size == 100 and odd.idx[-1] == 297


def test_paired_stride_of_an_odd_width_keeps_the_last_lone_column_in_range() -> None:
    s = downsample.stride(1023, 256, paired=True)
    assert s.idx.max() < 1023 and s.shown <= 256
    assert s.step == math.ceil(512 / 128)
