"""Charts that do not mislead at a glance (issue 36), checked on the figures every page draws.

Every page is run once per language with every section open (AppTest); each chart's figure (the JSON the
browser draws) and the CSV its button offers are collected, and each check runs over all of them:

- a curve drawn on top of another with the same values leaves the lower one visible (dashed on top, or
  the lower one wider);
- no two legend entries of a figure look alike (colour, dash and marker symbol);
- twin linear y axes put their zeros at the same height;
- a bar chart's axis has no empty half: it runs below zero only when a bar (or the twin axis's zero)
  needs it;
- every CSV parses with ``pandas.read_csv(comment="#")``, block by block, to its chart's numbers.

Page-specific cases follow: the word order without a position signal (bars at float rounding), T(k)'s
corner matrix (cell text a class can read), the similarity explanation (the encodings shown), the worked
example's tokens (numbered from 0), the encoder's stage labels (no gaps), the real models' tidy CSV.
"""

from __future__ import annotations

import functools
import io
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from plotly.colors import qualitative

from bench.harness.apptest import charts, new_app, ok, open_link
from tests.support import downloads
from viz.figures import export
from viz.ui import chart as chart_module

#: Every page of the app (a new page is checked without editing this file).
PAGES = sorted(f"pages/{p.name}" for p in (Path(__file__).resolve().parents[2] / "pages").glob("*.py"))
#: plotly.js's default colours, in the order it gives them to traces without a colour of their own (D3's
#: category10, as plotly.py lists it: the test's own source, not viz.figures')
COLORWAY = tuple(color.lower() for color in qualitative.D3)


@dataclass(frozen=True)
class Drawn:
    """One chart as a page drew it: its page, key, figure and the CSV bytes its button would download."""

    page: str
    key: str
    figure: dict[str, Any]
    csv: Callable[[], bytes]


def _collect(lang: str) -> list[Drawn]:
    recorded: list[tuple[str, bytes, Any]] = []
    original = chart_module.download

    def spy(payload: bytes, *, key: str, lang: str, csv: Any, file_name: str | None) -> None:
        recorded.append((key, payload, csv))
        original(payload, key=key, lang=lang, csv=csv, file_name=file_name)

    found: list[Drawn] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(chart_module, "download", spy)
        at = new_app(lang=lang)
        at.run()
        for page in PAGES:
            recorded.clear()
            ok(at.switch_page(page).run())
            drawn = {c.proto.id.rsplit("-", 1)[-1]: json.loads(c.proto.spec) for c in charts(at)}
            for key, payload, make in recorded:
                figure = next((f for k, f in drawn.items() if k.endswith(key)), None)
                if figure is None:  # a live chart's button carries the truth figure: read it from the payload
                    figure = json.loads(payload)
                found.append(
                    Drawn(page, key, figure, functools.partial(chart_module.csv_bytes, payload, lang, make))
                )
    return found


@pytest.fixture(scope="module", params=["en", "ko"])
def drawn(request: pytest.FixtureRequest) -> Iterator[list[Drawn]]:
    import streamlit as st

    from viz.cache import memo

    st.cache_data.clear()
    memo.memo_clear()
    found = _collect(request.param)
    assert len(found) >= 60, len(found)
    yield found


# ---- reading a figure ----------------------------------------------------------------------------------
def arr(value: Any) -> np.ndarray:
    return export.plotly_array(value) if value is not None else np.array([])


def numbers(value: Any) -> np.ndarray | None:
    a = arr(value)
    if a.dtype.kind in "fiu":
        return a.astype(np.float64)
    return None


def _mode(trace: dict[str, Any]) -> str:
    return str(trace.get("mode") or "lines+markers")


def style(trace: dict[str, Any], index: int) -> tuple[str, str, str]:
    """(colour, dash, marker symbol) of a legend entry, with plotly.js's defaults filled in."""
    marker = trace.get("marker") or {}
    line = trace.get("line") or {}
    default = COLORWAY[index % len(COLORWAY)]
    if trace.get("type") == "bar":
        colour = marker.get("color") if isinstance(marker.get("color"), str) else default
        return str(colour).lower(), "bar", "bar"
    mode = _mode(trace)
    colour = line.get("color") or (marker.get("color") if isinstance(marker.get("color"), str) else None)
    dash = str(line.get("dash") or "solid") if "lines" in mode else "-"
    symbol = str(marker.get("symbol") or "circle") if "markers" in mode else "-"
    return str(colour or default).lower(), dash, symbol


def legend_entries(figure: dict[str, Any]) -> list[tuple[str, tuple[str, str, str]]]:
    layout = figure.get("layout", {})
    traces = figure.get("data", [])
    if layout.get("showlegend") is False:
        return []
    shown = [
        (i, tr)
        for i, tr in enumerate(traces)
        if tr.get("type") in ("scatter", "bar", None) and tr.get("showlegend") is not False and tr.get("name")
    ]
    if len(shown) < 2 and layout.get("showlegend") is not True:
        return []
    return [(str(tr["name"]), style(tr, i)) for i, tr in shown]


def coincide(a: np.ndarray, b: np.ndarray, span: float) -> bool:
    """Whether two curves over the same x are drawn on the same pixels (within 1% of the axis)."""
    if a.shape != b.shape or a.size < 2:
        return False
    both = np.isfinite(a) & np.isfinite(b)
    if both.sum() < 2:
        return False
    return bool(np.mean(np.abs(a[both] - b[both]) <= 0.01 * max(span, 1e-12)) >= 0.8)


def width(trace: dict[str, Any]) -> float:
    return float((trace.get("line") or {}).get("width") or 2.0)


def visible_under(top: dict[str, Any], below: dict[str, Any]) -> bool:
    """Whether ``below`` shows through ``top`` drawn over it: ``top`` dashed, or ``below`` wider."""
    dash = str((top.get("line") or {}).get("dash") or "solid")
    return dash != "solid" or width(below) >= width(top) + 2


# ---- 1. a curve drawn exactly under another stays visible ----------------------------------------------
def test_a_curve_under_another_with_the_same_values_stays_visible(drawn: list[Drawn]) -> None:
    hidden = []
    checked = 0
    for d in drawn:
        lines = [
            tr
            for tr in d.figure.get("data", [])
            if tr.get("type") in ("scatter", None)
            and "lines" in _mode(tr)
            and numbers(tr.get("y")) is not None
        ]
        for lo, hi in combinations(range(len(lines)), 2):
            a, b = lines[lo], lines[hi]
            if (a.get("yaxis", "y"), a.get("xaxis", "x")) != (b.get("yaxis", "y"), b.get("xaxis", "x")):
                continue
            xa, xb = numbers(a.get("x")), numbers(b.get("x"))
            if xa is None or xb is None or xa.shape != xb.shape or not np.allclose(xa, xb):
                continue
            ya, yb = numbers(a.get("y")), numbers(b.get("y"))
            assert ya is not None and yb is not None
            axis = d.figure.get("layout", {}).get("yaxis" + str(a.get("yaxis", "y"))[1:], {})
            if isinstance(axis, dict) and axis.get("type") == "log":  # the eye sees log10 of the values
                with np.errstate(divide="ignore", invalid="ignore"):
                    ya, yb = np.log10(np.where(ya > 0, ya, np.nan)), np.log10(np.where(yb > 0, yb, np.nan))
            finite = np.concatenate([ya[np.isfinite(ya)], yb[np.isfinite(yb)]])
            span = float(finite.max() - finite.min()) if finite.size else 0.0
            if span == 0 or not coincide(ya, yb, span):
                continue
            checked += 1
            if not visible_under(b, a):
                hidden.append((d.page, d.key, a.get("name"), b.get("name")))
    assert not hidden, hidden
    assert checked >= 2, checked  # the issue's two cases (add vs concatenate, the windows' span) were seen


def test_the_check_sees_a_hidden_curve() -> None:
    """The check can fail: two solid lines of one width, one over the other, are hidden."""
    a = {"type": "scatter", "mode": "lines", "y": [1, 2, 3]}
    assert not visible_under(dict(a), a)
    assert visible_under({**a, "line": {"dash": "dash"}}, a)
    assert coincide(np.array([1.0, 2, 3]), np.array([1.0, 2, 3.001]), 2.0)


# ---- 2. no two legend entries look alike ---------------------------------------------------------------
def test_no_two_legend_entries_of_a_figure_look_alike(drawn: list[Drawn]) -> None:
    alike = []
    for d in drawn:
        entries = legend_entries(d.figure)
        for (n1, s1), (n2, s2) in combinations(entries, 2):
            if s1 == s2 and n1 != n2:
                alike.append((d.page, d.key, n1, n2, s1))
    assert not alike, alike


# ---- 3. twin y axes share their zero -------------------------------------------------------------------
def axis_values(figure: dict[str, Any], ref: str) -> np.ndarray:
    found = []
    for tr in figure.get("data", []):
        if str(tr.get("yaxis", "y")) == ref:
            y = numbers(tr.get("y"))
            if y is not None:
                found.append(y[np.isfinite(y)])
    return np.concatenate(found) if found else np.array([])


def zero_at(axis: dict[str, Any]) -> float | None:
    rng = axis.get("range")
    if not rng or rng[0] is None or rng[1] is None:
        return None
    lo, hi = float(rng[0]), float(rng[1])
    return (0.0 - lo) / (hi - lo)


def test_twin_axes_put_their_zeros_at_the_same_height(drawn: list[Drawn]) -> None:
    apart: list[tuple[object, ...]] = []
    twins = 0
    for d in drawn:
        layout = d.figure.get("layout", {})
        y1, y2 = layout.get("yaxis", {}), layout.get("yaxis2", {})
        if y2.get("overlaying") != "y" or "log" in (y1.get("type"), y2.get("type")):
            continue
        v1, v2 = axis_values(d.figure, "y"), axis_values(d.figure, "y2")
        if not v1.size or not v2.size:
            continue
        twins += 1
        negative = bool((v1 < 0).any() or (v2 < 0).any())
        z1, z2 = zero_at(y1), zero_at(y2)
        # an axis run below zero for its twin, its own values never negative: no negative tick to read
        for axis, values in ((y1, v1), (y2, v2)):
            rng = axis.get("range")
            if rng and rng[0] < 0 and not (values < 0).any():
                ticks = axis.get("tickvals")
                if not ticks or min(ticks) < 0:
                    apart.append((d.page, d.key, "negative ticks", rng, ticks))
        # a zero the eye compares: both axes must say where it is, at the same height
        if (negative or z1 is not None or z2 is not None) and (
            z1 is None or z2 is None or abs(z1 - z2) > 0.01
        ):
            apart.append((d.page, d.key, y1.get("range"), y2.get("range")))
    assert not apart, apart
    assert twins >= 2, twins


# ---- 5. a bar chart's axis has no empty half -----------------------------------------------------------
def test_a_bar_charts_axis_runs_below_zero_only_when_something_needs_it(drawn: list[Drawn]) -> None:
    empty = []
    for d in drawn:
        layout = d.figure.get("layout", {})
        axis = layout.get("yaxis", {})
        bars = [
            tr for tr in d.figure.get("data", []) if tr.get("type") == "bar" and tr.get("yaxis", "y") == "y"
        ]
        rng = axis.get("range")
        if not bars or not rng or axis.get("type") == "log":
            continue
        values = axis_values(d.figure, "y")
        lo, hi = float(rng[0]), float(rng[1])
        need_lo = min(0.0, float(values.min()) if values.size else 0.0)
        need_hi = max(0.0, float(values.max()) if values.size else 0.0)
        twin = zero_at(layout.get("yaxis2", {}))
        if twin is not None and 0 < twin < 1:  # the twin axis's zero sets where this one's must be
            need_lo = min(need_lo, -twin / (1 - twin) * hi)
        slack = 0.15 * (need_hi - need_lo or 1.0)
        # an empty half: below zero with nothing there, or above zero with every bar below it
        if lo < need_lo - slack or (need_hi == 0 and hi > slack):
            empty.append((d.page, d.key, rng, need_lo, need_hi))
    assert not empty, empty


# ---- 11. every CSV parses with comment="#" to the chart's numbers -----------------------------------------
def blocks(text: str) -> list[str]:
    """The CSV's tables: blocks separated by an empty line (comment lines belong to the block after)."""
    return [b for b in re.split(r"\r\n\r\n", text) if b.strip()]


def test_every_comment_line_is_a_plain_hash_line() -> None:
    """A title with a comma or a quote stays one ``#`` line, never a quoted cell."""
    line = export.comment('a, "b"\nc')
    assert line == '# a, "b" c\r\n'


def test_every_csv_parses_with_comment_hash_to_its_charts_numbers(drawn: list[Drawn]) -> None:
    failed: list[tuple[str, ...]] = []
    compared = 0
    for d in drawn:
        data = d.csv()
        text = data.decode("utf-8-sig")
        for line in text.split("\r\n"):
            if line.startswith('"#'):
                failed.append((d.page, d.key, "quoted comment", line[:60]))
        tables = []
        for block in blocks(text):
            try:
                tables.append(pd.read_csv(io.StringIO(block), comment="#", dtype=str, keep_default_na=False))
            except Exception as exc:  # the failure is the finding
                failed.append((d.page, d.key, repr(exc)[:120]))
        # the chart's line and bar traces: each one's values are a column of some table
        for tr in d.figure.get("data", []):
            if tr.get("type") not in ("scatter", "bar", None) or not tr.get("name"):
                continue
            y = numbers(tr.get("y"))
            name = export.plain(tr["name"])
            hidden = d.figure.get("layout", {}).get("yaxis" + str(tr.get("yaxis", "y"))[1:], {})
            if y is None or (isinstance(hidden, dict) and hidden.get("visible") is False):
                continue
            columns = [tb[name] for tb in tables if name in tb.columns]
            if not columns:
                continue  # a table the page passes in (more than the chart) names its columns its own way
            got = [np.array([np.nan if c == "" else float(c) for c in col]) for col in columns]
            if not any(g.shape == y.shape and np.allclose(g, y, equal_nan=True, rtol=1e-6) for g in got):
                failed.append((d.page, d.key, name, "values differ"))
            compared += 1
    assert not failed, failed[:20]
    assert compared >= 40, compared


# ---- 4. bars at float rounding look equal ---------------------------------------------------------------
def _chart(at: Any, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


@pytest.fixture
def fresh() -> Iterator[None]:
    import streamlit as st

    from viz.cache import memo

    st.cache_data.clear()
    memo.memo_clear()
    yield


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_word_order_bars_at_float_rounding_look_equal_and_say_so(lang: str) -> None:
    """Lesson step 1: no position signal, so every bar is float rounding (about 1e-7): the axis is not
    zoomed onto them, so they look equal, and the page says the axis is fixed."""
    from viz.i18n import t

    at = new_app(lang=lang)
    at.run()
    ok(at.switch_page("pages/attention.py").run())
    at = ok(at.selectbox(key=f"att_encoding__{lang}").set_value("none").run())
    fig = _chart(at, "att_order")
    bars = np.concatenate([arr(tr["y"]).astype(np.float64) for tr in fig["data"] if tr.get("type") == "bar"])
    assert bars.max() < 1e-5  # the case: rounding only
    axis = fig["layout"]["yaxis"]
    assert axis.get("type") == "log" and axis.get("range"), axis
    lo, hi = (float(v) for v in axis["range"])
    drawn_spread = (math.log10(bars.max()) - math.log10(bars.min())) / (hi - lo)
    assert drawn_spread < 0.05, (axis["range"], bars.min(), bars.max())  # equal bars look equal
    assert t("att.order.rounding_axis", lang) in "\n".join(c.value for c in at.caption)


# ---- 6. T(k)'s corner matrix prints numbers a class can read --------------------------------------------
def numbers_2d(z: Any) -> np.ndarray:
    from bench.harness.apptest import decode

    return decode(z)


def open_all(page: str, **query: str) -> Any:
    at = new_app(**query)
    at.run()
    return ok(at.switch_page(page).run())


def _texts(at: Any) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    return "\n".join(str(p) for p in parts)


@pytest.mark.usefixtures("fresh")
def test_the_rotation_corner_writes_its_numbers_at_a_readable_size() -> None:
    """T(k)'s 12 x 12 corner wrote "%{z:.2f}" at plotly.js's fitted size, about 6 px: the text now has a
    fixed size of at least 11 px and one decimal, which fits a cell at that size."""
    at = open_all("pages/similarity.py")
    fig = _chart(at, "sim_rot")
    cell = fig["data"][0]
    assert cell.get("texttemplate"), "the corner writes its numbers"
    assert (cell.get("textfont") or {}).get("size", 0) >= 11, cell.get("textfont")
    if cell["texttemplate"] == "%{text}":  # its own labels: one decimal at most, none on the zeros
        written = [v for row in cell["text"] for v in row]
        z = np.asarray(numbers_2d(cell["z"])).ravel()
        assert all(len(v.partition(".")[2]) <= 1 for v in written), written
        assert all((v == "") == (x == 0) for v, x in zip(written, z, strict=True))
    else:
        decimals = re.search(r"\.(\d)f", cell["texttemplate"])
        assert decimals and int(decimals.group(1)) <= 1, cell["texttemplate"]


# ---- 7. the similarity explanation names the encodings on screen ------------------------------------------
@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_one_positions_explanation_describes_the_encodings_shown(lang: str) -> None:
    """Sinusoidal beside binary by default: the text spoke of the integer index, which was not shown."""
    from viz.i18n import t

    def row_note(at: Any) -> str:  # the first "What to notice": the first section's, beside the row charts
        head = t("sim.row.explain.dot", lang, p=50, half="64")[:8]
        return next(m.value for m in at.markdown if m.value.startswith(head)).casefold()

    at = open_all("pages/similarity.py", lang=lang)
    note = row_note(at)
    binary, integer = t("encodings.kind.binary", lang), t("encodings.kind.integer", lang)
    assert integer.casefold() not in note, note
    assert binary.casefold() in note, note
    ok(at.selectbox(key=f"sim_compare__{lang}").set_value("integer").run())
    note = row_note(at)
    assert integer.casefold() in note and binary.casefold() not in note, note


# ---- 8. the worked example numbers its tokens from 0 ---------------------------------------------------
@pytest.mark.usefixtures("fresh")
def test_the_worked_example_numbers_tokens_from_0_like_every_page() -> None:
    at = open_all("pages/softmax.py")
    labels = _chart(at, "sm_step_weights")["data"][0]["y"]
    assert labels[0].startswith("0 · "), labels
    keys = _chart(at, "sm_row")["data"][0]["x"]  # one row's keys, on the same page
    assert keys[0] == "key 0", keys
    code = "\n".join(c.value for c in at.code)
    assert "z_0 = " in code and "v_0 (" in code and "z_1 = " not in code.split("\n")[0]
    # the CSV's rows carry the chart's labels
    payloads = [
        e.proto.bytes
        for e in at.get("bidi_component")
        if e.proto.id.endswith("sm_step_weights") and e.proto.bytes
    ]
    csv = chart_module.csv_bytes(payloads[0], "en").decode("utf-8-sig")
    table = pd.read_csv(io.StringIO(csv), comment="#")
    assert str(table.iloc[0, 0]).startswith("0 · "), table.iloc[:, 0].tolist()


# ---- 9. the encoder's stage labels are numbered without gaps ---------------------------------------------
@pytest.mark.usefixtures("fresh")
def test_every_encoder_chart_numbers_its_stages_without_a_gap() -> None:
    at = open_all("pages/encoder.py")
    seen = 0
    for c in charts(at):
        fig = json.loads(c.proto.spec)
        for axis in [v for k, v in fig.get("layout", {}).items() if k.startswith("xaxis")] + [
            {"ticks": tr.get("x")} for tr in fig.get("data", [])
        ]:
            labels = axis.get("ticks") if isinstance(axis, dict) else None
            if not isinstance(labels, list) or not labels or not isinstance(labels[0], str):
                continue
            numbers = [re.match(r"L(\d+)\.(\d+) ", v) for v in labels]
            by_layer: dict[int, list[int]] = {}
            for m in numbers:
                if m:
                    by_layer.setdefault(int(m.group(1)), []).append(int(m.group(2)))
            for layer, found in by_layer.items():
                unique = list(dict.fromkeys(found))
                assert unique == list(range(1, len(unique) + 1)), (c.proto.id, layer, unique)
                seen += 1
    assert seen >= 4, seen


# ---- 12. the real models' all-heads CSV is a tidy table ---------------------------------------------------
@pytest.mark.usefixtures("fresh")
def test_the_all_heads_csv_is_a_tidy_table_of_every_weight() -> None:
    from tests.support.needs import real
    from viz import pretrained
    from viz.views import pretrained as views

    real("minilm")
    with downloads.recorded() as found:
        at = open_all("pages/pretrained.py", model="minilm")
    table = downloads.table(found, "real_all_minilm")
    assert list(table.columns) == [
        "layer",
        "head",
        "query_index",
        "query_token",
        "key_index",
        "key_token",
        "weight",
    ]
    pieces = pretrained.tokenize("minilm", at.text_input(key="real_text").value)
    result = pretrained.run("minilm", pieces.ids)
    layers, heads, n, _ = result.attention.shape
    assert len(table) == layers * heads * n * n  # every weight, no gap rows
    assert table["query_index"].min() == 0 and table["query_index"].max() == n - 1
    first = table[(table.layer == 1) & (table["head"] == 1) & (table.query_index == 2)]
    assert list(first.key_token) == list(pieces.shown)
    assert set(first.query_token) == {pieces.shown[2]}
    np.testing.assert_allclose(first.weight.to_numpy(), result.attention[0, 0, 2], rtol=1e-6)
    sums = table.groupby(["layer", "head", "query_index"]).weight.sum()
    np.testing.assert_allclose(sums.to_numpy(), 1.0, atol=1e-4)  # each query's weights add up to 1
    assert views.labels(pieces)[0].startswith("0 · ")  # positions from 0, as in the table


# ---- 10. the examples list never names a sentence that is not the one in the box --------------------------
@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize(("page", "prefix"), [("pages/attention.py", "att"), ("pages/encoder.py", "enc")])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_typed_sentence_makes_the_example_list_say_your_own(page: str, prefix: str, lang: str) -> None:
    """The list kept naming the first example after another sentence was typed: two sentences on screen."""
    from viz.i18n import t

    at = open_all(page, lang=lang)
    box, listed = at.text_input(key=f"{prefix}_text"), at.selectbox(key=f"{prefix}_example")
    assert listed.value == box.value  # an example, in both
    first = listed.value
    ok(box.set_value("the bird saw a cat on the roof").run())
    listed = at.selectbox(key=f"{prefix}_example")
    assert listed.value != first and listed.format_func(listed.value) == t("ui.att.example.own", lang)
    other = next(o for o in listed.options if o not in (first, t("ui.att.example.own", lang)))
    ok(listed.select(other).run())  # picking an example puts it in the box and names it
    assert at.text_input(key=f"{prefix}_text").value == at.selectbox(key=f"{prefix}_example").value == other


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize(("page", "prefix"), [("attention", "att"), ("encoder", "enc")])
def test_a_link_with_an_example_opens_it_in_the_box_and_the_list(page: str, prefix: str) -> None:
    """The link's ex (an API) still opens an example: the box holds it and the list names it."""
    at = open_link(page, ex="1")
    listed, box = at.selectbox(key=f"{prefix}_example"), at.text_input(key=f"{prefix}_text")
    assert listed.value == box.value == listed.options[1]
