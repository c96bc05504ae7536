"""The Similarity page's views: cached similarity views, the rotation check and square overviews."""

from __future__ import annotations

import numpy as np
import streamlit as st

from viz import encodings, export, figures, similarity
from viz.budget import cached
from viz.encodings import EncodingSpec
from viz.i18n import t
from viz.ui.chart import chart
from viz.views.encoding import encoding_table, full_note, stride_text


@cached(max_entries=64)
def rotation_error(k: int, max_len: int, d_model: int, base: float) -> encodings.RotationError:
    """Cached :func:`viz.encodings.rotation_error` (a max_len x d_model x d_model product)."""
    return encodings.rotation_error(k, max_len, d_model, base)


def square_overview(
    matrix: np.ndarray,
    lang: str,
    *,
    paired: bool,
    key: str,
    title: str,
    file_name: str,
    axis: str,
    cell_text: str | None = None,
) -> None:
    """A square matrix as a heatmap, the same strided indices on both axes (pairs kept together)."""
    idx, step = figures.overview_indices(matrix.shape[0], figures.MAX_COLS, paired)
    fig = figures.heatmap(
        matrix[np.ix_(idx, idx)],
        x=idx,
        y=idx,
        title=title,
        x_title=t(axis, lang),
        y_title=t(axis, lang),
        colorbar_title=t("chart.value", lang),
        hovertemplate=t("sim.rot.hover", lang),
        height=460,
        cell_text=cell_text,
    )
    chart(
        fig,
        key=key,
        lang=lang,
        csv=lambda: export.matrix_csv(
            matrix,
            corner=export.corner(t(axis, lang), t(axis, lang)),
            note=full_note(matrix, lang) if step > 1 else None,
        ),
        file_name=file_name,
    )
    if step > 1:
        what = stride_text(paired, step, lang)
        st.caption(t("sim.rot.strided", lang, what=what, shown=idx.size, d_model=matrix.shape[0]))


@cached(max_entries=32)
def similarity_views(spec: EncodingSpec, measure: similarity.Measure) -> similarity.Views:
    """Cached :func:`viz.similarity.views`: what the similarity page shows that does not depend on p."""
    return similarity.views(encoding_table(spec), spec.kind, measure, spec.d_model, spec.base)
