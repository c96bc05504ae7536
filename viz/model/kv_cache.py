"""How much memory a decoder's key/value cache takes: every layer keeps each past token's keys and values,
for each key/value head. Grouped-query attention shares one key/value head among several query heads, so
the cache shrinks by that factor. Pure Python, no torch.

    bytes per token = 2 (K and V) x layers x kv_heads x d_head x bytes per number
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class ModelConfig(Protocol):
    """What :func:`live` reads of viz.model.encoder.ModelConfig (importing it would import torch, and
    the encoder imports this module through its attention layer)."""

    @property
    def n_layers(self) -> int: ...
    @property
    def n_kv(self) -> int: ...
    @property
    def d_k(self) -> int: ...
    @property
    def n_heads(self) -> int: ...


@dataclass(frozen=True)
class Shape:
    """The sizes that set a model's cache, with its query heads for the sharing factor."""

    key: str  # the name's i18n key suffix (att.kv.model.<key>)
    layers: int
    kv_heads: int
    d_head: int
    heads: int = 0  # query heads (0: as many as kv_heads)
    bytes_per_number: int = 2  # 16-bit, as models are served

    @property
    def group(self) -> int:
        """Query heads per key/value head."""
        return max(self.heads, self.kv_heads) // self.kv_heads


#: Published shapes (their config.json files): multi-head, grouped-query and multi-query examples.
MODELS: dict[str, Shape] = {
    s.key: s
    for s in (
        Shape("gpt2", layers=12, kv_heads=12, d_head=64, heads=12),
        Shape("llama2_7b", layers=32, kv_heads=32, d_head=128, heads=32),
        Shape("llama3_8b", layers=32, kv_heads=8, d_head=128, heads=32),
        Shape("mistral_7b", layers=32, kv_heads=8, d_head=128, heads=32),
        Shape("smollm2", layers=30, kv_heads=3, d_head=64, heads=9),
        Shape("falcon_7b", layers=32, kv_heads=1, d_head=64, heads=71),
    )
}


def bytes_per_token(shape: Shape) -> int:
    return 2 * shape.layers * shape.kv_heads * shape.d_head * shape.bytes_per_number


def total_bytes(shape: Shape, tokens: int) -> int:
    return tokens * bytes_per_token(shape)


def live(config: ModelConfig, bytes_per_number: int = 4) -> Shape:
    """The live model's shape (float32 on this server)."""
    return Shape(
        "live",
        layers=config.n_layers,
        kv_heads=config.n_kv,
        d_head=config.d_k,
        heads=config.n_heads,
        bytes_per_number=bytes_per_number,
    )


# ---- the attention variants' caches (viz.model.multihead, the zoo) --------------------------------------
#: A local layer's window (tokens) in the "local_global" variant; native sparse attention's block,
#: selected blocks and window; the variants that keep a fixed state instead of a cache.
LOCAL_WINDOW = 4
SPARSE = (4, 2, 4)
STATEFUL = ("linear", "gated_delta")


def latent_width(d_k: int) -> tuple[int, int]:
    """(d_c, d_r): the latent and the decoupled RoPE key of multi-head latent attention, sized against a
    head as DeepSeek-V3 sizes them (512 = 4 x 128 and 64 = 128 / 2). A narrower latent of 2 x d_k
    cached less but the zoo's model stalled at ~30% on its recall task (seeds 0 and 1, 450 steps); at
    4 x d_k seed 0 reaches 99% in 175 steps (seeds 1-3 still stall: docs/performance-history.md)."""
    return 4 * d_k, max(2, d_k // 2)


def variant_numbers(variant: str, d_model: int, heads: int, layers: int, tokens: int) -> float:
    """Numbers a model of ``variant`` keeps per token over all its layers at ``tokens`` of context: a key
    and a value per head and layer for softmax attention; the latent and the shared key for MLA; only the
    window on local layers; a fixed state (d_k x d_k per head, and linear attention's normaliser) spread
    over the tokens for the stateful variants; native sparse attention adds its compressed keys and
    values."""
    d_k = d_model // heads
    kv = 2 * heads * d_k
    total = 0.0
    for layer in range(layers):
        if variant == "mla":
            total += sum(latent_width(d_k))
        elif variant == "local_global" and layer % 2 == 0:
            total += kv * min(LOCAL_WINDOW, tokens) / tokens
        elif variant in STATEFUL:
            total += (heads * d_k * d_k + (heads * d_k if variant == "linear" else 0)) / tokens
        elif variant == "sparse":
            total += kv * (1 + 1 / SPARSE[0])
        else:
            total += kv
    return total
