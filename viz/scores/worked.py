"""One attention head worked through by hand: Q Kᵀ, ÷ √d_k, softmax, · V on a short sentence, and the
lecture notes' own "I am good" example (note 004) recomputed, with what its printed weights get wrong.
Pure NumPy, no Streamlit, no torch."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from viz.encodings import embedding
from viz.scores.softmax import scale_factor, softmax

MAX_WORDS = 8  # the worked example's matrices stay readable up to this many tokens
SHOWN_COLUMNS = 8  # columns of Q, K, V and Z written out in the worked example


# ---- the worked example: Q Kᵀ, ÷ √d_k, softmax, · V ---------------------------------------------------
@dataclass(frozen=True)
class Worked:
    """Every step of one attention head on a short sentence."""

    tokens: tuple[str, ...]
    x: np.ndarray  # (T, d_model) input rows
    q: np.ndarray  # (T, d_k)
    k: np.ndarray  # (T, d_k)
    v: np.ndarray  # (T, d_k)
    scores: np.ndarray  # (T, T) Q Kᵀ
    scaled: np.ndarray  # (T, T) Q Kᵀ / √d_k
    weights: np.ndarray  # (T, T) softmax of the scaled scores, rows sum to 1
    unscaled_weights: np.ndarray  # (T, T) softmax without the scale, for comparison
    output: np.ndarray  # (T, d_k) weights · V


def worked_example(tokens: tuple[str, ...], d_model: int, d_k: int, seed: int) -> Worked:
    """Self-attention on ``tokens``, step by step, with random (seeded) weights.

    X holds each word's vector scaled to N(0, 1) entries (a word keeps its vector, see
    :func:`viz.encodings.embedding.token_vectors`); W^Q, W^K and W^V are d_model × d_k with N(0, 1/d_model)
    entries, so the entries of Q and K are roughly N(0, 1), as in the variance argument.
    """
    if not tokens:
        raise ValueError("the sentence has no tokens")
    if d_k < 1:
        raise ValueError(f"d_k must be >= 1, got {d_k}")
    x = embedding.token_vectors(tokens, d_model, seed) * np.sqrt(d_model)  # (T, d_model)
    rng = np.random.default_rng([int(seed), int(d_model), int(d_k), 11])
    w_q, w_k, w_v = (rng.normal(0.0, d_model**-0.5, (d_model, d_k)) for _ in range(3))
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (T, d_k) each
    scores = q @ k.T  # (T, T)
    scaled = scores * scale_factor(d_k, True)
    weights = softmax(scaled)
    return Worked(tokens, x, q, k, v, scores, scaled, weights, softmax(scores), weights @ v)


def token_labels(tokens: tuple[str, ...]) -> list[str]:
    """``0 · I``, ``1 · am``, ...: unique labels (numbered from 0 like z_0, v_0 and every other page's
    positions) even when a word repeats, so a chart's category axis never merges two rows."""
    return embedding.row_labels(tokens, start=0)


def weighted_sum(weights: np.ndarray, tokens: tuple[str, ...], row: int, digits: int = 2) -> str:
    """The output row as text, one term a line (numbered from 0, as the positions are)::

    z_0 = 0.90 · v_0 (I)
        + 0.07 · v_1 (am)
        + 0.03 · v_2 (good)
    """
    head = f"z_{row} = "
    pairs = enumerate(zip(weights[row], tokens, strict=True))
    terms = [f"{w:.{digits}f} · v_{j} ({tok})" for j, (w, tok) in pairs]
    return head + ("\n" + " " * (len(head) - 2) + "+ ").join(terms)


def weighted_sum_numbers(worked: Worked, row: int, columns: int = SHOWN_COLUMNS, digits: int = 2) -> str:
    """The same sum with numbers: each value vector's first ``columns`` entries, scaled by its weight
    (``digits`` places), and the output row they add up to (each line of the sum is one weight × one v_j)."""
    tokens, weights = worked.tokens, worked.weights[row]
    names = [f"v_{j} ({tok})" for j, tok in enumerate(tokens)] + [f"z_{row}"]
    width = max(len(name) for name in names)
    more = " …" if worked.v.shape[1] > columns else ""

    def vec(values: np.ndarray) -> str:
        return "[" + " ".join(f"{x:6.2f}" for x in values[:columns]) + more + " ]"

    lines = [
        f"{name:<{width}} = {vec(v)}  × {w:.{digits}f}"
        for name, v, w in zip(names, worked.v, weights, strict=False)
    ]
    lines.append(f"{names[-1]:<{width}} = {vec(worked.output[row])}")
    return "\n".join(lines)


# ---- the notes' own numbers: "I am good" in note 004 (§1.2.1, figures 1-7 to 1-15) ----------------------
# Inputs only, as the note prints them: every later step is computed from these (note_example).
NOTE_TOKENS: tuple[str, ...] = ("I", "am", "good")
NOTE_D_K = 64  # the note's query/key width, so the scores are divided by √64 = 8
NOTE_COLUMNS: tuple[int, ...] = (0, 1, 63)  # the note prints the first two and the last of the 64 columns
NOTE_X_COLUMNS: tuple[int, ...] = (0, 1, 511)  # and of X's 512
NOTE_X = ((1.76, 2.22, 6.66), (7.77, 0.631, 5.35), (11.44, 10.10, 3.33))  # figures 1-6, 1-7
NOTE_Q = ((3.69, 7.42, 4.44), (11.11, 7.07, 76.7), (99.3, 3.69, 0.85))  # figure 1-7
NOTE_K = ((5.31, 6.78, 0.96), (11.71, 0.86, 11.31), (10.10, 11.44, 5.31))  # figure 1-7 (1-9 has 5.11 last)
NOTE_V = ((67.85, 91.2, 0.13), (13.13, 63.1, 4.44), (12.12, 96.1, 43.4))  # figure 1-7
# Q Kᵀ as figure 1-10 gives it: a sum over all 64 columns, most of which the note does not print.
NOTE_SCORES = ((110.0, 90.0, 80.0), (70.0, 99.0, 70.0), (90.0, 70.0, 100.0))
# Figure 1-15's softmax as printed, as text (its digits say how it was rounded). Never shown as a result:
# only compared with the computed weights, to point out where the printed figure is off.
NOTE_PRINTED_WEIGHTS = (("0.90", "0.07", "0.03"), ("0.025", "0.95", "0.025"), ("0.21", "0.03", "0.76"))


@dataclass(frozen=True)
class Misprint:
    """One printed number that is not the computed one rounded to the printed digits."""

    row: int
    col: int
    printed: str
    computed: float


@dataclass(frozen=True)
class NoteExample:
    """The worked example on the note's own numbers.

    ``worked.x`` holds X's printed columns (:data:`NOTE_X_COLUMNS`); ``worked.q``, ``.k``, ``.v`` and
    ``.output`` the printed columns of Q, K, V (:data:`NOTE_COLUMNS`) and the same columns of Z (column j
    of Z depends only on column j of V, so these are exact); ``worked.scores`` is the note's Q Kᵀ.
    """

    worked: Worked
    d_k: int
    columns: tuple[int, ...]

    def misprints(self, printed: tuple[tuple[str, ...], ...] = NOTE_PRINTED_WEIGHTS) -> list[Misprint]:
        """The entries of ``printed`` (the note's figure 1-15 by default) that do not round from the
        computed weights."""
        found = []
        for i, row in enumerate(printed):
            for j, text in enumerate(row):
                digits = len(text.split(".")[1]) if "." in text else 0
                computed = float(self.worked.weights[i, j])
                if round(computed, digits) != float(text):
                    found.append(Misprint(i, j, text, computed))
        return found


def note_example() -> NoteExample:
    """Steps 2-4 of note 004's "I am good" computed from its printed inputs: Q Kᵀ ÷ √d_k, softmax by row,
    and the weights times the printed columns of V."""
    v = np.array(NOTE_V)
    scores = np.array(NOTE_SCORES)  # (3, 3)
    scaled = scores * scale_factor(NOTE_D_K, True)
    weights = softmax(scaled)
    worked = Worked(
        NOTE_TOKENS,
        np.array(NOTE_X),
        np.array(NOTE_Q),
        np.array(NOTE_K),
        v,
        scores,
        scaled,
        weights,
        softmax(scores),
        weights @ v,  # (3, 3): Z's printed columns
    )
    return NoteExample(worked, NOTE_D_K, NOTE_COLUMNS)


def misprint_text(example: NoteExample, items: list[Misprint]) -> str:
    """``I → good: 0.03 ≠ 0.021; …``: each misprint as query → key, printed ≠ computed (3 places)."""
    tokens = example.worked.tokens
    return "; ".join(f"{tokens[m.row]} → {tokens[m.col]}: {m.printed} ≠ {m.computed:.3f}" for m in items)


def row_text(weights: np.ndarray, row: int) -> str:
    """One row of weights to 3 places: ``0.905, 0.074, 0.021``."""
    return ", ".join(f"{w:.3f}" for w in weights[row])
