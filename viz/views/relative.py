"""The Similarity page's tab of relative position biases: ALiBi, T5's buckets and KERPLE's log bias, each
as a query x key matrix and against the distance, with its controls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from viz import figures
from viz.cache.budget import cached
from viz.encodings import relative
from viz.i18n import t
from viz.ui import layout, live, widgets
from viz.ui.chart import chart

HEADS_MAX = 16
LENGTH = (4, 256, 32)  # lo, hi, default
BUCKETS = (8, 16, 32, 64)
MAX_DISTANCES = (16, 32, 64, 128, 256, 512, 1024)
R_RANGE = (0.1, 5.0, 0.1)  # KERPLE's r1 and r2: lo, hi, step


@cached(max_entries=16)
def alibi(length: int, heads: int, causal: bool) -> np.ndarray:
    return relative.alibi(length, heads, causal=causal)


@cached(max_entries=16)
def t5(length: int, bidirectional: bool, buckets: int, max_distance: int) -> np.ndarray:
    """Each pair's bucket; a causal model's future keys (masked anyway) left blank."""
    found = relative.t5_buckets(
        length, bidirectional=bidirectional, num_buckets=buckets, max_distance=max_distance
    ).astype(np.float64)
    if not bidirectional:
        found[np.triu_indices(length, 1)] = np.nan
    return found


def max_distances(buckets: int, bidirectional: bool) -> tuple[int, ...]:
    """The max distances beyond a direction's exact buckets (half of its buckets): the others leave the
    logarithmic buckets no room."""
    exact = (buckets // 2 if bidirectional else buckets) // 2
    return tuple(d for d in MAX_DISTANCES if d > exact)


def _toggle(label: str, key: str, default: bool) -> bool:
    return bool(st.toggle(label, key=key, persist_state=widgets.KEEP, **widgets.initial(key, value=default)))


def _number(label: str, key: str) -> float:
    lo, hi, step = R_RANGE
    return float(st.slider(label, lo, hi, step=step, key=key, **widgets.initial(key, value=1.0)))


def query_key_matrix(
    z: np.ndarray,
    lang: str,
    *,
    key: str,
    title: str,
    colorbar: str,
    hover: str,
    name: str,
    zmax: float | None = None,
) -> None:
    """A query x key matrix (this tab's and the sliding windows'); masked cells (-inf or NaN) are left
    blank. With ``zmax`` the colours run from 0 to it."""
    fig = _matrix_figure(z, lang, title=title, colorbar=colorbar, hover=hover, zmax=zmax)
    chart(fig, key=key, lang=lang, file_name=f"{name}_{z.shape[0]}x{z.shape[1]}.csv")


def _matrix_figure(
    z: np.ndarray, lang: str, *, title: str, colorbar: str, hover: str, zmax: float | None = None
) -> go.Figure:
    return figures.heatmap(
        np.where(np.isfinite(z), z, np.nan),
        title=title,
        x_title=t("rel.key", lang),
        y_title=t("rel.query", lang),
        colorbar_title=colorbar,
        hovertemplate=t(hover, lang),
        zmin=None if zmax is None else 0.0,
        zmax=zmax,
        height=420,
    )


def _live_matrix(
    lang: str,
    *,
    recipe: str,
    group: str,
    key: str,
    params: dict[str, Any],
    title: str,
    shown_title: str,
    cells: Callable[[], np.ndarray],
    colorbar: str,
    hover: str,
    file_name: str,
) -> None:
    """A query x key matrix that follows its group's strip: a shell of one placeholder cell with the
    title ``title`` (a template the browser fills) drawn by ``recipe``; its CSV the server's ``cells()``
    under ``shown_title``."""

    def figure(z: np.ndarray, text: str) -> go.Figure:
        return _matrix_figure(z, lang, title=text, colorbar=t(colorbar, lang), hover=hover)

    live.live_chart(
        figure(np.zeros((1, 1)), title),
        recipe=recipe,
        params={**params, "scales": live.SCALES},
        texts={"layout.title.text": title},
        group=group,
        key=key,
        lang=lang,
        truth=lambda: figure(cells(), shown_title),
        file_name=file_name,
    )


def _alibi(length: int, row: layout.Row, lang: str) -> None:
    controls = row.side
    with controls:
        heads = widgets.bounded_slider(t("rel.heads", lang), 1, HEADS_MAX, 8, key="rel_heads")
        causal = _toggle(t("rel.causal", lang), "rel_causal", True)
    # a formula of the length and the heads: both charts follow the strip as it is dragged
    with layout.strips_in(row.side):
        live.live_strip(
            "rel_alibi",
            [  # in the order of the controls above
                live.LiveSlider("length", "rel_len", t("rel.len", lang), length, LENGTH[0], LENGTH[1], 1),
                live.LiveSlider("heads", "rel_heads", t("rel.heads", lang), heads, 1, HEADS_MAX, 1),
            ],
            key="rel_alibi_live",
            lang=lang,
        )
    slopes = relative.alibi_slopes(heads)
    (left, right), note = row.main.columns(2), row.side
    with note:
        head = widgets.bounded_slider(t("rel.head", lang), 1, heads, 1, key="rel_head")
    params = {"length": length, "heads": heads, "head": head, "causal": causal}
    # what the matrix's title names, as the recipe derives them while heads is dragged (the download's
    # title is filled from these)
    shown = {"shown_head": head, "slope": float(slopes[head - 1])}
    # The shells (None) hold no slider's value: texts as templates, a trace for every head the slider
    # offers (the recipe hides those past the heads), the same for every length and heads.
    title = live.template(
        "rel.alibi.matrix", lang, live={"head": "shown_head", "heads": "heads", "slope": "slope:.4g"}
    )
    names = {
        h: live.template("rel.alibi.head", lang, live={"m": f"m{h}:.3g"}, h=h + 1) for h in range(HEADS_MAX)
    }

    def lines(bias: np.ndarray | None) -> go.Figure:
        if bias is None:
            d, series = np.arange(2), {names[h]: np.zeros(2) for h in range(HEADS_MAX)}
        else:
            d, values = relative.by_distance(bias)
            series = {
                t("rel.alibi.head", lang, h=h + 1, m=f"{m:.3g}"): v
                for h, (m, v) in enumerate(zip(slopes, values, strict=True))
            }
        return figures.lines(
            d,
            series,
            hovertemplate=t("rel.line.hover", lang),
            height=420,
            legend_right=True,
            title=t("rel.alibi.lines", lang),
            x_title=t("rel.distance", lang),
            y_title=t("rel.bias", lang),
        )

    with left, widgets.guard(lang):
        _live_matrix(
            lang,
            recipe="alibi_matrix",
            group="rel_alibi",
            key="rel_alibi_matrix",
            params={**params, **shown},
            title=title,
            shown_title=t("rel.alibi.matrix", lang, head=head, heads=heads, slope=f"{shown['slope']:.4g}"),
            cells=lambda: alibi(length, heads, causal)[head - 1],
            colorbar="rel.bias",
            hover="rel.bias.hover",
            file_name=f"alibi_head{head}_of_{heads}_{length}x{length}.csv",
        )
    with right, widgets.guard(lang):
        live.live_chart(
            lines(None),
            recipe="alibi_lines",
            params=params,
            texts={f"data.{h}.name": name for h, name in names.items()},
            group="rel_alibi",
            key="rel_alibi_lines",
            lang=lang,
            truth=lambda: lines(alibi(length, heads, causal)),
            file_name="rel_alibi_lines.csv",
        )
    note.markdown(t("rel.alibi.explain", lang))


def _t5(length: int, row: layout.Row, lang: str) -> None:
    controls = row.side
    with controls:
        bidirectional = _toggle(t("rel.bidir", lang), "rel_bidir", True)
        buckets = widgets.option_slider(t("rel.buckets", lang), BUCKETS, 32, key="rel_buckets")
        allowed = max_distances(buckets, bidirectional)
        max_distance = widgets.option_slider(t("rel.maxdist", lang), allowed, 128, key="rel_maxdist")
    # a formula of the length, the buckets and the max distance: both charts follow the strip (a max
    # distance the dragged buckets leave no room for keeps the charts as they were until the release)
    with layout.strips_in(row.side):
        live.live_strip(
            "rel_t5",
            [  # in the order of the controls above
                live.LiveSlider("length", "rel_len", t("rel.len", lang), length, LENGTH[0], LENGTH[1], 1),
                live.LiveSlider("buckets", "rel_buckets", t("rel.buckets", lang), buckets, options=BUCKETS),
                live.LiveSlider(
                    "max_distance", "rel_maxdist", t("rel.maxdist", lang), max_distance, options=allowed
                ),
            ],
            key="rel_t5_live",
            lang=lang,
        )
    params = {
        "length": length,
        "bidirectional": bidirectional,
        "buckets": buckets,
        "max_distance": max_distance,
    }
    title = live.template("rel.t5.matrix", lang, live={"buckets": "buckets", "maxdist": "max_distance"})

    def lines(found: np.ndarray | None) -> go.Figure:
        offsets = np.arange(-(length - 1), length)
        return figures.lines(
            np.arange(2) if found is None else offsets,
            {t("rel.t5.series", lang): np.zeros(2) if found is None else found},
            hovertemplate=t("rel.line.hover", lang),
            height=420,
            title=t("rel.t5.lines", lang),
            x_title=t("rel.t5.offset", lang),
            y_title=t("rel.t5.bucket", lang),
            mode="lines+markers",
        )

    def by_offset() -> np.ndarray:
        offsets = np.arange(-(length - 1), length)
        return relative.t5_bucket(
            offsets, bidirectional=bidirectional, num_buckets=buckets, max_distance=max_distance
        )

    (left, right), note = row.main.columns(2), row.side
    with left, widgets.guard(lang):
        _live_matrix(
            lang,
            recipe="t5_matrix",
            group="rel_t5",
            key="rel_t5_matrix",
            params=params,
            title=title,
            shown_title=t("rel.t5.matrix", lang, buckets=buckets, maxdist=max_distance),
            cells=lambda: t5(length, bidirectional, buckets, max_distance),
            colorbar="rel.t5.bucket",
            hover="rel.t5.bucket.hover",
            file_name=f"t5_buckets_{buckets}_{max_distance}_{length}x{length}.csv",
        )
    with right, widgets.guard(lang):
        live.live_chart(
            lines(None),
            recipe="t5_lines",
            params=params,
            texts={},
            group="rel_t5",
            key="rel_t5_lines",
            lang=lang,
            truth=lambda: lines(by_offset()),
            file_name="rel_t5_lines.csv",
        )
    note.markdown(t("rel.t5.explain", lang))


def _kerple(length: int, row: layout.Row, lang: str) -> None:
    controls = row.side
    with controls:
        r1 = _number(t("rel.r1", lang), "rel_r1")
        r2 = _number(t("rel.r2", lang), "rel_r2")
        causal = _toggle(t("rel.causal", lang), "rel_causal", True)
    # a formula of r1, r2 and the length: both charts follow the strip as it is dragged (viz.ui.live)
    lo, hi, step = R_RANGE
    sliders = [  # in the order of the controls above
        live.LiveSlider("length", "rel_len", t("rel.len", lang), length, LENGTH[0], LENGTH[1], 1),
        live.LiveSlider("r1", "rel_r1", t("rel.r1", lang), r1, lo, hi, step),
        live.LiveSlider("r2", "rel_r2", t("rel.r2", lang), r2, lo, hi, step),
    ]
    with layout.strips_in(row.side):
        live.live_strip("rel_kerple", sliders, key="rel_kerple_live", lang=lang)
    params = {"length": length, "r1": r1, "r2": r2, "causal": causal}

    # The shells (None) hold no slider's value: their texts are templates the browser fills, their data two
    # points; the same for every r1, r2 and length.
    title = live.template("rel.kerple.matrix", lang, live={"r1": "r1:.1f", "r2": "r2:.1f"})
    alibi_name = live.template("rel.kerple.alibi", lang, live={"m": "m:.3g"})

    def lines(kerple: np.ndarray | None) -> go.Figure:
        d = np.arange(2 if kerple is None else length)
        slope = r1 * r2  # the log curve's slope at distance 0
        if kerple is None:
            series = {t("rel.kerple.series", lang): np.zeros(2), alibi_name: np.zeros(2)}
        else:
            alibi = t("rel.kerple.alibi", lang, m=f"{slope:.3g}")
            series = {t("rel.kerple.series", lang): kerple, alibi: -slope * d.astype(np.float64)}
        return figures.lines(
            d,
            series,
            hovertemplate=t("rel.line.hover", lang),
            height=420,
            title=t("rel.kerple.lines", lang),
            x_title=t("rel.distance", lang),
            y_title=t("rel.bias", lang),
        )

    def bias() -> np.ndarray:
        return relative.kerple_log(length, r1, r2, causal=causal)[0]

    (left, right), note = row.main.columns(2), row.side
    with left, widgets.guard(lang):
        _live_matrix(
            lang,
            recipe="kerple_matrix",
            group="rel_kerple",
            key="rel_kerple_matrix",
            params=params,
            title=title,
            shown_title=t("rel.kerple.matrix", lang, r1=f"{r1:.1f}", r2=f"{r2:.1f}"),
            cells=bias,
            colorbar="rel.bias",
            hover="rel.bias.hover",
            file_name=f"kerple_r1_{r1:.1f}_r2_{r2:.1f}_{length}x{length}.csv",
        )
    with right, widgets.guard(lang):
        live.live_chart(
            lines(None),
            recipe="kerple_lines",
            params=params,
            texts={"data.1.name": alibi_name},
            group="rel_kerple",
            key="rel_kerple_lines",
            lang=lang,
            truth=lambda: lines(relative.by_distance(bias()[None])[1][0]),
            file_name="rel_kerple_lines.csv",
        )
    note.markdown(t("rel.kerple.explain", lang))


def section(lang: str, row: layout.Row | None = None) -> None:
    """The whole tab: the scheme and its controls beside the matrix and the curve, what to notice, then
    the tab's opening words. ``row`` is the tab's first row (viz.ui.layout.rows), made here when not
    given."""
    row = row or layout.row("rel")
    c1 = c2 = row.side
    scheme = relative.as_scheme(
        widgets.choice(
            t("rel.scheme", lang),
            relative.SCHEMES,
            key="rel_scheme",
            lang=lang,
            format_func=lambda v: t(f"rel.scheme.{v}", lang),
            radio=True,
            container=c1,
        )
    )
    with c2:
        length = widgets.bounded_slider(t("rel.len", lang), *LENGTH, key="rel_len")
    {"alibi": _alibi, "t5": _t5, "kerple": _kerple}[scheme](length, row, lang)
    st.caption(t("rel.intro", lang))
