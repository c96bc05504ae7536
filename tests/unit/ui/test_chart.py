"""viz.ui.chart: the chart component's script and payload, and the plotly.js the app serves."""

from __future__ import annotations

from pathlib import Path

import pytest

from viz.ui import chart, static_files
from viz.ui.chart import plotly_js


def test_the_chart_script_is_sent_without_comments_and_updates_in_place() -> None:
    import json
    from pathlib import Path

    from viz.figures import PLOTLY_CONFIG
    from viz.i18n import t

    source = Path(chart.__file__).parent / "plot.js"
    script = chart._script(source)
    assert "Plotly.react" in script and "export default function" in script
    assert not [line for line in script.splitlines() if line.startswith("//")]
    assert len(script) < len(source.read_text(encoding="utf-8"))
    failed = next(line for line in script.splitlines() if line.startswith("const SETTINGS ="))
    assert chart.PLACEHOLDER not in script
    for lang in ("en", "ko"):  # by language: the component picks the page's (its figure's config.locale)
        assert json.dumps(t("ui.chart.load_failed", lang))[1:-1] in failed
    assert json.dumps(PLOTLY_CONFIG)[1:-1] in script


def test_plotly_js_is_copied_next_to_the_app_when_missing_or_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr(static_files, "STATIC_DIR", tmp_path / "static")
    static_files._install_plotly_js()
    copied = tmp_path / "static" / "plotly.min.js"
    source = plotly_js.plotly_js_source()
    assert copied.read_bytes() == source.read_bytes()
    copied.write_text("stale")
    static_files._install_plotly_js()
    assert copied.read_bytes() == source.read_bytes()


def test_the_cartesian_bundle_is_used_only_at_the_plotly_packages_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import plotly

    full = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    assert plotly_js.bundle_version(full) == plotly.offline.get_plotlyjs_version()
    assert plotly_js.bundle_version(plotly_js.CARTESIAN_JS) is not None
    if plotly_js.bundle_version(plotly_js.CARTESIAN_JS) == plotly_js.bundle_version(full):
        assert plotly_js.plotly_js_source() == plotly_js.CARTESIAN_JS
    other = tmp_path / "plotly-cartesian.min.js"
    other.write_text("/**\n* plotly.js (cartesian - minified) v0.0.1\n*/\n")
    monkeypatch.setattr(plotly_js, "CARTESIAN_JS", other)
    assert plotly_js.bundle_version(other) == "0.0.1"
    assert plotly_js.plotly_js_source() == full  # a different version: the package's full bundle
    other.write_text("no version here")
    assert plotly_js.bundle_version(other) is None and plotly_js.plotly_js_source() == full


def test_a_figure_is_serialised_once_while_it_lives() -> None:
    import json

    import plotly.graph_objects as go
    import plotly.io as pio

    fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4]))
    first = chart._figure_bytes(fig)
    assert chart._figure_bytes(fig) is first
    assert json.loads(first) == json.loads(pio.to_json(fig, validate=False))
    other = go.Figure(go.Scatter(x=[1, 2], y=[3, 5]))
    assert json.loads(chart._figure_bytes(other))["data"][0]["y"] != json.loads(first)["data"][0]["y"]


def test_a_dead_figures_json_is_dropped() -> None:
    """The weak reference's callback only queues the entry; the next chart drops it under the lock."""
    import gc

    import plotly.graph_objects as go

    fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4]))
    chart._figure_bytes(fig)
    key = id(fig)
    assert key in chart._json_cache
    del fig
    gc.collect()  # figures refer to themselves (trace._parent): only the collector frees them
    assert any(dead_key == key for dead_key, _ in chart._json_dead)
    keep = go.Figure(go.Bar(y=[1]))
    chart._figure_bytes(keep)
    assert not chart._json_dead
    assert key not in chart._json_cache or chart._json_cache[key][0]() is keep


def test_each_chart_carries_a_small_loader_and_the_browser_fetches_plot_js_once() -> None:
    """Streamlit sends a component's own JavaScript with every chart on every run: that is the loader,
    which imports plot.js served as a static file by an address naming its content (so a new version is
    fetched anew and an old one is never run)."""
    import hashlib

    from viz.ui import static_files

    loader = chart.loader_script()
    served = static_files.served_files()[chart.SERVED_PLOT]
    assert served == chart.served_plot_script()
    assert f"{chart.SERVED_PLOT}?v={hashlib.sha256(served).hexdigest()[:16]}" in loader
    assert len(loader.encode()) < 1200 < len(served) // 4  # the bytes a chart costs per run
    assert "al-plot-css" in served.decode() and ".al-plot" in served.decode()  # the stylesheet, added once
    assert "__" not in loader  # every placeholder filled
