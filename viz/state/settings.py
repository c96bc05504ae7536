"""The shared settings (sidebar and URL): their ranges, defaults and validation. No Streamlit here.

URL keys: ``d_model``, ``max_len``, ``base``, ``heads``, ``lang`` and ``all`` (every section at once). A
value read from a URL is checked with :func:`read_url`; anything outside the allowed values falls back to
the default, and the page says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from viz.i18n import LANGS, Lang

D_MODEL_RANGE = (2, 1024)
MAX_LEN_RANGE = (1, 4096)
BASE_OPTIONS: tuple[int, ...] = (
    2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 1000000,
)  # fmt: skip

DEFAULT_D_MODEL = 128
DEFAULT_MAX_LEN = 100
DEFAULT_BASE = 10000
DEFAULT_HEADS = 8
DEFAULT_LANG: Lang = "en"

URL_KEYS: tuple[str, ...] = ("d_model", "max_len", "base", "heads", "lang", "all", "present")


@dataclass(frozen=True)
class Settings:
    """The values every page reads from the sidebar."""

    d_model: int = DEFAULT_D_MODEL
    max_len: int = DEFAULT_MAX_LEN
    base: int = DEFAULT_BASE
    heads: int = DEFAULT_HEADS
    lang: Lang = DEFAULT_LANG

    @property
    def d_k(self) -> int:
        """Dimensions per attention head: d_model / heads."""
        return self.d_model // self.heads


def as_lang(text: object) -> Lang | None:
    """``text`` as a language of the app if it names one (a value from a URL or a widget), else None."""
    return next((lang for lang in LANGS if lang == text), None)


def divisors(n: int) -> list[int]:
    """All positive divisors of ``n`` in increasing order (the head counts d_model allows)."""
    small = [k for k in range(1, int(n**0.5) + 1) if n % k == 0]
    return sorted(set(small + [n // k for k in small]))


def share(d_model: int, heads: int) -> str:
    """d_model / heads written out, e.g. "42.67": what each head would get when heads do not divide."""
    return f"{d_model / heads:.2f}"


def closest_heads(heads: int, d_model: int) -> int:
    """The divisor of ``d_model`` nearest to ``heads`` (the smaller one on a tie)."""
    return min(divisors(d_model), key=lambda k: (abs(k - heads), k))


def default_heads(d_model: int) -> int:
    """The default head count for ``d_model``: 8 when it divides, else the nearest divisor."""
    return closest_heads(DEFAULT_HEADS, d_model)


@dataclass(frozen=True)
class UrlProblem:
    """A URL value that was refused: what was asked, the rule it broke, and what is used instead.

    ``default`` is the value used instead, as the page quotes it (None: the page's own default).
    """

    key: str
    value: str
    rule: str  # an i18n key: ui.url.rule.int_range / ui.url.rule.choice / ui.url.rule.once ...
    rule_values: tuple[tuple[str, object], ...]
    default: object


def parse_int(raw: str) -> int | None:
    """An integer written in ``raw`` ("8", " 8.0 ", "1e3"), or None (not a number, or not a whole one)."""
    try:
        value = float(raw.strip())
    except ValueError:
        return None
    if not math.isfinite(value) or not value.is_integer() or abs(value) > 2**62:
        return None
    return int(value)


HEADS_RANGE = (1, D_MODEL_RANGE[1])


def check_url_value(key: str, raw: str, d_model: int = DEFAULT_D_MODEL) -> UrlProblem | None:
    """None if ``raw`` is an allowed value of setting ``key``, else the problem to report.

    A head count is the count asked for: any whole number from 1 to 1024. Where it does not divide
    ``d_model`` the sidebar uses the nearest divisor and says so there (for the link's visitor as for
    the one who shared it), so it is not refused here.
    """
    if key in ("d_model", "max_len", "heads"):
        lo, hi = {"d_model": D_MODEL_RANGE, "max_len": MAX_LEN_RANGE, "heads": HEADS_RANGE}[key]
        value = parse_int(raw)
        if value is not None and lo <= value <= hi:
            return None
        default: object = {"d_model": DEFAULT_D_MODEL, "max_len": DEFAULT_MAX_LEN}.get(key)
        if key == "heads":
            default = default_heads(d_model)
        return UrlProblem(key, raw, "ui.url.rule.int_range", (("lo", lo), ("hi", hi)), default)
    if key == "base":
        value = parse_int(raw)
        if value in BASE_OPTIONS:
            return None
        choices = ", ".join(str(b) for b in BASE_OPTIONS)
        return UrlProblem(key, raw, "ui.url.rule.choice", (("choices", choices),), DEFAULT_BASE)
    if key == "lang":
        if as_lang(raw) is not None:
            return None
        return UrlProblem(key, raw, "ui.url.rule.choice", (("choices", ", ".join(LANGS)),), DEFAULT_LANG)
    if key in ("all", "present"):  # switches: every section at once, the presenter view
        if raw in ("0", "1"):
            return None
        return UrlProblem(key, raw, "ui.url.rule.bool", (), "0")
    raise KeyError(key)


@dataclass(frozen=True)
class UrlSettings:
    """What a link asks of the shared settings: the values to use (by URL key; heads is the count
    asked for) and every refused value, each of which leaves its setting on the default."""

    values: dict[str, object]
    problems: list[UrlProblem]


def read_url(query: Mapping[str, Sequence[str]]) -> UrlSettings:
    """The shared settings in a URL's query (each key with every value it was given).

    A key given more than once is refused (which one was meant?); so is any value that
    :func:`check_url_value` refuses. What is reported as used is exactly what the sidebar then uses.
    """
    values: dict[str, object] = {}
    problems: list[UrlProblem] = []
    for key in URL_KEYS:
        raws = list(query.get(key, ()))
        if not raws:
            continue
        d_model = int(cast(int, values.get("d_model", DEFAULT_D_MODEL)))
        if len(raws) > 1:
            default = _default(key, d_model)
            problems.append(UrlProblem(key, " & ".join(raws), "ui.url.rule.once", (), default))
            continue
        problem = check_url_value(key, raws[0], d_model)
        if problem is not None:
            problems.append(problem)
        elif key == "lang":
            values[key] = raws[0]
        elif key in ("all", "present"):
            values[key] = raws[0] == "1"
        else:
            values[key] = parse_int(raws[0])
    return UrlSettings(values, problems)


def _default(key: str, d_model: int) -> object:
    return {
        "d_model": DEFAULT_D_MODEL,
        "max_len": DEFAULT_MAX_LEN,
        "base": DEFAULT_BASE,
        "heads": default_heads(d_model),
        "lang": DEFAULT_LANG,
        "all": "0",
        "present": "0",
    }[key]


def check_url(params: Mapping[str, str]) -> list[UrlProblem]:
    """Every refused value among the settings in a URL's query parameters (one value per key)."""
    return read_url({key: [value] for key, value in params.items()}).problems
