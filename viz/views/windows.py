"""The Attention heads page's tab on sliding windows and attention sinks: the mask, how far information
reaches through a stack of such layers, and how much of a real model's attention its first tokens take."""

from __future__ import annotations

import numpy as np
import streamlit as st

from viz import figures, pretrained
from viz.cache.budget import cached
from viz.encodings import embedding
from viz.i18n import t
from viz.model import model_cache
from viz.model.encoder import ModelConfig
from viz.scores import windows
from viz.ui import layout, widgets
from viz.ui.chart import chart
from viz.views.relative import query_key_matrix

LENGTH = (4, 128, 32)  # lo, hi, default
SINKS_MAX = 4
LAYERS = (1, 8, 3)
REAL = "smollm2"  # a causal model, where sinks appear (the Real models page runs it)


@cached(max_entries=32)
def masks(length: int, window: int, sinks: int, layers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The mask (1 window, 2 sink, NaN masked), the reach after ``layers`` (1 or NaN) and, for the last
    query, how far back it has heard from after 1 .. LAYERS[1] layers without sinks."""
    allowed = windows.window_mask(length, window, sinks)
    plain = windows.window_mask(length, window)
    kind = np.where(plain, 1.0, np.where(allowed, 2.0, np.nan))
    seen = np.where(windows.reach(allowed, layers), 1.0, np.nan)
    back = np.array([windows.farthest_back(plain, n)[-1] for n in range(1, LAYERS[1] + 1)], dtype=np.float64)
    return kind, seen, back


def real_sinks(text: str, sinks: int, lang: str) -> None:
    """SmolLM2's share of attention on its first tokens, per layer, on ``text`` (when its files are here)."""
    from viz.views import pretrained as real_views

    st.markdown(t("win.real.intro", lang))
    if not text.strip() or not real_views.ready(REAL, lang) or not real_views.load(REAL, lang):
        return
    with widgets.guard(lang):
        pieces = pretrained.tokenize(REAL, text)
        if len(pieces.ids) <= max(sinks, 1):
            st.info(t("win.real.short", lang, k=max(sinks, 1)))
            return
        result = pretrained.run(REAL, tuple(pieces.ids))
        shares = {
            t("win.real.series", lang, k=k): windows.sink_share(result.attention, k)
            for k in sorted({1, max(sinks, 1)})
        }
        layers = np.arange(1, result.attention.shape[0] + 1)
        fig = figures.lines(
            layers,
            shares,
            title=t("win.real.title", lang, n=len(pieces.ids)),
            x_title=t("win.real.x", lang),
            y_title=t("win.real.y", lang),
            hovertemplate=t("win.real.hover", lang),
            mode="lines+markers",
            height=360,
        )
        chart(fig, key="win_real", lang=lang, file_name=f"smollm2_sink_share_{len(pieces.ids)}_tokens.csv")
        uniform = float(np.mean([max(sinks, 1) / (q + 1) for q in range(max(sinks, 1), len(pieces.ids))]))
        st.caption(t("win.real.uniform", lang, share=f"{uniform:.0%}", k=max(sinks, 1)))


def live_maps(config: ModelConfig, tokens: tuple[str, ...], window: int, sinks: int, lang: str) -> None:
    """The page's live model on its sentence under the window and sinks: every head of the first layer."""
    from viz.views import heads

    if len(tokens) < 2:
        return
    w = min(window, len(tokens))
    with widgets.guard(lang):
        maps = model_cache.window_maps(config, tokens, w, sinks)
        title = t("win.maps.title", lang, w=w, k=sinks, n=len(tokens))
        labels = embedding.row_labels(tokens)
        heads.head_maps(
            list(maps), labels, "win_maps", title, config.d_model, lang, config.n_heads // config.n_kv
        )
    st.caption(t("win.maps.explain", lang))


def section(config: ModelConfig, tokens: tuple[str, ...], lang: str, row: layout.Row | None = None) -> None:
    """The whole tab: length, window, sinks and layers beside the mask and the reach; the span, the page's
    live model under that mask and a real model's sinks. ``row`` is the tab's first row
    (viz.ui.layout.rows), made here when not given."""
    text = " ".join(tokens)
    row = row or layout.row("win")
    c1 = c2 = c3 = c4 = row.side
    with c1:
        length = widgets.bounded_slider(t("win.len", lang), *LENGTH, key="win_len")
    with c2:
        window = widgets.bounded_slider(t("win.window", lang), 1, length, min(8, length), key="win_w")
    with c3:
        sinks = widgets.bounded_slider(t("win.sinks", lang), 0, SINKS_MAX, 1, key="win_sinks")
    with c4:
        layers = widgets.bounded_slider(t("win.layers", lang), *LAYERS, key="win_layers")
    kind, seen, back = masks(length, window, sinks, layers)
    (left, mid), note = row.main.columns(2), row.side
    with left, widgets.guard(lang):
        query_key_matrix(
            kind,
            lang,
            key="win_mask",
            title=t("win.mask.title", lang, w=window, k=sinks),
            colorbar=t("win.mask.colorbar", lang),
            hover="win.mask.hover",
            name=f"window_mask_w{window}_k{sinks}",
            zmax=2.0,
        )
    with mid, widgets.guard(lang):
        query_key_matrix(
            seen,
            lang,
            key="win_reach",
            title=t("win.reach.title", lang, layers=layers),
            colorbar=t("win.reach.colorbar", lang),
            hover="win.reach.hover",
            name=f"window_reach_w{window}_k{sinks}_l{layers}",
            zmax=1.0,
        )
    span = min(windows.window_span(window, layers), length - 1)
    note.markdown(t("win.explain", lang, w=window, span=span, layers=layers))
    st.caption(t("win.intro", lang))
    left, note = st.columns([6, 2])
    with left, widgets.guard(lang):
        depth = np.arange(1, LAYERS[1] + 1)
        fig = figures.lines(
            depth,
            {
                t("win.span.measured", lang): back,
                t("win.span.formula", lang, w=window): np.minimum(depth * (window - 1), length - 1),
            },
            title=t("win.span.title", lang, n=length),
            x_title=t("win.span.x", lang),
            y_title=t("win.span.y", lang),
            hovertemplate=t("win.span.hover", lang),
            mode="lines+markers",
            height=320,
        )
        chart(fig, key="win_span", lang=lang, file_name=f"window_span_{length}_w{window}.csv")
    note.markdown(t("win.span.explain", lang))
    live_maps(config, tokens, window, sinks, lang)
    real_sinks(text, sinks, lang)
