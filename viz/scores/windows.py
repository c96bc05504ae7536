"""Sliding-window attention with attention sinks, as masks: which keys each query may read, and how far
back information reaches through a stack of layers. Pure NumPy.

- A sliding window of W (Mistral 7B, Jiang et al. 2023): query i reads key j iff 0 <= i - j < W. One layer
  sees W tokens back, but layer l reads the outputs of layer l - 1, which already saw W - 1 further: after L
  layers information has travelled up to L (W - 1) positions (the paper's Figure 1).
- Attention sinks (StreamingLLM, Xiao et al. 2024): the first k tokens stay readable by every query as the
  window moves on, because trained models park much of each softmax's mass there.
"""

from __future__ import annotations

import numpy as np


def window_mask(length: int, window: int, sinks: int = 0) -> np.ndarray:
    """(length, length) booleans: query i may read key j iff 0 <= i - j < window, or j < sinks and j <= i."""
    if length < 1 or window < 1 or sinks < 0:
        raise ValueError(f"length and window must be >= 1 and sinks >= 0, got {length}, {window}, {sinks}")
    i = np.arange(length)[:, None]
    j = np.arange(length)[None, :]
    behind = i - j
    return ((behind >= 0) & (behind < window)) | ((j < sinks) & (behind >= 0))


def reach(mask: np.ndarray, layers: int) -> np.ndarray:
    """(length, length) booleans: whether what key j held can reach query i through ``layers`` layers each
    under ``mask`` (the residual keeps a token's own information, so reach only grows)."""
    allowed = np.asarray(mask, dtype=bool)
    now = allowed.copy()
    for _ in range(layers - 1):
        now = (now.astype(np.int64) @ allowed.astype(np.int64)) > 0
    return now


def farthest_back(mask: np.ndarray, layers: int) -> np.ndarray:
    """For each query, how many positions back the farthest key it has heard from lies (0: only itself)."""
    seen = reach(mask, layers)
    i = np.arange(seen.shape[0])
    first = np.argmax(seen, axis=1)  # the earliest key that reaches each query
    return i - first


def window_span(window: int, layers: int) -> int:
    """How far back a sliding window without sinks reaches after ``layers`` layers: layers * (window - 1)."""
    return layers * (window - 1)


def sink_share(maps: np.ndarray, sinks: int) -> np.ndarray:
    """The share of softmax mass on the first ``sinks`` keys, per layer: maps (layers, heads, T, T), the mean
    over heads and over the queries after the sinks (a sink's own row would count itself)."""
    maps = np.asarray(maps, dtype=np.float64)
    if maps.shape[-1] <= sinks:  # no query comes after the sinks: nothing to measure
        return np.full(maps.shape[0], np.nan)
    return maps[:, :, sinks:, :sinks].sum(axis=-1).mean(axis=(1, 2))
