"""The whole view in a link: every page control's URL name, type, default and validation. No Streamlit here.

Why one registry instead of Streamlit's ``bind="query-params"`` on each widget:

- the choice widgets are keyed per language (:func:`viz.ui.choice`), and a bound widget writes its
  translated *label* to the URL, so one view would have an English and a Korean link;
- a bound widget's URL is written by the browser, while a value the server works out (the head count
  used, a clamped slider) can only be written by the server: two writers of one address raced, and the
  address bar lagged the page after quick key presses (issue 19, bug 2);
- one place validates every value a link may carry and reports what it refused, as plain text.

So a session's first run seeds Session State from the URL (:func:`read`), and every run that ends
writes the values in force back (:func:`url_for`), leaving out defaults to keep links short. Both walk
a page's dozen or so parameters: negligible next to a rerun.

A parameter names the Session State key its page keeps the value under: a widget's key, or for a
translated choice (:func:`viz.ui.choice`) and a page's tabs (:func:`viz.ui.sections`) the key that keeps
the chosen id. ``default`` is what a fresh session shows; ``None`` when that depends on the sidebar
(e.g. a position slider's middle), and then the value is always written.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import cast

from viz.encodings import ENCODING_KINDS
from viz.settings import UrlProblem, parse_int

#: The longest text a link may carry for a sentence (the sentence boxes' own limit, embedding.MAX_CHARS).
MAX_TEXT = 400
#: Refused values are quoted in the page up to this many characters.
QUOTE_CHARS = 40

# Copies of option lists that live in modules importing PyTorch (~2 s): the registry is read on every
# page. tests/test_link.py checks each against its source.
MODEL_ENCODINGS: tuple[str, ...] = ("none", *ENCODING_KINDS)  # viz.model.MODEL_ENCODINGS
NORMS: tuple[str, ...] = ("post", "pre")  # viz.model.NORMS
TASKS: tuple[str, ...] = ("reverse", "previous", "match")  # viz.train.TASKS
MASK_MODES: tuple[str, ...] = ("none", "padding", "causal", "both")  # viz.probe.MASK_MODES
MODEL_LAYERS = 6  # viz.model.LAYERS_RANGE[1]
SEED_MAX = 9999  # the pages' seed boxes
POSITION_MAX = 4095  # the sidebar's max_len - 1; a page clamps to the positions it has


class Refused(ValueError):
    """A raw URL value that a parameter does not accept: the rule it broke (an i18n key and its values)."""

    def __init__(self, rule: str, **values: object) -> None:
        super().__init__(rule)
        self.rule = rule
        self.values = tuple(values.items())


@dataclass(frozen=True)
class Param:
    """One URL parameter: ``name`` in the link, ``key`` in Session State, its default in a fresh session."""

    name: str
    key: str
    default: object = None

    def parse(self, raw: str) -> object:
        """The value ``raw`` asks for, or :class:`Refused`."""
        raise NotImplementedError

    def format(self, value: object) -> str:
        """``value`` as the link writes it (:meth:`parse` reads it back)."""
        return str(value)

    def accepts(self, value: object) -> bool:
        """Whether a value kept in Session State is one this parameter can write."""
        try:
            return self.parse(self.format(value)) == value
        except (Refused, TypeError, ValueError):
            return False

    def shown_default(self) -> str | None:
        """The default as the page's note quotes it (None: "the page's default")."""
        return None if self.default is None else self.format(self.default)


@dataclass(frozen=True)
class Int(Param):
    lo: int = 0
    hi: int = SEED_MAX

    def parse(self, raw: str) -> int:
        value = parse_int(raw)
        if value is None or not self.lo <= value <= self.hi:
            raise Refused("url.rule.int_range", lo=self.lo, hi=self.hi)
        return value

    def accepts(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi


@dataclass(frozen=True)
class Number(Param):
    """A number from a slider's grid: ``lo`` to ``hi`` in steps of ``step``."""

    lo: float = 0.0
    hi: float = 1.0
    step: float = 0.1

    def parse(self, raw: str) -> float:
        try:
            value = float(raw.strip())
        except ValueError:
            value = math.nan
        steps = (value - self.lo) / self.step if math.isfinite(value) else math.nan
        if not (self.lo <= value <= self.hi) or abs(steps - round(steps)) > 1e-6:
            raise Refused("url.rule.grid", lo=f"{self.lo:g}", hi=f"{self.hi:g}", step=f"{self.step:g}")
        return round(self.lo + round(steps) * self.step, 10)

    def format(self, value: object) -> str:
        return f"{float(value):g}"  # type: ignore[arg-type]

    def accepts(self, value: object) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and super().accepts(value)


@dataclass(frozen=True)
class Choice(Param):
    """One of ``options``, written as itself (option ids, never translated labels)."""

    options: tuple[str, ...] = ()

    def parse(self, raw: str) -> str:
        if raw not in self.options:
            raise Refused("url.rule.choice", choices=", ".join(self.options))
        return raw


@dataclass(frozen=True)
class Option(Param):
    """One of a fixed list of numbers (a select slider), written as the number."""

    options: tuple[float, ...] = ()

    def parse(self, raw: str) -> float:
        try:
            value = float(raw.strip())
        except ValueError:
            value = math.nan
        for option in self.options:
            if math.isclose(value, option, rel_tol=1e-9):
                return option
        raise Refused("url.rule.choice", choices=", ".join(f"{o:g}" for o in self.options))

    def format(self, value: object) -> str:
        return f"{float(value):g}"  # type: ignore[arg-type]

    def accepts(self, value: object) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value in self.options


@dataclass(frozen=True)
class Index(Param):
    """One of ``options`` (long strings, such as example sentences), written as its 0-based position."""

    options: tuple[str, ...] = ()

    def parse(self, raw: str) -> str:
        value = parse_int(raw)
        if value is None or not 0 <= value < len(self.options):
            raise Refused("url.rule.int_range", lo=0, hi=len(self.options) - 1)
        return self.options[value]

    def format(self, value: object) -> str:
        return str(self.options.index(str(value)))

    def accepts(self, value: object) -> bool:
        return value in self.options


@dataclass(frozen=True)
class Flag(Param):
    """A switch, written 1 or 0."""

    default: object = False

    def parse(self, raw: str) -> bool:
        text = raw.strip().lower()
        if text in ("1", "true", "on", "yes"):
            return True
        if text in ("0", "false", "off", "no"):
            return False
        raise Refused("url.rule.bool")

    def format(self, value: object) -> str:
        return "1" if value else "0"

    def accepts(self, value: object) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True)
class Text(Param):
    """Text typed in a box, up to :data:`MAX_TEXT` characters (the link carries it URL-encoded)."""

    def parse(self, raw: str) -> str:
        if len(raw) > MAX_TEXT:
            raise Refused("url.rule.text", n=MAX_TEXT)
        return raw

    def accepts(self, value: object) -> bool:
        return isinstance(value, str) and len(value) <= MAX_TEXT


@dataclass(frozen=True)
class IntList(Param):
    """Up to ``most`` distinct integers from ``lo`` to ``hi``, written comma-separated ("0,2,8")."""

    lo: int = 0
    hi: int = 1023
    most: int = 8

    def parse(self, raw: str) -> list[int]:
        parts = [p for p in raw.split(",") if p.strip()] if raw.strip() else []
        values = [parse_int(p) for p in parts]
        if len(values) > self.most or any(v is None or not self.lo <= v <= self.hi for v in values):
            raise Refused("url.rule.list", n=self.most, lo=self.lo, hi=self.hi)
        return list(dict.fromkeys(int(v) for v in values if v is not None))

    def format(self, value: object) -> str:
        return ",".join(str(int(v)) for v in value)  # type: ignore[attr-defined]

    def accepts(self, value: object) -> bool:
        return isinstance(value, list) and all(isinstance(v, int) for v in value) and super().accepts(value)


@dataclass(frozen=True)
class IntPair(Param):
    """A range ``a,b`` with ``lo <= a <= b <= hi`` (a range slider)."""

    lo: int = 0
    hi: int = POSITION_MAX

    def parse(self, raw: str) -> tuple[int, int]:
        parts = raw.split(",")
        values = [parse_int(p) for p in parts] if len(parts) == 2 else []
        if len(values) != 2 or any(v is None or not self.lo <= v <= self.hi for v in values):
            raise Refused("url.rule.range", lo=self.lo, hi=self.hi)
        a, b = sorted(int(v) for v in values if v is not None)
        return a, b

    def format(self, value: object) -> str:
        first, last = cast("tuple[int, int]", value)
        return f"{int(first)},{int(last)}"

    def accepts(self, value: object) -> bool:
        return isinstance(value, (tuple, list)) and len(value) == 2 and super().accepts(tuple(value))


@dataclass(frozen=True)
class Page:
    """A page's parameters, by URL name (unique within the page and apart from the sidebar's)."""

    params: tuple[Param, ...]
    by_name: dict[str, Param] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {p.name: p for p in self.params})


def _tabs(key: str, ids: Sequence[str], name: str = "tab") -> Choice:
    return Choice(name, key, ids[0], tuple(ids))


ENCODING = Choice("enc", "pe_kind", "sinusoidal", ENCODING_KINDS)

#: Every page's URL parameters, by the page's URL path. The sidebar's (d_model, max_len, base, heads,
#: lang, all) are the shared settings (viz.settings) and are read by viz.ui's sidebar.
PAGES: dict[str, Page] = {
    "positional_encoding": Page(
        (
            ENCODING,
            Choice("layout", "pe_layout", "interleaved", ("interleaved", "split")),
            _tabs("pe_section", ("table", "curves", "waves", "score")),
            Flag("window", "pe_window"),
            IntPair("rows", "pe_win_rows"),
            IntPair("cols", "pe_win_cols", hi=1023),
            IntList("dims", "pe_dims"),
            Flag("compare", "pe_score_compare"),
        )
    ),
}

#: The shared settings' URL names: no page may use them.
SHARED_NAMES = frozenset({"d_model", "max_len", "base", "heads", "lang", "all"})


def page(path: str) -> Page:
    """The parameters of the page at URL path ``path`` (none for a page without any)."""
    return PAGES.get(path, Page(()))


@dataclass(frozen=True)
class Reading:
    """What a link asks of one page: the values to use, by Session State key, and what was refused."""

    values: dict[str, object]
    problems: list[UrlProblem]


def quote(raw: str) -> str:
    """A refused value as the page quotes it: at most :data:`QUOTE_CHARS` characters."""
    return raw if len(raw) <= QUOTE_CHARS else raw[:QUOTE_CHARS] + "…"


def read(spec: Page, query: Mapping[str, Sequence[str]]) -> Reading:
    """The values ``query`` (each URL name with every value it was given) sets on a page, and the problems.

    A refused value (wrong type, out of range, given twice, too long) leaves its control on the default.
    """
    values: dict[str, object] = {}
    problems: list[UrlProblem] = []
    for param in spec.params:
        raws = list(query.get(param.name, ()))
        if not raws:
            continue
        if len(raws) > 1:
            problems.append(
                UrlProblem(param.name, " & ".join(raws), "url.rule.once", (), param.shown_default())
            )
            continue
        try:
            values[param.key] = param.parse(raws[0])
        except Refused as refused:
            problem = UrlProblem(param.name, raws[0], refused.rule, refused.values, param.shown_default())
            problems.append(problem)
    return Reading(values, problems)


def url_for(spec: Page, get: Callable[[str], object]) -> dict[str, str]:
    """The URL parameters of the view whose Session State value for a key is ``get(key)``: each value
    that differs from its default and that the parameter can write (anything else is left out)."""
    found: dict[str, str] = {}
    for param in spec.params:
        value = get(param.key)
        if value is None or value == param.default or not param.accepts(value):
            continue
        found[param.name] = param.format(value)
    return found
