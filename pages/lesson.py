"""A guided lesson: the notes' argument one view at a time (the steps are viz/i18n/lesson.py)."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.ui import shell
from viz.views import lesson as views

s = shell.page_shell()
lang = s.lang

st.title(t("lesson.title", lang))
st.write(t("lesson.intro", lang))
views.keys()  # Next / Back from the arrow keys and a clicker's PageDown / PageUp
step = views.current()
views.seed(step)  # the step's settings on its page's controls, once per step
if views.header(step, lang):
    views.view(step)
