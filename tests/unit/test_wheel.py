"""The built wheel holds every file of viz/ the app imports, serves or reads (its scripts, styles and
vendored plotly.js), so a non-editable install (``pip install .``, as deploy/Dockerfile does) lacks
nothing. tests/browser/test_browser_wheel.py runs the pages from such an install."""

from __future__ import annotations

from pathlib import Path

from tests.support.wheel import build_wheel, checkout_files, wheel_files


def test_the_wheel_holds_every_file_of_viz(tmp_path: Path) -> None:
    wanted = {name for name in checkout_files() if name.startswith("viz/")}
    held = {name for name in wheel_files(build_wheel(tmp_path)) if name.startswith("viz/")}
    assert wanted - held == set(), "files of viz/ the wheel lacks (pyproject.toml's package data)"
    assert held - wanted == set(), "files in the wheel that the checkout does not hold"
    assert any(name.endswith(".js") for name in held) and any(name.endswith(".css") for name in held)
