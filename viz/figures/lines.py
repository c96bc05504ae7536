"""Line and point charts: curves, markers on log axes, measured against theory, stages, offsets, the orbit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from viz.cache.memo import memoized
from viz.figures.base import (
    COLORWAY,
    MARK_DASHES,
    MEASURED_COLORS,
    REFERENCE_COLORS,
    SEQUENTIAL,
    _cycle_dash,
    _frame,
    _halo_coinciding,
    _mark,
    _named,
    _nth,
    _relayout,
    _right_axis,
    escape_label,
    log_axis,
    new_figure,
)


@memoized
def lines(
    x: Sequence[float] | np.ndarray,
    ys: Mapping[str, np.ndarray | Sequence[float]],
    *,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    mode: str = "lines",
    x_window: float | None = None,
    height: int = 380,
    x_log: bool = False,
    y2: Mapping[str, np.ndarray | Sequence[float]] | None = None,
    y2_title: str = "",
    y2_log: bool = False,
    mark_x: float | None = None,
    mark_label: str = "",
    y_log: bool = False,
    marks: Mapping[str, float] | None = None,
    levels: Mapping[str, float] | None = None,
    legend_right: bool = False,
    x_decades: bool = False,
) -> go.Figure:
    """One trace per entry of ``ys`` (name -> values over ``x``), drawn as ``mode`` (lines, markers).

    With ``x_window`` the chart opens on x in [min, min + x_window] with a range slider to pan; all the
    data is still sent, so zooming out shows everything. ``y2`` draws more traces (dotted) against a
    second y-axis on the right; ``mark_x`` draws a vertical dashed line there, named ``mark_label``, and
    ``marks`` (name -> x) more of them, each its own dash; ``levels`` (name -> y) draws horizontal dashed
    lines. ``legend_right`` lists the traces in a column right of the plot (for many long names).
    Traces past the colour cycle are dashed; a curve over an equal one leaves it visible (base.py).
    """
    fig = new_figure()
    x32 = np.asarray(x, dtype=np.float32)
    for i, (name, values) in enumerate(ys.items()):
        fig.add_trace(
            go.Scatter(
                x=x32,
                y=np.asarray(values, dtype=np.float32),
                mode=mode,
                name=name,
                line={"dash": _cycle_dash(i)} if i >= len(COLORWAY) else None,
                hovertemplate=_named(hovertemplate, name),
            )
        )
    _halo_coinciding(fig, log=y_log)
    for name, values in (y2 or {}).items():
        fig.add_trace(
            go.Scatter(
                x=x32,
                y=np.asarray(values, dtype=np.float32),
                mode=mode,
                name=name,
                yaxis="y2",
                line={"dash": "dot"},
                hovertemplate=_named(hovertemplate, name),
            )
        )
    _frame(
        fig,
        title=title,
        height=height,
        margin={"r": 60 if y2 else 20},
        x_title=x_title,
        xaxis=log_axis(x_decades) if x_log else {"type": "linear"},
        y_title=y_title,
        legend={"orientation": "v", "x": 1.02, "y": 1} if legend_right else None,
    )
    if y_log:
        _relayout(fig, yaxis={"type": "log", "dtick": 1, "exponentformat": "power"})
    if y2:
        _right_axis(fig, y2_title, log=y2_log)
    if mark_x is not None:
        _mark(fig, mark_x, mark_label, dash="dash")
    for i, (name, at) in enumerate((marks or {}).items()):
        _mark(fig, at, name, dash=MARK_DASHES[i % len(MARK_DASHES)])
    for i, (name, y) in enumerate((levels or {}).items()):
        # a trace, not add_hline: on a log axis Plotly reads a shape's y as log10(y)
        ends = [float(x32.min()), float(x32.max())] if x32.size else [0.0, 1.0]
        fig.add_trace(
            go.Scatter(
                x=ends,
                y=[y, y],
                mode="lines",
                line={"dash": "dash" if i == 0 else "dot", "color": "#d62728" if i == 0 else "#7f7f7f"},
                name=name,
                hoverinfo="name",
            )
        )
    if x_window is not None and x32.size and float(x32.max() - x32.min()) > x_window:
        start = float(x32.min())
        _relayout(fig, height=height + 60, legend={"y": -0.45})
        _relayout(
            fig,
            xaxis={"range": [start, start + x_window], "rangeslider": {"visible": True, "thickness": 0.08}},
        )
    return fig


@memoized
def log_markers(
    x: np.ndarray,
    y: np.ndarray,
    *,
    hline: float | None = None,
    hline_label: str = "",
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    height: int = 380,
    color: np.ndarray | None = None,
    color_title: str = "",
    level: float | None = None,
    level_label: str = "",
) -> go.Figure:
    """Markers on a log y-axis with an optional dashed reference line at ``hline``.

    With ``color`` (one value in [0, 1] per marker) the markers stand alone, coloured on a scale titled
    ``color_title`` (a hover template reads the value as ``%{marker.color}``); without it they are joined
    by a line, for periods that follow one another. ``level`` draws a second, dotted reference line.
    """
    marker: dict[str, object] = {"size": 5}
    if color is not None:
        marker = {
            "size": 7,
            "color": np.asarray(color, dtype=np.float32),
            "cmin": 0.0,
            "cmax": 1.0,
            "colorscale": "Viridis",
            "colorbar": {"title": {"text": color_title}, "len": 0.8},
        }
    fig = new_figure(
        go.Scatter(
            x=np.asarray(x, dtype=np.float32),
            y=np.asarray(y, dtype=np.float64),
            mode="markers+lines" if color is None else "markers",
            marker=marker,
            hovertemplate=hovertemplate,
            showlegend=False,
        )
    )
    xs = np.asarray(x, dtype=np.float64)
    for at, label, dash, colour in (
        (hline, hline_label, "dash", "#d62728"),
        (level, level_label, "dot", "#444"),
    ):
        if at is None:
            continue
        # A trace, not add_hline: on a log axis Plotly reads an annotation's y as log10(y).
        fig.add_trace(
            go.Scatter(
                x=[float(xs.min()), float(xs.max())] if xs.size else [0.0, 1.0],
                y=[at, at],
                mode="lines",
                line={"dash": dash, "color": colour},
                name=label,
                hoverinfo="name",
                showlegend=True,
            )
        )
    _frame(
        fig,
        title=title,
        height=height,
        x_title=x_title,
        y_title=y_title,
        yaxis={"type": "log", "dtick": 1, "exponentformat": "power"},
        legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"},
    )
    return fig


@memoized
def offset_scatter(
    offsets: np.ndarray,
    values: np.ndarray,
    *,
    curve_x: np.ndarray | None = None,
    curve_y: np.ndarray | None = None,
    points_name: str = "",
    curve_name: str = "",
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    height: int = 380,
) -> go.Figure:
    """(offset, value) points and an optional reference curve over them. SVG, not WebGL: callers pass
    one point per spot of the chart (:func:`viz.encodings.similarity.drawn_points`), and plotly.js's cartesian
    bundle (the one the app loads) has no WebGL traces."""
    fig = new_figure(
        go.Scatter(
            x=np.asarray(offsets, dtype=np.float32),
            y=np.asarray(values, dtype=np.float32),
            mode="markers",
            marker={"size": 4, "opacity": 0.5},
            name=points_name,
            hovertemplate=hovertemplate,
        )
    )
    if curve_x is not None and curve_y is not None:
        fig.add_trace(
            go.Scatter(
                x=np.asarray(curve_x, dtype=np.float32),
                y=np.asarray(curve_y, dtype=np.float32),
                mode="lines",
                line={"color": "#d62728", "width": 1.5},
                name=curve_name,
                hovertemplate=hovertemplate,
            )
        )
    _frame(
        fig,
        title=title,
        height=height,
        x_title=x_title,
        y_title=y_title,
        showlegend=curve_x is not None,
    )
    return fig


@memoized
def orbit(
    xs: np.ndarray,
    ys: np.ndarray,
    positions: np.ndarray,
    *,
    marks: Mapping[str, tuple[float, float]],
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    colorbar_title: str = "",
    height: int = 380,
) -> go.Figure:
    """Points (xs, ys) coloured by position on the unit circle, with named points ``marks`` on top."""
    fig = new_figure(
        go.Scatter(
            x=np.asarray(xs, dtype=np.float32),
            y=np.asarray(ys, dtype=np.float32),
            customdata=np.asarray(positions, dtype=np.float32),
            mode="markers",
            marker={
                "size": 5,
                "color": np.asarray(positions, dtype=np.float32),
                "colorscale": SEQUENTIAL,
                "colorbar": {"title": {"text": colorbar_title, "side": "right"}},
            },
            hovertemplate=hovertemplate,
            showlegend=False,
        )
    )
    symbols = ["circle-open", "x", "diamond-open", "square-open"]
    for (name, (mx, my)), symbol in zip(marks.items(), symbols, strict=False):
        fig.add_trace(
            go.Scatter(
                x=[mx],
                y=[my],
                mode="markers",
                marker={"size": 16, "symbol": symbol, "line": {"width": 3}},
                name=name,
                hovertemplate="(%{x:.4f}, %{y:.4f})<extra>" + name + "</extra>",
            )
        )
    _frame(
        fig,
        title=title,
        height=height,
        x_title=x_title,
        xaxis={"range": [-1.2, 1.2], "constrain": "domain"},
        y_title=y_title,
        yaxis={"range": [-1.2, 1.2], "scaleanchor": "x"},
    )
    return fig


@memoized
def measured_curves(
    x: np.ndarray,
    measured: Mapping[str, np.ndarray],
    *,
    errors: Mapping[str, np.ndarray] | None = None,
    references: Mapping[str, np.ndarray] | None = None,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    x_log: bool = True,
    y_log: bool = True,
    mark_x: float | None = None,
    mark_label: str = "",
    height: int = 380,
) -> go.Figure:
    """Measured values as markers (with ± ``errors`` bars), theory as dashed ``references`` lines, on log
    axes by default; ``mark_x`` draws a vertical dotted line at the current setting."""
    xs = np.asarray(x, dtype=np.float64)
    fig = new_figure()
    for i, (name, values) in enumerate((references or {}).items()):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=np.asarray(values, dtype=np.float64),
                mode="lines",
                line={"dash": "dash", "width": 2, "color": _nth(REFERENCE_COLORS, i)},
                name=name,
                hovertemplate=_named(hovertemplate, name),
            )
        )
    for i, (name, values) in enumerate(measured.items()):
        err = None if errors is None or name not in errors else np.asarray(errors[name], dtype=np.float64)
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=np.asarray(values, dtype=np.float64),
                mode="markers+lines",
                marker={"size": 8, "color": _nth(MEASURED_COLORS, i)},
                line={"color": _nth(MEASURED_COLORS, i)},
                name=name,
                error_y=None if err is None else {"type": "data", "array": 2.0 * err, "visible": True},
                hovertemplate=_named(hovertemplate, name),
            )
        )
    _halo_coinciding(fig, log=y_log)
    _frame(
        fig,
        title=title,
        height=height,
        x_title=x_title,
        xaxis={"type": "log" if x_log else "linear"},
        y_title=y_title,
        yaxis={"type": "log" if y_log else "linear", "exponentformat": "power"},
    )
    if mark_x is not None:
        _mark(fig, mark_x, mark_label, dash="dot")
    return fig


@memoized
def stage_lines(
    x_labels: Sequence[str],
    ys: Mapping[str, np.ndarray | Sequence[float]],
    *,
    bold: Sequence[str] = (),
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    height: int = 380,
    y_range: tuple[float, float] | None = None,
    show_legend: bool = True,
    shade: tuple[int, int] | None = None,
) -> go.Figure:
    """Lines with markers over categorical stages (``x_labels``, escaped), one per entry of ``ys``
    (names escaped); the names in ``bold`` are drawn thick, the rest thin and faded. ``shade`` =
    (first, last) shades those stages' columns."""
    xs = [escape_label(v) for v in x_labels]
    fig = new_figure()
    for name, values in ys.items():
        thick = name in bold
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=np.asarray(values, dtype=np.float32),
                mode="lines+markers",
                name=escape_label(name),
                line={"width": 4 if thick else 1.2},
                marker={"size": 7 if thick else 4},
                opacity=1.0 if thick else 0.55,
                hovertemplate=_named(hovertemplate, escape_label(name)),
            )
        )
    _frame(
        fig,
        title=title,
        height=height,
        margin={"b": 80},
        x_title=x_title,
        xaxis={"type": "category", "tickangle": -45},
        y_title=y_title,
        yaxis={"range": list(y_range) if y_range else None},
        legend={"orientation": "h", "y": -0.45},
        showlegend=show_legend,
    )
    if shade is not None:
        first, last = shade
        fig.add_vrect(x0=first - 0.5, x1=last + 0.5, fillcolor="#ffd54f", opacity=0.25, line_width=0)
    return fig
