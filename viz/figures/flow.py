"""Attention as lines between words (the picture BertViz's head view made familiar): the sentence twice,
the words that read on the left, the words they read on the right, and a line for every query-key pair
whose opacity is the head's weight, one colour per head.

The lines are layout shapes, each with its own opacity (a trace has one opacity for all its segments).
Each shape's ``name`` is ``"head,query,key"`` (0-based) and ``layout.meta.lines`` says what the chart is,
so the browser (``viz/ui/chart/plot.js``) can show one word's lines when it is hovered or tapped, and a
test can read every drawn weight back. A line fainter than the chart's threshold is not drawn: at most
:data:`MAX_LINES` shapes (a browser lays out each one), the threshold raised when more would pass it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go
from plotly.colors import qualitative

from viz.cache.memo import memoized
from viz.figures.base import escape_label, new_figure

#: Lines fainter than this weight are not drawn (2 % of a query's attention: at that opacity a line is
#: all but invisible, and MiniLM's twelve heads on twelve tokens drew 898 lines at 1 %, 171 KB).
MIN_WEIGHT = 0.02
#: The most lines one chart draws: SmolLM2's nine heads on 32 tokens could ask for 9,216 (a line is about
#: 130 bytes of the chart's JSON).
MAX_LINES = 1000
#: One colour per head: 24 distinct ones (the live model has at most 16 heads, MiniLM 12, SmolLM2 9).
HEAD_COLORS: tuple[str, ...] = tuple(c.lower() for c in qualitative.Dark24)
#: Where the two columns of words stand on the x axis.
LEFT_X, RIGHT_X = 0.0, 1.0
#: A word's row, in px.
ROW_PX = 26


def threshold(weights: np.ndarray, *, focus: int | None = None, most: int = MAX_LINES) -> float:
    """The faintest weight drawn: :data:`MIN_WEIGHT`, or higher when more than ``most`` lines would pass
    it (the weight of the ``most``-th strongest line). ``weights`` is (heads, queries, keys); with ``focus``
    only that query's lines count."""
    shown = weights[:, focus, :] if focus is not None else weights
    passing = np.sort(shown[shown >= MIN_WEIGHT].ravel())[::-1]
    if passing.size <= most:
        return MIN_WEIGHT
    return float(passing[most - 1])


def _hover(
    weights: np.ndarray, labels: Sequence[str], names: Sequence[str], axis: int, arrow: str
) -> list[str]:
    """Each word's hover: for every head, the word it reads most (``axis`` 2) or that reads it most (1)."""
    out = []
    best = weights.argmax(axis=axis)  # (heads, words)
    for i, label in enumerate(labels):
        rows = [f"<b>{escape_label(label)}</b>"]
        for h, name in enumerate(names):
            j = int(best[h, i])
            w = float(weights[h, i, j] if axis == 2 else weights[h, j, i])
            rows.append(f"{escape_label(name)} {arrow} {escape_label(labels[j])}  {w:.3f}")
        out.append("<br>".join(rows))
    return out


@memoized
def attention_lines(
    weights: np.ndarray,
    labels: Sequence[str],
    head_names: Sequence[str],
    *,
    title: str,
    query_title: str,
    key_title: str,
    focus: int | None = None,
) -> go.Figure:
    """Lines from each word (left) to the words it reads (right), one colour per head, each line's opacity
    its weight. ``weights`` is (heads, T, T), a row per query summing to 1; ``labels`` the T words (a
    visitor's text: escaped here); ``head_names`` one legend entry per head (clicking one hides its lines).
    With ``focus`` (0-based) only that word's lines are drawn."""
    w = np.asarray(weights, dtype=np.float64)
    heads, n, _ = w.shape
    floor = threshold(w, focus=focus)
    colors = [HEAD_COLORS[h % len(HEAD_COLORS)] for h in range(heads)]
    shapes = []
    for h, q, k in zip(*np.nonzero(w >= floor), strict=True):
        if focus is not None and q != focus:
            continue
        shapes.append(
            {
                "type": "line",
                "x0": LEFT_X,
                "y0": int(q),
                "x1": RIGHT_X,
                "y1": int(k),
                "line": {"color": colors[h], "width": 2},
                "opacity": round(float(w[h, q, k]), 6),
                "name": f"{h},{q},{k}",
                "legendgroup": f"h{h}",
                "layer": "below",
                "xref": "x",
                "yref": "y",
            }
        )
    words = [escape_label(label) for label in labels]
    rows = list(range(n))
    data: list[go.Scatter] = [
        go.Scatter(
            x=[side] * n,
            y=rows,
            mode="markers+text",
            text=words,
            textposition="middle left" if side == LEFT_X else "middle right",
            marker={"size": 9, "color": "#555555", "symbol": "circle"},
            hovertext=_hover(
                w, labels, head_names, 2 if side == LEFT_X else 1, "→" if side == LEFT_X else "←"
            ),
            hoverinfo="text",
            meta="query" if side == LEFT_X else "key",
            name=query_title if side == LEFT_X else key_title,
            showlegend=False,
            cliponaxis=False,
        )
        for side in (LEFT_X, RIGHT_X)
    ]
    # legend entries only (no data): one per head, in the group its lines share
    data += [
        go.Scatter(
            x=[None],
            y=[None],
            mode="lines",
            line={"color": colors[h], "width": 3},
            name=escape_label(name),
            legendgroup=f"h{h}",
            hoverinfo="skip",
        )
        for h, name in enumerate(head_names)
    ]
    longest = max((len(label) for label in labels), default=1)
    pad = 0.2 + 0.04 * min(longest, 24)  # room for the words beside their column
    axis = {"visible": False, "fixedrange": True}
    layout = {
        "title": {"text": escape_label(title)},
        "shapes": shapes,
        "xaxis": {**axis, "range": [LEFT_X - pad, RIGHT_X + pad]},
        "yaxis": {**axis, "range": [n - 0.5, -0.5]},
        "height": 190 + ROW_PX * n,
        "margin": {"l": 10, "r": 10, "t": 90, "b": 10},
        # the heads' legend under the words (a phone's plot.js puts it above, one head a line)
        "legend": {"orientation": "h", "x": 0, "y": 0, "yanchor": "top", "groupclick": "togglegroup"},
        "hovermode": "closest",
        "annotations": [
            {
                "text": f"<b>{escape_label(name)}</b>",
                "x": x,
                "y": 1,
                "xref": "x",
                "yref": "paper",
                "yanchor": "bottom",
                "showarrow": False,
            }
            for name, x in ((query_title, LEFT_X), (key_title, RIGHT_X))
        ],
        "meta": {"lines": {"threshold": floor, "heads": heads, "tokens": n, "focus": focus}},
    }
    return new_figure(data=data, layout=layout, validate=False)


def drawn_weights(fig: go.Figure) -> dict[tuple[int, int, int], float]:
    """(head, query, key) -> weight of every line ``fig`` draws (read from its shapes' names)."""
    out = {}
    for shape in fig.layout.shapes or ():
        h, q, k = (int(p) for p in str(shape.name).split(","))
        out[(h, q, k)] = float(shape.opacity)
    return out
