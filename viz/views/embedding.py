"""The Embedding page's views: token x dimension panels and the cost table."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from viz import figures
from viz.encodings import embedding
from viz.figures import downsample, export
from viz.i18n import t
from viz.ui import widgets
from viz.ui.chart import chart
from viz.views.encoding import full_note, stride_text


def token_panels(
    panels: dict[str, np.ndarray],
    labels: list[str],
    lang: str,
    *,
    paired: bool,
    key: str,
    title: str,
    file_name: str,
    shared_scale: bool = True,
) -> None:
    """Token x dimension heatmaps side by side, on one colour scale (or one each with ``shared_scale=False``),
    columns strided past MAX_COLS."""
    first = next(iter(panels.values()))
    d_model = first.shape[1]
    height = max(320, 130 + 22 * first.shape[0])  # about one line of text per token
    cols = downsample.stride(d_model, figures.MAX_COLS, paired=paired)
    fig = figures.heatmap_panels(
        {name: m[:, cols.idx] for name, m in panels.items()},
        y_labels=labels,
        x=cols.idx,
        title=title,
        x_title=t("ui.chart.dimension", lang),
        y_title=t("ui.emb.token", lang),
        colorbar_title=t("ui.chart.value", lang),
        hovertemplate=t("emb.panels.hover", lang),
        height=height,
        shared_scale=shared_scale,
    )

    def csv() -> str:
        """Every panel whole (the chart strides the columns past MAX_COLS), one block each."""
        head = export.corner(t("ui.emb.token", lang), t("ui.chart.dimension", lang))
        note = full_note(first, lang) if cols.strided else None
        blocks = [
            export.comment(name) + export.matrix_csv(m, corner=head, rows=labels, note=note)
            for name, m in panels.items()
        ]
        return "\r\n".join(blocks)

    chart(fig, key=key, lang=lang, csv=csv, file_name=file_name)
    if cols.strided:
        what = stride_text(paired, cols.step, lang)
        st.caption(t("emb.panels.strided", lang, what=what, shown=cols.shown, d_model=d_model))


def cost_table(costs: dict[str, embedding.Cost], n_tokens: int, lang: str) -> None:
    """Width, memory and next-layer size of adding versus concatenating, as a table."""
    rows = []
    for name, c in costs.items():
        rows.append(
            {
                t("emb.cost.how", lang): t(f"emb.cost.{name}", lang),
                t("emb.cost.width", lang): f"{c.width:,}",
                t("emb.cost.per_token", lang): f"{c.bytes_per_token:,} B",
                t("emb.cost.total", lang, n=n_tokens): f"{c.bytes_total:,} B",
                t("emb.cost.params", lang): f"{c.next_layer_params:,}",
            }
        )
    st.table(pd.DataFrame(rows).style.hide(axis="index"))


def add_or_concat(
    parts: embedding.Combined,
    labels: list[str],
    scale: float,
    kind: str,
    d_model: int,
    lang: str,
    *,
    note: Any = None,
) -> None:
    """How much each token's vector changes when P is added rather than concatenated, at this scale and
    over a sweep of scales (two charts side by side), with the explanation in ``note`` (a column beside
    them; one of their own when not given)."""
    change = embedding.change(parts.e, parts.p)
    if note is None:
        left, mid, right = st.columns([3, 3, 2])
    else:
        (left, mid), right = st.columns(2), note
    with left, widgets.guard(lang):
        fig = figures.grouped_bars(
            labels,
            {t("emb.cos_add", lang): change.cos_add, t("emb.cos_concat", lang): change.cos_concat},
            y2={t("emb.ratio", lang): change.ratio},
            y2_title=t("emb.ratio", lang),
            title=t("emb.change.title", lang, scale=f"{scale:.3g}"),
            x_title=t("ui.emb.token", lang),
            y_title=t("emb.cos", lang),
            hovertemplate="%{x}: %{y:.4f}",
        )  # the axis fits the cosines (0.5-0.9 at the paper's scale), from 0 or below it when one is negative
        chart(
            fig,
            key="emb_change",
            lang=lang,
            file_name=f"add_vs_concat_per_token_{kind}_d{d_model}_scale{scale:.3g}.csv",
        )
    with mid, widgets.guard(lang):
        sweep = embedding.scale_sweep(parts.unit, parts.p, embedding.sweep_scales(d_model))
        fig = figures.lines(
            sweep.scales,
            {t("emb.cos_add", lang): sweep.cos_add, t("emb.cos_concat", lang): sweep.cos_concat},
            y2={t("emb.ratio", lang): sweep.ratio},
            y2_title=t("emb.ratio", lang),
            y2_log=True,
            x_log=True,
            title=t("emb.sweep.title", lang),
            x_title=t("emb.sweep.x", lang),
            y_title=t("emb.cos", lang),
            hovertemplate=t("emb.sweep.hover", lang),
            mark_x=scale,
            mark_label=t("emb.sweep.now", lang, scale=f"{scale:.3g}"),
        )
        chart(fig, key="emb_sweep", lang=lang, file_name=f"add_vs_concat_by_scale_{kind}_d{d_model}.csv")
    right.markdown(
        t(
            "emb.change.explain",
            lang,
            cos=f"{embedding.mean_or_nan(change.cos_add):.3f}",
            ratio=f"{embedding.mean_or_nan(change.ratio):.3g}",
            sqrt=f"{embedding.paper_scale(d_model):.3g}",
        )
    )
