"""A class in the loop, in AppTest: the teacher starts a class on the lesson page; students join by the
code on the join page, answer from their sessions, and the teacher's count and histogram match what they
chose; a forged teacher's link or student's token is refused; a teacher's new session (a server process
died) finds the class where it was; a nickname is shown as typed, never as markup."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import decode, figure, new_app_with_tabs, ok
from viz.classroom import backends
from viz.i18n import t
from viz.state import lesson, lesson_file
from viz.views import classroom

pytestmark = pytest.mark.usefixtures("fresh_caches")
STEP = 3  # the integer code's scorecard: four choices, the right one D


def _right() -> int:
    correct = lesson.STEPS[STEP - 1].correct
    assert correct is not None  # the step has choices
    return correct


RIGHT = _right()


def teacher(lang: str = "en", **query: str) -> AppTest:
    at = new_app_with_tabs(lang=lang, **query)
    at.switch_page("pages/lesson.py")
    return ok(at.run())


def started(lang: str = "en") -> AppTest:
    at = teacher(lang, step=str(STEP))
    at.button(key="class_start").click().run()
    return ok(at)


def student(code: str, nickname: str = "", lang: str = "en") -> AppTest:
    """A student who opened the QR code's link and joined."""
    at = new_app_with_tabs(code=code, lang=lang)
    at.switch_page("pages/join.py")
    ok(at.run())
    assert at.text_input[0].value == code  # the link filled the code in
    at.text_input[1].input(nickname)
    at.button[0].click().run()  # Join
    return ok(at)


def said(at: AppTest) -> str:
    return " ".join(str(m.value) for m in [*at.markdown, *at.caption, *at.success, *at.info, *at.error])


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_class_answers_and_the_projector_shows_what_it_chose(lang: str) -> None:
    at = started(lang)
    code, secret = at.session_state["class_code"], at.session_state["class_key"]
    # the teacher's link names the class; its secret stays out of the address bar the projector shows
    assert (
        dict(at.query_params) == {"lang": lang, "step": str(STEP), "class": code}
        if lang == "ko"
        else {
            "step": str(STEP),
            "class": code,
        }
    )
    assert f"# {code}" in said(at)  # the join code, projected
    picks = [RIGHT, RIGHT, 0, 1, RIGHT]
    students = [student(code, f"s{i}", lang) for i in range(len(picks))]
    for s, pick in zip(students, picks, strict=True):
        assert secret not in str(dict(s.query_params)) and secret not in said(s)
        assert s.query_params["code"] == code and s.query_params["me"]
        assert lesson.STEPS[STEP - 1].text("question", lang) in said(s)  # the teacher's step
        s.radio[0].set_value(pick).run()
        assert t("join.sent", lang, letter="ABCD"[pick]) in said(ok(s))
    students[2].radio[0].set_value(RIGHT).run()  # a change of mind before the reveal replaces the answer
    picks[2] = RIGHT
    ok(at.run())
    assert t("answers.waiting", lang, answered=5, students=5) in said(at)
    at.button(key="lesson_reveal").click().run()
    bars = figure(ok(at), "class_answers")["data"][0]
    assert list(decode(bars["y"])) == [picks.count(i) for i in range(4)]
    assert bars["x"][RIGHT].endswith("✓") and sum("✓" in x for x in bars["x"]) == 1
    for s, pick in zip(students, picks, strict=True):
        ok(s.run())
        assert s.radio[0].disabled  # answers are closed
        mine = "join.yours.right" if pick == RIGHT else "join.yours.wrong"
        assert t(mine, lang, letter="ABCD"[pick]) in said(s)
    rows = list(csv.reader(io.StringIO(classroom.answers_csv(code, secret, lesson.BUILTIN, lang))))
    assert sorted((r[0], r[2], r[3]) for r in rows[1:]) == sorted(
        (str(STEP), f"s{i}", "ABCD"[p]) for i, p in enumerate(picks)
    )


def test_the_class_follows_the_teachers_next_and_a_late_answer_is_refused() -> None:
    at = started()
    code = at.session_state["class_code"]
    s = student(code)
    at.button(key="lesson_next").click().run()
    assert backends.shared().state(code).step == STEP + 1
    s.radio[0].set_value(0)  # chosen on the screen drawn before the move...
    s.run()
    assert lesson.STEPS[STEP].text("question", "en") in said(s)  # ...the phone shows the new step
    assert [e.value for e in s.error] == [t("class.error.not-now", "en")]  # and the late answer is refused
    assert backends.shared().counts(code, STEP) == {}
    s.radio[0].set_value(1).run()
    assert backends.shared().counts(code, STEP + 1) == {1: 1}


def test_a_forged_teachers_link_moves_nothing_and_is_said() -> None:
    at = started()
    code = at.session_state["class_code"]
    for step in ("7", str(STEP)):  # another step, and the class's own (nothing to move: still checked)
        forged = new_app_with_tabs(step=step, **{"class": code})
        forged.session_state["class_key"] = "not-the-secret"  # as if a cookie of this browser held it
        forged.switch_page("pages/lesson.py").run()
        assert [e.value for e in forged.error] == [t("class.error.forbidden", "en")]
        assert not forged.exception and "class" not in forged.query_params  # let go of, the page works on
        assert not [b for b in forged.button if b.key == "class_end"]  # no class bar, no export
    student_link = new_app_with_tabs(step=str(STEP), **{"class": code})  # a code without any secret
    student_link.switch_page("pages/lesson.py").run()
    assert ok(student_link).button(key="class_start")  # an ordinary lesson page
    assert backends.shared().state(code).step == STEP
    token = backends.shared().join(code, "x")
    stranger = new_app_with_tabs(code=code, me=token[:-2] + "zz")  # another token, made up
    stranger.switch_page("pages/join.py")
    ok(stranger.run())
    stranger.radio[0].set_value(0).run()
    assert t("class.error.bad-student", "en") in said(stranger)
    assert backends.shared().counts(code, STEP) == {}


def test_a_teachers_new_session_finds_the_class_where_it_was() -> None:
    at = started()
    code, secret = at.session_state["class_code"], at.session_state["class_key"]
    s = student(code)
    s.radio[0].set_value(RIGHT).run()
    at.button(key="lesson_reveal").click().run()
    again = new_app_with_tabs(step=str(STEP), **{"class": code})  # the link, on another process...
    again.session_state["class_key"] = secret  # ...with the secret this browser's cookie holds
    again.switch_page("pages/lesson.py")
    ok(again.run())
    assert again.button(key="lesson_reveal").disabled  # revealed, as the store says
    assert list(decode(figure(again, "class_answers")["data"][0]["y"]))[RIGHT] == 1


class Flaky:
    """The shared store, out of reach while ``down`` (every call raises as an unreachable Redis does);
    its calls counted by name."""

    def __init__(self, real: Any) -> None:
        self.real, self.down, self.calls = real, False, Counter[str]()
        self.failing: set[str] = set()  # these calls fail while the rest work (a store that reads only)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            self.calls[name] += 1
            if self.down or name in self.failing:
                raise ConnectionError("the store is down")
            return getattr(self.real, name)(*args)

        return call


@pytest.fixture
def flaky(monkeypatch: pytest.MonkeyPatch) -> Flaky:
    found = Flaky(backends.shared())
    monkeypatch.setattr(backends, "shared", lambda: found)
    return found


def test_a_teachers_new_session_with_the_store_down_waits_for_it_and_never_offers_start(flaky: Flaky) -> None:
    at = started()
    code, secret = at.session_state["class_code"], at.session_state["class_key"]
    flaky.down = True
    again = new_app_with_tabs(step=str(STEP), **{"class": code})
    again.session_state["class_key"] = secret  # this browser's cookie
    again.switch_page("pages/lesson.py").run()
    assert not again.exception
    # said once; asked again (a fragment), never Start (a new class would replace the running one)
    assert [e.value for e in again.error] == [t("class.error.unavailable", "en")]
    assert t("class.reconnecting", "en", code=code) in said(again)
    assert not [b for b in again.button if b.key in ("class_start", "class_end")]
    assert again.session_state["class_code"] == code  # kept: it comes back
    flaky.down = False
    ok(again.run())
    assert not again.error and again.button(key="class_end")
    assert t("answers.waiting", "en", answered=0, students=0) in said(again)


def test_a_store_down_mid_class_is_said_once_and_the_class_catches_up(flaky: Flaky) -> None:
    at = started()
    code = at.session_state["class_code"]
    flaky.down, flaky.calls = True, Counter()
    at.button(key="lesson_next").click().run()
    assert [e.value for e in at.error] == [t("class.error.unavailable", "en")] and not at.exception
    assert flaky.calls["state"] <= 2 and not {"move", "reveal", "open_class"} & set(flaky.calls)
    assert t("class.reconnecting", "en", code=code) in said(at)
    at.button(key="lesson_reveal").click().run()  # revealed in the page while the store is down
    flaky.down = False
    ok(at.run())  # the reconnecting fragment's rerun
    state = backends.shared().state(code)
    assert not at.error and (state.step, state.revealed) == (STEP + 1, True)  # the page's step, revealed
    assert figure(at, "class_answers")  # and its histogram


def test_a_store_that_reads_but_cannot_write_does_not_rerun_the_page_without_pause(flaky: Flaky) -> None:
    at = started()
    flaky.failing, flaky.calls = {"move", "reveal"}, Counter()
    at.button(key="lesson_next").click().run()  # the reconnecting fragment's read works: no rerun loop
    assert [e.value for e in at.error] == [t("class.error.unavailable", "en")] and not at.exception
    assert flaky.calls["move"] == 1 and flaky.calls["state"] <= 3
    flaky.failing = set()
    ok(at.run())  # the next run (the fragment's, a second later) moves the class
    assert backends.shared().state(at.session_state["class_code"]).step == STEP + 1


def test_a_shared_lessons_class_waits_for_its_lesson_not_another(flaky: Flaky) -> None:
    # with the store down, a new session fell back to the built-in lesson: its step shown, a step past its
    # end clamped in the address bar and, once the store was back, the class moved there
    steps = [lesson.STEPS[i] for i in (0, 1, 2)]
    text = lesson_file.dumps(lesson.Lesson(lesson.BUILTIN.title, tuple(steps)))
    shared = backends.shared().save_lesson(text)
    keys = backends.shared().open_class(shared)
    backends.shared().move(keys.code, keys.secret, 3)
    flaky.down = True
    again = new_app_with_tabs(step="3", lesson=shared, **{"class": keys.code})
    again.session_state["class_key"] = keys.secret
    again.switch_page("pages/lesson.py").run()
    assert not again.exception and [e.value for e in again.error] == [t("class.error.unavailable", "en")]
    assert t("class.reconnecting", "en", code=keys.code) in said(again)
    assert not [b for b in again.button if str(b.key).startswith("lesson_")]  # no step of any lesson
    assert again.query_params["step"] == "3"
    flaky.down = False
    ok(again.run())
    assert again.subheader[0].value == t("lesson.counter", "en", n=3, total=3)
    assert backends.shared().state(keys.code).step == 3


def test_ending_with_the_store_down_says_so_once_and_keeps_the_class(flaky: Flaky) -> None:
    at = started()
    flaky.down = True
    at.button(key="class_end").click().run()
    assert [e.value for e in at.error] == [t("class.error.unavailable", "en")] and not at.exception
    flaky.down = False
    ok(at.run())  # the reconnecting fragment's rerun: the class is still there
    at.button(key="class_end").click().run()
    assert ok(at).button(key="class_start")


def test_a_nickname_is_shown_as_typed_and_exported_safely() -> None:
    at = started()
    code, secret = at.session_state["class_code"], at.session_state["class_key"]
    s = student(code, "=HYPERLINK(1)")
    s.radio[0].set_value(0).run()
    shown = student(code, "**b** $x$ <i>[l](j)")
    escaped = r"\*\*b\*\* \$x\$ \<i\>\[l\]\(j\)"  # Markdown shows each as the character typed
    assert shown.caption[0].value == t("join.as", "en", nickname=escaped)
    rows = list(csv.reader(io.StringIO(classroom.answers_csv(code, secret, lesson.BUILTIN, "en"))))
    assert rows[1][2].startswith("'=")  # a spreadsheet reads it as text, not a formula


def test_a_phone_opens_the_revealed_view_and_the_projector_counts_it() -> None:
    at = started()
    code = at.session_state["class_code"]
    s, other = student(code), student(code)
    at.button(key="lesson_reveal").click().run()
    assert t("answers.explored", "en", n=0, students=2) in said(ok(at))
    s.run()
    s.button(key="join_try").click().run()
    assert ok(s).title[0].value == t("pe.title", "en")  # the step's page, on this phone...
    assert s.session_state["pe_kind"] == "integer" and s.session_state["pe_section"] == "score"  # ...its view
    assert backends.shared().explored(code, STEP) == 1
    ok(at.run())
    assert t("answers.explored", "en", n=1, students=2) in said(at)
    assert ok(other.run()).title[0].value == t("join.title", "en")  # the other phone stays in the class


def test_ending_the_class_closes_it_for_the_phones() -> None:
    at = started()
    code = at.session_state["class_code"]
    s = student(code)
    at.button(key="class_end").click().run()
    assert ok(at).button(key="class_start") and "class" not in at.query_params
    s.run()
    assert [e.value for e in s.error] == [t("class.error.expired", "en")]
    assert s.button(key="join_leave")  # one Leave button, the page working


def test_a_wrong_code_says_so_and_the_form_stays() -> None:
    at = new_app_with_tabs()
    at.switch_page("pages/join.py")
    ok(at.run())
    at.text_input[0].input("abc")
    at.button[0].click().run()
    assert t("join.code.bad", "en") in said(at)
    at.text_input[0].input("ZZZZZZ")
    at.button[0].click().run()
    assert t("class.error.no-class", "en") in said(at) and "join_me" not in at.session_state
