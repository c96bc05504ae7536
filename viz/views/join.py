"""The class in the loop, a student's side (the join page, made for a phone): join with the code and an
optional nickname, then follow the teacher's step: its question and choices, one answer (changed at will
until the reveal), then the right answer and what the view shows. The student's token is in their own
link (me), so a student whose server process died carries on from another."""

from __future__ import annotations

import streamlit as st

from viz.classroom import backends
from viz.classroom.store import CODE_ALPHABET, CODE_LENGTH, NICKNAME_MAX
from viz.i18n import t
from viz.state.lesson import Step
from viz.ui import session
from viz.views import classroom

CODE_KEY = "join_code"  # the class (in the link: code)
ME_KEY = "join_me"  # the student's token (in the link: me)
_NICKNAME = "_join_nickname"
_SENT = "_join_sent"  # (code, step) -> the choice the store took
_REFUSED = "_join_refused"  # a refusal met in a callback, said on the next run
#: How often a phone asks for the teacher's step: a new question shows within two seconds, at half a
#: rerun a second per student.
POLL_SECONDS = 2.0


def joined() -> tuple[str, str] | None:
    """The class and the token this session joined with (the link's, or the form's)."""
    code, me = st.session_state.get(CODE_KEY), st.session_state.get(ME_KEY)
    return (str(code), str(me)) if code and me else None


def join_form(lang: str) -> None:
    """The code (filled in from the link), a nickname, and Join."""
    with st.form("join_form", border=False):
        typed = st.text_input(
            t("join.code", lang), value=str(st.session_state.get(CODE_KEY) or ""), max_chars=CODE_LENGTH + 4
        )
        nickname = st.text_input(
            t("join.nickname", lang), max_chars=NICKNAME_MAX, help=t("join.nickname.help", lang)
        )
        pressed = st.form_submit_button(t("join.join", lang), type="primary", width="stretch")
    if not pressed:
        return
    code = typed.strip().upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        st.error(t("join.code.bad", lang))
        return
    token = classroom.call(lang, backends.shared().join, code, nickname)
    if token is not None:
        st.session_state[CODE_KEY], st.session_state[ME_KEY] = code, token
        st.session_state[_NICKNAME] = nickname.strip()
        st.rerun()


def _leave() -> None:
    for key in (CODE_KEY, ME_KEY, _NICKNAME, _SENT, _REFUSED):
        st.session_state.pop(key, None)


def header(code: str, lang: str) -> None:
    """The class's code, who the student is, and a way out."""
    st.subheader(t("join.header", lang, code=code))
    nickname = st.session_state.get(_NICKNAME)
    st.caption(
        t("join.as", lang, nickname=classroom.plain(nickname)) if nickname else t("join.anonymous", lang)
    )


def leave_button(lang: str) -> None:
    st.button(t("join.leave", lang), key="join_leave", on_click=_leave, type="tertiary")


def _answer(code: str, me: str, number: int, key: str) -> None:
    """The radio's choice, sent to the store (a refusal is said on the next run, in the step)."""
    choice = st.session_state.get(key)
    if not isinstance(choice, int):
        return
    ok, refused = classroom.attempt(backends.shared().answer, code, me, number, choice)
    if ok:
        st.session_state.setdefault(_SENT, {})[(code, number)] = choice
        st.session_state.pop(_REFUSED, None)
    else:
        st.session_state[_REFUSED] = refused


@st.fragment(run_every=POLL_SECONDS)
def follow(code: str, me: str, lang: str) -> None:
    """The teacher's step as it is now (this fragment alone asks the store every two seconds)."""
    state = classroom.call(lang, backends.shared().state, code)
    if state is None:  # the class ended or cannot be reached: said; Leave is under the fragment
        return
    try:
        lesson = classroom.class_lesson(state.lesson)
    except Exception:
        classroom.say("unavailable", lang)
        return
    if not 1 <= state.step <= len(lesson.steps):
        st.info(t("join.waiting", lang))
        return
    step = lesson.steps[state.step - 1]
    st.markdown(f"**{t('join.step', lang, n=step.number, total=len(lesson.steps))}**")
    st.markdown(step.text("question", lang))
    sent = st.session_state.get(_SENT, {}).get((code, step.number))
    if not step.choices:
        st.info(t("join.aloud", lang))
    else:
        key = f"join_pick_{code}_{step.number}"
        st.container(key="join_answer").radio(
            t("join.pick", lang),
            range(len(step.choices)),
            format_func=lambda i: f"{classroom.LETTERS[i]}. {step.choice(i, lang)}",
            index=None,
            key=key,
            disabled=state.revealed,
            on_change=_answer,
            args=(code, me, step.number, key),
        )
        refused = st.session_state.pop(_REFUSED, None)
        if refused:
            classroom.say(refused, lang)
        elif sent is not None and not state.revealed:
            st.success(t("join.sent", lang, letter=classroom.LETTERS[sent]))
    if state.revealed:
        _revealed(step, sent, lang)


def _revealed(step: Step, sent: int | None, lang: str) -> None:
    if step.correct is not None:
        st.info(t("join.closed", lang))
        right = classroom.LETTERS[step.correct]
        st.markdown(t("join.right", lang, letter=right, text=step.choice(step.correct, lang)))
        if sent is None:
            st.caption(t("join.yours.none", lang))
        else:
            mine = classroom.LETTERS[sent]
            st.caption(
                t("join.yours.right" if sent == step.correct else "join.yours.wrong", lang, letter=mine)
            )
    st.markdown(t("join.explain", lang, a=step.text("answer", lang)))
    if st.button(
        t("join.try", lang),
        key="join_try",
        help=t("join.try.help", lang),
        icon=":material/touch_app:",
        type="primary",
    ):
        member = joined()
        if member is not None:  # counted for the teacher's screen, then the view itself, on this phone
            classroom.attempt(backends.shared().explore, member[0], member[1], step.number)
        session.open_link(step.file, dict(step.query))
