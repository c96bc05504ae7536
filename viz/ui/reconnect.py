"""A page whose sections are fragments (:func:`viz.ui.shell.fragment`) runs whole when its browser
reconnects, so a press in a fragment still works after the visitor's server process died.

Why: after a reconnect Streamlit's browser asks the server for a run only when its last run was a
fragment's, a run was under way, or the page holds a fragment that reruns on a timer. A visitor whose
process died is sent to another (``make serve``), where a new session starts that has run nothing; the
first press in a fragment then asks for a fragment that session never registered, and Streamlit drops
it: the control moves and the chart never follows (found with the Similarity page's strip, 2026-12-01).
A fragment on a long timer, drawing nothing, makes the browser ask for a whole run on every reconnect,
which registers the page's fragments in the new session before any press.
"""

from __future__ import annotations

import threading

import streamlit as st

#: The timer's period: long, since only its existence matters (its own rerun draws nothing).
PERIOD_S = 3600.0

_run = threading.local()  # each session's script runs in its own thread


def begin() -> None:
    """A page's run starts: it has defined no fragment yet."""
    _run.fragments = False


def mark() -> None:
    """This run defined a fragment (called by :func:`viz.ui.shell.fragment`)."""
    _run.fragments = True


def end() -> None:
    """A page's run ends: when it defined a fragment, draw the timer (in the sidebar, where its empty
    container takes no room under the page)."""
    if getattr(_run, "fragments", False):
        with st.sidebar:
            _timer()
    _run.fragments = False


@st.fragment(run_every=PERIOD_S)
def _timer() -> None:
    """Draws nothing: its timer is what the browser checks on a reconnect."""
