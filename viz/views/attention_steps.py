"""The Attention heads page's step-by-step section: one head's Q, K, V, its T x T squares, and its output
through W_O, as the cut and strided matrices of :func:`viz.views.attention.step_view`."""

from __future__ import annotations

from functools import partial

import streamlit as st

from viz import figures
from viz.figures import export
from viz.i18n import t
from viz.model import probe
from viz.state.settings import Settings
from viz.ui.chart import chart
from viz.ui.notes import notes_differ
from viz.views.attention import StepView


def _file(key: str, layer: int, head: int, width: str) -> str:
    return f"att_step_{key}_layer{layer + 1}_head{head}_{width}.csv"


def projections(
    steps: probe.Steps,
    view: StepView,
    labels: list[str],
    layer: int,
    head: int,
    s: Settings,
    rope: bool,
    lang: str,
) -> None:
    """Q, K and V of one head (their first columns), and the note on what follows."""
    cells = [*st.columns(2), *st.columns(2)]  # Q, K / V, and the note on what follows
    for col, (name, values) in zip(
        cells, (("Q = X·W_Q", steps.q), ("K = X·W_K", steps.k), ("V = X·W_V", steps.v)), strict=False
    ):
        with col:
            shown = view.columns(values)
            fig = figures.matrix(
                shown,
                x_labels=view.dims,
                y_labels=labels,
                title=t("steps.proj", lang, name=name),
                x_title=t("ui.chart.dimension", lang),
                hovertemplate=t("ui.att.steps.hover", lang),
                text=figures.number_text(shown, digits=1) if view.annotate else None,
                height=view.height,
            )
            chart(
                fig, key=f"att_step_{name[0]}", lang=lang, file_name=_file(name[0], layer, head, f"dk{s.d_k}")
            )
    cells[3].markdown(t("steps.qkv_note", lang, d_k=s.d_k))
    if rope:
        cells[3].caption(t("steps.rope", lang))
    if view.cut:
        st.caption(t("steps.cut", lang, shown=len(view.dims), d_k=s.d_k))


def score_squares(
    steps: probe.Steps, view: StepView, labels: list[str], layer: int, head: int, s: Settings, lang: str
) -> None:
    """The T x T squares: Q Kᵀ, ÷ √d_k, + mask, softmax."""
    square_cols = [*st.columns(2), *st.columns(2)]
    pair_corner = export.corner(t("ui.att.query", lang), t("ui.att.key", lang))
    squares = (
        ("scores", steps.scores, t("steps.scores", lang), None),
        ("scaled", steps.scaled, t("steps.scaled", lang, d_k=s.d_k), None),
        ("masked", steps.masked, t("steps.masked", lang), None),
        ("weights", steps.weights, t("steps.weights", lang), "Blues"),
    )
    for col, (key, values, title, scale) in zip(square_cols, squares, strict=True):
        digits = 1 if key == "scores" else 2  # unscaled scores reach two-digit sizes
        with col:
            fig = figures.matrix(
                values,
                x_labels=labels,
                y_labels=labels,
                title=title,
                x_title=t("ui.att.key", lang),
                hovertemplate=t("steps.pair_hover", lang),
                masked_hover=t("steps.masked_hover", lang),
                text=figures.number_text(values, digits=digits) if view.annotate else None,
                zmin=0.0 if scale else None,
                zmax=1.0 if scale else None,
                colorscale=scale,
                height=view.height,
            )
            chart(
                fig,
                key=f"att_step_{key}",
                lang=lang,
                # the values themselves: the masked square's -inf cells are gaps in the chart
                csv=partial(export.matrix_csv, values, corner=pair_corner, rows=labels, cols=labels),
                file_name=_file(key, layer, head, f"dk{s.d_k}"),
            )
    st.caption(t("steps.squares", lang, d_k=s.d_k, root=view.root))


def head_output(
    steps: probe.Steps, view: StepView, labels: list[str], layer: int, head: int, s: Settings, lang: str
) -> None:
    """The head's z, every head's z side by side, W_O, and the sub-layer's output."""
    hover = t("ui.att.steps.hover", lang)
    wide = f"d{s.d_model}"
    left, right = st.columns([2, 3])
    with left:
        fig = figures.matrix(
            view.columns(steps.z),
            x_labels=view.dims,
            y_labels=labels,
            title=t("steps.z", lang, h=head),
            x_title=t("ui.chart.dimension", lang),
            hovertemplate=hover,
            text=figures.number_text(view.columns(steps.z), digits=1) if view.annotate else None,
            height=view.height,
        )
        chart(fig, key="att_step_z", lang=lang, file_name=_file("z", layer, head, wide))
    with right:
        fig = figures.matrix(
            view.concat,
            x_labels=view.concat_dims,
            y_labels=labels,
            title=t("steps.concat", lang, heads=s.heads, d_model=s.d_model, h=head),
            x_title=t("steps.concat_x", lang),
            hovertemplate=hover,
            height=view.height,
            highlight=view.head_block,
        )
        chart(fig, key="att_step_concat", lang=lang, file_name=_file("concat", layer, head, wide))
    notes_differ("mha_concat", lang)  # note 004 says the heads' results are added
    left, right = st.columns([1, 1])
    with left:
        fig = figures.matrix(
            view.w_o,
            x_labels=view.w_o_cols,
            y_labels=view.w_o_rows,
            title=t("steps.w_o", lang, d_model=s.d_model),
            x_title=t("steps.w_o_x", lang),
            y_title=t("steps.w_o_y", lang),
            hovertemplate=t("steps.w_o_hover", lang),
            height=420,
        )
        chart(fig, key="att_step_wo", lang=lang, file_name=_file("wo", layer, head, wide))
    with right:
        fig = figures.matrix(
            view.out,
            x_labels=view.out_dims,
            y_labels=labels,
            title=t("steps.out", lang),
            x_title=t("ui.chart.dimension", lang),
            hovertemplate=hover,
            height=view.height,
        )
        chart(fig, key="att_step_out", lang=lang, file_name=_file("out", layer, head, wide))
    if view.strided:
        st.caption(t("steps.strided", lang, d_model=s.d_model, shown=len(view.w_o_cols)))
    st.markdown(t("steps.explain", lang))
