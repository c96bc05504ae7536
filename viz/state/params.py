"""The kinds of value a link may carry (an integer in a range, a number, a choice among ids, an index,
a flag, a text, a list or pair of integers): each reads its URL text, refuses what it cannot use with
the rule it broke, and writes a value back. The registry of every page's parameters is :mod:`viz.state.link`.
No Streamlit here."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

from viz.state.settings import Settings, parse_int

#: The longest text a link may carry for a sentence (the sentence boxes' own limit, embedding.MAX_CHARS).
MAX_TEXT = 400
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

    def default_for(self, shared: Settings) -> object:
        """The default under the shared settings ``shared`` (a callable default depends on them)."""
        return self.default(shared) if callable(self.default) else self.default

    def shown_default(self) -> str | None:
        """The default as the page's note quotes it (None: "the page's default", which may depend on
        the shared settings)."""
        return None if self.default is None or callable(self.default) else self.format(self.default)


@dataclass(frozen=True)
class Int(Param):
    lo: int = 0
    hi: int = SEED_MAX

    def parse(self, raw: str) -> int:
        value = parse_int(raw)
        if value is None or not self.lo <= value <= self.hi:
            raise Refused("ui.url.rule.int_range", lo=self.lo, hi=self.hi)
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
            raise Refused("ui.url.rule.grid", lo=f"{self.lo:g}", hi=f"{self.hi:g}", step=f"{self.step:g}")
        return round(self.lo + round(steps) * self.step, 10)

    def format(self, value: object) -> str:
        return f"{float(value):g}"  # type: ignore[arg-type]

    def accepts(self, value: object) -> bool:
        # A slider's float is lo + k * step as the browser computed it (0.30000000000000004): on the grid.
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return False
        try:
            return math.isclose(self.parse(self.format(value)), value, rel_tol=1e-9, abs_tol=1e-12)
        except Refused:
            return False


@dataclass(frozen=True)
class Choice(Param):
    """One of ``options``, written as itself (option ids, never translated labels)."""

    options: tuple[str, ...] = ()

    def parse(self, raw: str) -> str:
        if raw not in self.options:
            raise Refused("ui.url.rule.choice", choices=", ".join(self.options))
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
        raise Refused("ui.url.rule.choice", choices=", ".join(f"{o:g}" for o in self.options))

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
            raise Refused("ui.url.rule.int_range", lo=0, hi=len(self.options) - 1)
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
        raise Refused("ui.url.rule.bool")

    def format(self, value: object) -> str:
        return "1" if value else "0"

    def accepts(self, value: object) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True)
class Text(Param):
    """Text typed in a box, up to :data:`MAX_TEXT` characters (the link carries it URL-encoded)."""

    def parse(self, raw: str) -> str:
        if len(raw) > MAX_TEXT:
            raise Refused("ui.url.rule.text", n=MAX_TEXT)
        return raw

    def format(self, value: object) -> str:
        # The pages read only the first MAX_TEXT characters of a box (and say so), so a longer text is
        # linked as the part the page uses: the link opens the same view, not the default sentence.
        return str(value)[:MAX_TEXT]

    def accepts(self, value: object) -> bool:
        return isinstance(value, str)


@dataclass(frozen=True)
class Code(Param):
    """A code or a key (a class's join code, a student's token, a teacher's secret): 1 to ``most``
    characters of ``chars``; ``upper`` reads a code typed in lower case as the same code."""

    chars: str = ""
    most: int = 64
    upper: bool = False

    def parse(self, raw: str) -> str:
        value = raw.strip().upper() if self.upper else raw.strip()
        if not 0 < len(value) <= self.most or any(ch not in self.chars for ch in value):
            raise Refused("ui.url.rule.code", n=self.most)
        return value

    def accepts(self, value: object) -> bool:
        try:
            return isinstance(value, str) and self.parse(value) == value
        except Refused:
            return False


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
            raise Refused("ui.url.rule.list", n=self.most, lo=self.lo, hi=self.hi)
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
            raise Refused("ui.url.rule.range", lo=self.lo, hi=self.hi)
        a, b = sorted(int(v) for v in values if v is not None)
        return a, b

    def format(self, value: object) -> str:
        first, last = cast("tuple[int, int]", value)
        return f"{int(first)},{int(last)}"

    def accepts(self, value: object) -> bool:
        return isinstance(value, (tuple, list)) and len(value) == 2 and super().accepts(tuple(value))
