"""Attention as lines between words, beside the heatmaps (viz.figures.flow draws them): the choice of
view (heatmaps, one layer's heads as lines, or every layer's heads as small panels of lines: the model
view), the word whose lines are shown, the charts with their threshold and what to notice, and
:func:`heads_csv`, the tidy table (a row per layer, head, query and key) offered for every head drawn.

Used by the Attention heads page (the live model's heads) and the Real models page (MiniLM's or
SmolLM2's heads). The choice and the word go in the page's link (viz.state.link)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import streamlit as st

from viz import figures
from viz.figures import export
from viz.figures import flow as flow_figures
from viz.i18n import t
from viz.state.link import ATTENTION_VIEWS
from viz.ui import widgets
from viz.ui.chart import chart

#: The views an attention map is offered in.
VIEWS = ATTENTION_VIEWS


class Lines(NamedTuple):
    """A map asked for as lines: its layer (0-based, for the title), the word shown alone, if any, and
    whether every layer is drawn (the model view) rather than that layer alone (the head view)."""

    layer: int
    focus: int | None
    every_layer: bool = False


def view_choice(key: str, lang: str, container: Any = st) -> str:
    """Heatmaps, one layer's lines or every layer's (a horizontal radio)."""
    return widgets.choice(
        t("flow.view", lang),
        VIEWS,
        key=key,
        lang=lang,
        format_func=lambda v: t(f"flow.view.{v}", lang),
        radio=True,
        container=container,
    )


def word_choice(labels: Sequence[str], key: str, lang: str, container: Any = st) -> int | None:
    """The word (0-based) whose lines alone are drawn, or None for every word. The control holds 0 for
    every word and i for the i-th, as the link writes it; a shorter sentence keeps its last word."""
    n = len(labels)
    widgets.keep_in_range(key, n, lambda kept: min(max(kept, 0), n) if isinstance(kept, int) else 0)
    picked = container.selectbox(
        t("flow.word", lang),
        list(range(n + 1)),
        format_func=lambda i: t("flow.word.all", lang) if i == 0 else labels[i - 1],
        key=key,
        help=t("flow.word.help", lang),
        persist_state=widgets.KEEP,
    )
    return int(picked) - 1 if picked else None


def controls(
    prefix: str, labels: Sequence[str], layer: int, lang: str, view: str | None = None
) -> Lines | None:
    """The view's controls (``{prefix}_view``, unless the page drew it already and passes its ``view``, and
    with lines ``{prefix}_word``): the lines asked for, or None for the heatmaps."""
    view = view or view_choice(f"{prefix}_view", lang)
    if view == "heatmap":
        return None
    return Lines(layer, word_choice(labels, f"{prefix}_word", lang), every_layer=view == "model")


def lines_chart(
    weights: np.ndarray,
    labels: Sequence[str],
    head_names: Sequence[str],
    *,
    layer: int,
    focus: int | None,
    key: str,
    lang: str,
    csv: Callable[[], str],
    file_name: str,
) -> None:
    """The heads' weights (heads, T, T) of ``layer`` (0-based) as lines, with the number of lines drawn
    and the threshold under it; ``csv`` gives the file its heatmap offers (the same data)."""
    heads = len(head_names)
    if focus is None:
        title = t("flow.chart", lang, layer=layer + 1, heads=heads)
    else:
        title = t("flow.chart.word", lang, layer=layer + 1, word=labels[focus], heads=heads)
    fig = figures.attention_lines(
        np.asarray(weights, dtype=np.float32),
        list(labels),
        list(head_names),
        title=title,
        query_title=t("flow.query", lang),
        key_title=t("flow.key", lang),
        focus=focus,
    )
    chart(fig, key=key, lang=lang, csv=csv, file_name=file_name)
    floor = float(fig.layout.meta["lines"]["threshold"])
    st.caption(t("flow.threshold", lang, lines=flow_figures.line_count(fig), floor=floor))


def model_chart(
    weights: np.ndarray,
    labels: Sequence[str],
    *,
    focus: int | None,
    key: str,
    lang: str,
    csv: Callable[[], str],
    file_name: str,
    first_head: int = 0,
) -> None:
    """Every layer's heads (``weights``: layers, heads, T, T) as small panels of lines, a row per layer and
    a column per head (numbered from ``first_head`` + 1 when a window of the heads is drawn), with the
    number of lines drawn and the threshold under it."""
    layers, heads = int(weights.shape[0]), int(weights.shape[1])
    if focus is None:
        title = t("flow.model.chart", lang, layers=layers, heads=heads)
    else:
        title = t("flow.model.chart.word", lang, word=labels[focus], layers=layers, heads=heads)
    fig = figures.model_lines(
        np.asarray(weights, dtype=np.float32),
        list(labels),
        layer_names=[t("flow.model.layer", lang, layer=i + 1) for i in range(layers)],
        head_names=[t("flow.model.head", lang, head=first_head + h + 1) for h in range(heads)],
        title=title,
        focus=focus,
    )
    chart(fig, key=key, lang=lang, csv=csv, file_name=file_name)
    floor = float(fig.layout.meta["lines"]["threshold"])
    st.caption(t("flow.model.threshold", lang, lines=flow_figures.line_count(fig), floor=floor))


def heads_csv(
    attention: np.ndarray, tokens: Sequence[str], lang: str, first_layer: int = 0, first_head: int = 0
) -> str:
    """Every head's weights as a tidy table, one row per (layer, head, query, key): layer and head
    numbered as the charts name them (from 1), positions from 0, each with its token; not a chart's
    picture grid. ``attention`` (layers, heads, T, T) may be a slice of the layers and heads starting at
    ``first_layer`` and ``first_head`` (0-based)."""
    layers, heads, n, _ = attention.shape
    layer, head, query, key = np.indices((layers, heads, n, n)).reshape(4, -1)
    layer = layer + first_layer
    head = head + first_head
    pieces = np.asarray(list(tokens), dtype=object)
    return export.columns_csv(
        {
            t("flow.csv.layer", lang): layer + 1,
            t("flow.csv.head", lang): head + 1,
            t("flow.csv.query_index", lang): query,
            t("flow.csv.query_token", lang): pieces[query],
            t("flow.csv.key_index", lang): key,
            t("flow.csv.key_token", lang): pieces[key],
            t("flow.csv.weight", lang): np.ascontiguousarray(attention, dtype=np.float32).ravel(),
        }
    )


def notice(lang: str, container: Any = st, lines: Lines | None = None) -> None:
    """What to notice in the lines (beside the chart): the model view's note for every layer's panels."""
    every_layer = lines is not None and lines.every_layer
    container.markdown(t("flow.model.notice" if every_layer else "flow.notice", lang))
