"""A chart's text alternative: one line saying what a sighted student reads off it, computed from the
figure's data (a screen reader reads it as the chart's label; viz.ui.chart sends it beside the figure).

- a heatmap: its largest and smallest cell, with their row and column labels;
- a line or marker trace: its range, and where it is highest;
- a bar trace: its largest and smallest bar;
- attention as lines between words: how many lines, and the strongest.

A figure of many traces names the first :data:`MAX_PARTS` and counts the rest. Only the drawn data is read
(a strided heatmap's shown cells, as the chart shows them); arrays go through NumPy (``nanargmax``), so a
4096 x 1024 heatmap costs milliseconds, and the figure is only read, never changed (figures are memoized
and shared).

The words come from the string tables through ``t`` (``viz.i18n.t``, passed in by the caller: the figures
package imports no string table), keys ``ui.chart.summary.*``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import plotly.graph_objects as go

from viz.figures import flow
from viz.figures.export import plain

#: Traces named in a summary before the rest are counted ("and 5 more").
MAX_PARTS = 4

Words = Callable[..., str]


@dataclass(frozen=True)
class Cell:
    """One heatmap cell: its value and its row and column labels."""

    value: float
    row: str
    col: str


@dataclass(frozen=True)
class Span:
    """A series' smallest and largest value, and the x (or category) where each is."""

    lo: float
    lo_at: str
    hi: float
    hi_at: str


def number(value: float) -> str:
    """A value as a student reads it off a tick or a hover: whole numbers whole, others to 3 digits."""
    if not np.isfinite(value):
        return str(value)
    if float(value).is_integer() and abs(value) < 1e6:
        return str(int(value))
    return f"{value:.3g}"


def _label(value: object) -> str:
    if isinstance(value, (float, np.floating)):
        return number(float(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return plain(value)


def _floats(values: Any) -> np.ndarray | None:
    """``values`` as a float array, or None when it holds no number (text, nothing)."""
    if values is None:
        return None
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        try:  # a list with gaps (None)
            arr = np.array([np.nan if v is None else v for v in np.ravel(values)], dtype=np.float64)
        except (TypeError, ValueError):
            return None
    if arr.size == 0 or not np.isfinite(arr).any():
        return None
    return arr


def _at(labels: Any, i: int) -> str:
    """The ``i``-th label of ``labels`` (its position when there are none)."""
    if labels is None or i >= len(labels):
        return str(i)
    return _label(labels[i])


def extremes(z: Any, x: Any = None, y: Any = None) -> tuple[Cell, Cell] | None:
    """A heatmap's largest and smallest cell (NaN cells, the gaps, left out), labelled by ``y`` (rows) and
    ``x`` (columns); None when no cell holds a number."""
    arr = _floats(z)
    if arr is None or arr.ndim != 2:
        return None
    finite = np.where(np.isfinite(arr), arr, np.nan)
    hi = np.unravel_index(int(np.nanargmax(finite)), arr.shape)
    lo = np.unravel_index(int(np.nanargmin(finite)), arr.shape)

    def cell(at: tuple[Any, ...]) -> Cell:
        r, c = int(at[0]), int(at[1])
        return Cell(float(arr[r, c]), _at(y, r), _at(x, c))

    return cell(hi), cell(lo)


def span(values: Any, at: Any = None) -> Span | None:
    """A series' smallest and largest value and where each is (``at``: its x values or categories)."""
    arr = _floats(values)
    if arr is None:
        return None
    arr = np.where(np.isfinite(arr.ravel()), arr.ravel(), np.nan)
    hi, lo = int(np.nanargmax(arr)), int(np.nanargmin(arr))
    return Span(float(arr[lo]), _at(at, lo), float(arr[hi]), _at(at, hi))


def _axis_title(layout: go.Layout, ref: str) -> str:
    axis = getattr(layout, ref[0] + "axis" + ref[1:], None)
    if axis is None or axis.title is None or axis.title.text is None:
        return ""
    return plain(axis.title.text)


def _axis_hidden(layout: go.Layout, ref: str) -> bool:
    axis = getattr(layout, ref[0] + "axis" + ref[1:], None)
    return axis is not None and axis.visible is False


def _panel(annotations: Sequence[Any], layout: go.Layout, trace: Any) -> str:
    """The subplot title above ``trace``'s axes (an annotation centred over their domains), or ""."""
    if not annotations:
        return ""
    xa = getattr(layout, "xaxis" + str(trace.xaxis or "x")[1:], None)
    ya = getattr(layout, "yaxis" + str(trace.yaxis or "y")[1:], None)
    xd, yd = (xa.domain if xa is not None else None), (ya.domain if ya is not None else None)
    if not xd or not yd:
        return ""
    centre, top = (xd[0] + xd[1]) / 2, yd[1]
    for note in annotations:
        on_paper = note.xref == "paper" and note.yref == "paper" and None not in (note.x, note.y)
        if on_paper and abs(note.x - centre) < 1e-6 and abs(note.y - top) < 1e-6:
            return plain(note.text or "")
    return ""


def _named(name: str, text: str) -> str:
    return f"{name}: {text}" if name else text


def _heatmap_part(trace: Any, name: str, t: Words, lang: str) -> str | None:
    found = extremes(trace.z, trace.x, trace.y)
    if found is None:
        return None
    hi, lo = found
    text = t(
        "ui.chart.summary.heatmap",
        lang,
        hi=number(hi.value),
        hi_row=f"'{hi.row}'",
        hi_col=f"'{hi.col}'",
        lo=number(lo.value),
        lo_row=f"'{lo.row}'",
        lo_col=f"'{lo.col}'",
    )
    return _named(name, text)


def _bar_part(trace: Any, name: str, t: Words, lang: str) -> str | None:
    flat = trace.orientation == "h"
    values, at = (trace.x, trace.y) if flat else (trace.y, trace.x)
    found = span(values, at)
    if found is None:
        return None
    text = t(
        "ui.chart.summary.bar",
        lang,
        hi=number(found.hi),
        hi_at=f"'{found.hi_at}'",
        lo=number(found.lo),
        lo_at=f"'{found.lo_at}'",
    )
    return _named(name, text)


def _line_part(trace: Any, name: str, x_title: str, t: Words, lang: str) -> str | None:
    found = span(trace.y, trace.x)
    if found is None:
        return None
    where = f"{x_title} {found.hi_at}" if x_title else found.hi_at
    if number(found.lo) == number(found.hi):  # a level line: no highest point to name
        text = t("ui.chart.summary.flat", lang, value=number(found.hi))
    else:
        text = t("ui.chart.summary.line", lang, lo=number(found.lo), hi=number(found.hi), at=where)
    return _named(name, text)


def parts(fig: go.Figure, lang: str, t: Words) -> list[str]:
    """One phrase per trace that carries data, in drawing order (a heatmap drawn under another on the same
    axes, the grey of masked cells, and marker lines on a hidden axis are left out)."""
    layout = fig.layout
    annotations = layout.annotations or ()
    traces = fig.data
    on_top = {
        (str(tr.xaxis or "x"), str(tr.yaxis or "y")): i for i, tr in enumerate(traces) if tr.type == "heatmap"
    }
    found = []
    for i, trace in enumerate(traces):
        axes = (str(getattr(trace, "xaxis", None) or "x"), str(getattr(trace, "yaxis", None) or "y"))
        name = plain(getattr(trace, "name", None) or "")
        if trace.type == "heatmap":
            if on_top[axes] != i:
                continue
            part = _heatmap_part(trace, name or _panel(annotations, layout, trace), t, lang)
        elif trace.type == "bar":
            part = _bar_part(trace, name, t, lang)
        elif trace.type == "scatter":
            if _axis_hidden(layout, axes[1]):
                continue
            part = _line_part(trace, name, _axis_title(layout, axes[0]), t, lang)
        else:
            part = None
        if part:
            found.append(part)
    return found


def _lines_part(fig: go.Figure, t: Words, lang: str) -> str | None:
    """Attention as lines (viz.figures.flow): how many lines, and the strongest one, word to word."""
    meta = fig.layout.meta
    if not isinstance(meta, dict) or "lines" not in meta:
        return None
    drawn = flow.drawn_weights(fig)
    if not drawn:
        return None
    (panel, query, key), weight = max(drawn.items(), key=lambda item: item[1])
    words = next(tr.text for tr in fig.data if tr.meta == "query")
    names = [tr.name for tr in fig.data if tr.meta == "head"]  # the heads' legend entries
    # the model view's panel is layer * heads + head, and its layers are named in the meta
    layer, head = divmod(panel, int(meta["lines"]["heads"]))
    layers = meta["lines"].get("layer_names")
    name = f"{layers[layer]} {names[head]}" if layers else names[head]
    return t(
        "ui.chart.summary.lines",
        lang,
        n=len(drawn),
        query=plain(words[query]),
        key=plain(words[key]),
        head=plain(name),
        weight=number(weight),
    )


def summary(fig: go.Figure, lang: str, t: Words) -> str:
    """The chart's one-line text alternative: its title, then what each trace shows (see the module)."""
    title = plain(fig.layout.title.text or "") if fig.layout.title else ""
    lines = _lines_part(fig, t, lang)
    found = [lines] if lines else parts(fig, lang, t)
    shown = found[:MAX_PARTS]
    if len(found) > MAX_PARTS:
        shown.append(t("ui.chart.summary.more", lang, n=len(found) - MAX_PARTS))
    body = "; ".join(shown) if shown else t("ui.chart.summary.none", lang)
    head = title or t("ui.chart.summary.chart", lang)
    return f"{head}. {body}"
