"""viz.scores.capping (NumPy) against viz.model.variants (torch) on the same numbers, and the two claims the
Softmax page makes: QK-norm makes the row's entropy independent of the query's length, and without it a
longer query collapses the row."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from viz.model import variants
from viz.scores import capping


def test_soft_cap_clip_and_rms_norm_match_torch() -> None:
    x = np.random.default_rng(0).normal(0, 20, (5, 64))
    for cap in capping.CAPS:
        np.testing.assert_allclose(
            capping.soft_cap(x, cap), variants.soft_cap(torch.from_numpy(x), cap).numpy()
        )
        assert np.abs(capping.clip(x, cap)).max() <= cap
    np.testing.assert_allclose(
        capping.rms_norm(x), variants.rms_norm(torch.from_numpy(x)).numpy(), rtol=1e-12
    )


def test_scores_by_hand() -> None:
    q, k = capping.example(3)
    np.testing.assert_allclose(capping.scores(q, k, 2.0, False), k @ (2 * q) / 8.0)
    qn = q / np.sqrt(np.mean(q**2) + 1e-6)
    kn = k / np.sqrt(np.mean(k**2, axis=1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(capping.scores(q, k, 1.0, True), kn @ qn / 8.0)


def test_qk_norm_entropy_ignores_the_query_length_and_plain_entropy_collapses() -> None:
    q, k = capping.example(0)
    scales = np.array(capping.SCALES)
    normed = capping.entropy_by_scale(q, k, scales, True)
    np.testing.assert_allclose(normed, normed[0], atol=1e-4)  # eps aside, RMSNorm(s·q) = RMSNorm(q)
    plain = capping.entropy_by_scale(q, k, scales, False)
    assert plain[0] > 0.9 * np.log(capping.KEYS)  # a short query: nearly uniform
    assert plain[-1] < 0.05  # a long one: (almost) all weight on one key
    assert np.all(np.diff(plain) < 0)
    torch_entropy = variants.entropy(torch.softmax(torch.from_numpy(capping.scores(q, k, 4.0, False)), -1))
    assert float(torch_entropy) == pytest.approx(plain[list(capping.SCALES).index(4.0)], abs=1e-9)


def test_the_soft_cap_takes_the_outliers_weight_down() -> None:
    row = capping.with_outlier(0)
    assert row[3] == 12.0
    raw = capping.softmax(row)[3]
    soft = capping.softmax(capping.soft_cap(row, 5.0))[3]
    clipped = capping.softmax(capping.clip(row, 5.0))[3]
    assert raw > 0.99 and soft < raw and clipped < raw
