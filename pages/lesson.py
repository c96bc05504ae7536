"""A guided lesson: the notes' argument one view at a time (the steps are viz/i18n/lesson.py, or a
teacher's lesson file shared by its code), with the class answering from their phones when a class runs."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.ui import shell
from viz.views import class_answers, classroom
from viz.views import lesson as views

s = shell.page_shell()
lang = s.lang

st.title(t("lesson.title", lang))
st.write(t("lesson.intro", lang))
room = classroom.teacher(lang)  # the class this browser runs, read from the store once per run
used = classroom.lesson_in_use(room, lang)  # the class's lesson, a shared one the link names, or the built-in
if used is None:  # a shared lesson, with the store out of reach: no other lesson's step meanwhile
    classroom.reconnecting(room, lang)
    st.stop()
classroom.lesson_title(used, lang)
views.keys(used)  # Next / Back from the arrow keys and a clicker's PageDown / PageUp
step = views.current(used)
views.seed(step)  # the step's settings on its page's controls, once per step
shown = classroom.sync(room, step, views.revealed(step), lang)  # the class follows the teacher's step
if shown:
    views.mark_revealed(step)
views.header(step, len(used.steps), shown, lang)
running = classroom.panel(room, used, lang)  # Start a class, or the running class's bar
if running:
    class_answers.show(running, step, shown, lang)  # the answers' count, or once revealed what they chose
if shown:
    views.explain(step, lang)
    views.view(step)
