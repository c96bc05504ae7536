"""The presenter view: any page made for a projector (the sidebar's switch, ``present=1`` in the link).

What it changes, and why (measured in docs/performance.md, checked by tests/unit/ui/test_presenter.py):

- Text sized to the screen, not to the pixel: the page's root font is 1/64 of the window's width, at
  least 20 px (20 px at 1280 wide, 30 px at 1920, and the same share of the picture at any zoom), so
  the body is 20 px or more and the page's chrome (title, tabs, padding, gaps) shrinks to fit a first
  screen. presenter.css.
- Charts: their fonts, heights, line widths and colours are set in the browser (plot.js here, served as
  static/attention-lab-present.js and fetched by a chart whose config says ``present``), so the figures
  every session shares stay as they are: tick labels 16 px or more at 1280 wide (scaled with the window
  as the text is), titles larger, the chart at least 70% of the window's height (or 1.6 times its own
  height, if that is less), lines and markers larger in proportion, and :data:`PALETTES` in place of
  the scales that turn to white on a washed-out projector.
- Explanations (paragraphs, captions, info boxes, the ✏ boxes on where the notes differ) folded to
  their first line; a click opens one (presenter.js). Other warnings and errors are never folded. In a
  row of one chart, the chart's column takes the whole row and the words beside it go under it; but a
  section's first row (viz.ui.layout) keeps its controls beside its chart, since they move it.
- The sidebar collapsed when the view is switched on (its button still opens it).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from pathlib import Path

import streamlit as st
from plotly.colors import get_colorscale, sample_colorscale

from viz.figures import DIVERGING
from viz.i18n import t

#: Session State key of the switch (its URL parameter is ``present``).
KEY = "presenter"
#: The switch in the session's last run: the run that turns it on closes the sidebar.
_WAS_ON = "_presenter_was_on"

#: Close the sidebar if it is open (fixed code, run once: see :func:`apply`).
COLLAPSE_JS = """
(() => {
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (sidebar && close && sidebar.getAttribute('data-collapsed') !== 'true') close.click();
})();
"""

_HERE = Path(__file__).parent

#: What is folded to one line: explanations (paragraphs, captions, info boxes, and the ✏ boxes on where
#: the notes differ: the warnings with an expander right under them, viz.ui.notes), not other warnings or
#: errors. Never folded: what an expander holds (it is already a click away), a lesson step's question,
#: the home page's cards, a table.
FOLD = (
    '[data-testid="stMain"] :is([data-testid="stMarkdown"], [data-testid="stCaptionContainer"],'
    ' [data-testid="stAlertContentInfo"],'
    ' [data-testid="stElementContainer"]:has(+ [data-testid="stLayoutWrapper"] > [data-testid="stExpander"])'
    ' [data-testid="stAlertContentWarning"])'
    ':not([data-testid="stExpanderDetails"] *, .st-key-lesson_head *, .st-key-home_path *):not(:has(table))'
)


def _colors(name: str) -> list[str]:
    return [color for _, color in get_colorscale(name)]


def _remapped(name: str, *, diverging: bool, gamma: float, steps: int = 21) -> list[list[object]]:
    """Scale ``name`` with its colours pulled towards its pale end (its centre, when ``diverging``) by
    ``gamma`` < 1: a small value already gets a tint a projector keeps."""
    places = [i / (steps - 1) for i in range(steps)]
    if diverging:
        shifted = [0.5 + 0.5 * (1 if p >= 0.5 else -1) * abs(2 * p - 1) ** gamma for p in places]
    else:
        shifted = [p**gamma for p in places]
    return [[p, c] for p, c in zip(places, sample_colorscale(get_colorscale(name), shifted), strict=True)]


#: The presenter's scales, by the scale they replace. RdBu_r's pale centre and all of Blues (the attention
#: maps') turn white under a projector's wash: under a 40% mix with white, a tenth of either scale's range
#: can differ by less than ΔE 7 (Blues: 3.6). Each replacement keeps every tenth of its range 8 or more
#: apart under the same wash; Viridis already does and stays (tests/unit/ui/test_presenter.py measures all
#: four).
PALETTES: dict[str, list[list[object]]] = {
    DIVERGING: _remapped(DIVERGING, diverging=True, gamma=0.8),
    "Blues": _remapped("YlOrRd", diverging=False, gamma=0.8),
}

#: Line and marker colours for traces that do not set their own: plotly.js's default order (the D3
#: colours the app's charts otherwise take: blue, orange, green, red, ...), each darker, so that the n-th
#: line keeps its hue and stays readable on a washed-out projector (D3's grey, cyan and pink fade).
COLORWAY = (
    "#1f4e9c", "#c25400", "#1b7f3b", "#b3202a", "#6a3d9a",
    "#7a4a3a", "#b0407f", "#555555", "#6b6b00", "#00727f",
)  # fmt: skip


def chart_settings() -> dict[str, object]:
    """What the presenter's plot.js needs: each replaced scale, found by its colours (a figure's JSON
    holds a named scale as its colour list), and the colourway."""
    return {
        "scales": {"|".join(_colors(name)): scale for name, scale in PALETTES.items()},
        "colorway": list(COLORWAY),
    }


#: The placeholder in plot.js that :func:`plot_script` fills with :func:`chart_settings`.
PLACEHOLDER = "__ATTENTION_LAB_PRESENTER__"


def plot_script() -> bytes:
    """``static/attention-lab-present.js`` (viz/ui/chart/plotly_js.py serves it): plot.js with
    :func:`chart_settings` as JSON, its comment lines left out."""
    source = (_HERE / "plot.js").read_text(encoding="utf-8")
    if source.count(PLACEHOLDER) != 1:
        raise ValueError(f"plot.js must hold {PLACEHOLDER} exactly once")
    lines = (line for line in source.replace(PLACEHOLDER, json.dumps(chart_settings())).splitlines())
    return "\n".join(line for line in lines if line.strip() and not line.lstrip().startswith("//")).encode()


def on() -> bool:
    """Whether this session shows the presenter view."""
    return bool(st.session_state.get(KEY))


def toggle(lang: str) -> None:
    """The sidebar's switch (kept across pages; the link's ``present`` seeds it)."""
    st.toggle(
        t("ui.sidebar.presenter", lang),
        key=KEY,
        help=t("ui.sidebar.presenter.help", lang),
        persist_state="session",
    )


def _asset(name: str) -> str:
    lines = (line.rstrip() for line in (_HERE / name).read_text(encoding="utf-8").splitlines())
    return "\n".join(line for line in lines if line and not line.lstrip().startswith("//"))


def apply() -> None:
    """Call after the sidebar: the sidebar's state, and in the presenter view its stylesheet and the
    script that opens a folded explanation. Fixed text only: nothing a visitor typed reaches it."""
    present = on()
    # Streamlit collapses the sidebar when this changes to "collapsed"; on later runs it is unchanged, so
    # a teacher can open the sidebar in the presenter view (its switch is there).
    st.set_page_config(initial_sidebar_state="collapsed" if present else "auto")
    switched_on = present and st.session_state.get(_WAS_ON) is not True
    st.session_state[_WAS_ON] = present
    if not present:
        return
    with st.sidebar:
        st.html(f"<style>{_css()}</style>")
        st.html(f"<script>{_js()}</script>", unsafe_allow_javascript=True)
        if switched_on:
            # Once a visitor has opened or closed the sidebar by its button, Streamlit keeps that choice in
            # the browser and no longer follows the page config: this closes it, in the one run where
            # the view is switched on (every run would close it under a teacher's hand).
            st.html(f"<script>{COLLAPSE_JS}</script>", unsafe_allow_javascript=True)


#: A row of columns that holds one chart: the chart's column takes the whole width and the words beside
#: it go under it. A row of two charts (a comparison) stays side by side.
_ROW = '[data-testid="stMain"] [data-testid="stHorizontalBlock"]'


def _chart_in(column: str) -> str:
    return f':has(> [data-testid="stColumn"]{column} .al-plot)'


ONE_CHART_ROW = (
    _ROW
    # a section's first row (viz.ui.layout) keeps its controls beside its chart: they move it
    + ':not([class*="st-key-al_row_"] [data-testid="stHorizontalBlock"])'
    + _chart_in("")
    + "".join(
        f":not({_chart_in(f':nth-child({i})')}{_chart_in(f':nth-child({j})')})"
        for i, j in itertools.combinations(range(1, 5), 2)
    )
)


@functools.cache
def _css() -> str:
    """presenter.css, then the rules for a one-chart row and the folding rules (CSS nesting, so that each
    long selector is sent once a run): a folded explanation is one line ending in an ellipsis (its
    paragraphs and lists run on in that line); an opened one is as it was."""
    return _minified(
        _asset("presenter.css")
        + f"\n{ONE_CHART_ROW} {{ flex-wrap: wrap; & > [data-testid='stColumn'] {{ flex: 1 1 100% !important;"
        " width: 100% !important; min-width: 100% !important; } }\n"
        f"{FOLD} {{ &[data-al-open] {{ cursor: zoom-out; }}\n"
        "&:not([data-al-open]) { white-space: nowrap; overflow: hidden; text-overflow: ellipsis;"
        " cursor: pointer; margin-bottom: 0 !important;\n"
        "& [data-testid='stMarkdownContainer'] { overflow: hidden; text-overflow: ellipsis;"
        " margin-bottom: 0 !important; }\n"
        "& :is(p, ul, ol, li, blockquote) { display: inline; margin: 0; padding: 0; }\n"
        "& * { white-space: nowrap !important; } & br { display: none; }"
        " & :is(p, li)::after { content: ' '; } } }\n"
    )


def _minified(css: str) -> str:
    """``css`` without its comments and runs of blank space (the stylesheet is sent with every run)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return re.sub(r"\s+", " ", css).strip()


@functools.cache
def _js() -> str:
    return _asset("presenter.js").replace("__FOLD__", json.dumps(FOLD))
