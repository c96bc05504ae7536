"""viz.ui.live's JavaScript: every file of the package served once, in the order :data:`viz.ui.live.SCRIPTS`
declares, each file short enough to hold one concern, the served script without comment lines."""

from __future__ import annotations

from pathlib import Path

from viz.ui import live
from viz.ui.live import release

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


def test_a_release_sets_only_its_sliders_valid_values_and_a_valid_sequence_number() -> None:
    """What the callback and a release caught in a session's first run (a failover) both apply: whatever
    the browser sent, only the strip's own sliders, coerced, and a sequence number in range."""
    sliders = [
        live.LiveSlider("p", "sim_p", "p", 3, 0, 9),
        live.LiveSlider("T", "sm_t", "T", 1.0, 0.1, 2.0, 0.1),
    ]
    assert release._release({"seq": 4, "values": {"p": 7, "T": 0.5}}, sliders) == (
        {"sim_p": 7, "sm_t": 0.5},
        4,
    )
    # out of range, not a number, an unknown name, a key of another widget: none of it is set
    hostile = {"seq": 5, "values": {"p": 99, "T": "1", "sim_p": 2, "d_model": 4}}
    assert release._release(hostile, sliders) == ({}, 5)
    for seq in (0, -1, True, 2**53, 1.5, "3", None):
        assert release._release({"seq": seq, "values": {"p": 1}}, sliders) == ({"sim_p": 1}, None), seq
    message: object
    for message in (None, [], "released", {"values": None}):
        assert release._release(message, sliders) == ({}, None)
