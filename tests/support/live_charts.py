"""The live charts as the app's views send them, each filled by its recipe in Node.js (the served script,
bench.harness.live_figures) and held to the figure the server would draw itself: the ``truth`` the view
passes viz.ui.live.live_chart (the same figure its CSV is made of). tests/js/test_live_<topic>.py give
each topic's pages and parameters.

What is compared, trace by trace: every array and value a recipe fills (x, y, z, the bars' width, the
mode, the heatmap's colours, what is shown) at 1e-6, NaN (a blank cell) where the server has NaN or a
gap; and every text the recipe fills (its ``texts``) exactly as Python formats it. A trace the recipe
hides (a head past the heads, a curve the formula does not give) is one the server does not draw.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
import pytest

from bench.harness import apptest, live_figures
from bench.harness.browser import running_in_ci
from viz.ui import live

TOLERANCE = 1e-6
#: What a recipe sets on a trace (the rest of the shell is the server's and stays as sent).
FILLED = ("x", "y", "z", "width", "mode", "visible", "colorscale", "zmin", "zmax", "zmid")
#: Plotly's value for a key a figure leaves out.
DEFAULTS: dict[str, Any] = {"visible": True}


@dataclass(frozen=True)
class Drawn:
    """One live chart of a page's run: its key, the JSON the server sent (the shell and ``live``), what
    the recipe filled in Node.js, and the server's own figure of the same parameters."""

    key: str
    recipe: str
    sent: dict[str, Any]
    filled: dict[str, Any]
    truth: dict[str, Any]


def require_node() -> None:
    if shutil.which("node") is None:
        if running_in_ci():
            pytest.fail("Node.js is needed (the machine has it: /usr/bin/node)")
        pytest.skip("no Node.js")


def drawn(page: str, query: Mapping[str, str], monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every live chart ``pages/<page>.py`` draws when a link asks for ``query`` (every section shown)."""
    require_node()
    truths: dict[str, Callable[[], go.Figure]] = {}
    send = live.live_chart

    def recorded(fig: go.Figure, **kw: Any) -> None:
        truths[kw["key"]] = kw["truth"]
        send(fig, **kw)

    monkeypatch.setattr(live, "live_chart", recorded)
    at = apptest.open_link(page, **{"all": "1", **query})
    found = []
    for element in at.get("bidi_component"):
        proto = element.proto
        spec = proto.bytes.decode("utf-8") if proto.bytes else ""
        if proto.component_name != "attention_lab_plot" or not spec or live_figures.is_strip(spec):
            continue
        sent = json.loads(spec)
        if not sent.get("live"):
            continue
        key = proto.id.rsplit("-", 1)[-1]
        truth = json.loads(pio.to_json(truths[key](), validate=False))
        found.append(Drawn(key, sent["live"]["recipe"], sent, live_figures.fill(spec), truth))
    return found


def plain(value: Any) -> Any:
    """A Plotly JSON array as numbers (base64 decoded, None, JSON's NaN, as NaN); anything else as it is
    (labels, a colour scale's stops)."""
    if isinstance(value, dict) and "bdata" in value:
        return apptest.decode(value).astype(np.float64)
    if isinstance(value, list) and value and all(isinstance(v, list | dict) for v in value):
        rows = [plain(v) for v in value]
        return np.array(rows, dtype=np.float64) if all(isinstance(r, np.ndarray) for r in rows) else value
    if isinstance(value, list) and all(v is None or isinstance(v, int | float) for v in value):
        return np.array([math.nan if v is None else v for v in value], dtype=np.float64)
    return value


def same(got: Any, want: Any, what: str) -> None:
    got, want = plain(got), plain(want)
    if isinstance(got, np.ndarray) or isinstance(want, np.ndarray):
        got, want = np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64)
        assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
        np.testing.assert_allclose(got, want, rtol=TOLERANCE, atol=TOLERANCE, equal_nan=True, err_msg=what)
    elif isinstance(got, float) or isinstance(want, float):
        assert got is not None and want is not None, f"{what}: {got!r} != {want!r}"
        assert math.isclose(got, want, rel_tol=TOLERANCE, abs_tol=TOLERANCE), f"{what}: {got!r} != {want!r}"
    else:
        assert got == want, f"{what}: {got!r} != {want!r}"


def at_path(figure: Any, path: str) -> Any:
    for part in path.split("."):
        figure = figure[int(part)] if part.isdigit() else figure.get(part)
    return figure


def check(chart: Drawn) -> None:
    """The recipe's figure is the server's: every filled trace value and every filled text."""
    name = f"{chart.key} ({chart.recipe})"
    traces, truth = chart.filled["data"], chart.truth["data"]
    shown = [i for i, trace in enumerate(traces) if trace.get("visible", True) is not False]
    assert len(shown) == len(truth), f"{name}: {len(shown)} traces shown, the server draws {len(truth)}"
    for i, trace in enumerate(traces):
        if i not in shown:  # hidden: past what the parameters give, and left empty
            assert list(trace.get("x", [])) == [] and list(trace.get("y", [])) == [], f"{name}: trace {i}"
            continue
        want = truth[shown.index(i)]
        for key in FILLED:
            if key in trace or key in want:
                same(
                    trace.get(key, DEFAULTS.get(key)),
                    want.get(key, DEFAULTS.get(key)),
                    f"{name} data.{i}.{key}",
                )
    for path in chart.sent["live"]["texts"]:
        parts = path.split(".")
        if parts[0] == "data":
            if int(parts[1]) not in shown:
                continue
            parts[1] = str(shown.index(int(parts[1])))
        got, want = at_path(chart.filled, path), at_path(chart.truth, ".".join(parts))
        if path.endswith(".hovertemplate") and isinstance(got, str) and "<extra>" not in got:
            # a template that names no second box gets the trace's name there, as figures.lines writes
            want = want.removesuffix(f"<extra>{at_path(chart.truth, '.'.join(parts[:2]))['name']}</extra>")
        same(got, want, f"{name} {path}")


def check_page(
    topic: str, page: str, query: Mapping[str, str], recipes: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every live chart of ``topic`` that ``page`` draws for ``query``: the ``recipes`` expected, each
    equal to the server's own figure."""
    charts = [c for c in drawn(page, query, monkeypatch) if c.recipe in live.TOPICS[topic]]
    assert {c.recipe for c in charts} == recipes, [c.key for c in charts]
    for chart in charts:
        check(chart)


def case_id(value: object) -> str | None:
    """A test id for a case's query ("d_model=2&max_len=1", "defaults"); None for its other values."""
    if not isinstance(value, dict):
        return None
    return "&".join(f"{k}={v}" for k, v in value.items()) or "defaults"
