"""The guided lesson's views: the step's header (counter, note, question), Back / Reveal / Next, and once
revealed the step's page itself, opened on the step's settings, with what it shows."""

from __future__ import annotations

import functools
import runpy
from collections.abc import Mapping

import streamlit as st

from viz.i18n import t
from viz.state import link
from viz.state.lesson import Lesson, Step
from viz.ui import notes, session, shell
from viz.views import class_answers

STEP_KEY = "lesson_step"  # the step shown, from 1 (in the link: step)
_SEEDED = "_lesson_seeded"  # the step whose settings were last put in place
_REVEALED = "_lesson_revealed"  # the step whose view is revealed


def current(used: Lesson) -> Step:
    """The step to show: the one in Session State (the link's, or Back / Next's), within the lesson."""
    n = min(max(int(st.session_state.get(STEP_KEY) or 1), 1), len(used.steps))
    st.session_state[STEP_KEY] = n  # held like any control's value (the link writes it when not 1)
    return used.steps[n - 1]


def seed(step: Step) -> None:
    """Put the step's settings in place on its page's controls, once per step: the link's values, and
    every other control of that page back to its default (nothing carries over from another step)."""
    if st.session_state.get(_SEEDED) == step.number and session.borrowing():
        return
    spec = link.page(step.page)
    reading = link.read(spec, step.link_query())
    others = [p.key for p in spec.params if p.key not in reading.values]
    # the visitor's own values of these controls come back when they leave the lesson (session.give_back)
    session.borrow(reading.values, others)
    st.session_state[_SEEDED] = step.number


def _go(number: int) -> None:
    st.session_state[STEP_KEY] = number
    st.session_state.pop(_REVEALED, None)  # a step opens on its question, every time


def _reveal(number: int) -> None:
    st.session_state[_REVEALED] = number


def revealed(step: Step) -> bool:
    """Whether this session revealed the step."""
    return bool(st.session_state.get(_REVEALED) == step.number)


def mark_revealed(step: Step) -> None:
    """The step is revealed (the class's store says so: a teacher's new session finds it so)."""
    _reveal(step.number)


#: A presenter's clicker sends PageDown / PageUp (and a keyboard the arrows): they move to the next / the
#: previous step, unless the key goes to a field or a slider of the page. The browser counts the presses
#: itself and sends the step they reach (the lesson's keyboard component, :func:`keys`): a button pressed
#: during a rerun reaches the server with the step its last drawing knew (Back from 17 says "16" however
#: often it is pressed before 16 is drawn), so quick presses were lost. Clicks on the Back and Next
#: buttons go the same way: taken before Streamlit's button sees them, counted, sent as the step they
#: reach (without this script, the buttons work as plain buttons). Each message carries a sequence
#: number the server echoes back as ``ack``; until the echo arrives, the next press counts from the step
#: last asked for, not the one on screen. Fixed code, no visitor's text; one listener of each kind per
#: document.
KEYS_JS = """
const PENDING_MS = 5000; // a message the server never answered (a lost rerun) stops being counted from
export default function (component) {
  const { data, setTriggerValue } = component;
  const keys = (window.__attentionLabLessonKeys = window.__attentionLabLessonKeys || {
    shown: 1, total: 1, ack: 0, seq: 0, pending: null, send: null,
  });
  keys.shown = data.step;
  keys.total = data.total;
  keys.ack = Math.max(keys.ack, data.ack || 0);
  keys.send = setTriggerValue;
  if (keys.pending && (keys.ack >= keys.pending.seq || Date.now() - keys.pending.at > PENDING_MS)) {
    keys.pending = null;
  }
  const root = document.documentElement;
  if (root.dataset.lessonKeys === 'on') return;
  root.dataset.lessonKeys = 'on';
  // One step forward (1) or back (-1) from the step last asked for: whether a step was sent.
  const go = (move) => {
    const pending = keys.pending && Date.now() - keys.pending.at < PENDING_MS ? keys.pending : null;
    const from = pending ? pending.step : keys.shown;
    const step = Math.min(Math.max(from + move, 1), keys.total);
    if (step === from) return false; // the first or the last step: nothing to press, as a disabled button
    keys.seq = Math.max(keys.seq, keys.ack) + 1;
    keys.pending = { step: step, seq: keys.seq, at: Date.now() };
    keys.send('go', { step: step, seq: keys.seq });
    return true;
  };
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
    const fields = 'input, textarea, select, [role="slider"], [role="tab"], [role="radio"], '
      + '[role="listbox"], [contenteditable="true"]';
    if (target && target.closest && target.closest(fields)) return;
    const move = { PageDown: 1, ArrowRight: 1, PageUp: -1, ArrowLeft: -1 }[event.key];
    // the listener outlives the lesson page (another page of the app is shown in the same document)
    if (!move || !document.querySelector('.st-key-lesson_head') || !keys.send) return;
    if (go(move)) event.preventDefault();
  });
  // Capture phase on the document: before the button's own handler (React's, on the app's root).
  document.addEventListener('click', (event) => {
    const target = event.target;
    const button = target && target.closest
      && target.closest('.st-key-lesson_back button, .st-key-lesson_next button');
    if (!button || !keys.send) return;
    event.preventDefault();
    event.stopPropagation(); // at the ends too: the button on screen may be one step behind
    go(button.closest('.st-key-lesson_next') ? 1 : -1);
  }, true);
}
"""

KEYS_KEY = "lesson_keys"  # the keyboard's component
_KEYS_ACK = "_lesson_keys_ack"  # the sequence number of the last key message applied

_keys_component = st.components.v2.component("attention_lab_lesson_keys", js=KEYS_JS)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**53


def _pressed(total: int) -> None:
    """A key message from the browser: go to the step it names. A message already applied (its sequence
    number at or below the last one) changes nothing, and a step already shown keeps its reveal."""
    state = st.session_state.get(KEYS_KEY)
    message = state.get("go") if isinstance(state, Mapping) else None
    if not isinstance(message, Mapping):
        return
    step, seq, ack = message.get("step"), message.get("seq"), st.session_state.get(_KEYS_ACK, 0)
    if not isinstance(step, int) or not isinstance(seq, int) or not _whole(step) or not _whole(seq):
        return
    if isinstance(ack, int) and seq <= ack:
        return
    st.session_state[_KEYS_ACK] = seq
    number = min(step, total)
    if number != st.session_state.get(STEP_KEY):
        _go(number)


def keys(used: Lesson) -> None:
    """Next / Back from the keyboard and a presenter's clicker (see :data:`KEYS_JS`)."""
    ack = st.session_state.get(_KEYS_ACK, 0)
    data = {"step": current(used).number, "total": len(used.steps), "ack": ack if _whole(ack) else 0}
    _keys_component(data=data, key=KEYS_KEY, on_go_change=functools.partial(_pressed, len(used.steps)))


def header(step: Step, total: int, shown: bool, lang: str) -> None:
    """The step's counter, note, question and its choices (the right one marked once ``shown``), and
    the buttons."""
    # a container with a key: the presenter view never folds the step's question (viz.ui.presenter)
    top, buttons = st.container(key="lesson_head").columns([3, 2])
    with top:
        st.subheader(t("lesson.counter", lang, n=step.number, total=total))
        st.caption(t("lesson.note", lang, note=step.note) if step.note else t("lesson.beyond", lang))
        st.markdown(t("lesson.question", lang, q=step.text("question", lang)))
        class_answers.choice_list(step, shown, lang)
    with buttons:
        back, reveal, nxt = st.columns(3)
        back.button(
            t("lesson.back", lang),
            key="lesson_back",
            disabled=step.number == 1,
            on_click=_go,
            args=(step.number - 1,),
            icon=":material/arrow_back:",
            width="stretch",
        )
        reveal.button(
            t("lesson.reveal", lang),
            key="lesson_reveal",
            disabled=shown,
            on_click=_reveal,
            args=(step.number,),
            type="primary",
            icon=":material/visibility:",
            width="stretch",
        )
        nxt.button(
            t("lesson.next", lang),
            key="lesson_next",
            disabled=step.number == total,
            on_click=_go,
            args=(step.number + 1,),
            icon=":material/arrow_forward:",
            width="stretch",
        )
        # a button, not st.page_link: a session reads a page's link only once (session.open_link)
        if st.button(
            t("lesson.open", lang), key="lesson_open", icon=":material/open_in_new:", type="tertiary"
        ):
            session.open_link(step.file, dict(step.query))


def explain(step: Step, lang: str) -> None:
    """What the revealed step's view shows (and where the notes differ, when they do)."""
    st.success(t("lesson.answer", lang, a=step.text("answer", lang)))
    if step.slip:
        notes.notes_differ(step.slip, lang)


def view(step: Step) -> None:
    """The step's page itself, on the step's settings, under the lesson's header: its script run here,
    in this session's run (st.Page.run() only runs the page st.navigation chose)."""
    st.divider()
    with st.container(key="lesson_view"):  # the presenter view hides the page's own title here
        runpy.run_path(str(shell.app_path().parent / step.file), run_name="__lesson_step__")
