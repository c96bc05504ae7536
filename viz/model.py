"""The small live Transformer encoder: every head's attention weights come back from forward.

Post-norm blocks as in the paper: x = LayerNorm(x + MultiHead(x)); x = LayerNorm(x + FFN(x)).
MultiHead(x) = concat(head_1, ..., head_h) W_O with head_i = attention(x W_Q^i, x W_K^i, x W_V^i).
The position signal is any encoding from :mod:`viz.encodings` (added to the input, or RoPE rotating
queries and keys inside every head), or none at all.

Models are built from a frozen :class:`ModelConfig` with every parameter drawn from a generator seeded
by the config, so the same config always gives the same weights.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import Tensor, nn

from viz.attention import scaled_dot_product_attention
from viz.encodings import ENCODING_KINDS, EncodingSpec, encode, frequencies

# One thread per op: the models are small, and the server runs each session's script in its own thread.
# With torch's worker pool competing for two busy cores, a 48-token forward pass took 0.3 s instead of
# under a millisecond.
torch.set_num_threads(1)

NO_ENCODING = "none"
#: The position signals the model can use: none, or any encoding of the Positional encoding page.
MODEL_ENCODINGS: tuple[str, ...] = (NO_ENCODING, *ENCODING_KINDS)
LAYERS_RANGE = (1, 4)
#: Positions the model's tables cover (sentences are cut to 48 tokens, toy sequences are shorter).
MODEL_MAX_LEN = 64


@dataclass(frozen=True)
class ModelConfig:
    """Everything that determines a model's weights; hashable, so it keys ``st.cache_resource``."""

    d_model: int = 128
    n_heads: int = 8
    n_layers: int = 1
    encoding: str = "sinusoidal"
    base: float = 10000.0
    seed: int = 0
    vocab_size: int = 16
    n_classes: int = 16
    max_len: int = MODEL_MAX_LEN
    ff_mult: int = 2  # d_ff = ff_mult * d_model (the paper's 4 is more than toy tasks need)

    def __post_init__(self) -> None:
        problems = check(self.d_model, self.n_heads, self.n_layers)
        if problems:
            raise ValueError("; ".join(problems))
        if self.encoding not in MODEL_ENCODINGS:
            raise ValueError(f"unknown encoding {self.encoding!r}; expected one of {MODEL_ENCODINGS}")

    @property
    def d_k(self) -> int:
        """Dimensions per head: d_model / n_heads."""
        return self.d_model // self.n_heads


def check(d_model: int, n_heads: int, n_layers: int = 1) -> list[str]:
    """What is wrong with these sizes (empty when a model can be built)."""
    problems = []
    if d_model < 1:
        problems.append(f"d_model must be >= 1, got {d_model}")
    if n_heads < 1:
        problems.append(f"heads must be >= 1, got {n_heads}")
    elif d_model >= 1 and d_model % n_heads:
        problems.append(
            f"{n_heads} heads do not divide d_model = {d_model} "
            f"(each head would get {d_model / n_heads:.2f} dimensions)"
        )
    lo, hi = LAYERS_RANGE
    if not lo <= n_layers <= hi:
        problems.append(f"layers must be in {lo}..{hi}, got {n_layers}")
    return problems


def rope_tables(t: int, d_k: int, base: float) -> tuple[Tensor, Tensor]:
    """cos and sin of the angle pos · ω_i for each position and pair, ω_i = base^(-2i/d_k). (T, d_k // 2)."""
    omega = torch.from_numpy(frequencies(d_k, base)[: d_k // 2]).float()
    angles = torch.arange(t, dtype=torch.float32)[:, None] * omega[None, :]
    return angles.cos(), angles.sin()


def rope_apply(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    """Rotate each pair (x_2i, x_2i+1) of the last axis by its position's angle (an odd last dim stays).

    x: (..., T, d_k); cos, sin: (T, d_k // 2). Same rotation as :func:`viz.encodings.rope_rotate`.
    """
    pairs = cos.shape[-1]
    even, odd = x[..., 0 : 2 * pairs : 2], x[..., 1 : 2 * pairs : 2]  # (..., T, pairs)
    out = x.clone()
    out[..., 0 : 2 * pairs : 2] = even * cos - odd * sin
    out[..., 1 : 2 * pairs : 2] = even * sin + odd * cos
    return out


@dataclass
class HeadParts:
    """What one attention layer computed: per-head Q, K, V, scores, weights and outputs, then W_O."""

    q: Tensor  # (B, H, T, d_k), after RoPE when the model uses it
    k: Tensor  # (B, H, T, d_k)
    v: Tensor  # (B, H, T, d_k)
    weights: Tensor  # (B, H, T, T)
    z: Tensor  # (B, H, T, d_k): weights @ v
    concat: Tensor  # (B, T, d_model): the heads side by side
    out: Tensor  # (B, T, d_model): concat W_O + b_O


class MultiHeadAttention(nn.Module):
    """h heads of scaled dot-product attention on d_k = d_model / h dimensions each, then W_O."""

    def __init__(self, d_model: int, n_heads: int, rope_base: float | None = None) -> None:
        super().__init__()
        self.d_model, self.n_heads, self.d_k = d_model, n_heads, d_model // n_heads
        self.rope_base = rope_base
        self.w_q = nn.Linear(d_model, d_model)
        self.w_k = nn.Linear(d_model, d_model)
        self.w_v = nn.Linear(d_model, d_model)
        self.w_o = nn.Linear(d_model, d_model)

    def _split(self, x: Tensor) -> Tensor:
        b, t, _ = x.shape
        return x.view(b, t, self.n_heads, self.d_k).transpose(1, 2)  # (B, H, T, d_k)

    def parts(self, x: Tensor, mask: Tensor | None = None, use_position: bool = True) -> HeadParts:
        """Every intermediate of the layer for x: (B, T, d_model); mask broadcastable to (B, H, T, T).

        ``use_position=False`` skips RoPE's rotation (the same weights, blind to position).
        """
        b, t, _ = x.shape
        q, k, v = self._split(self.w_q(x)), self._split(self.w_k(x)), self._split(self.w_v(x))
        if self.rope_base is not None and use_position:
            cos, sin = rope_tables(t, self.d_k, self.rope_base)
            q, k = rope_apply(q, cos, sin), rope_apply(k, cos, sin)
        z, weights = scaled_dot_product_attention(q, k, v, mask)  # (B, H, T, d_k), (B, H, T, T)
        concat = z.transpose(1, 2).reshape(b, t, self.d_model)  # (B, T, d_model)
        return HeadParts(q, k, v, weights, z, concat, self.w_o(concat))

    def forward(
        self, x: Tensor, mask: Tensor | None = None, use_position: bool = True
    ) -> tuple[Tensor, Tensor]:
        """(output (B, T, d_model), weights (B, H, T, T))."""
        p = self.parts(x, mask, use_position)
        return p.out, p.weights


class EncoderLayer(nn.Module):
    """Self-attention, add & norm, position-wise feed-forward, add & norm."""

    def __init__(self, d_model: int, n_heads: int, d_ff: int, rope_base: float | None = None) -> None:
        super().__init__()
        self.attn = MultiHeadAttention(d_model, n_heads, rope_base)
        self.norm1 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))
        self.norm2 = nn.LayerNorm(d_model)

    def forward(
        self, x: Tensor, mask: Tensor | None = None, use_position: bool = True
    ) -> tuple[Tensor, Tensor]:
        a, weights = self.attn(x, mask, use_position)
        x = self.norm1(x + a)
        return self.norm2(x + self.ff(x)), weights


@dataclass
class Run:
    """One pass through the encoder: the input of every layer and the output, and every head's weights."""

    hidden: list[Tensor] = field(default_factory=list)  # n_layers + 1 tensors (B, T, d_model)
    weights: list[Tensor] = field(default_factory=list)  # n_layers tensors (B, H, T, T)

    @property
    def output(self) -> Tensor:
        return self.hidden[-1]


class Encoder(nn.Module):
    """Token embedding + position signal, a stack of encoder layers, and a per-position classifier."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.config = config
        c = config
        rope_base = float(c.base) if c.encoding == "rope" else None
        # Made on the meta device (no memory, and no draws from torch's global generator, which every
        # session's thread shares), then given storage; _init_weights sets every value from the seed.
        with torch.device("meta"):
            self.embed = nn.Embedding(c.vocab_size, c.d_model)
            d_ff = c.ff_mult * c.d_model
            self.layers = nn.ModuleList(
                [EncoderLayer(c.d_model, c.n_heads, d_ff, rope_base) for _ in range(c.n_layers)]
            )
            self.head = nn.Linear(c.d_model, c.n_classes)
        for part in (self.embed, self.layers, self.head):
            part.to_empty(device="cpu")
        self.pe: Tensor | None
        self.learned_pe: nn.Parameter | None = None
        if c.encoding in (NO_ENCODING, "rope"):
            self.register_buffer("pe", None)
        else:
            table = torch.from_numpy(
                encode(EncodingSpec(c.encoding, c.max_len, c.d_model, float(c.base), seed=c.seed))
            ).float()  # (max_len, d_model)
            if c.encoding == "learned":
                self.register_buffer("pe", None)
                self.learned_pe = nn.Parameter(table)  # starts at the page's learned init, then trains
            else:
                self.register_buffer("pe", table)
        self._init_weights(c.seed)

    @torch.no_grad()
    def _init_weights(self, seed: int) -> None:
        # Every value of embed, layers and head is set here (they start as uninitialised memory),
        # drawn from our own generator.
        g = torch.Generator().manual_seed(seed)
        nn.init.normal_(self.embed.weight, 0.0, 1.0, generator=g)
        for layer in self.layers:
            assert isinstance(layer, EncoderLayer)
            for norm in (layer.norm1, layer.norm2):
                nn.init.ones_(norm.weight)
                nn.init.zeros_(norm.bias)
            for lin in (layer.attn.w_q, layer.attn.w_k, layer.attn.w_v, layer.attn.w_o):
                nn.init.xavier_uniform_(lin.weight, generator=g)
                nn.init.zeros_(lin.bias)
            for ff in (layer.ff[0], layer.ff[2]):
                assert isinstance(ff, nn.Linear)
                nn.init.xavier_uniform_(ff.weight, generator=g)
                nn.init.zeros_(ff.bias)
        nn.init.xavier_uniform_(self.head.weight, generator=g)
        nn.init.zeros_(self.head.bias)

    def attention(self, layer: int) -> MultiHeadAttention:
        """The multi-head attention of ``layer`` (0-based)."""
        block = self.layers[layer]
        assert isinstance(block, EncoderLayer)
        return block.attn

    def position_table(self, t: int) -> Tensor | None:
        """The additive position vectors for positions 0..t-1, (T, d_model); None for none and RoPE."""
        if t > self.config.max_len:
            raise ValueError(f"at most {self.config.max_len} positions, got {t}")
        table = self.learned_pe if self.learned_pe is not None else self.pe
        return None if table is None else table[:t]

    def run(self, x: Tensor, mask: Tensor | None = None, use_position: bool = True) -> Run:
        """Encode input vectors x: (B, T, d_model), before the position signal is added.

        ``use_position=False`` runs the same weights with no position signal at all (no table added,
        no RoPE rotation): the model as it would be without an encoding.
        """
        pe = self.position_table(x.shape[1]) if use_position else None
        h = x if pe is None else x + pe  # (B, T, d_model)
        run = Run(hidden=[h])
        for layer in self.layers:
            h, w = layer(h, mask, use_position)
            run.hidden.append(h)
            run.weights.append(w)
        return run

    def forward(self, ids: Tensor, mask: Tensor | None = None) -> tuple[Tensor, list[Tensor]]:
        """ids: (B, T) token ids -> (logits (B, T, n_classes), weights: one (B, H, T, T) per layer)."""
        run = self.run(self.embed(ids), mask)
        return self.head(run.output), run.weights


def build(config: ModelConfig) -> Encoder:
    """A fresh model for ``config`` in eval mode (there is no dropout, so modes only matter for clarity)."""
    return Encoder(config).eval()


def sentence_input(vectors: np.ndarray) -> Tensor:
    """Toy word vectors (N(0, 1/d_model) entries, :func:`viz.embedding.token_vectors`) as a (1, T, d_model)
    batch, multiplied by √d_model as the paper does, so their entries are N(0, 1) like the toy tokens'."""
    d_model = vectors.shape[-1]
    return torch.from_numpy(np.asarray(vectors, dtype=np.float32) * math.sqrt(d_model))[None]
