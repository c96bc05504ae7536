"""The class in the loop, the teacher's side (on the lesson page): start a class, show its join code and
QR code, keep the class on the teacher's step, count the answers while the step waits, and on Reveal
draw what the class chose. Students answer on the join page (viz/views/join.py); both sides talk only
to the store every server process shares (viz.classroom)."""

from __future__ import annotations

import csv
import io
import logging
import os
import re
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlencode, urlsplit

import streamlit as st

from viz.classroom import backends, qr
from viz.classroom.store import CLASS_SECONDS, ClassKeys, ClassState, StoreError
from viz.figures import answer_bars
from viz.i18n import t
from viz.state import lesson as lessons
from viz.state import lesson_file
from viz.state.lesson import Lesson, Step
from viz.ui import chart

CODE_KEY = "class_code"  # the class this teacher runs (in the teacher's link: class)
SECRET_KEY = "class_key"  # its secret (in the teacher's link: key; never on a student's screen)
LESSON_KEY = "lesson_code"  # a shared lesson's code (in the link: lesson); none: the built-in lesson
_SHOW_CODE = "class_show_code"
#: The address students reach the app by, when it is not the one the teacher's browser shows (a teacher
#: on http://localhost:8501 projects a code phones must open at the machine's network address).
PUBLIC_URL_ENV = "ATTENTION_LAB_PUBLIC_URL"
POLL_SECONDS = 0.5  # the count reaches the projector within a second of an answer
LETTERS = "ABCDEFGH"
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})
#: The store's refusals the page has words for (StoreError.kind), and "unavailable".
REFUSALS = frozenset(
    {
        "no-class",
        "expired",
        "forbidden",
        "revealed",
        "not-now",
        "bad-student",
        "bad-choice",
        "full",
        "too-big",
    }
    | {"no-lesson", "unavailable"}
)

log = logging.getLogger(__name__)
T = TypeVar("T")


def say(kind: str, lang: str) -> None:
    """A store's refusal (a StoreError's kind, or "unavailable") as a message in the page."""
    st.error(t(f"class.error.{kind}", lang) if kind in REFUSALS else t("class.error.unavailable", lang))


def attempt(fn: Callable[..., object], *args: object) -> tuple[bool, str]:
    """``fn(*args)`` on the store, drawing nothing (for a callback): whether it went, else why not."""
    try:
        fn(*args)
    except StoreError as refused:
        return False, refused.kind
    except Exception:  # a store that cannot be reached (Redis down, SQLite locked past its timeout)
        log.exception("class store")
        return False, "unavailable"
    return True, ""


def attempt_value(fn: Callable[..., object], *args: object) -> tuple[bool, object]:
    """``fn(*args)`` on the store, drawing nothing: (True, its value), else (False, why not)."""
    try:
        return True, fn(*args)
    except StoreError as refused:
        return False, refused.kind
    except Exception:
        log.exception("class store")
        return False, "unavailable"


def call(lang: str, fn: Callable[..., T], *args: object) -> T | None:
    """``fn(*args)`` on the store; a refusal or an unreachable store is said in the page (None back)."""
    try:
        return fn(*args)
    except StoreError as refused:
        say(refused.kind, lang)
    except Exception:  # a store that cannot be reached (Redis down, SQLite locked past its timeout)
        log.exception("class store")
        say("unavailable", lang)
    return None


def problem_text(problem: lesson_file.Problem, lang: str) -> str:
    """A lesson file's problem in words, with its step when it has one."""
    said = t(problem.key, lang, **dict(problem.values))
    return t("class.file.where", lang, step=problem.step, problem=said) if problem.step else said


def plain(text: str) -> str:
    """Text a visitor typed (a nickname), shown through Markdown as typed: its markup escaped."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~$:])", r"\\\1", text)


def class_lesson(name: str) -> Lesson:
    """The lesson a class runs: the built-in one, or a shared one by its code."""
    return lessons.BUILTIN if name == lessons.BUILTIN_NAME else saved_lesson(name)


def saved_lesson(code: str) -> Lesson:
    """A shared lesson by its code (StoreError, or LessonFileError for a file that no longer reads)."""
    return lesson_file.saved(backends.shared(), code)


def lesson_in_use(lang: str) -> Lesson:
    """The lesson this page shows: the running class's, else the shared lesson the link names, else the
    built-in one. A lesson the store no longer has is said and let go of; a store that cannot be reached
    is said and the link kept (it comes back)."""
    running = _running(lang)
    if running is not None:  # the class's lesson wins: its step numbers are that lesson's
        ok, state = attempt_value(backends.shared().state, running[0])
        if ok and isinstance(state, ClassState):
            name = state.lesson
            st.session_state[LESSON_KEY] = None if name == lessons.BUILTIN_NAME else name
    code = st.session_state.get(LESSON_KEY)
    if not code:
        return lessons.BUILTIN
    try:
        return saved_lesson(str(code))
    except StoreError as refused:
        say(refused.kind, lang)
    except (lesson_file.LessonFileError, RecursionError, ValueError):
        say("no-lesson", lang)
    except Exception:
        log.exception("class store")
        say("unavailable", lang)
        return lessons.BUILTIN
    st.session_state.pop(LESSON_KEY, None)
    return lessons.BUILTIN


def lesson_title(lesson: Lesson, lang: str) -> None:
    """Which lesson runs, when it is a teacher's."""
    if lesson is not lessons.BUILTIN:
        st.caption(t("class.lesson", lang, title=lessons.pick(lesson.title, lang)))


#: The teacher's secret lives in this browser's cookie (never in the address bar, which the projector
#: shows): a teacher's new session (a server process died, a reload) reads it back with the class's code
#: from the link. Fixed code, the value a token of the store's own alphabet.
COOKIE_JS = """
export default function (component) {
  const { name, value, age } = component.data;
  document.cookie = `${name}=${value}; path=/; max-age=${age}; SameSite=Strict`;
}
"""
_cookie = st.components.v2.component("attention_lab_class_cookie", js=COOKIE_JS)
_CHECKED = "_class_checked"  # the class whose secret this session has checked with the store
_TOLD = "_class_told"  # a refusal met in a callback, said on the next run


def cookie_name(code: str) -> str:
    return f"attention_lab_class_{code}"


def _running(lang: str) -> tuple[str, str] | None:
    """The class this session runs and its secret (the session's, else this browser's cookie, checked
    with the store once per session: a code in a link is not a teacher's)."""
    code = st.session_state.get(CODE_KEY)
    if not code:
        return None
    secret = st.session_state.get(SECRET_KEY) or dict(st.context.cookies or {}).get(cookie_name(str(code)))
    if not secret:
        st.session_state.pop(CODE_KEY, None)  # a class code without its secret: a student's, or stale
        return None
    if st.session_state.get(_CHECKED) != code:
        went, refused = attempt(backends.shared().check, str(code), str(secret))
        if not went:
            say(refused, lang)
            if refused != "unavailable":
                _forget()
            return None
        st.session_state[_CHECKED] = code
    st.session_state[SECRET_KEY] = secret
    return str(code), str(secret)


def sync(step: Step, revealed: bool, lang: str) -> bool:
    """Keep the class on this step (the teacher's browser leads) and its reveal with the page's; whether
    the step is revealed (a teacher's new session finds it so; a step revealed before stays revealed)."""
    running = _running(lang)
    if running is None:
        return revealed
    code, secret = running
    went, found = attempt_value(backends.shared().state, code)
    if not went:
        say(str(found), lang)
        if found != "unavailable":  # the class ended: this browser lets go of it
            _forget()
        return revealed
    state = found if isinstance(found, ClassState) else None
    refused = ""
    if state is not None and state.step != step.number:
        went, refused = attempt(backends.shared().move, code, secret, step.number)
        if state.step:  # the class has begun: the join card gives the room back to the step's view
            st.session_state[_SHOW_CODE] = False
        went2, found = attempt_value(backends.shared().state, code)
        state = found if went2 and isinstance(found, ClassState) else None
    if went and revealed and not (state and state.revealed):
        went, refused = attempt(backends.shared().reveal, code, secret)
    if not went:
        say(refused, lang)
        if refused != "unavailable":  # a wrong secret, an ended class: this browser lets go of it
            _forget()
    return revealed or bool(state and state.revealed)


def _forget() -> None:
    code = st.session_state.get(CODE_KEY)
    if code:
        st.session_state["_class_cookie_clear"] = cookie_name(str(code))
    for key in (CODE_KEY, SECRET_KEY, _SHOW_CODE, _CHECKED):
        st.session_state.pop(key, None)


def _end() -> None:
    code, secret = st.session_state.get(CODE_KEY), st.session_state.get(SECRET_KEY)
    went, refused = attempt(backends.shared().end, str(code), str(secret))
    if not went and refused == "unavailable":
        st.session_state[_TOLD] = refused  # kept: End again when the store is back
        return
    _forget()


def _start(lesson_name: str) -> None:
    went, keys = attempt_value(backends.shared().open_class, lesson_name)
    if not went:
        st.session_state[_TOLD] = keys
        return
    assert isinstance(keys, ClassKeys)
    st.session_state[CODE_KEY], st.session_state[SECRET_KEY] = keys.code, keys.secret
    st.session_state[_CHECKED], st.session_state[_SHOW_CODE] = keys.code, True


def _keep_cookie(code: str, secret: str) -> None:
    """This browser keeps the secret as long as the class lasts; a class let go of is wiped."""
    cleared = st.session_state.pop("_class_cookie_clear", None)
    if cleared:
        _cookie(data={"name": cleared, "value": "", "age": 0}, key="class_cookie_clear")
    if code:
        _cookie(data={"name": cookie_name(code), "value": secret, "age": CLASS_SECONDS}, key="class_cookie")


def join_url(code: str, lang: str) -> str:
    """The address a student's phone opens: the app's public address (the setting, else the teacher's
    browser's origin; never the teacher's own query, which holds the secret)."""
    base = os.environ.get(PUBLIC_URL_ENV, "").strip()
    if not base:
        parts = urlsplit(str(getattr(st.context, "url", "") or ""))
        base = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
    return f"{base.rstrip('/')}/join?{urlencode({'code': code, 'lang': lang})}"


def panel(step: Step, lesson: Lesson, revealed: bool, lang: str) -> None:
    """The class bar under the step's header: Start a class, or the running class's code, its count of
    students, the join code and QR code, the answers' CSV and End; then this step's count or histogram."""
    running = _running(lang)
    told = st.session_state.pop(_TOLD, None)
    if told:
        say(str(told), lang)
    _keep_cookie(*(running or ("", "")))
    with st.container(key="class_bar"):
        if running is None:
            name = str(st.session_state.get(LESSON_KEY) or lessons.BUILTIN_NAME)
            with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
                st.button(
                    t("class.start", lang),
                    key="class_start",
                    help=t("class.start.help", lang),
                    on_click=_start,
                    args=(name,),
                    icon=":material/groups:",
                )
                st.download_button(  # the lesson as its file: to edit on Write a lesson, or to keep
                    t("class.lesson_file", lang),
                    data=lambda: lesson_file.dumps(lesson),
                    file_name="lesson.json",
                    mime="application/json",
                    key="class_lesson_file",
                    type="tertiary",
                    icon=":material/download:",
                )
            return
        code, secret = running
        with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
            st.markdown(t("class.on", lang, code=code))  # how many joined: the count, polled
            st.toggle(t("class.show_code", lang), key=_SHOW_CODE)
            st.download_button(
                t("class.csv", lang),
                data=lambda: answers_csv(code, secret, lesson, lang),
                file_name=f"class-{code}.csv",
                mime="text/csv",
                key="class_csv",
            )
            st.button(t("class.end", lang), key="class_end", help=t("class.end.help", lang), on_click=_end)
        if st.session_state.get(_SHOW_CODE):
            _join_card(code, lang)
    if not step.choices:
        st.caption(t("class.no_choices", lang))
    elif revealed:
        results(code, step, lang)
    else:
        _count(code, step.number, lang)


def choice_list(step: Step, shown: bool, lang: str) -> None:
    """The step's choices, lettered as the phones and the histogram letter them (the right one marked
    once ``shown``): a class without phones answers by hand."""
    for i in range(len(step.choices)):
        key = "class.right" if shown and i == step.correct else "class.choice"
        st.markdown(t(key, lang, letter=LETTERS[i], text=step.choice(i, lang)))


def _join_card(code: str, lang: str) -> None:
    url = join_url(code, lang)
    with st.container(key="class_join", horizontal=True, vertical_alignment="center", gap="large"):
        st.image(qr.png(url), caption=t("class.join.qr", lang), width=220)
        with st.container():
            st.markdown(t("class.join.title", lang, url=url.split("?")[0]))
            st.markdown(f"# {code}")  # the store's alphabet: letters and digits only
    if urlsplit(url).hostname in LOCAL_HOSTS or not urlsplit(url).hostname:
        st.caption(t("class.join.local", lang))


@st.fragment(run_every=POLL_SECONDS)
def _count(code: str, number: int, lang: str) -> None:
    """How many have answered the waiting step: this fragment alone polls the store twice a second."""
    state: ClassState | None = call(lang, backends.shared().state, code)
    counts = call(lang, backends.shared().counts, code, number)
    if state is not None and counts is not None:
        with st.container(key="class_count"):
            st.markdown(t("class.waiting", lang, answered=sum(counts.values()), students=state.students))


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
        title=t("class.chart.title", lang, n=step.number, answered=sum(values)),
        x_title=t("class.chart.x", lang),
        y_title=t("class.chart.y", lang),
        hovertemplate=t("class.chart.hover", lang),
    )
    main, side = st.columns([3, 2])
    with main:
        chart.chart(fig, key="class_answers", lang=lang, file_name=f"class-{code}-step-{step.number}.csv")
    with side:
        st.markdown(t("class.chart.notice", lang))
        _explored(code, step.number, lang)


@st.fragment(run_every=1.0)
def _explored(code: str, number: int, lang: str) -> None:
    """How many opened the revealed step's view on their own phone ("now move it yourselves")."""
    state: ClassState | None = call(lang, backends.shared().state, code)
    found = call(lang, backends.shared().explored, code, number)
    if state is not None and found is not None:
        with st.container(key="class_explored"):
            st.markdown(t("class.explored", lang, n=found, students=state.students))


def answers_csv(code: str, secret: str, lesson: Lesson, lang: str) -> str:
    """Every answer of the class: step, question, nickname (the only personal data, and optional), the
    choice's letter and text, whether it was right."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [t(f"class.csv.{c}", lang) for c in ("step", "question", "nickname", "choice", "text", "right")]
    )
    for answer in backends.shared().answers(code, secret):
        if not 1 <= answer.step <= len(lesson.steps):
            continue
        step = lesson.steps[answer.step - 1]
        text = step.choice(answer.choice, lang) if answer.choice < len(step.choices) else ""
        writer.writerow(
            [
                answer.step,
                _cell(step.text("question", lang)),
                _cell(answer.nickname),
                LETTERS[answer.choice],
                _cell(text),
                int(answer.choice == step.correct),
            ]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """Typed text (a nickname, a teacher's question) as a CSV cell a spreadsheet will not run: a leading =,
    +, -, @, tab or carriage return is quoted away."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
