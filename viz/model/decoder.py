"""The paper's decoder layer, beside the encoder of :mod:`viz.model.encoder` and made of the same parts:
masked self-attention, cross-attention to the encoder's output, feed-forward, each with add & norm."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import Tensor, nn

from viz.model.encoder import ModelConfig, MultiHeadAttention, Norm, check_norm
from viz.model.weights import init_parts, materialise

#: Added to the config's seed for the decoder's weights, so they are not a copy of the encoder's.
DECODER_SEED_OFFSET = 1_000_003


@dataclass
class DecoderTrace:
    """What one decoder layer computed (queries: the T target tokens; keys of the cross step: S)."""

    self_weights: Tensor  # (B, H, T, T): masked self-attention
    cross_weights: Tensor  # (B, H, T, S): target queries against the encoder's output
    out: Tensor  # (B, T, d_model)


class DecoderLayer(nn.Module):
    """Masked self-attention, add & norm, cross-attention to the encoder's output, add & norm,
    feed-forward, add & norm (the paper's decoder layer, with this model's parts)."""

    def __init__(self, d_model: int, n_heads: int, d_ff: int, rope_base: float | None = None) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, n_heads, rope_base)
        self.norm1 = nn.LayerNorm(d_model)
        self.cross_attn = MultiHeadAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))
        self.norm3 = nn.LayerNorm(d_model)

    def trace(
        self,
        y: Tensor,
        memory: Tensor,
        self_mask: Tensor | None = None,
        memory_mask: Tensor | None = None,
        norm: Norm = "post",
    ) -> DecoderTrace:
        """y: (B, T, d_model) target vectors with their position signal; memory: (B, S, d_model), the
        encoder's output. ``self_mask`` is usually the causal mask (True = allowed)."""
        check_norm(norm)
        pre = norm == "pre"

        def sublayer(h: Tensor, ln: nn.Module, f: Callable[[Tensor], Tensor]) -> Tensor:
            return h + f(ln(h)) if pre else ln(h + f(h))

        weights: dict[str, Tensor] = {}

        def self_step(h: Tensor) -> Tensor:
            out, weights["self"] = self.self_attn(h, self_mask)
            return out

        def cross_step(h: Tensor) -> Tensor:
            out, weights["cross"] = self.cross_attn(h, memory_mask, memory=memory)
            return out

        h = sublayer(y, self.norm1, self_step)
        h = sublayer(h, self.norm2, cross_step)
        h = sublayer(h, self.norm3, self.ff)
        return DecoderTrace(weights["self"], weights["cross"], h)

    def forward(
        self,
        y: Tensor,
        memory: Tensor,
        self_mask: Tensor | None = None,
        memory_mask: Tensor | None = None,
        norm: Norm = "post",
    ) -> Tensor:
        """The layer's output (B, T, d_model)."""
        return self.trace(y, memory, self_mask, memory_mask, norm).out


def build_decoder(config: ModelConfig) -> DecoderLayer:
    """One decoder layer with the config's sizes (RoPE in its self-attention when the config uses it),
    its weights drawn like the encoder's from seed + DECODER_SEED_OFFSET; eval mode."""
    rope_base = float(config.base) if config.rotary else None
    with torch.device("meta"):
        layer = DecoderLayer(config.d_model, config.n_heads, config.d_ff, rope_base)
    materialise(layer)
    init_parts(layer, torch.Generator().manual_seed(config.seed + DECODER_SEED_OFFSET))
    return layer.eval()
