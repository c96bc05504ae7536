"""A chart's data as a table, on demand (viz.ui.chart.table): the switch beside the CSV button shows the
same numbers as the CSV file the button downloads, bounded, and nothing while it is off."""

from __future__ import annotations

import csv
import io
import json
import re

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, ok, open_page_with_tabs
from viz.i18n import t
from viz.ui import chart
from viz.ui.chart import table

pytestmark = pytest.mark.usefixtures("fresh_caches")


def _script() -> None:
    import numpy as np

    from viz import figures
    from viz.ui import chart

    z = np.arange(12, dtype=np.float32).reshape(3, 4) / 7 - 0.5
    heat = figures.heatmap(z, y_labels=["it", "the", "it"], x_labels=["a", "b", "c", "d"], title="Weights")
    chart.chart(heat, key="heat", lang="en")
    x = np.arange(2500)
    long = figures.lines(
        x, {"sin": np.sin(x / 50.0), "cos": np.cos(x / 50.0)}, title="Long", x_title="position"
    )
    chart.chart(long, key="long", lang="en")


def csv_tables(data: bytes) -> list[list[list[str]]]:
    """The CSV file's tables (rows of cells), its ``#`` lines and blank lines left out, read by Python's
    csv module (independently of viz.ui.chart.table's reader)."""
    tables: list[list[list[str]]] = [[]]
    for row in csv.reader(io.StringIO(data.decode("utf-8-sig"))):
        if not row:
            tables.append([])
        elif not row[0].startswith("#"):
            tables[-1].append(row)
    return [rows for rows in tables if rows]


def downloaded(at: AppTest, key: str) -> bytes:
    """What the CSV button of chart ``key`` downloads (the chart's figure, as the button makes it)."""
    found = [c for c in charts(at) if c.proto.id.endswith(key)]
    assert found, key
    return chart.csv_bytes(json.dumps(json.loads(found[0].proto.spec)).encode("utf-8"), "en")


def as_numbers(frame: pd.DataFrame) -> np.ndarray:
    return frame.to_numpy(dtype=np.float64)


def test_the_table_is_off_until_asked_and_then_shows_the_csvs_numbers() -> None:
    at = ok(AppTest.from_function(_script, default_timeout=60).run())
    assert len(at.dataframe) == 0  # nothing made or sent while the switches are off
    assert [s.label for s in at.toggle] == [t("ui.chart.table", "en")] * 2
    at.toggle(key="heat_table").set_value(True)
    ok(at.run())
    assert len(at.dataframe) == 1
    shown = at.dataframe[0].value
    (rows,) = csv_tables(downloaded(at, "heat"))
    header, body = rows[0], rows[1:]
    assert list(shown.columns) == header  # the corner cell, then the column labels
    assert list(shown.iloc[:, 0]) == [r[0] for r in body]  # the row labels, a repeated one as it is
    assert np.array_equal(as_numbers(shown.iloc[:, 1:]), np.array([r[1:] for r in body], dtype=np.float64))
    assert at.caption[-1].value == t("ui.chart.table.all", "en", rows=3)


def test_a_long_table_shows_its_first_rows_and_says_how_many_there_are() -> None:
    at = AppTest.from_function(_script, default_timeout=60)
    at.run()
    at.toggle(key="long_table").set_value(True)
    ok(at.run())
    shown = at.dataframe[0].value
    (rows,) = csv_tables(downloaded(at, "long"))
    assert len(rows) - 1 == 2500 and len(shown) == table.MAX_ROWS
    assert list(shown.columns) == rows[0]
    want = np.array(rows[1 : 1 + table.MAX_ROWS], dtype=np.float64)
    assert np.array_equal(as_numbers(shown), want)
    assert at.caption[-1].value == t("ui.chart.table.rows", "en", shown=table.MAX_ROWS, rows=2500)


def test_the_reader_splits_blocks_and_keeps_quoted_cells_whole() -> None:
    text = '# Title\r\nq \\ k,"a,b","#x"\r\n"line\nbreak",1,\r\n\r\n# Panel 2\r\nx,v\r\n0,2.5\r\n'
    first, second = table.blocks(text)
    assert first.headings == ["Title"] and first.header == ["q \\ k", "a,b", "#x"]
    assert first.rows == [["line\nbreak", "1", ""]]
    assert second.headings == ["Panel 2"] and second.rows == [["0", "2.5"]]
    frame = table.frame(first, 10)
    assert frame["a,b"].tolist() == [1.0] and np.isnan(frame["#x"].iloc[0])


def test_a_real_pages_chart_opens_its_table() -> None:
    at = open_page_with_tabs("pages/embedding.py")
    key = next(c.proto.id for c in charts(at)).rsplit("-", 1)[-1]
    toggles = [w for w in at.toggle if w.key and w.key.endswith("_table")]
    assert toggles, [w.key for w in at.toggle]
    toggles[0].set_value(True)
    ok(at.run())
    assert len(at.dataframe) >= 1 and len(at.dataframe[0].value) > 0, key


def test_a_presenter_table_shows_a_visitors_text_as_text() -> None:
    # st.table reads text cells as Markdown: an image, a link or emphasis in a visitor's token would render
    hostile = "![x](http://example.invalid/x.png) [a](javascript:alert(1)) **b** #h `c` <i>"
    escaped = table.literal(hostile)
    assert isinstance(escaped, str)
    unescaped = re.sub(r"\\(.)", "", escaped)  # what is left once every escaped character is taken out
    assert not re.search(r"[\\`*_{}\[\]()#+\-.!|<>~$:]", unescaped)
    assert re.sub(r"\\(.)", r"\1", escaped) == hostile  # and Markdown shows the text itself
    assert table.literal(3) == 3
