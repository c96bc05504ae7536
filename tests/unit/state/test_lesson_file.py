"""A lesson as a file (viz.state.lesson_file): the built-in lesson written and read back is the same lesson;
a teacher's file in one language, with a whole URL as its view; every kind of bad file is refused with
each of its problems, by step; the sidebar's settings in a view's address are noted and left out."""

from __future__ import annotations

import json

import pytest

from viz.classroom.store import CHOICES_MAX, LESSON_BYTES_MAX, STEPS_MAX
from viz.i18n import STRINGS
from viz.state import lesson, lesson_file
from viz.state.lesson_file import LessonFileError


def one_step(**step: object) -> str:
    base: dict[str, object] = {
        "view": "/softmax?tab=row",
        "question": {"en": "Bigger or smaller?"},
        "choices": [{"en": "Bigger"}, {"en": "Smaller"}],
        "correct": 1,
        "explanation": {"en": "Smaller: the scale divides by √d_k."},
    }
    return json.dumps({"format": "attention-lab-lesson", "version": 1, "steps": [base | step]})


def problems_of(text: str | bytes) -> list[tuple[str, int]]:
    with pytest.raises(LessonFileError) as caught:
        lesson_file.loads(text)
    found = [(p.key, p.step) for p in caught.value.problems]
    assert all(p.key in STRINGS for p in caught.value.problems)  # every problem has its words
    return found


def test_the_builtin_lesson_round_trips() -> None:
    text = lesson_file.dumps(lesson.BUILTIN)
    back, notes = lesson_file.loads(text)
    assert back == lesson.BUILTIN and notes == []
    assert lesson.problems(back) == []
    assert len(text.encode()) < LESSON_BYTES_MAX  # the built-in lesson can be shared by a code


def test_a_teachers_file_in_one_language_with_a_whole_url() -> None:
    text = one_step(view="http://10.0.0.5:8501/softmax?tab=row&d_model=256&lang=ko&present=1")
    read, notes = lesson_file.loads(text)
    (step,) = read.steps
    assert (step.page, step.query, step.correct) == ("softmax", (("tab", "row"),), 1)
    assert step.text("question", "ko") == "Bigger or smaller?"  # the language it has
    assert step.choice(1, "en") == "Smaller"
    assert [(n.key, n.step, dict(n.values)["names"]) for n in notes] == [
        ("class.file.dropped", 1, "d_model, lang, present")
    ]
    assert lesson_file.view_of(step) == "/softmax?tab=row"


def test_a_plain_string_is_english_and_a_step_may_have_no_choices() -> None:
    (step,), _ = lesson_file.loads(one_step(question="Why?", choices=[], correct=None))[0].steps, None
    assert step.question == (("en", "Why?"),) and step.choices == () and step.correct is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b'{"format": "\x80"}', [("class.file.utf8", 0)]),  # a byte that no UTF-8 text starts with
        (one_step(question="\ud800"), [("class.file.utf8", 0)]),  # a lone surrogate, escaped in JSON
        ("[" * 30000 + "]" * 30000, [("class.file.json", 0)]),
        (one_step(correct=0).replace('"correct": 0', '"correct": ' + "9" * 5000), [("class.file.json", 0)]),
        (one_step(view="http://[::1/softmax"), [("class.file.view", 1)]),
        ('{"format": "attention-lab-lesson", "steps": [', [("class.file.json", 0)]),
        ('{"steps": []}', [("class.file.format", 0)]),
        ("[1, 2]", [("class.file.format", 0)]),
        ('{"format": "attention-lab-lesson", "version": 1, "steps": []}', [("class.file.steps", 0)]),
        (one_step(view="/nowhere"), [("class.file.page", 1)]),
        (one_step(view="/lesson?step=2"), [("class.file.page", 1)]),
        (one_step(view=42), [("class.file.view", 1)]),
        (one_step(view="/softmax?tab=nope"), [("class.file.value", 1)]),
        (one_step(correct=2), [("class.file.correct", 1)]),
        (one_step(correct=True), [("class.file.correct", 1)]),
        (one_step(choices=[{"en": "only"}]), [("class.file.choices", 1)]),
        (one_step(choices=[{"en": str(i)} for i in range(CHOICES_MAX + 1)]), [("class.file.choices", 1)]),
        (one_step(question={"fr": "Pourquoi ?"}), [("class.file.text", 1)]),
        (one_step(question={"en": ""}), [("class.file.text", 1)]),
        (one_step(question="x" * 601), [("class.file.long", 1)]),
        # a picture would be fetched from its address by every screen that shows the step
        (one_step(question="See ![a](http://example.com/a.png)"), [("class.file.image", 1)]),
        (one_step(choices=[{"en": "a"}, {"ko": "![b][1]"}]), [("class.file.image", 1)]),
        (one_step(choises=[]), [("class.file.unknown", 1)]),
    ],
)
def test_a_bad_file_says_what_and_where(text: str | bytes, expected: list[tuple[str, int]]) -> None:
    assert problems_of(text) == expected


def test_every_problem_is_reported_not_only_the_first() -> None:
    body = json.loads(one_step(view="/nowhere", correct=9))
    body["steps"].append({"view": "/softmax", "question": "ok", "explanation": "ok", "extra": 1})
    body["version"] = 2
    assert problems_of(json.dumps(body)) == [
        ("class.file.version", 0),
        ("class.file.page", 1),
        ("class.file.correct", 1),
        ("class.file.unknown", 2),
    ]


def test_size_and_step_bounds() -> None:
    assert problems_of(" " * (LESSON_BYTES_MAX + 1)) == [("class.file.big", 0)]
    body = json.loads(one_step())
    body["steps"] = body["steps"] * (STEPS_MAX + 1)
    text = json.dumps(body, separators=(",", ":"))
    assert len(text) < LESSON_BYTES_MAX
    assert problems_of(text) == [("class.file.steps", 0)]
    body["steps"] = body["steps"][:STEPS_MAX]
    assert len(lesson_file.loads(json.dumps(body))[0].steps) == STEPS_MAX
