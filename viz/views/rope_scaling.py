"""The Positional encoding page's tab on RoPE past its training length: each pair's wavelength under
Position Interpolation, NTK-aware scaling and YaRN, YaRN's ramp, and a score against the distance."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from viz import figures
from viz.cache.budget import cached
from viz.encodings import rope_scaling
from viz.encodings.rope_scaling import METHODS, Method
from viz.i18n import t
from viz.ui import layout, live, widgets
from viz.ui.chart import chart

LENGTHS = (256, 512, 1024, 2048, 4096, 8192)
SCALES = (1, 2, 4, 8, 16, 32)
D_HEADS = (16, 32, 64, 128, 256)
#: Distances the score chart samples, log-spaced from 1 to twice s * L; each point is the mean score over
#: the distances from x to (1 + SCORE_WINDOW) x.
SCORE_POINTS = 400
SCORE_WINDOW = 0.1
#: Up to this many pairs a chart over the pairs marks each one; past it the markers crowd into a line and
#: cost the live charts half their frame (each is an SVG path redrawn while a slider is dragged).
MARKED_PAIRS = 32


def pair_mode(pairs: int) -> str:
    """The Plotly mode of a chart over ``pairs`` pairs (recipes/rope_scaling.js's pairMode does the same)."""
    return "lines+markers" if pairs <= MARKED_PAIRS else "lines"


@cached(max_entries=32)
def scaling(d_head: int, base: float, scale: int, train_len: int) -> rope_scaling.Scaling:
    return rope_scaling.scaling(d_head, base, float(scale), train_len)


@cached(max_entries=32)
def scores(d_head: int, base: float, scale: int, train_len: int) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Distances and each method's mean score near them (YaRN's with its attention factor)."""
    found = scaling(d_head, base, scale, train_len)
    distances = np.geomspace(1.0, 2.0 * scale * train_len, SCORE_POINTS)
    return distances, {
        m: rope_scaling.score_window(
            found.frequencies[m],
            distances,
            distances * (1 + SCORE_WINDOW),
            found.temperature if m == "yarn" else 1.0,
        )
        for m in METHODS
    }


#: RoFormer's Fig. 2 runs to a relative distance of 256.
BOUND_DISTANCES = np.arange(257)


@cached(max_entries=32)
def decay(d_head: int, base: float, length: int) -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray]:
    """RoPE's and xPos's scores at every distance up to ``length``, and RoFormer's bound."""
    x = np.arange(length + 1)
    theta = rope_scaling.scaled_frequencies("rope", d_head, base, 1.0, 1)
    scores = {
        "rope": rope_scaling.score_by_distance(theta, x),
        "xpos": rope_scaling.xpos_score(d_head, base, x),
    }
    return x, scores, rope_scaling.relative_upper_bound(d_head, base, BOUND_DISTANCES)


def long_term_decay(d_head: int, base: float, length: int, lang: str) -> None:
    """RoPE's long-term decay (RoFormer's Fig. 2) beside xPos's explicit one, up to the training length."""
    x, found, bound = decay(d_head, base, length)
    left, mid, right = st.columns([3, 3, 2])
    with left, widgets.guard(lang):
        fig = figures.lines(
            BOUND_DISTANCES,
            {t("rs.bound.series", lang): bound},
            title=t("rs.bound.title", lang, d=d_head),
            x_title=t("rs.bound.x", lang),
            y_title=t("rs.bound.y", lang),
            hovertemplate=t("rs.score.hover", lang),
            height=380,
        )
        chart(fig, key="rs_bound", lang=lang, file_name=f"roformer_upper_bound_d{d_head}.csv")
    with mid, widgets.guard(lang):
        fig = figures.lines(
            x,
            {t(f"rs.decay.{k}", lang): v for k, v in found.items()},
            title=t("rs.decay.title", lang),
            x_title=t("rs.decay.x", lang, n=length),
            y_title=t("rs.score", lang),
            hovertemplate=t("rs.score.hover", lang),
            height=380,
        )
        chart(fig, key="rs_xpos", lang=lang, file_name=f"rope_xpos_decay_d{d_head}_L{length}.csv")
    right.markdown(t("rs.decay.explain", lang))


def section(base: float, lang: str, row: layout.Row | None = None) -> None:
    """The whole tab: L, s and d beside the wavelengths, then YaRN's ramp and the scores, with what to
    notice. ``row`` is the tab's first row (viz.ui.layout.rows), made here when not given."""
    row = row or layout.row("rs")
    with row.side:
        train_len = widgets.option_slider(t("rs.len", lang), LENGTHS, 2048, key="rs_len")
        scale = widgets.option_slider(t("rs.scale", lang), SCALES, 4, key="rs_scale")
        d_head = widgets.option_slider(t("rs.dhead", lang), D_HEADS, 128, key="rs_dhead")
    found = scaling(d_head, base, scale, train_len)
    names = {m: t(f"rs.method.{m}", lang) for m in METHODS}
    n = d_head // 2
    pairs = np.arange(n)
    # formulas of (s, L, d): the three charts follow the strip as it is dragged (viz.ui.live)
    with row.side:
        live.live_strip(
            "rs",
            [
                live.LiveSlider("train_len", "rs_len", t("rs.len", lang), train_len, options=LENGTHS),
                live.LiveSlider("scale", "rs_scale", t("rs.scale", lang), scale, options=SCALES),
                live.LiveSlider("d_head", "rs_dhead", t("rs.dhead", lang), d_head, options=D_HEADS),
            ],
            key="rs_live",
            lang=lang,
        )
    params = {
        "d_head": d_head,
        "base": base,
        "scale": scale,
        "train_len": train_len,
        "methods": list(METHODS),
        "marked": MARKED_PAIRS,
    }

    # A shell (None) holds no slider's value: two placeholder points, level names as templates the recipe
    # fills and the levels and marks at 1; the same for every s, L and d.
    level_l = live.template("rs.level.l", lang, live={"n": "train_len"})
    level_sl = live.template("rs.level.sl", lang, live={"n": "sl"})
    two = np.arange(2)

    def waves(values: Mapping[Method, np.ndarray] | None) -> go.Figure:
        if values is None:
            levels = {level_l: 1.0, level_sl: 1.0}
        else:
            levels = {
                t("rs.level.l", lang, n=train_len): float(train_len),
                t("rs.level.sl", lang, n=scale * train_len): float(scale * train_len),
            }
        return figures.lines(
            two if values is None else pairs,
            {names[m]: np.ones(2) if values is None else values[m] for m in METHODS},
            title=t("rs.wave.title", lang),
            x_title=t("rs.pair", lang),
            y_title=t("rs.wavelength", lang),
            hovertemplate=t("rs.wave.hover", lang),
            mode="lines+markers" if values is None else pair_mode(n),  # the shell's is the recipe's to set
            y_log=True,
            legend_right=True,
            levels=levels,
            height=420,
        )

    def ramp(values: np.ndarray | None) -> go.Figure:
        return figures.lines(
            two if values is None else pairs,
            {t("rs.ramp.series", lang): np.zeros(2) if values is None else values},
            title=t("rs.ramp.title", lang),
            x_title=t("rs.pair", lang),
            y_title=t("rs.ramp", lang),
            hovertemplate=t("rs.ramp.hover", lang),
            mode="lines+markers" if values is None else pair_mode(n),
            height=260,
        )

    def score_chart(distances: np.ndarray | None, values: Mapping[str, np.ndarray] | None) -> go.Figure:
        shell = distances is None or values is None
        at_l, at_sl = (1.0, 1.0) if shell else (float(train_len), float(scale * train_len))
        return figures.lines(
            two + 1.0 if distances is None else distances,
            {names[m]: np.ones(2) if values is None else values[m] for m in METHODS},
            title=t("rs.score.title", lang),
            x_title=t("rs.distance", lang),
            y_title=t("rs.score", lang),
            hovertemplate=t("rs.score.hover", lang),
            x_log=True,
            marks={t("rs.mark.l", lang): at_l, t("rs.mark.sl", lang): at_sl},
            legend_right=True,
            height=420,
        )

    with row.main, widgets.guard(lang):
        level_at = len(METHODS)  # the level lines follow the methods' traces
        live.live_chart(
            waves(None),
            recipe="rs_waves",
            params=params,
            texts={
                f"data.{level_at}.name": level_l,
                f"data.{level_at + 1}.name": level_sl,
            },
            group="rs",
            key="rs_waves",
            lang=lang,
            truth=lambda: waves({m: found.wavelengths(m) for m in METHODS}),
            file_name=f"rope_scaling_wavelengths_d{d_head}_L{train_len}_s{scale}.csv",
        )
    with row.side:
        st.metric(t("rs.temperature", lang), f"{found.temperature:.3f}", help=t("rs.temperature.help", lang))
        st.markdown(t("rs.wave.explain", lang))
    left, right = st.columns([3, 1])
    with left, widgets.guard(lang):
        live.live_chart(
            ramp(None),
            recipe="rs_ramp",
            params=params,
            texts={},
            group="rs",
            key="rs_ramp",
            lang=lang,
            truth=lambda: ramp(found.ramp),
            file_name=f"yarn_ramp_d{d_head}_L{train_len}.csv",
        )
    right.caption(t("rs.intro", lang))
    left, right = st.columns([3, 1])
    with left, widgets.guard(lang):
        live.live_chart(
            score_chart(None, None),
            recipe="rs_scores",
            params={**params, "points": SCORE_POINTS, "window": SCORE_WINDOW},
            texts={},
            group="rs",
            key="rs_scores",
            lang=lang,
            truth=lambda: score_chart(*scores(d_head, base, scale, train_len)),
            file_name=f"rope_scaling_scores_d{d_head}_L{train_len}_s{scale}.csv",
        )
    right.markdown(t("rs.score.explain", lang))
    st.subheader(t("rs.decay.heading", lang))
    long_term_decay(d_head, base, train_len, lang)
