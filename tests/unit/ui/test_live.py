"""viz.ui.live's JavaScript: every file of the package served once, in the order :data:`viz.ui.live.SCRIPTS`
declares, each file short enough to hold one concern, the served script without comment lines."""

from __future__ import annotations

from pathlib import Path

from viz.ui import live

PACKAGE = Path(live.__file__).resolve().parent


def test_every_javascript_file_of_the_package_is_served_once() -> None:
    # a file left out of SCRIPTS would be packaged but never run; one listed twice would run twice
    assert sorted(live.SCRIPTS) == sorted(PACKAGE.rglob("*.js"))
    assert len(set(live.SCRIPTS)) == len(live.SCRIPTS)
    assert live.SCRIPTS[: len(live.CLOSED_FORM_SCRIPTS)] == live.CLOSED_FORM_SCRIPTS


def test_each_topic_has_its_recipes_file() -> None:
    for topic in live.TOPICS:
        assert PACKAGE / "recipes" / f"{topic}.js" in live.SCRIPTS, topic
    assert len(set(live.RECIPES)) == len(live.RECIPES)


def test_no_file_is_over_400_lines() -> None:
    for path in live.SCRIPTS:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.relative_to(PACKAGE)


def test_the_served_script_is_the_files_in_order_without_their_comments() -> None:
    served = live.served_script().decode("utf-8").splitlines()
    assert served and not any(line.lstrip().startswith("//") or not line.strip() for line in served)
    code = [
        line
        for path in live.SCRIPTS
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("//")
    ]
    assert served == code
    closed = live.closed_form_script().decode("utf-8").splitlines()
    assert closed == served[: len(closed)]
