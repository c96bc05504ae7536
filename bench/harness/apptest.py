"""Helpers shared by the AppTest modules: start the app (optionally on a page), check a run, decode charts."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from streamlit.testing.v1 import AppTest

from bench.harness import live_figures
from bench.harness.browser import REPO_ROOT
from viz.ui import notes
from viz.ui.sections import ALL_SECTIONS

#: Generous: the machines have two cores, and the largest sizes compute 4096 x 1024 tables.
TIMEOUT_S = 180


@dataclass(frozen=True)
class ChartProto:
    """What a test reads of a chart: its element id (ending in the key) and its Plotly JSON."""

    id: str
    spec: str
    sent: int = 0  # bytes the server sent (a live chart's data is computed in the browser, not sent)


@dataclass(frozen=True)
class Chart:
    proto: ChartProto


def charts(at: AppTest) -> list[Chart]:
    """Every chart of the last run, in page order: the ``viz.ui.chart`` component's figures.

    The app draws Plotly through a component that updates each chart in place (``viz/plot.js``), so
    AppTest sees ``bidi_component`` elements; this gives them the shape of ``st.plotly_chart``'s.
    """
    found = []
    for element in at.get("bidi_component"):
        proto = element.proto
        if proto.component_name == "attention_lab_plot" and proto.bytes:  # not the sidebar's preloader
            spec = proto.bytes.decode("utf-8")
            if not live_figures.is_strip(spec):  # a live strip: sliders, no figure
                found.append(Chart(ChartProto(proto.id, live_figures.materialize(spec), len(proto.bytes))))
    return found


def figure(at: AppTest, key: str) -> dict[str, Any]:
    """The Plotly JSON of the one chart whose key ends with ``key`` (an error names the charts there are)."""
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return cast("dict[str, Any]", found[0])


def new_app(**query: str) -> AppTest:
    """The app (app.py) with ``query`` as its URL's query parameters, not yet run, with the sidebar's
    "every section at once" switch on, so a run shows every section of a page."""
    return _app(query, tabs=False)


def new_app_with_tabs(**query: str) -> AppTest:
    """:func:`new_app` as a visitor first sees it: each page's sections as tabs, only the open one run."""
    return _app(query, tabs=True)


def _app(query: dict[str, str], *, tabs: bool) -> AppTest:
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=TIMEOUT_S)
    if not tabs:
        at.session_state[ALL_SECTIONS] = True
    for key, value in query.items():
        at.query_params[key] = value
    return at


def ok(at: AppTest) -> AppTest:
    """``at`` after checking its last run showed no exception and no error box."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def warnings(at: AppTest) -> list[str]:
    """The warning boxes of ``at``'s last run, but the "where the notes differ" flags (viz.ui.notes_differ),
    which some pages always show."""
    return [str(w.value) for w in at.warning if w.icon != notes.NOTES_ICON]


def open_page(page: str, **query: str) -> AppTest:
    """The app run once, then switched to ``page`` (e.g. "pages/similarity.py"), checked with :func:`ok`."""
    at = new_app(**query)
    at.run()
    return ok(at.switch_page(page).run())


def open_page_with_tabs(page: str, **query: str) -> AppTest:
    """:func:`open_page`, with the page's sections as tabs (see :func:`new_app_with_tabs`)."""
    at = new_app_with_tabs(**query)
    at.run()
    return ok(at.switch_page(page).run())


def open_link(page: str, **query: str) -> AppTest:
    """The app opened on ``pages/<page>.py`` by a link with ``query``, run once, checked with :func:`ok`."""
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=TIMEOUT_S)
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(f"pages/{page}.py")
    return ok(at.run())


def decode(z: Any) -> np.ndarray:
    """A Plotly array as AppTest sees it: base64 ``bdata`` (with its shape, if any) or a plain list."""
    if isinstance(z, list):
        return np.asarray(z, dtype=np.float64)
    flat = np.frombuffer(base64.b64decode(z["bdata"]), z["dtype"])
    shape = z.get("shape")
    return flat.reshape(tuple(int(s) for s in str(shape).split(","))) if shape else flat
