"""plotly.js for the charts, served by the app itself from static/: which bundle, its locales, and the
check that what static/ holds is the app's copy."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import re
import tempfile
import threading
from pathlib import Path
from typing import Literal

import plotly
import streamlit as st

from viz.i18n import t
from viz.ui import presenter

# ---- charts: drawn in place ---------------------------------------------------------------------------
#: Where Streamlit's static serving (``server.enableStaticServing``) finds plotly.js: ``static/`` next to
#: app.py. ``static/plotly.min.js`` is copied there at startup when missing or stale (it is not in git).
STATIC_DIR = Path(__file__).resolve().parents[3] / "static"
#: plotly.js's cartesian bundle (npm's plotly.js-cartesian-dist-min, MIT; its traces are in
#: :data:`CARTESIAN_TRACES`): 1.5 MB against the full bundle's 4.8 MB, which took a fresh browser tab
#: about a second longer to parse before the first chart (bench/results/pages.md). Used when it is the
#: same plotly.js version as the installed plotly package's; otherwise the package's full bundle is.
CARTESIAN_JS = Path(__file__).parent / "vendor" / "plotly-cartesian.min.js"
CARTESIAN_TRACES = frozenset(
    {"bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour", "image", "pie"}
    | {"scatter", "scatterternary", "violin"}
)


def _head_version(content: bytes) -> str | None:
    found = re.search(rb"plotly\.js\b[^\n]*? v(\d+\.\d+\.\d+)", content[:300])
    return found.group(1).decode("ascii") if found is not None else None


def bundle_version(path: Path) -> str | None:
    """The plotly.js version in a bundle's first lines (``plotly.js ... v4.1.1``), or None."""
    with contextlib.suppress(OSError), path.open("rb") as f:
        return _head_version(f.read(300))
    return None


def plotly_js_source() -> Path:
    """The plotly.js the charts load: the cartesian bundle when it matches the installed plotly's
    plotly.js version, else the full bundle that the plotly package ships."""
    full = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return CARTESIAN_JS if bundle_version(CARTESIAN_JS) == bundle_version(full) else full


#: plotly.js's locales for the app's languages other than English, exactly as npm's plotly.js-locales
#: ships them (CommonJS modules; viz/vendor/README.md says which version and why that one).
LOCALE_JS = {"ko": Path(__file__).parent / "vendor" / "plotly-locale-ko.js"}
#: plotly.js strings (its English text, the dictionary's keys) that the vendored locales lack, being
#: older than the bundle, with the i18n key of the app's own translation.
PLOTLY_EXTRA_STRINGS = {
    "Preparing image - this may take a few seconds": "chart.plotly.preparing",
    "Image download succeeded": "chart.plotly.done",
    "Sorry, there was a problem downloading your image!": "chart.plotly.failed",
    "Click to enter Plot subtitle": "chart.plotly.subtitle",
}


def locale_script(lang: str) -> bytes:
    """``static/plotly-locale-LANG.js``: the vendored locale module with the app's translations of the
    strings it lacks, registering itself with the page's plotly.js (the component loads it after
    plotly.js, only on a page in that language)."""
    module = LOCALE_JS[lang].read_text(encoding="utf-8")
    extra = {english: t(key, lang) for english, key in PLOTLY_EXTRA_STRINGS.items()}
    return (
        "(function () {\n"
        "var module = {};\n"
        f"{module.strip()}\n"
        f"Object.assign(module.exports.dictionary, {json.dumps(extra, ensure_ascii=False)});\n"
        "if (window.Plotly) window.Plotly.register(module.exports);\n"
        "})();\n"
    ).encode()


def served_files() -> dict[str, bytes]:
    """What ``static/`` must hold for the charts to draw: each file's name and exact content."""
    files = {"plotly.min.js": plotly_js_source().read_bytes()}
    files.update({f"plotly-locale-{lang}.js": locale_script(lang) for lang in LOCALE_JS})
    # the presenter view's restyling: fetched only by a chart drawn in that view
    files["attention-lab-present.js"] = presenter.plot_script()
    # the charts that follow a dragged slider: fetched only by a page that shows one
    from viz.ui import dragchart  # it draws through the chart component, which imports this module

    files["attention-lab-live.js"] = dragchart.served_script()
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
    found, wanted = _head_version(content), _head_version(expected)
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


def install() -> list[ServedFileProblem]:
    """Install plotly.js and its locales into :data:`STATIC_DIR` once per process (later calls return
    what the first found); what could not be mended is kept in :data:`PLOTLY_JS_PROBLEMS`."""
    global _installed
    with _install_lock:
        if not _installed:
            PLOTLY_JS_PROBLEMS[:] = _install_plotly_js()
            _installed = True
    return PLOTLY_JS_PROBLEMS


def chart_library_notice(lang: str) -> None:
    """At the top of every page (app.py): an error box when the served plotly.js is not the app's, so
    a class is not left with blank charts and no word. A bad locale only leaves the toolbar in English:
    that is in the log only."""
    for problem in PLOTLY_JS_PROBLEMS:
        if problem.name == "plotly.min.js":
            what = t(f"chart.library.{problem.kind}", lang, found=problem.found, expected=problem.expected)
            st.error(t("chart.library_bad", lang, name=problem.name, problem=what))
