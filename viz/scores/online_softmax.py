"""Online softmax, the idea inside FlashAttention (Milakov and Gimelshein 2018; Dao et al. 2022): one
query's attention output computed from its keys block by block, never holding the whole row of weights.

After each block of B keys the running maximum m, the running sum l of e^(s - m) and the running
weighted sum of the values are updated; when a block raises the maximum, the sums so far are multiplied
by e^(m_old - m_new) so that every term stays relative to the same maximum. After the last block,
output = sum / l, equal to softmax(s) @ V. Pure NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Step:
    """The state after one block of keys: which keys it read and the running quantities."""

    lo: int  # the block's first key
    hi: int  # one past its last key
    block_max: float  # the largest score in this block
    m: float  # running maximum over every key read so far
    rescale: float  # e^(m_before - m): what the sums so far were multiplied by (1 if m did not move)
    total: float  # l, the running sum of e^(s_j - m) over the keys read so far
    acc: np.ndarray  # running sum of e^(s_j - m) v_j, (d_v,)

    @property
    def output(self) -> np.ndarray:
        """The output if the keys read so far were all the keys: acc / l."""
        return self.acc / self.total


def steps(scores: np.ndarray, values: np.ndarray, block: int) -> list[Step]:
    """Every block's step for one query: ``scores`` (N,), ``values`` (N, d_v), blocks of ``block`` keys
    (the last one shorter when ``block`` does not divide N)."""
    s = np.asarray(scores, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64)
    if block < 1:
        raise ValueError(f"block must be >= 1, got {block}")
    if s.ndim != 1 or v.ndim != 2 or v.shape[0] != s.size or s.size == 0:
        raise ValueError(f"scores (N,) and values (N, d_v) with N >= 1, got {s.shape} and {v.shape}")
    m, total, acc = -np.inf, 0.0, np.zeros(v.shape[1])
    found = []
    for lo in range(0, s.size, block):
        hi = min(lo + block, s.size)
        block_max = float(s[lo:hi].max())
        new_m = max(m, block_max)
        rescale = float(np.exp(m - new_m)) if np.isfinite(m) else 0.0
        weights = np.exp(s[lo:hi] - new_m)
        total = total * rescale + float(weights.sum())
        acc = acc * rescale + weights @ v[lo:hi]
        m = new_m
        found.append(Step(lo, hi, block_max, m, rescale if lo else 1.0, total, acc.copy()))
    return found


def full(scores: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ordinary way, holding the whole row: (softmax(scores), softmax(scores) @ values)."""
    s = np.asarray(scores, dtype=np.float64)
    w = np.exp(s - s.max())
    w /= w.sum()
    return w, w @ np.asarray(values, dtype=np.float64)


def example(n: int, d_v: int, seed: int, spread: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """A query's scores (N(0, spread^2), so blocks often raise the maximum) and its values, from ``seed``."""
    rng = np.random.default_rng(seed)
    return rng.normal(0.0, spread, size=n), rng.normal(size=(n, d_v))


def memory_bytes(n: np.ndarray, block: int, bytes_per_number: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """What each way keeps beyond Q, K, V and the output, for N queries and N keys: the N x N matrix of
    scores (standard attention), against two running numbers per query (m and l) and one block of B x B
    scores at a time (online, as FlashAttention tiles it). Returns (standard, online) in bytes."""
    n = np.asarray(n, dtype=np.float64)
    return n * n * bytes_per_number, (2 * n + block * block) * bytes_per_number
