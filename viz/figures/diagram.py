"""The whole model on one screen: the path a token takes as boxes joined by arrows, each box holding its
step's name, the shape of what it computes and one of its numbers (viz/views/model_map.py computes them).

The boxes run in rows, left to right, then right to left on the next row, so the path snakes down. Each box
is a rectangle (a layout shape) with its text, and one square marker as large as the box, invisible, that
takes the hover (the box's arithmetic: zooming into it) and the click. ``layout.meta.boxes`` lists the
boxes' ids in order: the browser (``viz/ui/chart/follow.js``) opens the page of the box clicked by
clicking the page's own link for it (the links under the chart, ``.st-key-map_link_<id>``), so the visit
stays in the same session.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go

from viz.cache.memo import memoized
from viz.figures.base import escape_label, new_figure

#: Box fill: the steps of the page the diagram is drawn on, and the others.
HERE_FILL, OTHER_FILL = "#fde2e4", "#f3f4f7"
HERE_LINE, OTHER_LINE = "#c0392b", "#8a8fa3"
#: A box's size in axis units (one column or row is 1).
BOX_W, BOX_H = 0.86, 0.7
ROW_PX = 118


@dataclass(frozen=True)
class Box:
    """One step of the path: ``title`` (plain text), ``lines`` under it (plain text, e.g. its shape and a
    number), ``hover`` (its arithmetic, plain text, lines joined by newlines), ``here`` whether the page
    drawing the diagram shows this step."""

    id: str
    title: str
    lines: tuple[str, ...]
    hover: str
    here: bool = False


def position(i: int, cols: int) -> tuple[float, float]:
    """Box ``i``'s centre: row ``i // cols`` (downward), left to right on even rows, back on odd ones."""
    row, col = divmod(i, cols)
    return (float(cols - 1 - col if row % 2 else col), -float(row))


#: Columns on a phone (a box of four lines needs ~160 px).
PHONE_COLS = 2


def _drawn(
    boxes: Sequence[Box], cols: int
) -> tuple[list[go.Scatter], list[dict[str, object]], list[dict[str, object]], int]:
    """The diagram's traces (text, and the markers that take hover and click), box shapes and arrows in
    ``cols`` columns, and its number of rows."""
    centres = [position(i, cols) for i in range(len(boxes))]
    rows = (len(boxes) + cols - 1) // cols
    shapes = [
        {
            "type": "rect",
            "x0": x - BOX_W / 2,
            "x1": x + BOX_W / 2,
            "y0": y - BOX_H / 2,
            "y1": y + BOX_H / 2,
            "fillcolor": HERE_FILL if box.here else OTHER_FILL,
            "line": {"color": HERE_LINE if box.here else OTHER_LINE, "width": 3 if box.here else 1},
            "layer": "below",
        }
        for box, (x, y) in zip(boxes, centres, strict=True)
    ]
    arrows = []
    for (x0, y0), (x1, y1) in itertools.pairwise(centres):
        down = y1 < y0
        arrows.append(
            {
                "x": x1 + (0 if down else (-BOX_W / 2 if x1 > x0 else BOX_W / 2)),
                "y": y1 + (BOX_H / 2 if down else 0),
                "ax": x0 + (0 if down else (BOX_W / 2 if x1 > x0 else -BOX_W / 2)),
                "ay": y0 - (BOX_H / 2 if down else 0),
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "text": "",
                "showarrow": True,
                "arrowhead": 2,
                "arrowsize": 1.2,
                "arrowwidth": 1.6,
                "arrowcolor": "#555",
            }
        )
    text = [
        "<br>".join([f"<b>{escape_label(box.title)}</b>", *(escape_label(line) for line in box.lines)])
        for box in boxes
    ]
    traces = [
        go.Scatter(
            x=[x for x, _ in centres],
            y=[y for _, y in centres],
            mode="text",
            text=text,
            textfont={"size": 13},
            hoverinfo="skip",
            showlegend=False,
        ),
        go.Scatter(
            x=[x for x, _ in centres],
            y=[y for _, y in centres],
            mode="markers",
            marker={"symbol": "square", "size": 80, "opacity": 0},
            customdata=[box.id for box in boxes],
            hovertext=[
                "<br>".join(escape_label(line) for line in f"{box.title}\n{box.hover}".splitlines())
                for box in boxes
            ],
            hovertemplate="%{hovertext}<extra></extra>",
            hoverlabel={
                "align": "left",
                "bgcolor": "white",
                "bordercolor": "#555",
                "font": {"color": "#222"},
            },
            showlegend=False,
            meta="boxes",
        ),
    ]
    return traces, shapes, arrows, rows


@memoized
def model_map(boxes: Sequence[Box], *, title: str = "", cols: int = 4) -> go.Figure:
    """The boxes in a snaking path of ``cols`` columns (:data:`PHONE_COLS` on a phone: ``layout.meta.phone``
    holds that drawing, which the browser draws instead), an arrow from each to the next."""
    fig = new_figure()
    traces, shapes, arrows, rows = _drawn(boxes, cols)
    fig.add_traces(traces)
    phone_traces, phone_shapes, phone_arrows, phone_rows = _drawn(boxes, PHONE_COLS)
    fig.update_layout(
        title=escape_label(title),
        shapes=shapes,
        annotations=arrows,
        height=_height(rows),
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        xaxis={"visible": False, "range": [-0.5, cols - 0.5], "fixedrange": True},
        yaxis={"visible": False, "range": [-rows + 0.5, 0.5], "fixedrange": True},
        hovermode="closest",
        dragmode=False,
        meta={
            "boxes": [box.id for box in boxes],
            "phone": {
                "data": [trace.to_plotly_json() for trace in phone_traces],
                "shapes": phone_shapes,
                "annotations": phone_arrows,
                "height": _height(phone_rows),
                "xaxis": {"range": [-0.5, PHONE_COLS - 0.5]},
                "yaxis": {"range": [-phone_rows + 0.5, 0.5]},
            },
        },
    )
    return fig


def _height(rows: int) -> int:
    return int(rows * ROW_PX + 90)
