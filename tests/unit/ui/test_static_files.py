"""The plotly.js the app serves (static/, copied there at start by viz.ui) is checked against the app's
own copy: a stale, truncated or missing file that cannot be replaced is logged and said at the top of
every page. The Korean locale the chart component loads registers itself with plotly.js, and each chart
carries its page's language."""

from __future__ import annotations

import errno
import json
import logging
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, new_app, ok
from viz.i18n import t
from viz.ui import static_files as served
from viz.ui.chart import plotly_js as bundle

HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.fixture
def plotly_js() -> bytes:
    """The plotly.js the app serves, as it ships it."""
    return served.served_files()["plotly.min.js"]


def test_a_good_copy_passes(tmp_path: Path, plotly_js: bytes) -> None:
    (tmp_path / "plotly.min.js").write_bytes(plotly_js)
    assert served.check_served_file(tmp_path / "plotly.min.js", plotly_js) is None


def test_a_missing_copy_is_missing(tmp_path: Path, plotly_js: bytes) -> None:
    assert served.check_served_file(tmp_path / "plotly.min.js", plotly_js) == served.ServedFileProblem(
        "plotly.min.js", "missing"
    )
    (tmp_path / "plotly.min.js").mkdir()  # a folder where the file should be: nothing to serve either
    assert served.check_served_file(tmp_path / "plotly.min.js", plotly_js).kind == "missing"  # type: ignore[union-attr]


@pytest.mark.parametrize("keep", [0.0, 0.5, 0.999])
def test_a_cut_off_copy_is_truncated_with_both_sizes(tmp_path: Path, plotly_js: bytes, keep: float) -> None:
    cut = plotly_js[: int(len(plotly_js) * keep)]
    (tmp_path / "plotly.min.js").write_bytes(cut)
    problem = served.check_served_file(tmp_path / "plotly.min.js", plotly_js)
    assert problem == served.ServedFileProblem(
        "plotly.min.js", "truncated", f"{len(cut):,}", f"{len(plotly_js):,}"
    )


def test_another_version_is_stale_with_both_versions(tmp_path: Path, plotly_js: bytes) -> None:
    version = bundle.bundle_version(bundle.plotly_js_source())
    assert version is not None and version in plotly_js[:300].decode("ascii", "replace")
    old = plotly_js.replace(f"v{version}".encode(), b"v3.0.1", 1)
    (tmp_path / "plotly.min.js").write_bytes(old)
    problem = served.check_served_file(tmp_path / "plotly.min.js", plotly_js)
    assert problem == served.ServedFileProblem("plotly.min.js", "stale", "3.0.1", version)
    (tmp_path / "plotly.min.js").write_text("not plotly.js at all")
    problem = served.check_served_file(tmp_path / "plotly.min.js", plotly_js)
    assert problem == served.ServedFileProblem("plotly.min.js", "stale", "?", version)


def test_same_version_and_size_but_other_bytes_is_altered(tmp_path: Path, plotly_js: bytes) -> None:
    middle = len(plotly_js) // 2
    changed = plotly_js[:middle] + bytes([plotly_js[middle] ^ 1]) + plotly_js[middle + 1 :]
    (tmp_path / "plotly.min.js").write_bytes(changed)
    problem = served.check_served_file(tmp_path / "plotly.min.js", plotly_js)
    assert problem == served.ServedFileProblem("plotly.min.js", "altered")


def test_install_mends_what_it_can_write(tmp_path: Path, plotly_js: bytes) -> None:
    static = tmp_path / "static"
    assert served._install_plotly_js(static) == []
    for name, content in served.served_files().items():
        assert (static / name).read_bytes() == content
    (static / "plotly.min.js").write_bytes(plotly_js[:1000])
    assert served._install_plotly_js(static) == []
    assert (static / "plotly.min.js").read_bytes() == plotly_js
    assert not list(static.glob("*.tmp"))


def test_install_that_cannot_write_logs_and_returns_the_problem(
    tmp_path: Path, plotly_js: bytes, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "plotly.min.js").write_bytes(plotly_js[:1000])
    # a read-only checkout (tests run as root here, so a chmod would not stop the write)
    original = Path.replace

    def read_only(self: Path, target: str | Path) -> Path:
        if Path(target).parent == static:
            raise OSError(errno.EROFS, "Read-only file system", str(target))
        return original(self, target)

    monkeypatch.setattr(Path, "replace", read_only)
    with caplog.at_level(logging.WARNING, logger="viz.ui.chart.plotly_js"):
        problems = served._install_plotly_js(static)
    kinds = {p.name: p.kind for p in problems}
    assert kinds == {
        "plotly.min.js": "truncated",
        "plotly-locale-ko.js": "missing",
        "attention-lab-plot.js": "missing",
        "attention-lab-present.js": "missing",
        "attention-lab-live.js": "missing",
    }
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "plotly.min.js" in logged and "truncated" in logged and "may stay blank" in logged
    assert not list(static.glob("*.tmp"))  # the half-done copies are cleaned up
    assert (static / "plotly.min.js").read_bytes() == plotly_js[:1000]


def _bad_plotly_js(tmp_path: Path) -> list[served.ServedFileProblem]:
    """What the app finds with a truncated plotly.min.js it could not replace."""
    content = served.served_files()["plotly.min.js"]
    (tmp_path / "plotly.min.js").write_bytes(content[: len(content) // 3])
    problem = served.check_served_file(tmp_path / "plotly.min.js", content)
    assert problem is not None
    return [problem]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("page", [None, "pages/positional_encoding.py", "pages/softmax.py"])
def test_every_page_says_so_when_plotly_js_is_bad(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, page: str | None
) -> None:
    served.install()  # done once per process: run first here, it would write over the list set below
    monkeypatch.setattr(served, "PLOTLY_JS_PROBLEMS", _bad_plotly_js(tmp_path))
    at = new_app(lang=lang).run()
    if page is not None:
        at = at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    size = len(served.served_files()["plotly.min.js"])
    problem = t("ui.chart.library.truncated", lang, found=f"{size // 3:,}", expected=f"{size:,}")
    want = t("ui.chart.library_bad", lang, name="plotly.min.js", problem=problem)
    assert [e.value for e in at.error] == [want]
    assert bool(HANGUL.search(at.error[0].value)) == (lang == "ko")
    assert charts(at) or page is None  # the rest of the page still runs


def test_no_notice_when_the_served_copy_is_good() -> None:
    assert served.PLOTLY_JS_PROBLEMS == []  # this checkout's static/ was mended at import
    ok(new_app(lang="ko").run())


def _decoded(at: AppTest) -> list[dict[str, object]]:
    return [json.loads(c.proto.spec) for c in charts(at)]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_chart_carries_its_pages_language(lang: str) -> None:
    at = new_app(lang=lang).run()
    figures = _decoded(ok(at.switch_page("pages/positional_encoding.py").run()))
    assert figures
    for figure in figures:
        assert figure["config"] == {"locale": lang}
        assert figure["data"] and figure["layout"]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the locale script")
def test_the_korean_locale_script_registers_plotlys_strings_and_the_apps() -> None:
    """Run static/plotly-locale-ko.js as a browser would, after a stand-in plotly.js."""
    script = bundle.locale_script("ko").decode("utf-8")
    harness = (
        "const registered = [];\n"
        "globalThis.window = { Plotly: { register: (m) => registered.push(m) } };\n"
        f"{script}\n"
        "process.stdout.write(JSON.stringify(registered));\n"
    )
    out = subprocess.run(["node", "-e", harness], capture_output=True, text=True, check=True, timeout=60)
    (module,) = json.loads(out.stdout)
    assert module["moduleType"] == "locale" and module["name"] == "ko"
    vendored = bundle.LOCALE_JS["ko"].read_text(encoding="utf-8")
    png = re.search(r"'Download plot as a PNG': '([^']+)'", vendored)
    assert png is not None
    assert module["dictionary"]["Download plot as a PNG"] == png.group(1)
    for english, key in bundle.PLOTLY_EXTRA_STRINGS.items():
        assert english == t(key, "en")  # plotly.js's own text, the dictionary's key
        assert module["dictionary"][english] == t(key, "ko")
    # without plotly.js on the page it does nothing, and throws nothing
    subprocess.run(["node", "-e", "globalThis.window = {};\n" + script], check=True, timeout=60)


def test_the_extra_strings_are_plotly_js_strings() -> None:
    """Each string the app translates is one plotly.js really shows (else the translation is dead)."""
    source = bundle.plotly_js_source().read_text(encoding="utf-8")
    for english in bundle.PLOTLY_EXTRA_STRINGS:
        assert f'"{english}"' in source, english
