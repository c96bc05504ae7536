"""The notes on a link's refused values: which value, the rule it broke and what is used instead, shown
as plain text (a value from a link never reaches Markdown)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from viz.i18n import t
from viz.state import link as url_link
from viz.state.settings import UrlProblem


def url_note(problem: UrlProblem, lang: str) -> str:
    """The sentence that says a link's value was refused and what is used instead."""
    rule = t(problem.rule, lang, **dict(problem.rule_values))
    default = t("ui.url.page_default", lang) if problem.default is None else problem.default
    value = url_link.quote(problem.value)
    return t("ui.url.invalid", lang, key=problem.key, value=value, rule=rule, default=default)


def url_notes(problems: Sequence[UrlProblem], lang: str, *, key: str) -> None:
    """Say which of a link's values were refused, as plain text.

    Never through Markdown (``st.warning`` and friends render it): a value from a link could make a
    link or an image there, and Streamlit turns bare URLs and ``:shortcodes:`` into links and icons
    even when Markdown is escaped. ``st.text`` shows characters as they are.
    """
    with st.container(border=True, key=key):
        st.warning(t("ui.url.heading", lang), icon="⚠️")
        for problem in problems:
            st.text(url_note(problem, lang))
