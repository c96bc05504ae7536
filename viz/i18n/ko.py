"""Korean particles after numbers: "헤드 1은" but "헤드 2는", chosen by how the number is read aloud.

A Korean particle pair (은/는, 이/가, 을/를, 과/와, 으로/로) takes its first form after a syllable that ends
in a consonant and its second after a vowel (으로/로 also takes 로 after ㄹ). A number placeholder cannot
know in advance which one it needs: "1" is read 일 (ends in ㄹ), "2" 이 (a vowel), "10" 십, "100" 백,
"1000" 천, "10000" 만. Templates write the pair in the placeholder's format spec, ``{h:은/는}``, or after a
number format, ``{acc:.1%|을/를}``, and :class:`Formatter` appends the right form. No Streamlit here.
"""

from __future__ import annotations

import re
import string
from typing import Any

#: Each pair: (form after a consonant, form after a vowel).
PAIRS: dict[str, tuple[str, str]] = {
    "은/는": ("은", "는"),
    "이/가": ("이", "가"),
    "을/를": ("을", "를"),
    "과/와": ("과", "와"),
    "으로/로": ("으로", "로"),
}

# Sino-Korean readings: a digit read alone (0 is 영, as in "영점 오", not the phone-number 공), and the
# unit a run of trailing zeros ends in (20 이십, 300 삼백, 4000 사천, 50000 오만, 10^8 억, 10^12 조).
_DIGITS = "영일이삼사오육칠팔구"
_SMALL_UNITS = {1: "십", 2: "백", 3: "천"}
_GROUP_UNITS = ("", "만", "억", "조", "경")
#: A placeholder whose format spec ends in a pair: only these templates need :class:`Formatter`.
PARTICLE_SPEC = re.compile("(?:" + "|".join(PAIRS) + r")\}")
_NUMBER_END = re.compile(r"(\d+)(?:\.(\d+))?$")
_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # index of ㄹ among the final consonants


def reading_end(text: str) -> str | None:
    """The last syllable of ``text`` read aloud in Korean, when it ends in a number or a Hangul syllable.

    "1" -> 일, "2" -> 이, "10" -> 십, "1,000" -> 천, "20000" -> 만, "0.25" -> 오 (decimals are read digit
    by digit), "95.0%" -> 트 (퍼센트). None for anything else (a Latin letter, a symbol, an empty text).
    """
    s = str(text).strip().replace(",", "")
    if not s:
        return None
    if s.endswith("%"):
        return "트"
    if _HANGUL_FIRST <= ord(s[-1]) <= _HANGUL_LAST:
        return s[-1]
    m = _NUMBER_END.search(s)
    if m is None:
        return None
    whole, fraction = m.group(1), m.group(2)
    if fraction is not None:
        return _DIGITS[int(fraction[-1])]
    digits = whole.lstrip("0")
    if not digits:
        return _DIGITS[0]
    # trailing zeros: whole groups of four, then zeros within the lowest non-zero group
    group, zeros = divmod(len(digits) - len(digits.rstrip("0")), 4)
    if group:  # 20000 이만, 100000 십만: the reading ends in the lowest non-zero group's unit
        return _GROUP_UNITS[group] if group < len(_GROUP_UNITS) else None
    return _SMALL_UNITS[zeros] if zeros else _DIGITS[int(digits[-1])]


def particle(text: str, pair: str) -> str:
    """The form of ``pair`` (e.g. "은/는") that follows ``text``; both, as "은(는)", when its reading is
    unknown."""
    after_consonant, after_vowel = PAIRS[pair]
    end = reading_end(text)
    if end is None:
        return f"{after_consonant}({after_vowel})"
    final = (ord(end) - _HANGUL_FIRST) % 28  # 0: no final consonant
    if final == 0 or (pair == "으로/로" and final == _RIEUL):
        return after_vowel
    return after_consonant


def with_particle(value: object, pair: str) -> str:
    """``value`` as text followed by the right form of ``pair``: with_particle(1, "은/는") == "1은"."""
    text = str(value)
    return text + particle(text, pair)


class Formatter(string.Formatter):
    """``str.format`` that also understands a particle pair at the end of a format spec.

    ``{h:은/는}`` formats ``h`` as usual and adds 은 or 는; ``{acc:.1%|을/를}`` applies ``.1%`` first.
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        for pair in PAIRS:
            if format_spec.endswith(pair):
                spec = format_spec[: -len(pair)].removesuffix("|")
                return with_particle(format(value, spec), pair)
        return format(value, format_spec)
