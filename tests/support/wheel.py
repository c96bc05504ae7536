"""The app as a non-editable install would run it: a wheel built from the checkout's files, installed
into a folder of its own, and a scratch folder holding only what the wheel does not carry (app.py,
pages/, .streamlit/), as deploy/Dockerfile copies them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from bench.harness.browser import REPO_ROOT


def checkout_files() -> list[str]:
    """The checkout's files as git sees them (tracked, and new files not ignored), relative to its root."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return sorted(name for name in listed.split("\0") if name and (REPO_ROOT / name).is_file())


def build_wheel(workdir: Path) -> Path:
    """A wheel built from a clean copy of the checkout (a build/ folder left in the checkout could
    carry files that no longer exist)."""
    source = workdir / "source"
    for name in checkout_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO_ROOT / name, target)
    out = workdir / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(source),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("attention_lab-*.whl")
    return wheel


def wheel_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return {name for name in archive.namelist() if not name.split("/")[0].endswith(".dist-info")}


@dataclass(frozen=True)
class Installed:
    site: Path  # the wheel's packages (viz/), on PYTHONPATH
    app: Path  # app.py, pages/, .streamlit/ and nothing of viz/

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.site)}


def install(wheel: Path, workdir: Path) -> Installed:
    site, app = workdir / "site", workdir / "app"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
    )
    app.mkdir()
    shutil.copy2(REPO_ROOT / "app.py", app / "app.py")
    shutil.copytree(REPO_ROOT / "pages", app / "pages", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO_ROOT / ".streamlit", app / ".streamlit")
    return Installed(site, app)
