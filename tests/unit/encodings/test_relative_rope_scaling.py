"""Relative position biases (ALiBi, T5's buckets, KERPLE) and RoPE's scaling methods (Position
Interpolation, NTK-aware, YaRN) against their papers' numbers and against ``transformers``' own code."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from viz.encodings import relative, rope_scaling
from viz.encodings.sinusoid import frequencies


# ---- ALiBi ----------------------------------------------------------------------------------------------
def test_alibi_slopes_for_8_heads_are_the_papers() -> None:
    np.testing.assert_allclose(relative.alibi_slopes(8), [2.0**-k for k in range(1, 9)])  # 1/2 ... 1/256
    np.testing.assert_allclose(relative.alibi_slopes(16)[:2], [2**-0.5, 2**-1.0])


@pytest.mark.parametrize("heads", [1, 2, 3, 5, 6, 8, 12, 16, 20, 24, 32])
def test_alibi_slopes_match_transformers_for_any_head_count(heads: int) -> None:
    from transformers.models.bloom.modeling_bloom import build_alibi_tensor

    theirs = build_alibi_tensor(torch.ones(1, 2, dtype=torch.long), heads, torch.float64)[:, 0, 1]
    # transformers computes the slopes in float32
    np.testing.assert_allclose(relative.alibi_slopes(heads), theirs.numpy(), rtol=1e-6)


def test_alibi_bias_is_minus_slope_times_distance_behind_and_masked_ahead() -> None:
    bias = relative.alibi(6, 4)
    slopes = relative.alibi_slopes(4)
    for h in range(4):
        for i in range(6):
            for j in range(6):
                want = -slopes[h] * (i - j) if j <= i else -np.inf
                assert bias[h, i, j] == want
    sym = relative.alibi(6, 4, causal=False)
    np.testing.assert_array_equal(sym, -relative.alibi_slopes(4)[:, None, None] * np.abs(relative.offsets(6)))


def test_alibi_is_bloom_s_bias_up_to_a_constant_per_query() -> None:
    # BLOOM adds m * j for key j to every query (transformers' build_alibi_tensor), relying on softmax
    # ignoring a constant per row: -m (i - j) = m j - m i differs from it by -m i on the keys a query sees
    from transformers.models.bloom.modeling_bloom import build_alibi_tensor

    heads, length = 8, 10
    bloom = build_alibi_tensor(torch.ones(1, length, dtype=torch.long), heads, torch.float64)[:, 0, :].numpy()
    ours = relative.alibi(length, heads)
    for h in range(heads):
        for i in range(length):
            shift = ours[h, i, : i + 1] - bloom[h, : i + 1]
            np.testing.assert_allclose(shift, shift[0], atol=1e-6)  # one constant over the row's keys
            np.testing.assert_allclose(shift[0], -relative.alibi_slopes(heads)[h] * i, rtol=1e-6)


# ---- T5 ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bidirectional", [True, False])
@pytest.mark.parametrize(("num_buckets", "max_distance"), [(32, 128), (8, 20), (16, 1000), (64, 64)])
def test_t5_buckets_match_transformers(bidirectional: bool, num_buckets: int, max_distance: int) -> None:
    from transformers.models.t5.modeling_t5 import T5Attention

    rel = np.arange(-3000, 3001)
    theirs = T5Attention._relative_position_bucket(
        torch.from_numpy(rel), bidirectional=bidirectional, num_buckets=num_buckets, max_distance=max_distance
    )
    ours = relative.t5_bucket(
        rel, bidirectional=bidirectional, num_buckets=num_buckets, max_distance=max_distance
    )
    np.testing.assert_array_equal(ours, theirs.numpy())


def test_a_max_distance_within_the_exact_buckets_is_refused() -> None:
    # 16 of 64 bidirectional buckets are exact per direction: a max distance of 16 leaves the log ones no room
    with pytest.raises(ValueError, match="max_distance must exceed"):
        relative.t5_bucket(np.arange(40), num_buckets=64, max_distance=16)
    with pytest.raises(ValueError, match="max_distance must exceed"):
        relative.t5_bucket(np.arange(40), bidirectional=False, num_buckets=32, max_distance=16)
    assert relative.t5_bucket(np.arange(40), num_buckets=64, max_distance=17).max() < 64


def test_t5_buckets_are_exact_below_half_and_logarithmic_up_to_max_distance() -> None:
    behind = -np.arange(0, 400)  # keys behind the query: T5's relative position is negative
    b = relative.t5_bucket(behind, bidirectional=False, num_buckets=32, max_distance=128)
    np.testing.assert_array_equal(b[:16], np.arange(16))  # one bucket per offset below 32 / 2
    assert np.all(np.diff(b) >= 0) and b[100] < 31 and np.all(b[128:] == 31)  # the last from ~112 on
    widths = np.bincount(b)[16:31]
    assert widths[-3:].sum() > 3 * widths[:3].sum()  # buckets widen with distance (floors make steps)
    assert np.all(relative.t5_bucket(np.arange(1, 50), bidirectional=False) == 0)  # no future keys


# ---- KERPLE ---------------------------------------------------------------------------------------------
def test_kerple_log_is_its_formula() -> None:
    bias = relative.kerple_log(9, np.array([1.0, 2.0]), np.array([0.5, 3.0]))
    for h, (r1, r2) in enumerate([(1.0, 0.5), (2.0, 3.0)]):
        for i, j in [(0, 0), (5, 2), (8, 0)]:
            assert bias[h, i, j] == pytest.approx(-r1 * math.log(1 + r2 * (i - j)))
    assert bias[0, 2, 5] == -np.inf
    with pytest.raises(ValueError, match="r1 and r2"):
        relative.kerple_log(4, 0.0, 1.0)


def test_by_distance_reads_the_last_row_backwards() -> None:
    d, values = relative.by_distance(relative.alibi(5, 2))
    np.testing.assert_array_equal(d, np.arange(5))
    np.testing.assert_allclose(values, -relative.alibi_slopes(2)[:, None] * d[None, :])


# ---- RoPE scaling -------------------------------------------------------------------------------------
def hf_config(d_head: int, base: float, scale: float, train_len: int, kind: str):
    from transformers import LlamaConfig

    params: dict[str, object] = {"rope_type": kind, "rope_theta": base, "factor": scale}
    if kind == "yarn":
        params["original_max_position_embeddings"] = train_len
    return LlamaConfig(
        hidden_size=d_head * 2,
        num_attention_heads=2,
        max_position_embeddings=int(train_len * scale),
        rope_parameters=params,
    )


@pytest.mark.parametrize(
    ("d_head", "base", "scale", "train_len"),
    [(64, 10000.0, 4.0, 2048), (128, 500000.0, 8.0, 8192), (32, 10000.0, 2.0, 512), (16, 100.0, 16.0, 64)],
)
def test_pi_and_yarn_match_transformers(d_head: int, base: float, scale: float, train_len: int) -> None:
    from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS

    for kind, method in (("linear", "pi"), ("yarn", "yarn")):
        config = hf_config(d_head, base, scale, train_len, kind)
        inv_freq, factor = ROPE_INIT_FUNCTIONS[kind](config, "cpu")
        ours = rope_scaling.scaled_frequencies(method, d_head, base, scale, train_len)  # type: ignore[arg-type]
        np.testing.assert_allclose(ours, inv_freq.numpy(), rtol=1e-5)
        if kind == "yarn":
            assert rope_scaling.yarn_temperature(scale) == pytest.approx(factor)


def test_ntk_base_is_the_formula_and_matches_dynamic_ntk_at_its_fixed_point() -> None:
    from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS

    d, base, s, length = 64, 10000.0, 4.0, 2048
    assert rope_scaling.ntk_base(base, s, d) == pytest.approx(base * s ** (64 / 62))
    # transformers' dynamic NTK raises the base by (s * T / L - (s - 1))^(d / (d - 2)) at length T;
    # that is s^(d / (d - 2)) at T = L (2s - 1) / s
    config = hf_config(d, base, s, length, "dynamic")
    config.max_position_embeddings = length
    inv_freq, _ = ROPE_INIT_FUNCTIONS["dynamic"](config, "cpu", seq_len=int(length * (2 * s - 1) / s))
    ours = rope_scaling.scaled_frequencies("ntk", d, base, s, length)
    np.testing.assert_allclose(ours, inv_freq.numpy(), rtol=1e-5)
    theta = frequencies(d, base)[: d // 2]
    assert ours[0] == theta[0] and ours[-1] == pytest.approx(theta[-1] / s)  # fastest kept, slowest / s


def test_yarn_ramp_at_its_ends() -> None:
    d, base, length = 128, 10000.0, 4096
    ramp = rope_scaling.yarn_ramp(d, base, length)
    turns = length * frequencies(d, base)[: d // 2] / (2 * np.pi)  # full turns of each pair over L
    assert np.all(ramp[turns > rope_scaling.YARN_BETA + 1] == 0)  # fast pairs keep their frequency
    assert np.all(ramp[turns < rope_scaling.YARN_ALPHA / 2] == 1)  # slow pairs are interpolated
    assert np.all(np.diff(ramp) >= 0)
    s = 8.0
    yarn = rope_scaling.scaled_frequencies("yarn", d, base, s, length)
    theta = frequencies(d, base)[: d // 2]
    np.testing.assert_array_equal(yarn[ramp == 0], theta[ramp == 0])
    np.testing.assert_allclose(yarn[ramp == 1], theta[ramp == 1] / s)
    assert rope_scaling.yarn_temperature(1.0) == 1.0
    assert rope_scaling.yarn_temperature(math.e) == pytest.approx(1.1)


def test_score_by_distance_is_one_at_zero_and_the_mean_cosine() -> None:
    theta = frequencies(8, 100.0)[:4]
    scores = rope_scaling.score_by_distance(theta, np.array([0, 3]))
    assert scores[0] == 1.0
    assert scores[1] == pytest.approx(np.mean(np.cos(3 * theta)))
    assert rope_scaling.score_by_distance(theta, np.array([0]), factor=1.1)[0] == pytest.approx(1.21)


def test_score_window_is_the_mean_of_the_score_over_the_window() -> None:
    theta = frequencies(16, 10000.0)[:8]
    lo, hi = np.array([1.0, 10.0, 500.0, 3.0]), np.array([1.1, 11.0, 550.0, 3.0])
    fine = [np.linspace(a, b, 200_001) for a, b in zip(lo, hi, strict=True)]
    want = [rope_scaling.score_by_distance(theta, x).mean() for x in fine]  # a dense Riemann mean
    np.testing.assert_allclose(rope_scaling.score_window(theta, lo, hi), want, atol=1e-6)
    assert rope_scaling.score_window(theta, np.array([0.0]), np.array([0.0]), factor=2.0)[0] == 4.0


def test_xpos_decay_bases_are_the_reference_codes() -> None:
    d = 64
    reference = (np.arange(0, d, 2) + 0.4 * d) / (1.4 * d)  # torchscale's XPOS "scale" buffer
    np.testing.assert_allclose(rope_scaling.xpos_zeta(d), reference, rtol=1e-12)


def test_rope_and_xpos_scores_are_what_rotating_and_scaling_q_and_k_give() -> None:
    from viz.encodings import rope_rotate

    d, base = 16, 10000.0
    v = np.full(d, 1.0 / np.sqrt(d))  # a unit vector, every pair at the same angle
    zeta = np.repeat(rope_scaling.xpos_zeta(d), 2)
    theta = frequencies(d, base)[: d // 2]
    for n, m in [(5, 5), (9, 2), (700, 100), (2000, 0)]:
        q, k = rope_rotate(v, np.array([n]), base)[0], rope_rotate(v, np.array([m]), base)[0]
        assert rope_scaling.score_by_distance(theta, np.array([n - m]))[0] == pytest.approx(q @ k)
        xq, xk = q * zeta ** (n / 512.0), k * zeta ** (-m / 512.0)
        assert rope_scaling.xpos_score(d, base, np.array([n - m]))[0] == pytest.approx(xq @ xk)


def test_roformers_upper_bound_is_its_sum_and_falls() -> None:
    d, base = 8, 10000.0
    theta = frequencies(d, base)[: d // 2]
    for x in (0, 3, 77):
        partial = [abs(sum(np.exp(1j * x * theta[k]) for k in range(j))) for j in range(1, d // 2 + 1)]
        assert rope_scaling.relative_upper_bound(d, base, np.array([x]))[0] == pytest.approx(np.mean(partial))
    bound = rope_scaling.relative_upper_bound(128, base, np.arange(257))
    assert bound[0] == pytest.approx(32.5) and bound[256] < bound[0] / 4  # (d/2 + 1) / 2 at 0, then falls


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="even head width"):
        rope_scaling.scaled_frequencies("pi", 7, 10000.0, 2.0, 100)
    with pytest.raises(ValueError, match="unknown bias scheme"):
        relative.as_scheme("nope")
