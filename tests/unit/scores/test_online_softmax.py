"""Online softmax (FlashAttention's idea) against the full softmax, step by step."""

from __future__ import annotations

import numpy as np
import pytest

from viz.scores import online_softmax


@pytest.mark.parametrize(("n", "block"), [(1, 1), (16, 4), (17, 4), (64, 1), (64, 64), (50, 7), (9, 100)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_online_output_is_the_full_softmaxs_to_1e_12(n: int, block: int, seed: int) -> None:
    scores, values = online_softmax.example(n, 4, seed, spread=5.0)
    found = online_softmax.steps(scores, values, block)
    weights, exact = online_softmax.full(scores, values)
    np.testing.assert_allclose(found[-1].output, exact, atol=1e-12, rtol=0)
    assert len(found) == -(-n // block) and found[-1].hi == n
    assert found[-1].m == scores.max()
    assert found[-1].total == pytest.approx(np.exp(scores - scores.max()).sum(), rel=1e-12)
    np.testing.assert_allclose(weights @ values, exact)


def test_each_step_is_the_softmax_of_the_keys_read_so_far() -> None:
    scores, values = online_softmax.example(20, 3, 5)
    for step in online_softmax.steps(scores, values, 6):
        read = slice(0, step.hi)
        assert step.m == scores[read].max()
        np.testing.assert_allclose(
            step.output, online_softmax.full(scores[read], values[read])[1], atol=1e-12
        )


def test_the_sums_are_rescaled_exactly_when_a_block_raises_the_maximum() -> None:
    scores = np.array([1.0, 0.0, 3.0, 2.0, 0.5, 1.0])
    found = online_softmax.steps(scores, np.eye(6), 2)
    assert [s.m for s in found] == [1.0, 3.0, 3.0]
    assert found[0].rescale == 1.0  # nothing summed before the first block
    assert found[1].rescale == pytest.approx(np.exp(1.0 - 3.0))
    assert found[2].rescale == 1.0
    # a huge score does not overflow: everything stays relative to the running maximum
    big = online_softmax.steps(np.array([0.0, 1000.0, 999.0]), np.eye(3), 1)
    np.testing.assert_allclose(
        big[-1].output, online_softmax.full(np.array([0.0, 1000.0, 999.0]), np.eye(3))[1]
    )


def test_memory_grows_as_n_squared_against_n() -> None:
    n = np.array([1024.0, 2048.0])
    standard, online = online_softmax.memory_bytes(n, 64)
    assert list(standard) == [4 * 1024**2, 4 * 2048**2]
    assert list(online) == [4 * (2 * 1024 + 64 * 64), 4 * (2 * 2048 + 64 * 64)]
    assert online_softmax.memory_bytes(np.array([131072.0]), 64)[0][0] == 64 * 2**30  # 64 GiB


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="block"):
        online_softmax.steps(np.zeros(3), np.zeros((3, 1)), 0)
    with pytest.raises(ValueError, match="scores"):
        online_softmax.steps(np.zeros(3), np.zeros((2, 1)), 1)
