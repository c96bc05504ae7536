"""The shared settings (sidebar and URL): their ranges, defaults and validation. No Streamlit here.

URL keys: ``d_model``, ``max_len``, ``base``, ``heads``, ``lang``. A value read from a URL is checked
with :func:`check_url_value`; anything outside the allowed values falls back to the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from viz.i18n import LANGS

D_MODEL_RANGE = (2, 1024)
MAX_LEN_RANGE = (1, 4096)
BASE_OPTIONS: tuple[int, ...] = (
    2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 1000000,
)  # fmt: skip

DEFAULT_D_MODEL = 128
DEFAULT_MAX_LEN = 100
DEFAULT_BASE = 10000
DEFAULT_HEADS = 8
DEFAULT_LANG = "en"

URL_KEYS: tuple[str, ...] = ("d_model", "max_len", "base", "heads", "lang")


@dataclass(frozen=True)
class Settings:
    """The values every page reads from the sidebar."""

    d_model: int = DEFAULT_D_MODEL
    max_len: int = DEFAULT_MAX_LEN
    base: int = DEFAULT_BASE
    heads: int = DEFAULT_HEADS
    lang: str = DEFAULT_LANG

    @property
    def d_k(self) -> int:
        """Dimensions per attention head: d_model / heads."""
        return self.d_model // self.heads


def divisors(n: int) -> list[int]:
    """All positive divisors of ``n`` in increasing order (the head counts d_model allows)."""
    small = [k for k in range(1, int(n**0.5) + 1) if n % k == 0]
    return sorted(set(small + [n // k for k in small]))


def closest_heads(heads: int, d_model: int) -> int:
    """The divisor of ``d_model`` nearest to ``heads`` (the smaller one on a tie)."""
    return min(divisors(d_model), key=lambda k: (abs(k - heads), k))


def default_heads(d_model: int) -> int:
    """The default head count for ``d_model``: 8 when it divides, else the nearest divisor."""
    return closest_heads(DEFAULT_HEADS, d_model)


@dataclass(frozen=True)
class UrlProblem:
    """A URL value that was refused: what was asked, the rule it broke, and what is used instead."""

    key: str
    value: str
    rule: str  # an i18n key: url.rule.int_range / url.rule.choice / url.rule.divisor
    rule_values: tuple[tuple[str, object], ...]
    default: object


def parse_int(raw: str) -> int | None:
    """An integer written in ``raw`` ("8", " 8.0 "), or None."""
    try:
        value = float(raw.strip())
    except ValueError:
        return None
    if not value.is_integer() or abs(value) > 2**62:
        return None
    return int(value)


def check_url_value(key: str, raw: str, d_model: int = DEFAULT_D_MODEL) -> UrlProblem | None:
    """None if ``raw`` is an allowed value of setting ``key``, else the problem to report.

    ``d_model`` is the width in force, against which a head count is checked.
    """
    if key in ("d_model", "max_len"):
        lo, hi = D_MODEL_RANGE if key == "d_model" else MAX_LEN_RANGE
        value = parse_int(raw)
        if value is not None and lo <= value <= hi:
            return None
        default: object = DEFAULT_D_MODEL if key == "d_model" else DEFAULT_MAX_LEN
        return UrlProblem(key, raw, "url.rule.int_range", (("lo", lo), ("hi", hi)), default)
    if key == "base":
        value = parse_int(raw)
        if value in BASE_OPTIONS:
            return None
        choices = ", ".join(str(b) for b in BASE_OPTIONS)
        return UrlProblem(key, raw, "url.rule.choice", (("choices", choices),), DEFAULT_BASE)
    if key == "heads":
        value = parse_int(raw)
        if value is not None and value >= 1 and d_model % value == 0:
            return None
        return UrlProblem(key, raw, "url.rule.divisor", (("d_model", d_model),), default_heads(d_model))
    if key == "lang":
        if raw in LANGS:
            return None
        return UrlProblem(key, raw, "url.rule.choice", (("choices", ", ".join(LANGS)),), DEFAULT_LANG)
    raise KeyError(key)


def check_url(params: Mapping[str, str]) -> list[UrlProblem]:
    """Every refused value among the settings in a URL's query parameters."""
    problems = []
    d_model = DEFAULT_D_MODEL
    if "d_model" in params and check_url_value("d_model", params["d_model"]) is None:
        d_model = int(float(params["d_model"]))
    for key in URL_KEYS:
        if key in params:
            problem = check_url_value(key, params[key], d_model)
            if problem is not None:
                problems.append(problem)
    return problems
