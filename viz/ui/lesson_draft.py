"""The lesson a teacher is writing, kept in their session: "Add this view to my lesson" in the sidebar of
every page a step can show appends the view as it is (the page and its link's settings); the Write a
lesson page (viz/views/write.py) edits the texts, downloads, uploads and shares it. The draft is held in
the lesson file's own shape (viz/state/lesson_file.py), so what is downloaded is what was edited."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from viz.i18n import t
from viz.state import link
from viz.state.lesson import NOT_A_VIEW
from viz.state.lesson_file import FORMAT, VERSION
from viz.state.settings import Settings

DRAFT = "_lesson_draft"
_ADDED = "_lesson_draft_added"  # the step number just added, said once in the sidebar


def empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "title": {"en": "", "ko": ""}, "steps": []}


def draft() -> dict[str, Any]:
    """This session's draft (made empty on first use)."""
    found = st.session_state.get(DRAFT)
    if not isinstance(found, dict):
        found = st.session_state[DRAFT] = empty()
    return found


def new_step(view: str) -> dict[str, Any]:
    """A step on ``view`` with its texts still to write (``uid`` keys its widgets; never in the file)."""
    return {
        "uid": secrets.token_hex(4),
        "view": view,
        "question": {"en": "", "ko": ""},
        "choices": [],
        "correct": None,
        "explanation": {"en": "", "ko": ""},
    }


def _add(path: str, current: Settings) -> None:
    # The view's settings read when the button is pressed, not when the sidebar was drawn: a control in a
    # tab that is a fragment reruns the tab alone, and the sidebar (this button) is not drawn again.
    query = link.url_for(link.page(path), st.session_state.get, current)
    steps = draft()["steps"]
    steps.append(new_step(f"/{path}" + (f"?{urlencode(dict(query))}" if query else "")))
    st.session_state[_ADDED] = len(steps)


def add_button(path: str, current: Settings) -> None:
    """In the sidebar, under the settings: add the view on screen (the page at ``path`` with its settings
    as the address bar holds them, under the shared settings ``current``) as the next step of this
    session's lesson."""
    if path not in link.PAGES or path in NOT_A_VIEW:  # only a page a step can show (never the home page)
        return
    lang = current.lang
    with st.sidebar:
        st.button(
            t("ui.draft.add", lang),
            key="draft_add",
            on_click=_add,
            args=(path, current),
            help=t("ui.draft.add.help", lang),
            icon=":material/playlist_add:",
            type="tertiary",
        )
        added = st.session_state.pop(_ADDED, None)
        if added:
            st.success(t("ui.draft.added", lang, n=added))
            st.page_link("pages/write.py", label=t("ui.draft.edit", lang), icon=":material/edit_note:")
