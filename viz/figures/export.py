"""CSV text for the data behind each chart. No Streamlit; the page offers it through a download button.

Two sources: :func:`figure_csv` reads a chart's own Plotly JSON (what the browser draws), so every chart
has its data; :func:`matrix_csv` and :func:`columns_csv` write arrays a page passes in when they hold
more than the chart (a strided heatmap's whole table, every pair behind a thinned scatter). Headers are
whatever the caller passes, already in the page's language.

Cells are quoted as RFC 4180 says (user sentences may hold commas, quotes and newlines), and also when
they hold a ``#``; comment lines (``# title``) are never quoted, so ``comment="#"`` readers skip them
all. Text that a spreadsheet would run as a formula (a cell starting with = + - @, tab or carriage
return, OWASP's list for CSV injection) gets a leading apostrophe, unless it is a plain number such as
``-0.5``.
"""

from __future__ import annotations

import base64
import html
import io
import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

#: Excel reads a CSV file as the machine's legacy code page (so Korean comes out garbled) unless the file
#: starts with a UTF-8 byte-order mark; other spreadsheet programs and Python's csv/pandas accept it.
BOM = "\ufeff"

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def excel_bytes(text: str) -> bytes:
    """``text`` as UTF-8 with a byte-order mark, the encoding Excel opens Korean correctly from."""
    return (BOM + text).encode("utf-8")


def plain(label: object) -> str:
    """A Plotly label as plain text: line breaks as spaces, other tags (``<b>``, ``<sub>``) dropped, then
    entities decoded.

    Labels built from user text were escaped for Plotly (``&lt;b&gt;``), so their ``<`` survives as text.
    """
    text = _BREAK.sub(" ", str(label))
    return html.unescape(_TAG.sub("", text)).strip()


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def text_cell(value: object) -> str:
    """A text cell that a spreadsheet shows as text, never runs as a formula."""
    text = str(value)
    if text.startswith(_FORMULA_START) and not _is_number(text):
        return "'" + text
    return text


def _number(value: float, float32: bool) -> str:
    """A number as the shortest text that reads back to the same value; NaN (a gap) as an empty cell."""
    if math.isnan(value):
        return ""
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    if value.is_integer() and abs(value) < 2**53:
        return str(int(value))  # positions, indices and counts read as whole numbers
    return str(np.float32(value)) if float32 else repr(float(value))


def _numbers(values: np.ndarray) -> list[str]:
    f32 = values.dtype == np.float32
    return [_number(float(v), f32) for v in values.ravel()]


class _Writer:
    """RFC 4180 rows (``\r\n`` line ends, which Excel expects), with a cell quoted when it holds a comma,
    a quote, a line break or a ``#``: a reader that skips ``#`` comments (``pandas.read_csv(comment="#")``)
    would otherwise cut a row at a WordPiece piece such as ``##ing``."""

    _QUOTE = re.compile(r'[,"\r\n#]')

    def __init__(self, buf: io.StringIO) -> None:
        self._buf = buf

    def _cell(self, value: object) -> str:
        text = "" if value is None else str(value)
        return '"' + text.replace('"', '""') + '"' if self._QUOTE.search(text) else text

    def writerow(self, row: Iterable[object]) -> None:
        self._buf.write(",".join(self._cell(v) for v in row) + "\r\n")

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def _writer(buf: io.StringIO) -> _Writer:
    return _Writer(buf)


def comment(text: str) -> str:
    """A line ``# text`` (a title or a note above a table), never quoted, on one line: every file's
    comments read the same, so a reader that skips ``#`` lines skips them all."""
    return "# " + " ".join(str(text).split()) + "\r\n"


def corner(rows: str, cols: str) -> str:
    """A table's top-left cell: what its rows are, then what its columns are ("query \\ key")."""
    return f"{rows} \\ {cols}" if rows and cols else (rows or cols)


def _labels(values: Iterable[object]) -> list[str]:
    out = []
    for v in values:
        if isinstance(v, (float, np.floating)):
            out.append(_number(float(v), isinstance(v, np.float32)))
        elif isinstance(v, (int, np.integer)):
            out.append(str(int(v)))
        else:
            out.append(text_cell(v))
    return out


def matrix_csv(
    matrix: np.ndarray,
    *,
    corner: str,
    rows: Sequence[object] | np.ndarray | None = None,
    cols: Sequence[object] | np.ndarray | None = None,
    note: str | None = None,
) -> str:
    """A matrix as a table: a header ``corner, <cols>...`` then one line ``<row label>, values...`` per row.

    ``rows`` / ``cols`` label the rows and columns (numbers or text; 0, 1, ... when left out); ``note``
    (a line of its own above the table) says what the table is, e.g. the whole of a strided chart.
    """
    m = np.asarray(matrix)
    rows = range(m.shape[0]) if rows is None else rows
    cols = range(m.shape[1]) if cols is None else cols
    buf = io.StringIO()
    if note:
        buf.write(comment(note))
    out = _writer(buf)
    out.writerow([text_cell(corner), *_labels(cols)])
    f32 = m.dtype == np.float32
    for label, row in zip(_labels(rows), m, strict=True):
        out.writerow([label, *(_number(float(v), f32) for v in row)])
    return buf.getvalue()


def columns_csv(columns: Mapping[str, Sequence[Any] | np.ndarray | range], *, note: str | None = None) -> str:
    """Named columns of equal length (numbers or text) as CSV: one header line, then one line per index."""
    cells = []
    for values in columns.values():
        arr = np.asarray(values)
        cells.append(_numbers(arr) if arr.dtype.kind == "f" else _labels(arr.tolist()))
    buf = io.StringIO()
    if note:
        buf.write(comment(note))
    out = _writer(buf)
    out.writerow([text_cell(name) for name in columns])
    out.writerows(zip(*cells, strict=True))
    return buf.getvalue()


# ---- a chart's own data ---------------------------------------------------------------------------------
def plotly_array(value: Any) -> np.ndarray:
    """A Plotly JSON array as NumPy: base64 ``bdata`` (with its dtype and shape) or a plain list."""
    if isinstance(value, Mapping) and "bdata" in value:
        flat = np.frombuffer(base64.b64decode(value["bdata"]), dtype=value.get("dtype", "f8"))
        shape = value.get("shape")
        return flat.reshape(tuple(int(s) for s in str(shape).split(","))) if shape else flat
    arr = np.asarray(value, dtype=object)
    if arr.size and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in arr.ravel()):
        return arr.astype(np.float64)
    if arr.size and all(v is None or isinstance(v, (int, float)) for v in arr.ravel()):
        return np.array([np.nan if v is None else v for v in arr.ravel()], dtype=np.float64).reshape(
            arr.shape
        )
    return arr


def _cells(values: np.ndarray) -> list[str]:
    """One CSV cell per value: numbers written exactly, text guarded."""
    if values.dtype.kind in "fiub":
        return _numbers(values.astype(np.float32 if values.dtype == np.float32 else np.float64))
    return _labels(plain(v) for v in values.ravel())


def _axis_title(layout: Mapping[str, Any], ref: str) -> str:
    """The title of axis ``ref`` ("x", "x2", "y3"...), or "" when it has none."""
    axis = layout.get(ref[0] + "axis" + ref[1:], {})
    title = axis.get("title", {}) if isinstance(axis, Mapping) else {}
    text = title.get("text", "") if isinstance(title, Mapping) else title
    return plain(text or "")


def _any_axis_title(layout: Mapping[str, Any], ref: str) -> str:
    """Axis ``ref``'s title, else the first title of an axis of the same letter (a grid titles only its
    outer panels)."""
    own = _axis_title(layout, ref)
    if own:
        return own
    letter = ref[0]
    for key in sorted(layout):
        if re.fullmatch(letter + r"axis\d*", key):
            found = _axis_title(layout, letter + key[5:])
            if found:
                return found
    return ""


def _hidden(layout: Mapping[str, Any], ref: str) -> bool:
    axis = layout.get(ref[0] + "axis" + ref[1:], {})
    return isinstance(axis, Mapping) and axis.get("visible") is False


def _panel_title(layout: Mapping[str, Any], trace: Mapping[str, Any]) -> str:
    """The subplot title written above the trace's cell: the annotation centred over its axes."""
    xa = layout.get("xaxis" + str(trace.get("xaxis", "x"))[1:], {})
    ya = layout.get("yaxis" + str(trace.get("yaxis", "y"))[1:], {})
    xd, yd = xa.get("domain"), ya.get("domain")
    if not xd or not yd:
        return ""
    centre, top = (xd[0] + xd[1]) / 2, yd[1]
    for note in layout.get("annotations", ()):
        on_paper = note.get("xref") == "paper" and note.get("yref") == "paper"
        if on_paper and abs(note.get("x", -1) - centre) < 1e-6 and abs(note.get("y", -1) - top) < 1e-6:
            return plain(note.get("text", ""))
    return ""


def _heatmap_block(trace: Mapping[str, Any], layout: Mapping[str, Any], out: Any, buf: io.StringIO) -> None:
    z = plotly_array(trace.get("z", []))
    if z.ndim != 2:
        return
    xs = plotly_array(trace["x"]) if trace.get("x") is not None else np.arange(z.shape[1])
    ys = plotly_array(trace["y"]) if trace.get("y") is not None else np.arange(z.shape[0])
    x_ref, y_ref = str(trace.get("xaxis", "x")), str(trace.get("yaxis", "y"))
    x_title, y_title = _any_axis_title(layout, x_ref), _any_axis_title(layout, y_ref)
    bar = trace.get("colorbar") or layout.get(str(trace.get("coloraxis", "")), {}).get("colorbar") or {}
    value = plain((bar.get("title") or {}).get("text", "")) if isinstance(bar, Mapping) else ""
    heading = " · ".join(s for s in (_panel_title(layout, trace), value) if s)
    if heading:
        buf.write(comment(heading))
    out.writerow([text_cell(corner(y_title, x_title)), *_cells(xs)])
    for label, row in zip(_cells(ys), z, strict=False):
        out.writerow([label, *_cells(np.asarray(row))])


def _series(
    trace: Mapping[str, Any], layout: Mapping[str, Any], value_name: str
) -> list[tuple[str, list[str]]]:
    """A line/marker/bar trace's columns: its y (named as its legend names it), error bars, colours."""
    y = plotly_array(trace.get("y", []))
    name = plain(trace.get("name") or "") or _axis_title(layout, str(trace.get("yaxis", "y"))) or value_name
    cols = [(name, _cells(y))]
    err = trace.get("error_y")
    if isinstance(err, Mapping) and err.get("array") is not None and err.get("visible", True):
        cols.append((f"{name} ±", _cells(plotly_array(err["array"]))))
    marker = trace.get("marker")
    if isinstance(marker, Mapping) and isinstance(marker.get("color"), (Mapping, list)):
        colour = plotly_array(marker["color"])
        if colour.dtype.kind in "fiu" and colour.size == y.size:
            bar = marker.get("colorbar") or {}
            label = plain((bar.get("title") or {}).get("text", "")) or value_name
            cols.append((label, _cells(colour)))
    return cols


def figure_csv(figure: Mapping[str, Any], *, x_name: str = "x", value_name: str = "value") -> str:
    """The data of a Plotly figure (its JSON as a dict) as CSV, in the figure's own labels.

    A heatmap is a table (its y labels as rows, x labels as columns, the axis titles in the corner), one
    block per panel under a ``# panel title`` line. Lines, markers and bars that share their x values
    make one table: the x column (named by the x-axis title, else ``x_name``) and one column per trace
    (named as the legend names it, else by its y-axis title, else ``value_name``), plus ``name ±`` for
    error bars and a column for marker colours that encode a value. Traces with other x values follow
    in blocks of their own. A marker line drawn against a hidden axis (the current setting) becomes
    a ``# name: x = value`` line.
    """
    layout = figure.get("layout", {})
    buf = io.StringIO()
    out = _writer(buf)
    traces = list(figure.get("data", ()))
    heatmaps = [tr for tr in traces if tr.get("type") == "heatmap"]
    # The last heatmap drawn on a pair of axes is the one on top, the data; one below it is an underlay
    # (the grey of masked cells, whose values the top one leaves as gaps).
    on_top = {(str(tr.get("xaxis", "x")), str(tr.get("yaxis", "y"))): i for i, tr in enumerate(heatmaps)}
    first = True
    for i, trace in enumerate(heatmaps):
        if on_top[(str(trace.get("xaxis", "x")), str(trace.get("yaxis", "y")))] != i:
            continue
        if not first:
            buf.write("\r\n")
        _heatmap_block(trace, layout, out, buf)
        first = False
    groups: dict[tuple[str, ...], tuple[list[str], list[tuple[str, list[str]]], str]] = {}
    notes = []
    for trace in traces:
        if trace.get("type") not in ("scatter", "bar", None):
            continue
        y = plotly_array(trace.get("y", []))
        x = plotly_array(trace["x"]) if trace.get("x") is not None else np.arange(y.size)
        x_ref = str(trace.get("xaxis", "x"))
        x_title = _axis_title(layout, x_ref) or x_name
        xs = _cells(x)
        if _hidden(layout, str(trace.get("yaxis", "y"))):
            where = ", ".join(dict.fromkeys(xs))
            notes.append(f"{plain(trace.get('name') or '')}: {x_title} = {where}")
            continue
        key = (x_title, *xs)
        if key not in groups:
            groups[key] = (xs, [], x_title)
        groups[key][1].extend(_series(trace, layout, value_name))
    for xs, cols, x_title in groups.values():
        if not first:
            buf.write("\r\n")
        first = False
        out.writerow([text_cell(x_title), *(text_cell(name) for name, _ in cols)])
        out.writerows(itertools.zip_longest(xs, *(values for _, values in cols), fillvalue=""))
    for line in notes:
        buf.write(comment(line))
    return buf.getvalue()
