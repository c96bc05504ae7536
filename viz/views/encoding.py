"""Views of an encoding table shared by the pages that show one (positional encoding, embedding,
similarity, and the live-model pages' encoding names)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from viz import encodings, figures, pretrained
from viz.cache.budget import cached
from viz.encodings import EncodingKind, EncodingSpec, encode
from viz.figures import downsample, export
from viz.i18n import t
from viz.state.link import MODEL_ENCODINGS
from viz.state.settings import Settings
from viz.ui import live, widgets
from viz.ui.chart import chart

# types only: viz.model.encoder imports PyTorch, which the PE and embedding pages never load
if TYPE_CHECKING:
    from viz.model.encoder import ModelEncoding

# viz.model.encoder.NO_ENCODING (tests/unit/state/test_link.py checks viz.state.link's copies of its lists)
NO_ENCODING = "none"


# ---- cached computations: keyed by parameters, never by arrays ---------------------------------------
# Every cache shares the server's one memory budget (viz.cache.budget: least recently used go first, by
# bytes); max_entries only keeps each cache's list short. Results are shared: arrays read-only, models
# unchanged.
@cached(max_entries=8)
def encoding_table(spec: EncodingSpec) -> np.ndarray:
    """The encoding table for ``spec``, shared read-only between reruns and sessions."""
    table = encode(spec)
    table.flags.writeable = False
    return table


def table_or_refusal(spec: EncodingSpec, lang: str) -> np.ndarray | None:
    """The table for ``spec``; for a real model's trained table whose files are missing or changed, None,
    after saying so with the command that fetches them (the page's controls keep working)."""
    try:
        return encoding_table(spec)
    except pretrained.NotReady as exc:
        from viz.views import pretrained as real_views

        real_views.refused(exc.key, exc.status, lang)
        return None


def available(kinds: list[EncodingKind], lang: str) -> list[EncodingKind]:
    """``kinds`` without the trained tables whose model files are missing or changed (each says so in the
    page, with the command that fetches them)."""
    found = []
    for kind in kinds:
        if encodings.info(kind).size is not None:
            try:
                encodings.trained_table(kind)
            except pretrained.NotReady as exc:
                from viz.views import pretrained as real_views

                real_views.refused(exc.key, exc.status, lang)
                continue
        found.append(kind)
    return found


def fitted(kind: EncodingKind, max_len: int, d_model: int, base: float, lang: str) -> EncodingSpec:
    """The spec of ``kind`` at the sidebar's sizes, or at the size a trained table has, saying in the page
    which sizes it takes instead of the sidebar's."""
    asked = EncodingSpec(kind, max_len, d_model, base, shared_layout(kind))
    spec = encodings.fit(asked)
    size_note(kind, spec.max_len, spec.d_model, max_len, lang)
    return spec


def size_note(kind: EncodingKind, rows: int, cols: int, asked_rows: int, lang: str) -> None:
    """For a trained table: its one size, and how much of it the page shows (nothing for the others)."""
    size = encodings.info(kind).size
    if size is not None:
        which = "encoding.trained.size.cut" if asked_rows > size[0] else "encoding.trained.size"
        st.caption(
            t(which, lang, name=t(f"encodings.kind.{kind}", lang), rows=rows, cols=cols, total=size[0])
        )


def full_note(matrix: np.ndarray, lang: str) -> str:
    """The CSV's note that it holds the whole of a matrix the chart draws strided."""
    return t("encoding.csv.full_table", lang, rows=matrix.shape[0], cols=matrix.shape[1])


def stride_text(paired: bool, step: int, lang: str) -> str:
    """How strided columns were picked: every step-th sine/cosine pair, or every step-th dimension."""
    return t("encoding.cols_pairs" if paired else "encoding.cols_every", lang, col_step=step)


def strided_heatmap(
    matrix: np.ndarray,
    rows: downsample.Stride,
    cols: downsample.Stride,
    lang: str,
    *,
    key: str,
    title: str,
    file_name: str,
    y_title: str,
    x_title: str,
    hovertemplate: str,
    cell_text: str | None = None,
    cell_font: int | None = None,
    cell_labels: Sequence[Sequence[str]] | None = None,
) -> None:
    """The rows and columns of ``matrix`` that ``rows`` and ``cols`` keep, as a heatmap labelled with
    their true indices; its CSV is the whole matrix, with a note when the chart shows less. The caller
    says in a caption how it was strided (each chart words it for what it shows)."""
    fig = strided_figure(
        matrix,
        rows,
        cols,
        lang,
        title=title,
        y_title=y_title,
        x_title=x_title,
        hovertemplate=hovertemplate,
        cell_text=cell_text,
        cell_font=cell_font,
        cell_labels=cell_labels,
    )
    strided = rows.strided or cols.strided
    chart(
        fig,
        key=key,
        lang=lang,
        csv=lambda: export.matrix_csv(
            matrix,
            corner=export.corner(y_title, x_title),
            note=full_note(matrix, lang) if strided else None,
        ),
        file_name=file_name,
    )


def strided_figure(
    matrix: np.ndarray,
    rows: downsample.Stride,
    cols: downsample.Stride,
    lang: str,
    *,
    title: str,
    y_title: str,
    x_title: str,
    hovertemplate: str,
    cell_text: str | None = None,
    cell_font: int | None = None,
    cell_labels: Sequence[Sequence[str]] | None = None,
) -> go.Figure:
    """:func:`strided_heatmap`'s figure: the kept rows and columns, labelled with their true indices."""
    return figures.heatmap(
        np.ascontiguousarray(matrix[np.ix_(rows.idx, cols.idx)], dtype=np.float32),
        x=cols.idx,
        y=rows.idx,
        title=title,
        x_title=x_title,
        y_title=y_title,
        colorbar_title=t("ui.chart.value", lang),
        hovertemplate=hovertemplate,
        cell_text=cell_text,
        cell_font=cell_font,
        cell_labels=cell_labels,
    )


def overview_heatmap(
    matrix: np.ndarray, spec: EncodingSpec, lang: str, *, key: str, title: str, file_name: str
) -> None:
    """A position x dimension heatmap, strided when it has more cells than pixels (and saying so)."""
    paired = encodings.uses_pairs(spec)
    rows = downsample.stride(matrix.shape[0], figures.MAX_ROWS)
    cols = downsample.stride(matrix.shape[1], figures.MAX_COLS, paired=paired)
    strided_heatmap(
        matrix,
        rows,
        cols,
        lang,
        key=key,
        title=title,
        file_name=file_name,
        y_title=t("ui.chart.position", lang),
        x_title=t("ui.chart.dimension", lang),
        hovertemplate=t("ui.pe.heatmap.hover", lang),
    )
    stride_caption(rows, cols, lang)


def stride_caption(rows: downsample.Stride, cols: downsample.Stride, lang: str) -> None:
    """Under a position x dimension heatmap shown strided: every how many rows and columns it shows."""
    if rows.strided or cols.strided:
        col_what = (
            stride_text(cols.paired, cols.step, lang) if cols.strided else t("encoding.rows_only", lang)
        )
        st.caption(
            t(
                "encoding.aggregated",
                lang,
                row_step=rows.step,
                col_what=col_what,
                rows=rows.shown,
                cols=cols.shown,
                max_len=rows.n,
                d_model=cols.n,
            )
        )


def live_overview(
    matrix: np.ndarray,
    spec: EncodingSpec,
    lang: str,
    *,
    key: str,
    name: str,
    file_name: str,
    current: Settings,
) -> None:
    """:func:`overview_heatmap` for a closed-form table, drawn by the browser from its parameters: a live
    strip above it (d_model, max_len, base) redraws it as a slider moves (viz.ui.live). A trained
    table (not a formula of the sliders) is the server's heatmap as before."""
    if not encodings.info(spec.kind).closed_form:
        title = t("encoding.heatmap.title", lang, name=name, max_len=spec.max_len, d_model=spec.d_model)
        overview_heatmap(matrix, spec, lang, key=key, title=title, file_name=file_name)
        return
    rows = downsample.stride(spec.max_len, figures.MAX_ROWS)
    cols = downsample.stride(spec.d_model, figures.MAX_COLS, paired=encodings.uses_pairs(spec))
    live.live_strip(f"{key}_group", live.table_sliders(current, lang), key=f"{key}_live", lang=lang)
    # the shell holds no slider's value (its title is the template the browser fills): the same for every
    # size, so the server's answer to a released slider is seen to be the picture the drag drew
    title = live.template("encoding.heatmap.title", lang, live=("max_len", "d_model"), name=name)
    fig = figures.heatmap(
        np.zeros((1, 1), dtype=np.float32),
        title=title,
        y_title=t("ui.chart.position", lang),
        x_title=t("ui.chart.dimension", lang),
        colorbar_title=t("ui.chart.value", lang),
        hovertemplate=t("ui.pe.heatmap.hover", lang),
    )
    live.live_chart(
        fig,
        recipe="pe_table",
        params={
            **live.spec_params(spec),
            "paired": encodings.uses_pairs(spec),
            "max_rows": figures.MAX_ROWS,
            "max_cols": figures.MAX_COLS,
            "scales": live.SCALES,
        },
        texts={"layout.title.text": title},
        group=f"{key}_group",
        key=key,
        lang=lang,
        # the heatmap the page draws for a table it computes itself (a trained one)
        truth=lambda: strided_figure(
            matrix,
            rows,
            cols,
            lang,
            title=t("encoding.heatmap.title", lang, name=name, max_len=spec.max_len, d_model=spec.d_model),
            y_title=t("ui.chart.position", lang),
            x_title=t("ui.chart.dimension", lang),
            hovertemplate=t("ui.pe.heatmap.hover", lang),
        ),
        csv=lambda: export.matrix_csv(
            matrix,
            corner=export.corner(t("ui.chart.position", lang), t("ui.chart.dimension", lang)),
            note=full_note(matrix, lang) if rows.strided or cols.strided else None,
        ),
        file_name=file_name,
    )
    stride_caption(rows, cols, lang)  # the server's: it follows on release


CURVE_WINDOW = 256  # positions the curve chart opens on


def shared_layout(kind: EncodingKind) -> encodings.Layout:
    """The column layout chosen on the Positional encoding page for an encoding that has two (interleaved
    until then)."""
    split = encodings.info(kind).split_layout and st.session_state.get("pe_layout") == "split"
    return "split" if split else "interleaved"


def encoding_name(kind: str, lang: str) -> str:
    """The live model's position signal by name: "none", or the PE page's name for the encoding."""
    return t("encoding.none", lang) if kind == NO_ENCODING else t(f"encodings.kind.{kind}", lang)


def position_signal_choice(*, key: str, lang: str, container: Any = st) -> ModelEncoding:
    """The live model's position signal (none, or any encoding), opening on the Positional encoding
    page's choice: the attention and encoder pages' shared control."""
    return widgets.choice(
        t("encoding.label", lang),
        MODEL_ENCODINGS,
        key=key,
        lang=lang,
        format_func=lambda kind: encoding_name(kind, lang),
        # the Positional encoding page's choice, when the model can use it (not a trained table's width)
        default=next((k for k in MODEL_ENCODINGS if k == st.session_state.get("pe_kind")), "sinusoidal"),
        container=container,
    )
