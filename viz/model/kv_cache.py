"""How much memory a decoder's key/value cache takes: every layer keeps each past token's keys and values,
for each key/value head. Grouped-query attention shares one key/value head among several query heads, so
the cache shrinks by that factor. Pure Python, no torch.

    bytes per token = 2 (K and V) x layers x kv_heads x d_head x bytes per number
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the live model's config; importing viz.model.encoder would import torch
    from viz.model.encoder import ModelConfig


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
