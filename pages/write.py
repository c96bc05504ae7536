"""Write a lesson: the views a teacher added from the pages, their questions and choices written here,
checked, downloaded, uploaded, and shared by a code (a class then runs it on the lesson page)."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.ui import shell
from viz.views import write as views

s = shell.page_shell()
lang = s.lang

st.title(t("write.title", lang))
st.write(t("write.intro", lang))
views.sources(lang)  # the built-in lesson, a file, or start again
views.title(lang)
views.steps(lang)  # each step's view, its question, choices, right one and explanation
views.finish(lang)  # checked; Download and Share by a code
