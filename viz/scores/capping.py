"""Keeping attention scores in range, the two ways 2024-26 models do it: pure NumPy.

- QK-norm (OLMo 2, Gemma 3, nanochat): RMSNorm each query and key before the dot product. A query that
  grows during training (its weights drift larger) then cannot sharpen the softmax: q·k/√d is bounded by
  the norms' gains, and the row's entropy stays where it was. Without it, a larger q makes the scores
  larger and the row collapses onto one key (entropy → 0), a known cause of training blow-ups.
- Soft-capping (Gemma 2): c · tanh(s / c) bends scores past about c/2 and never lets them beyond ±c,
  smoothly; clipping at ±c flattens everything past c (their gradient is 0 there).

The tests hold these to viz.model.variants (torch) on the same numbers.
"""

from __future__ import annotations

import numpy as np

from viz.scores.softmax import entropy, softmax

#: The scales a query is multiplied by on the Softmax page, and the caps it offers.
SCALES: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
CAPS: tuple[float, ...] = (2.0, 5.0, 10.0, 20.0, 50.0)
KEYS = 16
D_K = 64


def soft_cap(scores: np.ndarray, cap: float) -> np.ndarray:
    """cap · tanh(scores / cap)."""
    return cap * np.tanh(np.asarray(scores, dtype=np.float64) / cap)


def clip(scores: np.ndarray, cap: float) -> np.ndarray:
    """scores cut to [-cap, cap]."""
    return np.clip(np.asarray(scores, dtype=np.float64), -cap, cap)


def rms_norm(x: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    """x / sqrt(mean(x²) + eps) along the last axis (unit gain)."""
    x64 = np.asarray(x, dtype=np.float64)
    return x64 / np.sqrt(np.mean(x64**2, axis=-1, keepdims=True) + eps)


def example(seed: int, keys: int = KEYS, d_k: int = D_K) -> tuple[np.ndarray, np.ndarray]:
    """One query (d_k,) and its keys (keys, d_k), N(0, 1) entries from ``seed``."""
    rng = np.random.default_rng([seed, 4242])
    return rng.standard_normal(d_k), rng.standard_normal((keys, d_k))


def scores(q: np.ndarray, k: np.ndarray, scale: float, qk_norm: bool) -> np.ndarray:
    """(scale · q) · k_j / √d for every key, after RMSNorm of both sides when ``qk_norm``."""
    q_s = scale * np.asarray(q, dtype=np.float64)
    keys = np.asarray(k, dtype=np.float64)
    if qk_norm:
        q_s, keys = rms_norm(q_s), rms_norm(keys)
    return keys @ q_s / np.sqrt(keys.shape[-1])


def entropy_by_scale(q: np.ndarray, k: np.ndarray, scales: np.ndarray, qk_norm: bool) -> np.ndarray:
    """The row's softmax entropy (nats) at each scale of the query."""
    return np.array([float(entropy(softmax(scores(q, k, float(s), qk_norm)))) for s in scales])


def with_outlier(seed: int, keys: int = KEYS) -> np.ndarray:
    """One row of scores, N(0, 1) from ``seed``, whose key 3 has drifted to 12 (an outlier logit)."""
    row = np.random.default_rng([seed, 4243]).standard_normal(keys)
    row[3] = 12.0
    return row
