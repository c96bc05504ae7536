"""Attention as lines between words (the pictures BertViz's head and model views made familiar): the
sentence twice, the words that read on the left, the words they read on the right, and a line for every
query-key pair whose opacity is the head's weight, one colour per head. :func:`attention_lines` draws the
heads of one layer over each other (the head view); :func:`model_lines` draws every layer and head as a
grid of small panels, a row per layer and a column per head (the model view).

Each line's opacity is its weight rounded to a tenth (:func:`level`): a head's lines of one level are one
path shape, a segment per line (a shape or a trace per line drew ten to thirty times slower: the
numbers are in docs/performance.md), and ``layout.meta.lines.shapes`` lists what each shape draws as
``[panel, query, key, weight]`` (0-based, the weight exact; the head view's panel is the head, all drawn
at the origin; the model view's panels stand where ``layout.meta.lines.panels`` says). The browser
(``viz/ui/chart/follow.js``) redraws the paths from it to show one word's lines when it is hovered or
tapped, and a test reads every drawn weight back from it. A line fainter than the chart's threshold is
not drawn: at most :data:`MAX_LINES` (:data:`MODEL_MAX_LINES` in the model view), the threshold raised
when more would pass it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go
from plotly.colors import qualitative

from viz.cache.memo import memoized
from viz.figures.base import escape_label, new_figure

#: Lines fainter than this weight are not drawn (2 % of a query's attention: at that opacity a line is
#: all but invisible, and MiniLM's twelve heads on twelve tokens drew 898 lines at 1 %).
MIN_WEIGHT = 0.02
#: The most lines one chart draws: SmolLM2's nine heads on 32 tokens could ask for 9,216.
MAX_LINES = 1000
#: One colour per head: 24 distinct ones (the live model has at most 16 heads, MiniLM 12, SmolLM2 9).
HEAD_COLORS: tuple[str, ...] = tuple(c.lower() for c in qualitative.Dark24)
#: Where the two columns of words stand on the x axis.
LEFT_X, RIGHT_X = 0.0, 1.0
#: A word's row, in px.
ROW_PX = 26
#: The faintest opacity a drawn line gets (a weight of 2-5 % would round to 0).
FAINTEST = 0.05


def level(weight: float) -> float:
    """The opacity a line of ``weight`` is drawn with: the weight rounded to a tenth, at least
    :data:`FAINTEST`."""
    return max(FAINTEST, math.floor(float(weight) * 10 + 0.5) / 10)  # half up, not to even


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


def path(lines: Sequence[Sequence[float]], panels: Sequence[tuple[float, float]] | None = None) -> str:
    """An SVG path of one segment per line ``[panel, query, key, weight]``: from the query's row on the left
    to the key's row on the right, in the axes' units, shifted by the panel's ``(x, y)`` when ``panels``
    places them (the model view)."""
    if panels is None:
        return "".join(f"M{LEFT_X:g},{int(q)}L{RIGHT_X:g},{int(k)}" for _, q, k, _ in lines)
    out = []
    for p, q, k, _ in lines:
        x, y = panels[int(p)]
        out.append(f"M{x + LEFT_X:g},{y + int(q):g}L{x + RIGHT_X:g},{y + int(k):g}")
    return "".join(out)


def _line_shapes(
    w: np.ndarray,
    floor: float,
    focus: int | None,
    colors: Sequence[str],
    panels: Sequence[tuple[float, float]] | None = None,
    width: float = 2,
) -> tuple[list[dict[str, object]], list[list[list[float]]]]:
    """One path shape per head and opacity level, and the lines each draws (``[panel, query, key,
    weight]``, the weight as the chart carries it). ``w`` is (panels, T, T); the panel's head (its colour)
    is ``panel % len(colors)``, so a (layers * heads) stack of the model view keeps a head's colour."""
    groups: dict[tuple[int, float], list[list[float]]] = {}
    for p, q, k in zip(*np.nonzero(w >= floor), strict=True):
        if focus is None or q == focus:
            weight = round(float(w[p, q, k]), 6)  # as the chart's JSON carries it, and its level from that
            head = int(p) % len(colors)
            groups.setdefault((head, level(weight)), []).append([int(p), int(q), int(k), weight])
    shapes: list[dict[str, object]] = []
    found = []
    for (h, opacity), lines in sorted(groups.items()):
        shapes.append(
            {
                "type": "path",
                "path": path(lines, panels),
                "xref": "x",
                "yref": "y",
                "line": {"color": colors[h], "width": width},
                "opacity": opacity,
                "legendgroup": f"h{h}",
                "layer": "below",
            }
        )
        found.append(lines)
    return shapes, found


def _head_legend(head_names: Sequence[str], colors: Sequence[str]) -> list[go.Scatter]:
    """One legend entry per head, in its colour: clicking one hides that head's lines (its legend group)."""
    return [
        go.Scatter(
            x=[None],
            y=[None],
            mode="lines",
            line={"color": colors[h], "width": 3},
            name=escape_label(name),
            legendgroup=f"h{h}",
            hoverinfo="skip",
            meta="head",
        )
        for h, name in enumerate(head_names)
    ]


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
    its weight (to a tenth). ``weights`` is (heads, T, T), a row per query summing to 1; ``labels`` the T
    words (a visitor's text: escaped here); ``head_names`` one legend entry per head (clicking one hides
    its lines). With ``focus`` (0-based) only that word's lines are drawn."""
    w = np.asarray(weights, dtype=np.float64)
    heads, n, _ = w.shape
    floor = threshold(w, focus=focus)
    colors = [HEAD_COLORS[h % len(HEAD_COLORS)] for h in range(heads)]
    rows = list(range(n))
    shapes, lines = _line_shapes(w, floor, focus, colors)
    # the two columns of words (the lines are shapes under them), then one legend entry per head
    data: list[go.Scatter] = [
        go.Scatter(
            x=[side] * n,
            y=rows,
            mode="markers+text",
            text=[escape_label(label) for label in labels],
            textposition="middle left" if side == LEFT_X else "middle right",
            marker={"size": 9, "color": "#555555"},
            hovertext=_hover(
                w, labels, head_names, 2 if side == LEFT_X else 1, "→" if side == LEFT_X else "←"
            ),
            hoverinfo="text",
            meta="query" if side == LEFT_X else "key",
            name=escape_label(query_title if side == LEFT_X else key_title),
            showlegend=False,
            cliponaxis=False,
        )
        for side in (LEFT_X, RIGHT_X)
    ]
    data += _head_legend(head_names, colors)
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
        # what each shape draws, shape by shape: follow.js redraws a shape's path from it, a test reads it
        "meta": {"lines": {"threshold": floor, "heads": heads, "tokens": n, "focus": focus, "shapes": lines}},
    }
    return new_figure(data=data, layout=layout)


#: The most lines the model view draws: SmolLM2's 30 layers of nine heads on 32 tokens could ask for 276,480.
MODEL_MAX_LINES = 3000
#: Room between the model view's panels, in a panel's own units (its width is 1, a word's row is 1).
GAP_X, GAP_Y = 0.5, 2.5  # halves: every panel's place is exact in binary, so JS and Python write it alike


def model_row_px(tokens: int) -> float:
    """The model view's height of one word's row, in px: a panel about 110 px tall, 3 to 9 px a row."""
    return min(9.0, max(3.0, 110 / max(tokens, 1)))


@memoized
def model_lines(
    weights: np.ndarray,
    labels: Sequence[str],
    *,
    layer_names: Sequence[str],
    head_names: Sequence[str],
    title: str,
    focus: int | None = None,
) -> go.Figure:
    """Every layer's heads as small panels of lines (BertViz's model view): a row per layer, a column per
    head, each panel the sentence's words twice with a line per query-key pair, its opacity the weight (to
    a tenth), its colour the head's. ``weights`` is (layers, heads, T, T). The words are dots on the left of
    each row's first panel and on the right of its last (hovering or tapping one shows only its lines in
    every panel); ``labels`` (escaped here) name them in the hover. With ``focus`` only that word's lines
    are drawn. ``layout.meta.lines`` is the head view's, with ``panels``: each panel's ``(x, y)``."""
    w = np.asarray(weights, dtype=np.float64)
    layers, heads, n, _ = w.shape
    stack = w.reshape(layers * heads, n, n)
    floor = threshold(stack, focus=focus, most=MODEL_MAX_LINES)
    colors = [HEAD_COLORS[h % len(HEAD_COLORS)] for h in range(heads)]
    step_x, step_y = RIGHT_X - LEFT_X + GAP_X, (n - 1) + GAP_Y
    panels = [(h * step_x, layer * step_y) for layer in range(layers) for h in range(heads)]
    shapes, lines = _line_shapes(stack, floor, focus, colors, panels, width=1)
    last_x = (heads - 1) * step_x + RIGHT_X
    words = [escape_label(label) for label in labels]

    def dots(x: float, side: str) -> go.Scatter:
        return go.Scatter(
            x=[x] * (n * layers),
            y=[layer * step_y + i for layer in range(layers) for i in range(n)],
            customdata=list(range(n)) * layers,
            text=words * layers,  # not shown (markers only): a screen reader's summary names words by it
            mode="markers",
            marker={"size": 5, "color": "#555555"},
            hovertext=[
                f"<b>{word}</b><br>{escape_label(layer_name)}" for layer_name in layer_names for word in words
            ],
            hoverinfo="text",
            meta=side,
            showlegend=False,
            cliponaxis=False,
        )

    data: list[go.Scatter] = [dots(LEFT_X, "query"), dots(last_x, "key")]
    data += _head_legend(head_names, colors)
    axis = {"visible": False, "fixedrange": True}
    top = layers * step_y - GAP_Y + 0.5
    names_x = [
        {
            "text": escape_label(name),
            "x": h * step_x + (RIGHT_X - LEFT_X) / 2,
            "y": 1,
            "xref": "x",
            "yref": "paper",
            "yanchor": "bottom",
            "showarrow": False,
        }
        for h, name in enumerate(head_names)
    ]
    names_y = [
        {
            "text": escape_label(name),
            "x": LEFT_X - 0.12,
            "y": layer * step_y + (n - 1) / 2,
            "xref": "x",
            "yref": "y",
            "xanchor": "right",
            "showarrow": False,
        }
        for layer, name in enumerate(layer_names)
    ]
    layout = {
        "title": {"text": escape_label(title)},
        "shapes": shapes,
        "xaxis": {**axis, "range": [LEFT_X - 0.9, last_x + 0.15]},
        "yaxis": {**axis, "range": [top, -0.5]},
        "height": 160 + round(model_row_px(n) * top),
        "margin": {"l": 10, "r": 10, "t": 100, "b": 10},
        "legend": {"orientation": "h", "x": 0, "y": 0, "yanchor": "top", "groupclick": "togglegroup"},
        "hovermode": "closest",
        "annotations": names_x + names_y,
        "meta": {
            "lines": {
                "threshold": floor,
                "heads": heads,
                "layers": layers,
                "tokens": n,
                "focus": focus,
                "shapes": lines,
                "panels": [[round(x, 6), round(y, 6)] for x, y in panels],
                "layer_names": [escape_label(name) for name in layer_names],
            }
        },
    }
    return new_figure(data=data, layout=layout)


def drawn_weights(fig: go.Figure) -> dict[tuple[int, int, int], float]:
    """(panel, query, key) -> weight of every line ``fig`` draws (read from ``layout.meta.lines``); a panel
    is a head in the head view, ``layer * heads + head`` in the model view."""
    out = {}
    for lines in fig.layout.meta["lines"]["shapes"]:
        for h, q, k, weight in lines:
            out[(int(h), int(q), int(k))] = float(weight)
    return out


def line_count(fig: go.Figure) -> int:
    """How many lines ``fig`` draws."""
    return sum(len(lines) for lines in fig.layout.meta["lines"]["shapes"])
