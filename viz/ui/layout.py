"""A page laid out as an instrument: the chart on the first screen, its controls beside it, the long words
folded under it.

Every page has the same shape (docs/ARCHITECTURE.md, "A page"):

- a one-line title, then the page's sections (:func:`viz.ui.sections.sections`, tabs);
- in the open section, its first row (:func:`rows`): the main chart on the left (``Row.main``) and a
  narrow column beside it (``Row.side``) holding, top to bottom, the page's own controls (in the first
  open section only: :func:`page_controls`), the section's controls and live strip, and what to notice;
- everything else of the section (second charts, the notes box on where the lecture notes differ) under
  that row;
- the page's opening words, what the chosen encoding is and the notes boxes that concern the whole
  page in one folded expander at the very end (:func:`about`).

So at 1400 x 900 the main chart starts right under the tabs, in the presenter view at 1280 x 720 within
its top fifth (the side column stays beside the chart there: viz/ui/presenter), and on a phone the
columns stack with the chart first. tests/browser/test_browser_layout.py measures it on every page and tab.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from viz.i18n import t
from viz.ui.sections import Section

#: The main column's share of a row and the side column's: the side holds controls and a few lines of text
#: (about 250 px beside a 1000 px chart at 1400 wide).
MAIN, SIDE = 3, 1
#: Key prefix of a row's container: the presenter view keeps these rows side by side (viz/ui/presenter).
ROW_KEY = "al_row_"


@dataclasses.dataclass(frozen=True)
class Row:
    """A section's first row: ``main`` for its chart(s), ``side`` for its controls and what to notice."""

    main: Any
    side: Any


def row(name: str, *, main: int = MAIN, side: int = SIDE) -> Row:
    """A chart row in the current container (a keyed container, so the presenter's rules find it)."""
    with st.container(key=f"{ROW_KEY}{name}"):
        left, right = st.columns([main, side], gap="medium")
    return Row(left, right)


def rows(sections: Mapping[str, Section], *, skip: Collection[str] = (), **ratio: int) -> dict[str, Row]:
    """Each open section's first row, made now, first thing in its section (the page fills it later, in
    any order: the page's controls first, then the charts that depend on them). Sections in ``skip`` make
    their own (a fragment's widgets must be drawn in a container the fragment made)."""
    found = {}
    for name, section in sections.items():
        if section.open and name not in skip:
            with section:
                found[name] = row(name, **ratio)
    return found


def first_open(sections: Mapping[str, Section]) -> str | None:
    """The first open section's name (the one whose side column holds the page's controls)."""
    return next((name for name, section in sections.items() if section.open), None)


def page_controls(found: Mapping[str, Row]) -> Any:
    """Where the page's own controls go (the encoding, the compared one, the sample...): the side column
    of the first open section, so they sit beside the chart they move. With every section shown at once
    they are drawn once, there, and set every section; with no section open (cannot happen with tabs),
    in the page itself."""
    first = next(iter(found.values()), None)
    return first.side if first is not None else st.container()


def folded(label: str, key: str, draw: Callable[[], object], *, expanded: bool = False) -> None:
    """A folded box whose content runs, and is sent, only while it is open: opening it reruns the page (or
    its fragment). Streamlit sends a plain expander's content on every run, folded or not: the page's
    closing words cost a whole run five elements (issue 37: fewer elements a rerun).

    ``key`` keeps the box's state; a second box of the same key in one run (the same notes box in two
    sections shown at once) gets ``key_2``, and so on."""
    ctx = get_script_run_ctx(suppress_warning=True)
    used = ctx.shared.widget_user_keys_this_run if ctx is not None else ()
    unique, n = key, 2
    while unique in used:
        unique, n = f"{key}_{n}", n + 1
    panel = st.expander(label, expanded=expanded, key=unique, on_change="rerun")
    if panel.open:
        with panel:
            draw()


def about(lang: str, draw: Callable[[], object], *, expanded: bool = False) -> None:
    """The page's longer words, folded at its end (``draw`` writes them, run only while the box is open):
    its opening paragraph, what the chosen encoding is, the notes boxes that concern the whole page. A
    screen reader reaches them after the chart, as a sighted student does."""
    folded(t("ui.page.about", lang), "about", draw, expanded=expanded)


_strips = threading.local()  # each session's script runs in its own thread


@contextlib.contextmanager
def strips_in(box: Any) -> Iterator[None]:
    """Within this block, live strips (viz.ui.live) are drawn into ``box`` (a row's side column) rather
    than above the chart whose view draws them: the chart keeps the row's top, its sliders sit beside it."""
    before = getattr(_strips, "box", None)
    _strips.box = box
    try:
        yield
    finally:
        _strips.box = before


def strip_box() -> contextlib.AbstractContextManager[Any]:
    """Where a live strip goes now: the box :func:`strips_in` set, else the current container."""
    box = getattr(_strips, "box", None)
    return box if box is not None else contextlib.nullcontext()
