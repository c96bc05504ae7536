"""The attention variants a 2025-26 course teaches beyond the 2017 paper, as functions of tensors, each
written from its paper's equations and returning its weights so a page can draw them:

- multi-head latent attention (DeepSeek-V2, arXiv 2405.04434): keys and values rebuilt from one shared
  latent per token, plus a small decoupled RoPE key; the cache keeps only the latent and that key;
- differential attention (Ye et al., ICLR 2025, arXiv 2410.05258): the difference of two softmax maps;
- gated attention (Qiu et al., NeurIPS 2025, arXiv 2505.06708): a sigmoid gate on each head's output;
- a learned sink logit (gpt-oss): one more logit per head in the softmax's denominator;
- QK-norm (OLMo 2, Gemma 3) and logit soft-capping (Gemma 2);
- native sparse attention (Yuan et al., arXiv 2502.11089): compressed blocks, the top blocks they
  point to, and a local window, mixed by gates.

Linear attention and the gated delta rule, which keep a state instead of a cache, are in
:mod:`viz.model.linear`. Shapes: q, k, v are (B, H, T, d); masks are boolean, True = may attend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import Tensor
from torch.nn import functional as F

from viz.model.attention import causal_mask, rope_apply, rope_tables, scaled_dot_product_attention


# ---- soft-capping, QK-norm, the sink logit, the output gate ------------------------------------------
def soft_cap(scores: Tensor, cap: float) -> Tensor:
    """cap · tanh(scores / cap): close to the identity for |scores| ≪ cap, never beyond ±cap, and smooth
    (clipping at ±cap would stop the gradient of every score past it)."""
    return cap * torch.tanh(scores / cap)


def rms_norm(x: Tensor, weight: Tensor | None = None, eps: float = 1e-6) -> Tensor:
    """x / sqrt(mean(x²) + eps) over the last axis, times ``weight`` if given (RMSNorm)."""
    out = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return out if weight is None else out * weight


def masked_scores(scores: Tensor, mask: Tensor | None) -> Tensor:
    return scores if mask is None else scores.masked_fill(~mask, float("-inf"))


def sink_softmax(scores: Tensor, sink: Tensor, mask: Tensor | None = None) -> Tensor:
    """Softmax over the keys and one more logit per head that belongs to no key (gpt-oss's sinks):
    w_ij = exp(s_ij) / (exp(sink_h) + Σ_j exp(s_ij)). scores: (B, H, T, S), sink: (H,). A head can
    thus put weight on nothing instead of dumping it on the first token; the rows sum to less than 1.
    sink → -inf gives the plain softmax."""
    b, h, t, _ = scores.shape
    extra = sink.to(scores.dtype).view(1, h, 1, 1).expand(b, h, t, 1)
    full = torch.cat([masked_scores(scores, mask), extra], dim=-1)
    return torch.softmax(full, dim=-1)[..., :-1]


def gate(z: Tensor, logits: Tensor) -> Tensor:
    """Each head's output times a sigmoid gate computed from the layer's input: z ⊙ σ(x W_θ), both
    (B, H, T, d) (elementwise and head-specific, the paper's best place: right after attention). The live
    model adds an offset to the logits first (viz.model.multihead.GATE_BIAS)."""
    return z * torch.sigmoid(logits)


def entropy(weights: Tensor) -> Tensor:
    """-Σ w log w over the last axis (0 · log 0 = 0), in nats."""
    return -(weights * torch.log(weights.clamp_min(1e-30))).sum(-1)


# ---- differential attention -----------------------------------------------------------------------------
def lambda_init(layer: int) -> float:
    """The paper's starting λ for 1-based ``layer``: 0.8 - 0.6 · exp(-0.3 · (layer - 1)), rising with
    depth from 0.2 towards 0.8."""
    if layer < 1:
        raise ValueError(f"layers count from 1, got {layer}")
    return 0.8 - 0.6 * math.exp(-0.3 * (layer - 1))


def diff_lambda(lq1: Tensor, lk1: Tensor, lq2: Tensor, lk2: Tensor, init: float) -> Tensor:
    """λ = exp(λ_q1 · λ_k1) - exp(λ_q2 · λ_k2) + λ_init, learned through four vectors."""
    return torch.exp((lq1 * lk1).sum()) - torch.exp((lq2 * lk2).sum()) + init


def differential(
    q1: Tensor, k1: Tensor, q2: Tensor, k2: Tensor, v: Tensor, lam: Tensor | float, mask: Tensor | None = None
) -> tuple[Tensor, Tensor, Tensor, Tensor]:
    """(softmax(q1 k1ᵀ/√d) - λ softmax(q2 k2ᵀ/√d)) v, with d the width of q1.

    Returns (output (B, H, T, d_v), the difference map, the first map, the second map), maps
    (B, H, T, S). Noise both maps share (weight on a distractor) cancels in the difference; λ = 0 gives
    plain attention with q1, k1."""
    _, first = scaled_dot_product_attention(q1, k1, v, mask)
    _, second = scaled_dot_product_attention(q2, k2, v, mask)
    weights = first - lam * second
    return weights @ v, weights, first, second


# ---- multi-head latent attention ------------------------------------------------------------------------
@dataclass(frozen=True)
class LatentWeights:
    """The projections of multi-head latent attention (rows = outputs, as ``nn.Linear.weight``).

    Queries are not compressed here (DeepSeek compresses them too, to save activation memory in training;
    it does not change the cache)."""

    down_kv: Tensor  # (d_c, d_model): c_kv = x W_DKV, the latent the cache keeps
    up_k: Tensor  # (H * d_h, d_c): content keys from the latent
    up_v: Tensor  # (H * d_h, d_c): values from the latent
    rope_k: Tensor  # (d_r, d_model): the decoupled key, one per token shared by every head, rotated
    q: Tensor  # (H * d_h, d_model): content queries
    rope_q: Tensor  # (H * d_r, d_model): the queries' decoupled part, rotated
    # (d_c,): the latent's RMSNorm gain, as DeepSeek's code normalises c_kv before the up-projections
    # (kv_a_layernorm; the paper's equations leave it out); None: no norm
    latent_norm: Tensor | None = None
    # (H * d_h,): the content queries' bias (the live model's query projection has one; DeepSeek's none)
    q_bias: Tensor | None = None

    @property
    def d_c(self) -> int:
        return int(self.down_kv.shape[0])

    @property
    def d_r(self) -> int:
        return int(self.rope_k.shape[0])


@dataclass(frozen=True)
class LatentRun:
    """What multi-head latent attention computed: its output, weights and the cache it keeps per token."""

    z: Tensor  # (B, H, T, d_h)
    weights: Tensor  # (B, H, T, T)
    cache: Tensor  # (B, T, d_c + d_r): the latent and the rotated shared key


def _heads(x: Tensor, heads: int) -> Tensor:
    b, t, width = x.shape
    return x.view(b, t, heads, width // heads).transpose(1, 2)  # (B, H, T, width / H)


#: The latent RMSNorm's epsilon (DeepSeek-V2's rms_norm_eps).
LATENT_EPS = 1e-6


def latent_attention(
    x: Tensor, w: LatentWeights, heads: int, base: float, mask: Tensor | None = None, absorbed: bool = False
) -> LatentRun:
    """Multi-head latent attention for x: (B, T, d_model).

    q_i = [q^C_i; RoPE(q^R_i)], k_i = [W^UK_i c_kv; RoPE(k^R)], v_i = W^UV_i c_kv; scores / √(d_h + d_r).
    ``absorbed`` computes the same without ever building the keys: q^C_i · (W^UK_i c) = (W^UK_iᵀ q^C_i) · c,
    so each query is moved into the latent space once and scored against the cached latents directly,
    and the values are taken from the latents after the weighting (what DeepSeek serves).
    """
    t = x.shape[1]
    latent = F.linear(x, w.down_kv)  # (B, T, d_c)
    if w.latent_norm is not None:
        latent = F.rms_norm(latent, (w.d_c,), w.latent_norm, eps=LATENT_EPS)
    cos, sin = rope_tables(t, w.d_r, base, dtype=x.dtype)
    k_rope = rope_apply(F.linear(x, w.rope_k), cos, sin)  # (B, T, d_r): one per token
    q_content = _heads(F.linear(x, w.q, w.q_bias), heads)  # (B, H, T, d_h)
    q_rope = rope_apply(_heads(F.linear(x, w.rope_q), heads), cos, sin)  # (B, H, T, d_r)
    d_h = q_content.shape[-1]
    up_k = w.up_k.view(heads, d_h, w.d_c)  # (H, d_h, d_c)
    up_v = w.up_v.view(heads, d_h, w.d_c)
    rope_scores = q_rope @ k_rope[:, None].transpose(-2, -1)  # (B, H, T, T)
    if absorbed:
        q_latent = q_content @ up_k  # (B, H, T, d_c): W^UK_iᵀ q^C_i
        content = q_latent @ latent[:, None].transpose(-2, -1)  # (B, H, T, T)
    else:
        k_content = torch.einsum("btc,hdc->bhtd", latent, up_k)  # (B, H, T, d_h)
        content = q_content @ k_content.transpose(-2, -1)
    scores = (content + rope_scores) / math.sqrt(d_h + w.d_r)
    weights = torch.nan_to_num(torch.softmax(masked_scores(scores, mask), dim=-1), nan=0.0)
    if absorbed:
        z = torch.einsum("bhts,bsc,hdc->bhtd", weights, latent, up_v)
    else:
        z = weights @ torch.einsum("btc,hdc->bhtd", latent, up_v)
    return LatentRun(z, weights, torch.cat([latent, k_rope], dim=-1))


def latent_cache_numbers(d_c: int, d_r: int) -> int:
    """Numbers cached per token and layer by multi-head latent attention: the latent and the shared key."""
    return d_c + d_r


def mha_cache_numbers(kv_heads: int, d_head: int) -> int:
    """Numbers cached per token and layer by (grouped-query) multi-head attention: a key and a value per
    key/value head."""
    return 2 * kv_heads * d_head


# ---- native sparse attention ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SparseRun:
    """What native sparse attention computed for each query: its output, the three branches' reads, and
    the one map over tokens that gives the same output (O = weights · V)."""

    z: Tensor  # (B, H, T, d)
    weights: Tensor  # (B, H, T, T): effective weight of every token
    compressed: Tensor  # (B, H, T, nb): the weights over the compressed blocks
    selected: Tensor  # (B, H, T, T) bool: tokens of the selected blocks
    window: Tensor  # (T, T) bool: tokens of the local window
    gates: Tensor  # (B, H, T, 3): the compressed, selected and window branches' gates
    block: int  # tokens per compressed (and selected) block


def block_visible(t: int, block: int) -> Tensor:
    """(T, nb) bool: block b (tokens b·block .. (b+1)·block - 1) is complete by query i (its last token
    is at or before i), so a compressed key for it exists."""
    nb = t // block
    ends = torch.arange(nb) * block + block - 1
    return torch.arange(t)[:, None] >= ends[None, :]


def window_mask(t: int, window: int) -> Tensor:
    """(T, T) bool: the last ``window`` tokens up to and including the query."""
    i, j = torch.arange(t)[:, None], torch.arange(t)[None, :]
    return (j <= i) & (j > i - window)


def select_blocks(compressed: Tensor, block: int, top_n: int, t: int) -> Tensor:
    """(B, H, T, T) bool: for each query, the tokens of its ``top_n`` highest-weighted complete blocks
    (by the compressed branch's weights; ties to the earlier block) and of the block it stands in, up to
    itself."""
    b, h, _, nb = compressed.shape
    pick = torch.zeros(b, h, t, nb + 1, dtype=torch.bool)  # block nb: a trailing partial block
    if nb and top_n > 0:
        # visible blocks' weights; invisible ones -1 so they are never chosen over a real block
        visible = block_visible(t, block)
        ranked = torch.where(visible, compressed, torch.full_like(compressed, -1.0))
        top = ranked.argsort(dim=-1, descending=True, stable=True)[..., : min(top_n, nb)]
        chosen = torch.zeros_like(pick[..., :nb]).scatter(-1, top, True) & visible
        pick[..., :nb] = chosen
    own = torch.clamp(torch.arange(t) // block, max=nb)  # the block each query stands in
    pick[..., torch.arange(t), own] = True
    token_block = torch.clamp(torch.arange(t) // block, max=nb)  # (T,): which block each key is in
    selected = pick[..., token_block]  # (B, H, T, T)
    return selected & causal_mask(t)


def sparse_attention(
    q: Tensor, k: Tensor, v: Tensor, gate_logits: Tensor, block: int, top_n: int, window: int
) -> SparseRun:
    """Causal native sparse attention with mean-pooled blocks (the paper learns the pooling with a small
    MLP; the mean keeps the picture simple): o = g_cmp · o_cmp + g_slc · o_slc + g_win · o_win, each
    branch plain attention over fewer keys, and g = σ(gate_logits), gate_logits (B, H, T, 3)."""
    b, h, t, d = q.shape
    nb = t // block
    k_blocks = k[..., : nb * block, :].reshape(b, h, nb, block, d).mean(-2)  # (B, H, nb, d)
    v_blocks = v[..., : nb * block, :].reshape(b, h, nb, block, d).mean(-2)
    o_cmp, p_cmp = scaled_dot_product_attention(q, k_blocks, v_blocks, block_visible(t, block))
    selected = select_blocks(p_cmp, block, top_n, t)
    o_slc, p_slc = scaled_dot_product_attention(q, k, v, selected)
    local = window_mask(t, window)
    o_win, p_win = scaled_dot_product_attention(q, k, v, local)
    g = torch.sigmoid(gate_logits)  # (B, H, T, 3)
    z = g[..., :1] * o_cmp + g[..., 1:2] * o_slc + g[..., 2:] * o_win
    # a compressed block's value is the mean of its tokens' values: its weight spreads evenly over them
    spread = torch.zeros(b, h, t, t, dtype=q.dtype)
    spread[..., : nb * block] = p_cmp.repeat_interleave(block, dim=-1) / block
    weights = g[..., :1] * spread + g[..., 1:2] * p_slc + g[..., 2:] * p_win
    return SparseRun(z, weights, p_cmp, selected, local, g, block)


def keys_read(run: SparseRun) -> Tensor:
    """(B, H, T): how many keys each query reads: the compressed blocks it sees plus the distinct tokens
    of its selected blocks and window (full causal attention reads i + 1 at query i)."""
    blocks = block_visible(run.window.shape[0], run.block).sum(-1)  # (T,)
    return blocks + (run.selected | run.window).sum(-1)
