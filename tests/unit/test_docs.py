"""The documents stay short and true to the tree: the README is a user's guide (at most 150 lines), the
performance page a current table (at most 160; its history has a page of its own), every repository path
that README.md and docs/*.md cite exists (and is not an ignored, generated file), and no source or
document cites the design guide by a file name the repository does not hold."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: The design guide lives outside the repository (shared with the team); a citation of its file name
#: would send a reader to a file they cannot open. Spelled in two parts so this file does not cite it.
GUIDE_FILE = "DESIGN" + ".md"

#: Top-level folders and files a document may cite by path (relative to the repository's root).
_FOLDERS = ("viz", "tests", "bench", "deploy", "docs", "pages", "static", r"\.streamlit", r"\.ci")
_FILES = ("Makefile", "app.py", "pyproject.toml", "README.md")
_PATH = re.compile(
    r"(?<![\w./-])(?:(?:"
    + "|".join(_FOLDERS)
    + r")/[^\s`'\"()\[\],;|]*|(?:"
    + "|".join(re.escape(f) for f in _FILES)
    + r")(?![\w-]))"
)
#: Markdown links and images: [text](target), resolved from the document's own folder.
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def cited_paths(text: str) -> set[str]:
    """The repository paths a document's text cites, as written (relative to the root)."""
    return {m.group(0).rstrip(".:") for m in _PATH.finditer(text)}


def linked_paths(text: str) -> set[str]:
    """The local targets of a document's Markdown links and images (no address, no bare anchor)."""
    targets = set()
    for target in _LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue
        targets.add(target.split("#", 1)[0])
    return targets


@cache
def _ignored(relative: str) -> bool:
    """Whether git ignores ``relative`` (a generated file, such as what static/ serves at run time)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "check-ignore", "-q", "--no-index", relative],
            capture_output=True,
            check=False,
        )
    except OSError:  # no git: existence alone decides
        return False
    return done.returncode == 0


def missing(path: str, base: Path = ROOT) -> bool:
    """Whether ``path`` (a cited path, maybe a glob) names nothing the repository holds.

    A template (``viz/views/<page>.py``, ``load_serve_{N}p.md``) is not checked; a glob must match.
    """
    if "<" in path or "{" in path:
        return False
    if "*" in path or "?" in path:
        matches = list(base.glob(path.rstrip("/")))
    else:
        matches = [base / path] if (base / path).exists() else []
    kept = [m for m in matches if not _ignored(str(m.resolve().relative_to(ROOT)))]
    return not kept


def _tracked_and_new() -> list[Path]:
    """Every file git tracks or would add (ignored files left out), or, without git, every file outside
    the virtual environment and the build folders."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            capture_output=True,
            check=True,
        ).stdout.decode()
        return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]
    except (OSError, subprocess.CalledProcessError):
        skip = {".venv", ".git", "build", "node_modules"}
        return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)]


def test_readme_is_a_short_guide() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines: operations belong in docs/operations.md"


def test_performance_page_is_the_current_table() -> None:
    lines = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 160, (
        f"docs/performance.md has {len(lines)} lines: history belongs in docs/performance-history.md"
    )


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_path_exists(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    gone = sorted(p for p in cited_paths(text) if missing(p))
    gone += sorted(f"link: {p}" for p in linked_paths(text) if missing(p, doc.parent))
    assert not gone, f"{doc.relative_to(ROOT)} cites what the repository does not hold: {gone}"


def test_the_path_check_catches_a_bad_path() -> None:
    text = "See `viz/ui/no_such_module.py`, [the map](docs/ARCHITECTURE.md) and `viz/views/<page>.py`."
    assert [p for p in cited_paths(text) if missing(p)] == ["viz/ui/no_such_module.py"]
    assert not [p for p in linked_paths(text) if missing(p)]
    assert missing("static/attention-lab-live.js")  # written at start-up, ignored by git


def test_nothing_cites_the_design_guide_by_file() -> None:
    citing = [
        str(path.relative_to(ROOT))
        for path in _tracked_and_new()
        if path.suffix in {".py", ".md", ".js"} and GUIDE_FILE in path.read_text(encoding="utf-8")
    ]
    assert not citing, f"these cite {GUIDE_FILE}, which is not in the repository: {citing}"
