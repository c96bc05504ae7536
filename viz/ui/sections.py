"""A page's sections: tabs of which only the open one runs, or every section one under the other."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any, cast

import streamlit as st

from viz.ui.widgets import language_widget


@dataclasses.dataclass(frozen=True)
class Section:
    """One section of a page: a tab, or (every section at once) a container under its heading.

    ``open`` says whether it is shown; a page draws a section's charts only then, so a slider move
    redraws only what is on screen. ``with section:`` writes into it.
    """

    box: Any
    open: bool

    def __enter__(self) -> Any:
        return self.box.__enter__()

    def __exit__(self, *exc: object) -> bool | None:
        return cast("bool | None", self.box.__exit__(*exc))


#: The sidebar switch that shows every section of a page at once instead of as tabs (kept for the session).
ALL_SECTIONS = "all_sections"


def sections(
    key: str, labels: Mapping[str, str], *, lang: str, own_headings: Collection[str] = ()
) -> dict[str, Section]:
    """A page's sections as tabs, of which only the open one runs (``Section.open``); with the sidebar's
    "every section at once" switch on, one under the other, each under its label as a heading (but
    those in ``own_headings``, which write their own).

    ``labels`` maps each section's id to its label in ``lang``. The open tab is kept under ``key`` by
    id, so it survives a language switch (the tabs widget itself is keyed per language, as in
    :func:`choice`).
    """
    ids = list(labels)
    if st.session_state.get(ALL_SECTIONS):
        found = {}
        for name in ids:
            box = st.container()
            if name not in own_headings:
                box.subheader(labels[name])
            found[name] = Section(box, True)
        return found
    remembered = st.session_state.get(key)
    stored = remembered if remembered in ids else ids[0]
    # The tab to open is set through Session State, not ``default``: a default is part of the widget's
    # id, so every click would make a new widget.
    widget_key = language_widget(key, lang, labels[stored], first_run=True)
    tabs = st.tabs([labels[name] for name in ids], key=widget_key, on_change="rerun")
    found = {name: Section(tab, bool(tab.open)) for name, tab in zip(ids, tabs, strict=True)}
    st.session_state[key] = next((name for name, section in found.items() if section.open), stored)
    return found
