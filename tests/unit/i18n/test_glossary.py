"""One Korean name per thing: no Korean string of any strings module uses a variant spelling of a glossary
term (viz/i18n/glossary.py), the glossary names no spelling both ways, and every preferred spelling is in
use."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator, Mapping

import pytest

import viz.i18n
from tests.support.strings import ALL
from viz.i18n.glossary import TERMS, Term


def walk(value: object, where: str) -> Iterator[tuple[str, str]]:
    """(where, Korean text) for every ``{"en": ..., "ko": ...}`` entry inside ``value``."""
    if isinstance(value, Mapping):
        if isinstance(value.get("ko"), str):
            yield where, value["ko"]
        for k, v in value.items():
            yield from walk(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from walk(v, f"{where}[{i}]")


def korean() -> dict[str, str]:
    """Every Korean string of the viz.i18n package, found on disk: each strings table's entries by key,
    and the Korean inside any other public table of those modules (the lesson's STEPS: "lesson.STEPS[3]
    .answer")."""
    found = {key: entry["ko"] for key, entry in ALL.items() if "ko" in entry}
    for info in pkgutil.iter_modules(viz.i18n.__path__, "viz.i18n."):
        module = importlib.import_module(info.name)
        short = info.name.removeprefix("viz.i18n.")
        for name, value in vars(module).items():
            if name.isupper() and name != "STRINGS":
                found.update(walk(value, f"{short}.{name}"))
    return found


def variants_used(strings: dict[str, str], terms: tuple[Term, ...]) -> list[str]:
    found = []
    for key, text in strings.items():
        for term in terms:
            for spelling in term.found(text):
                found.append(f"{key}: {term.concept} spelt {spelling!r}; the app says {term.preferred!r}")
    return found


def test_every_korean_string_uses_the_glossary_spelling() -> None:
    strings = korean()
    assert len(strings) > 900  # the scan really reads the tables
    assert any(key.startswith("lesson.STEPS[") for key in strings)  # and the lesson's steps
    assert variants_used(strings, TERMS) == []


def test_a_variant_is_found_with_its_key_and_term() -> None:
    strings = {
        "a.one": "키와 값 벡터를 읽습니다.",
        "a.two": "최댓값 벡터와 측정값은 그대로입니다.",  # "값" as a number is no variant
        "a.three": "마스크: 인과",
        "a.four": "토이 과제와 장난감 과제",
        "a.five": "기울기 1인 직선과 헤드마다 고정된 기울기",  # a slope is no variant
        "a.six": "노트 001, ‘Transformer’",  # a note's heading, quoted
        "a.seven": "사인과 코사인이 닮지도 않았습니다",  # "인과" and "지도" inside other words
    }
    found = variants_used(strings, TERMS)
    assert found == [
        "a.one: value (V) spelt '값 벡터'; the app says '밸류'",
        "a.one: value (V) spelt '키와 값'; the app says '밸류'",
        "a.three: causal mask spelt '인과'; the app says '인과 마스크'",
        "a.four: toy task spelt '장난감 과제'; the app says '토이 과제'",
    ]


def test_no_spelling_is_both_preferred_and_a_variant() -> None:
    preferred = [term.preferred for term in TERMS]
    assert len(set(preferred)) == len(preferred), "a spelling is preferred for two terms"
    clashes = [
        f"{term.concept}'s variant {pattern!r} matches {other.concept}'s {other.preferred!r}"
        for term in TERMS
        for pattern in term.variants
        for other in TERMS
        if re.search(pattern, other.preferred)
    ]
    assert clashes == []


@pytest.mark.parametrize("term", TERMS, ids=[term.concept for term in TERMS])
def test_every_preferred_spelling_is_used(term: Term) -> None:
    assert any(term.preferred in text for text in korean().values()), f"{term.preferred!r} is used nowhere"


def test_every_variant_is_a_valid_pattern() -> None:
    for term in TERMS:
        for pattern in term.variants:
            re.compile(pattern)
