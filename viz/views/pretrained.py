"""The Real models page's views: whether a model's files are here, its tokens, every head at once, one
head (SmolLM2: the query heads sharing its key/value head), the heads' measured patterns, the attention
sink and the next token."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

import numpy as np
import pandas as pd
import streamlit as st

from viz import figures, pretrained
from viz.encodings import embedding
from viz.i18n import t
from viz.pretrained import files, patterns
from viz.pretrained.tokens import MORE, Pieces
from viz.ui import widgets
from viz.ui.chart import chart
from viz.ui.chart import table as chart_table
from viz.views import flow

#: Cells per side of one head's map in the overview (a longer text is pooled: patterns.coarse).
OVERVIEW_CELLS = 16
#: Heads listed in the "most of this pattern" bars.
TOP_HEADS = 15


def model_name(key: str, lang: str) -> str:
    return t(f"real.model.{key}", lang).split(" (")[0]


def ready(key: str, lang: str) -> bool:
    """Whether the model's files are here; if not, say which and the command that fetches them."""
    found = pretrained.ready(key)
    if found.state is not files.State.READY:
        refused(key, found, lang)
    return found.state is files.State.READY


def load(key: str, lang: str) -> bool:
    """Load the model (once per server; hashes checked); False, with the fix, when a file is refused."""
    try:
        with st.spinner(t("real.loading", lang, model=model_name(key, lang))):
            pretrained.load(key)
    except pretrained.NotReady as exc:
        refused(key, exc.status, lang)
        return False
    return True


def refused(key: str, found: files.Status, lang: str) -> None:
    """Which of the model's files is missing or changed, and the command that fetches them."""
    which = "real.changed" if found.state is files.State.CHANGED else "real.missing"
    st.error(t(which, lang, model=model_name(key, lang), detail=found.detail))
    st.code(files.FETCH_COMMAND, language="bash")


class _Weights(TypedDict):
    colorbar_title: str
    hovertemplate: str
    zmin: float
    zmax: float


def _weights(lang: str, hover: str) -> _Weights:
    """What every attention map on the page shares: weights from 0 to 1, named in ``lang``."""
    return _Weights(
        colorbar_title=t("real.one.weight", lang), hovertemplate=t(hover, lang), zmin=0.0, zmax=1.0
    )


def labels(pieces: Pieces) -> list[str]:
    """Chart labels "position · piece", unique when a piece repeats (positions from 0, as on every page)."""
    return embedding.row_labels(list(pieces.shown), start=0)


def cut_note(pieces: Pieces, key: str, lang: str) -> None:
    if pieces.cut:
        which = "real.cut.sep" if pretrained.INFO[key].wordpiece else "real.cut"
        total = len(pieces.ids) + pieces.cut
        st.warning(t(which, lang, total=total, n=len(pieces.ids), cut=pieces.cut))


def analyse(key: str, text: str, lang: str) -> tuple[Pieces, pretrained.Result] | None:
    """The text's tokens and the model's run on them; None, with a message, for an empty text or a
    failure (said in the page, which goes on)."""
    with widgets.guard(lang):
        pieces = pretrained.tokenize(key, text) if text.strip() else None
        if pieces is None or not pieces.ids:
            st.info(t("real.empty", lang))
            return None
        cut_note(pieces, key, lang)
        return pieces, pretrained.run(key, pieces.ids)
    return None


def tokens_table(pieces: Pieces, key: str, lang: str, side: Any = None) -> None:
    """The text's tokens as a table (position, piece, id), with the pieces in a line and what to notice in
    ``side`` (a column beside the table; above and under it when not given)."""
    note = side if side is not None else st.container()
    note.caption(t("real.tokens.caption", lang, n=len(pieces.ids)))
    note.text(" · ".join(pieces.shown))  # plain text: a visitor's text is never markup
    table = pd.DataFrame(
        {
            t("real.tokens.position", lang): range(len(pieces.ids)),
            t("real.tokens.piece", lang): list(pieces.shown),
            t("real.tokens.id", lang): list(pieces.ids),
        }
    )
    chart_table.grid(table, height=min(38 + 35 * len(table), 320))
    note.markdown(t(f"real.tokens.notice.{key}", lang))


def tiled(
    maps: np.ndarray, n: int, lang: str, k: int
) -> tuple[np.ndarray, list[str], list[str], dict[str, str], dict[str, str]]:
    """Every head's (pooled) map in one matrix, layers down and heads across, one empty row and column
    between maps; with row and column labels unique for the chart's category axes, and one tick per
    layer and per head (at each map's first row and column)."""
    layers, heads, cells, _ = maps.shape
    step = cells + 1
    grid = np.full((layers * step - 1, heads * step - 1), np.nan, dtype=np.float32)
    for layer in range(layers):
        for head in range(heads):
            grid[layer * step : layer * step + cells, head * step : head * step + cells] = maps[layer, head]

    def span(i: int) -> str:  # positions from 0
        lo, hi = i * k, min((i + 1) * k, n) - 1
        return str(lo) if lo == hi else f"{lo}–{hi}"

    rows = [
        t("real.all.row", lang, layer=layer + 1, q=span(i)) if i < cells else f"│{layer + 1}"
        for layer in range(layers)
        for i in range(step)
    ][: grid.shape[0]]
    cols = [
        t("real.all.col", lang, head=head + 1, k=span(i)) if i < cells else f"─{head + 1}"
        for head in range(heads)
        for i in range(step)
    ][: grid.shape[1]]
    y_ticks = {rows[layer * step]: t("real.all.layer_tick", lang, layer=layer + 1) for layer in range(layers)}
    x_ticks = {cols[head * step]: t("real.all.head_tick", lang, head=head + 1) for head in range(heads)}
    return grid, rows, cols, x_ticks, y_ticks


def overview(
    result: pretrained.Result, key: str, n: int, lang: str, tokens: Sequence[str] | None = None
) -> None:
    """Every head's map in one picture grid (pooled past :data:`OVERVIEW_CELLS`); its CSV is the tidy
    table of every weight (:func:`viz.views.flow.heads_csv`) when the ``tokens`` are given."""
    info = pretrained.INFO[key]
    small, k = patterns.coarse(result.attention, OVERVIEW_CELLS)
    grid, rows, cols, x_ticks, y_ticks = tiled(small, n, lang, k)
    fig = figures.heatmap(
        grid,
        title=t("real.all.chart", lang, layers=info.layers, heads=info.heads),
        x_title=t("real.all.head_axis", lang),
        y_title=t("real.all.layer_axis", lang),
        **_weights(lang, "real.all.hover"),
        height=max(420, min(1400, 18 * info.layers * (small.shape[-1] + 1) // 4 + 160)),
        x_labels=cols,
        y_labels=rows,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
    )
    pieces = list(tokens) if tokens is not None else [str(i) for i in range(n)]
    chart(
        fig,
        key=f"real_all_{key}",
        lang=lang,
        csv=lambda: flow.heads_csv(result.attention, pieces, lang),
        file_name=f"real_all_heads_{key}_{n}tokens.csv",
    )
    if k > 1:
        st.caption(t("real.all.pooled", lang, n=OVERVIEW_CELLS, k=k))
    st.markdown(t(f"real.all.notice.{key}", lang))


def one_head(result: pretrained.Result, pieces: Pieces, key: str, layer: int, head: int, lang: str) -> None:
    """Head ``head`` of layer ``layer`` (both from 0) large, with token labels; SmolLM2 shows the query
    heads that share its key/value head side by side."""
    info = pretrained.INFO[key]
    names = labels(pieces)
    measured = {m: float(result.patterns.measure(m)[layer, head]) for m in patterns.MEASURES}
    if info.causal:
        group = info.heads // info.kv_heads
        kv = head // group
        shown = list(range(kv * group, (kv + 1) * group))
        fig = figures.heads_grid(
            [result.attention[layer, h] for h in shown],
            titles=[t("real.one.panel", lang, head=h + 1) for h in shown],
            x_labels=names,
            y_labels=names,
            cols=group,
            title=t(
                "real.one.group_chart",
                lang,
                layer=layer + 1,
                heads=", ".join(str(h + 1) for h in shown),
                kv=kv + 1,
            ),
            x_title=t("real.one.key", lang),
            y_title=t("real.one.query", lang),
            **_weights(lang, "real.one.hover"),
            panel_height=420,
        )
    else:
        fig = figures.heatmap(
            result.attention[layer, head],
            title=t("real.one.chart", lang, layer=layer + 1, head=head + 1),
            x_title=t("real.one.key", lang),
            y_title=t("real.one.query", lang),
            **_weights(lang, "real.one.hover"),
            height=560,
            x_labels=names,
            y_labels=names,
        )
    chart(fig, key=f"real_one_{key}", lang=lang)
    st.write(t("real.one.measures.causal" if info.causal else "real.one.measures", lang, **measured))
    st.markdown(t(f"real.one.notice.{key}", lang))


def layer_lines(result: pretrained.Result, pieces: Pieces, key: str, lines: flow.Lines, lang: str) -> None:
    """Every head of one layer as lines between the text's tokens (viz.views.flow), or every layer's heads
    as small panels of lines when ``lines`` asks for every layer; the CSV is the tidy table of the weights
    drawn, as the every-head tab writes it."""
    names = labels(pieces)
    if lines.every_layer:
        flow.model_chart(
            result.attention,
            names,
            focus=lines.focus,
            key=f"real_model_{key}",
            lang=lang,
            csv=lambda: flow.heads_csv(result.attention, list(pieces.shown), lang),
            file_name=f"real_model_{key}_{len(names)}tokens.csv",
        )
        return
    layer = lines.layer
    heads = pretrained.INFO[key].heads
    weights = result.attention[layer]
    flow.lines_chart(
        weights,
        names,
        [t("real.one.panel", lang, head=h + 1) for h in range(heads)],
        layer=layer,
        focus=lines.focus,
        key=f"real_lines_{key}",
        lang=lang,
        csv=lambda: flow.heads_csv(result.attention[layer : layer + 1], list(pieces.shown), lang, layer),
        file_name=f"real_lines_{key}_layer{layer + 1}_{len(names)}tokens.csv",
    )


def measures_offered(key: str) -> tuple[str, ...]:
    """The measures that mean something for the model (a decoder has no next token to look at, and
    no special tokens)."""
    if pretrained.INFO[key].causal:
        return ("previous", "self", "first", "entropy")
    return ("previous", "next", "self", "first", "special", "entropy")


def head_patterns(result: pretrained.Result, key: str, measure: str, lang: str) -> None:
    info = pretrained.INFO[key]
    values = result.patterns.measure(measure)
    name = t(f"real.pat.{measure}", lang)
    title = (
        t("real.pat.entropy_chart", lang)
        if measure == "entropy"
        else t("real.pat.map_chart", lang, measure=name)
    )
    fig = figures.heatmap(
        values,
        x=np.arange(1, info.heads + 1),
        y=np.arange(1, info.layers + 1),
        title=title,
        x_title=t("real.pat.head", lang),
        y_title=t("real.pat.layer", lang),
        colorbar_title=t("real.pat.share", lang),
        hovertemplate=t("real.pat.hover", lang),
        zmin=0.0,
        zmax=1.0,
        height=max(360, 22 * info.layers + 140),
        cell_text="%{z:.0%}" if info.layers * info.heads <= 80 else None,
    )
    chart(fig, key=f"real_pat_{key}", lang=lang)
    order = np.argsort(-values, axis=None, kind="stable")[:TOP_HEADS]
    picked = [np.unravel_index(i, values.shape) for i in order]
    fig = figures.grouped_bars(
        [t("real.pat.top_label", lang, layer=int(l_) + 1, head=int(h) + 1) for l_, h in picked],
        {name: np.array([values[l_, h] for l_, h in picked])},
        title=t("real.pat.top_chart", lang, n=len(picked), measure=name),
        x_title=t("real.pat.head", lang),
        y_title=t("real.pat.share", lang),
        hovertemplate="%{x}<br>%{y:.1%}",
        y_range=(0.0, 1.05),
        bar_text="%{y:.0%}",
    )
    chart(fig, key=f"real_top_{key}", lang=lang)
    st.markdown(t("real.pat.explain", lang))
    st.markdown(t("real.pat.notice", lang))
    st.subheader(t("real.pat.table", lang))
    kinds = result.patterns.kind()
    layers, heads = np.indices(values.shape)
    table = {
        t("real.pat.col.layer", lang): layers.ravel() + 1,
        t("real.pat.col.head", lang): heads.ravel() + 1,
        t("real.pat.col.kind", lang): [t(f"real.pat.{k}", lang) for k in kinds.ravel()],
    }
    for m in measures_offered(key):
        table[t(f"real.pat.{m}", lang)] = np.round(result.patterns.measure(m).ravel(), 3)
    frame = pd.DataFrame(table).sort_values(name, ascending=False, kind="stable")
    chart_table.grid(frame, height=320)


def sink(result: pretrained.Result, key: str, lang: str) -> None:
    info = pretrained.INFO[key]
    fig = figures.grouped_bars(
        [str(i) for i in range(1, info.layers + 1)],
        {t("real.sink.series", lang): result.sink},
        title=t("real.sink.chart", lang),
        x_title=t("real.pat.layer", lang),
        y_title=t("real.pat.share", lang),
        hovertemplate=t("real.sink.hover", lang),
        y_range=(0.0, 1.05),
    )
    chart(fig, key=f"real_sink_{key}", lang=lang)
    st.markdown(t("real.sink.notice", lang))


def next_token(
    result: pretrained.Result, pieces: Pieces, key: str, temperature: float, k: int, lang: str
) -> None:
    if result.logits is None:
        st.info(t("real.next.minilm", lang))
        return
    best = pretrained.next_tokens(key, pieces.ids, result.logits, temperature, k)
    fig = figures.grouped_bars(  # escapes the labels: a piece is the visitor's own text
        [f"{i + 1}. {token.label}" for i, token in enumerate(best)],
        {t("real.next.series", lang): np.array([token.probability for token in best])},
        title=t(
            "real.next.chart", lang, last=figures.escape_label(pieces.shown[-1]), k=k, temp=f"{temperature:g}"
        ),
        x_title=t("real.next.x", lang),
        y_title=t("real.next.y", lang),
        hovertemplate=t("real.next.hover", lang),
        y_range=(0.0, 1.05),
        bar_text="%{y:.1%}",
    )
    chart(fig, key=f"real_next_{key}", lang=lang)
    st.markdown(t("real.next.notice", lang))
    if any(token.completed for token in best):
        st.markdown(t("real.next.completed", lang, more=MORE))
