"""Grouped-query attention on the live model against torch's own (scaled_dot_product_attention with
enable_gqa), and the KV-cache sizes it saves."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from torch.nn import functional as F

from viz.model import encoder, kv_cache


@pytest.mark.parametrize(("heads", "kv"), [(8, 8), (8, 4), (8, 2), (8, 1), (6, 3), (4, 1)])
def test_grouped_query_attention_matches_torchs(heads: int, kv: int) -> None:
    config = encoder.ModelConfig(d_model=48, n_heads=heads, kv_heads=kv, encoding="none", seed=3)
    net = encoder.build(config)
    attn = net.attention(0)
    assert attn.w_k.out_features == attn.w_v.out_features == kv * (48 // heads)
    x = torch.randn(2, 7, 48, generator=torch.Generator().manual_seed(1))
    mask = torch.tril(torch.ones(7, 7, dtype=torch.bool))
    with torch.no_grad():
        ours = attn.parts(x, mask[None, None])
        b, t, d_k = 2, 7, 48 // heads
        q = attn.w_q(x).view(b, t, heads, d_k).transpose(1, 2)
        k = attn.w_k(x).view(b, t, kv, d_k).transpose(1, 2)  # (B, kv, T, d_k): not repeated
        v = attn.w_v(x).view(b, t, kv, d_k).transpose(1, 2)
        theirs = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
    np.testing.assert_allclose(ours.z.numpy(), theirs.numpy(), atol=1e-6)
    # the heads of one group read the same keys and values
    group = heads // kv
    for h in range(heads):
        assert torch.equal(ours.k[:, h], ours.k[:, (h // group) * group])


@pytest.mark.parametrize(("heads", "kv"), [(8, 2), (4, 1)])
def test_grouped_query_attention_with_rope_matches_torchs(heads: int, kv: int) -> None:
    from viz.model.attention import rope_apply, rope_tables

    config = encoder.ModelConfig(d_model=32, n_heads=heads, kv_heads=kv, encoding="rope", seed=2)
    attn = encoder.build(config).attention(0)
    x = torch.randn(1, 9, 32, generator=torch.Generator().manual_seed(4))
    d_k = 32 // heads
    with torch.no_grad():
        ours = attn.parts(x)
        cos, sin = rope_tables(9, d_k, 10000.0)
        q = rope_apply(attn.w_q(x).view(1, 9, heads, d_k).transpose(1, 2), cos, sin)
        k = rope_apply(attn.w_k(x).view(1, 9, kv, d_k).transpose(1, 2), cos, sin)  # rotated, not repeated
        v = attn.w_v(x).view(1, 9, kv, d_k).transpose(1, 2)
        theirs = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
    np.testing.assert_allclose(ours.z.numpy(), theirs.numpy(), atol=1e-6)


def test_equal_kv_heads_is_the_paper_multi_head_model_unchanged() -> None:
    a = encoder.build(encoder.ModelConfig(d_model=32, n_heads=4, seed=5))
    b = encoder.build(encoder.ModelConfig(d_model=32, n_heads=4, seed=5, kv_heads=4))
    for pa, pb in zip(a.parameters(), b.parameters(), strict=True):
        assert torch.equal(pa, pb)


def test_kv_heads_that_do_not_divide_are_refused() -> None:
    with pytest.raises(ValueError, match="key/value heads do not divide"):
        encoder.ModelConfig(d_model=32, n_heads=4, kv_heads=3)
    with pytest.raises(ValueError, match="key/value heads do not divide"):
        encoder.ModelConfig(d_model=32, n_heads=4, kv_heads=8)


def test_kv_cache_bytes_are_the_issues_llama_3_example() -> None:
    llama3 = kv_cache.MODELS["llama3_8b"]
    assert kv_cache.bytes_per_token(llama3) == 128 * 1024  # 32 layers x 8 KV heads of 128, 16-bit
    mha = kv_cache.Shape("mha", layers=32, kv_heads=32, d_head=128)
    assert kv_cache.bytes_per_token(mha) == 4 * kv_cache.bytes_per_token(llama3)
    assert kv_cache.total_bytes(llama3, 8192) == 8192 * 128 * 1024  # 1 GiB for 8,192 tokens
    live = kv_cache.live(
        encoder.ModelConfig(d_model=128, n_heads=8, n_layers=2, kv_heads=2), bytes_per_number=4
    )
    assert kv_cache.bytes_per_token(live) == 2 * 2 * 2 * 16 * 4
