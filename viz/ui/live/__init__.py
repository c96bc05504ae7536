"""Charts that follow a slider while it is dragged.

A Streamlit slider sends its value only when released, and every value costs a server round trip. For
the charts whose content is a closed-form function of a few numbers, the browser computes and redraws
them itself while a slider moves:

- :func:`live_strip` draws native range inputs (the chart component in its "strip" form). Dragging one
  redraws its group's live charts every animation frame; letting go sends the values back once, and
  :mod:`viz.ui.live.release` writes them into the Streamlit widgets' keys they mirror (the page's
  ``sim_p`` ...), so the rest of the page, the other charts and the link follow. The server stays
  the source of truth: what it sends next is what every chart shows.
- :func:`live_chart` sends a figure without its data plus a recipe's parameters (bytes: the parameters,
  not the matrix). A recipe in the browser computes the data. The reference is the figure the server
  would draw itself (the view's ``truth``, also the CSV's): Node.js holds every recipe to it at 1e-6 on
  each page's parameters (tests/js/test_live_<topic>.py) and the closed form to ``viz/``'s maths
  (tests/js/test_closed_form_js.py); tests/browser/test_browser_live.py proves the page's wiring.

The browser's side is one file, static/attention-lab-live.js (:func:`served_script`), made of these in
this order (:data:`SCRIPTS`), each registering into one namespace:

- ``namespace.js``: the namespace (``globalThis.AttentionLab``), declared once;
- ``closed_form/<topic>.js``: the maths, DOM-free (tests/js and bench/ run it alone: ``closed_form_script``);
- ``twins.js``: JavaScript twins of the Python rules several recipes share (the stride, colours, rint);
- ``recipes/<topic>.js``: each live chart's recipe (its parameters in, the figure's data and texts filled);
- ``runtime.js``: groups, frame scheduling, charts out of view, filling a figure and its texts;
- ``strip.js``: the strip widget and its release / acknowledgement protocol;
- ``sidebar.js``: the sidebar's own d_model, max_len and base sliders driving the charts that follow them
  while dragged (a strip draws no copy of them: one control per value).

Adding a live chart to a topic of :data:`TOPICS` touches only the files named after that topic: its recipe
in ``recipes/<topic>.js`` (any new maths in ``closed_form/<topic>.js``), the view that draws it in
``viz/views/<topic>.py`` (its ``truth``: the figure the server would draw, which the recipe must equal) and
its page's parameters in ``tests/js/test_live_<topic>.py``; plus its name in :data:`TOPICS` (one line). A
new topic is one more line there, and its files. (The encoding table is ``viz/views/encoding.py``'s, the
view every page showing a table shares.)
"""

from __future__ import annotations

import functools
import json
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st

from viz import figures
from viz.encodings import EncodingSpec
from viz.figures import export
from viz.figures.summary import summary as figure_summary
from viz.i18n import t
from viz.state import settings
from viz.ui import chart as chart_ui
from viz.ui import layout
from viz.ui.live import release

_HERE = Path(__file__).resolve().parent

#: figures.heatmap's two colour scales as stops (plotly.js knows "RdBu", not plotly.py's reversed
#: "RdBu_r"): a live heatmap picks one as the server would, from the signs of its values.
SCALES: dict[str, list[list[object]]] = {
    name: json.loads(pio.to_json(go.Figure(go.Heatmap(colorscale=scale)), validate=False))["data"][0][
        "colorscale"
    ]
    for name, scale in (("diverging", figures.DIVERGING), ("sequential", figures.SEQUENTIAL))
}

#: The live charts by topic, each topic's recipes in recipes/<topic>.js and its maths in
#: closed_form/<topic>.js (tests/js checks these names against the recipes the JavaScript registers).
TOPICS: dict[str, tuple[str, ...]] = {
    "positional_encoding": ("pe_table", "pe_curves"),
    "similarity": ("sim_row", "sim_offset"),
    "softmax": ("sm_row", "sm_hist"),
    "relative": ("alibi_matrix", "alibi_lines", "t5_matrix", "t5_lines", "kerple_matrix", "kerple_lines"),
    "rope_scaling": ("rs_waves", "rs_ramp", "rs_scores"),
}
RECIPES: tuple[str, ...] = tuple(name for names in TOPICS.values() for name in names)

#: The closed form alone (DOM-free), then everything the page needs: the files of the served script in the
#: order they run (each one's namespace parts are declared by the files before it).
CLOSED_FORM_SCRIPTS: tuple[Path, ...] = (
    _HERE / "namespace.js",
    *(_HERE / "closed_form" / f"{topic}.js" for topic in TOPICS),
)
SCRIPTS: tuple[Path, ...] = (
    *CLOSED_FORM_SCRIPTS,
    _HERE / "twins.js",
    *(_HERE / "recipes" / f"{topic}.js" for topic in TOPICS),
    _HERE / "runtime.js",
    _HERE / "strip.js",
    _HERE / "sidebar.js",
)


def _joined(paths: Sequence[Path]) -> bytes:
    """``paths`` one after the other, without their comment lines and blank lines (a smaller download)."""
    parts = []
    for path in paths:
        lines = path.read_text(encoding="utf-8").splitlines()
        parts.append("\n".join(line for line in lines if line.strip() and not line.lstrip().startswith("//")))
    return ("\n".join(parts) + "\n").encode()


def served_script() -> bytes:
    """``static/attention-lab-live.js``: every file of :data:`SCRIPTS`, in order."""
    return _joined(SCRIPTS)


def closed_form_script() -> bytes:
    """The closed form alone (``globalThis.AttentionLabClosedForm``), for a page or Node.js without the
    charts."""
    return _joined(CLOSED_FORM_SCRIPTS)


@dataclass(frozen=True)
class LiveSlider:
    """One range input of a strip: ``name`` in the recipes' parameters, mirroring Streamlit's ``key``.

    Either ``options`` (a select-slider's values, moved through by index) or ``lo``..``hi`` by ``step``.
    """

    name: str
    key: str
    label: str
    value: float
    lo: float = 0.0
    hi: float = 0.0
    step: float = 1.0
    options: tuple[int, ...] | None = None

    def coerce(self, raw: object) -> float | None:
        """``raw`` (from the browser: anything) as a value this slider can hold, or None."""
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            return None
        if self.options is not None:
            return int(raw) if raw in self.options else None
        if not self.lo <= raw <= self.hi:
            return None
        steps = round((raw - self.lo) / self.step)
        value = self.lo + steps * self.step
        if float(self.step).is_integer() and float(self.lo).is_integer():
            return round(value)
        return round(value, 10)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "label": self.label, "value": self.value}
        if self.options is not None:
            out["options"] = list(self.options)
        else:
            out.update({"min": self.lo, "max": self.hi, "step": self.step})
        return out


#: The sidebar's shared settings: a strip's slider for one of them is not the page's second copy of a
#: control but the sidebar's, which stays where every page has it.
SIDEBAR_KEYS = frozenset({"d_model", "max_len", "base", "heads"})
_KEY = re.compile(r"[a-z0-9_]+")


def twin_css(sliders: Sequence[LiveSlider]) -> str:
    """The rule that hides the page's own Streamlit widgets that ``sliders`` mirror (one control per
    value on the screen); empty when they mirror none. The widgets stay in the page, hidden: they hold the
    value the server reads, the release writes it there, and a link seeds it as before."""
    keys = [s.key for s in sliders if s.key not in SIDEBAR_KEYS]
    for key in keys:
        if not _KEY.fullmatch(key):
            raise ValueError(f"not a widget key: {key!r}")
    if not keys:
        return ""
    return ", ".join(f"[data-testid='stMain'] .st-key-{key}" for key in keys) + " { display: none; }"


def hide_twins(sliders: Sequence[LiveSlider]) -> None:
    """Draw :func:`twin_css` (nothing when there is no twin): while the strip is on the screen, its
    sliders are the only ones for their values."""
    css = twin_css(sliders)
    if css:
        st.html(f"<style>{css}</style>")


_followed = threading.local()  # this thread's (session's) groups and the sidebar settings they follow


def followed(group: str) -> list[str]:
    """The sidebar's settings ``group``'s charts follow while dragged (its strip's sidebar sliders)."""
    found: dict[str, list[str]] = getattr(_followed, "groups", {})
    return list(found.get(group, []))


def live_strip(group: str, sliders: Sequence[LiveSlider], *, key: str, lang: str) -> None:
    """Range inputs that redraw ``group``'s live charts as they move and set the page on release.

    A slider for one of the sidebar's settings (:data:`SIDEBAR_KEYS`) is not drawn: the sidebar's own
    slider drives the charts while it is dragged (sidebar.js; the charts' ``follow`` parameter names
    it), so the screen shows one control per value. A strip left with no slider of its own is a line
    saying so.
    """
    own = [s for s in sliders if s.key not in SIDEBAR_KEYS]
    groups: dict[str, list[str]] = getattr(_followed, "groups", {})
    groups[group] = [s.name for s in sliders if s.key in SIDEBAR_KEYS]
    _followed.groups = groups
    if not own:
        with layout.strip_box():
            st.caption(t("ui.live.sidebar", lang))
        return
    sliders = own
    ack = st.session_state.get(release.ack_key(key), 0)
    payload = {
        "strip": {
            "group": group,
            "title": t("ui.live.title", lang),
            "hint": t("ui.live.hint", lang),
            "ack": ack if isinstance(ack, int) else 0,
            "sliders": [s.as_json() for s in sliders],
        }
    }
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    with layout.strip_box():  # beside the chart, in a row's side column (viz.ui.layout)
        hide_twins(sliders)
        result = chart_ui.mount(
            data, key=key, lang=lang, on_released=functools.partial(release.released, key, tuple(sliders))
        )
    release.catch_missed(key, sliders, result)


def live_chart(
    fig: go.Figure,
    *,
    recipe: str,
    params: Mapping[str, Any],
    texts: Mapping[str, str],
    group: str,
    key: str,
    lang: str,
    truth: Callable[[], go.Figure],
    file_name: str,
    csv: Callable[[], str] | None = None,
) -> None:
    """``fig`` (built with placeholder data and the true titles) drawn by ``recipe`` from ``params``.

    ``texts`` maps a figure path ("layout.title.text") to its text with ``{name}`` placeholders that
    the browser fills from the parameters while a slider of ``group`` moves. ``truth`` builds, when
    asked, the figure the server would draw itself from the same parameters: what the recipe must draw
    (tests/js holds each recipe to it in Node.js) and what the CSV is made of, unless ``csv`` makes
    another (the whole table behind a strided chart, every pair behind a thinned one).
    """
    if recipe not in RECIPES:
        raise ValueError(f"unknown recipe {recipe!r}")
    figure = json.loads(pio.to_json(fig, validate=False))
    follow = followed(group)  # the sidebar's settings that move it while dragged (sidebar.js)
    live = {
        "recipe": recipe,
        "params": dict(params),
        "texts": dict(texts),
        "group": group,
        **({"follow": follow} if follow else {}),
    }
    payload = json.dumps({**figure, "live": live}, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    summary = _truth_summary(recipe, params, lang, truth)
    chart_ui.mount(payload.encode("utf-8"), key=key, lang=lang, summary=summary)
    # the CSV's title line is the chart's title as drawn: its template filled with the parameters
    titled = {"layout": {"title": {"text": (figure.get("layout", {}).get("title") or {}).get("text", "")}}}
    fill_texts(titled, {k: v for k, v in texts.items() if k == "layout.title.text"}, params)
    made = csv if csv is not None else lambda: figure_csv(truth(), lang)
    chart_ui.download(json.dumps(titled).encode("utf-8"), key=key, lang=lang, csv=made, file_name=file_name)


#: (recipe, parameters, language) -> the summary of the server's figure for them, the newest last.
_summaries: OrderedDict[tuple[str, str, str], str] = OrderedDict()
_summaries_lock = threading.Lock()
#: Summaries kept: a class dragging one slider back and forth meets the same few hundred settings.
SUMMARIES_KEPT = 512


def _truth_summary(recipe: str, params: Mapping[str, Any], lang: str, truth: Callable[[], go.Figure]) -> str:
    """A live chart's text alternative: the summary (viz.figures.summary) of the figure the server would
    draw, ``truth()``, at the parameters the server sent. Static while a slider is dragged (the browser
    computes the frames); made once per recipe, parameters and language, so a rerun that changes
    nothing for this chart does not build its truth."""
    found_key = (recipe, json.dumps(dict(params), sort_keys=True, default=str), lang)
    with _summaries_lock:
        found = _summaries.get(found_key)
        if found is not None:
            _summaries.move_to_end(found_key)
            return found
    text = figure_summary(truth(), lang, t)
    with _summaries_lock:
        _summaries[found_key] = text
        while len(_summaries) > SUMMARIES_KEPT:
            _summaries.popitem(last=False)
    return text


_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\.\d[fg]))?\}")


def fill_texts(figure: dict[str, Any], texts: Mapping[str, str], params: Mapping[str, Any]) -> None:
    """runtime.js's ``fillTexts`` in Python: each path of ``texts`` ("layout.title.text", "data.1.name") set
    to its template with ``{name}``, ``{name:.Nf}`` or ``{name:.Ng}`` filled from ``params`` (a float
    plain as ``:g`` writes it, as runtime.js does)."""

    def value(match: re.Match[str]) -> str:
        name, spec = match[1], match[2]
        if name not in params:
            return match[0]
        v = params[name]
        if spec:
            return format(v, spec)
        return f"{v:g}" if isinstance(v, float) else str(v)

    for path, text in texts.items():
        *head, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        at: Any = figure
        for k in head:
            at = at[k]
        at[last] = _PLACEHOLDER.sub(value, text)


def figure_csv(fig: go.Figure, lang: str) -> str:
    """The CSV the chart component writes for ``fig`` (:func:`viz.figures.export.figure_csv`): a live chart's
    CSV is made on the server, from a figure built with the true data when its button is pressed."""
    return export.figure_csv(
        json.loads(pio.to_json(fig, validate=False)),
        x_name=t("ui.csv.x", lang),
        value_name=t("ui.chart.value", lang),
    )


def template(key: str, lang: str, *, live: Sequence[str] | Mapping[str, str], **values: object) -> str:
    """The string ``key`` with the ``live`` placeholders left as ``{name}`` for the browser to fill (a mapping
    renames them: placeholder -> the recipe's parameter)."""
    names = live if isinstance(live, Mapping) else {name: name for name in live}
    return t(key, lang, **values, **{held: "{" + param + "}" for held, param in names.items()})


def table_sliders(current: settings.Settings, lang: str) -> list[LiveSlider]:
    """The sidebar's d_model, max_len and base as a strip's sliders (they set the sidebar's keys)."""
    return [
        LiveSlider(
            "d_model", "d_model", t("ui.sidebar.d_model", lang), current.d_model, *settings.D_MODEL_RANGE
        ),
        LiveSlider(
            "max_len", "max_len", t("ui.sidebar.max_len", lang), current.max_len, *settings.MAX_LEN_RANGE
        ),
        LiveSlider("base", "base", t("ui.sidebar.base", lang), current.base, options=settings.BASE_OPTIONS),
    ]


def spec_params(spec: EncodingSpec) -> dict[str, object]:
    """An encoding spec as a recipe's parameters (the closed form's names, as Python spells them)."""
    return {
        "kind": spec.kind,
        "max_len": spec.max_len,
        "d_model": spec.d_model,
        "base": spec.base,
        "layout": spec.layout,
    }
