"""What a head does, measured from its attention weights: how much of each query's attention goes to the
previous token, the next one, itself, the first token, the special tokens; how spread it is (entropy).

Every measure is a mean over the queries for which it exists (the first token has no previous one, the
last no next one, and a causal model's query sees only the keys up to itself). Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The measures, in the order the page lists them.
MEASURES = ("previous", "next", "self", "first", "special", "entropy")
#: A head is named after a pattern when at least this share of its attention follows it.
CLEAR = 0.5


@dataclass(frozen=True)
class HeadPatterns:
    """``values[m]`` is (layers, heads) for measure ``MEASURES[m]``."""

    values: np.ndarray
    special: tuple[int, ...]  # the positions counted as special ([CLS], [SEP]); empty for SmolLM2

    def measure(self, name: str) -> np.ndarray:
        return self.values[MEASURES.index(name)]

    def kind(self) -> np.ndarray:
        """Each head's clearest pattern among the position measures, or "mixed" where none takes
        ``CLEAR`` of its attention: an array of strings (layers, heads)."""
        names = np.array((*MEASURES[:5], "mixed"))
        shares = self.values[:5]
        best = shares.argmax(axis=0)
        clear = shares.max(axis=0) >= CLEAR
        return np.where(clear, names[best], names[-1])


def _mean_diagonal(maps: np.ndarray, offset: int) -> np.ndarray:
    """Mean over queries of the weight on the key ``offset`` away (nan when no query has one)."""
    t = maps.shape[-1]
    if t - abs(offset) <= 0:
        return np.full(maps.shape[:-2], np.nan)
    return np.diagonal(maps, offset=offset, axis1=-2, axis2=-1).mean(axis=-1)


def entropy(maps: np.ndarray, *, causal: bool) -> np.ndarray:
    """Mean entropy of the queries' weights, in bits, as a share of the most it could be (log2 of the
    keys a query can see): 0 looks at one token, 1 spreads evenly over all it sees."""
    t = maps.shape[-1]
    p = np.clip(maps, 1e-12, 1.0)
    bits = -(maps * np.log2(p)).sum(axis=-1)  # (..., T)
    seen = np.arange(1, t + 1) if causal else np.full(t, t)
    most = np.log2(seen.astype(np.float64))
    rows = most > 0  # a query that sees one key has no choice to spread
    if not rows.any():
        return np.zeros(maps.shape[:-2])
    return (bits[..., rows] / most[rows]).mean(axis=-1)


def measure(maps: np.ndarray, *, causal: bool, special: tuple[int, ...] = ()) -> HeadPatterns:
    """The measures of every head in ``maps`` (layers, heads, T, T)."""
    maps = np.asarray(maps, dtype=np.float64)
    t = maps.shape[-1]
    previous = _mean_diagonal(maps, -1)
    following = np.zeros(maps.shape[:-2]) if causal else _mean_diagonal(maps, 1)
    # A causal model's first query sees only itself: counting it would put 1/T under every head.
    itself = np.diagonal(maps, axis1=-2, axis2=-1)[..., 1 if causal and t > 1 else 0 :].mean(axis=-1)
    first = maps[..., 1:, 0].mean(axis=-1) if t > 1 else np.full(maps.shape[:-2], np.nan)
    spec = maps[..., list(special)].sum(axis=-1).mean(axis=-1) if special else np.zeros(maps.shape[:-2])
    values = np.stack([previous, following, itself, first, spec, entropy(maps, causal=causal)])
    return HeadPatterns(np.nan_to_num(values), tuple(special))


def sink(maps: np.ndarray) -> np.ndarray:
    """Per layer, the mean share of attention on the first token, over heads and the queries after it
    (the "attention sink" of decoders)."""
    maps = np.asarray(maps, dtype=np.float64)
    if maps.shape[-1] < 2:
        return np.zeros(maps.shape[0])
    return maps[:, :, 1:, 0].mean(axis=(1, 2))


def coarse(maps: np.ndarray, limit: int) -> tuple[np.ndarray, int]:
    """Maps of more than ``limit`` tokens in fewer cells: blocks of k x k tokens (k the smallest that fits),
    each cell the mean over its queries of their total weight on its keys, so every row still sums to 1
    (a last, shorter block averages over fewer queries and sums over fewer keys). Returns the maps and k."""
    maps = np.asarray(maps, dtype=np.float32)
    t = maps.shape[-1]
    k = -(-t // limit) if t > limit else 1
    if k == 1:
        return maps, 1
    edges = np.arange(0, t, k)
    summed = np.add.reduceat(maps, edges, axis=-1)  # total weight on each block of keys
    sizes = np.diff(np.append(edges, t)).astype(np.float32)
    return np.add.reduceat(summed, edges, axis=-2) / sizes[:, None], k


# ---- induction heads' scores (viz.model.induction's toy model, viz.pretrained.induction's SmolLM2) ------
def previous_token(maps: np.ndarray) -> np.ndarray:
    """(layers, heads): the mean weight from each position but the first to the one before it. ``maps`` is
    (layers, heads, T, T), averaged over sequences."""
    t = maps.shape[-1]
    rows = np.arange(1, t)
    return np.asarray(maps[..., rows, rows - 1].mean(-1))


def prefix_matching(maps: np.ndarray, half: int, first: int = 1) -> np.ndarray:
    """(layers, heads): on a sequence whose tokens ``first`` .. ``first + half - 1`` come again right after
    them, the mean weight from each token of the repeat to the token after its earlier copy. ``maps`` is
    (layers, heads, T, T), averaged over sequences."""
    queries = np.arange(first + half, first + 2 * half)  # the repeat
    keys = queries - half + 1  # the token after each one's earlier copy
    return np.asarray(maps[..., queries, keys].mean(-1))


def copying(w_e: np.ndarray, w_v: np.ndarray, w_o: np.ndarray, w_u: np.ndarray) -> float:
    """One head's copying score: the eigenvalues of its OV circuit ``w_e @ w_v @ w_o @ w_u`` (vocabulary
    x vocabulary), as Re(sum) / sum(|λ|). Shapes: w_e (V, d), w_v (d, d_head), w_o (d_head, d), w_u (d, V).
    The circuit has rank d_head, and its nonzero eigenvalues are those of ``w_o @ w_u @ w_e @ w_v``
    (d_head x d_head): the same score without a V x V matrix."""
    small = (
        w_o.astype(np.float64) @ (w_u.astype(np.float64) @ w_e.astype(np.float64)) @ w_v.astype(np.float64)
    )
    eig = np.linalg.eigvals(small)
    size = float(np.abs(eig).sum())
    return float(eig.real.sum() / size) if size > 0 else 0.0


def stays_from(held: np.ndarray) -> int:
    """The first layer from which ``held`` (one flag a layer, the last one true) is true to the end: a
    rank can reach the top, fall back and return (the logit lens's answer, layer by layer)."""
    off = np.flatnonzero(~held)
    return int(off[-1]) + 1 if off.size else 0
