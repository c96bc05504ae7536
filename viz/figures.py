"""Plotly figure builders: arrays in, ``go.Figure`` out. No Streamlit, no math beyond reshaping.

Arrays go to Plotly as float32, so they travel as compact binary (base64) rather than JSON lists, and
large matrices are strided (see :func:`overview_indices`) so no chart carries more cells than it has
pixels to show.
"""

from __future__ import annotations

import copy
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from viz.memo import memoized

#: The look of every chart: plotly.js's own defaults (white, light grid) in the app's font, Hangul
#: falling back to a CJK font. Plotly.py's named templates are about 7 KB of JSON in every chart.
pio.templates["attention_lab"] = go.layout.Template(
    layout={
        "font": {"family": '"Source Sans Pro", "Source Sans", "Noto Sans CJK KR", sans-serif'},
        # Margins grow to fit rotated tick labels and axis titles (plotly.js's default is fixed margins).
        "xaxis": {"automargin": True},
        "yaxis": {"automargin": True},
    }
)
pio.templates.default = "attention_lab"

#: Plotly's config for every chart: the toolbar's camera button saves a PNG at twice the size.
PLOTLY_CONFIG: dict[str, object] = {
    "displaylogo": False,
    # plotly.js 4 shows a "Share chart..." button that uploads the figure to Plotly Cloud: useless
    # offline, and a class's data should not leave the room.
    "showSendToCloud": False,
    "toImageButtonOptions": {"format": "png", "scale": 2},
}

#: Largest overview heatmap, in cells per axis (about the pixels a chart has).
MAX_ROWS = 320
MAX_COLS = 256

DIVERGING = "RdBu_r"
MASKED_GREY = "#d0d0d0"
SEQUENTIAL = "Viridis"


def escape_label(text: str) -> str:
    """Text safe to place in a Plotly title, label or hover: Plotly renders tags such as <b> or <a>."""
    return html.escape(text, quote=False)


@dataclass(frozen=True)
class Overview:
    """A strided view of a matrix: ``values[r, c] == full[rows[r], cols[c]]``."""

    values: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    row_step: int
    col_step: int
    paired: bool

    @property
    def aggregated(self) -> bool:
        return self.row_step > 1 or self.col_step > 1


def overview_indices(n: int, limit: int, paired: bool = False) -> tuple[np.ndarray, int]:
    """Evenly strided indices into ``range(n)``, at most ``limit`` of them, and the stride used.

    With ``paired`` the stride runs over column pairs (2i, 2i+1) and keeps both columns of each chosen
    pair, so a sine is never shown without its cosine.
    """
    if n <= limit:
        return np.arange(n), 1
    if paired:
        n_pairs = (n + 1) // 2
        step = -(-n_pairs // (limit // 2))
        starts = np.arange(0, n_pairs, step) * 2
        idx = np.stack([starts, starts + 1], axis=1).ravel()
        return idx[idx < n], step
    step = -(-n // limit)
    return np.arange(0, n, step), step


def overview(
    matrix: np.ndarray, max_rows: int = MAX_ROWS, max_cols: int = MAX_COLS, paired: bool = False
) -> Overview:
    """The strided sub-matrix a heatmap can show in full, as float32."""
    rows, row_step = overview_indices(matrix.shape[0], max_rows)
    cols, col_step = overview_indices(matrix.shape[1], max_cols, paired)
    values = np.ascontiguousarray(matrix[np.ix_(rows, cols)], dtype=np.float32)
    return Overview(values, rows, cols, row_step, col_step, paired)


def _named(hovertemplate: str | None, name: str) -> str | None:
    """``hovertemplate`` with the trace's name in the hover box's side label."""
    if hovertemplate is None or "<extra>" in hovertemplate:  # a template that names its own side label
        return hovertemplate
    return hovertemplate + f"<extra>{name}</extra>"


def _merge(base: dict[str, object], props: Mapping[str, object]) -> dict[str, object]:
    """``base`` with ``props`` merged in, nested dicts key by key (as ``update_layout`` merges)."""
    out = dict(base)
    for key, value in props.items():
        old = out.get(key)
        if isinstance(value, Mapping) and isinstance(old, dict):
            out[key] = _merge(old, value)
        else:
            out[key] = value
    return out


def _relayout(fig: go.Figure, **props: object) -> None:
    """``_relayout(fig, **props)``, about three times faster.

    Plotly's ``update_layout`` walks every key through its property-path machinery and change
    callbacks (about 4 ms for a chart's usual dozen keys, and most of a page's server time once the
    charts are many); merging plain dicts and assigning the layout once validates it in one pass.
    Unlike ``update_layout`` it does not understand underscore paths (``xaxis_title_text``) or merge
    Plotly objects given as values; nothing here passes either.
    """
    # Everything but the template: copying and re-validating Plotly's default template (a few
    # thousand values) would cost more than the rest; it is put back by itself.
    current = copy.deepcopy({k: v for k, v in fig.layout._props.items() if k != "template"})
    fig.layout = _merge(current, props)


def _right_axis(fig: go.Figure, title: str, *, log: bool) -> None:
    """The second y-axis (``yaxis="y2"`` traces) on the right: log with powers of ten, or from 0."""
    _relayout(
        fig,
        yaxis2={
            "title": {"text": title},
            "overlaying": "y",
            "side": "right",
            "type": "log" if log else "linear",
            "showgrid": False,
            "tickmode": "auto",  # Streamlit's theme syncs the ticks to the left axis: odd values like 0.019
            **({"dtick": 1, "exponentformat": "power"} if log else {"rangemode": "tozero"}),
        },
    )


def _nth(colors: Sequence[str] | None, i: int) -> str | None:
    """The i-th colour of ``colors`` (cycling), or None to let Plotly choose."""
    return colors[i % len(colors)] if colors else None


#: Measured series and theory lines in :func:`measured_curves`.
MEASURED_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c")
REFERENCE_COLORS = ("#555555", "#999999")


def rows_height(rows: int, *, base: int = 150, per_row: int = 34) -> int:
    """A chart height that gives each of ``rows`` labelled rows about one line of text."""
    return base + per_row * rows


def _mark(fig: go.Figure, x: float, label: str, *, dash: str) -> None:
    """A vertical line at ``x`` across the whole plot, named ``label``.

    A trace on a hidden axis, not add_vline: on a log x-axis a shape's x would be read as log10(x).
    """
    fig.add_trace(
        go.Scatter(
            x=[x, x],
            y=[0, 1],
            yaxis="y3",
            mode="lines",
            line={"dash": dash, "color": "#444"},
            name=label,
            hoverinfo="name",
        )
    )
    _relayout(fig, yaxis3={"overlaying": "y", "range": [0, 1], "visible": False, "fixedrange": True})


def _grid_layout(
    rows: int,
    cols: int,
    *,
    titles: Sequence[str],
    h_spacing: float,
    v_spacing: float,
    shared_x: bool = False,
    shared_y: bool = False,
) -> dict[str, object]:
    """The layout ``make_subplots`` would give a ``rows`` x ``cols`` grid, as a plain dict.

    Axes are numbered row by row from the top left (cell i has ``xaxis{i+1}`` / ``yaxis{i+1}``, the
    first without a number); shared axes ``match`` the bottom row's x or the first column's y and hide
    their tick labels; ``titles`` (already escaped) sit above their cells. Building the dict directly
    costs a fraction of ``make_subplots`` plus per-cell ``update_xaxes`` calls (about 40 ms for eight
    heads), which every rerun paid.
    """
    width = (1.0 - h_spacing * (cols - 1)) / cols
    height = (1.0 - v_spacing * (rows - 1)) / rows
    layout: dict[str, object] = {}
    annotations = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        x0 = c * (width + h_spacing)
        y1 = 1.0 - r * (height + v_spacing)
        suffix = _suffix(i)
        # min(): the last cell's end can round to 1.0000000000000002, which Plotly rejects
        xaxis: dict[str, object] = {"anchor": f"y{suffix}", "domain": [x0, min(x0 + width, 1.0)]}
        yaxis: dict[str, object] = {"anchor": f"x{suffix}", "domain": [max(y1 - height, 0.0), y1]}
        if shared_x and r < rows - 1:
            bottom = (rows - 1) * cols + c + 1
            xaxis.update(matches=f"x{bottom if bottom > 1 else ''}", showticklabels=False)
        if shared_y and c > 0:
            first = r * cols + 1
            yaxis.update(matches=f"y{first if first > 1 else ''}", showticklabels=False)
        layout[f"xaxis{suffix}"] = xaxis
        layout[f"yaxis{suffix}"] = yaxis
        if i < len(titles) and titles[i]:  # make_subplots skips empty titles too
            annotations.append(
                {
                    "font": {"size": 16},
                    "showarrow": False,
                    "text": titles[i],
                    "x": x0 + width / 2,
                    "xanchor": "center",
                    "xref": "paper",
                    "y": y1,
                    "yanchor": "bottom",
                    "yref": "paper",
                }
            )
    layout["annotations"] = annotations
    return layout


def _suffix(i: int) -> str:
    """Plotly's axis number of grid cell ``i``: none for the first, then 2, 3, ..."""
    return "" if i == 0 else str(i + 1)


def _cell(i: int) -> tuple[str, str]:
    """The (xaxis, yaxis) layout keys of grid cell ``i`` (see :func:`_grid_layout`)."""
    return f"xaxis{_suffix(i)}", f"yaxis{_suffix(i)}"


def _on_cell(i: int) -> dict[str, str]:
    """A trace's ``xaxis`` / ``yaxis`` references for grid cell ``i``."""
    return {"xaxis": f"x{_suffix(i)}", "yaxis": f"y{_suffix(i)}"}


def _largest_magnitude(mats: Sequence[np.ndarray]) -> float:
    """The largest finite |value| over ``mats`` (1 when there is none): a symmetric scale's end."""
    found = [float(np.abs(m[np.isfinite(m)]).max()) for m in mats if np.isfinite(m).any()]
    return max(found, default=1.0) or 1.0


def _color_axis(colorscale: str, cmin: float, cmax: float, title: str) -> dict[str, object]:
    """The one colour axis every panel of a grid shares, with its colour bar titled ``title``."""
    return {
        "colorscale": colorscale,
        "cmin": cmin,
        "cmax": cmax,
        "colorbar": {"title": {"text": title, "side": "right"}},
    }


def _set_axes(layout: dict[str, object], cells: Sequence[int], axis: str, **props: object) -> None:
    """Merge ``props`` into the ``axis`` ("x" or "y") of every cell in ``cells``."""
    for i in cells:
        key = _cell(i)[0 if axis == "x" else 1]
        target = layout[key]
        assert isinstance(target, dict)
        target.update(props)


def _labels(idx: np.ndarray) -> list[str]:
    # Category labels keep every drawn cell the same size even when the indices skip.
    return [str(int(i)) for i in idx]


@memoized
def heatmap(
    z: np.ndarray,
    *,
    x: Sequence[int] | np.ndarray | None = None,
    y: Sequence[int] | np.ndarray | None = None,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    colorbar_title: str = "",
    hovertemplate: str | None = None,
    zmin: float | None = None,
    zmax: float | None = None,
    height: int = 460,
    cell_text: str | None = None,
    y_labels: Sequence[str] | None = None,
    x_labels: Sequence[str] | None = None,
) -> go.Figure:
    """A heatmap of ``z`` (rows drawn top to bottom) with its cells labelled by ``x`` and ``y``.

    Diverging colours centred on 0 when ``z`` has both signs, sequential otherwise. ``cell_text`` (a
    Plotly texttemplate such as ``"%{z:.3f}"``) writes each value in its cell; ``y_labels`` and
    ``x_labels`` replace the row and column numbers with text (escaped here).
    """
    z32 = np.asarray(z, dtype=np.float32)
    xs = np.arange(z32.shape[1]) if x is None else np.asarray(x)
    ys = np.arange(z32.shape[0]) if y is None else np.asarray(y)
    finite = z32[np.isfinite(z32)]
    lo = (float(finite.min()) if finite.size else 0.0) if zmin is None else zmin
    hi = (float(finite.max()) if finite.size else 1.0) if zmax is None else zmax
    two_signed = lo < 0 < hi
    fig = go.Figure(
        go.Heatmap(
            z=z32,
            x=_labels(xs) if x_labels is None else [escape_label(v) for v in x_labels],
            y=_labels(ys) if y_labels is None else [escape_label(v) for v in y_labels],
            colorscale=DIVERGING if two_signed else SEQUENTIAL,
            zmid=0.0 if two_signed else None,
            zmin=None if two_signed else lo,
            zmax=None if two_signed else hi,
            colorbar={"title": {"text": colorbar_title, "side": "right"}},
            hovertemplate=hovertemplate,
            texttemplate=cell_text,
        )
    )
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}, "type": "category", "nticks": 12},
        yaxis={"title": {"text": y_title}, "type": "category", "autorange": "reversed", "nticks": 12},
    )
    return fig


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
) -> go.Figure:
    """One trace per entry of ``ys`` (name -> values over ``x``), drawn as ``mode`` (lines, markers).

    With ``x_window`` the chart opens on x in [min, min + x_window] with a range slider to pan; all the
    data is still sent, so zooming out shows everything. ``y2`` draws more traces (dotted) against a
    second y-axis on the right; ``mark_x`` draws a vertical dashed line there, named ``mark_label``.
    """
    fig = go.Figure()
    x32 = np.asarray(x, dtype=np.float32)
    for name, values in ys.items():
        fig.add_trace(
            go.Scatter(
                x=x32,
                y=np.asarray(values, dtype=np.float32),
                mode=mode,
                name=name,
                hovertemplate=_named(hovertemplate, name),
            )
        )
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
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 60 if y2 else 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}, "type": "log" if x_log else "linear"},
        yaxis={"title": {"text": y_title}},
        legend={"orientation": "h", "y": -0.25},
    )
    if y2:
        _right_axis(fig, y2_title, log=y2_log)
    if mark_x is not None:
        _mark(fig, mark_x, mark_label, dash="dash")
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
) -> go.Figure:
    """Markers on a log y-axis with an optional dashed reference line at ``hline``."""
    fig = go.Figure(
        go.Scatter(
            x=np.asarray(x, dtype=np.float32),
            y=np.asarray(y, dtype=np.float64),
            mode="markers+lines",
            marker={"size": 5},
            hovertemplate=hovertemplate,
            showlegend=False,
        )
    )
    if hline is not None:
        # A trace, not add_hline: on a log axis Plotly reads an annotation's y as log10(y), which
        # would stretch the axis to 10^hline.
        xs = np.asarray(x, dtype=np.float64)
        fig.add_trace(
            go.Scatter(
                x=[float(xs.min()), float(xs.max())] if xs.size else [0.0, 1.0],
                y=[hline, hline],
                mode="lines",
                line={"dash": "dash", "color": "#d62728"},
                name=hline_label,
                hoverinfo="name",
                showlegend=True,
            )
        )
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}},
        yaxis={"title": {"text": y_title}, "type": "log", "dtick": 1, "exponentformat": "power"},
        legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"},
    )
    return fig


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
) -> go.Figure:
    """Bars side by side for each label (text, escaped), one colour per entry of ``ys``.

    ``y2`` adds lines with markers against a second y-axis on the right; ``bar_text`` (a texttemplate
    such as ``"%{y:.3g}"``) writes each bar's value above it, so a bar of height 0 still shows.
    ``colors`` colours the bars in order, and the ``y2`` lines in the same order (so a line can match
    its bars); without it the lines are dark grey.
    """
    names = [escape_label(v) for v in labels]
    fig = go.Figure()
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
    _relayout(
        fig,
        title={"text": title},
        height=height + LEGEND_ROW_PX * (len(ys) + len(y2 or {})),
        barmode="group",
        # The legend sits at the bottom of the whole figure, under the axis title, with room kept for it:
        # placed relative to the plot, rotated word labels (a nine-word sentence at 1400 px) pushed the
        # axis title onto its first entry.
        margin={"l": 60, "r": 60 if y2 else 20, "t": 50, "b": 50 + LEGEND_ROW_PX * (len(ys) + len(y2 or {}))},
        xaxis={"title": {"text": x_title}, "type": "category", "automargin": True},
        yaxis={
            "title": {"text": y_title},
            "range": list(y_range) if y_range else None,
            "type": "log" if y_log else "linear",
            "exponentformat": "power" if y_log else "B",
        },
        legend={"orientation": "h", "x": 0, "yref": "container", "y": 0, "yanchor": "bottom"},
    )
    if y2:
        _right_axis(fig, y2_title, log=False)
    return fig


@memoized
def heatmap_panels(
    panels: Mapping[str, np.ndarray],
    *,
    y_labels: Sequence[str],
    x: Sequence[int] | np.ndarray,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    colorbar_title: str = "",
    hovertemplate: str | None = None,
    height: int = 420,
    cell_text: str | None = None,
    shared_scale: bool = True,
) -> go.Figure:
    """Heatmaps side by side (panel title -> (rows, cols) matrix) sharing one colour scale and one y-axis.

    One scale, symmetric about 0 over every panel, so the same colour means the same number everywhere.
    With ``shared_scale=False`` each panel gets its own symmetric scale and colour bar instead, so a
    panel of small numbers next to one of large numbers still shows its pattern.
    ``cell_text`` (a texttemplate such as ``"%{z:.2f}"``) writes each value in its cell.
    """
    mats = {name: np.asarray(m, dtype=np.float32) for name, m in panels.items()}
    top = _largest_magnitude(list(mats.values()))
    n = max(len(mats), 1)
    spacing = 0.03 if shared_scale else 0.12  # room for each panel's colour bar and its tick labels
    layout = _grid_layout(
        1, n, titles=[escape_label(k) for k in mats], h_spacing=spacing, v_spacing=0.0, shared_y=True
    )
    rows = [escape_label(v) for v in y_labels]
    cols = _labels(np.asarray(x))
    axes = ["coloraxis" if shared_scale or i == 0 else f"coloraxis{i + 1}" for i in range(len(mats))]
    traces = [
        go.Heatmap(
            z=m,
            x=cols,
            y=rows,
            coloraxis=axes[i],
            hovertemplate=hovertemplate,
            texttemplate=cell_text,
            **_on_cell(i),
        )
        for i, m in enumerate(mats.values())
    ]
    _set_axes(layout, range(n), "x", type="category", nticks=6, title={"text": x_title})
    _set_axes(layout, range(n), "y", type="category", autorange="reversed")
    _set_axes(layout, [0], "y", title={"text": y_title})
    layout.update(title={"text": title}, height=height, margin={"l": 60, "r": 20, "t": 80, "b": 50})
    if shared_scale:
        layout["coloraxis"] = _color_axis(DIVERGING, -top, top, colorbar_title)
    else:
        for i, (name, m) in enumerate(zip(axes, mats.values(), strict=True)):
            own = _largest_magnitude([m])
            axis = _color_axis(DIVERGING, -own, own, "")
            domain = layout[_cell(i)[0]]["domain"]  # type: ignore[index]
            axis["colorbar"] = {"x": float(domain[1]) + 0.005, "xanchor": "left", "thickness": 10}
            layout[name] = axis
    return go.Figure(data=traces, layout=layout)


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
    one point per spot of the chart (:func:`viz.similarity.drawn_points`), and plotly.js's cartesian bundle
    (the one the app loads) has no WebGL traces."""
    fig = go.Figure(
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
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}},
        yaxis={"title": {"text": y_title}},
        legend={"orientation": "h", "y": -0.25},
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
    fig = go.Figure(
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
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}, "range": [-1.2, 1.2], "constrain": "domain"},
        yaxis={"title": {"text": y_title}, "range": [-1.2, 1.2], "scaleanchor": "x"},
        legend={"orientation": "h", "y": -0.25},
    )
    return fig


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
    fig = go.Figure(
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
    _relayout(
        fig,
        title={"text": title},
        height=height,
        bargap=0,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}},
        yaxis={"title": {"text": y_title}},
        legend={"orientation": "h", "y": -0.3},
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
    """Measured values as markers (with ± ``errors`` bars), theory as dashed ``references`` lines.

    On log axes by default; ``mark_x`` draws a vertical dotted line at the current setting.
    """
    xs = np.asarray(x, dtype=np.float64)
    fig = go.Figure()
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
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        xaxis={"title": {"text": x_title}, "type": "log" if x_log else "linear"},
        yaxis={"title": {"text": y_title}, "type": "log" if y_log else "linear", "exponentformat": "power"},
        legend={"orientation": "h", "y": -0.25},
    )
    if mark_x is not None:
        _mark(fig, mark_x, mark_label, dash="dot")
    return fig


@memoized
def heads_grid(
    maps: Sequence[np.ndarray] | np.ndarray,
    *,
    titles: Sequence[str],
    x_labels: Sequence[str],
    y_labels: Sequence[str],
    cols: int = 4,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    colorbar_title: str = "",
    hovertemplate: str | None = None,
    zmin: float = 0.0,
    zmax: float = 1.0,
    colorscale: str = "Blues",
    cell_text: str | None = None,
    panel_height: int = 230,
) -> go.Figure:
    """Square (T, T) maps in a grid of ``cols`` columns sharing one colour scale ``zmin``..``zmax``.

    Rows are queries (top to bottom) and columns keys, labelled with ``y_labels`` / ``x_labels``
    (escaped here); tick labels are written on the outer panels only.
    """
    mats = [np.asarray(m, dtype=np.float32) for m in maps]
    n = max(len(mats), 1)
    cols = max(1, min(cols, n))
    rows = -(-n // cols)
    layout = _grid_layout(
        rows,
        cols,
        titles=[escape_label(s) for s in titles],
        h_spacing=0.02 if cols > 1 else 0.0,
        v_spacing=min(0.3 / rows, 0.08) if rows > 1 else 0.0,
        shared_x=True,
        shared_y=True,
    )
    xs = [escape_label(v) for v in x_labels]
    ys = [escape_label(v) for v in y_labels]
    traces = [
        go.Heatmap(
            z=m,
            x=xs,
            y=ys,
            coloraxis="coloraxis",
            hovertemplate=hovertemplate,
            texttemplate=cell_text,
            xgap=1,
            ygap=1,
            **_on_cell(i),
        )
        for i, m in enumerate(mats)
    ]
    cells = range(rows * cols)
    _set_axes(layout, cells, "x", type="category", tickangle=-45)
    _set_axes(layout, cells, "y", type="category", autorange="reversed")
    _set_axes(layout, [(rows - 1) * cols + c for c in range(cols)], "x", title={"text": x_title})
    _set_axes(layout, [r * cols for r in range(rows)], "y", title={"text": y_title})
    layout.update(
        title={"text": title},
        height=140 + rows * panel_height,
        margin={"l": 90, "r": 20, "t": 80, "b": 90},
        coloraxis=_color_axis(colorscale, zmin, zmax, colorbar_title),
    )
    return go.Figure(data=traces, layout=layout)


def number_text(z: np.ndarray, digits: int = 2) -> np.ndarray:
    """Each value as cell text with ``digits`` decimals, and -inf (a masked score) as "−∞"."""
    a = np.asarray(z, dtype=np.float64)
    out = np.empty(a.shape, dtype=object)
    flat, src = out.reshape(-1), a.reshape(-1)
    for i, v in enumerate(src):
        flat[i] = "−∞" if v == -np.inf else f"{v:.{digits}f}"
    return out


@memoized
def matrix(
    z: np.ndarray,
    *,
    x_labels: Sequence[str],
    y_labels: Sequence[str],
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    hovertemplate: str | None = None,
    text: np.ndarray | None = None,
    zmin: float | None = None,
    zmax: float | None = None,
    colorscale: str | None = None,
    height: int = 300,
    highlight: tuple[int, int] | None = None,
    masked_hover: str | None = None,
) -> go.Figure:
    """A small annotated matrix: ``text`` (same shape as z) written in the cells, -inf cells in grey.

    Diverging colours centred on 0 unless ``colorscale`` is given; ``highlight`` = (start, stop) outlines
    those columns (one head's block inside the concatenation).
    """
    z32 = np.asarray(z, dtype=np.float32)
    shown = np.where(np.isfinite(z32), z32, np.nan)
    finite = z32[np.isfinite(z32)]
    top = float(np.abs(finite).max()) if finite.size else 1.0
    xs, ys = [escape_label(v) for v in x_labels], [escape_label(v) for v in y_labels]
    fig = go.Figure()
    blocked = z32 == -np.inf
    if blocked.any():  # masked scores: grey cells under the gaps, still labelled
        fig.add_trace(
            go.Heatmap(
                z=np.where(blocked, 1.0, np.nan).astype(np.float32),
                x=xs,
                y=ys,
                text=text,
                texttemplate="%{text}" if text is not None else None,
                colorscale=[[0.0, MASKED_GREY], [1.0, MASKED_GREY]],
                showscale=False,
                hovertemplate=masked_hover,
                hoverongaps=False,
                xgap=1,
                ygap=1,
            )
        )
    fig.add_trace(
        go.Heatmap(
            z=shown,
            x=xs,
            y=ys,
            text=text,
            texttemplate="%{text}" if text is not None else None,
            colorscale=colorscale or DIVERGING,
            zmin=-top if zmin is None else zmin,
            zmax=top if zmax is None else zmax,
            hovertemplate=hovertemplate,
            hoverongaps=False,
            xgap=1,
            ygap=1,
        )
    )
    if highlight is not None:
        start, stop = highlight
        fig.add_shape(
            type="rect",
            xref="x",
            yref="paper",
            x0=start - 0.5,
            x1=stop - 0.5,
            y0=0,
            y1=1,
            line={"color": "#d62728", "width": 2},
        )
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 90, "r": 20, "t": 50, "b": 60},
        xaxis={"title": {"text": x_title}, "type": "category"},
        yaxis={"title": {"text": y_title}, "type": "category", "autorange": "reversed"},
    )
    return fig


@dataclass(frozen=True)
class Panel:
    """One heatmap of :func:`panel_grid`: its title, (rows, cols) values and column labels."""

    title: str
    z: np.ndarray
    x_labels: Sequence[str]


@memoized
def panel_grid(
    panels: Sequence[Panel],
    *,
    y_labels: Sequence[str],
    cols: int = 3,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    colorbar_title: str = "",
    hovertemplate: str | None = None,
    zmax: float | None = None,
    panel_height: int = 260,
    nticks: int = 8,
    shared_x: bool = False,
) -> go.Figure:
    """Heatmaps of different widths in a grid of ``cols`` columns, rows shared (``y_labels``, escaped),
    one diverging colour scale symmetric about 0 (to ``zmax``, or the largest |value| of any panel),
    so the same colour means the same number in every panel. ``shared_x``: the panels have the same
    columns, labelled under the bottom row only."""
    mats = [np.asarray(p.z, dtype=np.float32) for p in panels]
    top = zmax if zmax is not None else _largest_magnitude(mats)
    n = max(len(mats), 1)
    cols = max(1, min(cols, n))
    rows = -(-n // cols)
    layout = _grid_layout(
        rows,
        cols,
        titles=[escape_label(p.title) for p in panels],
        h_spacing=0.04 if cols > 1 else 0.0,
        v_spacing=min(0.45 / rows, 0.2) if rows > 1 else 0.0,
        shared_x=shared_x,
        shared_y=True,
    )
    ys = [escape_label(v) for v in y_labels]
    traces = [
        go.Heatmap(
            z=m,
            x=[escape_label(v) for v in p.x_labels],
            y=ys,
            coloraxis="coloraxis",
            hovertemplate=hovertemplate,
            **_on_cell(i),
        )
        for i, (p, m) in enumerate(zip(panels, mats, strict=True))
    ]
    cells = range(rows * cols)
    _set_axes(layout, [i for i in range(n) if i + cols >= n], "x", title={"text": x_title})  # column ends
    _set_axes(layout, cells, "x", type="category", nticks=nticks)
    _set_axes(layout, cells, "y", type="category", autorange="reversed")
    _set_axes(layout, [r * cols for r in range(rows)], "y", title={"text": y_title})
    layout.update(
        title={"text": title},
        height=120 + rows * panel_height,
        margin={"l": 90, "r": 20, "t": 80, "b": 60},
        coloraxis=_color_axis(DIVERGING, -top, top, colorbar_title),
    )
    return go.Figure(data=traces, layout=layout)


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
    fig = go.Figure()
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
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 80},
        xaxis={"title": {"text": x_title}, "type": "category", "tickangle": -45},
        yaxis={"title": {"text": y_title}, "range": list(y_range) if y_range else None},
        legend={"orientation": "h", "y": -0.45},
        showlegend=show_legend,
    )
    if shade is not None:
        first, last = shade
        fig.add_vrect(x0=first - 0.5, x1=last + 0.5, fillcolor="#ffd54f", opacity=0.25, line_width=0)
    return fig
