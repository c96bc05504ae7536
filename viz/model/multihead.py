"""The live model's attention layer: h heads of scaled dot-product attention, then W_O, with every
intermediate returned, and a switch (:data:`Variant`) to the attention variants of :mod:`viz.model.variants`
and :mod:`viz.model.linear`. "standard" is the paper's layer; the others change one thing each:

- "mla": keys and values from a shared latent of width :func:`latent_width` plus a decoupled RoPE key;
- "differential": each head the difference of two maps (its queries and keys split in halves), λ learned;
- "gated": a sigmoid gate on each head's output; "sink": one learned extra logit per head;
- "qk_norm": RMSNorm on every query and key; "softcap": scores soft-capped at :data:`SOFT_CAP`;
- "sparse": compressed blocks, the top blocks and a local window (:data:`SPARSE`);
- "linear": elu + 1 linear attention; "gated_delta": the gated delta rule (both causal by construction);
- "local_global": a sliding window of :data:`WINDOW` tokens on even layers, full attention on odd ones
  (Gemma 3 keeps five local layers per global one; two layers here).

Extra weights exist only for the variant that needs them, so a "standard" layer draws exactly the weights
it always drew from its seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, get_args

import torch
from torch import Tensor, nn
from torch.nn import functional as F

from viz.model import kv_cache, linear, variants
from viz.model.attention import rope_apply, rope_tables, scaled_dot_product_attention

Variant = Literal[
    "standard",
    "mla",
    "differential",
    "gated",
    "sink",
    "qk_norm",
    "softcap",
    "sparse",
    "linear",
    "gated_delta",
    "local_global",
]
VARIANTS: tuple[Variant, ...] = get_args(Variant)
#: Variants that keep a fixed-size state and are causal whatever mask they are given; sparse attention's
#: block, selected blocks and window; the local layers' window (viz.model.kv_cache, which counts caches)
STATEFUL: tuple[Variant, ...] = kv_cache.STATEFUL  # type: ignore[assignment]
SPARSE = kv_cache.SPARSE
WINDOW = kv_cache.LOCAL_WINDOW
#: The soft cap on scores: the toy's trained scores reach 10-20, so a cap of 10 bends the largest ones
#: (Gemma 2 caps at 50 with heads of 256 dimensions).
SOFT_CAP = 10.0
#: The gated delta rule's chunk (tokens), and its short convolutions' width (Gated DeltaNet's 4). A chunk
#: holds the zoo's whole 24-token sequence: one triangular solve a layer trains 25% faster than three.
CHUNK = 32
CONV = 4


latent_width = kv_cache.latent_width


def check_variant(variant: str, d_k: int) -> list[str]:
    """What stops ``variant`` at d_k dimensions per head (empty when it can be built)."""
    if variant not in VARIANTS:
        return [f"unknown attention {variant!r}; expected one of {VARIANTS}"]
    if variant == "differential" and d_k % 2:
        return [f"differential attention splits each head's {d_k} dimensions in halves: d_k must be even"]
    return []


@dataclass
class HeadParts:
    """What one attention layer computed: per-head Q, K, V, scores, weights and outputs, then W_O."""

    q: Tensor  # (B, H, T, d_k), after RoPE when the model uses it
    k: Tensor  # (B, H, T, d_k)
    v: Tensor  # (B, H, T, d_k)
    weights: Tensor  # (B, H, T, T): for the variants without a softmax map, the map with z = weights @ v
    z: Tensor  # (B, H, T, d_k): each head's output
    concat: Tensor  # (B, T, d_model): the heads side by side
    out: Tensor  # (B, T, d_model): concat W_O + b_O


class MultiHeadAttention(nn.Module):
    """h heads of attention on d_k = d_model / h dimensions each, then W_O; ``variant`` picks the kind of
    attention and ``layer`` (0-based) is this layer's place (differential attention's λ starts by depth,
    local_global alternates)."""

    def __init__(
        self,
        d_model: int,
        n_heads: int,
        rope_base: float | None = None,
        kv_heads: int | None = None,
        variant: Variant = "standard",
        layer: int = 0,
    ) -> None:
        super().__init__()
        self.d_model, self.n_heads, self.d_k = d_model, n_heads, d_model // n_heads
        self.n_kv = kv_heads or n_heads  # grouped-query attention: n_heads / n_kv query heads share one
        self.rope_base = rope_base
        self.variant, self.layer = variant, layer
        problems = check_variant(variant, self.d_k)
        if problems:
            raise ValueError("; ".join(problems))
        self.w_q = nn.Linear(d_model, d_model)
        if variant != "mla":  # MLA's keys and values come from its latent
            self.w_k = nn.Linear(d_model, self.n_kv * self.d_k)
            self.w_v = nn.Linear(d_model, self.n_kv * self.d_k)
        self.w_o = nn.Linear(d_model, d_model)
        h, d_k = n_heads, self.d_k
        if variant == "mla":  # the latent replaces the key and value projections' inputs
            d_c, d_r = latent_width(d_k)
            self.down_kv = nn.Linear(d_model, d_c, bias=False)
            self.latent_norm = nn.RMSNorm(d_c, eps=variants.LATENT_EPS)
            self.up_k = nn.Linear(d_c, h * d_k, bias=False)
            self.up_v = nn.Linear(d_c, h * d_k, bias=False)
            self.rope_k = nn.Linear(d_model, d_r, bias=False)
            self.rope_q = nn.Linear(d_model, h * d_r, bias=False)
        elif variant == "differential":
            self.lambdas = nn.Parameter(torch.empty(4, d_k // 2))  # λ_q1, λ_k1, λ_q2, λ_k2
            self.sub_norm = nn.RMSNorm(d_k, eps=1e-6)
        elif variant == "gated":
            self.w_gate = nn.Linear(d_model, d_model)
        elif variant == "sink":
            self.sink = nn.Parameter(torch.empty(h))
        elif variant == "qk_norm":
            self.q_norm, self.k_norm = nn.RMSNorm(d_k, eps=1e-6), nn.RMSNorm(d_k, eps=1e-6)
        elif variant == "sparse":
            self.w_branch = nn.Linear(d_model, 3 * h)
        elif variant == "gated_delta":
            self.w_beta = nn.Linear(d_model, h)
            self.w_alpha = nn.Linear(d_model, h)
            # Gated DeltaNet's short causal convolutions on q, k and v (one filter per channel): a token's
            # key can hold the token before it, so one layer can store "this value follows that key"
            self.convs = nn.Parameter(torch.empty(3, d_model, CONV))

    @torch.no_grad()
    def init_extra(self, g: torch.Generator) -> None:
        """Starting values of the variant's weights that are not Linear or norms: a model's init
        (viz.model.weights.init_parts) calls it; a layer made on its own must too."""
        if self.variant == "differential":
            nn.init.normal_(self.lambdas, 0.0, 0.1, generator=g)  # the paper's N(0, 0.1) init
        elif self.variant == "sink":
            nn.init.zeros_(self.sink)
        elif self.variant == "gated_delta":
            bound = 1 / math.sqrt(CONV)  # as nn.Conv1d's default init
            nn.init.uniform_(self.convs, -bound, bound, generator=g)

    def _split(self, x: Tensor) -> Tensor:
        b, t, width = x.shape
        return x.view(b, t, width // self.d_k, self.d_k).transpose(1, 2)  # (B, heads, T, d_k)

    def parts(
        self,
        x: Tensor,
        mask: Tensor | None = None,
        use_position: bool = True,
        memory: Tensor | None = None,
    ) -> HeadParts:
        """Every intermediate of the layer for x: (B, T, d_model); mask broadcastable to (B, H, T, S).

        "linear" and "gated_delta" are causal whatever ``mask`` says (a state only ever holds the past).
        Self-attention when ``memory`` is None (S = T); cross-attention otherwise: queries from x, keys
        and values from memory (B, S, d_model). ``use_position=False`` skips RoPE's rotation (the same
        weights, blind to position); cross-attention never rotates (its two sides have their own
        positions).
        """
        b, t, _ = x.shape
        if self.variant == "mla":
            if memory is not None:
                raise ValueError("multi-head latent attention is built for self-attention here")
            z, weights, q, k, v = self._latent(x, mask)
        else:
            source = x if memory is None else memory
            q, k, v = self._split(self.w_q(x)), self._split(self.w_k(source)), self._split(self.w_v(source))
            if self.rope_base is not None and use_position and memory is None:
                cos, sin = rope_tables(t, self.d_k, self.rope_base)
                q, k = rope_apply(q, cos, sin), rope_apply(k, cos, sin)
            if self.n_kv != self.n_heads:  # query head h reads key/value head h // group (enable_gqa)
                group = self.n_heads // self.n_kv
                k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
            if self.variant == "gated_delta":  # its short convolutions, then SiLU, as Gated DeltaNet
                q, k, v = (F.silu(self._conv(part, i)) for i, part in enumerate((q, k, v)))
            z, weights = self._attend(x, q, k, v, mask)  # (B, H, T, d_k), (B, H, T, S)
        concat = z.transpose(1, 2).reshape(b, t, self.d_model)  # (B, T, d_model)
        return HeadParts(q, k, v, weights, z, concat, self.w_o(concat))

    def _attend(
        self, x: Tensor, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None
    ) -> tuple[Tensor, Tensor]:
        """Each head's output and map for the variant, from its queries, keys and values."""
        kind, t = self.variant, q.shape[-2]
        if kind == "qk_norm":
            q, k = self.q_norm(q), self.k_norm(k)
        if kind in ("standard", "qk_norm", "gated") or (kind == "local_global" and self.layer % 2):
            z, weights = scaled_dot_product_attention(q, k, v, mask)
            if kind == "gated":
                z = variants.gate(z, self._split(self.w_gate(x)) + GATE_BIAS)
            return z, weights
        if kind == "local_global":
            local = variants.window_mask(t, WINDOW)
            return scaled_dot_product_attention(q, k, v, local if mask is None else mask & local)
        if kind in ("sink", "softcap"):
            scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
            if kind == "sink":
                weights = variants.sink_softmax(scores, self.sink, mask)
            else:
                capped = variants.masked_scores(variants.soft_cap(scores, SOFT_CAP), mask)
                weights = torch.nan_to_num(torch.softmax(capped, dim=-1), nan=0.0)
            return weights @ v, weights
        if kind == "differential":
            half = self.d_k // 2
            init = variants.lambda_init(self.layer + 1)
            lq1, lk1, lq2, lk2 = self.lambdas
            lam = variants.diff_lambda(lq1, lk1, lq2, lk2, init)
            z, weights, _, _ = variants.differential(
                q[..., :half], k[..., :half], q[..., half:], k[..., half:], v, lam, mask
            )
            return (1.0 - init) * self.sub_norm(z), weights  # per-head norm, scaled as the paper does
        if kind == "sparse":
            block, top, window = SPARSE
            gates = self.w_branch(x).view(x.shape[0], t, self.n_heads, 3).transpose(1, 2)  # (B, H, T, 3)
            run = variants.sparse_attention(q, k, v, gates, block, top, window)
            return run.z, run.weights
        if kind == "linear":
            return linear.linear_attention(q, k, v)
        # gated delta rule (q, k, v through its convolutions already): unit queries and keys, β in (0, 1)
        # the write strength, α in (0, 1) the memory
        qn, kn = _unit(q), _unit(k)
        beta = torch.sigmoid(self.w_beta(x)).transpose(1, 2)  # (B, H, T)
        alpha = torch.sigmoid(self.w_alpha(x) + ALPHA_BIAS).transpose(1, 2)
        z, _ = linear.delta_chunked(qn, kn, v, beta, alpha, chunk=CHUNK)
        # the map costs a second triangular solve: made only when the model is read, not while it trains
        return z, linear.delta_weights(qn, kn, beta, alpha) if not self.training else z.new_zeros(0)

    def _conv(self, x: Tensor, which: int) -> Tensor:
        """A causal depthwise convolution over time of x (B, H, T, d_k) with filter ``which`` (0: q, 1: k,
        2: v): out_t = Σ_j w_j x_{t - CONV + 1 + j}, zero before the first token."""
        _, h, t, d = x.shape
        w = self.convs[which].view(h, d, CONV)[:, None]  # (H, 1, d_k, CONV): channel h * d_k + i
        padded = F.pad(x, (0, 0, CONV - 1, 0))  # zeros before the first token
        # a sum of CONV shifted copies: F.conv1d's numbers, without its depthwise backward (3 ms a call)
        out = w[..., 0] * padded[..., :t, :]
        for j in range(1, CONV):
            out = out + w[..., j] * padded[..., j : j + t, :]
        return out

    def latent_weights(self) -> variants.LatentWeights:
        """An "mla" layer's projections, as viz.model.variants.latent_attention takes them."""
        return variants.LatentWeights(
            self.down_kv.weight, self.up_k.weight, self.up_v.weight, self.rope_k.weight, self.w_q.weight,
            self.rope_q.weight, self.latent_norm.weight, self.w_q.bias,
        )  # fmt: skip

    def _latent(self, x: Tensor, mask: Tensor | None) -> tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
        """Multi-head latent attention (its own RoPE on the decoupled part, whatever the model's signal)."""
        w = self.latent_weights()
        run = variants.latent_attention(x, w, self.n_heads, self.rope_base or 10000.0, mask)
        q = self._split(self.w_q(x))
        latent = run.cache[..., : w.d_c]
        k = torch.einsum("btc,hdc->bhtd", latent, w.up_k.view(self.n_heads, self.d_k, w.d_c))
        v = torch.einsum("btc,hdc->bhtd", latent, w.up_v.view(self.n_heads, self.d_k, w.d_c))
        return run.z, run.weights, q, k, v

    def forward(
        self,
        x: Tensor,
        mask: Tensor | None = None,
        use_position: bool = True,
        memory: Tensor | None = None,
    ) -> tuple[Tensor, Tensor]:
        """(output (B, T, d_model), weights (B, H, T, S))."""
        p = self.parts(x, mask, use_position, memory)
        return p.out, p.weights


#: Added to the output gate's logits: gates start near σ(2) = 0.88, nearly open. From 0.5 (no offset) the
#: zoo's recall task stalls at ~35% for 450+ steps on every seed tried, where the offset reaches 99% in
#: ~300: a half-shut gate halves what attention adds to the stream while the circuit is forming.
GATE_BIAS = 2.0
#: Added to the gated delta rule's forget-gate logits: α starts near σ(4) = 0.98, remembering long.
ALPHA_BIAS = 4.0


def _unit(x: Tensor) -> Tensor:
    """x / max(|x|, 1e-12) over the last axis (F.normalize's numbers; its backward is 2x slower here)."""
    return x * torch.rsqrt((x * x).sum(-1, keepdim=True).clamp_min(1e-24))
