"""The class in the loop, the teacher's side (on the lesson page): start a class, show its join code and
QR code, keep the class on the teacher's step, wait for a store out of reach, export the answers (what
the class answered is drawn by viz/views/class_answers.py). Students answer on the join page
(viz/views/join.py); both sides talk only to the store every server process shares (viz.classroom)."""

from __future__ import annotations

import csv
import io
import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar
from urllib.parse import urlencode, urlsplit

import streamlit as st

from viz.classroom import backends, qr
from viz.classroom.store import CLASS_SECONDS, ClassKeys, ClassState, StoreError
from viz.i18n import t
from viz.state import lesson as lessons
from viz.state import lesson_file
from viz.state.lesson import Lesson, Step

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


def lesson_in_use(room: Room | None, lang: str) -> Lesson | None:
    """The lesson this page shows: the running class's, else the shared lesson the link names, else the
    built-in one. A lesson the store no longer has is said and let go of. None: the lesson is a shared
    one and the store cannot be reached (said once), so no step of another lesson is shown, its number
    clamped into the address bar or sent to the class (:func:`reconnecting` waits for it)."""
    if room is not None and room.state is not None:  # the class's lesson wins: its steps are that lesson's
        name = room.state.lesson
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
        _down(room, lang)
        return None
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
_DOWN_AT = "_class_down_at"  # when a run last found the store out of reach (time.monotonic)
RETRY_SECONDS = 1.0
_CLEAR = "_class_cookie_clear"  # the cookie of a class let go of, to wipe


def cookie_name(code: str) -> str:
    return f"attention_lab_class_{code}"


@dataclass
class Room:
    """The class this session runs, as this run found it in the store: ``state`` is None while the store
    cannot be reached (said once; the panel asks again until it answers), and ``checked`` says whether
    the secret was checked (a teacher's new session with the store down has not been)."""

    code: str
    secret: str
    state: ClassState | None
    checked: bool
    said: bool = False  # this run has said the store is out of reach


def _down(room: Room | None, lang: str) -> None:
    """The store out of reach, said once per run; the reconnecting fragment waits a second from now."""
    st.session_state[_DOWN_AT] = time.monotonic()
    if room is None or not room.said:
        say("unavailable", lang)
    if room is not None:
        room.said, room.state = True, None


def teacher(lang: str) -> Room | None:
    """The class this session runs, read from the store once per run; its secret is the session's, else
    this browser's cookie, checked with the store once per session (a code in a link is not a
    teacher's). A refusal lets go of the class; a store out of reach is said once and the class kept."""
    code = str(st.session_state.get(CODE_KEY) or "")
    if not code:
        return None
    secret = st.session_state.get(SECRET_KEY) or dict(st.context.cookies or {}).get(cookie_name(code))
    if not secret:
        st.session_state.pop(CODE_KEY, None)  # a class code without its secret: a student's, or stale
        return None
    room = Room(code, str(secret), None, st.session_state.get(_CHECKED) == code)
    store = backends.shared()
    went, found = (True, None) if room.checked else attempt_value(store.check, code, room.secret)
    if went:
        went, found = attempt_value(store.state, code)
    if found == "unavailable":
        _down(room, lang)
        return room
    if not went:  # a wrong secret, an ended class: this browser lets go of it
        say(str(found), lang)
        _forget()
        return None
    st.session_state[_CHECKED], st.session_state[SECRET_KEY] = code, room.secret
    room.checked, room.state = True, found if isinstance(found, ClassState) else None
    return room


def sync(room: Room | None, step: Step, revealed: bool, lang: str) -> bool:
    """Keep the class on this step (the teacher's browser leads) and its reveal with the page's; whether
    the step is revealed (a teacher's new session finds it so; a step revealed before stays revealed)."""
    if room is None or room.state is None:
        return revealed
    store, state = backends.shared(), room.state
    went, refused = True, ""
    if state.step != step.number:
        went, refused = attempt(store.move, room.code, room.secret, step.number)
        if state.step:  # the class has begun: the join card gives the room back to the step's view
            st.session_state[_SHOW_CODE] = False
        if went:  # the step's reveal as the store keeps it (revealed before: revealed still)
            went, found = attempt_value(store.state, room.code)
            state, refused = (found, "") if isinstance(found, ClassState) else (state, str(found))
    if went and revealed and not state.revealed:
        went, refused = attempt(store.reveal, room.code, room.secret)
    if refused == "unavailable":  # the panel asks again until the store answers; the next run retries
        _down(room, lang)
        return revealed
    if not went:  # a refusal: this browser lets go of the class
        say(refused, lang)
        room.state = None
        _forget()
        return revealed
    room.state = state
    return revealed or state.revealed


def _forget() -> None:
    code = st.session_state.get(CODE_KEY)
    if code:
        st.session_state[_CLEAR] = cookie_name(str(code))
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
    cleared = st.session_state.get(_CLEAR)
    if cleared:
        _cookie(data={"name": cleared, "value": "", "age": 0}, key="class_cookie_clear")
        del st.session_state[_CLEAR]  # once drawn: a run stopped before this line draws it next time
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


def panel(room: Room | None, lesson: Lesson, lang: str) -> str | None:
    """The class bar under the step's header: Start a class, or the running class's code, the join code
    and QR code, the answers' CSV and End; the class's code when it runs (viz/views/class_answers.py
    then shows what it answered). While the store cannot be reached, only that it is being asked again
    (never Start: that would replace the running class)."""
    if room is not None and st.session_state.get(CODE_KEY) != room.code:
        room = None  # let go of in this run (ended, or refused)
    told = st.session_state.pop(_TOLD, None)
    if told and not (told == "unavailable" and room is not None and room.said):
        say(str(told), lang)
    _keep_cookie(*((room.code, room.secret) if room is not None and room.checked else ("", "")))
    with st.container(key="class_bar"):
        if room is not None and room.state is None:
            _reconnect("class", room.code, lang)
            return None
        if room is None:
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
            return None
        code, secret = room.code, room.secret
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
    return code


def _join_card(code: str, lang: str) -> None:
    url = join_url(code, lang)
    with st.container(key="class_join", horizontal=True, vertical_alignment="center", gap="large"):
        st.image(qr.png(url), caption=t("class.join.qr", lang), width=220)
        with st.container():
            st.markdown(t("class.join.title", lang, url=url.split("?")[0]))
            st.markdown(f"# {code}")  # the store's alphabet: letters and digits only
    if urlsplit(url).hostname in LOCAL_HOSTS or not urlsplit(url).hostname:
        st.caption(t("class.join.local", lang))


def reconnecting(room: Room | None, lang: str) -> None:
    """The page's lesson is a shared one and the store cannot give it now: only that, asked again."""
    st.session_state.pop(_TOLD, None)  # the same outage, said already
    if room is not None:
        _reconnect("class", room.code, lang)
    else:
        _reconnect("lesson", str(st.session_state.get(LESSON_KEY)), lang)


@st.fragment(run_every=RETRY_SECONDS)
def _reconnect(what: str, code: str, lang: str) -> None:
    """While the store is out of reach: the class's (or the lesson's) code and that it is asked again
    every second; once it answers (or refuses: the class ended), the whole page runs again and finds the
    class as it is. Not in the run that found it out of reach: a store that reads but cannot write
    would otherwise rerun the page without pause."""
    if time.monotonic() - float(st.session_state.get(_DOWN_AT, 0.0)) >= RETRY_SECONDS:
        probe = backends.shared().state if what == "class" else backends.shared().lesson
        went, found = attempt_value(probe, code)
        if went or found != "unavailable":
            st.rerun()
    st.info(t("class.reconnecting" if what == "class" else "class.reconnecting.lesson", lang, code=code))


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
