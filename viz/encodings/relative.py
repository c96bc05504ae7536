"""Relative position biases: a number added to each attention score that depends only on how far the key
is from the query, instead of a vector added to the input. Pure NumPy.

- ALiBi (Press, Smith and Lewis, "Train Short, Test Long", ICLR 2022): head h adds -m_h (i - j) to the
  score of query i on key j <= i, with fixed slopes m_h = 2^(-8h/H) for H a power of two (the paper's
  reference code interleaves the slopes of the two nearest powers otherwise).
- T5 (Raffel et al., "Exploring the Limits of Transfer Learning", JMLR 2020, sec. 2.1): every offset
  falls in one of a few buckets, exact for small offsets and logarithmic up to a maximum distance; each
  head learns one scalar per bucket.
- KERPLE's logarithmic variant (Chi et al., NeurIPS 2022): -r1 ln(1 + r2 |i - j|), with r1, r2 > 0
  learned per head.

Every bias is returned as a (heads, queries, keys) array; a masked cell (a causal bias's future keys)
is -inf, as it would be in the scores.
"""

from __future__ import annotations

import math
from typing import Literal, get_args

import numpy as np

Scheme = Literal["alibi", "t5", "kerple"]
SCHEMES: tuple[Scheme, ...] = get_args(Scheme)


def as_scheme(value: object) -> Scheme:
    """``value`` as a :data:`Scheme`, or ValueError."""
    found = next((s for s in SCHEMES if s == value), None)
    if found is None:
        raise ValueError(f"unknown bias scheme {value!r}; expected one of {SCHEMES}")
    return found


def offsets(length: int) -> np.ndarray:
    """i - j for every query i (rows) and key j (columns): positive when the key is behind the query."""
    pos = np.arange(length)
    return pos[:, None] - pos[None, :]


def alibi_slopes(heads: int) -> np.ndarray:
    """ALiBi's slope of each head (the first head the steepest).

    For a power of two, m_h = 2^(-8h/H), h = 1..H: a geometric sequence from 2^(-8/H) down to 2^-8. For
    any other H, as the paper's code does: the slopes of the power of two just below H, then every other
    slope of the next power of two for the heads left over.
    """
    if heads < 1:
        raise ValueError(f"heads must be >= 1, got {heads}")
    if heads & (heads - 1) == 0:
        return np.power(2.0, -8.0 * np.arange(1, heads + 1) / heads)
    below = 2 ** math.floor(math.log2(heads))
    extra = alibi_slopes(2 * below)[0::2][: heads - below]
    return np.concatenate([alibi_slopes(below), extra])


def alibi(length: int, heads: int, *, causal: bool = True) -> np.ndarray:
    """ALiBi's bias, (heads, length, length): -m_h (i - j) on keys j <= i and -inf after them (causal,
    as in the paper), or -m_h |i - j| everywhere (the symmetric form encoders use)."""
    rel = offsets(length).astype(np.float64)
    slopes = alibi_slopes(heads)[:, None, None]
    if not causal:
        return -slopes * np.abs(rel)
    return np.where(rel >= 0, -slopes * rel, -np.inf)


def t5_bucket(
    relative: np.ndarray, *, bidirectional: bool = True, num_buckets: int = 32, max_distance: int = 128
) -> np.ndarray:
    """T5's bucket of each relative position ``relative`` = key - query (T5's sign: negative for a key
    behind the query).

    Bidirectional: half the buckets for keys behind, half for keys ahead. Within a half of n buckets, an
    offset below n/2 has its own bucket; larger offsets share buckets spaced logarithmically up to
    ``max_distance``, and every offset beyond it falls in the last bucket. Causal (not bidirectional):
    keys ahead of the query all go to bucket 0, and keys behind use all the buckets. ``max_distance``
    must exceed the exact buckets (else the logarithmic ones have no room; ValueError).
    """
    rel = np.asarray(relative, dtype=np.int64)
    n = num_buckets
    bucket = np.zeros(rel.shape, dtype=np.int64)
    if bidirectional:
        n //= 2
        bucket += (rel > 0).astype(np.int64) * n
        distance = np.abs(rel)
    else:
        distance = np.maximum(-rel, 0)
    exact = n // 2
    if max_distance <= exact:
        raise ValueError(
            f"max_distance must exceed the {exact} exact buckets of a direction, got {max_distance}"
        )
    small = distance < exact
    # log-spaced between exact and max_distance; float32 as the reference code, so a bucket edge falls
    # where it does in the trained models (a small distance, 0 included, never reads this)
    scaled = (
        np.log(np.maximum(distance, 1).astype(np.float32) / np.float32(exact))
        / np.float32(math.log(max_distance / exact))
        * np.float32(n - exact)
    )
    large = exact + np.where(small, 0, scaled.astype(np.int64))
    large = np.minimum(large, n - 1)
    return bucket + np.where(small, distance, large)


def t5_buckets(
    length: int, *, bidirectional: bool = True, num_buckets: int = 32, max_distance: int = 128
) -> np.ndarray:
    """The bucket of every (query, key) pair of a sequence: (length, length)."""
    return t5_bucket(
        -offsets(length), bidirectional=bidirectional, num_buckets=num_buckets, max_distance=max_distance
    )


def kerple_log(
    length: int, r1: np.ndarray | float, r2: np.ndarray | float, *, causal: bool = True
) -> np.ndarray:
    """KERPLE's logarithmic bias -r1 ln(1 + r2 |i - j|), one (r1, r2) per head: (heads, length, length).

    The future keys of a causal model are -inf, as with ALiBi.
    """
    a = np.atleast_1d(np.asarray(r1, dtype=np.float64))[:, None, None]
    b = np.atleast_1d(np.asarray(r2, dtype=np.float64))[:, None, None]
    if np.any(a <= 0) or np.any(b <= 0):
        raise ValueError("KERPLE's r1 and r2 must be > 0")
    rel = offsets(length)
    bias = -a * np.log1p(b * np.abs(rel))
    return np.where(rel >= 0, bias, -np.inf) if causal else bias


def by_distance(bias: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The bias of each head against the distance i - j >= 0 (the last query's row, keys behind it):
    (distances (L,), values (heads, L))."""
    length = bias.shape[-1]
    last = bias[:, length - 1, ::-1]  # key L-1-d for d = 0 .. L-1
    return np.arange(length), last
