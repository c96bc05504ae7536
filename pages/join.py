"""Join a class: a student's phone follows the teacher's lesson and answers each step's question (the
teacher starts the class on the lesson page)."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.ui import shell
from viz.views import join as views

s = shell.page_shell()
lang = s.lang

st.title(t("join.title", lang))
member = views.joined()
if member is None:
    st.write(t("join.intro", lang))
    views.join_form(lang)
else:
    code, me = member
    views.header(code, lang)
    views.follow(code, me, lang)  # polls the class's step; the question, the choices, the reveal
    views.leave_button(lang)
