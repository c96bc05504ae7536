"""The files the app serves from static/ (Streamlit's static serving, next to the main script): plotly.js
and its locales (viz.ui.chart.plotly_js), the presenter view's restyling and the live charts' script.
Installed once per process by viz.ui.runtime.start, checked, and what could not be mended reported on
every page. This module sits above the three it serves, so none of them imports another to be served."""

from __future__ import annotations

import dataclasses
import logging
import tempfile
import threading
from pathlib import Path
from typing import Literal

import streamlit as st

from viz.i18n import t
from viz.ui import chart, live, presenter
from viz.ui.chart.plotly_js import LOCALE_JS, head_version, locale_script, plotly_js_source

#: Where Streamlit's static serving (``server.enableStaticServing``) finds the files: ``static/`` next to
#: the main script. app.py passes its own folder's (an installed wheel's viz/ is elsewhere); this default
#: is the repository's. The files are copied there at startup when missing or stale (they are not in git).
STATIC_DIR = Path(__file__).resolve().parents[2] / "static"


def served_files() -> dict[str, bytes]:
    """What ``static/`` must hold for the charts to draw: each file's name and exact content."""
    files = {"plotly.min.js": plotly_js_source().read_bytes()}
    files.update({f"plotly-locale-{lang}.js": locale_script(lang) for lang in LOCALE_JS})
    # the chart component's code, fetched once per browser (its loader is what each chart carries)
    files[chart.SERVED_PLOT] = chart.served_plot_script()
    # the presenter view's restyling: fetched only by a chart drawn in that view
    files["attention-lab-present.js"] = presenter.plot_script()
    # the charts that follow a dragged slider: fetched only by a page that shows one
    files["attention-lab-live.js"] = live.served_script()
    return files


@dataclasses.dataclass(frozen=True)
class ServedFileProblem:
    """A file in ``static/`` that is not what the app ships. ``kind`` is "missing", "stale" (another
    plotly.js version: ``found`` and ``expected`` are the versions), "truncated" (a cut-off copy: they
    are sizes in bytes) or "altered" (anything else)."""

    name: str
    kind: Literal["missing", "stale", "truncated", "altered"]
    found: str = ""
    expected: str = ""


def check_served_file(path: Path, expected: bytes) -> ServedFileProblem | None:
    """None when ``path`` holds exactly ``expected``, else what is wrong with it."""
    try:
        content = path.read_bytes()
    except OSError:  # absent, a folder, unreadable: the browser gets nothing usable either way
        return ServedFileProblem(path.name, "missing")
    if content == expected:
        return None
    if len(content) < len(expected) and expected.startswith(content):
        return ServedFileProblem(path.name, "truncated", f"{len(content):,}", f"{len(expected):,}")
    found, wanted = head_version(content), head_version(expected)
    if found != wanted:
        return ServedFileProblem(path.name, "stale", found or "?", wanted or "?")
    return ServedFileProblem(path.name, "altered")


def _write_atomically(target: Path, content: bytes) -> None:
    # a name of its own, so two processes starting at once (a server and a test) do not collide
    target.parent.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".tmp", delete=False) as partial:
        try:
            partial.write(content)
        except BaseException:
            partial.close()
            Path(partial.name).unlink(missing_ok=True)
            raise
    try:
        Path(partial.name).replace(target)
    except BaseException:
        Path(partial.name).unlink(missing_ok=True)
        raise


#: What the charts lose without a served file other than a locale (which only leaves the toolbar in English).
_WITHOUT = {
    "plotly.min.js": "may stay blank",
    "attention-lab-plot.js": "say they could not be drawn",
    "attention-lab-present.js": "are drawn as they are in the presenter view",
    "attention-lab-live.js": "that follow a dragged slider say they could not be drawn",
}


def _install_plotly_js(static_dir: Path | None = None) -> list[ServedFileProblem]:
    """Put plotly.js and its locales in ``static_dir`` (default :data:`STATIC_DIR`) where missing or
    different, then check them. What is still wrong (a read-only checkout) is logged and returned:
    with a bad plotly.js every chart stays blank, so the pages say so (:func:`chart_library_notice`)."""
    static_dir = STATIC_DIR if static_dir is None else static_dir
    problems = []
    for name, content in served_files().items():
        target = static_dir / name
        if check_served_file(target, content) is None:
            continue
        try:
            _write_atomically(target, content)
        except OSError as exc:
            logging.getLogger(__name__).warning("could not write %s: %s", target, exc)
        if (problem := check_served_file(target, content)) is not None:
            logging.getLogger(__name__).warning(
                "%s is not the app's copy and could not be replaced (%s %s %s): charts %s",
                target,
                problem.kind,
                problem.found,
                problem.expected,
                _WITHOUT.get(name, "keep plotly.js's English toolbar"),
            )
            problems.append(problem)
    return problems


#: What was wrong with ``static/`` at start and could not be mended (see :func:`install`): set once per
#: process by :func:`viz.ui.runtime.start`, read by every page's :func:`chart_library_notice`.
PLOTLY_JS_PROBLEMS: list[ServedFileProblem] = []
_install_lock = threading.Lock()
_installed = False


def install(static_dir: Path | None = None) -> list[ServedFileProblem]:
    """Install the served files into ``static_dir`` (default :data:`STATIC_DIR`) once per process (later
    calls return what the first found); what could not be mended is kept in :data:`PLOTLY_JS_PROBLEMS`."""
    global _installed
    with _install_lock:
        if not _installed:
            PLOTLY_JS_PROBLEMS[:] = _install_plotly_js(static_dir)
            _installed = True
    return PLOTLY_JS_PROBLEMS


def chart_library_notice(lang: str) -> None:
    """At the top of every page (app.py): an error box when the served plotly.js or the chart component's
    code is not the app's, so a class is not left with blank charts and no word. A bad locale only leaves
    the toolbar in English: that is in the log only."""
    for problem in PLOTLY_JS_PROBLEMS:
        if problem.name in ("plotly.min.js", chart.SERVED_PLOT):
            what = t(f"ui.chart.library.{problem.kind}", lang, found=problem.found, expected=problem.expected)
            st.error(t("ui.chart.library_bad", lang, name=problem.name, problem=what))
