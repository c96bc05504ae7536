"""Writing a lesson in AppTest: a view added from a page's sidebar becomes a step on the Write a lesson page;
its texts typed there make a valid file (the same lesson read back); shared by a code, the lesson page
runs it and a class answers it; an unfinished step says what it lacks; the built-in lesson copies in
whole; reordering and removing keep each step's texts with it."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import new_app_with_tabs, ok
from viz.classroom import backends
from viz.classroom.store import LESSON_BYTES_MAX, STEPS_MAX
from viz.i18n import t
from viz.state import lesson, lesson_file
from viz.ui import lesson_draft
from viz.views import write

pytestmark = pytest.mark.usefixtures("fresh_caches")


def add_views(*links: tuple[str, dict[str, str]]) -> AppTest:
    """A teacher's session that added each (page, link query) as a step, then opened Write a lesson (a
    session reads a link once: only the first page's query is the view's)."""
    at = new_app_with_tabs()
    for page, query in links:
        for name, value in query.items():
            at.query_params[name] = value
        at.switch_page(f"pages/{page}.py")
        ok(at.run())
        at.button(key="draft_add").click().run()
        assert ok(at).sidebar.success
    return ok(at.switch_page("pages/write.py").run())


def fill(at: AppTest, index: int, question: str, choices: list[str], right: int, explanation: str) -> None:
    uid = at.session_state[lesson_draft.DRAFT]["steps"][index]["uid"]
    at.text_area(key=f"write_{uid}_q_en").input(question)
    at.text_area(key=f"write_{uid}_x_en").input(explanation).run()
    for j, choice in enumerate(choices):
        at.button(key=f"write_{uid}_c_add").click().run()
        at.text_input(key=f"write_{uid}_c{j}_ko").input(f"{choice} (한국어)")
        at.text_input(key=f"write_{uid}_c{j}_en").input(choice).run()
    at.selectbox(key=f"write_{uid}_ok").set_value(right).run()
    ok(at)


def test_a_view_added_from_a_page_becomes_a_step_a_file_and_a_class() -> None:
    at = add_views(("softmax", {"dk": "256", "tab": "row"}))
    (step,) = at.session_state[lesson_draft.DRAFT]["steps"]
    path, query = step["view"].split("?")
    assert (path, dict(parse_qsl(query))) == ("/softmax", {"dk": "256", "tab": "row"})  # the view as it was
    assert at.warning  # not finished: no question yet
    fill(at, 0, "Does the row get sharper?", ["Sharper", "Flatter"], 0, "Sharper: bigger scores.")
    assert [s.value for s in at.success] == [t("write.check.ok", "en", n=1)]
    text, problems = write.check(at.session_state[lesson_draft.DRAFT])
    assert problems == [] and text is not None
    read, _ = lesson_file.loads(text)
    (made,) = read.steps
    assert (made.page, dict(made.query), made.correct) == ("softmax", {"tab": "row", "dk": "256"}, 0)
    assert (
        made.choice(1, "ko") == "Flatter (한국어)"
        and made.text("question", "ko") == "Does the row get sharper?"
    )
    at.button(key="write_share").click().run()
    code, shared = ok(at).session_state["_write_shared"]
    assert backends.shared().lesson(code) == shared == text
    at.button(key="write_share").click().run()  # a second press shares nothing new: the same code
    assert ok(at).session_state["_write_shared"][0] == code
    teacher = new_app_with_tabs(lesson=code)
    teacher.switch_page("pages/lesson.py")
    ok(teacher.run())
    assert teacher.subheader[0].value == t("lesson.counter", "en", n=1, total=1)
    assert any("Does the row get sharper?" in m.value for m in teacher.markdown)
    (download,) = [d for d in teacher.get("download_button") if d.proto.id.endswith("class_lesson_file")]
    assert download.proto.label == t("class.lesson_file", "en")  # the running lesson, as its file
    teacher.button(key="class_start").click().run()
    assert backends.shared().state(ok(teacher).session_state["class_code"]).lesson == code


def test_an_unfinished_step_says_what_it_lacks_and_cannot_be_downloaded() -> None:
    at = add_views(("attention", {"tab": "order"}))
    uid = at.session_state[lesson_draft.DRAFT]["steps"][0]["uid"]
    at.button(key=f"write_{uid}_c_add").click().run()
    at.text_input(key=f"write_{uid}_c0_en").input("only one choice").run()
    said = " ".join(m.value for m in ok(at).markdown)
    assert t("class.file.choices", "en", most=8) in said
    assert t("class.file.text", "en", part="question") in said
    assert at.get("download_button")[0].proto.disabled


def drafted(*choices: dict[str, str], correct: int | None) -> AppTest:
    """Write a lesson, opened on a draft of one step with these choices (as a file would give them)."""
    at = new_app_with_tabs()
    step = lesson_draft.new_step("/softmax") | {
        "question": {"en": "Which?", "ko": "어느 것?"},
        "choices": [dict(c) for c in choices],
        "correct": correct,
        "explanation": {"en": "Because.", "ko": "그래서."},
    }
    at.session_state[lesson_draft.DRAFT] = lesson_draft.empty() | {"steps": [step]}
    at.switch_page("pages/write.py").run()
    assert not at.exception
    return at


def test_a_choice_in_one_language_keeps_its_place_and_its_rightness() -> None:
    # choices were two newline-separated boxes, zipped by line: a choice with no Korean shifted every
    # Korean text after it onto the wrong choice
    at = drafted({"en": "first"}, {"en": "second", "ko": "둘째"}, {"en": "third", "ko": "셋째"}, correct=1)
    draft = at.session_state[lesson_draft.DRAFT]
    assert draft["steps"][0]["choices"] == [
        {"en": "first"},
        {"en": "second", "ko": "둘째"},
        {"en": "third", "ko": "셋째"},
    ]
    assert draft["steps"][0]["correct"] == 1
    uid = draft["steps"][0]["uid"]
    at.button(key=f"write_{uid}_c0_rm").click().run()  # the first goes: the right one is still "second"
    step = at.session_state[lesson_draft.DRAFT]["steps"][0]
    assert (
        step["choices"] == [{"en": "second", "ko": "둘째"}, {"en": "third", "ko": "셋째"}]
        and step["correct"] == 0
    )
    assert [at.text_input(key=f"write_{uid}_c{j}_ko").value for j in (0, 1)] == ["둘째", "셋째"]
    assert at.selectbox(key=f"write_{uid}_ok").value == 0
    at.button(key=f"write_{uid}_c0_rm").click().run()  # the right one goes: none is right
    assert at.session_state[lesson_draft.DRAFT]["steps"][0]["correct"] is None


def test_an_edit_sent_with_a_choices_removal_is_kept() -> None:
    # the removal redrew the fields from the draft as the run before left it: a text typed (or a right
    # choice picked) in the same round trip as the press was lost
    at = drafted({"en": "a"}, {"en": "b"}, {"en": "c"}, correct=0)
    uid = at.session_state[lesson_draft.DRAFT]["steps"][0]["uid"]
    at.text_input(key=f"write_{uid}_c2_en").input("c, edited")
    at.selectbox(key=f"write_{uid}_ok").set_value(2)
    at.button(key=f"write_{uid}_c1_rm").click().run()
    step = ok(at).session_state[lesson_draft.DRAFT]["steps"][0]
    assert step["choices"] == [{"en": "a"}, {"en": "c, edited"}] and step["correct"] == 1
    assert at.text_input(key=f"write_{uid}_c1_en").value == "c, edited"


def test_a_lesson_ready_to_download_fits_when_downloaded() -> None:
    # the check measured the compact text while the download is indented: a lesson said ready came down
    # too big to upload or share
    def draft(size: int) -> dict[str, object]:
        step = lesson_draft.new_step("/softmax") | {
            "question": {"en": "q" * size, "ko": "질" * 2},
            "choices": [{"en": "a", "ko": "가"}, {"en": "b", "ko": "나"}],
            "correct": 0,
            "explanation": {"en": "x", "ko": "설"},
        }
        return lesson_draft.empty() | {"steps": [dict(step, uid=str(i)) for i in range(STEPS_MAX)]}

    size = next(
        n
        for n in range(1, 1000)
        if len(lesson_file.dumps(lesson_file.loads(write.file_body(draft(n)))[0]).encode()) > LESSON_BYTES_MAX
    )
    assert len(write.file_body(draft(size)).encode()) <= LESSON_BYTES_MAX  # compact, it would have passed
    assert write.check(draft(size)) == (None, [lesson_file.Problem("class.file.big", 0, (("n", 64),))])
    text, problems = write.check(draft(size - 1))
    assert problems == [] and text is not None and len(text.encode()) <= LESSON_BYTES_MAX
    assert lesson_file.loads(text)[0].steps  # and it reads back


def test_reordering_and_removing_keep_each_steps_texts() -> None:
    at = add_views(("attention", {"tab": "order"}), ("similarity", {}), ("softmax", {}))
    for i in range(3):
        fill(at, i, f"question {i}", ["yes", "no"], 1, f"because {i}")
    steps = at.session_state[lesson_draft.DRAFT]["steps"]
    at.button(key=f"write_{steps[2]['uid']}_up").click().run()
    at.button(key=f"write_{steps[0]['uid']}_rm").click().run()
    text, _ = write.check(ok(at).session_state[lesson_draft.DRAFT])
    assert text is not None
    read = json.loads(text)["steps"]
    assert [(s["view"].split("?")[0], s["question"]["en"]) for s in read] == [
        ("/softmax", "question 2"),
        ("/similarity", "question 1"),
    ]


def test_the_builtin_lesson_copies_in_whole() -> None:
    at = new_app_with_tabs()
    at.switch_page("pages/write.py")
    ok(at.run())
    assert at.info  # nothing yet: what to do
    at.button(key="write_builtin").click().run()
    text, problems = write.check(ok(at).session_state[lesson_draft.DRAFT])
    assert problems == [] and text is not None
    assert lesson_file.loads(text)[0].steps == lesson_file.loads(lesson_file.dumps(lesson.BUILTIN))[0].steps


def test_no_page_a_step_cannot_show_offers_the_button() -> None:
    for page in ("", "home", "lesson", "join", "write"):  # "": the app's address, the home page
        at = new_app_with_tabs()
        if page:
            at.switch_page(f"pages/{page}.py")
        ok(at.run())
        assert not [b for b in at.button if b.key == "draft_add"], page
