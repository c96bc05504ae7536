"""The Encoder block page's views: one block's six stages as heatmaps."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from viz import export, figures, stack
from viz.i18n import t
from viz.ui.chart import chart
from viz.views.encoding import full_note

if TYPE_CHECKING:  # torch costs ~2 s to import: only the live-model pages load it
    from viz import block


def _stage_title(name: str, layer: int, norm: str, d_ff: int, lang: str) -> str:
    if name == "x":
        return t("enc.stage.x.first", lang) if layer == 0 else t("enc.stage.x.later", lang, k=layer)
    if name in ("attn", "mid", "out"):
        return t(f"enc.stage.{name}.{norm}", lang)
    return t(f"enc.stage.{name}", lang, d_ff=d_ff)


def stage_grid(p: block.Path, layer: int, labels: list[str], lang: str, *, key: str) -> None:
    """One block's six stages (0-based ``layer``) as heatmaps on one colour scale, wide ones strided."""
    d_model, d_ff = p.x.shape[-1], p.hidden.shape[-1]
    panels = []
    for name in ("x", "attn", "mid", "hidden", "ffn", "out"):
        m = p.stage(name)[layer]  # (T, width)
        shown = stack.columns(m.shape[1])
        panels.append(
            figures.Panel(_stage_title(name, layer, p.norm, d_ff, lang), m[:, shown.idx], shown.labels)
        )
    fig = figures.panel_grid(
        panels,
        y_labels=labels,
        cols=3,
        title=t("enc.path.chart", lang, layer=layer + 1, layers=p.n_layers),
        x_title=t("enc.dim", lang),
        y_title=t("enc.token", lang),
        colorbar_title=t("enc.value", lang),
        hovertemplate=t("enc.act.hover", lang),
        panel_height=figures.rows_height(len(labels), base=150, per_row=14),
    )

    def csv() -> str:
        """Every stage whole (the chart strides wide ones), one block each."""
        head = export.corner(t("enc.token", lang), t("enc.dim", lang))
        blocks = []
        for panel, name in zip(panels, ("x", "attn", "mid", "hidden", "ffn", "out"), strict=True):
            m = p.stage(name)[layer]
            note = full_note(m, lang) if m.shape[1] > len(panel.x_labels) else None
            table = export.matrix_csv(m, corner=head, rows=labels, note=note)
            blocks.append(export.comment(export.plain(panel.title)) + table)
        return "\r\n".join(blocks)

    chart(
        fig, key=key, lang=lang, csv=csv, file_name=f"{key}_layer{layer + 1}_{p.norm}_d{d_model}_ff{d_ff}.csv"
    )
    narrow, wide = stack.columns(d_model), stack.columns(d_ff)
    if wide.strided:
        key = "enc.strided" if narrow.strided else "enc.strided.hidden"
        limit = stack.PANEL_COLUMNS
        st.caption(t(key, lang, limit=limit, width=d_model, d_ff=d_ff, step=narrow.step, step_ff=wide.step))
