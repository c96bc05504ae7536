"""A lesson: steps, each a view of a page opened by the page's own link parameters, with a question, the
choices a class picks from, the right one and what the view shows. The built-in lesson's words are in
viz/i18n/lesson.py; a teacher's lesson comes from a file (viz/state/lesson_file.py). No Streamlit here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from viz.i18n import lesson as words
from viz.state import link

#: A text in one or both languages: (language, text) pairs, English first when both are there.
Texts = tuple[tuple[str, str], ...]
LANGS = ("en", "ko")
#: Pages a step cannot show: the home page, and the pages of the lesson and the class themselves.
NOT_A_VIEW = frozenset({"home", "lesson", "join", "write"})


def texts(raw: Mapping[str, object]) -> Texts:
    """The languages of ``raw`` ({"en": ..., "ko": ...}) that hold a text."""
    return tuple((lang, str(raw[lang])) for lang in LANGS if isinstance(raw.get(lang), str) and raw[lang])


def pick(entry: Texts, lang: str) -> str:
    """``entry`` in ``lang``, else in the language it has."""
    found = dict(entry)
    return found.get(lang) or next(iter(found.values()), "")


@dataclass(frozen=True)
class Step:
    """One step: the page (URL path) and the view's link parameters, the note it follows, a slip key
    (a "where the notes differ" box shown with the answer, or ""), the question, the choices, the
    index of the right one and what the view shows."""

    number: int  # from 1
    page: str
    query: tuple[tuple[str, str], ...]
    note: str
    slip: str
    question: Texts = ()
    answer: Texts = ()
    choices: tuple[Texts, ...] = ()
    correct: int | None = None  # an index into choices (None: a step without choices)

    @property
    def file(self) -> str:
        """The page's script (every page file is named by its URL path)."""
        return f"pages/{self.page}.py"

    def link_query(self) -> dict[str, list[str]]:
        """The query as viz.state.link.read takes it (each name with its values)."""
        return {name: [value] for name, value in self.query}

    def text(self, part: str, lang: str) -> str:
        """``part`` ("question" or "answer") in ``lang`` (the other language when it has only that)."""
        entry: Texts = self.question if part == "question" else self.answer
        return pick(entry, lang)

    def choice(self, index: int, lang: str) -> str:
        return pick(self.choices[index], lang)


@dataclass(frozen=True)
class Lesson:
    """A lesson: its title and steps (numbered from 1, in order)."""

    title: Texts
    steps: tuple[Step, ...]


def _step(number: int, raw: Mapping[str, object]) -> Step:
    query = raw.get("query") or {}
    assert isinstance(query, Mapping)
    question, answer, choices = raw["question"], raw["answer"], raw.get("choices") or []
    assert isinstance(question, Mapping) and isinstance(answer, Mapping) and isinstance(choices, list)
    correct = raw.get("correct")
    return Step(
        number,
        str(raw["page"]),
        tuple((str(k), str(v)) for k, v in query.items()),
        str(raw.get("note", "")),
        str(raw.get("slip", "")),
        texts(question),
        texts(answer),
        tuple(texts(c) for c in choices),
        correct if isinstance(correct, int) else None,
    )


#: The lesson the app ships (its name in a class: :data:`BUILTIN_NAME`).
BUILTIN = Lesson(texts(words.TITLE), tuple(_step(i + 1, raw) for i, raw in enumerate(words.STEPS)))
BUILTIN_NAME = "builtin"
STEPS = BUILTIN.steps


def text(step: Step, part: str, lang: str) -> str:
    """The step's ``part`` ("question" or "answer") in ``lang``."""
    return step.text(part, lang)


def problems(lesson: Lesson = BUILTIN) -> list[str]:
    """What is wrong with a lesson's steps: a page the app does not have (or cannot show in a step), a
    link value its page refuses, a language missing from the built-in lesson, a right choice that is not
    one of the choices."""
    found = []
    for step in lesson.steps:
        if step.page not in link.PAGES or step.page in NOT_A_VIEW:
            found.append(f"step {step.number}: no page {step.page!r}")
            continue
        reading = link.read(link.page(step.page), step.link_query())
        found += [f"step {step.number}: {p.key} = {p.value!r} refused" for p in reading.problems]
        if (step.correct is None) != (not step.choices) or (
            step.correct is not None and not 0 <= step.correct < len(step.choices)
        ):
            found.append(f"step {step.number}: the right choice is not one of its choices")
        if lesson is BUILTIN:
            if not step.choices:
                found.append(f"step {step.number}: no choices for the class")
            for part, entries in (("question", [step.question]), ("answer", [step.answer])):
                if any({lang for lang, _ in entry} != set(LANGS) for entry in entries):
                    found.append(f"step {step.number}: {part} needs English and Korean")
            if any({lang for lang, _ in c} != set(LANGS) for c in step.choices):
                found.append(f"step {step.number}: a choice needs English and Korean")
    return found
