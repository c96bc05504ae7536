"""The Softmax page's worked example (section 4): Q, K and V of a sentence, the scores, their scaling and
softmax, and the weighted sum of the values, with random weights or on the lecture notes' own numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np
import streamlit as st

from viz import figures
from viz.figures import export
from viz.i18n import t
from viz.scores import softmax, worked
from viz.ui.chart import chart
from viz.ui.notes import notes_differ

QKV = ("Q = X·W^Q", "K = X·W^K", "V = X·W^V")


@dataclass(frozen=True)
class Example:
    """One worked example as the page shows it."""

    tokens: tuple[str, ...]
    labels: list[str]  # the tokens as the charts name them
    notes: bool  # note 004's numbers (True) or this seed's random weights
    worked: worked.Worked
    d_k: int
    dims: list[int]  # the columns the charts show
    seed: int
    columns: str = ""  # the notes' columns as their captions name them
    slips: dict[str, str] = field(default_factory=dict)  # where the note's printed weights are off

    @property
    def length(self) -> int:
        """How many words are in use."""
        return len(self.tokens)

    @property
    def shown(self) -> int:
        """How many columns the charts show."""
        return len(self.dims)

    @property
    def number(self) -> str:
        """Cell text of the scores: the notes' numbers as the note writes them (12.375, 0.631)."""
        return "%{z:.5~g}" if self.notes else "%{z:.2f}"

    @property
    def weight(self) -> str:
        """Cell text of the weights: 3 places like the notes' text, else 2."""
        return "%{z:.3f}" if self.notes else "%{z:.2f}"

    @property
    def source(self) -> str:
        """Where the worked files' numbers came from: note 004's, or this seed's weights."""
        return "notes004" if self.notes else f"seed{self.seed}"

    @property
    def digits(self) -> int:
        """Places of the weighted sums."""
        return 3 if self.notes else 2


def example(tokens: tuple[str, ...], *, notes: bool, d_model: int, d_k: int, seed: int) -> Example:
    """The worked example on ``tokens``: note 004's "I am good" (its inputs, every later step computed,
    see :func:`viz.scores.worked.note_example`) when ``notes``, else random weights from ``seed``."""
    labels = worked.token_labels(tokens)
    if not notes:
        w = worked.worked_example(tokens, d_model, d_k, seed)
        return Example(tokens, labels, False, w, d_k, list(range(min(d_k, worked.SHOWN_COLUMNS))), seed)
    note = worked.note_example()
    w = note.worked
    slips = {  # where the note's printed weights are off, worked out from the computed ones
        "row_i": worked.row_text(w.weights, 0),
        "row_good": worked.row_text(w.weights, 2),
        "i_am": f"{w.weights[0, 1]:.3f}",
        "fixes": worked.misprint_text(note, note.misprints()),
    }
    dims = list(note.columns)
    return Example(tokens, labels, True, w, note.d_k, dims, seed, ", ".join(map(str, dims)), slips)


def _matrix(ex: Example, values: np.ndarray, **kwargs: Any) -> Any:
    """One step's matrix as a heatmap, one row per word."""
    options: dict[str, Any] = {
        "x_title": "",
        "cell_text": ex.number,
        "height": figures.rows_height(ex.length),
    }
    return figures.heatmap(values, **(options | kwargs))


def _corner(lang: str) -> str:
    return export.corner(t("ui.emb.token", lang), t("ui.chart.dimension", lang))


def qkv(ex: Example, lang: str) -> None:
    """Q, K and V side by side (their first columns), with every column in the CSV."""
    w, shown = ex.worked, ex.shown
    fig = figures.heatmap_panels(
        {QKV[0]: w.q[:, :shown], QKV[1]: w.k[:, :shown], QKV[2]: w.v[:, :shown]},
        y_labels=ex.labels,
        x=ex.dims,
        title=t("ex.notes.qkv", lang, columns=ex.columns)
        if ex.notes
        else t("ex.qkv", lang, n=ex.length, d_k=ex.d_k),
        x_title=t("ui.chart.dimension", lang),
        y_title=t("ui.emb.token", lang),
        colorbar_title=t("ui.chart.value", lang),
        hovertemplate=t("ex.qkv_hover", lang),
        height=figures.rows_height(ex.length, base=170),
        cell_text=ex.number if ex.notes else "%{z:.1f}",
    )
    corner = _corner(lang)
    chart(
        fig,
        key="sm_qkv",
        lang=lang,
        # every column of Q, K and V (the chart shows the first few)
        csv=lambda: "\r\n".join(
            export.comment(name)
            + export.matrix_csv(m, corner=corner, rows=ex.labels, cols=ex.dims if ex.notes else None)
            for name, m in zip(QKV, (w.q, w.k, w.v), strict=True)
        ),
        file_name=f"worked_qkv_{ex.length}words_dk{ex.d_k}_{ex.source}.csv",
    )
    if ex.notes:
        st.caption(t("ex.notes.columns", lang))
        notes_differ("ex_k3", lang)
    elif shown < ex.d_k:
        st.caption(t("ex.columns", lang, shown=shown, d_k=ex.d_k))


def steps(ex: Example, lang: str) -> None:
    """The three steps in three columns: scores Q Kᵀ, scaled by √d_k, and softmax."""
    w = ex.worked
    step_cols = st.columns(3)
    rows = (
        (
            "sm_step_scores",
            w.scores,
            t("ex.step1", lang),
            t("ex.notes.step1.note" if ex.notes else "ex.step1.note", lang),
        ),
        (
            "sm_step_scaled",
            w.scaled,
            t("ex.step2", lang, root=softmax.root_text(ex.d_k)),
            t("ex.step2.note", lang),
        ),
        ("sm_step_weights", w.weights, t("ex.step3", lang), t("ex.step3.note", lang)),
    )
    for col, (key, values, title, caption) in zip(step_cols, rows, strict=True):
        with col:
            weights = key == "sm_step_weights"
            fig = _matrix(
                ex,
                values,
                x_labels=ex.labels,
                y_labels=ex.labels,
                title=title,
                y_title=t("ex.query", lang),
                colorbar_title="",
                hovertemplate=t("ex.pair_hover", lang),
                zmin=0.0 if weights else None,
                zmax=1.0 if weights else None,
                cell_text=ex.weight if weights else ex.number,
            )
            chart(
                fig,
                key=key,
                lang=lang,
                file_name=f"worked_{key[8:]}_{ex.length}words_dk{ex.d_k}_{ex.source}.csv",
            )
            st.caption(caption)
    if ex.notes:
        notes_differ("ex_weights", lang, **ex.slips)


def output(ex: Example, lang: str) -> None:
    """The output, weights · V (its first columns), with every column in the CSV."""
    w = ex.worked
    fig = _matrix(
        ex,
        w.output[:, : ex.shown],
        x=ex.dims,
        y_labels=ex.labels,
        title=t("ex.step4", lang),
        y_title=t("ex.query", lang),
        colorbar_title=t("ui.chart.value", lang),
        hovertemplate=t("ex.out_hover", lang),
        cell_text=ex.weight,
    )
    chart(
        fig,
        key="sm_step_output",
        lang=lang,
        # every column of the output (the chart shows the first few)
        csv=partial(
            export.matrix_csv,
            w.output,
            corner=_corner(lang),
            rows=ex.labels,
            cols=ex.dims if ex.notes else None,
        ),
        file_name=f"worked_output_{ex.length}words_dk{ex.d_k}_{ex.source}.csv",
    )


def weighted_sum(ex: Example, query: int, lang: str) -> None:
    """The picked word's output as a weighted sum of the words, and its largest weight with and without
    the scale."""
    w = ex.worked
    st.code(worked.weighted_sum(w.weights, ex.tokens, query, digits=ex.digits), language=None)
    st.markdown(
        t(
            "ex.compare",
            lang,
            scaled=f"{w.weights[query].max():.3f}",
            raw=f"{w.unscaled_weights[query].max():.3f}",
        )
    )


def output_numbers(ex: Example, query: int, lang: str) -> None:
    """The picked word's weighted sum in numbers (full width: 8 columns fit), and what it says."""
    st.code(worked.weighted_sum_numbers(ex.worked, query, digits=ex.digits), language=None)
    if ex.notes:
        st.caption(t("ex.notes.numbers", lang, columns=ex.columns))
        notes_differ("ex_weights", lang, **ex.slips)
        st.markdown(t("ex.notes.explain", lang))
    else:
        st.caption(t("ex.numbers", lang, shown=ex.shown, d_k=ex.d_k))
        st.markdown(t("ex.explain", lang))
