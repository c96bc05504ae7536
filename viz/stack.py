"""Small sums and labels the Encoder block page shows, in NumPy (pages hold no arithmetic of their own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from viz.embedding import MAX_TOKENS
from viz.i18n import t

#: The stages of one block after its input, in order (numbered 1-5 in the charts' labels).
FLOW_STAGES: tuple[str, ...] = ("attn", "mid", "hidden", "ffn", "out")
#: Target words the decoder reads after [BOS], so [BOS] and the target fit the sentences' 48 tokens.
TARGET_TOKENS = MAX_TOKENS - 1
#: Columns an activation panel shows at most; wider matrices show every k-th column.
PANEL_COLUMNS = 128
#: The notes' examples, in order, by their i18n keys: "en" is the sentence, "ko" its Korean translation.
TRANSLATION_KEYS: tuple[str, ...] = ("enc.target.i_am_good", "enc.target.dog", "enc.target.cat")
#: The notes' examples, each with a Korean translation for the decoder's side.
TRANSLATIONS: dict[str, str] = {t(key, "en"): t(key, "ko") for key in TRANSLATION_KEYS}


@dataclass(frozen=True)
class Columns:
    """Which columns of a (T, width) matrix a panel shows."""

    idx: np.ndarray
    labels: list[str]
    strided: bool
    step: int


def columns(width: int, limit: int = PANEL_COLUMNS) -> Columns:
    """Every column when ``width`` <= ``limit``, else every k-th one with k = ceil(width / limit)."""
    step = max(1, -(-int(width) // int(limit)))
    idx = np.arange(0, int(width), step)
    return Columns(idx, [str(int(i)) for i in idx], step > 1, step)


def flow_labels(stages: Sequence[tuple[int, str]], short: Mapping[str, str]) -> list[str]:
    """Unique axis labels for a stack's stages [(layer, stage)]: "input", then "L1.1 attn", "L1.2 ...".

    The number after the dot is the stage's place in :data:`FLOW_STAGES`, so two "add & norm" stages
    stay apart and a stage keeps its label in charts that leave some stages out.
    """
    return [
        short[stage] if layer == 0 else f"L{layer}.{FLOW_STAGES.index(stage) + 1} {short[stage]}"
        for layer, stage in stages
    ]


def layer_span(stages: Sequence[tuple[int, str]], layer: int) -> tuple[int, int]:
    """The first and last index in ``stages`` of 1-based ``layer``'s stages."""
    found = [i for i, (at, _) in enumerate(stages) if at == layer]
    if not found:
        raise ValueError(f"layer {layer} is not in the stack")
    return found[0], found[-1]


def zero_share(a: np.ndarray) -> float:
    """The share of exact zeros (what ReLU switched off), in [0, 1]."""
    arr = np.asarray(a)
    return float(np.mean(arr == 0)) if arr.size else 0.0


def ratio(a: float, b: float) -> float:
    """a / b, or nan when b is 0 or negligible next to a (below 1e-9 of it): no meaningful ratio."""
    a, b = float(a), float(b)
    return a / b if abs(b) > 1e-9 * abs(a) and b != 0 else float("nan")


def ratio_text(value: float) -> str:
    """A ratio for the page: two decimals, or "—" when there is none (nan)."""
    return "—" if np.isnan(value) else f"{value:.2f}"


def first_self_weight(maps: np.ndarray) -> float:
    """The weight the first query gives itself, smallest over heads: (heads, T, T) -> float (1 under a
    causal mask, where the first token can see only itself)."""
    return float(np.asarray(maps)[:, 0, 0].min())


def above_diagonal(maps: np.ndarray) -> float:
    """The largest weight a query gives to a later key: (..., T, T) -> max over the strict upper triangle
    (0 for a causal map; 0 for one token)."""
    m = np.asarray(maps, dtype=np.float64)
    t = m.shape[-1]
    upper = np.triu(np.ones((t, t), dtype=bool), k=1)
    return float(m[..., upper].max()) if upper.any() else 0.0


def layer_labels(n_layers: int, word: str) -> list[str]:
    """ "word 1", ..., "word n" (one label per layer)."""
    return [f"{word} {i}" for i in range(1, n_layers + 1)]


def boundary_labels(n_layers: int, first: str, after: str) -> list[str]:
    """Labels for the residual stream between layers: ``first``, then ``after`` formatted with k."""
    return [first, *(after.format(k=k) for k in range(1, n_layers + 1))]


def token_series(tokens: Sequence[str], per_stage: np.ndarray) -> dict[str, np.ndarray]:
    """Per-token values over stages, (stages, T), as {token label: (stages,)}; labels must be unique."""
    values = np.asarray(per_stage)
    return {label: values[:, i] for i, label in enumerate(tokens)}


def column_mean(per_stage: np.ndarray) -> np.ndarray:
    """The mean over tokens at each stage: (stages, T) -> (stages,)."""
    return np.asarray(per_stage, dtype=np.float64).mean(axis=-1)


def decoder_tokens(bos: str, tokens: Sequence[str], limit: int) -> tuple[str, ...]:
    """The decoder's input: [BOS] and then the answer so far (the target shifted right by one), at
    most ``limit`` tokens in all."""
    return (bos, *tokens)[: max(int(limit), 1)]


def converges(alikeness: float) -> bool:
    """Whether tokens this alike (mean cosine between different tokens) have nearly become one vector."""
    return bool(alikeness > 0.9)


def clearly_below(a: float, b: float, margin: float = 0.1) -> bool:
    """Whether a is below b by more than ``margin`` (False when either is nan)."""
    return bool(a < b - margin)


def has_nan(*values: float) -> bool:
    """Whether any value is nan (a ratio that does not exist)."""
    return any(np.isnan(v) for v in values)
