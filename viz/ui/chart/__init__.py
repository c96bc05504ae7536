"""The chart component: a Plotly figure drawn in place by plot.js, with a CSV button and a data table
under it.

Every chart is reachable by keyboard (``tabindex="0"``) and has a text alternative: plot.js gives its box
``role="figure"`` and an ``aria-label`` of the chart's computed summary (viz.figures.summary), which the
server sends beside the figure (its ``summary``), not inside the memoized figure's JSON."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import threading
import weakref
from collections.abc import Callable
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st

from viz.cache.budget import STORE
from viz.figures import PLOTLY_CONFIG, export
from viz.figures import summary as summaries
from viz.i18n import LANGS, t
from viz.ui import presenter
from viz.ui.chart import table
from viz.ui.chart.plotly_js import LOCALE_JS

#: The one placeholder in plot.js that :func:`_script` fills with :func:`settings`.
PLACEHOLDER = "__ATTENTION_LAB_SETTINGS__"


def settings() -> dict[str, object]:
    """What plot.js needs from Python: the charts' Plotly config, the load-failure message in every
    language, the languages that have a plotly.js locale, and a chart's label without a summary."""
    return {
        "config": {"responsive": True, **PLOTLY_CONFIG},
        "loadFailed": {lang: t("ui.chart.load_failed", lang) for lang in LANGS},
        "locales": sorted(LOCALE_JS),
        "chartLabel": {lang: t("ui.chart.summary.chart", lang) for lang in LANGS},
    }


def _script(path: Path) -> str:
    """plot.js without its comment lines, with :func:`settings` as JSON in place of :data:`PLACEHOLDER`."""
    source = path.read_text(encoding="utf-8")
    if source.count(PLACEHOLDER) != 1:
        raise ValueError(f"{path.name} must hold {PLACEHOLDER} exactly once")
    return _stripped(source.replace(PLACEHOLDER, json.dumps(settings())))


def _stripped(source: str) -> str:
    """JavaScript without its comment lines and blank lines, each line trimmed."""
    lines = (line.strip() for line in source.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


#: The toolbar (Plotly's mode bar, top right, shown on hover) gets a strip of its own above the chart:
#: inside the chart's top margin it covered the end of long (centred) titles.
MODEBAR_STRIP_PX = 28
_PLOT_CSS = (
    # content-box: the chart's min-height (its figure's height, set by plot.js) then excludes the strip;
    # under the page's border-box the strip took the figure's last 28 px, drawn over the CSV button below
    f".al-plot {{ padding-top: {MODEBAR_STRIP_PX}px; box-sizing: content-box; }}\n"
    f".al-plot .modebar-container {{ top: -{MODEBAR_STRIP_PX}px !important; }}\n"
    # reached by Tab (a chart is a stop with its summary as label): a ring a keyboard user sees
    ".al-plot:focus-visible { outline: 2px solid #b02e3b; outline-offset: 2px; border-radius: 2px; }\n"
    # a live strip (viz.ui.live): a row of labelled range inputs, no toolbar
    ".al-live { display: flex; flex-wrap: wrap; align-items: center; gap: 0.15rem 1.25rem;"
    " padding: 0.4rem 0.75rem 0.5rem; border: 1px dashed rgba(128, 132, 149, 0.6); border-radius: 0.5rem; }\n"
    ".al-live-badge { flex: 1 0 100%; font-weight: 600; font-size: 0.9em; }\n"
    ".al-live-slider { flex: 1 1 11rem; display: grid; grid-template-columns: 1fr auto; align-items: center;"
    " column-gap: 0.5rem; }\n"
    ".al-live-slider > span { grid-column: 1 / -1; font-size: 0.875em; }\n"
    ".al-live-slider input { width: 100%; min-width: 5rem; margin: 0.3rem 0; accent-color: #ff4b4b; }\n"
    ".al-live-slider output { font-variant-numeric: tabular-nums; min-width: 3.5em; text-align: right;"
    " font-weight: 600; }\n"
)

#: The name of plot.js as Streamlit serves it (static/, viz.ui.static_files): fetched once by a browser.
SERVED_PLOT = "attention-lab-plot.js"


@functools.cache
def served_plot_script() -> bytes:
    """``static/attention-lab-plot.js``: plot.js without its comment lines, with :func:`settings` in place,
    then follow.js (what some charts do under the pointer: one module, so plot.js calls its functions),
    adding the charts' stylesheet to the page once (a component's own ``css`` is sent with every chart)."""
    here = Path(__file__).parent
    script = _script(here / "plot.js") + "\n" + _stripped((here / "follow.js").read_text(encoding="utf-8"))
    return (script + "\n" + _STYLE_JS.replace("__CSS__", json.dumps(_PLOT_CSS)) + "\n").encode("utf-8")


#: Adds the charts' stylesheet to the document once (run when plot.js is first imported).
_STYLE_JS = (
    "if (!document.getElementById('al-plot-css')) { const style = document.createElement('style');"
    " style.id = 'al-plot-css'; style.textContent = __CSS__; document.head.appendChild(style); }"
)


def loader_script() -> str:
    """The component's own JavaScript (loader.js, sent with every chart): imports the served plot.js, by an
    address that names its content's hash, and hands it each chart."""
    digest = hashlib.sha256(served_plot_script()).hexdigest()[:16]
    source = (Path(__file__).parent / "loader.js").read_text(encoding="utf-8")
    lines = (line.strip() for line in source.splitlines())
    code = "\n".join(line for line in lines if line and not line.startswith("//"))
    failed = {lang: t("ui.chart.load_failed", lang) for lang in LANGS}
    return code.replace("__PLOT_URL__", json.dumps(f"app/static/{SERVED_PLOT}?v={digest}")).replace(
        "__LOAD_FAILED__", json.dumps(failed, ensure_ascii=False)
    )


_plot_component = st.components.v2.component(
    "attention_lab_plot",
    js=loader_script(),
    isolate_styles=False,
)


#: Session State: :func:`preload` ran in this session.
_PRELOADED = "_plotly_preloaded"


def preload() -> None:
    """Start fetching plotly.js (an empty chart component, in the sidebar) before the page's charts.

    Once a session: the browser keeps the module after the element is gone, and the element would cost
    the server a message on every run (bench/results/elements.md)."""
    if not st.session_state.get(_PRELOADED):
        mount(None, key="plotly_preload")
        st.session_state[_PRELOADED] = True


def mount(
    data: bytes | None,
    *,
    key: str,
    lang: str = "en",
    summary: str | None = None,
    on_released: Callable[[], None] | None = None,
) -> object:
    """The chart component: ``data`` is a figure's Plotly JSON (None only starts loading plotly.js).

    The page's language goes in as the figure's ``config.locale`` (Plotly's own place for it), so the
    toolbar speaks it, and the presenter view as ``config.present`` (plot.js then restyles the chart);
    the chart's text alternative ``summary`` goes beside them as the top-level ``summary`` (plot.js's
    aria-label). The memoized JSON is shared by every session and stays as it is. Returns the
    component's result (a live strip's ``released`` trigger is one of its attributes).
    """
    if data is not None:
        if data[:1] != b"{":
            raise ValueError("a chart's data must be a Plotly figure's JSON object")
        rest = memoryview(data)[1:]
        comma = b"," if bytes(rest[:1]) != b"}" else b""
        present = b',"present":true' if presenter.on() else b""
        locale = json.dumps(lang).encode("ascii")
        label = b',"summary":' + json.dumps(summary).encode("ascii") if summary else b""
        parts: list[bytes | memoryview] = [b'{"config":{"locale":', locale, present, b"}", label, comma, rest]
        data = b"".join(parts)
    if on_released is None:
        return _plot_component(data=data, key=key)
    # a live strip (viz.ui.live): its released values come back as a trigger
    return _plot_component(data=data, key=key, on_released_change=on_released)


#: id(figure) -> (a weak reference to it, its JSON, its summaries by language, filled as asked). Figures
#: are unhashable, so not a WeakKeyDictionary.
_json_cache: dict[int, tuple[weakref.ref[go.Figure], bytes, dict[str, str]]] = {}
_json_lock = threading.Lock()
#: Entries whose figure has died, as (id, the dead reference). A weak reference's callback may run in
#: the middle of any allocation, on any thread, even one holding ``_json_lock``: it only appends here
#: (atomic, no lock), and :func:`_figure_bytes` drops the entries under its lock.
_json_dead: list[tuple[int, weakref.ref[go.Figure]]] = []


def _forget(key: int) -> Callable[[weakref.ref[go.Figure]], None]:
    def drop(ref: weakref.ref[go.Figure]) -> None:
        _json_dead.append((key, ref))

    return drop


def _figure_bytes(fig: go.Figure) -> bytes:
    """The figure's Plotly JSON as UTF-8 bytes, kept as long as the (memoized) figure lives.

    Bytes are the cheapest payload a component has: a dict would be walked for dataframes, dumped
    to JSON and dumped again, sorted, for the element's identity on every rerun.
    """
    return _entry(fig)[1]


def summary(fig: go.Figure, lang: str) -> str:
    """The chart's text alternative (:func:`viz.figures.summary.summary` in ``lang``), computed once per
    figure and language while the (memoized) figure lives."""
    found = _entry(fig)[2]
    text = found.get(lang)
    if text is None:
        text = found[lang] = summaries.summary(fig, lang, t)
    return text


def _entry(fig: go.Figure) -> tuple[weakref.ref[go.Figure], bytes, dict[str, str]]:
    key = id(fig)
    with _json_lock:
        while _json_dead:
            dead_key, dead_ref = _json_dead.pop()
            if dead_key in _json_cache and _json_cache[dead_key][0] is dead_ref:
                del _json_cache[dead_key]
        entry = _json_cache.get(key)
    if entry is not None and entry[0]() is fig:
        return entry
    # Plotly's encoder writes every "/" as "\/", and base64 arrays are full of them: re-encoding
    # compactly makes a heatmap's payload about a quarter smaller.
    plain = json.loads(pio.to_json(fig, validate=False))
    encoded = json.dumps(plain, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    found: dict[str, str] = {}
    value = (weakref.ref(fig, _forget(key)), encoded, found)  # allocated before the lock is taken
    with _json_lock:
        entry = _json_cache.get(key)
        if entry is not None and entry[0]() is fig:  # another session encoded it meanwhile: charged once
            return entry
        _json_cache[key] = value
    STORE.charge(fig, len(encoded))  # a memoized figure's JSON lives as long as it: the budget counts it
    return value


def chart(
    fig: go.Figure,
    *,
    key: str,
    lang: str,
    csv: Callable[[], str] | None = None,
    file_name: str | None = None,
) -> None:
    """Show a Plotly figure (its toolbar saves a PNG) with a button that downloads its data as CSV and a
    switch that shows that data as a table.

    The chart is drawn by a small component (``viz/plot.js``) that updates the same Plotly chart in
    place on every rerun. Every chart gets the button: ``csv`` gives the table when it holds more than
    the chart (a strided heatmap's whole table), otherwise the chart's own data is written
    (:func:`viz.figures.export.figure_csv`). Either is made only when the button is clicked or the table
    switched on, so it costs nothing per rerun. ``file_name`` (ASCII) defaults to the chart's key.
    """
    payload = _figure_bytes(fig)
    mount(payload, key=key, lang=lang, summary=summary(fig, lang))
    download(payload, key=key, lang=lang, csv=csv, file_name=file_name)


def download(
    payload: bytes, *, key: str, lang: str, csv: Callable[[], str] | None, file_name: str | None
) -> None:
    """The CSV button under the chart ``key`` whose figure's JSON is ``payload``, and beside it the switch
    that shows the same CSV as a table (:mod:`viz.ui.chart.table`)."""
    made = functools.partial(csv_bytes, payload, lang, csv)
    with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
        st.download_button(
            t("ui.chart.download_csv", lang),
            data=made,
            file_name=_ascii_name(file_name or f"{key}.csv"),
            mime="text/csv",
            key=f"{key}_csv",
            on_click="ignore",
            icon=":material/download:",
        )
        shown = table.switch(key=key, lang=lang)
    if shown:
        table.show(made(), lang=lang)


def csv_bytes(payload: bytes, lang: str, make: Callable[[], str] | None = None) -> bytes:
    """The file a chart's CSV button downloads: the chart's title as a ``#`` line, then ``make()`` or,
    without it, the data of the chart's Plotly JSON ``payload``; UTF-8 with a BOM (Excel needs it to
    read Korean)."""
    figure = json.loads(payload)
    title = (figure.get("layout", {}).get("title") or {}).get("text") or ""
    head = export.comment(export.plain(title)) if title else ""
    body = make() if make is not None else _data_csv(figure, lang)
    return export.excel_bytes(head + body)


def _data_csv(figure: dict[str, object], lang: str) -> str:
    return export.figure_csv(figure, x_name=t("ui.csv.x", lang), value_name=t("ui.chart.value", lang))


def data_csv(fig: go.Figure, lang: str) -> str:
    """The CSV (without its title line) that ``fig``'s own button writes: another view of the same data
    (attention as lines beside the heatmaps) offers the very same file."""
    return _data_csv(json.loads(_figure_bytes(fig)), lang)


def _ascii_name(name: str) -> str:
    """``name`` with anything but ASCII letters, digits, dot, dash and underscore made an underscore."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)
