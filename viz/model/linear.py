"""Attention that keeps a fixed-size state instead of a growing key/value cache, as functions of tensors:

- linear attention (Katharopoulos et al., 2020, arXiv 2006.16236): softmax(q·k) replaced by
  φ(q)·φ(k) with φ = elu + 1, so o_t = S_t φ(q_t) / (z_t · φ(q_t)) with S_t = Σ_{i≤t} v_i φ(k_i)ᵀ;
- the gated delta rule (Yang, Kautz and Hatamizadeh, ICLR 2025, arXiv 2412.06464; the linear layers of
  Qwen3-Next and Kimi Linear): S_t = α_t S_{t-1} (I - β_t k_t k_tᵀ) + β_t v_t k_tᵀ, o_t = S_t q_t.
  Writing v_t at k_t first erases what the state held there (the delta rule, Widrow-Hoff); α_t in
  (0, 1] forgets everything a little (α = 1: the plain delta rule).

The delta rule runs token by token (:func:`delta_recurrent`) or a chunk at a time (:func:`delta_chunked`,
the form that trains fast: inside a chunk one triangular solve replaces the loop), and both give the same
numbers. Neither builds a T x T map, but each is one: o = A v for a lower-triangular A
(:func:`delta_weights`), which is what the pages draw. Shapes: q, k (B, H, T, d_k), v (B, H, T, d_v),
β, α (B, H, T); the state S is (B, H, d_v, d_k).
"""

from __future__ import annotations

import torch
from torch import Tensor
from torch.nn import functional as F


def feature(x: Tensor) -> Tensor:
    """φ(x) = elu(x) + 1: positive, so every φ(q)·φ(k) is a positive weight."""
    return F.elu(x) + 1.0


def linear_weights(q: Tensor, k: Tensor) -> Tensor:
    """(B, H, T, T): causal linear attention's map, φ(q_t)·φ(k_i) for i ≤ t over its row's sum."""
    raw = (feature(q) @ feature(k).transpose(-2, -1)).tril()  # (B, H, T, T)
    return raw / raw.sum(-1, keepdim=True)


def linear_attention(q: Tensor, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """Causal linear attention in its parallel (quadratic) form: (output (B, H, T, d_v), map)."""
    weights = linear_weights(q, k)
    return weights @ v, weights


def linear_recurrent(q: Tensor, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """The same, one token at a time with a d_v x d_k state and a normaliser: (output, final state)."""
    b, h, t, d_k = q.shape
    state = q.new_zeros(b, h, v.shape[-1], d_k)
    norm = q.new_zeros(b, h, d_k)
    fq, fk = feature(q), feature(k)
    out = []
    for i in range(t):
        state = state + v[..., i, :, None] * fk[..., i, None, :]  # + v_t φ(k_t)ᵀ
        norm = norm + fk[..., i, :]
        num = (state @ fq[..., i, :, None])[..., 0]  # (B, H, d_v)
        out.append(num / (norm * fq[..., i, :]).sum(-1, keepdim=True))
    return torch.stack(out, dim=-2), state


def delta_recurrent(
    q: Tensor, k: Tensor, v: Tensor, beta: Tensor, alpha: Tensor | None = None, state: Tensor | None = None
) -> tuple[Tensor, Tensor]:
    """The gated delta rule token by token: (output (B, H, T, d_v), final state (B, H, d_v, d_k))."""
    b, h, t, d_k = k.shape
    s = k.new_zeros(b, h, v.shape[-1], d_k) if state is None else state
    out = []
    for i in range(t):
        k_i, v_i, b_i = k[..., i, :], v[..., i, :], beta[..., i, None]
        if alpha is not None:
            s = alpha[..., i, None, None] * s
        recalled = (s @ k_i[..., None])[..., 0]  # (B, H, d_v): what the state holds at k_t
        s = s + (b_i * (v_i - recalled))[..., :, None] * k_i[..., None, :]  # write the difference
        out.append((s @ q[..., i, :, None])[..., 0])
    return torch.stack(out, dim=-2), s


def _chunk(
    q: Tensor, k: Tensor, v: Tensor, beta: Tensor, log_alpha: Tensor, s: Tensor
) -> tuple[Tensor, Tensor]:
    """One chunk of C tokens from state s. With γ_t = Π_{i≤t} α_i and Γ_ti = γ_t / γ_i, the state
    after token t is γ_t S_0 + Σ_{i≤t} Γ_ti u_i k_iᵀ, where the writes u_t = β_t (v_t - α_t S_{t-1} k_t)
    solve the triangular system (I + diag(β) tril(Γ ⊙ K Kᵀ, -1)) U = diag(β) (V - diag(γ) K S_0ᵀ)."""
    c = k.shape[-2]
    log_gamma = log_alpha.cumsum(-1)  # (B, H, C)
    decay = torch.exp(log_gamma[..., :, None] - log_gamma[..., None, :])  # Γ_ti (B, H, C, C)
    strict = torch.ones(c, c, dtype=torch.bool, device=k.device).tril(-1)
    lower = strict | torch.eye(c, dtype=torch.bool, device=k.device)
    gamma = torch.exp(log_gamma)[..., None]  # (B, H, C, 1)
    system = torch.eye(c, dtype=k.dtype) + beta[..., None] * (decay * (k @ k.transpose(-2, -1))).masked_fill(
        ~strict, 0.0
    )
    rhs = beta[..., None] * (v - gamma * (k @ s.transpose(-2, -1)))  # (B, H, C, d_v)
    u = torch.linalg.solve_triangular(system, rhs, upper=False, unitriangular=True)
    out = gamma * (q @ s.transpose(-2, -1)) + (decay * (q @ k.transpose(-2, -1))).masked_fill(~lower, 0.0) @ u
    last = torch.exp(log_gamma[..., -1:] - log_gamma)[..., None]  # γ_C / γ_i (B, H, C, 1)
    s = torch.exp(log_gamma[..., -1])[..., None, None] * s + u.transpose(-2, -1) @ (last * k)
    return out, s


def delta_chunked(
    q: Tensor,
    k: Tensor,
    v: Tensor,
    beta: Tensor,
    alpha: Tensor | None = None,
    chunk: int = 16,
    state: Tensor | None = None,
) -> tuple[Tensor, Tensor]:
    """The gated delta rule a chunk at a time (same result as :func:`delta_recurrent`): a loop over T / C
    chunks, each one triangular solve and a few matrix products."""
    b, h, t, d_k = k.shape
    s = k.new_zeros(b, h, v.shape[-1], d_k) if state is None else state
    log_alpha = torch.zeros_like(beta) if alpha is None else torch.log(alpha)
    outs = []
    for start in range(0, t, chunk):
        part = slice(start, min(start + chunk, t))
        qc, kc, vc = q[..., part, :], k[..., part, :], v[..., part, :]
        o, s = _chunk(qc, kc, vc, beta[..., part], log_alpha[..., part], s)
        outs.append(o)
    return torch.cat(outs, dim=-2), s


def delta_weights(q: Tensor, k: Tensor, beta: Tensor, alpha: Tensor | None = None) -> Tensor:
    """(B, H, T, T): the lower-triangular A with delta-rule output o = A v from an empty state: the
    chunk form with S_0 = 0 reads o = tril(Γ ⊙ Q Kᵀ) U and U = T V, so A = tril(Γ ⊙ Q Kᵀ) T. Weights
    may be negative: a later write at a similar key subtracts what an earlier one put there."""
    t = k.shape[-2]
    log_alpha = torch.zeros_like(beta) if alpha is None else torch.log(alpha)
    log_gamma = log_alpha.cumsum(-1)
    decay = torch.exp(log_gamma[..., :, None] - log_gamma[..., None, :])
    strict = torch.ones(t, t, dtype=torch.bool).tril(-1)
    lower = strict | torch.eye(t, dtype=torch.bool)
    system = torch.eye(t, dtype=k.dtype) + beta[..., None] * (decay * (k @ k.transpose(-2, -1))).masked_fill(
        ~strict, 0.0
    )
    writes = torch.linalg.solve_triangular(system, torch.diag_embed(beta), upper=False, unitriangular=True)
    return (decay * (q @ k.transpose(-2, -1))).masked_fill(~lower, 0.0) @ writes


# ---- how much a state can hold --------------------------------------------------------------------------
RULES = ("linear", "delta", "softmax")


def recall_accuracy(pairs: int, width: int, rule: str, seed: int = 0, trials: int = 8) -> float:
    """Write ``pairs`` key -> value pairs into a width x width state, read every key back and decode the
    read as the stored value it is closest to (cosine): the share decoded right.

    Values are random unit vectors; keys are as far apart as the width allows (orthonormal while there
    are at most ``width``, as trained key projections learn to make them; random unit vectors past that),
    in random order. ``rule``: "linear" (S += v kᵀ), "delta" (β = 1: first erase what the key recalls)
    or "softmax" (no state: a cache of every key and value, read with a sharp softmax). A state of width
    d holds at most d independent keys: past that the keys must overlap and reads collide, while the
    cache keeps growing.
    """
    return recall_accuracies(pairs, width, (rule,), seed, trials)[rule]


def recall_accuracies(
    pairs: int, width: int, rules: tuple[str, ...] = RULES, seed: int = 0, trials: int = 8
) -> dict[str, float]:
    """:func:`recall_accuracy` of each of ``rules``, on the same pairs (drawn once for all of them)."""
    if bad := [rule for rule in rules if rule not in RULES]:
        raise ValueError(f"unknown rule {bad[0]!r}")
    g = torch.Generator().manual_seed(seed)
    # every trial at once (a batch dimension): a page asks for two dozen of these per slider move
    keys = F.normalize(torch.randn(trials, pairs, width, generator=g, dtype=torch.float64), dim=-1)
    basis, _ = torch.linalg.qr(torch.randn(trials, width, width, generator=g, dtype=torch.float64))
    spread = min(pairs, width)
    keys[:, :spread] = basis[:, :, :spread].mT
    order = torch.argsort(torch.rand(trials, pairs, generator=g), dim=-1)
    keys = keys.gather(1, order[..., None].expand(-1, -1, width))
    values = F.normalize(torch.randn(trials, pairs, width, generator=g, dtype=torch.float64), dim=-1)
    hits = {}
    for rule in rules:
        if rule == "softmax":
            read = torch.softmax(keys @ keys.mT * SHARP, dim=-1) @ values  # (trials, pairs, width)
        else:
            read = state_reads(keys, values, rule)
        decoded = (F.normalize(read, dim=-1) @ values.mT).argmax(-1)
        hits[rule] = int((decoded == torch.arange(pairs)).sum())
    return {rule: hit / (pairs * trials) for rule, hit in hits.items()}


def state_reads(keys: Tensor, values: Tensor, rule: str) -> Tensor:
    """(..., n, width): every key read back from the state after writing all n pairs in order, from an
    empty state, without a loop per pair (a page asks for hundreds of these); leading dimensions are
    separate states.

    Linear: S = Σ v_t k_tᵀ = Vᵀ K, so the reads K Sᵀ = K Kᵀ V. Delta rule with β = 1: the final state of
    :func:`delta_chunked` with every pair in one chunk (one triangular solve), read at every key.
    """
    if rule == "linear":
        return keys @ keys.mT @ values
    n = keys.shape[-2]
    batch = keys.reshape(-1, 1, n, keys.shape[-1])  # any leading dimensions as delta_chunked's batch
    _, state = delta_chunked(
        batch, batch, values.reshape(batch.shape), keys.new_ones(batch.shape[0], 1, n), chunk=n
    )
    return keys @ state.reshape(*keys.shape[:-2], *state.shape[-2:]).mT


#: The softmax cache's inverse temperature in :func:`recall_accuracy`: sharp enough that a key's own
#: score (1) outweighs its neighbours' (about ±3/√width).
SHARP = 50.0
