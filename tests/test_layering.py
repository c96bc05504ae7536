"""The module layering from DESIGN.md, checked by parsing imports: pages -> viz.ui -> viz core."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = [
    *("encodings", "criteria", "figures", "i18n", "settings", "export", "memo"),
    *("embedding", "similarity", "softmax", "i18n_att", "stack", "i18n_enc"),
]
TORCH_ALLOWED = {"attention", "model", "train", "probe", "block"}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module)
    return roots


def top(names: set[str]) -> set[str]:
    return {n.split(".")[0] for n in names}


@pytest.mark.parametrize("name", CORE)
def test_core_modules_do_not_import_streamlit(name: str) -> None:
    assert "streamlit" not in top(imported_roots(ROOT / "viz" / f"{name}.py"))


def test_only_ui_imports_streamlit_inside_viz() -> None:
    users = {p.stem for p in (ROOT / "viz").glob("*.py") if "streamlit" in top(imported_roots(p))}
    assert users <= {"ui"}


def test_only_model_and_train_import_torch() -> None:
    users = {p.stem for p in (ROOT / "viz").glob("*.py") if "torch" in top(imported_roots(p))}
    assert users <= TORCH_ALLOWED


def test_figures_only_draw() -> None:
    assert top(imported_roots(ROOT / "viz" / "figures.py")) <= {
        "__future__",
        "copy",
        "html",
        "collections",
        "dataclasses",
        "numpy",
        "plotly",
        "viz",  # viz.memo: the figure cache, pure Python
    }


def test_viz_never_imports_pages() -> None:
    for path in (ROOT / "viz").glob("*.py"):
        assert "pages" not in top(imported_roots(path)), path


PAGES = sorted((ROOT / "pages").glob("*.py"))
MATH_OPS = (ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.MatMult, ast.Mod, ast.Sub)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_pages_hold_no_math(path: Path) -> None:
    roots = top(imported_roots(path))
    assert not roots & {"numpy", "torch", "math", "scipy", "pandas"}, roots
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ops = [
        type(n.op).__name__ for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, MATH_OPS)
    ]
    assert not ops, f"{path.name} does arithmetic ({ops}); move it into viz/"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_pages_start_with_the_shell(path: Path) -> None:
    assert "shell.page_shell()" in path.read_text(encoding="utf-8")


def test_no_unsafe_html_anywhere() -> None:
    for path in [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("viz/*.py")]:
        assert "unsafe_allow_html" not in path.read_text(encoding="utf-8"), path
