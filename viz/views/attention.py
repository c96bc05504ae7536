"""The Attention heads page's views: the heads' average map, the masks of a padded batch, what the
step-by-step charts show of one head (:mod:`viz.views.attention_steps` draws them), and the word-order
test; every head's map, as heatmaps or lines, is :mod:`viz.views.heads`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
import streamlit as st

from viz import figures
from viz.encodings import embedding
from viz.figures import downsample
from viz.i18n import t
from viz.model import kv_cache, model_cache, probe
from viz.model.encoder import NO_ENCODING, ModelConfig
from viz.state.settings import divisors
from viz.ui import layout, widgets
from viz.ui.chart import chart
from viz.ui.chart import table as chart_table
from viz.views import heads
from viz.views.encoding import encoding_name

#: Columns of Q, K, V and Z written out in the step-by-step matrices.
SHOWN_COLUMNS = 8
#: Largest token count whose square matrices get a number in every cell.
ANNOTATE_TOKENS = 12
#: Most columns a d_model-wide matrix sends to the browser (wider ones are strided).
WIDE_COLUMNS = 128


class Model(NamedTuple):
    """The Attention page's live model, as its controls set it, and the sentence it reads."""

    source: str
    tokens: tuple[str, ...]
    n_layers: int
    config: ModelConfig


#: The word-order chart's log axis (powers of ten) when every bar is float rounding: from the floor of
#: :func:`log_floor` to 1, where a shuffle's real change (0.1 to a few) would reach.
ROUNDING_DECADES = (-12.0, 0.0)


def order_moves(relative: float) -> bool:
    """Whether shuffling changed the outputs by more than float rounding (relative to their size)."""
    return relative > 1e-4


def log_floor(values: np.ndarray, floor: float = 1e-12) -> np.ndarray:
    """Values for a log axis: an exact 0 becomes ``floor`` (the axis cannot show 0)."""
    return np.maximum(np.asarray(values, dtype=np.float64), floor)


@dataclass(frozen=True)
class StepView:
    """What the step-by-step charts show of one head's matrices (column cuts and strides)."""

    dims: list[str]  # column labels of Q, K, V, Z (the first SHOWN_COLUMNS)
    cut: bool  # d_k has more columns than are shown
    annotate: bool  # write numbers in the T x T squares
    concat: np.ndarray  # (T, columns shown) of the concatenated heads
    concat_dims: list[str]
    head_block: tuple[int, int]  # this head's columns within the shown concat columns
    w_o: np.ndarray  # (rows shown, columns shown) of W_O
    w_o_rows: list[str]
    w_o_cols: list[str]
    out: np.ndarray  # (T, columns shown) of concat · W_O
    out_dims: list[str]
    strided: bool  # d_model is wider than WIDE_COLUMNS, so every k-th column is shown
    height: int  # chart height for T rows
    root: str  # √d_k written out

    def columns(self, m: np.ndarray) -> np.ndarray:
        """The shown columns of a (T, d_k) matrix."""
        return np.asarray(m)[:, : len(self.dims)]


def step_view(
    concat: np.ndarray, w_o: np.ndarray, out: np.ndarray, columns: tuple[int, int], d_k: int
) -> StepView:
    """Cut and stride one head's step matrices so every chart stays small and readable."""
    n_tokens, d_model = np.asarray(concat).shape
    wide = downsample.stride(d_model, WIDE_COLUMNS)
    idx, labels = wide.idx, wide.labels
    start, stop = columns
    lo = int(np.searchsorted(idx, start))
    # A head narrower than the stride may hold no shown column: outline the nearest one.
    lo = min(lo, idx.size - 1)
    block = (lo, max(int(np.searchsorted(idx, stop)), lo + 1))
    shown = min(d_k, SHOWN_COLUMNS)
    root = np.sqrt(d_k)
    return StepView(
        dims=[str(i) for i in range(shown)],
        cut=shown < d_k,
        annotate=n_tokens <= ANNOTATE_TOKENS,
        concat=np.asarray(concat)[:, idx],
        concat_dims=labels,
        head_block=block,
        w_o=np.asarray(w_o)[np.ix_(idx, idx)],
        w_o_rows=labels,
        w_o_cols=labels,
        out=np.asarray(out)[:, idx],
        out_dims=labels,
        strided=wide.strided,
        height=150 + 26 * n_tokens if n_tokens <= 20 else 150 + 14 * n_tokens,
        root=f"√{d_k} = {root:.3g}",
    )


def average_map(config: ModelConfig, tokens: tuple[str, ...], layer: int, lang: str) -> None:
    """The mean of the heads of ``layer`` (0-based) as one map, with its note beside it."""
    labels = embedding.row_labels(tokens)
    left, note = st.columns([3, 2])
    with left, widgets.guard(lang):
        avg = probe.average(model_cache.layer_maps(config, tokens, layer))
        fig = figures.matrix(
            avg,
            x_labels=labels,
            y_labels=labels,
            title=t("att.avg.chart", lang, layer=layer + 1, heads=config.n_heads),
            x_title=t("ui.att.key", lang),
            y_title=t("ui.att.query", lang),
            hovertemplate=t("ui.att.hover", lang),
            text=figures.number_text(avg) if len(labels) <= ANNOTATE_TOKENS else None,
            zmin=0.0,
            zmax=1.0,
            colorscale="Blues",
            height=figures.rows_height(len(labels), base=200),
        )
        chart(
            fig,
            key="att_avg",
            lang=lang,
            file_name=f"att_average_layer{layer + 1}_d{config.d_model}_h{config.n_heads}.csv",
        )
    note.markdown(t("att.avg.explain", lang))


# ---- masks on a padded batch -----------------------------------------------------------------------------
def _batch_rows(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[int, list[list[str]]]:
    """The batch's length and each sentence's row labels, [PAD] included."""
    longest = max(len(first), len(second))
    return longest, [embedding.row_labels(embedding.padded(seq, longest)) for seq in (first, second)]


def mask_squares(
    allowed: np.ndarray, first: tuple[str, ...], second: tuple[str, ...], mode: probe.MaskMode, lang: str
) -> None:
    """What each query of the two sentences may see under ``mode`` (allowed: (2, T, T)), with the note."""
    longest, rows = _batch_rows(first, second)
    panels = st.columns([2, 2, 2])
    for i, seq in enumerate((first, second)):
        with panels[i]:
            fig = figures.matrix(
                allowed[i],
                x_labels=rows[i],
                y_labels=rows[i],
                title=t("att.mask.row", lang, i=i + 1, n=len(seq), pad=embedding.pad_count(seq, longest)),
                x_title=t("ui.att.key", lang),
                y_title=t("ui.att.query", lang),
                hovertemplate=t("att.mask.hover", lang),
                zmin=0.0,
                zmax=1.0,
                colorscale="Greens",
                height=figures.rows_height(longest, base=200, per_row=22),
            )
            chart(
                fig, key=f"att_mask_matrix_{i}", lang=lang, file_name=f"att_mask_{mode}_sentence{i + 1}.csv"
            )
    panels[2].markdown(t(f"att.mask.{mode}.explain", lang))


def padded_heads(
    config: ModelConfig,
    maps: np.ndarray,
    allowed: np.ndarray,
    first: tuple[str, ...],
    second: tuple[str, ...],
    mode: probe.MaskMode,
    layer: int,
    lang: str,
) -> None:
    """Every head's map of the padded (shorter) sentence in ``layer`` (maps: (layers, 2, heads, T, T));
    if a query there may see no key, head 1's output z, whose row is 0 (not NaN)."""
    longest, rows = _batch_rows(first, second)
    which = 1 if len(second) <= len(first) else 0  # the padded (shorter) sentence
    heads.head_maps(
        maps[layer][which],
        rows[which],
        "att_mask_maps",
        t(
            "att.mask.maps" if len(first) != len(second) else "att.mask.maps_equal",
            lang,
            i=which + 1,
            layer=layer + 1,
            mode=t(f"att.mask.{mode}", lang),
        ),
        config.d_model,
        lang,
    )
    st.markdown(t("att.mask.maps.explain", lang, pad=embedding.PAD))
    empty = probe.empty_rows(allowed[which])
    if not empty:
        return
    outputs = model_cache.padded_outputs(config, first, second, mode, layer)[which]  # (heads, T, d_k)
    z = outputs[0][:, :SHOWN_COLUMNS]  # head 1, the first columns
    left, note = st.columns([3, 2])
    with left:
        fig = figures.matrix(
            z,
            x_labels=[str(j) for j in range(z.shape[1])],
            y_labels=rows[which],
            title=t("att.mask.z", lang, i=which + 1, layer=layer + 1, shown=z.shape[1], d_k=config.d_k),
            x_title=t("ui.chart.dimension", lang),
            y_title=t("ui.att.query", lang),
            hovertemplate=t("ui.att.steps.hover", lang),
            text=figures.number_text(z, digits=2),
            height=figures.rows_height(longest, base=200, per_row=22),
        )
        chart(fig, key="att_mask_z", lang=lang)
    note.markdown(
        t(
            "att.mask.empty.explain",
            lang,
            rows=", ".join(str(i) for i in empty),
            largest=f"{float(abs(outputs[:, list(empty)]).max()):g}",  # "nan" if it were NaN
        )
    )


# ---- word order ------------------------------------------------------------------------------------------
def word_order(
    config: ModelConfig, tokens: tuple[str, ...], shuffle: int, lang: str, row: layout.Row | None = None
) -> None:
    """The sentence and a shuffle of it through the same weights, with and without the position signal:
    how much each token's output changed (in ``row.main``), and what that shows (beside it, in
    ``row.side``; ``row`` is the tab's first row, made here when not given)."""
    encoding = config.encoding
    row = row or layout.row("att_order")
    left, note = row.main, row.side
    causal = bool(
        note.toggle(
            t("att.order.causal", lang),
            key="att_order_causal",
            persist_state=widgets.KEEP,
            help=t("att.order.causal.help", lang),
        )
    )
    with_pe = model_cache.order_test(config, tokens, shuffle, causal=causal)
    without = model_cache.order_test(
        config, tokens, shuffle, use_position=False, causal=causal
    )  # same weights
    shuffled = [tokens[i] for i in with_pe.permutation]
    note.text(t("att.order.sentences", lang, a=" ".join(tokens), b=" ".join(shuffled)))
    names = {
        "none": encoding_name(NO_ENCODING, lang),
        "with": t("att.order.with", lang, enc=encoding_name(encoding, lang)),
    }
    if encoding == NO_ENCODING:
        note.info(t("att.order.pick", lang))
    with left:
        # Every bar float rounding (no position signal anywhere): an axis fitted to them would zoom onto
        # 4.6e-7..8.5e-7 and draw rounding as big unequal bars, so it keeps a fixed span instead.
        rounding = not order_moves(with_pe.relative) and not order_moves(without.relative)
        fig = figures.grouped_bars(
            embedding.row_labels(shuffled),
            {names["none"]: log_floor(without.difference), names["with"]: log_floor(with_pe.difference)},
            title=t("att.order.chart", lang),
            x_title=t("att.order.x", lang),
            y_title=t("att.order.y", lang),
            hovertemplate=t("att.order.hover", lang),
            y_log=True,
            y_range=ROUNDING_DECADES if rounding else None,
            height=400,
        )
        chart(fig, key="att_order", lang=lang, file_name=f"att_word_order_shuffle{shuffle}.csv")
        if rounding:
            st.caption(t("att.order.rounding_axis", lang))
    with note:
        st.markdown(
            t(
                "att.order.measured.causal"
                if causal and order_moves(without.relative)
                else ("att.order.measured" if order_moves(with_pe.relative) else "att.order.measured_same"),
                lang,
                none=f"{without.largest:.1e}",
                none_w=f"{without.weights_difference:.1e}",
                with_=f"{with_pe.largest:.3g}",
                with_w=f"{with_pe.weights_difference:.3g}",
                enc=encoding_name(encoding, lang),
            )
        )
        st.markdown(t("att.order.explain.causal" if causal else "att.order.explain", lang))
    if causal:
        nope_leak(config, tokens, lang)


def nope_leak(config: ModelConfig, tokens: tuple[str, ...], lang: str) -> None:
    """No position signal, a causal mask: the weight each query gives the first token, against 1/(t+1)."""
    found = model_cache.first_key_weights(config, tokens)
    t_ = np.arange(len(tokens))
    series = {t("att.nope.layer", lang, n=i + 1): row for i, row in enumerate(found)}
    series[t("att.nope.uniform", lang)] = 1.0 / (t_ + 1)
    left, note = st.columns([3, 2])
    with left, widgets.guard(lang):
        fig = figures.lines(
            t_,
            series,
            title=t("att.nope.title", lang),
            x_title=t("att.nope.x", lang),
            y_title=t("att.nope.y", lang),
            hovertemplate=t("att.nope.hover", lang),
            mode="lines+markers",
            height=360,
        )
        chart(fig, key="att_nope", lang=lang, file_name=f"att_nope_first_token_{len(tokens)}.csv")
    note.markdown(t("att.nope.explain", lang))


def kv_choice(heads: int, lang: str, container: Any) -> int | None:
    """The live model's key/value heads: a divisor of the query heads (all of them: multi-head; fewer:
    grouped-query; 1: multi-query). None when every query head has its own."""
    options = tuple(divisors(heads))
    widgets.keep_in_range("att_kv", options, lambda kept: kept if kept in options else heads)
    picked = int(
        container.selectbox(
            t("att.kv", lang),
            options,
            key="att_kv",
            format_func=lambda k: t("att.kv.option", lang, kv=k, group=heads // k),
            help=t("att.kv.help", lang),
            **widgets.initial("att_kv", index=len(options) - 1),
        )
    )
    return None if picked == heads else picked


#: Sequence lengths the cache table offers (tokens in the cache).
KV_TOKENS = (512, 2048, 8192, 32768, 131072)


def kv_cache_table(config: ModelConfig, lang: str) -> None:
    """What the key/value cache costs per token and for a sequence: the live model and real ones."""
    tokens = widgets.option_slider(t("att.kv.tokens", lang), KV_TOKENS, 8192, key="att_kv_tokens")
    rows = [kv_cache.live(config), *kv_cache.MODELS.values()]
    frame = pd.DataFrame(
        {
            t("att.kv.col.model", lang): [t(f"att.kv.model.{r.key}", lang) for r in rows],
            t("att.kv.col.shape", lang): [
                t(
                    "att.kv.shape",
                    lang,
                    layers=r.layers,
                    heads=r.kv_heads * r.group,
                    kv=r.kv_heads,
                    d=r.d_head,
                )
                for r in rows
            ],
            t("att.kv.col.per_token", lang): [f"{kv_cache.bytes_per_token(r) / 1024:,.1f} KiB" for r in rows],
            t("att.kv.col.total", lang, n=f"{tokens:,}"): [
                f"{kv_cache.total_bytes(r, tokens) / 2**30:,.3f} GiB" for r in rows
            ],
        }
    )
    left, note = st.columns([3, 2])
    with left:
        chart_table.grid(frame)
    note.markdown(t("att.kv.explain", lang))
