"""Every string exists in English and Korean with the same placeholders (where keys live, and that every key
the code names exists: test_i18n_layout.py)."""

from __future__ import annotations

import importlib
import re
import string
from pathlib import Path

import pytest

from tests.support.strings import ALL, package_tables
from viz.i18n import LANGS, STRINGS, TABLES, merge, t

ROOT = Path(__file__).resolve().parents[3]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# Strings that are the same in both languages on purpose (symbols and names).
SAME_IN_BOTH = {
    "home.step.qkv",
    "home.step.scores",
    "home.step.softmax",
    "home.step.values",
    "home.step.wo",
    "pe.wave.max_len",
}
# Short technical axis labels, written the same way in Korean lectures.
SAME_IN_BOTH |= {"enc.short.hidden", "enc.short.mid.post", "enc.short.out.post", "enc.pp.grad.hover"}
# Names of methods, written in Latin letters in Korean papers and lectures too.
SAME_IN_BOTH |= {"rel.scheme.alibi", "rs.method.yarn", "rs.decay.rope"}


def test_every_strings_module_is_merged() -> None:
    tables = package_tables()
    assert len(tables) >= 10  # shell, notes, the encodings' words and the seven pages
    assert set(tables) == set(TABLES)
    assert merge(tables) == STRINGS


@pytest.mark.parametrize("name", sorted(package_tables()))
def test_each_strings_module_says_which_page_it_serves(name: str) -> None:
    doc = importlib.import_module(name).__doc__
    assert doc and doc.startswith("Strings of ")


def test_merge_refuses_a_key_defined_in_two_modules() -> None:
    first = {"a.one": {"en": "one", "ko": "하나"}, "a.two": {"en": "two", "ko": "둘"}}
    second = {"b.three": {"en": "three", "ko": "셋"}, "a.two": {"en": "two again", "ko": "다시 둘"}}
    with pytest.raises(ValueError, match=r"'a\.two'.*viz\.i18n\.first.*viz\.i18n\.second"):
        merge({"viz.i18n.first": first, "viz.i18n.second": second})
    # Without the clash the same tables merge, each key once.
    del second["a.two"]
    assert merge({"viz.i18n.first": first, "viz.i18n.second": second}) == {**first, **second}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(ALL))
def test_both_languages_present_with_the_same_placeholders(key: str) -> None:
    entry = ALL[key]
    assert set(entry) == set(LANGS)
    assert entry["en"].strip() and entry["ko"].strip()
    assert fields(entry["en"]) == fields(entry["ko"])


def test_korean_is_korean() -> None:
    for key, entry in ALL.items():
        words = re.sub(
            r"\{[^}]*\}|%\{[^}]*\}|<[^>]*>", "", entry["en"]
        )  # placeholders and tags are not words
        if key in SAME_IN_BOTH or not re.search(r"[A-Za-z]{4,}", words):
            continue
        assert HANGUL.search(entry["ko"]), f"{key} has no Korean text: {entry['ko']!r}"


def test_lookup_fills_placeholders_and_falls_back_to_english() -> None:
    assert t("ui.sidebar.d_k", "ko", d_model=512, heads=8, d_k=64) == "헤드당 d_k = 512 / 8 = 64"
    assert t("ui.nav.home", "xx") == "Home"


@pytest.mark.parametrize(
    "family", ["encodings.kind.", "encodings.about.", "encodings.heatmap.", "encodings.sum."]
)
def test_each_encoding_has_its_words_in_one_module(family: str) -> None:
    """README's "add an encoding: two files": viz/encodings.py and viz/i18n/encodings.py, which holds
    every string an encoding needs (and no other module holds one of those families)."""
    from viz.encodings import ENCODING_KINDS
    from viz.i18n import encodings

    assert family in encodings.FAMILIES
    for kind in ENCODING_KINDS:
        assert f"{family}{kind}" in encodings.STRINGS
    elsewhere = [k for name, table in package_tables().items() if name != encodings.__name__ for k in table]
    assert not [k for k in elsewhere if k.startswith(family)]


def test_each_criterion_has_its_strings() -> None:
    from viz.encodings.criteria import CRITERIA

    for name in CRITERIA:
        for suffix in ("", ".measure", ".rule"):
            assert f"pe.crit.{name}{suffix}" in STRINGS
