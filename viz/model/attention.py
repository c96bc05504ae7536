"""Scaled dot-product attention and its masks, in torch, with the weights returned explicitly.

attention(Q, K, V) = softmax(Q Kᵀ / √d_k + mask) V. The fused ``torch.nn.functional.
scaled_dot_product_attention`` gives the same output but not the weights, which is what the page draws;
the tests use it as the reference.
"""

from __future__ import annotations

import math

import torch
from torch import Tensor

from viz.encodings.sinusoid import frequencies


def scaled_dot_product_attention(
    q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None
) -> tuple[Tensor, Tensor]:
    """softmax(q kᵀ / √d_k) v, with the weights.

    q: (..., T_q, d_k), k: (..., T_k, d_k), v: (..., T_k, d_v). ``mask`` is boolean, broadcastable to
    (..., T_q, T_k), True where a query may attend to a key (torch's convention). A query whose keys are
    all masked gets all-zero weights and a zero output (a plain softmax over -inf would give NaN).
    Returns (output (..., T_q, d_v), weights (..., T_q, T_k)).
    """
    d_k = q.shape[-1]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # (..., T_q, T_k)
    if mask is None:
        weights = torch.softmax(scores, dim=-1)
    else:
        if mask.dtype != torch.bool:
            raise TypeError(f"mask must be boolean (True = attend), got {mask.dtype}")
        scores = scores.masked_fill(~mask, float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        # A row of only -inf gives NaN: such a query attends to nothing.
        weights = torch.nan_to_num(weights, nan=0.0)
    return weights @ v, weights  # (..., T_q, d_v), (..., T_q, T_k)


def causal_mask(t: int, device: torch.device | None = None) -> Tensor:
    """(T, T) boolean, True on and below the diagonal: query i may see keys 0..i only."""
    return torch.ones(t, t, dtype=torch.bool, device=device).tril()


def padding_mask(lengths: list[int] | tuple[int, ...], t: int) -> Tensor:
    """(B, 1, 1, T) boolean, True for the real tokens of each sequence and False for its padding.

    Broadcast against (B, heads, T, T) it hides padded *keys* from every query.
    """
    real = torch.arange(t)[None, :] < torch.tensor(list(lengths))[:, None]  # (B, T)
    return real[:, None, None, :]


def query_padding_mask(lengths: list[int] | tuple[int, ...], t: int) -> Tensor:
    """(B, 1, T, 1) boolean, True for the queries that are real tokens and False for [PAD] queries.

    Broadcast against (B, heads, T, T) it empties every [PAD] query's row: such a query attends to
    nothing, and :func:`scaled_dot_product_attention` gives it zero weights and a zero output.
    """
    real = torch.arange(t)[None, :] < torch.tensor(list(lengths))[:, None]  # (B, T)
    return real[:, None, :, None]


def combine(*masks: Tensor | None) -> Tensor | None:
    """The masks ANDed together (a key is visible only if every mask allows it); None if all are None."""
    out: Tensor | None = None
    for m in masks:
        if m is not None:
            out = m if out is None else out & m
    return out


def rope_tables(t: int, d_k: int, base: float, dtype: torch.dtype = torch.float32) -> tuple[Tensor, Tensor]:
    """cos and sin of the angle pos · ω_i for each position and pair, ω_i = base^(-2i/d_k). (T, d_k // 2)."""
    omega = torch.from_numpy(frequencies(d_k, base)[: d_k // 2]).to(dtype)
    angles = torch.arange(t, dtype=dtype)[:, None] * omega[None, :]
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
