"""A chart's data as a table, on demand: a switch beside the CSV button shows the same CSV file as
a table (:func:`grid`), one table per block of the file (a heatmap's panels), under its ``#`` heading.

Nothing is made or sent while the switch is off: the CSV is made (the download's own function) only on a
run where it is on. At most :data:`MAX_ROWS` rows and about :data:`MAX_CELLS` cells are shown, and the
caption says how many rows the CSV has (the download has them all).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field

import pandas as pd
import streamlit as st

from viz.figures.export import BOM
from viz.i18n import t
from viz.ui import presenter

#: In the presenter view a table of at most this many cells is drawn by ``st.table``, whose text grows with
#: the view's font (on a 1920-wide projector 21 px against ``st.dataframe``'s 14: the grid draws on a canvas
#: at its own size); a larger one stays a scrolling ``st.dataframe`` (an HTML table of thousands of cells
#: is slow to send and to lay out).
PRESENTER_CELLS = 1200

#: The most rows shown, over every block of a file.
MAX_ROWS = 2000
#: The most cells shown (a 1024-column table shows fewer rows: a table of 2000 x 1025 numbers would be
#: about 16 MB sent to the browser).
MAX_CELLS = 250_000


@dataclass
class Block:
    """One table of a CSV file: its ``#`` heading lines, its header row and its rows (as text)."""

    headings: list[str] = field(default_factory=list)
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


def _records(text: str) -> list[str]:
    """The file's records: its physical lines, joined where a quoted cell holds a line break."""
    records, pending = [], ""
    for line in text.splitlines(keepends=True):
        pending += line
        if pending.count('"') % 2 == 0:
            records.append(pending.rstrip("\r\n"))
            pending = ""
    if pending:
        records.append(pending.rstrip("\r\n"))
    return records


def blocks(text: str) -> list[Block]:
    """A CSV file of viz.figures.export as its tables. A line starting with ``#`` is a heading (a cell
    starting with ``#`` is always quoted there); a blank line ends a table."""
    found: list[Block] = []
    current = Block()
    for record in _records(text.removeprefix(BOM)):
        if not record.strip():
            if current.header:
                found.append(current)
            current = Block()
        elif record.startswith("#"):
            if current.header:  # a heading after a table starts the next one
                found.append(current)
                current = Block()
            current.headings.append(record[1:].strip())
        else:
            row = next(csv.reader([record]))
            if not current.header:
                current.header = row
            else:
                current.rows.append(row)
    if current.header:
        found.append(current)
    return found


def _unique(names: list[str]) -> list[str]:
    """Column names made unique (a sentence's token twice: "the", "the (2)"); a table needs them so."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def frame(block: Block, limit: int) -> pd.DataFrame:
    """The first ``limit`` rows of ``block`` as a table: a column of numbers (empty cells as gaps) as
    floats, any other as text."""
    width = len(block.header)
    rows = [(row + [""] * width)[:width] for row in block.rows[:limit]]
    table = pd.DataFrame(rows, columns=_unique(block.header), dtype=object)
    for name in table.columns:
        column = table[name]
        try:
            table[name] = pd.to_numeric(column.where(column != "", None), errors="raise").astype("float64")
        except (ValueError, TypeError):
            table[name] = column.astype(str)
    return table


#: The end of a data-table switch's widget key (the chart's key before it). The switch shows the data a
#: chart already offers as its CSV, for this visitor: it is not part of the view a link shares.
SWITCH_SUFFIX = "_table"


def literal(value: object) -> object:
    """A text cell with every Markdown character escaped (what ``st.table`` shows is the text itself: no
    link, image or emphasis); any other value as it is."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~$:])", r"\\\1", value) if isinstance(value, str) else value


def grid(data: pd.DataFrame, *, height: int | None = None) -> None:
    """``data`` as a table the width of its column, without the index: ``st.dataframe`` (sortable,
    scrolling within ``height`` px), or in the presenter view, when small, ``st.table`` (its font the
    view's)."""
    rows, columns = data.shape
    if presenter.on() and rows * columns <= PRESENTER_CELLS:
        # st.table reads text cells as Markdown: a visitor's token (the Real models' table) stays text
        shown = data.apply(lambda col: col.map(literal) if col.dtype == object else col)
        # a short table whole (a scroll bar is no use to a projected room), a longer one scrolls
        st.table(shown, hide_index=True, height="content" if height is None or rows <= 20 else height)
    else:
        st.dataframe(data, hide_index=True, width="stretch", height="auto" if height is None else height)


def switch(*, key: str, lang: str) -> bool:
    """The switch "Data table" of the chart ``key``: whether its table is open."""
    return bool(st.toggle(t("ui.chart.table", lang), key=f"{key}{SWITCH_SUFFIX}"))


def show(data: bytes, *, lang: str) -> None:
    """The CSV file ``data`` (UTF-8, as the download writes it) as tables, bounded."""
    found = blocks(data.decode("utf-8"))
    total = sum(len(b.rows) for b in found)
    left, shown = MAX_ROWS, 0
    for block in found:
        limit = min(left, max(1, MAX_CELLS // max(len(block.header), 1)))
        if limit <= 0:
            break
        for heading in block.headings:
            st.text(heading)  # plain text: a heading may hold a user's sentence
        table = frame(block, limit)
        grid(table, height=min(38 + 35 * len(table), 400))
        shown += len(table)
        left -= len(table)
    if shown < total:
        st.caption(t("ui.chart.table.rows", lang, shown=shown, rows=total))
    else:
        st.caption(t("ui.chart.table.all", lang, rows=total))
