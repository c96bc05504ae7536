"""The Softmax page's views: its cached measurements, the variance argument (section 1), one row of
scores through softmax (section 2) and the gradient argument (section 3). The worked example (section 4)
is in :mod:`viz.views.softmax_example`."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from viz import figures
from viz.cache.budget import cached
from viz.cache.memo import memoized
from viz.figures import export
from viz.i18n import t
from viz.scores import softmax
from viz.ui import live
from viz.ui.chart import chart

ROW_COLORS = ("#1f4e99", "#6fb1ff")  # unscaled, scaled: bars and their score lines


@cached(max_entries=64)
def variance_argument(d_k: int, n: int, seed: int) -> softmax.VarianceArgument:
    """Cached :func:`viz.scores.softmax.variance_argument` (only the bins and the curves are kept)."""
    return softmax.variance_argument(d_k, n, seed)


@cached(max_entries=16)
def histogram_counts(n: int, seed: int) -> dict[str, np.ndarray]:
    """Every d_k option's bin counts, unscaled and scaled (options x bins): what the d_k strip draws
    from while it is dragged. Measured once per sample size and seed (0.35 s at 5,000 samples here)."""
    found = [variance_argument(d, n, seed) for d in softmax.DK_OPTIONS]
    return {
        "raw": np.stack([a.raw.counts for a in found]),
        "scaled": np.stack([a.scaled.counts for a in found]),
    }


@cached(max_entries=16)
def variance_sweep(n: int, seed: int) -> softmax.VarianceSweep:
    """Cached :func:`viz.scores.softmax.variance_sweep`, from the histograms' samples (drawn once per d_k)."""
    return softmax.variance_sweep(n, seed, variance=lambda d: variance_argument(d, n, seed).raw.variance)


def score_rows_by_dk(n_keys: int, seed: int) -> dict[int, np.ndarray]:
    """Raw score rows at every d_k of the sweep grid (the temperature is applied afterwards), from the
    same cache as :func:`score_rows`, so the current d_k's rows are drawn once when it is on the grid."""
    return {d: score_rows(d, n_keys, seed) for d in softmax.DK_GRID}


@memoized
def row_sweep(n_keys: int, seed: int, temperature: float) -> softmax.RowSweep:
    """:func:`viz.scores.softmax.row_sweep` over :func:`score_rows_by_dk`, kept for every session: the softmax
    page asks for it on every rerun, and its inputs are a few numbers."""
    return softmax.row_sweep(score_rows_by_dk(n_keys, seed), temperature)


@cached(max_entries=64)
def score_rows(d_k: int, n_keys: int, seed: int) -> np.ndarray:
    """Cached SWEEP_ROWS rows of raw scores at one d_k (up to 7M draws at d_k = 1024, 16 keys)."""
    return softmax.score_rows(d_k, n_keys, softmax.SWEEP_ROWS, seed)


#: The temperature slider's range and step (the page's slider and the live strip over the row's bars).
TEMPERATURE = (0.1, 5.0, 0.1)


def one_row(d_k: int, n_keys: int, seed: int, temperature: float) -> softmax.RowView:
    """:func:`viz.scores.softmax.one_row` with its many rows from the cache the sweep uses."""
    return softmax.one_row(d_k, n_keys, seed, temperature, many=score_rows(d_k, n_keys, seed))


def key_labels(one: softmax.RowView, lang: str) -> list[str]:
    """The row's keys as the charts name them."""
    return [t("sm.key", lang, j=j) for j in one.keys]


def row_names(d_k: int, lang: str) -> tuple[str, str]:
    """The legend names of the unscaled and the scaled weights (the scaled one shows √d_k)."""
    return t("sm.raw", lang), t("sm.scaled", lang, root=softmax.root_text(d_k))


# ---- 1. the variance argument ---------------------------------------------------------------------------


def variance_strip(d_k: int, lang: str) -> None:
    """The d_k strip the two histograms follow while it is dragged (it sets the page's d_k)."""
    live.live_strip(
        "sm_var",
        [live.LiveSlider("d_k", "sm_dk", t("sm.dk", lang), d_k, options=softmax.DK_OPTIONS)],
        key="sm_var_live",
        lang=lang,
    )


def variance_histograms(d_k: int, n: int, seed: int, lang: str, *, columns: Sequence[Any]) -> None:
    """The raw and the scaled scores' histograms, each with its curve and measured variance, in
    ``columns`` (two of them). The samples are the server's (seeded); the browser bins nothing: it is
    sent every d_k option's bin counts and draws the one the strip is on, with its normal curve."""
    arg = variance_argument(d_k, n, seed)
    counts = histogram_counts(n, seed)
    for col, hist, which in ((columns[0], arg.raw, "raw"), (columns[1], arg.scaled, "scaled")):
        texts = {
            "layout.title.text": live.template(f"sm.var.hist.{which}", lang, live=["d_k"]),
            "layout.xaxis.title.text": live.template(f"sm.var.x.{which}", lang, live=["d_k"]),
            "data.1.name": live.template(f"sm.var.curve.{which}", lang, live=["d_k"]),
        }

        def figure(
            h: softmax.Histogram | None, which: str = which, texts: dict[str, str] = texts
        ) -> go.Figure:
            # None: the shell (two placeholder bins, the texts as templates), the same for every d_k
            two = np.zeros(2)
            return figures.density_histogram(
                two if h is None else h.centers,
                two if h is None else h.density,
                width=1.0 if h is None else h.width,
                curve_x=two if h is None else h.curve_x,
                curve_y=two if h is None else h.curve_y,
                bar_name=t("sm.var.bars", lang, n=n),
                curve_name=texts["data.1.name"] if h is None else t(f"sm.var.curve.{which}", lang, d_k=d_k),
                title=texts["layout.title.text"] if h is None else t(f"sm.var.hist.{which}", lang, d_k=d_k),
                x_title=texts["layout.xaxis.title.text"]
                if h is None
                else t(f"sm.var.x.{which}", lang, d_k=d_k),
                y_title=t("sm.density", lang),
                hovertemplate=t("sm.var.hover", lang),
            )

        with col:
            live.live_chart(
                figure(None),
                recipe="sm_hist",
                params={
                    "which": which,
                    "d_k": d_k,
                    "n": n,
                    "bins": softmax.HIST_BINS,
                    "curve_points": softmax.CURVE_POINTS,
                    "options": list(softmax.DK_OPTIONS),
                    "counts": counts[which].tolist(),
                    "seed": seed,  # not drawn from: it names the samples the counts are of
                },
                texts=texts,
                group="sm_var",
                key=f"sm_hist_{which}",
                lang=lang,
                truth=functools.partial(figure, hist),  # the server's own bins at its d_k
                file_name=f"scores_{which}_dk{d_k}_n{n}_seed{seed}.csv",
            )
            st.caption(
                t(
                    "sm.var.measured",
                    lang,
                    var=f"{hist.variance:.4g}",
                    expected=f"{hist.expected:.4g}",
                    err=f"{hist.margin:.2g}",
                )
            )


def variance_by_dk(d_k: int, n: int, seed: int, lang: str) -> None:
    """The measured variance of the raw and the scaled scores at every d_k, with the lines d_k and 1."""
    sweep = variance_sweep(n, seed)
    fig = figures.measured_curves(
        sweep.d_k,
        {t("sm.sweep.raw", lang): sweep.raw, t("sm.sweep.scaled", lang): sweep.scaled},
        errors={
            t("sm.sweep.raw", lang): sweep.raw_error,
            t("sm.sweep.scaled", lang): sweep.scaled_error,
        },
        references={t("sm.sweep.line_dk", lang): sweep.d_k, t("sm.sweep.line_1", lang): sweep.ones},
        title=t("sm.sweep.chart", lang, n=n),
        x_title="d_k",
        y_title=t("sm.sweep.y", lang),
        hovertemplate=t("sm.sweep.hover", lang),
        mark_x=d_k,
        mark_label=t("sm.mark", lang, d_k=d_k),
    )
    chart(fig, key="sm_var_sweep", lang=lang, file_name=f"variance_by_dk_n{n}_seed{seed}.csv")


# ---- 2. one row of scores through softmax ---------------------------------------------------------------


def row_chart(one: softmax.RowView, d_k: int, seed: int, temperature: float, lang: str) -> None:
    """One row's weights unscaled and scaled as bars, with its scores as lines on a second axis."""
    raw_name, scaled_name = row_names(d_k, lang)
    title = live.template("sm.row.chart", lang, live={"temp": "temperature"}, d_k=d_k)

    def figure(raw: np.ndarray, scaled: np.ndarray, shown_title: str) -> go.Figure:
        return figures.grouped_bars(
            key_labels(one, lang),
            {raw_name: raw, scaled_name: scaled},
            y2={t("sm.row.score_raw", lang): one.scores, t("sm.row.score_scaled", lang): one.scaled_scores},
            y2_title=t("sm.row.score_axis", lang),
            title=shown_title,
            x_title=t("sm.key_axis", lang),
            y_title=t("sm.weight", lang),
            hovertemplate=t("sm.row.hover", lang),
            y_range=(0.0, 1.12),
            bar_text="%{y:.2f}",
            height=400,
            colors=ROW_COLORS,
        )

    # the bars follow the temperature strip in the browser (viz.ui.live); the scores do not change
    live.live_strip(
        "sm_row",
        [live.LiveSlider("temperature", "sm_temp", t("sm.temp", lang), temperature, *TEMPERATURE)],
        key="sm_row_live",
        lang=lang,
    )
    zeros = np.zeros(len(one.keys))  # the shell: no weights, the title a template (the same for every T)
    live.live_chart(
        figure(zeros, zeros, title),
        recipe="sm_row",
        params={
            "scores": one.scores.tolist(),
            "scaled_scores": one.scaled_scores.tolist(),
            "temperature": temperature,
        },
        texts={"layout.title.text": title},
        group="sm_row",
        key="sm_row",
        lang=lang,
        truth=lambda: figure(  # the true weights at the server's T
            one.raw, one.scaled, t("sm.row.chart", lang, d_k=d_k, temp=f"{temperature:g}")
        ),
        file_name=f"softmax_row_dk{d_k}_keys{len(one.keys)}_temp{temperature:g}_seed{seed}.csv",
    )


def row_note(one: softmax.RowView, d_k: int, lang: str) -> None:
    """The row's largest weight and entropy, unscaled and scaled, and what they say."""
    raw_name, scaled_name = row_names(d_k, lang)
    st.markdown(
        t(
            "sm.row.table",
            lang,
            raw=raw_name,
            scaled=scaled_name,
            max_raw=f"{one.raw.max():.3f}",
            max_scaled=f"{one.scaled.max():.3f}",
            h_raw=f"{softmax.entropy(one.raw):.3f}",
            h_scaled=f"{softmax.entropy(one.scaled):.3f}",
        )
    )
    st.markdown(t("sm.row.explain", lang, n=len(one.keys), uniform=f"{one.uniform_entropy:.3f}"))


def rows_by_dk(d_k: int, n_keys: int, seed: int, temperature: float, lang: str) -> None:
    """Many rows' mean largest weight and entropy at every d_k, unscaled and scaled."""
    raw_name, scaled_name = row_names(d_k, lang)
    rows_sweep = row_sweep(n_keys, seed, temperature)
    fig = figures.lines(
        rows_sweep.d_k,
        {
            t("sm.stat.maxp", lang, which=raw_name): rows_sweep.series("max_p", False),
            t("sm.stat.maxp", lang, which=scaled_name): rows_sweep.series("max_p", True),
        },
        y2={
            t("sm.stat.entropy", lang, which=raw_name): rows_sweep.series("entropy", False),
            t("sm.stat.entropy", lang, which=scaled_name): rows_sweep.series("entropy", True),
        },
        y2_title=t("sm.stat.entropy_axis", lang),
        mode="lines+markers",
        x_log=True,
        title=t("sm.stat.chart", lang, rows=softmax.SWEEP_ROWS, n=n_keys, temp=f"{temperature:g}"),
        x_title="d_k",
        y_title=t("sm.stat.maxp_axis", lang),
        hovertemplate=t("sm.stat.hover", lang),
        mark_x=d_k,
        mark_label=t("sm.mark", lang, d_k=d_k),
    )
    chart(
        fig,
        key="sm_stats",
        lang=lang,
        file_name=f"softmax_rows_by_dk_keys{n_keys}_temp{temperature:g}_seed{seed}.csv",
    )


# ---- 3. the gradient argument ---------------------------------------------------------------------------


def gradient_by_dk(d_k: int, n_keys: int, seed: int, temperature: float, lang: str) -> None:
    """The softmax Jacobian's mean size at every d_k, unscaled and scaled, against the uniform row's."""
    raw_name, scaled_name = row_names(d_k, lang)
    rows_sweep = row_sweep(n_keys, seed, temperature)
    grid = rows_sweep.d_k
    fig = figures.measured_curves(
        grid,
        {
            raw_name: rows_sweep.series("jacobian", False),
            scaled_name: rows_sweep.series("jacobian", True),
        },
        references={t("sm.grad.uniform", lang): rows_sweep.ceiling()},
        title=t("sm.grad.chart", lang, rows=softmax.SWEEP_ROWS),
        x_title="d_k",
        y_title=t("sm.grad.y", lang),
        hovertemplate=t("sm.grad.hover", lang),
        height=440,
        mark_x=d_k,
        mark_label=t("sm.mark", lang, d_k=d_k),
    )
    chart(
        fig,
        key="sm_grad",
        lang=lang,
        # the chart's measured curves and the share of saturated rows behind them
        csv=lambda: export.columns_csv(
            {
                "d_k": grid,
                raw_name: rows_sweep.series("jacobian", False),
                scaled_name: rows_sweep.series("jacobian", True),
                t("sm.grad.uniform", lang): rows_sweep.ceiling(),
                t("sm.csv.saturated", lang, which=raw_name): rows_sweep.series("saturated", False),
                t("sm.csv.saturated", lang, which=scaled_name): rows_sweep.series("saturated", True),
            }
        ),
        file_name=f"jacobian_by_dk_keys{n_keys}_temp{temperature:g}_seed{seed}.csv",
    )


def row_jacobians(one: softmax.RowView, d_k: int, lang: str) -> None:
    """This row's Jacobians, unscaled and scaled, side by side, with their sizes."""
    raw_name, scaled_name = row_names(d_k, lang)
    fig = figures.heatmap_panels(
        {raw_name: softmax.jacobian(one.raw), scaled_name: softmax.jacobian(one.scaled)},
        y_labels=key_labels(one, lang),
        x=one.keys,
        title=t("sm.grad.panels", lang, d_k=d_k),
        x_title=t("sm.key_axis", lang),
        y_title=t("sm.key_axis", lang),
        colorbar_title="∂p/∂x",
        hovertemplate=t("sm.grad.panel_hover", lang),
        height=380,
    )
    chart(fig, key="sm_jacobians", lang=lang, file_name=f"softmax_jacobians_dk{d_k}_keys{len(one.keys)}.csv")
    st.caption(
        t(
            "sm.grad.now",
            lang,
            raw=f"{softmax.jacobian_norm(one.raw):.3g}",
            scaled=f"{softmax.jacobian_norm(one.scaled):.3g}",
        )
    )


def gradient_note(one: softmax.RowView, d_k: int, lang: str) -> None:
    """What the gradient charts say, with this d_k's share of saturated rows and mean Jacobians."""
    st.markdown(
        t(
            "sm.grad.explain",
            lang,
            d_k=d_k,
            saturated=f"{one.saturated_percent:.0f}",
            raw=f"{one.many_raw.jacobian:.3g}",
            scaled=f"{one.many_scaled.jacobian:.3g}",
        )
    )
