"""The small live Transformer encoder: every head's attention weights come back from forward.

Post-norm blocks as in the paper: x = LayerNorm(x + MultiHead(x)); x = LayerNorm(x + FFN(x)).
Pre-norm blocks (``norm="pre"``): x = x + MultiHead(LayerNorm(x)); x = x + FFN(LayerNorm(x)), and one
more LayerNorm after the stack. The same weights run either way, and with the residual switched off.
MultiHead(x) = concat(head_1, ..., head_h) W_O with head_i = attention(x W_Q^i, x W_K^i, x W_V^i).
A decoder layer (masked self-attention, cross-attention to the encoder's output, FFN) is built from the
same parts.
The position signal is any encoding from :mod:`viz.encodings` (added to the input, or RoPE rotating
queries and keys inside every head), or none at all.

Models are built from a frozen :class:`ModelConfig` with every parameter drawn from a generator seeded
by the config, so the same config always gives the same weights.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal, get_args

import numpy as np
import torch
from torch import Tensor, nn

from viz import encodings
from viz.encodings import AnySizeKind, EncodingSpec, encode
from viz.model.attention import rope_apply as rope_apply
from viz.model.attention import rope_tables as rope_tables
from viz.model.multihead import HeadParts as HeadParts
from viz.model.multihead import MultiHeadAttention as MultiHeadAttention
from viz.model.multihead import Variant, check_variant
from viz.model.weights import init_layers, init_parts, materialise

# One thread per op: the models are small, and the server runs each session's script in its own thread.
# With torch's worker pool competing for two busy cores, a 48-token forward pass took 0.3 s instead of
# under a millisecond.
torch.set_num_threads(1)

NoEncoding = Literal["none"]
NO_ENCODING: NoEncoding = "none"
#: The position signals the model can use: none, or any encoding built at the model's own size (a real
#: model's trained table has a width of its own).
ModelEncoding = Literal[NoEncoding, AnySizeKind]
MODEL_ENCODINGS: tuple[ModelEncoding, ...] = get_args(ModelEncoding)
#: Encoder layers: 1 to the paper's N = 6.
LAYERS_RANGE = (1, 6)
#: Where LayerNorm sits: after each residual sum (the paper) or before each sublayer.
Norm = Literal["post", "pre"]
NORMS: tuple[Norm, ...] = get_args(Norm)
#: Positions the model's tables cover (sentences are cut to 48 tokens, toy sequences are shorter).
MODEL_MAX_LEN = 64


@dataclass(frozen=True)
class ModelConfig:
    """Everything that determines a model's weights; hashable, so it keys the model caches
    (viz.cache.budget)."""

    d_model: int = 128
    n_heads: int = 8
    n_layers: int = 1
    encoding: ModelEncoding = "sinusoidal"
    base: float = 10000.0
    seed: int = 0
    vocab_size: int = 16
    n_classes: int = 16
    max_len: int = MODEL_MAX_LEN
    ff_mult: int = 2  # d_ff = ff_mult * d_model (the paper's 4 is more than toy tasks need)
    norm: Norm = "post"
    # key/value heads, each shared by n_heads / kv_heads query heads (grouped-query attention; 1 is
    # multi-query); None is one per query head, the paper's multi-head attention
    kv_heads: int | None = None
    # the kind of attention (viz.model.multihead): the paper's, or one of the variants of the zoo
    attention: Variant = "standard"

    def __post_init__(self) -> None:
        problems = check(self.d_model, self.n_heads, self.n_layers, self.kv_heads)
        if not problems:
            problems = check_variant(self.attention, self.d_k)
        if problems:
            raise ValueError("; ".join(problems))
        if self.encoding not in MODEL_ENCODINGS:
            raise ValueError(f"unknown encoding {self.encoding!r}; expected one of {MODEL_ENCODINGS}")
        check_norm(self.norm)

    @property
    def position(self) -> encodings.EncodingInfo | None:
        """The properties of the model's position signal (viz.encodings.info); None for no signal."""
        return None if self.encoding == NO_ENCODING else encodings.info(self.encoding)

    @property
    def rotary(self) -> bool:
        """Whether the position signal rotates queries and keys (RoPE) instead of being added."""
        return self.position is not None and self.position.rotary

    @property
    def d_k(self) -> int:
        """Dimensions per head: d_model / n_heads."""
        return self.d_model // self.n_heads

    @property
    def n_kv(self) -> int:
        """Key/value heads: kv_heads, or n_heads when each query head has its own."""
        return self.kv_heads or self.n_heads

    @property
    def d_ff(self) -> int:
        """Width of the feed-forward network's hidden layer: ff_mult · d_model."""
        return self.ff_mult * self.d_model


def check(d_model: int, n_heads: int, n_layers: int = 1, kv_heads: int | None = None) -> list[str]:
    """What is wrong with these sizes (empty when a model can be built)."""
    problems = []
    if kv_heads is not None and not (1 <= kv_heads <= n_heads and n_heads % kv_heads == 0):
        problems.append(f"{kv_heads} key/value heads do not divide {n_heads} query heads")
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


def as_norm(text: object) -> Norm | None:
    """``text`` as a LayerNorm placement if it names one (a value from a URL or a widget), else None."""
    return next((norm for norm in NORMS if norm == text), None)


def as_model_encoding(text: object) -> ModelEncoding | None:
    """``text`` as a position signal of the model if it names one, else None."""
    return next((kind for kind in MODEL_ENCODINGS if kind == text), None)


def check_norm(norm: Norm) -> None:
    if norm not in NORMS:
        raise ValueError(f"unknown norm placement {norm!r}; expected one of {NORMS}")


@dataclass
class LayerTrace:
    """What one encoder layer computed, stage by stage (post-norm names; pre-norm in brackets)."""

    x: Tensor  # (B, T, d_model): the layer's input
    attn: Tensor  # (B, T, d_model): MultiHead(x)  [MultiHead(LayerNorm(x))]
    mid: Tensor  # (B, T, d_model): LayerNorm(x + attn)  [x + attn]
    hidden: Tensor  # (B, T, d_ff): ReLU(mid W_1 + b_1)  [ReLU(LayerNorm(mid) W_1 + b_1)]
    ffn: Tensor  # (B, T, d_model): hidden W_2 + b_2
    out: Tensor  # (B, T, d_model): LayerNorm(mid + ffn)  [mid + ffn]
    weights: Tensor  # (B, H, T, T)


class EncoderLayer(nn.Module):
    """Self-attention, add & norm, position-wise feed-forward, add & norm."""

    def __init__(
        self,
        d_model: int,
        n_heads: int,
        d_ff: int,
        rope_base: float | None = None,
        kv_heads: int | None = None,
        variant: Variant = "standard",
        layer: int = 0,
    ) -> None:
        super().__init__()
        self.attn = MultiHeadAttention(d_model, n_heads, rope_base, kv_heads, variant, layer)
        self.norm1 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))
        self.norm2 = nn.LayerNorm(d_model)

    def trace(
        self,
        x: Tensor,
        mask: Tensor | None = None,
        use_position: bool = True,
        residual: bool = True,
        norm: Norm = "post",
    ) -> LayerTrace:
        """Every stage for x: (B, T, d_model). ``residual=False`` drops the skip connections (each sum
        keeps only the sublayer's output); ``norm`` places LayerNorm after the sums or before the
        sublayers."""
        check_norm(norm)
        pre = norm == "pre"
        a, weights = self.attn(self.norm1(x) if pre else x, mask, use_position)
        mid = x + a if residual else a
        if not pre:
            mid = self.norm1(mid)
        hidden = self.ff[1](self.ff[0](self.norm2(mid) if pre else mid))  # (B, T, d_ff)
        f = self.ff[2](hidden)
        out = mid + f if residual else f
        if not pre:
            out = self.norm2(out)
        return LayerTrace(x, a, mid, hidden, f, out, weights)

    def forward(
        self,
        x: Tensor,
        mask: Tensor | None = None,
        use_position: bool = True,
        residual: bool = True,
        norm: Norm = "post",
    ) -> tuple[Tensor, Tensor]:
        """(output (B, T, d_model), weights (B, H, T, T))."""
        tr = self.trace(x, mask, use_position, residual, norm)
        return tr.out, tr.weights


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
        rope_base = float(c.base) if c.rotary else None
        # Made on the meta device (no memory, and no draws from torch's global generator, which every
        # session's thread shares), then given storage; _init_weights sets every value from the seed.
        # The embedding is given its (empty) table instead: nn.Embedding's own init on the meta device
        # goes through PyTorch's Python reference of normal_, whose first call imports torch._dynamo and
        # sympy (2.3 s of CPU, once per process, on every server's and test process's first model).
        self.embed = nn.Embedding(c.vocab_size, c.d_model, _weight=torch.empty(c.vocab_size, c.d_model))
        with torch.device("meta"):
            self.layers = nn.ModuleList(
                [
                    EncoderLayer(c.d_model, c.n_heads, c.d_ff, rope_base, c.kv_heads, c.attention, i)
                    for i in range(c.n_layers)
                ]
            )
            self.head = nn.Linear(c.d_model, c.n_classes)
            # A pre-norm stack never normalises its residual stream, so one LayerNorm follows it (as in
            # GPT-2 and nn.TransformerEncoder(norm=...)). Post-norm models leave it unused.
            self.final_norm = nn.LayerNorm(c.d_model)
        for part in (self.layers, self.head, self.final_norm):
            materialise(part)
        self.pe: Tensor | None
        self.learned_pe: nn.Parameter | None = None
        if c.encoding == NO_ENCODING or not encodings.info(c.encoding).additive:
            self.register_buffer("pe", None)
        else:
            table = torch.from_numpy(
                encode(EncodingSpec(c.encoding, c.max_len, c.d_model, float(c.base), seed=c.seed))
            ).float()  # (max_len, d_model)
            if encodings.info(c.encoding).learned:
                self.register_buffer("pe", None)
                self.learned_pe = nn.Parameter(table)  # starts at the page's learned init, then trains
            else:
                self.register_buffer("pe", table)
        self._init_weights(c.seed)

    @torch.no_grad()
    def _init_weights(self, seed: int) -> None:
        # Every value of embed, layers and head is set here (they start as uninitialised memory),
        # drawn from our own generators: one for the embedding and the head, one per layer.
        g = torch.Generator().manual_seed(seed)
        nn.init.normal_(self.embed.weight, 0.0, 1.0, generator=g)
        init_layers(list(self.layers), seed)
        nn.init.xavier_uniform_(self.head.weight, generator=g)
        nn.init.zeros_(self.head.bias)
        init_parts(self.final_norm, g)

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

    def traces(
        self,
        x: Tensor,
        mask: Tensor | None = None,
        use_position: bool = True,
        residual: bool = True,
        norm: Norm | None = None,
    ) -> list[LayerTrace]:
        """Every layer's stages for input vectors x: (B, T, d_model), before the position signal.

        ``use_position=False`` runs the same weights with no position signal at all (no table added,
        no RoPE rotation). ``residual=False`` drops every skip connection; ``norm`` ("post" or "pre",
        default the config's) places the LayerNorms, so both placements run on the same weights.
        """
        pe = self.position_table(x.shape[1]) if use_position else None
        h = x if pe is None else x + pe  # (B, T, d_model)
        out = []
        for layer in self.layers:
            assert isinstance(layer, EncoderLayer)
            tr = layer.trace(h, mask, use_position, residual, norm or self.config.norm)
            out.append(tr)
            h = tr.out
        return out

    def run(
        self,
        x: Tensor,
        mask: Tensor | None = None,
        use_position: bool = True,
        residual: bool = True,
        norm: Norm | None = None,
    ) -> Run:
        """Encode input vectors x: (B, T, d_model): every layer's input, the last layer's output (the
        residual stream, before a pre-norm stack's final LayerNorm) and the weights. Arguments as in
        :meth:`traces`."""
        layers = self.traces(x, mask, use_position, residual, norm)
        return Run(hidden=[layers[0].x, *(tr.out for tr in layers)], weights=[tr.weights for tr in layers])

    def finish(self, h: Tensor, norm: Norm | None = None) -> Tensor:
        """The stack's output from the last residual stream: LayerNorm'd for pre-norm, as is for post."""
        return self.final_norm(h) if (norm or self.config.norm) == "pre" else h

    def forward(self, ids: Tensor, mask: Tensor | None = None) -> tuple[Tensor, list[Tensor]]:
        """ids: (B, T) token ids -> (logits (B, T, n_classes), weights: one (B, H, T, T) per layer)."""
        run = self.run(self.embed(ids), mask)
        return self.head(self.finish(run.output)), run.weights


@torch.no_grad()
def build(config: ModelConfig) -> Encoder:
    """A fresh model for ``config`` in eval mode (there is no dropout, so modes only matter for clarity)."""
    return Encoder(config).eval()


def sentence_input(vectors: np.ndarray) -> Tensor:
    """Toy word vectors (N(0, 1/d_model) entries, :func:`viz.encodings.embedding.token_vectors`) as a (1, T,
    d_model) batch, multiplied by √d_model as the paper does, so their entries are N(0, 1) like the toy
    tokens'."""
    d_model = vectors.shape[-1]
    return torch.from_numpy(np.asarray(vectors, dtype=np.float32) * math.sqrt(d_model))[None]
