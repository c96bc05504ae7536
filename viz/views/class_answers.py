"""What the class answered, on the lesson page under the class bar (viz/views/classroom.py): how many have
answered while the step waits, polled; once it is revealed, what they chose as a histogram and how many
opened the view on their own phone; and the step's choices lettered as the phones letter them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

import streamlit as st

from viz.classroom import backends
from viz.classroom.store import ClassState
from viz.figures import answer_bars
from viz.i18n import t
from viz.state.lesson import Step
from viz.ui import chart
from viz.views.classroom import LETTERS, POLL_SECONDS, attempt_value, call, say

T = TypeVar("T")


def show(code: str, step: Step, revealed: bool, lang: str) -> None:
    """The running class's answers at ``step``: its count while it waits, its histogram once revealed."""
    if not step.choices:
        st.caption(t("answers.no_choices", lang))
    elif revealed:
        results(code, step, lang)
    else:
        _count(code, step.number, lang)


def choice_list(step: Step, shown: bool, lang: str) -> None:
    """The step's choices, lettered as the phones and the histogram letter them (the right one marked
    once ``shown``): a class without phones answers by hand."""
    for i in range(len(step.choices)):
        key = "answers.right" if shown and i == step.correct else "answers.choice"
        st.markdown(t(key, lang, letter=LETTERS[i], text=step.choice(i, lang)))


@st.fragment(run_every=POLL_SECONDS)
def _count(code: str, number: int, lang: str) -> None:
    """How many have answered the waiting step: this fragment alone polls the store twice a second."""
    found = _poll(lang, backends.shared().counts, code, number)
    if found is not None:
        with st.container(key="class_count"):
            counts, students = found
            st.markdown(t("answers.waiting", lang, answered=sum(counts.values()), students=students))


def results(code: str, step: Step, lang: str) -> None:
    """What the class chose at ``step``, the right choice green (answers are closed once revealed)."""
    counts = call(lang, backends.shared().counts, code, step.number)
    if counts is None:
        return
    labels = [LETTERS[i] + (" ✓" if i == step.correct else "") for i in range(len(step.choices))]
    hover = [step.choice(i, lang) for i in range(len(step.choices))]
    values = [counts.get(i, 0) for i in range(len(step.choices))]
    fig = answer_bars(
        labels,
        values,
        correct=step.correct,
        hover=hover,
        title=t("answers.chart.title", lang, n=step.number, answered=sum(values)),
        x_title=t("answers.chart.x", lang),
        y_title=t("answers.chart.y", lang),
        hovertemplate=t("answers.chart.hover", lang),
    )
    main, side = st.columns([3, 2])
    with main:
        chart.chart(fig, key="class_answers", lang=lang, file_name=f"class-{code}-step-{step.number}.csv")
    with side:
        st.markdown(t("answers.chart.notice", lang))
        _explored(code, step.number, lang)


@st.fragment(run_every=1.0)
def _explored(code: str, number: int, lang: str) -> None:
    """How many opened the revealed step's view on their own phone ("now move it yourselves")."""
    found = _poll(lang, backends.shared().explored, code, number)
    if found is not None:
        with st.container(key="class_explored"):
            st.markdown(t("answers.explored", lang, n=found[0], students=found[1]))


def _poll(lang: str, fn: Callable[[str, int], T], code: str, number: int) -> tuple[T, int] | None:
    """``fn(code, number)`` and the class's count of students, or None with the first failure said (one
    message however many of the calls failed). A class that ended meanwhile reruns the page, which lets
    go of it."""
    went, state = attempt_value(backends.shared().state, code)
    if went and isinstance(state, ClassState):
        went, value = attempt_value(fn, code, number)
        if went:
            return cast(T, value), state.students
        state = value
    if state != "unavailable":
        st.rerun()
    say(str(state), lang)
    return None
