"""The one heatmap-grid builder, :func:`heatmap_grid`: every heatmap in the app is a grid of cells
(one cell or many) drawn by it, with the subplot layout built as a plain dict.

:mod:`viz.figures.heatmaps` holds the keyword adapters the pages call (``heatmap``, ``heatmap_panels``,
``heads_grid``, ``matrix``, ``panel_grid``); a new kind of heatmap is another adapter, not another grid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import numpy as np
import plotly.graph_objects as go

from viz.cache.memo import memoized
from viz.figures.base import escape_label, new_figure

#: Which cells carry the x-axis title: every cell, the bottom row of the grid, or the last cell of each
#: column (the bottom row's cells when the grid is full, the row above where the last row is short).
XTitled = Literal["all", "bottom", "ends"]


def grid_shape(n: int, cols: int) -> tuple[int, int]:
    """(columns, rows) of a grid of ``n`` cells at most ``cols`` wide (one cell at least)."""
    n = max(n, 1)
    cols = max(1, min(cols, n))
    return cols, -(-n // cols)


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


def grid_frame(
    n: int,
    cols: int,
    *,
    titles: Sequence[str] = (),
    h_spacing: float = 0.0,
    v_spacing: float = 0.0,
    shared_x: bool = False,
    shared_y: bool = False,
    x_axis: Mapping[str, object] | None = None,
    y_axis: Mapping[str, object] | None = None,
    x_title: str = "",
    x_titled: XTitled = "bottom",
    y_title: str = "",
) -> dict[str, object]:
    """The axes and cell titles of a grid of ``n`` cells at most ``cols`` wide, as :func:`_grid` lays
    them out (``titles`` escaped here), without traces."""
    cols, rows = grid_shape(n, cols)
    layout = _grid_layout(
        rows,
        cols,
        titles=[escape_label(s) for s in titles],
        h_spacing=h_spacing,
        v_spacing=v_spacing,
        shared_x=shared_x,
        shared_y=shared_y,
    )
    every = range(rows * cols)
    titled = {
        "all": list(every),
        "bottom": [(rows - 1) * cols + c for c in range(cols)],
        "ends": [i for i in range(n) if i + cols >= n],
    }[x_titled]
    _set_axes(layout, every, "x", **(x_axis or {}))
    _set_axes(layout, titled, "x", title={"text": x_title})
    _set_axes(layout, every, "y", **(y_axis or {}))
    _set_axes(layout, [r * cols for r in range(rows)], "y", title={"text": y_title})
    return layout


def _grid(
    cells: Sequence[Sequence[Mapping[str, object]]],
    *,
    cols: int = 1,
    grid: bool = True,
    titles: Sequence[str] = (),
    h_spacing: float = 0.0,
    v_spacing: float = 0.0,
    shared_x: bool = False,
    shared_y: bool = False,
    x_axis: Mapping[str, object] | None = None,
    y_axis: Mapping[str, object] | None = None,
    x_title: str = "",
    x_titled: XTitled = "bottom",
    y_title: str = "",
    coloraxes: Mapping[str, Mapping[str, object]] | None = None,
    colorbars_beside: bool = False,
    title: str = "",
    height: int = 460,
    margin: Mapping[str, int] | None = None,
    shapes: Sequence[Mapping[str, object]] = (),
) -> go.Figure:
    """Heatmap cells in a grid of ``cols`` columns, numbered row by row from the top left.

    Each cell is a list of ``go.Heatmap`` keyword sets drawn on top of each other (labels already
    escaped; a ``coloraxis`` key ties a trace to one of ``coloraxes``). ``grid=False`` draws a single
    cell on the plain axes (no subplot domains). ``titles`` (escaped here) sit above their cells;
    ``x_axis`` / ``y_axis`` go to every cell's axes, the titles to the cells ``x_titled`` names and to
    the first column. ``shared_x`` / ``shared_y`` tie the axes (labels on the outer cells only);
    ``colorbars_beside`` puts the n-th colour axis's bar right of the n-th cell.
    """
    n = max(len(cells), 1)
    if grid:
        layout = grid_frame(
            n,
            cols,
            titles=titles,
            h_spacing=h_spacing,
            v_spacing=v_spacing,
            shared_x=shared_x,
            shared_y=shared_y,
            x_axis=x_axis,
            y_axis=y_axis,
            x_title=x_title,
            x_titled=x_titled,
            y_title=y_title,
        )
        traces = [go.Heatmap(**t, **_on_cell(i)) for i, layers in enumerate(cells) for t in layers]
    else:
        layout = {
            "xaxis": {**(x_axis or {}), "title": {"text": x_title}},
            "yaxis": {**(y_axis or {}), "title": {"text": y_title}},
        }
        traces = [go.Heatmap(**t) for layers in cells for t in layers]
    for i, (name, axis) in enumerate((coloraxes or {}).items()):
        if colorbars_beside:
            domain = layout[_cell(i)[0]]["domain"]  # type: ignore[index]
            axis = {**axis, "colorbar": {"x": float(domain[1]) + 0.005, "xanchor": "left", "thickness": 10}}
        layout[name] = dict(axis)
    if shapes:
        layout["shapes"] = [dict(s) for s in shapes]
    layout.update(title={"text": title}, height=height, margin=dict(margin or {}))
    return new_figure(traces, layout)


#: :func:`_grid` for callers outside this module, memoized like every builder.
heatmap_grid = memoized(_grid)


#: On a phone a grid of heads is at most this many panels wide (four in 350 px: the heads' titles ran
#: into each other and the tokens under them could not be read).
PHONE_COLS = 2
PHONE_PANEL_PX = 200
#: Panels side by side whose titles are phrases (E + P, a block's stages) stack one above another on a
#: phone, this far apart: room for a panel's tick labels and the next panel's title.
PHONE_GAP_PX = 70


def phone_frame(
    n: int,
    fig: go.Figure,
    axes: Mapping[str, object],
    *,
    cols: int = PHONE_COLS,
    panel_px: int = PHONE_PANEL_PX,
    gap_px: int | None = None,
) -> dict[str, object]:
    """What a phone changes in ``fig``'s grid of ``n`` panels (viz/ui/chart/plot.js merges it into each
    axis): at most ``cols`` columns, so each axis's differences from the wide grid (an axis of an empty
    wide cell hidden; a ``matches``, hidden ticks or a title that no longer hold undone), the panels'
    titles, a height to match and, where each panel has its own colour bar, the bars moved beside their
    panels. ``gap_px`` puts that many pixels between rows of ``panel_px`` each (without it, a grid of
    heads' spacing)."""
    cols, rows = grid_shape(n, cols)
    if gap_px is None:
        v_spacing = min(0.3 / rows, 0.06) if rows > 1 else 0.0
        height = 140 + rows * panel_px
    else:
        plot = rows * panel_px + (rows - 1) * gap_px
        v_spacing = gap_px / plot
        margin = fig.layout.margin
        height = (margin.t or 80) + (margin.b or 80) + plot
    narrow = grid_frame(n, cols, h_spacing=0.08, v_spacing=v_spacing, **axes)  # type: ignore[arg-type]
    wide_layout = fig.layout.to_plotly_json()
    changes: dict[str, object] = {}
    for key, wide in wide_layout.items():
        if not key.startswith(("xaxis", "yaxis")):
            continue
        axis = narrow.get(key, {"visible": False})
        assert isinstance(axis, dict)
        change = {k: v for k, v in axis.items() if wide.get(k) != v}
        undone = {"matches": None, "showticklabels": True, "title": {"text": ""}}
        change.update({k: v for k, v in undone.items() if k in wide and k not in axis})
        changes[key] = change
    for key, axis in narrow.items():  # a cell of the narrow grid beyond the heads (an odd count): empty
        if key.startswith(("xaxis", "yaxis")) and key not in changes:
            assert isinstance(axis, dict)
            changes[key] = {**axis, "visible": False}
    for key, wide in wide_layout.items():
        if not key.startswith("coloraxis") or wide.get("colorbar", {}).get("x") is None:
            continue  # the one bar the panels share stays at the grid's right, as on a wide screen
        i = int(key.removeprefix("coloraxis") or 1) - 1  # colorbars_beside: the n-th bar by the n-th cell
        xd, yd = narrow[_cell(i)[0]]["domain"], narrow[_cell(i)[1]]["domain"]  # type: ignore[index]
        bar = {"x": float(xd[1]) + 0.01, "xanchor": "left", "thickness": 10, "len": float(yd[1] - yd[0])}
        changes[key] = {**wide, "colorbar": {**bar, "y": float(yd[0] + yd[1]) / 2, "yanchor": "middle"}}
    return {**changes, "annotations": narrow["annotations"], "height": height}


def stack_on_phone(fig: go.Figure, n: int, axes: Mapping[str, object], panel_px: int) -> None:
    """Give ``fig``'s ``n`` panels side by side (laid out with ``axes``) one above another on a phone,
    ``panel_px`` tall each: a panel's title there is a phrase (E + P, a block's stage), too long for half
    a phone's width."""
    fig.layout.meta = {"phone": phone_frame(n, fig, axes, cols=1, panel_px=panel_px, gap_px=PHONE_GAP_PX)}
