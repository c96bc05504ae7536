"""Every chart has a CSV button beside it, and the CSV holds the chart's numbers.

AppTest cannot click a download button, so the tests take the callable each button registers for its
deferred download (``MediaFileManager.add_deferred``, what Streamlit runs when the browser asks for the
file) and call it. The chart's numbers come from its element as AppTest sees it (the figure's JSON,
arrays as base64 ``bdata``), decoded here independently of ``viz.figures.export``; the CSV is parsed back with
the ``csv`` module and compared to float32 precision.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import plotly.graph_objects as go
import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from bench.harness import live_figures
from bench.harness.apptest import decode, open_page, open_page_with_tabs
from tests.support.sections import NESTED, SECTIONS, open_tab
from viz import encodings, figures
from viz.encodings import EncodingSpec
from viz.figures import export
from viz.i18n import t
from viz.ui import widgets

PLOT = "attention_lab_plot"
BOM = b"\xef\xbb\xbf"
HANGUL = re.compile("[\uac00-\ud7a3]")

#: Charts whose CSV is a table the page passes in (more than the chart draws: every column of a strided
#: heatmap, every pair behind a thinned scatter, a statistic behind a curve), not the chart's own data.
EXPLICIT = re.compile(
    r"pe_heatmap|pe_win_chart|emb_panels|emb_segments|sim_rot|sim_offset_.*|sm_grad|sm_qkv|sm_step_output"
    r"|att_step_(scores|scaled|masked|weights)|enc_stages"
)


# ---- what AppTest shows ------------------------------------------------------------------------------
@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[Callable[[], Any], str | None]]:
    """file id -> (the callable a download button registered, its file name), filled as the app runs."""
    made: dict[str, tuple[Callable[[], Any], str | None]] = {}
    original = MediaFileManager.add_deferred

    def record(self: MediaFileManager, data_callable: Callable[[], Any], *args: Any, **kwargs: Any) -> str:
        file_id = original(self, data_callable, *args, **kwargs)
        made[file_id] = (data_callable, kwargs.get("file_name"))
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    return made


@dataclass
class Drawn:
    """One chart as the page drew it, with the download button that follows it."""

    key: str
    figure: dict[str, Any]
    button: Any


def is_chart(node: Any) -> bool:
    return (
        getattr(node, "type", "") == "bidi_component"
        and node.proto.component_name == PLOT
        and node.proto.bytes
        and not live_figures.is_strip(node.proto.bytes.decode("utf-8"))
    )


def drawn_charts(at: AppTest, lang: str = "en") -> list[Drawn]:
    """Every chart of the last run with the element right after it, which must be its CSV button."""
    nodes: list[Any] = [n for n in at.main if not hasattr(n, "children")]  # elements in page order, no blocks
    found = []
    for i, node in enumerate(nodes):
        if not is_chart(node):
            continue
        key = node.proto.id.rsplit("-", 1)[-1]
        after: Any = nodes[i + 1] if i + 1 < len(nodes) else None
        assert getattr(after, "type", None) == "download_button", f"{key}: no button right after the chart"
        assert after.key == f"{key}_csv", (key, after.key)
        assert after.label == t("ui.chart.download_csv", lang)
        # made on click only: a deferred callable, nothing computed in the run, and no rerun on click
        assert after.proto.deferred_file_id and not after.proto.url and after.proto.ignore_rerun, key
        found.append(
            Drawn(key, json.loads(live_figures.materialize(node.proto.bytes.decode("utf-8"))), after)
        )
    return found


def csv_of(chart: Drawn, downloads: dict[str, tuple[Callable[[], Any], str | None]]) -> tuple[str, str]:
    """The text the chart's button downloads (checked to start with a UTF-8 BOM) and its file name."""
    make, name = downloads[chart.button.proto.deferred_file_id]
    data = make()
    assert isinstance(data, bytes) and data.startswith(BOM), chart.key
    assert name and name.endswith(".csv") and re.fullmatch(r"[A-Za-z0-9._-]+", name), (chart.key, name)
    return data[len(BOM) :].decode("utf-8"), name


# ---- the CSV read back ------------------------------------------------------------------------------
@dataclass
class Table:
    notes: list[str] = field(default_factory=list)
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


def tables(text: str) -> list[Table]:
    """The CSV's tables: blocks separated by empty lines, ``# `` lines kept as each block's notes."""
    out = [Table()]
    lines = text.split("\r\n")
    # a comment is a whole line starting with "# ", never a quoted cell (read apart from the rows)
    notes = {i: line[2:] for i, line in enumerate(lines) if line.startswith("# ")}
    data = "\r\n".join("\x00" if i in notes else line for i, line in enumerate(lines))
    for row in csv.reader(io.StringIO(data, newline="")):
        if not row:
            out.append(Table())
        elif row == ["\x00"]:
            out[-1].notes.append(notes.pop(min(notes)))
        elif not out[-1].header:
            out[-1].header = row
        else:
            out[-1].rows.append(row)
    return [b for b in out if b.header or b.notes]


def text_of(markup: str) -> str:
    """A Plotly title as text: a line break is a space, other tags (<sub>) go, entities are decoded."""
    return html.unescape(re.sub("<[^>]*>", "", re.sub("<br>", " ", markup))).strip()


def number(cell: str) -> float:
    return float("nan") if cell == "" else float(cell)


def f32(values: Any) -> np.ndarray:
    return np.asarray(values, dtype=np.float64).astype(np.float32)


def same(a: Any, b: Any) -> bool:
    """Equal to float32 precision, NaN (a gap) equal to NaN."""
    x, y = f32(a), f32(b)
    return x.shape == y.shape and bool(np.all((x == y) | (np.isnan(x) & np.isnan(y))))


def label(value: Any) -> str:
    """A chart's category label as the CSV writes it: HTML entities decoded, numbers as digits."""
    if isinstance(value, (int, float, np.integer, np.floating)):
        return str(int(value)) if float(value).is_integer() else repr(float(value))
    return html.unescape(str(value))


def labels(values: Any, n: int) -> list[str]:
    if values is None:
        return [str(i) for i in range(n)]
    arr = decode(values) if isinstance(values, dict) else values
    return [label(v) for v in (arr.tolist() if isinstance(arr, np.ndarray) else arr)]


def axis_title(layout: dict[str, Any], ref: str) -> str:
    axis = layout.get(ref[0] + "axis" + ref[1:], {})
    return html.unescape(str(axis.get("title", {}).get("text", "") or ""))


# ---- chart against CSV --------------------------------------------------------------------------------
def check_heatmaps(chart: Drawn, found: list[Table]) -> int:
    """Each panel's cells equal the CSV's cell with the same row and column labels; returns cells seen."""
    traces = [tr for tr in chart.figure["data"] if tr["type"] == "heatmap"]
    cell = [(tr.get("xaxis", "x"), tr.get("yaxis", "y")) for tr in traces]
    top = [i for i, c in enumerate(cell) if c not in cell[i + 1 :]]  # the last drawn on its axes
    heat_tables = [b for b in found if b.header][: len(top)]
    assert len(heat_tables) == len(top), chart.key
    titles = [a["text"] for a in chart.figure["layout"].get("annotations", [])]
    seen = 0
    for n, (i, table) in enumerate(zip(top, heat_tables, strict=True)):
        if len(top) > 1:  # a panel's table sits under a line naming the panel
            assert any(text_of(titles[n]) in note for note in table.notes), (chart.key, titles[n])
        z = decode(traces[i]["z"])
        under = [decode(traces[j]["z"]) for j in range(i) if cell[j] == cell[i]]
        blocked = np.isfinite(under[0]) if under else np.zeros(z.shape, bool)  # grey masked cells
        cols = {name: k for k, name in enumerate(table.header[1:], start=1)}
        rows = {row[0]: row for row in table.rows}
        xs, ys = labels(traces[i].get("x"), z.shape[1]), labels(traces[i].get("y"), z.shape[0])
        for r, y in enumerate(ys):
            got = [number(rows[y][cols[x]]) for x in xs]
            want = np.where(blocked[r], -np.inf, z[r])
            assert same(got, want), (chart.key, y, got[:5], want[:5])
            seen += len(xs)
    return seen


def check_series(chart: Drawn, found: list[Table], *, marks: bool) -> int:
    """Each line/marker/bar trace is a CSV column (named as its legend or y-axis names it) beside its x
    values, in the same order; a marker line on a hidden axis is a note naming its x."""
    layout = chart.figure["layout"]
    seen = 0
    for tr in chart.figure["data"]:
        if tr["type"] not in ("scatter", "bar") or tr.get("visible") is False:
            continue  # a hidden trace (a live chart's head past the heads) shows nothing
        y = decode(tr["y"])
        x = decode(tr["x"]) if isinstance(tr.get("x"), dict) else tr.get("x", list(range(len(y))))
        yaxis = layout.get("yaxis" + tr.get("yaxis", "y")[1:], {})
        name = html.unescape(tr.get("name") or "") or axis_title(layout, tr.get("yaxis", "y"))
        if yaxis.get("visible") is False:
            if marks:
                notes = [note for b in found for note in b.notes if note.startswith(f"{name}: ")]
                assert notes and same(float(notes[0].rsplit("= ", 1)[1]), x[0]), (chart.key, name)
            continue
        numeric = isinstance(x, np.ndarray) or all(isinstance(v, (int, float)) for v in x)

        def beside(b: Table, x: Any = x, numeric: bool = numeric, n: int = len(y)) -> bool:
            column = [row[0] for row in b.rows]
            if numeric:
                return len(column) == n and same([number(c) for c in column], x)
            return column == labels(x, n)

        fits = [b for b in found if name in b.header and beside(b)]
        assert fits, (chart.key, name, [b.header for b in found])
        col = fits[0].header.index(name)
        assert same([number(row[col]) for row in fits[0].rows], y), (chart.key, name)
        err = tr.get("error_y")
        if err and err.get("array") is not None:
            k = fits[0].header.index(f"{name} ±")
            assert same([number(row[k]) for row in fits[0].rows], decode(err["array"])), chart.key
        seen += len(y)
    return seen


def check(chart: Drawn, text: str) -> int:
    """The CSV holds every number the chart draws; returns how many were compared."""
    found = tables(text)
    title = text_of(chart.figure["layout"]["title"]["text"])
    assert found[0].notes[0] == title, (chart.key, found[0].notes)
    if chart.key.startswith("sim_offset_"):
        return check_all_pairs(chart, found)
    return check_heatmaps(chart, found) + check_series(chart, found, marks=not EXPLICIT.fullmatch(chart.key))


def check_all_pairs(chart: Drawn, found: list[Table]) -> int:
    """The offset scatter draws a thinned set of pairs; its CSV lists every pair, the drawn ones too."""
    (table,) = [b for b in found if b.header]
    pairs = {(float(f32(float(a))), float(f32(float(b)))) for a, b in table.rows}
    points = chart.figure["data"][0]
    xs, ys = decode(points["x"]), decode(points["y"])
    assert all((float(f32(a)), float(f32(b))) in pairs for a, b in zip(xs, ys, strict=True)), chart.key
    stated = re.search(r"\((\d+)", found[0].notes[-1])
    assert stated and int(stated.group(1)) == len(table.rows) >= len(xs)
    return len(xs)


# ---- every chart of every tab has its button -----------------------------------------------------------
def tab_states(at: AppTest, key: str, names: tuple[str, ...]) -> Iterator[str]:
    """Open each tab of a page in turn (and each tab inside one); yields the open tab's path."""
    for i, name in enumerate(names):
        if i:
            open_tab(at, key, t(name, "en"))
        if name in NESTED:
            inner_key, inner = NESTED[name]
            for j, part in enumerate(inner):
                if j:
                    open_tab(at, inner_key, t(part, "en"))
                yield f"{name} / {part}"
            open_tab(at, inner_key, t(inner[0], "en"))
        else:
            yield name


@pytest.mark.parametrize("page", sorted(SECTIONS))
def test_every_chart_of_every_tab_has_a_csv_button_beside_it(page: str) -> None:
    key, names = SECTIONS[page]
    at = open_page_with_tabs(f"pages/{page}")
    counts = {}
    for where in tab_states(at, key, names):
        charts = drawn_charts(at)  # asserts each chart's next element is its button
        buttons = [b for b in at.download_button if b.key != "scorecard_csv"]  # the scorecard is a table
        counts[where] = (len(charts), len(buttons))
        assert len(charts) == len(buttons), (where, counts[where])
    assert sum(c for c, _ in counts.values()) > 0


def test_the_charts_only_some_settings_show_have_their_buttons() -> None:
    at = open_page_with_tabs("pages/positional_encoding.py")
    at.toggle(key="pe_window").set_value(True).run()  # the exact window under the table
    assert "pe_win_chart" in [c.key for c in drawn_charts(at)]
    at = open_page_with_tabs("pages/attention.py")
    at.radio(key=widgets.choice_key("att_source", "en")).set_value("task").run()  # a toy task, not a sentence
    assert [c.key for c in drawn_charts(at)] == ["att_task_maps_grid"]


# ---- and the CSV holds the chart's numbers ----------------------------------------------------------
PAGES: dict[str, list[dict[str, str]]] = {
    "positional_encoding.py": [{}, {"max_len": "600", "d_model": "600"}],  # the second one strided
    "embedding.py": [{}, {"d_model": "600"}],
    "similarity.py": [{}, {"max_len": "500"}],
    "softmax.py": [{}],
    "attention.py": [{}],
    "encoder.py": [{}],
}


@pytest.mark.parametrize(
    ("page", "query"), [(page, query) for page, queries in PAGES.items() for query in queries]
)
def test_every_csv_holds_the_numbers_its_chart_draws(
    page: str, query: dict[str, str], downloads: dict[str, tuple[Callable[[], Any], str | None]]
) -> None:
    at = open_page(f"pages/{page}", **query)  # every section, and every tab inside one, at once
    if page == "attention.py":  # the masked square's -inf cells too
        at.toggle(key="att_step_causal").set_value(True).run()
    charts = drawn_charts(at)
    assert len(charts) == len({c.key for c in charts}) >= 3
    kinds = set()
    for chart in charts:
        text, _ = csv_of(chart, downloads)
        assert check(chart, text) > 0, chart.key
        kinds |= {tr["type"] for tr in chart.figure["data"]}
        if sum(tr["type"] == "heatmap" for tr in chart.figure["data"]) > 1:
            kinds.add("panels")
    assert kinds & {"heatmap", "scatter", "bar"}


def test_a_strided_heatmap_downloads_the_whole_table(
    downloads: dict[str, tuple[Callable[[], Any], str | None]],
) -> None:
    """The PE heatmap at 600 x 600 draws every 2nd row and pair; its CSV is the whole sinusoidal table,
    checked against the formula PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(same)."""
    at = open_page_with_tabs("pages/positional_encoding.py", max_len="600", d_model="600")
    (heat,) = [c for c in drawn_charts(at) if c.key == "pe_heatmap"]
    assert decode(heat.figure["data"][0]["z"]).shape < (600, 600)  # the chart is strided
    text, name = csv_of(heat, downloads)
    assert name == "pe_sinusoidal_600x600.csv"
    (table,) = tables(text)[1:] or tables(text)
    assert table.notes[-1] == t("encoding.csv.full_table", "en", rows=600, cols=600)
    assert table.header[0] == "position \\ dimension" and table.header[1:] == [str(i) for i in range(600)]
    values = np.array([[number(c) for c in row[1:]] for row in table.rows])
    p = np.arange(600)[:, None]
    angle = p / 10000.0 ** (2 * (np.arange(600) // 2) / 600)
    want = np.where(np.arange(600) % 2 == 0, np.sin(angle), np.cos(angle))
    assert [row[0] for row in table.rows] == [str(i) for i in range(600)]
    np.testing.assert_allclose(values, want, atol=1e-12)


def test_a_strided_similarity_matrix_says_so(
    downloads: dict[str, tuple[Callable[[], Any], str | None]],
) -> None:
    """At 500 positions the pair matrix draws a strided grid (the whole would be 250,000 cells): its CSV
    is that grid, labelled with the true positions, and says it is strided."""
    at = open_page_with_tabs("pages/similarity.py", max_len="500")
    open_tab(at, "sim_section", t("sim.matrix.title", "en"))
    (chart,) = [c for c in drawn_charts(at) if c.key == "sim_matrix_sinusoidal"]
    found = tables(csv_of(chart, downloads)[0])
    grid = decode(chart.figure["data"][0]["z"]).shape[0]
    assert grid < 500 and check_heatmaps(chart, found) == grid * grid
    assert t("sim.strided", "en", shown=grid, max_len=500) in found[0].notes[-1]
    assert found[0].header[0] == "position p \\ position j"


def test_korean_pages_write_korean_headers(
    downloads: dict[str, tuple[Callable[[], Any], str | None]],
) -> None:
    for lang in ("ko", "en"):
        at = open_page("pages/positional_encoding.py", lang=lang)
        by_key = {c.key: c for c in drawn_charts(at, lang)}
        heat = tables(csv_of(by_key["pe_heatmap"], downloads)[0])[-1]
        curves = tables(csv_of(by_key["pe_curves"], downloads)[0])[-1]
        assert heat.header[0] == f"{t('ui.chart.position', lang)} \\ {t('ui.chart.dimension', lang)}"
        assert curves.header == [t("ui.chart.position", lang)] + [
            t("pe.curves.legend", lang, dim=d) for d in encodings.wave_columns(EncodingSpec("sinusoidal"))
        ]
        at = open_page("pages/attention.py", lang=lang)
        avg = next(c for c in drawn_charts(at, lang) if c.key == "att_avg")
        corner = tables(csv_of(avg, downloads)[0])[-1].header[0]
        assert corner == f"{t('ui.att.query', lang)} \\ {t('ui.att.key', lang)}"
        assert bool(HANGUL.search(heat.header[0] + curves.header[1] + corner)) == (lang == "ko")


def test_user_text_is_quoted_and_cannot_become_a_formula(
    downloads: dict[str, tuple[Callable[[], Any], str | None]],
) -> None:
    """A sentence with quotes and a would-be formula: the labels read back exactly, and no cell starts
    with = + - @ unless it is a number."""
    at = open_page_with_tabs("pages/softmax.py")
    open_tab(at, "sm_section", t("ex.title", "en"))
    at.text_input(key="sm_text").set_value('say "hi" =cmd @x').run()
    (qkv,) = [c for c in drawn_charts(at) if c.key == "sm_qkv"]
    text, _ = csv_of(qkv, downloads)
    rows = [row[0] for b in tables(text) for row in b.rows]
    assert rows[:7] == ["0 · say", '1 · "', "2 · hi", '3 · "', "4 · =", "5 · cmd", "6 · @"]
    (steps,) = [
        c
        for c in drawn_charts(open_tab(at, "sm_ex_part", t("ex.part.steps", "en")))
        if c.key == "sm_step_scores"
    ]
    cells = [cell for b in tables(csv_of(steps, downloads)[0]) for row in [b.header, *b.rows] for cell in row]
    assert '1 · "' in cells
    assert all(not c.startswith(("=", "+", "-", "@")) or export._is_number(c) for c in cells)


# ---- viz.figures.export on its own
# ----------------------------------------------------------------------------
def test_text_cells_are_guarded_and_numbers_are_not() -> None:
    assert export.text_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert [export.text_cell(s) for s in ("+1+1", "-A1", "@SUM(1)", "\tx", "\rx")] == [
        "'+1+1",
        "'-A1",
        "'@SUM(1)",
        "'\tx",
        "'\rx",
    ]
    assert [export.text_cell(s) for s in ("-0.5", "+3", "1e-3", "a=b", "")] == [
        "-0.5",
        "+3",
        "1e-3",
        "a=b",
        "",
    ]


def test_commas_quotes_and_newlines_survive_a_round_trip() -> None:
    names = ['a, "b"', "line\nbreak", "=1+2", "한국어"]
    text = export.columns_csv({"word": names, "value": np.array([1.5, -2.0, np.nan, 1e-30])}, note="x, y")
    assert text.startswith("# x, y\r\n")  # a comment line, never quoted
    rows = list(csv.reader(io.StringIO(text.split("\r\n", 1)[1], newline="")))
    assert rows[0] == ["word", "value"]
    assert [r[0] for r in rows[1:]] == ['a, "b"', "line\nbreak", "'=1+2", "한국어"]
    assert [r[1] for r in rows[1:]] == ["1.5", "-2", "", "1e-30"]
    assert export.excel_bytes(text).startswith(BOM) and export.excel_bytes(text)[3:].decode() == text


def test_a_figure_csv_reads_the_plotly_json() -> None:
    """Lines over two x sets and a marker line, against the values put in."""
    fig = figures.lines(
        [0, 1, 2],
        {"a": np.array([0.1, 0.2, 0.3])},
        x_title="position",
        y2={"b": [3.0, 2.0, 1.0]},
        y2_title="B",
        mark_x=1,
        mark_label="now",
    )
    fig.add_trace(go.Scatter(x=[5.0, 6.0], y=[7.0, 8.0], name="other"))
    found = tables(export.figure_csv(json.loads(fig.to_json())))
    assert found[0].header == ["position", "a", "b"]
    assert found[0].rows == [["0", "0.1", "3"], ["1", "0.2", "2"], ["2", "0.3", "1"]]
    assert found[1].header == ["position", "other"] and found[1].rows == [["5", "7"], ["6", "8"]]
    assert found[1].notes == ["now: position = 1"]


def test_comment_lines_are_never_quoted_and_hash_cells_are() -> None:
    """A ``comment="#"`` reader (pandas) reads every file: a title with commas, quotes or a line break
    stays one unquoted ``#`` line, and a cell holding ``#`` (a WordPiece piece ``##ing``) is quoted."""
    import pandas as pd

    text = export.columns_csv(
        {"piece": ["##ing", "a#b", "plain"], "weight": np.array([0.5, 0.25, 1.0])},
        note='a, "title"\nover two lines',
    )
    assert text.splitlines()[0] == '# a, "title" over two lines'
    assert '"##ing"' in text and '"a#b"' in text
    table = pd.read_csv(io.StringIO(text), comment="#")
    assert list(table["piece"]) == ["##ing", "a#b", "plain"]
    assert list(table["weight"]) == [0.5, 0.25, 1.0]
