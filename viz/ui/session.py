"""What a session starts from, and what the guided lesson borrows: the browser's language for a link that
does not say, the widgets a browser that already shows the page holds (a reconnect), and the page
controls a lesson step sets, kept to give back when the visitor leaves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from viz.state import settings
from viz.ui.widgets import choice_state_keys


def browser_lang() -> str:
    """The visitor's browser language when the app speaks it (``st.context.locale``, e.g. "ko-KR"), else
    English: what a session opens in when its link does not say."""
    locale = getattr(st.context, "locale", None)
    return "ko" if isinstance(locale, str) and locale.lower().startswith("ko") else settings.DEFAULT_LANG


def widgets_in_browser() -> set[str]:
    """The keys of the widgets whose values this run's request carries, asked before the run makes any:
    on a session's first run, empty when a page was just opened, and the page's widgets when the browser
    already shows it, i.e. a reconnect to a new server process (the one the visitor was on died or
    restarted). Those widgets hold the visitor's view (the link's, and any press made since), so the link
    is not read over them (viz.ui.shell)."""
    ctx = get_script_run_ctx()
    states = getattr(getattr(ctx, "session_state", None), "get_widget_states", None)
    if not callable(states):
        return set()
    # a keyed widget's id is "$$ID-<hash>-<key>"
    return {w.id.split("-", 2)[2] for w in states() if w.id.startswith("$$ID-") and w.id.count("-") >= 2}


URL_PAGE_CHECKED = "_url_page_checked"  # the session has read its page link (viz.ui.shell)
_BORROWED = "_borrowed_controls"  # control key -> the visitor's own value while a lesson step sets it
_ABSENT = "__no_value__"


def borrow(values: Mapping[str, object], reset: Sequence[str]) -> None:
    """Set controls for a view shown inside another page (a lesson step): ``values`` set, ``reset`` back
    to their defaults, keeping the visitor's own values to give back when they leave (:func:`give_back`).

    A translated choice's per-language widget keys go too, so the widget starts from the value set here.
    """
    saved: dict[str, object] = st.session_state.setdefault(_BORROWED, {})
    for key in [*values, *reset]:
        for k in choice_state_keys(key):  # a plain control has only the first of these
            if k not in saved:
                saved[k] = st.session_state.get(k, _ABSENT)
            st.session_state.pop(k, None)
    for key, value in values.items():
        st.session_state[key] = value


def borrowing() -> bool:
    """Whether a lesson step's settings are in place (taken back when the visitor leaves the lesson)."""
    return bool(st.session_state.get(_BORROWED))


def give_back() -> None:
    """The visitor's own values of the controls a lesson step set, back in place."""
    saved = st.session_state.pop(_BORROWED, None) or {}
    for k, value in saved.items():
        if value == _ABSENT:
            st.session_state.pop(k, None)
        else:
            st.session_state[k] = value


def open_link(file: str, query: Mapping[str, str]) -> None:
    """Open page ``file`` as a link with ``query`` would, from inside this session: the visitor's own
    settings back (a lesson step's are given back), then the link's values read over them."""
    give_back()
    st.session_state.pop(URL_PAGE_CHECKED, None)  # the next page reads its link, as a fresh session
    st.switch_page(file, query_params=dict(query))
