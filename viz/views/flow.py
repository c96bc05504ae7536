"""Attention as lines between words, beside the heatmaps (viz.figures.flow draws them): the choice of
view, the word whose lines are shown, and the chart with its threshold and what to notice.

Used by the Attention heads page (the live model's heads) and the Real models page (every head of one
layer of MiniLM or SmolLM2). The choice and the word go in the page's link (viz.state.link)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import streamlit as st

from viz import figures
from viz.figures import flow as flow_figures
from viz.i18n import t
from viz.state.link import ATTENTION_VIEWS
from viz.ui import widgets
from viz.ui.chart import chart

#: The views an attention map is offered in.
VIEWS = ATTENTION_VIEWS


class Lines(NamedTuple):
    """A map asked for as lines: its layer (0-based, for the title) and the word shown alone, if any."""

    layer: int
    focus: int | None


def view_choice(key: str, lang: str, container: Any = st) -> str:
    """Heatmaps or lines (a horizontal radio)."""
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
    if (view or view_choice(f"{prefix}_view", lang)) != "lines":
        return None
    return Lines(layer, word_choice(labels, f"{prefix}_word", lang))


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


def notice(lang: str, container: Any = st) -> None:
    """What to notice in the lines (beside the chart)."""
    container.markdown(t("flow.notice", lang))
