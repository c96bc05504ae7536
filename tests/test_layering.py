"""The house's layering (docs/ARCHITECTURE.md), checked by parsing imports with ``ast``:

    pages -> viz.views -> viz.ui -> viz.{figures, i18n, the maths}

and around it, ``bench -> deploy -> (the app)``; ``tests`` may import anything, nothing imports ``tests``;
no module of the repository takes part in an import circle, counting imports inside functions.
Nothing imports upward; only viz/ui, viz/views and pages import Streamlit; torch is imported (at the top
of a module) only by the model modules; pages hold no numpy, torch or math, and no loops over data."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VIZ = ROOT / "viz"

#: The layers, lowest first: a module may import its own layer and the ones below it, never above.
LAYERS = ("core", "ui", "views", "pages")
#: The modules that build or run the PyTorch model: the only ones that import torch at their top.
TORCH_MODULES = {
    "viz.model.attention",
    "viz.model.encoder",
    "viz.model.decoder",
    "viz.model.weights",
    "viz.model.train",
    "viz.model.probe",
    "viz.model.block",
    "viz.model.induction",
    "viz.model.variants",
    "viz.model.linear",
    "viz.model.multihead",
    "viz.model.zoo",
    "viz.pretrained.bert",
    "viz.pretrained.intervene",
    "viz.pretrained.llama",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(name: str) -> str:
    """The layer of a module of this repository by its dotted name."""
    if name == "app" or name.startswith("pages"):
        return "pages"
    if name.startswith("viz.views"):
        return "views"
    if name.startswith("viz.ui"):
        return "ui"
    return "core"


def imports(path: Path, *, top_only: bool = False) -> set[str]:
    """Every module ``path`` imports (``from a import b`` gives ``a`` and ``a.b``); with ``top_only``,
    only imports at the module's top level (not inside functions, where torch is imported lazily)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # The top level's own statements: an ``if TYPE_CHECKING:`` block's imports never run.
    nodes: list[ast.AST] = list(tree.body) if top_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


SOURCES = sorted([ROOT / "app.py", *ROOT.glob("pages/*.py"), *VIZ.rglob("*.py")])
PAGES = sorted((ROOT / "pages").glob("*.py"))
#: Around the app: the deployment (imports the app's modules only by running it) and the benchmarks
#: (which drive it and may use deploy's clients), and the tests.
OUTER = sorted([*ROOT.glob("deploy/**/*.py"), *ROOT.glob("bench/**/*.py")])
TESTS = sorted(ROOT.glob("tests/**/*.py"))
EVERY = SOURCES + OUTER + TESTS


def own(names: set[str]) -> set[str]:
    """The imported names that are modules of this repository (viz.*, pages.*)."""
    return {n for n in names if n.split(".")[0] in ("viz", "pages")}


def roots(path: Path) -> set[str]:
    return {n.split(".")[0] for n in imports(path)}


@pytest.mark.parametrize("path", SOURCES + OUTER, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_tests_imports_tests(path: Path) -> None:
    assert "tests" not in roots(path), module_name(path)


@pytest.mark.parametrize(
    "path", SOURCES + sorted(ROOT.glob("deploy/**/*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_app_and_its_deployment_never_import_the_benchmarks(path: Path) -> None:
    # the production image ships app.py, viz/, pages/ and deploy/: nothing of bench/ may be needed there
    assert "bench" not in roots(path), module_name(path)


def import_graph(paths: list[Path]) -> dict[str, set[str]]:
    """Each module of ``paths`` and the modules of ``paths`` it imports (anywhere in it, functions too);
    importing ``a.b.c`` runs ``a`` and ``a.b`` first, so those count as imported."""
    modules = {module_name(p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = {n for n in imports(path) if n in modules}
        for n in list(found):
            parts = n.split(".")
            found |= {".".join(parts[:i]) for i in range(1, len(parts))} & modules.keys()
        graph[name] = {n for n in found if n != name and not name.startswith(n + ".")}
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_anywhere() -> None:
    assert circles(import_graph(EVERY)) == []


def test_the_circle_check_sees_a_circle() -> None:
    """The check itself: a deferred import back (as deploy.warm's of deploy.serve was) is a circle."""
    graph = import_graph(EVERY)
    graph["deploy.process"] = graph["deploy.process"] | {"deploy.serve"}
    assert {"deploy.serve", "deploy.process"} <= set().union(*circles(graph))


def test_concern_packages_form_no_circle() -> None:
    """viz's packages by concern, as units: the floor plan reads bottom-up without a loop."""
    packages: dict[str, set[str]] = {}
    for name, deps in import_graph(SOURCES).items():
        parts = name.split(".")
        if parts[0] != "viz" or len(parts) < 2:
            continue
        unit = ".".join(parts[:2])
        packages.setdefault(unit, set()).update(
            ".".join(d.split(".")[:2]) for d in deps if d.startswith("viz.") and not d.startswith(unit)
        )
    packages = {k: {d for d in v if d in packages} for k, v in packages.items()}
    assert circles(packages) == []


def test_viz_top_level_is_packages() -> None:
    top = [p.name for p in VIZ.glob("*.py")]
    assert len(top) <= 8, top
    for package in VIZ.iterdir():
        if package.is_dir() and (package / "__init__.py").exists():
            text = (package / "__init__.py").read_text(encoding="utf-8")
            assert text.startswith('"""'), f"viz/{package.name}/__init__.py says what the package holds"


#: Streamlit scripts run by path (``streamlit run bench/minimal_app.py``): their folder comes first on
#: sys.path, not the repository's, so they import only installed packages and the app's own viz.
RUN_BY_PATH = [ROOT / "bench" / name for name in ("minimal_app.py", "replay_app.py", "element_app.py")]


@pytest.mark.parametrize("path", RUN_BY_PATH, ids=lambda p: p.name)
def test_scripts_run_by_path_import_nothing_of_bench_or_tests(path: Path) -> None:
    assert path.exists() and path in OUTER
    assert not roots(path) & {"bench", "tests", "deploy"}, roots(path)


def test_every_script_a_benchmark_starts_by_path_exists() -> None:
    """A script named to a server by path (``StreamlitServer("bench/replay_app.py")``) is one of
    RUN_BY_PATH or the app itself."""
    named = set()
    for path in OUTER + TESTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and re.fullmatch(r"bench/\w+\.py", text):
                named.add(ROOT / text)
    assert named and named <= set(RUN_BY_PATH), named - set(RUN_BY_PATH)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_imports_upward(path: Path) -> None:
    mine = LAYERS.index(layer(module_name(path)))
    upward = {n for n in own(imports(path)) if LAYERS.index(layer(n)) > mine}
    assert not upward, f"{module_name(path)} ({LAYERS[mine]}) imports {sorted(upward)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_ui_views_and_pages_import_streamlit(path: Path) -> None:
    uses = any(n.split(".")[0] == "streamlit" for n in imports(path))
    if layer(module_name(path)) == "core":
        assert not uses, module_name(path)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_model_modules_import_torch_at_the_top(path: Path) -> None:
    # Importing torch costs ~2 s: every other module imports the model modules inside the function
    # that needs them, so pages without the model never pay for it.
    uses = any(n.split(".")[0] == "torch" for n in imports(path, top_only=True))
    if uses:
        assert module_name(path) in TORCH_MODULES


def test_the_layer_rule_sees_an_upward_import(tmp_path: Path) -> None:
    """The check itself: a core module importing a view is caught."""
    bad = VIZ / "encodings" / "__init__.py"
    names = own(imports(bad)) | {"viz.views.encoding"}
    mine = LAYERS.index(layer(module_name(bad)))
    assert {n for n in names if LAYERS.index(layer(n)) > mine} == {"viz.views.encoding"}


def test_figures_only_draw() -> None:
    allowed = {"__future__", "copy", "html", "collections", "dataclasses", "typing", "numpy", "plotly", "viz"}
    # the CSV writer (export) also formats text
    allowed |= {"base64", "csv", "io", "itertools", "math", "re"}
    for path in (VIZ / "figures").rglob("*.py"):
        roots = {n.split(".")[0] for n in imports(path)}
        assert roots <= allowed, (path.name, roots - allowed)
        assert not own(imports(path)) - {
            n
            for n in own(imports(path))
            if n.startswith(("viz.figures", "viz.cache.memo", "viz.figures.downsample"))
        }, path.name


#: What a page may not import: the arithmetic belongs in viz/.
NO_MATH = {"numpy", "torch", "math", "scipy", "pandas", "statistics"}


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_pages_hold_no_math_and_no_loops_over_data(path: Path) -> None:
    roots = {n.split(".")[0] for n in imports(path)}
    assert not roots & NO_MATH, roots & NO_MATH
    tree = ast.parse(path.read_text(encoding="utf-8"))
    loops = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.While)]
    # An index loop (``for i in range(...)``) walks data element by element: that belongs in viz/. A loop
    # over a page's few columns, sections or encodings is layout and may stay.
    ranged = [
        node.iter.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.For | ast.comprehension)
        and isinstance(node.iter, ast.Call)
        and isinstance(node.iter.func, ast.Name)
        and node.iter.func.id == "range"
    ]
    assert not loops and not ranged, (
        f"{path.name}: loops over data at lines {loops + ranged}; move them into viz/views"
    )


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_pages_are_short(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 260, path.name


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(VIZ.rglob("*.py")) if "i18n" not in p.parts],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_modules_are_short(path: Path) -> None:
    # String tables (viz/i18n/) are exempt: they are long by nature and read as a table.
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 420, module_name(path)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_pages_start_with_the_shell(path: Path) -> None:
    assert "shell.page_shell()" in path.read_text(encoding="utf-8")


def test_no_unsafe_html_anywhere() -> None:
    for path in SOURCES:
        assert "unsafe_allow_html" not in path.read_text(encoding="utf-8"), path
