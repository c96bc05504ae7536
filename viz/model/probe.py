"""What the live model computes, as NumPy arrays for the page: attention maps, masks, one head step by
step, and the word-order test. Nothing here changes a model (they are shared); everything runs under
``torch.no_grad``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, get_args

import numpy as np
import torch
from torch import Tensor

from viz.model.attention import causal_mask, combine, padding_mask, query_padding_mask
from viz.model.encoder import Encoder

#: The masks the page offers: each alone, both, or none; "pad_queries" hides [PAD] keys and also empties
#: the [PAD] queries' rows, which makes a row with no key to attend to (its output is zero, not NaN).
MaskMode = Literal["none", "padding", "pad_queries", "causal", "both"]
MASK_MODES: tuple[MaskMode, ...] = get_args(MaskMode)


def as_mask_mode(text: object) -> MaskMode | None:
    """``text`` as a mask mode if it names one (a value from a URL or a widget), else None."""
    return next((mode for mode in MASK_MODES if mode == text), None)


def _np(t: Tensor) -> np.ndarray:
    # A copy: .numpy() shares memory with the tensor, and some of these are the shared model's weights.
    return t.detach().float().numpy().copy()


def attention_maps(model: Encoder, x: Tensor, mask: Tensor | None = None) -> np.ndarray:
    """Every head's weights for input vectors x: (B, T, d_model). Shape (layers, B, heads, T, T)."""
    with torch.no_grad():
        run = model.run(x, mask)
    return np.stack([_np(w) for w in run.weights])


def average(maps: np.ndarray) -> np.ndarray:
    """The mean over heads of one layer's maps: (heads, T, T) -> (T, T). Each row still sums to 1."""
    return np.asarray(maps, dtype=np.float64).mean(axis=0)


def token_maps(model: Encoder, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For one sequence of token ids (T,): the weights (layers, heads, T, T) and the answers (T,)."""
    with torch.no_grad():
        logits, weights = model(torch.from_numpy(np.asarray(ids, dtype=np.int64))[None])
    return np.stack([_np(w[0]) for w in weights]), _np(logits[0].argmax(-1)).astype(np.int64)


def batch_mask(mode: MaskMode, lengths: tuple[int, ...], t: int) -> Tensor | None:
    """The mask for ``mode`` on a padded batch, broadcastable to (B, heads, T, T); None for "none"."""
    if mode not in MASK_MODES:
        raise ValueError(f"unknown mask {mode!r}; expected one of {MASK_MODES}")
    pad = padding_mask(lengths, t) if mode in ("padding", "pad_queries", "both") else None  # (B, 1, 1, T)
    rows = query_padding_mask(lengths, t) if mode == "pad_queries" else None  # (B, 1, T, 1)
    causal = causal_mask(t)[None, None] if mode in ("causal", "both") else None  # (1, 1, T, T)
    return combine(pad, rows, causal)


def mask_matrices(mode: MaskMode, lengths: tuple[int, ...], t: int) -> np.ndarray:
    """What each query may see in each sequence of the batch: boolean (B, T, T), True = allowed."""
    m = batch_mask(mode, lengths, t)
    full = torch.ones(len(lengths), 1, t, t, dtype=torch.bool)
    return (full if m is None else full & m)[:, 0].numpy()


def batch_maps(
    model: Encoder, rows: list[Tensor], lengths: tuple[int, ...], mode: MaskMode
) -> tuple[np.ndarray, np.ndarray]:
    """Sequences padded to one length, rows: (1, T, d_model) each, run as one batch under ``mode``.

    Returns (weights (layers, B, heads, T, T), what each query may see (B, T, T)).
    """
    x = torch.cat(rows)  # (B, T, d_model)
    t = x.shape[1]
    return attention_maps(model, x, batch_mask(mode, lengths, t)), mask_matrices(mode, lengths, t)


def empty_rows(allowed: np.ndarray) -> tuple[int, ...]:
    """The queries of one sequence that may see no key at all: allowed (T, T) -> their indices."""
    return tuple(int(i) for i in np.flatnonzero(~np.asarray(allowed, dtype=bool).any(axis=-1)))


def batch_head_outputs(
    model: Encoder, rows: list[Tensor], lengths: tuple[int, ...], mode: MaskMode, layer: int
) -> np.ndarray:
    """Every head's output z = weights · V in ``layer`` for the padded batch of :func:`batch_maps`:
    (B, heads, T, d_k). A query whose row of the mask is empty gets z = 0."""
    if not 0 <= layer < model.config.n_layers:
        raise ValueError(f"layer {layer} out of range ({model.config.n_layers} layers)")
    x = torch.cat(rows)  # (B, T, d_model)
    mask = batch_mask(mode, lengths, x.shape[1])
    with torch.no_grad():
        hidden = model.run(x, mask).hidden[layer]  # the layer's input
        return _np(model.attention(layer).parts(hidden, mask).z)


@dataclass(frozen=True)
class Steps:
    """One head of one layer, step by step (T tokens, d_k = d_model / heads); float32 but ``allowed``."""

    x: np.ndarray  # (T, d_model): the layer's input
    q: np.ndarray  # (T, d_k) = x W_Q (rotated by position when the model uses RoPE)
    k: np.ndarray  # (T, d_k) = x W_K
    v: np.ndarray  # (T, d_k) = x W_V
    scores: np.ndarray  # (T, T) = q kᵀ
    scaled: np.ndarray  # (T, T) = q kᵀ / √d_k
    masked: np.ndarray  # (T, T): scaled, with -inf where the mask forbids
    allowed: np.ndarray  # (T, T) boolean
    weights: np.ndarray  # (T, T) = softmax(masked) by row
    z: np.ndarray  # (T, d_k) = weights v
    concat: np.ndarray  # (T, d_model): every head's z side by side; this head's columns are ``columns``
    w_o: np.ndarray  # (d_model, d_model): concat @ w_o + b_o = out
    b_o: np.ndarray  # (d_model,)
    out: np.ndarray  # (T, d_model): the attention sub-layer's output (before add & norm)
    columns: tuple[int, int]  # this head's columns in concat: [start, stop)


def head_steps(model: Encoder, x: Tensor, layer: int, head: int, causal: bool = False) -> Steps:
    """The intermediates of ``head`` in ``layer`` for one sequence x: (1, T, d_model)."""
    c = model.config
    if not 0 <= layer < c.n_layers or not 0 <= head < c.n_heads:
        raise ValueError(f"layer {layer} / head {head} out of range ({c.n_layers} layers, {c.n_heads} heads)")
    t = x.shape[1]
    mask = causal_mask(t) if causal else None
    with torch.no_grad():
        run = model.run(x, mask)
        attn = model.attention(layer)
        p = attn.parts(run.hidden[layer], mask)
        q, k, v = p.q[0, head], p.k[0, head], p.v[0, head]  # (T, d_k)
        scores = q @ k.T  # (T, T)
        scaled = scores / math.sqrt(c.d_k)
        allowed = torch.ones(t, t, dtype=torch.bool) if mask is None else mask
        masked = scaled.masked_fill(~allowed, float("-inf"))
        w_o = attn.w_o.weight.T  # nn.Linear computes concat @ weight.T + bias
        start = head * c.d_k
        return Steps(
            x=_np(run.hidden[layer][0]),
            q=_np(q),
            k=_np(k),
            v=_np(v),
            scores=_np(scores),
            scaled=_np(scaled),
            masked=_np(masked),
            allowed=allowed.numpy().copy(),
            weights=_np(p.weights[0, head]),
            z=_np(p.z[0, head]),
            concat=_np(p.concat[0]),
            w_o=_np(w_o),
            b_o=_np(attn.w_o.bias),
            out=_np(p.out[0]),
            columns=(start, start + c.d_k),
        )


def shuffle_order(t: int, seed: int) -> np.ndarray:
    """A seeded permutation of range(t) that moves at least one token (when t >= 2)."""
    rng = np.random.default_rng([seed, t, 3])
    for _ in range(100):
        perm = rng.permutation(t)
        if t < 2 or not np.array_equal(perm, np.arange(t)):
            return perm
    return np.roll(np.arange(t), 1)


@dataclass(frozen=True)
class OrderTest:
    """Does shuffling the input only shuffle the output? f(P x) against P f(x)."""

    permutation: np.ndarray  # (T,): shuffled position j holds original token permutation[j]
    difference: np.ndarray  # (T,): max |f(P x)_j - f(x)_perm[j]| over the output vector, per token
    relative: float  # largest difference over the largest output entry
    weights_difference: float  # max |W(P x) - P W(x) Pᵀ| over every layer and head

    @property
    def largest(self) -> float:
        return float(self.difference.max()) if self.difference.size else 0.0


def order_test(
    model: Encoder, x: Tensor, permutation: np.ndarray, use_position: bool = True, causal: bool = False
) -> OrderTest:
    """Run x: (1, T, d_model) and its shuffle x[:, perm] and compare the outputs token by token.

    Attention without position is permutation-equivariant, f(P x) = P f(x), so without an encoding (or
    with ``use_position=False``) the difference is float rounding; a position signal makes it as large
    as the outputs themselves. With ``causal`` each query reads only the keys before it, and that mask
    is itself a position signal: even with no encoding (NoPE) a shuffle changes what each token sees.
    """
    perm = torch.from_numpy(np.asarray(permutation, dtype=np.int64))
    mask = causal_mask(x.shape[1])[None, None] if causal else None
    with torch.no_grad():
        a = model.run(x, mask, use_position=use_position)
        b = model.run(x[:, perm], mask, use_position=use_position)
    moved = a.output[0, perm]  # (T, d_model): the original outputs, shuffled
    diff = (b.output[0] - moved).abs().amax(-1)  # (T,)
    scale = float(a.output.abs().max()) or 1.0
    pairs = zip(a.weights, b.weights, strict=True)
    w_diff = max(float((wb[0] - wa[0][:, perm][:, :, perm]).abs().max()) for wa, wb in pairs)
    return OrderTest(permutation.copy(), _np(diff), float(diff.max()) / scale, w_diff)


def first_key_weights(model: Encoder, x: Tensor) -> np.ndarray:
    """With no position signal and a causal mask: the weight each query gives the first key, per layer,
    as the mean over heads: (layers, T). A head whose scores were all equal would give exactly 1 / (t + 1)
    at query t (Kazemnejad et al. 2023): how the mask alone tells a token how far in it is."""
    with torch.no_grad():
        run = model.run(x, causal_mask(x.shape[1])[None, None], use_position=False)
    return np.stack([_np(w[0, :, :, 0].mean(0)) for w in run.weights])
