"""Every head's attention map: as a grid of heatmaps, or as lines between words (viz.views.flow) for one
layer's heads or, the live model's, for every layer at once (the model view). Used by the Attention heads
page's first tab, its toy tasks and its sliding windows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import streamlit as st

from viz import figures
from viz.i18n import t
from viz.model import model_cache
from viz.model.encoder import ModelConfig
from viz.ui import widgets
from viz.ui.chart import chart, data_csv
from viz.views import flow


def head_maps(
    per_head: Sequence[Any],
    labels: list[str],
    key: str,
    title: str,
    d_model: int,
    lang: str,
    group: int = 1,
    lines: flow.Lines | None = None,
) -> None:
    """One heatmap per head (per_head: heads x (T, T)) in a grid with one colour scale; with more than
    sixteen heads a slider picks the window of heads drawn. With ``group`` > 1 (grouped-query attention)
    each title names the key/value head its query head shares. With ``lines`` the same heads are drawn
    as lines between words instead (viz.views.flow), offering the grid's own CSV."""
    shown = widgets.heads_window(len(per_head), lang, key=f"{key}_first")

    def name(h: int) -> str:
        if group == 1:
            return t("ui.att.head_title", lang, h=h + 1)
        return t("heads.title.kv", lang, h=h + 1, kv=h // group + 1)

    fig = figures.heads_grid(
        [per_head[h] for h in shown],
        titles=[name(h) for h in shown],
        x_labels=labels,
        y_labels=labels,
        cols=4,
        title=title,
        x_title=t("ui.att.key", lang),
        y_title=t("ui.att.query", lang),
        colorbar_title=t("ui.att.weight", lang),
        hovertemplate=t("ui.att.hover", lang),
        panel_height=figures.rows_height(len(labels), base=120, per_row=14),
    )
    file_name = f"{key}_d{d_model}_heads{shown[0] + 1}-{shown[-1] + 1}_of{len(per_head)}.csv"
    if lines is not None:
        flow.lines_chart(
            np.stack([np.asarray(per_head[h]) for h in shown]),
            labels,
            [name(h) for h in shown],
            layer=lines.layer,
            focus=lines.focus,
            key=f"{key}_lines",
            lang=lang,
            csv=lambda: data_csv(fig, lang),
            file_name=file_name,
        )
        return
    chart(fig, key=f"{key}_grid", lang=lang, file_name=file_name)


def live_maps(
    config: ModelConfig,
    tokens: tuple[str, ...],
    layer: int,
    labels: list[str],
    title: str,
    lang: str,
    lines: flow.Lines | None,
) -> None:
    """The live model's heads at ``layer`` (0-based) on a sentence (:func:`head_maps`) or, when the lines
    ask for every layer, every layer's shown heads as panels of lines (its CSV the tidy table of their
    weights, with the sentence's words). Each layer comes from the stack that ends there
    (model_cache.layer_maps), as the heatmaps take it, so both views draw the same numbers."""
    if lines is None or not lines.every_layer:
        per_head = list(model_cache.layer_maps(config, tokens, layer))
        head_maps(
            per_head, labels, "att_maps", title, config.d_model, lang, config.n_heads // config.n_kv, lines
        )
        return
    shown = widgets.heads_window(config.n_heads, lang, key="att_maps_first")
    stack = np.stack(
        [model_cache.layer_maps(config, tokens, i)[shown.start : shown.stop] for i in range(config.n_layers)]
    )
    heads_named = f"{shown[0] + 1}-{shown[-1] + 1}"
    flow.model_chart(
        stack,
        labels,
        focus=lines.focus,
        first_head=shown.start,
        key="att_maps_model",
        lang=lang,
        csv=lambda: flow.heads_csv(stack, tokens, lang, first_head=shown.start),
        file_name=f"att_maps_model_d{config.d_model}_{config.n_layers}layers_heads{heads_named}.csv",
    )
    if config.n_layers == 1:
        st.caption(t("heads.one_layer", lang))
