"""The zoo's recall task, its cache arithmetic and its training runs (viz.model.zoo)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
import torch

from viz.model import zoo
from viz.model.multihead import SPARSE, VARIANTS, WINDOW


def test_a_batch_asks_every_key_once_and_answers_with_its_value() -> None:
    ids, targets = zoo.batch(50, torch.Generator().manual_seed(0))
    assert ids.shape == targets.shape == (50, zoo.SEQ_LEN)
    p = zoo.PAIRS
    for row, want in zip(ids.tolist(), targets.tolist(), strict=True):
        keys, values = row[0 : 2 * p : 2], row[1 : 2 * p : 2]
        asked, answers = row[2 * p :: 2], row[2 * p + 1 :: 2]
        assert len(set(keys)) == p and all(k < zoo.KEYS for k in keys)
        assert all(zoo.KEYS <= v < zoo.VOCAB for v in values)
        assert sorted(asked) == sorted(keys)
        pairs = dict(zip(keys, values, strict=True))
        assert answers == [pairs[k] for k in asked]
        # only the asked keys' positions have a target: the value that follows them
        assert want[2 * p :: 2] == answers
        assert set(want[: 2 * p]) == {-100} and set(want[2 * p + 1 :: 2]) == {-100}


def test_cache_per_token_follows_each_variant() -> None:
    d_k = 16  # 64 / 4 heads, two layers
    kv = 2 * 4 * d_k
    want = {
        "standard": 2 * kv,
        "mla": 2 * (4 * d_k + d_k // 2),  # DeepSeek-V3's latent of 4 heads' width and half a head of RoPE
        "local_global": kv * WINDOW / 8192 + kv,
        "linear": 2 * (4 * d_k * d_k + 4 * d_k) / 8192,
        "gated_delta": 2 * 4 * d_k * d_k / 8192,
        "sparse": 2 * kv * (1 + 1 / SPARSE[0]),
    }
    for variant in VARIANTS:
        got = zoo.cache_numbers(zoo.ZooConfig(variant=variant))
        assert got == pytest.approx(want.get(variant, 2 * kv)), variant
    # a state does not grow with the context; a cache does
    linear = zoo.ZooConfig(variant="linear")
    assert zoo.cache_numbers(linear, 1024) == pytest.approx(8 * zoo.cache_numbers(linear, 8192))
    assert zoo.cache_numbers(zoo.ZooConfig(), 1024) == zoo.cache_numbers(zoo.ZooConfig(), 8192)


def test_the_first_token_share_is_the_mean_weight_on_token_zero() -> None:
    maps = [torch.zeros(2, 1, 3, 3), torch.zeros(2, 1, 3, 3)]
    maps[0][:, :, :, 0] = 1.0  # every query of layer 1 on the first token
    assert zoo.first_token_share(maps) == pytest.approx(0.5)


@pytest.mark.parametrize("variant", ["standard", "gated_delta"])
def test_a_run_is_deterministic_and_reports_its_table_row(variant: str) -> None:
    config = zoo.ZooConfig(variant=variant, steps=30)  # type: ignore[arg-type]
    a, b = zoo.train(config), zoo.train(config)
    np.testing.assert_array_equal(a.accuracy, b.accuracy)
    np.testing.assert_array_equal(a.steps, [0, 25, 30])
    model = zoo.build(config.model_config())
    assert a.params == sum(p.numel() for p in model.parameters())
    assert a.cache_bytes == zoo.cache_numbers(config) * zoo.CACHE_BYTES
    assert 0.0 <= a.accuracy[0] < 0.2  # chance is 1 in 16 values


def test_the_time_limit_stops_a_run() -> None:
    run = zoo.train(dataclasses.replace(zoo.ZooConfig(), steps=500, time_limit=0.0))
    assert run.stopped and list(run.steps) == [0, 1]


def test_progress_follows_the_nearer_bound_and_stays_in_range() -> None:
    """Reported at each evaluation: the larger of the steps' share and the CPU time's share, never past 1
    (a run that stops on its time limit reports 1 at its end, however few steps it ran)."""
    seen: list[float] = []
    steps_bound = zoo.train(dataclasses.replace(zoo.ZooConfig(), steps=50, time_limit=1e9), seen.append)
    assert seen == [0.5, 1.0] and list(steps_bound.steps) == [0, 25, 50]
    seen.clear()
    time_bound = zoo.train(dataclasses.replace(zoo.ZooConfig(), steps=500, time_limit=0.0), seen.append)
    assert time_bound.stopped and seen == [1.0]
