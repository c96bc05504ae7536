"""Token embeddings and what adding a position vector does to them. Pure NumPy.

A toy vocabulary: every distinct word gets a fixed random vector (seeded by the word itself, so the same
word always gets the same vector), drawn N(0, 1/d_model) so its norm is about 1. The paper multiplies
embeddings by sqrt(d_model) before adding the positional encoding; ``scale`` is that factor.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal, get_args

import numpy as np

#: Longest text read from a box, in characters, and most tokens drawn (a chart row each).
MAX_CHARS = 400
#: The Embedding page's first sentence: nine words, so the P table shows its waves changing down the rows.
DEFAULT_SENTENCE = "A dog ate the food because it was hungry"
MAX_TOKENS = 48
BYTES_PER_FLOAT = 4  # float32, as models store activations

CLS, SEP = "[CLS]", "[SEP]"
PAD = "[PAD]"

# A word: letters or digits of any script (Hangul included), with inner apostrophes; or one punctuation mark.
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Tokens:
    """The tokens of a text and what was cut to fit."""

    tokens: tuple[str, ...]
    chars_cut: int  # characters beyond MAX_CHARS that were not read
    tokens_cut: int  # tokens beyond the limit that were dropped

    @property
    def cut(self) -> bool:
        return self.chars_cut > 0 or self.tokens_cut > 0


def tokenize(text: str, limit: int = MAX_TOKENS) -> Tokens:
    """Split ``text`` into word and punctuation tokens, keeping at most ``limit`` of them.

    Only the first MAX_CHARS characters are read; control characters and invisible format characters
    (zero-width spaces, direction overrides, ...) are treated as spaces.
    """
    text = str(text)
    chars_cut = max(len(text) - MAX_CHARS, 0)
    visible = "".join(" " if unicodedata.category(c)[0] == "C" else c for c in text[:MAX_CHARS])
    found = _TOKEN.findall(visible)
    limit = max(int(limit), 0)
    return Tokens(tuple(found[:limit]), chars_cut, max(len(found) - limit, 0))


def padded(tokens: tuple[str, ...], length: int) -> tuple[str, ...]:
    """``tokens`` followed by [PAD] up to ``length`` (the shorter sentence of a batch)."""
    return tuple(tokens) + (PAD,) * pad_count(tokens, length)


def pad_count(tokens: tuple[str, ...], length: int) -> int:
    """How many [PAD] tokens fill ``tokens`` up to ``length``."""
    return max(length - len(tokens), 0)


def _word_seed(word: str, seed: int) -> int:
    digest = hashlib.blake2b(f"{seed}\x00{word.casefold()}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def token_vectors(tokens: tuple[str, ...] | list[str], d_model: int, seed: int = 0) -> np.ndarray:
    """The unscaled embedding of each token: N(0, 1/d_model) entries, fixed per (case-folded) word.

    "The" and "the" share a vector, as in a lower-cased vocabulary. Shape (len(tokens), d_model).
    """
    if d_model < 1:
        raise ValueError(f"d_model must be >= 1, got {d_model}")
    out = np.empty((len(tokens), d_model), dtype=np.float64)
    for row, word in enumerate(tokens):
        out[row] = np.random.default_rng(_word_seed(word, seed)).normal(0.0, d_model**-0.5, d_model)
    return out


def segment_vectors(d_model: int, seed: int = 0) -> np.ndarray:
    """Segment embeddings for sentence A (row 0) and B (row 1), drawn like token vectors. Shape (2, d)."""
    return token_vectors(["\x00segment A", "\x00segment B"], d_model, seed)


def paper_scale(d_model: int) -> float:
    """The factor the paper multiplies embeddings by: sqrt(d_model)."""
    return float(np.sqrt(d_model))


def _row_norms(m: np.ndarray) -> np.ndarray:
    return np.sqrt(np.einsum("ij,ij->i", m, m))


def _cos_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    na, nb = _row_norms(a), _row_norms(b)
    denom = na * nb
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denom > 0, np.einsum("ij,ij->i", a, b) / np.where(denom > 0, denom, 1.0), np.nan)


@dataclass(frozen=True)
class Change:
    """How much the position vector changes each token's vector, per position. Arrays of shape (T,)."""

    cos_add: np.ndarray  # cos(E, E + P): 1 means the direction (the meaning) is untouched
    cos_concat: np.ndarray  # cos([E, 0], [E, P]) = ||E|| / sqrt(||E||^2 + ||P||^2)
    ratio: np.ndarray  # ||P|| / ||E||


def change(e: np.ndarray, p: np.ndarray) -> Change:
    """Per-row effect of adding ``p`` to ``e`` versus concatenating it. Shapes (T, d), (T, d)."""
    ne, np_ = _row_norms(e), _row_norms(p)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(ne > 0, np_ / np.where(ne > 0, ne, 1.0), np.inf)
    concat = np.concatenate([e, p], axis=1)  # (T, 2d)
    padded = np.concatenate([e, np.zeros_like(p)], axis=1)  # E alone in the wider space
    return Change(_cos_rows(e, e + p), _cos_rows(padded, concat), ratio)


@dataclass(frozen=True)
class Sweep:
    """Mean over tokens of :class:`Change` for each embedding scale."""

    scales: np.ndarray
    cos_add: np.ndarray
    cos_concat: np.ndarray
    ratio: np.ndarray


def scale_sweep(e_unscaled: np.ndarray, p: np.ndarray, scales: np.ndarray) -> Sweep:
    """:func:`change` averaged over tokens, with E = scale * e_unscaled, for each scale."""
    scales = np.asarray(scales, dtype=np.float64)
    rows = [change(s * e_unscaled, p) for s in scales]
    return Sweep(
        scales,
        np.array([np.nanmean(r.cos_add) for r in rows]),
        np.array([np.nanmean(r.cos_concat) for r in rows]),
        np.array([np.mean(r.ratio) for r in rows]),
    )


def sweep_scales(d_model: int) -> np.ndarray:
    """Scales from 0.1 to 100 on a log grid, plus 1 and sqrt(d_model) exactly."""
    grid = np.logspace(-1, 2, 61)
    return np.unique(np.concatenate([grid, [1.0, paper_scale(d_model)]]))


@dataclass(frozen=True)
class Cost:
    """What each way of combining costs for ``n_tokens`` tokens."""

    width: int  # numbers per token
    bytes_per_token: int
    bytes_total: int
    next_layer_params: int  # weights + biases of one width -> d_model projection (e.g. W_Q) reading it


def cost(n_tokens: int, d_model: int, d_pos: int | None = None) -> dict[str, Cost]:
    """Width and memory of E + P (width d_model) against [E, P] (width d_model + d_pos), float32."""
    d_pos = d_model if d_pos is None else d_pos
    out = {}
    for name, width in (("add", d_model), ("concat", d_model + d_pos)):
        out[name] = Cost(
            width, width * BYTES_PER_FLOAT, width * BYTES_PER_FLOAT * n_tokens, width * d_model + d_model
        )
    return out


def bert_input(tokens_a: tuple[str, ...], tokens_b: tuple[str, ...]) -> tuple[tuple[str, ...], np.ndarray]:
    """BERT's two-sentence layout: [CLS] A [SEP] B [SEP], and each token's segment id (0 for A, 1 for B)."""
    tokens = (CLS, *tokens_a, SEP, *tokens_b, SEP)
    ids = np.array([0] * (len(tokens_a) + 2) + [1] * (len(tokens_b) + 1), dtype=np.int64)
    return tokens, ids


def match_positions(a: tuple[str, ...], b: tuple[str, ...]) -> list[int] | None:
    """For each token of ``a``, the position of the same word in ``b`` (k-th occurrence to k-th).

    None when ``b`` is not a reordering of ``a``'s words (case-folded).
    """
    if sorted(w.casefold() for w in a) != sorted(w.casefold() for w in b):
        return None
    seen: dict[str, list[int]] = {}
    for j, w in enumerate(b):
        seen.setdefault(w.casefold(), []).append(j)
    return [seen[w.casefold()].pop(0) for w in a]


def paired_distance(a: np.ndarray, b: np.ndarray, permutation: list[int]) -> float:
    """sqrt(sum_i ||a[i] - b[permutation[i]]||^2): each row of ``a`` against its own row of ``b``.

    With the permutation of :func:`match_positions`, each word against the same word in the other
    sentence: the root-sum-of-squares of the per-word shifts. Shapes (T, d), (T, d).
    """
    idx = np.asarray(permutation, dtype=np.int64)
    return float(np.linalg.norm(a - b[idx])) if len(idx) else 0.0


@dataclass(frozen=True)
class OrderCheck:
    """Two sentences' input vectors, each word paired with the same word in the other sentence.

    A word that appears more than once is paired in order: its first occurrence in sentence 1 with its
    first occurrence in sentence 2, the second with the second (:func:`match_positions`). Everything but
    the permutation is None when sentence 2 is not a reordering of sentence 1's words.
    """

    permutation: list[int] | None  # where each token of A sits in B
    distance_plain: float | None  # sqrt(sum of word_shift_plain^2): 0 for any reordering
    distance_pe: float | None  # sqrt(sum of word_shift_pe^2)
    word_shift_plain: np.ndarray | None  # per token of A: ||x_A(word) - x_B(same word)||, no PE
    word_shift_pe: np.ndarray | None  # the same with PE added


def order_check(
    e_a: np.ndarray, e_b: np.ndarray, p: np.ndarray, a: tuple[str, ...], b: tuple[str, ...]
) -> OrderCheck:
    """Compare the inputs of two sentences. ``e_a``, ``e_b``: (T, d) embeddings; ``p``: (>= T, d) encoding."""
    perm = match_positions(a, b)
    if perm is None:
        return OrderCheck(None, None, None, None, None)
    xa, xb = e_a + p[: len(a)], e_b + p[: len(b)]
    idx = np.array(perm, dtype=np.int64)
    shift_plain = _row_norms(e_a - e_b[idx]) if len(a) else np.zeros(0)
    shift_pe = _row_norms(xa - xb[idx]) if len(a) else np.zeros(0)
    return OrderCheck(
        perm, paired_distance(e_a, e_b, perm), paired_distance(xa, xb, perm), shift_plain, shift_pe
    )


#: The embedding-scale control: the paper's sqrt(d_model), none (1), or a value picked from these.
ScaleMode = Literal["paper", "one", "custom"]
SCALE_MODES: tuple[ScaleMode, ...] = get_args(ScaleMode)
SCALE_OPTIONS: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 100.0)


def resolve_scale(mode: ScaleMode, d_model: int, custom: float = 1.0) -> float:
    """The factor for ``mode``: sqrt(d_model) for "paper", 1 for "one", ``custom`` otherwise."""
    if mode == "paper":
        return paper_scale(d_model)
    if mode == "one":
        return 1.0
    return float(custom)


def row_labels(
    tokens: tuple[str, ...] | list[str], tags: list[str] | None = None, start: int = 0
) -> list[str]:
    """Chart labels "position · token" (unique even when a word repeats), with an optional tag each;
    positions count from ``start``."""
    if tags is None:
        return [f"{i} · {w}" for i, w in enumerate(tokens, start=start)]
    return [f"{i} · {w} ({tag})" for i, (w, tag) in enumerate(zip(tokens, tags, strict=True), start=start)]


@dataclass(frozen=True)
class Combined:
    """The pieces of each token's input vector. Arrays of shape (T, d_model)."""

    unit: np.ndarray  # token embedding before scaling
    e: np.ndarray  # scale * unit
    p: np.ndarray  # position vector
    s: np.ndarray | None  # segment vector (two-sentence input), else None
    x: np.ndarray  # the sum the first layer reads

    @property
    def mean_norm_e(self) -> float:
        return float(_row_norms(self.e).mean()) if self.e.size else 0.0

    @property
    def mean_norm_p(self) -> float:
        return float(_row_norms(self.p).mean()) if self.p.size else 0.0


def combine(
    tokens: tuple[str, ...],
    pe: np.ndarray,
    scale: float,
    seed: int = 0,
    segment_ids: np.ndarray | None = None,
) -> Combined:
    """E = scale * embedding, P = the first len(tokens) rows of ``pe``, S = segment rows, X = E + P (+ S)."""
    n, d_model = len(tokens), pe.shape[1]
    if n > pe.shape[0]:
        raise ValueError(f"{n} tokens but only {pe.shape[0]} positions")
    unit = token_vectors(tokens, d_model, seed)
    e = scale * unit
    p = np.asarray(pe[:n], dtype=np.float64)
    if segment_ids is None:
        return Combined(unit, e, p, None, e + p)
    s = segment_vectors(d_model, seed)[np.asarray(segment_ids, dtype=np.int64)] * scale
    return Combined(unit, e, p, s, e + p + s)


@dataclass(frozen=True)
class Pair:
    """A two-sentence input in BERT's layout, cut to fit the positions there are."""

    tokens: tuple[str, ...]
    segment_ids: np.ndarray
    cut: int  # tokens dropped from the end


def sentence_pair(a: tuple[str, ...], b: tuple[str, ...], limit: int) -> Pair:
    """[CLS] a [SEP] b [SEP] with segment ids, keeping the first ``limit`` tokens."""
    tokens, ids = bert_input(a, b)
    keep = max(min(int(limit), len(tokens)), 0)
    return Pair(tokens[:keep], ids[:keep], len(tokens) - keep)


def segment_tags(ids: np.ndarray) -> list[str]:
    """ "A" or "B" for each segment id."""
    return ["AB"[int(i)] for i in ids]


def scaled(tokens: tuple[str, ...], d_model: int, seed: int, scale: float) -> np.ndarray:
    """scale * :func:`token_vectors`. Shape (len(tokens), d_model)."""
    return scale * token_vectors(tokens, d_model, seed)


def mean_or_nan(values: np.ndarray) -> float:
    """The mean of the finite values, NaN when there are none."""
    finite = np.asarray(values, dtype=np.float64)
    finite = finite[np.isfinite(finite)]
    return float(finite.mean()) if finite.size else float("nan")


def fmt_distance(value: float | None) -> str:
    """A word-by-word distance for display: "—" when there is none (sentence 2 is not a reordering)."""
    return "—" if value is None else f"{value:.4g}"


def describe_moves(tokens: tuple[str, ...], permutation: list[int]) -> str:
    """ "cat 1→4, mouse 4→1" for the tokens whose position changes; "none" marker when nothing moves."""
    moves = [f"{w} {i}→{j}" for i, (w, j) in enumerate(zip(tokens, permutation, strict=True)) if i != j]
    return ", ".join(moves) if moves else "—"
