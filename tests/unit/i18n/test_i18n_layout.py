"""Where a string lives: viz/i18n/ mirrors viz/views/, a key's prefix names its module, every key the code
names exists, and a view shows its own strings and the shared ones only."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from tests.support.strings import package_tables
from viz.i18n import PREFIXES, STRINGS, TABLES

ROOT = Path(__file__).resolve().parents[3]
#: Strings modules that serve no one views module: the kit's (and words several views share), the
#: lecture notes' slips, each encoding's own words.
SHARED = ("shell", "notes", "encodings")
#: Key-shaped text that names a file, not a key ("home.py").
FILE_NAME = re.compile(r"\.(py|md|js|css|json|csv|txt|html)$")
KEY_SHAPE = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+\.?")


def short(name: str) -> str:
    return name.removeprefix("viz.i18n.")


def prefix_problems(tables: Mapping[str, Mapping[str, object]], prefixes: Mapping[str, str]) -> list[str]:
    """Every key of each module starts with that module's one prefix; the table names each module once."""
    found = []
    modules = list(prefixes.values())
    found += [f"{m} has two prefixes" for m in sorted(set(modules)) if modules.count(m) > 1]
    found += [f"{short(n)} has no prefix" for n in tables if short(n) not in modules]
    found += [f"prefix {p!r} names no module" for p, m in prefixes.items() if f"viz.i18n.{m}" not in tables]
    for name, table in tables.items():
        for key in table:
            home = prefixes.get(key.split(".")[0])
            if home != short(name):
                found.append(f"{key} is in {short(name)} but its prefix says {home}")
    return found


def test_a_key_says_its_module() -> None:
    assert prefix_problems(package_tables(), PREFIXES) == []
    assert {short(n) for n in TABLES} == set(PREFIXES.values())


def test_prefix_problems_are_found() -> None:
    tables: dict[str, dict[str, object]] = {
        "viz.i18n.a": {"a.one": {}},
        "viz.i18n.b": {"b.two": {}, "a.three": {}},
    }
    assert prefix_problems(tables, {"a": "a", "b": "b"}) == ["a.three is in b but its prefix says a"]
    assert prefix_problems(tables | {"viz.i18n.c": {}}, {"a": "a", "b": "b", "x": "b"}) == [
        "b has two prefixes",
        "c has no prefix",
        "a.three is in b but its prefix says a",
    ]


def views_with_strings() -> set[str]:
    """The views modules that show text: those that import viz.i18n's t."""
    found = set()
    for path in (ROOT / "viz" / "views").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module == "viz.i18n"
                and any(a.name == "t" for a in node.names)
            ):
                found.add(path.stem)
    return found


def test_strings_mirror_the_views() -> None:
    views = views_with_strings()
    assert len(views) >= 15  # the scan really found them
    strings = {short(n) for n in package_tables()}
    assert sorted(views - strings) == [], "a views module that shows text needs a strings module of its name"
    assert sorted(strings - views - set(SHARED)) == [], "a strings module serves a views module of its name"


def key_args(tree: ast.AST) -> Iterator[tuple[int, str, bool]]:
    """(line, key, whole) for each key given to t(...) or live.template(...): a literal key (whole), or an
    f-string's literal head (f"pe.wave.{x}" gives "pe.wave."), through ``a if c else b``."""

    def keys(arg: ast.expr) -> Iterator[tuple[str, bool]]:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            yield arg.value, True
        elif isinstance(arg, ast.JoinedStr) and arg.values:
            first = arg.values[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield first.value, False
        elif isinstance(arg, ast.IfExp):
            yield from keys(arg.body)
            yield from keys(arg.orelse)

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in ("t", "template"):
                for key, whole in keys(node.args[0]):
                    yield node.lineno, key, whole


def sources() -> Iterator[tuple[str, ast.AST]]:
    for path in [
        ROOT / "app.py",
        *sorted((ROOT / "pages").glob("*.py")),
        *sorted((ROOT / "viz").rglob("*.py")),
    ]:
        yield str(path.relative_to(ROOT)), ast.parse(path.read_text(encoding="utf-8"))


def missing_keys(name: str, tree: ast.AST, strings: Mapping[str, object]) -> list[str]:
    found = []
    for line, key, whole in key_args(tree):
        exists = key in strings if whole else any(k.startswith(key) for k in strings)
        if not exists:
            found.append(f"{name}:{line}: {key}")
    return found


def test_every_key_the_code_passes_to_t_exists() -> None:
    found, calls = [], 0
    for name, tree in sources():
        calls += sum(1 for _ in key_args(tree))
        found += missing_keys(name, tree, STRINGS)
    assert found == []
    assert calls > 500  # the scan really found the calls


def test_a_missing_key_is_found() -> None:
    tree = ast.parse(
        't("pe.title", lang)\nt(f"pe.nowhere.{k}", lang)\nlive.template("a" if c else "pe.none")'
    )
    assert missing_keys("x.py", tree, STRINGS) == ["x.py:2: pe.nowhere.", "x.py:3: a", "x.py:3: pe.none"]


def test_every_key_shaped_string_names_keys() -> None:
    """Keys reach t() through other hands too (a URL rule's key, an axis, a tab list, a test's expectation):
    any text shaped like a key of a declared prefix names a key, or a family of keys ("pe.kind.")."""
    roots = [ROOT / "app.py", ROOT / "pages", ROOT / "viz", ROOT / "tests", ROOT / "bench"]
    paths = [p for r in roots for p in ([r] if r.is_file() else sorted(r.rglob("*.py")))]
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            text = node.value
            if not KEY_SHAPE.fullmatch(text) or FILE_NAME.search(text) or text.split(".")[0] not in PREFIXES:
                continue
            if text in STRINGS or (text.endswith(".") and any(k.startswith(text) for k in STRINGS)):
                continue
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text}")
    assert found == []


def test_a_view_shows_its_own_strings_and_the_shared_ones() -> None:
    """viz/views/<x>.py names keys of viz/i18n/<x>.py and of the shared modules only; the kit (viz/ui,
    viz/state) only the shared modules' keys."""
    found = []
    for name, tree in sources():
        parts = Path(name).parts
        if parts[:2] == ("viz", "views"):
            own = {Path(name).stem, *SHARED}
        elif parts[:2] in (("viz", "ui"), ("viz", "state")):
            own = set(SHARED)
        else:
            continue
        for line, key, _ in key_args(tree):
            home = PREFIXES.get(key.split(".")[0])
            if home not in own:
                found.append(f"{name}:{line}: {key} ({home})")
    assert found == []
