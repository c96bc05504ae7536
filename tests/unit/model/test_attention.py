"""viz.model.attention against torch's fused attention and against softmax(q kᵀ / √d_k) written out by hand.

Everything runs in float64, so agreement is to rounding (1e-12); the hand-made reference uses NumPy only,
so it shares no code with the module or with torch.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import Tensor

from viz.model.attention import (
    causal_mask,
    combine,
    padding_mask,
    query_padding_mask,
    scaled_dot_product_attention,
)

# Both sides compute the same sums in float64 in a different order: differences are ~1e-15.
ATOL = 1e-12


def randn(*shape: int, seed: int) -> Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


def reference_weights(q: Tensor, k: Tensor, mask: Tensor | None = None) -> np.ndarray:
    """softmax(q kᵀ / √d_k) over the allowed keys, by hand in NumPy float64; all-zero for a row with none."""
    qn, kn = q.numpy(), k.numpy()
    scores = np.einsum("...id,...jd->...ij", qn, kn) / math.sqrt(qn.shape[-1])
    allowed = (
        np.ones(scores.shape, dtype=bool) if mask is None else np.broadcast_to(mask.numpy(), scores.shape)
    )
    flat_s, flat_a = scores.reshape(-1, scores.shape[-1]), allowed.reshape(-1, scores.shape[-1])
    out = np.zeros_like(flat_s)
    for r, (s, a) in enumerate(zip(flat_s, flat_a, strict=True)):
        if a.any():
            e = np.exp(s[a] - s[a].max())
            out[r, a] = e / e.sum()
    return out.reshape(scores.shape)


def random_mask(shape: tuple[int, ...], seed: int) -> Tensor:
    """A random boolean mask with at least one allowed key in every row."""
    rng = np.random.default_rng(seed)
    m = rng.random(shape) < 0.4
    rows = m.reshape(-1, shape[-1])
    rows[np.arange(rows.shape[0]), rng.integers(0, shape[-1], rows.shape[0])] = True
    return torch.from_numpy(rows.reshape(shape).copy())


def check_against_references(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None) -> tuple[Tensor, Tensor]:
    out, weights = scaled_dot_product_attention(q, k, v, mask)
    assert out.shape == (*q.shape[:-1], v.shape[-1])
    assert weights.shape == (*q.shape[:-1], k.shape[-2])
    reference = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)  # same boolean convention
    np.testing.assert_allclose(out.numpy(), reference.numpy(), atol=ATOL, rtol=0)
    np.testing.assert_allclose(weights.numpy(), reference_weights(q, k, mask), atol=ATOL, rtol=0)
    np.testing.assert_allclose(weights.sum(-1).numpy(), 1.0, atol=ATOL)
    if mask is not None:
        hidden = ~torch.broadcast_to(mask, weights.shape)
        assert (weights[hidden] == 0).all()  # exactly 0, not merely small
    return out, weights


# ---- agreement with torch and with the formula ---------------------------------------------------------
SHAPES = [(2, 3, 5, 4), (7, 4), (1, 1, 1, 3), (4, 6, 8)]


@pytest.mark.parametrize("shape", SHAPES)
def test_no_mask_matches_torch(shape: tuple[int, ...]) -> None:
    q, k, v = (randn(*shape, seed=s) for s in (1, 2, 3))
    check_against_references(q, k, v, None)


@pytest.mark.parametrize("shape", SHAPES)
def test_causal_mask_matches_torch(shape: tuple[int, ...]) -> None:
    q, k, v = (randn(*shape, seed=s) for s in (4, 5, 6))
    t = shape[-2]
    _, weights = check_against_references(q, k, v, causal_mask(t))
    upper = torch.ones(t, t, dtype=torch.bool).triu(1)
    assert (weights[..., upper] == 0).all()
    # The first query sees only itself.
    assert (weights[..., 0, 0] == 1).all()


def test_padding_mask_matches_torch() -> None:
    b, h, t, d = 3, 2, 6, 4
    q, k, v = (randn(b, h, t, d, seed=s) for s in (7, 8, 9))
    lengths = (6, 4, 1)
    _, weights = check_against_references(q, k, v, padding_mask(lengths, t))
    for i, n in enumerate(lengths):
        assert (weights[i, ..., n:] == 0).all()  # padded keys get nothing, from every query
        np.testing.assert_allclose(weights[i, ..., :n].sum(-1).numpy(), 1.0, atol=ATOL)


def test_padding_and_causal_combined_match_torch() -> None:
    b, h, t, d = 3, 2, 6, 5
    q, k, v = (randn(b, h, t, d, seed=s) for s in (10, 11, 12))
    lengths = (6, 3, 2)
    mask = combine(padding_mask(lengths, t), causal_mask(t))
    assert mask is not None and mask.shape == (b, 1, t, t)
    _, weights = check_against_references(q, k, v, mask)
    for i, n in enumerate(lengths):
        for row in range(t):
            visible = min(row + 1, n)
            assert (weights[i, :, row, visible:] == 0).all()
            assert (weights[i, :, row, :visible] > 0).all()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_boolean_mask_matches_torch(seed: int) -> None:
    shape = (2, 3, 7, 4)
    q, k, v = (randn(*shape, seed=10 * seed + s) for s in (1, 2, 3))
    mask = random_mask((2, 3, 7, 7), seed)
    assert not mask.all()  # the mask really hides something
    check_against_references(q, k, v, mask)


@pytest.mark.parametrize("masked", [False, True])
def test_cross_attention_with_t_q_different_from_t_k(masked: bool) -> None:
    q = randn(2, 3, 5, 4, seed=20)
    k = randn(2, 3, 9, 4, seed=21)
    v = randn(2, 3, 9, 6, seed=22)  # d_v != d_k
    mask = random_mask((5, 9), 3) if masked else None
    out, weights = check_against_references(q, k, v, mask)
    assert out.shape == (2, 3, 5, 6) and weights.shape == (2, 3, 5, 9)


def test_output_is_weights_times_values() -> None:
    q, k, v = (randn(2, 5, 3, seed=s) for s in (30, 31, 32))
    out, weights = scaled_dot_product_attention(q, k, v, causal_mask(5))
    np.testing.assert_allclose(out.numpy(), weights.numpy() @ v.numpy(), atol=ATOL)


def test_scaling_is_by_the_square_root_of_d_k() -> None:
    """Doubling q and k quadruples q · k; dividing by √d_k (not d_k, not 1) is what the formula fixes."""
    d_k = 16
    q, k, v = (randn(4, d_k, seed=s) for s in (33, 34, 35))
    _, weights = scaled_dot_product_attention(q, k, v)
    by_hand = torch.softmax(q @ k.T / 4.0, dim=-1)  # √16 = 4
    np.testing.assert_allclose(weights.numpy(), by_hand.numpy(), atol=ATOL)
    unscaled = torch.softmax(q @ k.T, dim=-1)
    assert not np.allclose(weights.numpy(), unscaled.numpy(), atol=1e-3)


# ---- queries with nothing to see -----------------------------------------------------------------------
def test_fully_masked_query_row_gives_zeros_not_nan() -> None:
    # torch's own fused function returned NaN for such a row in some versions; we do not depend on it.
    q, k, v = (randn(2, 4, 5, seed=s) for s in (40, 41, 42))
    mask = torch.ones(4, 4, dtype=torch.bool)
    mask[2] = False  # query 2 may see nothing
    out, weights = scaled_dot_product_attention(q, k, v, mask)
    assert not torch.isnan(out).any() and not torch.isnan(weights).any()
    assert (weights[:, 2] == 0).all()
    assert (out[:, 2] == 0).all()
    # The other rows are untouched.
    rest = [0, 1, 3]
    np.testing.assert_allclose(weights[:, rest].numpy(), reference_weights(q, k, mask)[:, rest], atol=ATOL)
    np.testing.assert_allclose(out[:, rest].numpy(), (weights @ v)[:, rest].numpy(), atol=ATOL)
    np.testing.assert_allclose(weights[:, rest].sum(-1).numpy(), 1.0, atol=ATOL)


def test_fully_masked_row_passes_finite_gradients() -> None:
    """The row's NaN must not leak into training either: the gradient stays finite."""
    q = randn(3, 4, seed=43).requires_grad_(True)
    mask = torch.ones(3, 3, dtype=torch.bool)
    mask[1] = False
    out, _ = scaled_dot_product_attention(q, q, q, mask)
    out.sum().backward()
    assert q.grad is not None and torch.isfinite(q.grad).all()


def test_whole_batch_element_fully_masked() -> None:
    b, h, t, d = 2, 3, 5, 4
    q, k, v = (randn(b, h, t, d, seed=s) for s in (44, 45, 46))
    mask = padding_mask((4, 0), t)  # the second sequence has no real token at all
    out, weights = scaled_dot_product_attention(q, k, v, mask)
    assert not torch.isnan(out).any() and not torch.isnan(weights).any()
    assert (weights[1] == 0).all() and (out[1] == 0).all()
    # The first sequence is as if it were alone.
    alone_out, alone_w = scaled_dot_product_attention(q[:1], k[:1], v[:1], padding_mask((4,), t))
    np.testing.assert_array_equal(out[:1].numpy(), alone_out.numpy())
    np.testing.assert_allclose(weights[:1].numpy(), reference_weights(q[:1], k[:1], mask[:1]), atol=ATOL)
    np.testing.assert_array_equal(weights[:1].numpy(), alone_w.numpy())


def test_padded_queries_get_zero_weights_and_zero_output_like_an_explicit_reference() -> None:
    """Padding hides the [PAD] keys, and the query mask also empties the [PAD] queries' rows (the page's
    "padding, [PAD] queries too" mode). Those rows: weights 0 and output 0, not NaN. The reference is
    computed apart: each sequence's real queries alone against its real keys through torch's fused
    attention, and zeros written explicitly for the [PAD] queries."""
    b, h, t, d = 2, 3, 6, 4
    lengths = (6, 2)
    q, k, v = (randn(b, h, t, d, seed=s) for s in (60, 61, 62))
    mask = combine(padding_mask(lengths, t), query_padding_mask(lengths, t))
    assert mask is not None and mask.shape == (b, 1, t, t)
    out, weights = scaled_dot_product_attention(q, k, v, mask)
    assert torch.isfinite(out).all() and torch.isfinite(weights).all()
    expected_out = torch.zeros_like(out)
    expected_w = torch.zeros_like(weights)
    for i, n in enumerate(lengths):
        real_q, real_k, real_v = q[i, :, :n], k[i, :, :n], v[i, :, :n]
        expected_out[i, :, :n] = F.scaled_dot_product_attention(real_q, real_k, real_v)
        expected_w[i, :, :n, :n] = torch.softmax(real_q @ real_k.transpose(-2, -1) / math.sqrt(d), -1)
    np.testing.assert_allclose(out.numpy(), expected_out.numpy(), atol=ATOL, rtol=0)
    np.testing.assert_allclose(weights.numpy(), expected_w.numpy(), atol=ATOL, rtol=0)
    assert (weights[1, :, 2:] == 0).all() and (out[1, :, 2:] == 0).all()
    np.testing.assert_allclose(weights[1, :, :2].sum(-1).numpy(), 1.0, atol=ATOL)
    # Without the handling, softmax over those rows (all -inf) would be 0 / 0.
    scores = (q @ k.transpose(-2, -1)).masked_fill(~mask, float("-inf"))
    assert torch.isnan(torch.softmax(scores, -1)[1, :, 2:]).all()
    assert not torch.isnan(torch.softmax(scores, -1)[0]).any()


def test_query_padding_mask_values() -> None:
    lengths, t = (4, 2, 0), 4
    m = query_padding_mask(lengths, t)
    assert m.shape == (3, 1, t, 1) and m.dtype == torch.bool
    np.testing.assert_array_equal(m[:, 0, :, 0].numpy(), [[1, 1, 1, 1], [1, 1, 0, 0], [0, 0, 0, 0]])
    both = combine(padding_mask(lengths, t), m)
    assert both is not None
    np.testing.assert_array_equal(
        both[1, 0].numpy(), [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    )


# ---- the mask argument ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64, torch.uint8])
def test_non_boolean_mask_is_rejected(dtype: torch.dtype) -> None:
    q = randn(3, 4, seed=50)
    # An additive float mask (0 / -inf) or a 0/1 integer mask would silently mean something else.
    mask = torch.zeros(3, 3, dtype=dtype)
    with pytest.raises(TypeError, match="boolean"):
        scaled_dot_product_attention(q, q, q, mask)


def test_mask_broadcasts_from_t_t_to_every_batch_and_head() -> None:
    b, h, t, d = 2, 3, 6, 4
    q, k, v = (randn(b, h, t, d, seed=s) for s in (51, 52, 53))
    small = random_mask((t, t), 4)
    out_small, w_small = scaled_dot_product_attention(q, k, v, small)
    out_full, w_full = scaled_dot_product_attention(q, k, v, small.expand(b, h, t, t).clone())
    np.testing.assert_array_equal(out_small.numpy(), out_full.numpy())
    np.testing.assert_array_equal(w_small.numpy(), w_full.numpy())
    for i in range(b):
        for j in range(h):
            assert (w_small[i, j][~small] == 0).all()
    np.testing.assert_allclose(w_small.numpy(), reference_weights(q, k, small), atol=ATOL)


# ---- the mask builders ---------------------------------------------------------------------------------
@pytest.mark.parametrize("t", [1, 2, 5])
def test_causal_mask_values(t: int) -> None:
    m = causal_mask(t)
    assert m.shape == (t, t) and m.dtype == torch.bool
    expected = np.array([[j <= i for j in range(t)] for i in range(t)])
    np.testing.assert_array_equal(m.numpy(), expected)


def test_padding_mask_values() -> None:
    lengths, t = (5, 3, 1, 0), 5
    m = padding_mask(lengths, t)
    assert m.shape == (4, 1, 1, t) and m.dtype == torch.bool
    expected = np.array([[j < n for j in range(t)] for n in lengths])
    np.testing.assert_array_equal(m[:, 0, 0].numpy(), expected)
    np.testing.assert_array_equal(padding_mask([2, 4], 4)[:, 0, 0].numpy(), [[1, 1, 0, 0], [1, 1, 1, 1]])


def test_combine() -> None:
    assert combine() is None
    assert combine(None, None) is None
    a = random_mask((3, 4, 4), 5)
    b = random_mask((3, 4, 4), 6)
    only = combine(None, a, None)
    assert only is not None
    np.testing.assert_array_equal(only.numpy(), a.numpy())
    both = combine(a, None, b)
    assert both is not None
    np.testing.assert_array_equal(both.numpy(), a.numpy() & b.numpy())
    # A padding mask and a causal mask broadcast to (B, 1, T, T).
    pad, causal = padding_mask((4, 2), 4), causal_mask(4)
    together = combine(pad, causal)
    assert together is not None and together.shape == (2, 1, 4, 4)
    for i, n in enumerate((4, 2)):
        expected = np.array([[j <= r and j < n for j in range(4)] for r in range(4)])
        np.testing.assert_array_equal(together[i, 0].numpy(), expected)
