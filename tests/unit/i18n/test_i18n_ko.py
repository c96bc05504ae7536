"""Korean particles after numbers: the helper against a full number reader, and every Korean template."""

from __future__ import annotations

import re

import pytest

from tests.support.strings import ALL
from viz.i18n import t
from viz.i18n.ko import PAIRS, Formatter, particle, reading_end, with_particle

DIGITS = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]


def read_aloud(n: int) -> str:
    """A whole number read in Sino-Korean, written out in full (an independent reference).

    Groups of four digits, each read with 천/백/십 and a digit (a leading 1 before 십/백/천 is silent),
    followed by the group's unit 만, 억, 조, 경 (10000 alone is 만, not 일만).
    """
    if n == 0:
        return "영"
    words = []
    for unit in ("", "만", "억", "조", "경"):
        n, group = divmod(n, 10000)
        if group:
            part = ""
            for place, name in ((1000, "천"), (100, "백"), (10, "십")):
                d = group // place % 10
                if d:
                    part += ("" if d == 1 else DIGITS[d]) + name
            part += DIGITS[group % 10]
            words.append(("" if part == "일" and unit == "만" else part) + unit)  # 10000 is 만
        if n == 0:
            break
    return "".join(reversed(words))


def final_consonant(syllable: str) -> int:
    return (ord(syllable) - 0xAC00) % 28


def test_the_reference_reader() -> None:
    assert read_aloud(1) == "일"
    assert read_aloud(10) == "십"
    assert read_aloud(128) == "백이십팔"
    assert read_aloud(1024) == "천이십사"
    assert read_aloud(10000) == "만"
    assert read_aloud(120_000) == "십이만"
    assert read_aloud(100_000_000) == "일억"


def test_reading_end_matches_the_full_reading() -> None:
    big = [10**4, 2 * 10**4, 10**5, 10**6, 1_010_000, 10**8, 3 * 10**12, 10**16, 12_345_678]
    for n in [*range(0, 3000), *big]:
        assert reading_end(str(n)) == read_aloud(n)[-1], n
        assert reading_end(f"{n:,}") == read_aloud(n)[-1], n  # thousands separators are not read


@pytest.mark.parametrize(
    ("text", "end"),
    [("0.5", "오"), ("1.73", "삼"), ("√64 = 8", "팔"), ("√3 = 1.73", "삼"), ("95.0%", "트"), ("-7", "칠")],
)
def test_reading_end_of_decimals_and_percentages(text: str, end: str) -> None:
    assert reading_end(text) == end


@pytest.mark.parametrize("text", ["", "d_k", "x", "√", "10" + "0" * 20])
def test_reading_end_unknown(text: str) -> None:
    assert reading_end(text) is None


@pytest.mark.parametrize(
    ("value", "pair", "expected"),
    [
        (1, "은/는", "1은"),  # 일
        (2, "은/는", "2는"),  # 이
        (3, "은/는", "3은"),
        (4, "은/는", "4는"),
        (6, "이/가", "6이"),
        (9, "이/가", "9가"),
        (10, "을/를", "10을"),  # 십
        (100, "을/를", "100을"),  # 백
        (1000, "과/와", "1000과"),  # 천
        (10000, "과/와", "10000과"),  # 만
        (132, "을/를", "132를"),  # 이
        (15, "을/를", "15를"),  # 오
        (0, "은/는", "0은"),  # 영
        (1, "으로/로", "1로"),  # 일: ㄹ takes 로
        (7, "으로/로", "7로"),
        (8, "으로/로", "8로"),
        (3, "으로/로", "3으로"),
        (6, "으로/로", "6으로"),
        (10, "으로/로", "10으로"),
        (2, "으로/로", "2로"),
        ("95.0%", "을/를", "95.0%를"),  # 퍼센트
        ("d_k", "을/를", "d_k을(를)"),  # unknown reading: both forms, the usual neutral spelling
    ],
)
def test_with_particle(value: object, pair: str, expected: str) -> None:
    assert with_particle(value, pair) == expected


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_particle_follows_the_final_consonant(pair: str) -> None:
    after_consonant, after_vowel = PAIRS[pair]
    for n in range(0, 200):
        final = final_consonant(read_aloud(n)[-1])
        vowel_like = final == 0 or (pair == "으로/로" and final == 8)
        assert particle(str(n), pair) == (after_vowel if vowel_like else after_consonant), n


def test_formatter_applies_a_number_format_before_the_particle() -> None:
    f = Formatter()
    assert f.format("{h:은/는}", h=1) == "1은"
    assert f.format("{acc:.1%|을/를}", acc=0.5) == "50.0%를"
    assert f.format("{x:.2f|이/가}", x=1.0) == "1.00이"  # 일 점 영 영
    assert f.format("{x:.1f}", x=1.25) == "1.2"  # other specs unchanged


def test_t_chooses_the_particle_for_the_number() -> None:
    assert t("steps.concat", "ko", heads=4, d_model=128, h=1).endswith("헤드 1은 테두리")
    assert t("steps.concat", "ko", heads=4, d_model=128, h=2).endswith("헤드 2는 테두리")
    assert "위치의 50%를 맞혔" in t("train.reached", "ko", acc="50%", steps=10, sec=1)
    assert "위치의 100%를 맞혔" in t("train.reached", "ko", acc="100%", steps=10, sec=1)
    assert "√3 = 1.73으로" in t("steps.squares", "ko", d_k=3, root="√3 = 1.73")
    assert "d_k = 8과" in t("steps.squares", "ko", d_k=8, root="√8 = 2.83")
    assert "d_k = 4와" in t("steps.squares", "ko", d_k=4, root="√4 = 2")
    assert "√4 = 2로" in t("steps.squares", "ko", d_k=4, root="√4 = 2")
    # the English text is untouched
    assert t("steps.concat", "en", heads=4, d_model=128, h=1).endswith("head 1 outlined")


# A placeholder directly followed by a particle. Words starting with 이 other than the subject particle 이
# (and 이나) are the copula (이고, 이면, 입니다, 일 ...), which is right after any sound.
PLACEHOLDER_THEN_HANGUL = re.compile(r"(%?)\{([^{}]*)\}([가-힣]+)")
PARTICLE_START = re.compile(r"^(?:은|는|을|를|과|와|가|으로|로|나)")


def is_particle(after: str) -> bool:
    if after.startswith("이"):
        return after in ("이", "이나")
    return PARTICLE_START.match(after) is not None


def after_both_forms(ko: str, end: int) -> bool:
    """The neutral spelling that writes both forms, as in "{default}을(를)": right after any word."""
    return re.match(r"\((?:은|는|을|를|과|와|이|가|으|로)+\)", ko[end:]) is not None


def particle_problems(key: str, ko: str) -> list[str]:
    problems = []
    for m in PLACEHOLDER_THEN_HANGUL.finditer(ko):
        plotly, field, after = m.groups()
        if not is_particle(after):
            continue
        if plotly:  # Plotly fills %{x} in the browser: no way to choose, so the text must avoid it
            problems.append(f"{key}: %{{{field}}}{after}")
        elif not field.endswith((*PAIRS, "%")) and not after_both_forms(ko, m.end()):
            problems.append(f"{key}: {{{field}}}{after}")
    return problems


def test_no_korean_template_puts_a_fixed_particle_after_a_placeholder() -> None:
    problems = [p for key, entry in ALL.items() for p in particle_problems(key, entry["ko"])]
    assert not problems, problems


def test_the_template_check_finds_what_it_should() -> None:
    assert particle_problems("k", "헤드 {h}는 테두리") == ["k: {h}는"]
    assert particle_problems("k", "열 %{x}로<br>") == ["k: %{x}로"]
    assert particle_problems("k", "d_k = {d_k}와 함께") == ["k: {d_k}와"]
    assert particle_problems("k", "{n}이 ") == ["k: {n}이"]
    assert particle_problems("k", "헤드 {h:은/는} 테두리") == []
    assert particle_problems("k", "d_k = {d_k}이면, {x}입니다, {y}개, {z}에서") == []
    assert particle_problems("k", "{share:.0%}를, {default}을(를)") == []  # always 퍼센트; both forms
