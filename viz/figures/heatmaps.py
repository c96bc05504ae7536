"""Heatmaps: one builder, :func:`heatmap_grid`, draws every grid of heatmap cells (one cell or many,
one shared colour axis or one per cell, titles, cell text, hover). The other names here are keyword
adapters over it that keep the signatures the pages call; each is memoized on its own arguments, so a
cache hit skips building the cells too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from viz.cache.memo import memoized
from viz.figures.base import DIVERGING, MASKED_GREY, SEQUENTIAL, _labels, escape_label
from viz.figures.grid import (
    PHONE_COLS,
    _color_axis,
    _grid,
    _largest_magnitude,
    grid_shape,
    phone_frame,
    stack_on_phone,
)


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
    cell_font: int | None = None,
    cell_labels: Sequence[Sequence[str]] | None = None,
    y_labels: Sequence[str] | None = None,
    x_labels: Sequence[str] | None = None,
    x_ticks: Mapping[str, str] | None = None,
    y_ticks: Mapping[str, str] | None = None,
) -> go.Figure:
    """A heatmap of ``z`` (rows drawn top to bottom) with its cells labelled by ``x`` and ``y``.

    ``x_ticks`` / ``y_ticks`` (column or row label -> tick text, both escaped here) put ticks at those
    cells only, instead of every so many.

    Diverging colours centred on 0 when ``z`` has both signs, sequential otherwise. ``cell_text`` (a
    Plotly texttemplate such as ``"%{z:.3f}"``) writes each value in its cell, or ``cell_labels`` (one
    text per cell, "" for none) are written instead; ``cell_font`` fixes their size in px (plotly.js
    otherwise shrinks the text to fit the cell, to ~6 px in a 12 x 12 matrix) and drops the colour bar,
    whose room the cells need (the numbers say the values). ``y_labels`` and ``x_labels`` replace the
    row and column numbers with text (escaped here).
    """
    z32 = np.asarray(z, dtype=np.float32)
    xs = np.arange(z32.shape[1]) if x is None else np.asarray(x)
    ys = np.arange(z32.shape[0]) if y is None else np.asarray(y)
    finite = z32[np.isfinite(z32)]
    lo = (float(finite.min()) if finite.size else 0.0) if zmin is None else zmin
    hi = (float(finite.max()) if finite.size else 1.0) if zmax is None else zmax
    two_signed = lo < 0 < hi
    cell = {
        "z": z32,
        "x": _labels(xs) if x_labels is None else [escape_label(v) for v in x_labels],
        "y": _labels(ys) if y_labels is None else [escape_label(v) for v in y_labels],
        "colorscale": DIVERGING if two_signed else SEQUENTIAL,
        "zmid": 0.0 if two_signed else None,
        "zmin": None if two_signed else lo,
        "zmax": None if two_signed else hi,
        "colorbar": {"title": {"text": colorbar_title, "side": "right"}},
        "hovertemplate": hovertemplate,
        "texttemplate": cell_text,
    }
    if cell_labels is not None:
        cell.update(text=[list(row) for row in cell_labels], texttemplate="%{text}")
    if cell["texttemplate"] and cell_font:
        cell.update(textfont={"size": cell_font}, showscale=False)
    return _grid(
        [[cell]],
        grid=False,
        x_axis={"type": "category", **_ticks(x_ticks)},
        y_axis={"type": "category", "autorange": "reversed", **_ticks(y_ticks)},
        x_title=x_title,
        y_title=y_title,
        title=title,
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
    )


def _ticks(ticks: Mapping[str, str] | None) -> dict[str, object]:
    if ticks is None:
        return {"nticks": 12}
    return {
        "tickmode": "array",
        "tickvals": [escape_label(k) for k in ticks],
        "ticktext": [escape_label(v) for v in ticks.values()],
    }


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
    mats = [np.asarray(m, dtype=np.float32) for m in panels.values()]
    rows = [escape_label(v) for v in y_labels]
    cols = _labels(np.asarray(x))
    axes = ["coloraxis" if shared_scale or i == 0 else f"coloraxis{i + 1}" for i in range(len(mats))]
    if shared_scale:
        top = _largest_magnitude(mats)
        coloraxes = {"coloraxis": _color_axis(DIVERGING, -top, top, colorbar_title)}
    else:
        coloraxes = {}
        for name, m in zip(axes, mats, strict=True):
            own = _largest_magnitude([m])
            coloraxes[name] = {"colorscale": DIVERGING, "cmin": -own, "cmax": own}
    cells = [
        [
            {
                "z": m,
                "x": cols,
                "y": rows,
                "coloraxis": axes[i],
                "hovertemplate": hovertemplate,
                "texttemplate": cell_text,
            }
        ]
        for i, m in enumerate(mats)
    ]
    frame: dict[str, object] = {
        "titles": list(panels),
        "shared_y": True,
        "x_axis": {"type": "category", "nticks": 6},
        "y_axis": {"type": "category", "autorange": "reversed"},
        "x_title": x_title,
        "y_title": y_title,
    }
    margin = {"l": 60, "r": 20, "t": 80, "b": 50}
    fig = _grid(
        cells,
        cols=len(mats),
        h_spacing=0.03 if shared_scale else 0.12,  # room for each panel's colour bar and its tick labels
        x_titled="all",
        coloraxes=coloraxes,
        colorbars_beside=not shared_scale,
        title=title,
        height=height,
        margin=margin,
        **frame,  # type: ignore[arg-type]
    )
    if len(mats) > 1:  # each panel as tall on a phone as on a wide screen
        stack_on_phone(fig, len(mats), frame, height - margin["t"] - margin["b"])
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
    cols, rows = grid_shape(len(mats), cols)
    xs = [escape_label(v) for v in x_labels]
    ys = [escape_label(v) for v in y_labels]
    cells = [
        [
            {
                "z": m,
                "x": xs,
                "y": ys,
                "coloraxis": "coloraxis",
                "hovertemplate": hovertemplate,
                "texttemplate": cell_text,
                "xgap": 1,
                "ygap": 1,
            }
        ]
        for m in mats
    ]
    axes = {
        "titles": titles,
        "shared_x": True,
        "shared_y": True,
        "x_axis": {"type": "category", "tickangle": -45},
        "y_axis": {"type": "category", "autorange": "reversed"},
        "x_title": x_title,
        "x_titled": "bottom",
        "y_title": y_title,
    }
    fig = _grid(
        cells,
        cols=cols,
        h_spacing=0.02 if cols > 1 else 0.0,
        v_spacing=min(0.3 / rows, 0.08) if rows > 1 else 0.0,
        coloraxes={"coloraxis": _color_axis(colorscale, zmin, zmax, colorbar_title)},
        title=title,
        height=140 + rows * panel_height,
        margin={"l": 90, "r": 20, "t": 80, "b": 90},
        **axes,  # type: ignore[arg-type]
    )
    if cols > PHONE_COLS:
        fig.layout.meta = {"phone": phone_frame(len(mats), fig, axes)}
    return fig


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
    written = {"x": xs, "y": ys, "text": text, "texttemplate": "%{text}" if text is not None else None}
    layers: list[Mapping[str, object]] = []
    blocked = z32 == -np.inf
    if blocked.any():  # masked scores: grey cells under the gaps, still labelled
        layers.append(
            {
                "z": np.where(blocked, 1.0, np.nan).astype(np.float32),
                **written,
                "colorscale": [[0.0, MASKED_GREY], [1.0, MASKED_GREY]],
                "showscale": False,
                "hovertemplate": masked_hover,
                "hoverongaps": False,
                "xgap": 1,
                "ygap": 1,
            }
        )
    layers.append(
        {
            "z": shown,
            **written,
            "colorscale": colorscale or DIVERGING,
            "zmin": -top if zmin is None else zmin,
            "zmax": top if zmax is None else zmax,
            "hovertemplate": hovertemplate,
            "hoverongaps": False,
            "xgap": 1,
            "ygap": 1,
        }
    )
    outline = []
    if highlight is not None:
        start, stop = highlight
        outline.append(
            {
                "type": "rect",
                "xref": "x",
                "yref": "paper",
                "x0": start - 0.5,
                "x1": stop - 0.5,
                "y0": 0,
                "y1": 1,
                "line": {"color": "#d62728", "width": 2},
            }
        )
    return _grid(
        [layers],
        grid=False,
        x_axis={"type": "category"},
        y_axis={"type": "category", "autorange": "reversed"},
        x_title=x_title,
        y_title=y_title,
        title=title,
        height=height,
        margin={"l": 90, "r": 20, "t": 50, "b": 60},
        shapes=outline,
    )


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
    cols, rows = grid_shape(len(mats), cols)
    ys = [escape_label(v) for v in y_labels]
    cells = [
        [
            {
                "z": m,
                "x": [escape_label(v) for v in p.x_labels],
                "y": ys,
                "coloraxis": "coloraxis",
                "hovertemplate": hovertemplate,
            }
        ]
        for p, m in zip(panels, mats, strict=True)
    ]
    axes: dict[str, object] = {
        "titles": [p.title for p in panels],
        "shared_x": shared_x,
        "shared_y": True,
        "x_axis": {"type": "category", "nticks": nticks},
        "y_axis": {"type": "category", "autorange": "reversed"},
        "x_title": x_title,
        "x_titled": "ends",
        "y_title": y_title,
    }
    fig = _grid(
        cells,
        cols=cols,
        h_spacing=0.04 if cols > 1 else 0.0,
        v_spacing=min(0.45 / rows, 0.2) if rows > 1 else 0.0,
        coloraxes={"coloraxis": _color_axis(DIVERGING, -top, top, colorbar_title)},
        title=title,
        height=120 + rows * panel_height,
        margin={"l": 90, "r": 20, "t": 80, "b": 60},
        **axes,  # type: ignore[arg-type]
    )
    if cols > 1:  # less the wide grid's share of the room between rows
        stack_on_phone(fig, len(mats), axes, panel_height - 60)
    return fig
