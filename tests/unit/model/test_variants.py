"""viz.model.variants against each paper's equations written out here in NumPy float64 (one query, one
head at a time, sharing no code with the module), and against torch's fused attention where a variant
reduces to plain attention: differential with λ = 0, the sink logit at -inf, a huge soft cap, MLA's
absorbed and unabsorbed forms, sparse attention whose window covers everything."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import Tensor

from viz.model import variants as V

TOL = 1e-6  # the bar; float64 both sides, so the real differences are ~1e-15


def randn(*shape: int, seed: int) -> Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


def np_softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max())
    return e / e.sum()


def close(got: Tensor, want: np.ndarray | Tensor) -> None:
    want_np = want.numpy() if isinstance(want, Tensor) else want
    np.testing.assert_allclose(got.detach().numpy(), want_np, atol=TOL, rtol=0)


# ---- soft-capping, QK-norm, sink, gate -------------------------------------------------------------------
def test_soft_cap_is_bounded_and_a_huge_cap_changes_nothing() -> None:
    s = randn(2, 3, 5, 5, seed=0) * 40
    capped = V.soft_cap(s, 10.0)
    assert float(capped.abs().max()) < 10.0
    close(capped, 10.0 * np.tanh(s.numpy() / 10.0))
    close(V.soft_cap(s, 1e9), s)
    # below the cap it is nearly the identity; far past it, nearly flat
    assert abs(float(V.soft_cap(torch.tensor(1.0, dtype=torch.float64), 50.0)) - 1.0) < 1e-3
    assert float(V.soft_cap(torch.tensor(500.0, dtype=torch.float64), 50.0)) > 49.99


def test_rms_norm_matches_torch() -> None:
    x, w = randn(4, 7, 16, seed=1), randn(16, seed=2)
    close(V.rms_norm(x, w), F.rms_norm(x, (16,), w, eps=1e-6))


def test_sink_softmax_by_hand_and_at_minus_infinity() -> None:
    s, sink = randn(2, 3, 4, 6, seed=3), randn(3, seed=4)
    mask = torch.ones(4, 6, dtype=torch.bool).tril(2)
    got = V.sink_softmax(s, sink, mask)
    want = np.zeros(s.shape)
    for b in range(2):
        for h in range(3):
            for i in range(4):
                allowed = mask[i].numpy()
                e = np.exp(s[b, h, i].numpy()[allowed])
                want[b, h, i, allowed] = e / (e.sum() + math.exp(float(sink[h])))
    close(got, want)
    assert float(got.sum(-1).max()) < 1.0
    plain = torch.softmax(s.masked_fill(~mask, float("-inf")), -1)
    close(V.sink_softmax(s, torch.full((3,), float("-inf"), dtype=torch.float64), mask), plain)


def test_gate_and_entropy() -> None:
    z, g = randn(2, 3, 4, 5, seed=5), randn(2, 3, 4, 5, seed=6)
    close(V.gate(z, g), z.numpy() / (1 + np.exp(-g.numpy())))
    w = torch.softmax(randn(3, 8, seed=7), -1)
    close(V.entropy(w), -(w.numpy() * np.log(w.numpy())).sum(-1))
    assert float(V.entropy(torch.tensor([1.0, 0.0]))) == 0.0


# ---- differential attention ----------------------------------------------------------------------------
def test_lambda_init_follows_the_schedule() -> None:
    assert V.lambda_init(1) == pytest.approx(0.2)
    assert V.lambda_init(2) == pytest.approx(0.8 - 0.6 * math.exp(-0.3))
    assert 0.79 < V.lambda_init(40) < 0.8
    with pytest.raises(ValueError):
        V.lambda_init(0)


def test_diff_lambda_is_the_formula() -> None:
    a, b, c, d = (randn(8, seed=i) * 0.1 for i in range(4))
    want = math.exp(float(a @ b)) - math.exp(float(c @ d)) + 0.3
    assert float(V.diff_lambda(a, b, c, d, 0.3)) == pytest.approx(want, abs=1e-12)


def test_differential_by_hand_and_lambda_zero_is_plain_attention() -> None:
    q1, k1, q2, k2 = (randn(2, 2, 5, 4, seed=10 + i) for i in range(4))
    v = randn(2, 2, 5, 8, seed=20)
    mask = torch.ones(5, 5, dtype=torch.bool).tril()
    lam = 0.37
    out, weights, first, second = V.differential(q1, k1, q2, k2, v, lam, mask)
    want_w = np.zeros((2, 2, 5, 5))
    for b in range(2):
        for h in range(2):
            for i in range(5):
                s1 = q1[b, h, i].numpy() @ k1[b, h, : i + 1].numpy().T / 2.0
                s2 = q2[b, h, i].numpy() @ k2[b, h, : i + 1].numpy().T / 2.0
                want_w[b, h, i, : i + 1] = np_softmax(s1) - lam * np_softmax(s2)
    close(weights, want_w)
    close(out, want_w @ v.numpy())
    close(weights, first - lam * second)
    plain, _, _, _ = V.differential(q1, k1, q2, k2, v, 0.0, mask)
    close(plain, F.scaled_dot_product_attention(q1, k1, v, is_causal=True))


# ---- multi-head latent attention -----------------------------------------------------------------------
def latent_weights(
    d_model: int, heads: int, d_h: int, d_c: int, d_r: int, seed: int, norm: bool = False
) -> V.LatentWeights:
    s = 1 / math.sqrt(d_model)
    return V.LatentWeights(
        down_kv=randn(d_c, d_model, seed=seed) * s,
        up_k=randn(heads * d_h, d_c, seed=seed + 1) / math.sqrt(d_c),
        up_v=randn(heads * d_h, d_c, seed=seed + 2) / math.sqrt(d_c),
        rope_k=randn(d_r, d_model, seed=seed + 3) * s,
        q=randn(heads * d_h, d_model, seed=seed + 4) * s,
        rope_q=randn(heads * d_r, d_model, seed=seed + 5) * s,
        latent_norm=1 + 0.3 * randn(d_c, seed=seed + 6) if norm else None,
        q_bias=0.5 * randn(heads * d_h, seed=seed + 7) if norm else None,
    )


def np_rope(x: np.ndarray, base: float) -> np.ndarray:
    """Rotate pairs (x_2i, x_2i+1) at position p by p·base^(-2i/d), as complex numbers: (T, d)."""
    t, d = x.shape
    angles = np.arange(t)[:, None] * base ** (-np.arange(0, d, 2) / d)[None, :]
    z = (x[:, 0::2] + 1j * x[:, 1::2]) * np.exp(1j * angles)
    out = np.empty_like(x)
    out[:, 0::2], out[:, 1::2] = z.real, z.imag
    return out


@pytest.mark.parametrize("norm", [False, True])
@pytest.mark.parametrize("absorbed", [False, True])
def test_latent_attention_by_hand(absorbed: bool, norm: bool) -> None:
    d_model, heads, d_h, d_c, d_r, t, base = 24, 3, 8, 6, 4, 7, 10000.0
    w = latent_weights(d_model, heads, d_h, d_c, d_r, seed=30, norm=norm)
    assert (w.latent_norm is not None) == (w.q_bias is not None) == norm
    x = randn(2, t, d_model, seed=40)
    mask = torch.ones(t, t, dtype=torch.bool).tril()
    run = V.latent_attention(x, w, heads, base, mask, absorbed=absorbed)
    for b in range(2):
        xb = x[b].numpy()
        latent = xb @ w.down_kv.numpy().T  # (T, d_c)
        if w.latent_norm is not None:  # RMSNorm: each latent over its root mean square, times the gain
            gain = w.latent_norm.numpy()
            latent = latent / np.sqrt((latent**2).mean(-1, keepdims=True) + V.LATENT_EPS) * gain
        k_rope = np_rope(xb @ w.rope_k.numpy().T, base)  # (T, d_r)
        for h in range(heads):
            rows = slice(h * d_h, (h + 1) * d_h)
            q_content = xb @ w.q.numpy()[rows].T + (0 if w.q_bias is None else w.q_bias.numpy()[rows])
            q = np.concatenate(
                [q_content, np_rope(xb @ w.rope_q.numpy()[h * d_r : (h + 1) * d_r].T, base)], 1
            )
            k = np.concatenate([latent @ w.up_k.numpy()[rows].T, k_rope], 1)
            v = latent @ w.up_v.numpy()[rows].T
            for i in range(t):
                p = np_softmax(q[i] @ k[: i + 1].T / math.sqrt(d_h + d_r))
                np.testing.assert_allclose(run.weights[b, h, i, : i + 1].numpy(), p, atol=TOL, rtol=0)
                np.testing.assert_allclose(run.z[b, h, i].numpy(), p @ v[: i + 1], atol=TOL, rtol=0)
        np.testing.assert_allclose(run.cache[b].numpy(), np.concatenate([latent, k_rope], 1), atol=TOL)
    assert run.cache.shape[-1] == V.latent_cache_numbers(d_c, d_r)


@pytest.mark.parametrize("norm", [False, True])
def test_absorbed_and_unabsorbed_latent_attention_are_equal(norm: bool) -> None:
    w = latent_weights(32, 4, 8, 10, 4, seed=50, norm=norm)
    x = randn(3, 9, 32, seed=60)
    mask = torch.ones(9, 9, dtype=torch.bool).tril()
    a = V.latent_attention(x, w, 4, 500.0, mask)
    b = V.latent_attention(x, w, 4, 500.0, mask, absorbed=True)
    close(a.weights, b.weights)
    close(a.z, b.z)


def test_deepseek_v3_caches_about_57_times_less_than_multi_head() -> None:
    # DeepSeek-V3's config.json: kv_lora_rank 512, qk_rope_head_dim 64, 128 heads of 128
    mla, mha = V.latent_cache_numbers(512, 64), V.mha_cache_numbers(128, 128)
    assert (mla, mha) == (576, 32768)
    assert mha / mla == pytest.approx(56.9, abs=0.1)


# ---- native sparse attention ---------------------------------------------------------------------------
def np_sparse(q: np.ndarray, k: np.ndarray, v: np.ndarray, g: np.ndarray, block: int, top: int, window: int):
    """One head, (T, d): the three branches query by query, as the paper describes them."""
    t, d = q.shape
    nb = t // block
    kb = np.stack([k[j * block : (j + 1) * block].mean(0) for j in range(nb)]) if nb else np.zeros((0, d))
    vb = np.stack([v[j * block : (j + 1) * block].mean(0) for j in range(nb)]) if nb else np.zeros((0, d))
    out = np.zeros((t, v.shape[1]))
    for i in range(t):
        seen = [j for j in range(nb) if (j + 1) * block - 1 <= i]
        o_cmp, blocks = np.zeros(v.shape[1]), {min(i // block, nb)}
        if seen:
            p = np_softmax(q[i] @ kb[seen].T / math.sqrt(d))
            o_cmp = p @ vb[seen]
            order = sorted(range(len(seen)), key=lambda n: (-p[n], n))[:top]
            blocks |= {seen[n] for n in order}
        keys = [j for j in range(i + 1) if min(j // block, nb) in blocks]
        o_slc = np_softmax(q[i] @ k[keys].T / math.sqrt(d)) @ v[keys]
        near = list(range(max(0, i - window + 1), i + 1))
        o_win = np_softmax(q[i] @ k[near].T / math.sqrt(d)) @ v[near]
        s = 1 / (1 + np.exp(-g[i]))
        out[i] = s[0] * o_cmp + s[1] * o_slc + s[2] * o_win
    return out


@pytest.mark.parametrize(("t", "block", "top", "window"), [(16, 4, 2, 4), (13, 3, 1, 5), (6, 8, 2, 2)])
def test_sparse_attention_by_hand(t: int, block: int, top: int, window: int) -> None:
    q, k, v = (randn(2, 2, t, 6, seed=70 + i) for i in range(3))
    g = randn(2, 2, t, 3, seed=80)
    run = V.sparse_attention(q, k, v, g, block, top, window)
    for b in range(2):
        for h in range(2):
            qb, kb, vb, gb = (x[b, h].numpy() for x in (q, k, v, g))
            want = np_sparse(qb, kb, vb, gb, block, top, window)
            np.testing.assert_allclose(run.z[b, h].numpy(), want, atol=TOL, rtol=0)
    close(run.weights @ v, run.z)  # the one map over tokens gives the same output


def test_sparse_attention_with_a_window_over_everything_is_causal_attention() -> None:
    q, k, v = (randn(1, 3, 12, 4, seed=90 + i) for i in range(3))
    only_window = torch.tensor([-800.0, -800.0, 800.0], dtype=torch.float64).expand(1, 3, 12, 3)
    run = V.sparse_attention(q, k, v, only_window, block=4, top_n=1, window=12)
    close(run.z, F.scaled_dot_product_attention(q, k, v, is_causal=True))


def test_selected_blocks_and_keys_read() -> None:
    t, block = 16, 4
    q, k, v = (randn(1, 1, t, 4, seed=100 + i) for i in range(3))
    run = V.sparse_attention(q, k, v, torch.zeros(1, 1, t, 3, dtype=torch.float64), block, 1, 2)
    sel = run.selected[0, 0]
    assert not bool(sel.triu(1).any())  # causal
    for i in range(t):
        own = i // block
        complete = (i + 1) // block
        blocks = {own}
        if complete:  # the best complete block by the compressed branch's weight
            blocks.add(int(run.compressed[0, 0, i, :complete].argmax()))
        want = [j <= i and j // block in blocks for j in range(t)]
        assert sel[i].tolist() == want, i
    reads = V.keys_read(run)[0, 0]
    for i in range(t):
        complete = (i + 1) // block
        distinct = int((run.selected[0, 0, i] | run.window[i]).sum())
        assert int(reads[i]) == complete + distinct
    # at the last query: 4 compressed blocks + at most 2 blocks of tokens and a window of 2
    assert int(reads[-1]) <= 4 + 2 * block + 2 < t
