"""The guided lesson's steps (their words are in viz/i18n/lesson.py, the one file a teacher edits): each a
view of a page, opened by the page's own link parameters. No Streamlit here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from viz.i18n import lesson as words
from viz.state import link


@dataclass(frozen=True)
class Step:
    """One step: the page (URL path) and the view's link parameters, the note it follows, a slip key."""

    number: int  # from 1
    page: str
    query: tuple[tuple[str, str], ...]
    note: str
    slip: str

    @property
    def file(self) -> str:
        """The page's script (every page file is named by its URL path)."""
        return f"pages/{self.page}.py"

    def link_query(self) -> dict[str, list[str]]:
        """The query as viz.state.link.read takes it (each name with its values)."""
        return {name: [value] for name, value in self.query}


def _step(number: int, raw: Mapping[str, object]) -> Step:
    query = raw.get("query") or {}
    assert isinstance(query, Mapping)
    return Step(
        number,
        str(raw["page"]),
        tuple((str(k), str(v)) for k, v in query.items()),
        str(raw.get("note", "")),
        str(raw.get("slip", "")),
    )


STEPS: tuple[Step, ...] = tuple(_step(i + 1, raw) for i, raw in enumerate(words.STEPS))


def text(step: Step, part: str, lang: str) -> str:
    """The step's ``part`` ("question" or "answer") in ``lang`` (English when a translation is missing)."""
    entry = words.STEPS[step.number - 1][part]
    assert isinstance(entry, Mapping)
    return str(entry.get(lang) or entry["en"])


def problems() -> list[str]:
    """What is wrong with the steps: a page the app does not have, a link value its page refuses, a
    language missing."""
    found = []
    for step in STEPS:
        if step.page not in link.PAGES or step.page in ("home", "lesson"):
            found.append(f"step {step.number}: no page {step.page!r}")
            continue
        reading = link.read(link.page(step.page), step.link_query())
        found += [f"step {step.number}: {p.key} = {p.value!r} refused" for p in reading.problems]
        for part in ("question", "answer"):
            entry = words.STEPS[step.number - 1][part]
            if not isinstance(entry, Mapping) or not entry.get("en") or not entry.get("ko"):
                found.append(f"step {step.number}: {part} needs English and Korean")
    return found
