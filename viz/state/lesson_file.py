"""A lesson as a file a teacher writes, downloads, uploads and shares: JSON, read strictly (every problem
found is reported, each with its step, in words the page translates), written back the same way. No
Streamlit here.

    {"format": "attention-lab-lesson", "version": 1,
     "title": {"en": "...", "ko": "..."},
     "steps": [{"view": "/attention?tab=order&enc=none", "note": "003 §2.1",
                "question": {"en": "...", "ko": "..."},
                "choices": [{"en": "...", "ko": "..."}, ...], "correct": 0,
                "explanation": {"en": "...", "ko": "..."}}]}

A text is in one or both languages ({"en": ...}, {"ko": ...} or both; a plain string counts as English).
``view`` is a page's address as the address bar holds it (a whole URL is fine: its path and query are
kept); its page settings are checked against the pages' link registry. The sidebar's settings (d_model,
max_len ...) are the class's own, so a view's are left out, with a note. A step without choices asks
its question aloud; ``correct`` is the index of the right choice.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from viz.classroom.store import CHOICES_MAX, LESSON_BYTES_MAX, STEPS_MAX, Store
from viz.state import link
from viz.state.lesson import LANGS, NOT_A_VIEW, Lesson, Step, Texts

FORMAT = "attention-lab-lesson"
VERSION = 1
#: The longest text each part may hold, in characters.
LIMITS = {"title": 120, "note": 60, "question": 600, "choice": 200, "explanation": 3000}
STEP_KEYS = frozenset({"view", "note", "question", "choices", "correct", "explanation"})
TOP_KEYS = frozenset({"format", "version", "title", "steps"})


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file (or a note on it): an i18n key (viz/i18n/classroom.py) and its values;
    ``step`` from 1, 0 for the file as a whole."""

    key: str
    step: int = 0
    values: tuple[tuple[str, object], ...] = ()


class LessonFileError(ValueError):
    """A file that is not a lesson: every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.key for p in problems))
        self.problems = problems


def view_of(step: Step) -> str:
    """The step's view as an address (the page's path and its link parameters)."""
    return f"/{step.page}" + (f"?{urlencode(step.query)}" if step.query else "")


def _texts_json(entry: Texts) -> dict[str, str]:
    return dict(entry)


def dumps(lesson: Lesson) -> str:
    """The lesson as its file's text (JSON, UTF-8 as written, two-space indents)."""
    steps = []
    for step in lesson.steps:
        out: dict[str, object] = {"view": view_of(step)}
        if step.note:
            out["note"] = step.note
        out["question"] = _texts_json(step.question)
        if step.choices:
            out["choices"] = [_texts_json(c) for c in step.choices]
            out["correct"] = step.correct
        out["explanation"] = _texts_json(step.answer)
        steps.append(out)
    body = {"format": FORMAT, "version": VERSION, "title": _texts_json(lesson.title), "steps": steps}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


class _Reader:
    """Reads one file, collecting every problem rather than stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []

    def problem(self, key: str, step: int = 0, **values: object) -> None:
        self.problems.append(Problem(key, step, tuple(values.items())))

    def texts(self, raw: object, part: str, step: int, limit: str | None = None) -> Texts:
        most = LIMITS[limit or part]
        if isinstance(raw, str):
            raw = {"en": raw}
        if not isinstance(raw, Mapping) or set(raw) - set(LANGS):
            self.problem("class.file.text", step, part=part)
            return ()
        found = tuple((lang, raw[lang].strip()) for lang in LANGS if isinstance(raw.get(lang), str))
        found = tuple((lang, text) for lang, text in found if text)
        if not found or any(not isinstance(raw[lang], str) for lang in raw):
            self.problem("class.file.text", step, part=part)
        elif any(len(text) > most for _, text in found):
            self.problem("class.file.long", step, part=part, n=most)
        elif any("![" in text for _, text in found):  # Markdown would fetch the picture from its address
            self.problem("class.file.image", step, part=part)
        return found

    def view(self, raw: object, n: int) -> tuple[str, tuple[tuple[str, str], ...]]:
        if not isinstance(raw, str) or not raw.strip() or len(raw) > 2000:
            self.problem("class.file.view", n)
            return "", ()
        try:
            parts = urlsplit(raw.strip())
        except ValueError:  # "http://[::1/x": a bracket never closed
            self.problem("class.file.view", n)
            return "", ()
        page = parts.path.strip("/").split("/")[-1]
        if page not in link.PAGES or page in NOT_A_VIEW:
            self.problem(
                "class.file.page", n, page=page[:40], pages=", ".join(sorted(set(link.PAGES) - NOT_A_VIEW))
            )
            return "", ()
        query = parse_qs(parts.query, keep_blank_values=True)
        spec = link.page(page)
        reading = link.read(spec, query)
        for p in reading.problems:
            self.problem("class.file.value", n, name=p.key, value=link.quote(p.value))
        dropped = sorted(name for name in query if name not in spec.by_name)
        if dropped:
            self.notes.append(Problem("class.file.dropped", n, (("names", ", ".join(dropped)),)))
        kept = tuple((name, values[0]) for name, values in query.items() if name in spec.by_name)
        return page, kept

    def step(self, raw: object, n: int) -> Step | None:
        if not isinstance(raw, Mapping):
            self.problem("class.file.step", n)
            return None
        unknown = sorted(str(k) for k in raw if k not in STEP_KEYS)
        if unknown:
            self.problem("class.file.unknown", n, names=", ".join(unknown)[:80])
        page, query = self.view(raw.get("view"), n)
        note = raw.get("note", "")
        if not isinstance(note, str) or len(note) > LIMITS["note"]:
            self.problem("class.file.long", n, part="note", n=LIMITS["note"])
            note = ""
        question = self.texts(raw.get("question"), "question", n)
        explanation = self.texts(raw.get("explanation"), "explanation", n)
        choices_raw, correct = raw.get("choices", []), raw.get("correct")
        if not isinstance(choices_raw, list) or len(choices_raw) == 1 or len(choices_raw) > CHOICES_MAX:
            self.problem("class.file.choices", n, most=CHOICES_MAX)
            return None  # "correct" cannot be checked against choices that are not there
        choices = tuple(self.texts(c, "choice", n) for c in choices_raw)
        if choices and not (
            isinstance(correct, int) and not isinstance(correct, bool) and 0 <= correct < len(choices)
        ):
            self.problem("class.file.correct", n, most=len(choices) - 1)
            correct = None
        elif not choices and correct is not None:
            self.problem("class.file.correct", n, most=0)
        return Step(n, page, query, note, "", question, explanation, choices, correct if choices else None)


def _has_surrogate(value: object, depth: int = 0) -> bool:
    if isinstance(value, str):
        return any("\ud800" <= ch <= "\udfff" for ch in value)
    if depth > 8:  # a lesson is four levels deep; deeper is refused by the reader anyway
        return False
    if isinstance(value, Mapping):
        return any(_has_surrogate(k, depth + 1) or _has_surrogate(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v, depth + 1) for v in value)
    return False


def loads(text: str | bytes) -> tuple[Lesson, list[Problem]]:
    """The lesson in a file's text and notes on it (the settings a view's address carried that a step
    does not keep), or :class:`LessonFileError` with every problem found."""
    try:
        raw = text if isinstance(text, bytes) else text.encode("utf-8")
        if len(raw) > LESSON_BYTES_MAX:
            raise LessonFileError([Problem("class.file.big", 0, (("n", LESSON_BYTES_MAX // 1000),))])
        body = json.loads(raw.decode("utf-8"))
    except LessonFileError:
        raise
    except UnicodeError:  # not UTF-8, or a lone surrogate in the text
        raise LessonFileError([Problem("class.file.utf8")]) from None
    except json.JSONDecodeError as err:
        where = (("line", err.lineno), ("col", err.colno))
        raise LessonFileError([Problem("class.file.json", 0, where)]) from None
    except (RecursionError, ValueError):  # nested past Python's stack; a number past int's digit limit
        raise LessonFileError([Problem("class.file.json", 0, (("line", 1), ("col", 1)))]) from None
    if _has_surrogate(body):  # "\ud800" escapes decode to text that cannot be sent to a browser
        raise LessonFileError([Problem("class.file.utf8")])
    reader = _Reader()
    if not isinstance(body, Mapping) or body.get("format") != FORMAT:
        raise LessonFileError([Problem("class.file.format", 0, (("format", FORMAT),))])
    if body.get("version") != VERSION:
        reader.problem("class.file.version", version=VERSION)
    unknown = sorted(str(k) for k in body if k not in TOP_KEYS)
    if unknown:
        reader.problem("class.file.unknown", names=", ".join(unknown)[:80])
    title = reader.texts(body.get("title", {"en": "Lesson"}), "title", 0)
    raw_steps = body.get("steps")
    if not isinstance(raw_steps, list) or not 1 <= len(raw_steps) <= STEPS_MAX:
        reader.problem("class.file.steps", most=STEPS_MAX)
        raw_steps = []
    steps = [reader.step(raw, i + 1) for i, raw in enumerate(raw_steps)]
    if reader.problems:
        raise LessonFileError(reader.problems)
    return Lesson(title, tuple(s for s in steps if s is not None)), reader.notes


#: A saved lesson never changes: read once per process (a refusal is not kept).
@functools.lru_cache(maxsize=64)
def saved(store: Store, code: str) -> Lesson:
    """A lesson shared by its code, read from ``store``. Raises StoreError, or LessonFileError for a file
    that no longer reads."""
    return loads(store.lesson(code))[0]
