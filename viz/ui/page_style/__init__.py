"""What every page wears, in every view: a stylesheet and the page's language.

- The chart on the first screen: less padding above the page, a smaller title, tab names that wrap to
  a second line instead of hiding behind a scroll arrow (page.css).
- Korean text breaks between words (``word-break: keep-all``): without it a line could end inside a
  word ("위|치에만").
- The document's ``lang`` is the session's language, so a screen reader reads Korean as Korean and the
  stylesheet's ``:lang(ko)`` rules apply.

The style element is sent on every run (an element a run leaves out is removed from the page, and its
rules with it). The script (fixed text, no user input) is sent on a session's first run and when the
language changes: the ``lang`` it set stays on the document after its element is gone, and every element a
run sends costs the server a message (bench/results/elements.md).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import streamlit as st

from viz.i18n import LANGS

_HERE = Path(__file__).parent

#: The language the script last set in this session (Session State: a browser reload is a new session).
_LANG_SENT = "_page_lang_sent"

#: Sets the document's language (the sidebar's choice), once per change of it.
LANG_JS = "document.documentElement.lang = __LANG__;"


@functools.cache
def css() -> str:
    """page.css without its comments and runs of blank space."""
    text = (_HERE / "page.css").read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"\s+", " ", text).strip()


def lang_script(lang: str) -> str:
    """The script that sets ``<html lang>`` to ``lang`` (one of :data:`viz.i18n.LANGS`)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return LANG_JS.replace("__LANG__", json.dumps(lang))


def apply(lang: str) -> None:
    """Call once per run, after the sidebar: the stylesheet and the document's language."""
    with st.sidebar:
        st.html(f"<style>{css()}</style>")
        if st.session_state.get(_LANG_SENT) != lang:
            st.html(f"<script>{lang_script(lang)}</script>", unsafe_allow_javascript=True)
            st.session_state[_LANG_SENT] = lang
