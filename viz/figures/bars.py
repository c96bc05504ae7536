"""Bar charts: bars grouped by label (with lines on a second axis), and a pre-binned density."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from viz.cache.memo import memoized
from viz.figures.base import _frame, _named, _nth, _relayout, _right_axis, escape_label, new_figure

#: Room for one legend entry under a bar chart (entries wrap one per line in a narrow column).
LEGEND_ROW_PX = 22


@memoized
def grouped_bars(
    labels: Sequence[str],
    ys: Mapping[str, np.ndarray],
    *,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    y_range: tuple[float, float] | None = None,
    height: int = 360,
    y2: Mapping[str, np.ndarray] | None = None,
    y2_title: str = "",
    bar_text: str | None = None,
    colors: Sequence[str] | None = None,
    y_log: bool = False,
    upright: bool = False,
) -> go.Figure:
    """Bars side by side for each label (text, escaped), one colour per entry of ``ys``.

    ``y2`` adds lines with markers against a second y-axis on the right; ``bar_text`` (a texttemplate
    such as ``"%{y:.3g}"``) writes each bar's value above it, so a bar of height 0 still shows.
    ``colors`` colours the bars in order, and the ``y2`` lines in the same order (so a line can match
    its bars); without it the lines are dark grey.
    """
    names = [escape_label(v) for v in labels]
    fig = new_figure()
    for i, (name, values) in enumerate(ys.items()):
        fig.add_trace(
            go.Bar(
                x=names,
                y=np.asarray(values, dtype=np.float32),
                name=name,
                hovertemplate=_named(hovertemplate, name),
                texttemplate=bar_text,
                textposition="outside" if bar_text else None,
                marker_color=_nth(colors, i),
            )
        )
    for i, (name, values) in enumerate((y2 or {}).items()):
        fig.add_trace(
            go.Scatter(
                x=names,
                y=np.asarray(values, dtype=np.float32),
                mode="lines+markers",
                name=name,
                yaxis="y2",
                line={"color": _nth(colors, i) or "#222", "dash": "dot"},
                hovertemplate=_named(hovertemplate, name),
            )
        )
    _frame(
        fig,
        title=title,
        height=height + LEGEND_ROW_PX * (len(ys) + len(y2 or {})),
        barmode="group",
        # The legend sits at the bottom of the whole figure, under the axis title, with room kept for it:
        # placed relative to the plot, rotated word labels (a nine-word sentence at 1400 px) pushed the
        # axis title onto its first entry.
        margin={"r": 60 if y2 else 20, "b": 50 + LEGEND_ROW_PX * (len(ys) + len(y2 or {}))},
        x_title=x_title,
        # upright: many long labels read bottom to top, so they never overlap on a phone
        xaxis={"type": "category", "automargin": True, "tickangle": -90 if upright else None},
        y_title=y_title,
        yaxis={
            "range": list(y_range) if y_range else None,
            "type": "log" if y_log else "linear",
            "exponentformat": "power" if y_log else "B",
            "dtick": 1 if y_log else None,  # powers of ten only: no 2 and 5 in 9 px type between them
        },
        legend={"orientation": "h", "x": 0, "yref": "container", "y": 0, "yanchor": "bottom"},
    )
    if y2:
        _right_axis(fig, y2_title, log=False)
        if not y_log:
            # Twin axes whose zeros sit at different heights make a line look above or below a bar's
            # base when it is not: both ranges are set so that 0 is at the same height on each side.
            left = y_range or data_range(ys.values())
            right = data_range(y2.values())
            left, right = align_zeros(left, right)
            _relayout(
                fig,
                yaxis={"range": list(left), **_ticks_from_zero(left, ys.values())},
                yaxis2={"range": list(right), **_ticks_from_zero(right, y2.values())},
            )
    return fig


def _ticks_from_zero(
    axis: tuple[float, float], series: Iterable[np.ndarray | Sequence[float]]
) -> dict[str, object]:
    """Ticks at 0 and above only, for an axis run below zero to match its twin while its own values are
    never negative (a softmax weight of -0.5 must not be read off the axis); {} otherwise."""
    lo, hi = axis
    values = [np.asarray(v, dtype=np.float64).ravel() for v in series]
    if lo >= 0 or hi <= 0 or any((v[np.isfinite(v)] < 0).any() for v in values):
        return {}
    raw = hi / 4
    power = 10.0 ** np.floor(np.log10(raw))
    step = next(m * power for m in (1.0, 2.0, 2.5, 5.0, 10.0) if m * power >= raw)
    return {"tickmode": "array", "tickvals": [round(float(v), 12) for v in np.arange(0.0, hi + 1e-12, step)]}


def data_range(series: Iterable[np.ndarray | Sequence[float]], pad: float = 0.1) -> tuple[float, float]:
    """A linear axis's range for ``series``: from min(0, smallest) to max(0, largest), padded by ``pad``
    of the span on each side that holds data (room for a bar's value written above it)."""
    values = [np.asarray(v, dtype=np.float64).ravel() for v in series]
    finite = np.concatenate([v[np.isfinite(v)] for v in values]) if values else np.array([])
    lo = min(0.0, float(finite.min())) if finite.size else 0.0
    hi = max(0.0, float(finite.max())) if finite.size else 1.0
    span = hi - lo or 1.0
    return (lo - pad * span if lo < 0 else 0.0, hi + pad * span if hi > 0 or lo == 0 else 0.0)


def align_zeros(
    left: tuple[float, float], right: tuple[float, float]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Two ranges (each holding 0) widened so that 0 sits at the same fraction of each: the larger of
    their fractions below zero, so neither loses any of its data."""
    below = max(_below_zero(left), _below_zero(right))
    return _with_zero_at(left, below), _with_zero_at(right, below)


def _below_zero(r: tuple[float, float]) -> float:
    lo, hi = min(r[0], 0.0), max(r[1], 0.0)
    return -lo / (hi - lo) if hi > lo else 0.0


def _with_zero_at(r: tuple[float, float], below: float) -> tuple[float, float]:
    """The smallest range holding ``r`` and 0 with 0 at fraction ``below`` of its height."""
    lo, hi = min(r[0], 0.0), max(r[1], 0.0)
    need = [-lo / below if below > 0 else 0.0, hi / (1.0 - below) if below < 1 else 0.0]
    span = max(need) or 1.0
    return (-below * span, (1.0 - below) * span)


@memoized
def density_histogram(
    centers: np.ndarray,
    density: np.ndarray,
    *,
    width: float,
    curve_x: np.ndarray,
    curve_y: np.ndarray,
    bar_name: str = "",
    curve_name: str = "",
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    height: int = 360,
) -> go.Figure:
    """Pre-binned density bars (binned on the server, so only the bins are sent) and a curve over them."""
    fig = new_figure(
        go.Bar(
            x=np.asarray(centers, dtype=np.float32),
            y=np.asarray(density, dtype=np.float32),
            width=width,
            name=bar_name,
            marker={"color": "#7aa6d6", "line": {"width": 0}},
            hovertemplate=_named(hovertemplate, bar_name),
        )
    )
    fig.add_trace(
        go.Scatter(
            x=np.asarray(curve_x, dtype=np.float32),
            y=np.asarray(curve_y, dtype=np.float32),
            mode="lines",
            line={"color": "#d62728", "width": 2},
            name=curve_name,
            hovertemplate=_named(hovertemplate, curve_name),
        )
    )
    _frame(
        fig,
        title=title,
        height=height,
        bargap=0,
        x_title=x_title,
        y_title=y_title,
        legend={"orientation": "h", "y": -0.3},
    )
    return fig


RIGHT_GREEN = "#2ca02c"
OTHER_GREY = "#9a9a9a"


@memoized
def answer_bars(
    labels: Sequence[str],
    counts: Sequence[int],
    *,
    correct: int | None,
    hover: Sequence[str],
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    height: int = 300,
) -> go.Figure:
    """A class's answers: one bar per choice (``labels``, short; ``hover`` the whole text, both escaped),
    its count written above it, the right one (``correct``) green and the others grey."""
    fig = new_figure()
    fig.add_trace(
        go.Bar(
            x=[escape_label(v) for v in labels],
            y=np.asarray(counts, dtype=np.float32),
            customdata=[escape_label(v) for v in hover],
            hovertemplate=hovertemplate,
            texttemplate="%{y}",
            textposition="outside",
            marker_color=[RIGHT_GREEN if i == correct else OTHER_GREY for i in range(len(labels))],
            showlegend=False,
        )
    )
    top = max([*counts, 1])
    _frame(
        fig,
        title=title,
        height=height,
        x_title=x_title,
        xaxis={"type": "category"},
        y_title=y_title,
        # whole students only, and room above the tallest bar for its count
        yaxis={"range": [0, top * 1.2 + 0.5], "dtick": max(1, round(top / 5))},
    )
    return fig
