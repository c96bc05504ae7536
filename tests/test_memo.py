"""viz.memo: the figure cache shared by every session must never hand back a figure for other data."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from viz import figures, memo
from viz.ui import chart, runtime
from viz.ui.chart import plotly_js


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    memo.memo_clear()
    yield
    memo.memo_clear()


def counting() -> tuple[list[object], Callable[..., object]]:
    calls: list[object] = []

    @memo.memoized
    def build(*args: object, **kwargs: object) -> dict[str, object]:
        calls.append((args, kwargs))
        return {"args": args, "kwargs": kwargs}

    return calls, build


def test_equal_arguments_share_one_result_and_builder_runs_once() -> None:
    calls, build = counting()
    z = np.arange(12.0).reshape(3, 4)
    first = build(z, title="t", labels=["a", "b"])
    second = build(z.copy(), labels=["a", "b"], title="t")  # kwargs in another order
    assert second is first
    assert len(calls) == 1


def test_one_changed_cell_of_a_large_array_is_a_different_key() -> None:
    """Streamlit's own hasher samples big arrays; this key reads every byte."""
    calls, build = counting()
    z = np.zeros((1000, 1000), dtype=np.float32)
    a = build(z)
    z2 = z.copy()
    z2[517, 893] = 1e-7
    b = build(z2)
    assert a is not b and len(calls) == 2


@pytest.mark.parametrize(
    ("x", "y"),
    [
        (np.zeros(3, np.float32), np.zeros(3, np.float64)),  # dtype
        (np.zeros(6).reshape(2, 3), np.zeros(6).reshape(3, 2)),  # shape
        (1, 1.0),  # type
        (True, 1),
        ("1", 1),
        ([1, 2], [2, 1]),
        ({"a": 1}, {"a": 2}),
    ],
)
def test_different_arguments_are_different_keys(x: object, y: object) -> None:
    calls, build = counting()
    assert build(x) is not build(y)
    assert len(calls) == 2


def test_object_arrays_are_keyed_by_their_strings_not_their_pointers() -> None:
    calls, build = counting()
    text = np.array([["0.50", "−∞"], ["1.00", "0.25"]], dtype=object)
    a = build(text)
    assert build(np.array([["0.50", "−∞"], ["1.00", "0.25"]], dtype=object)) is a
    other = text.copy()
    other[1, 1] = "0.26"
    assert build(other) is not a
    assert len(calls) == 2


def test_dataclasses_are_keyed_by_their_fields() -> None:
    @dataclass(frozen=True)
    class Panel:
        title: str
        z: np.ndarray

    calls, build = counting()
    a = build([Panel("p", np.ones(3))])
    assert build([Panel("p", np.ones(3))]) is a
    assert build([Panel("p", np.zeros(3))]) is not a
    assert len(calls) == 2


def test_unkeyable_arguments_build_every_time() -> None:
    calls, build = counting()
    build({1, 2})
    build({1, 2})
    assert len(calls) == 2


def test_two_builders_never_share_a_result() -> None:
    _, one = counting()

    @memo.memoized
    def other(*args: object) -> str:
        return "other"

    assert one(1) != other(1)


def test_least_recently_used_entries_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "MEMO_ENTRIES", 2)
    calls, build = counting()
    a = build(1)
    build(2)
    assert build(1) is a  # 1 is now the most recent
    build(3)  # evicts 2
    assert build(1) is a
    build(2)
    assert len(calls) == 4


def test_results_count_against_the_shared_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from viz import budget

    monkeypatch.setattr(budget.STORE, "limit", 3000)
    calls, build = counting()
    big = np.zeros(200)  # 1600 bytes, kept by the result
    a = build(big)
    build(np.ones(200))  # two of them pass the budget: the older one goes
    assert build(big) is not a
    assert len(calls) == 3
    assert budget.STORE.total <= 3000


def test_memoized_figures_are_the_same_figure_only_for_the_same_data() -> None:
    z = np.linspace(-1, 1, 12).reshape(3, 4)
    fig = figures.heatmap(z, title="t")
    assert figures.heatmap(z.copy(), title="t") is fig
    z2 = z.copy()
    z2[2, 3] = 5.0
    other = figures.heatmap(z2, title="t")
    assert other is not fig
    assert float(np.asarray(other.data[0].z)[2, 3]) == 5.0
    assert float(np.asarray(fig.data[0].z)[2, 3]) == pytest.approx(1.0)
    assert figures.heatmap(z, title="t ") is not fig  # any argument counts


def test_the_live_model_is_imported_and_warmed_once_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys
    import threading

    started: list[threading.Thread] = []

    class Counting(threading.Thread):
        def start(self) -> None:
            started.append(self)
            super().start()

    from viz import model, probe

    built: list[model.ModelConfig] = []
    ran: list[tuple[int, ...]] = []

    def build(config: model.ModelConfig) -> model.Encoder:
        built.append(config)
        return original_build(config)

    def maps(encoder: model.Encoder, x: object, mask: object = None) -> np.ndarray:
        result = original_maps(encoder, x, mask)  # type: ignore[arg-type]
        ran.append(result.shape)
        return result

    original_build, original_maps = model.build, probe.attention_maps
    monkeypatch.setattr(model, "build", build)
    monkeypatch.setattr(probe, "attention_maps", maps)
    monkeypatch.setattr(runtime, "WARM_DELAY_S", 0.0)
    monkeypatch.setattr(runtime, "_warm_started", False)
    monkeypatch.setattr(runtime.threading, "Thread", Counting)
    runtime.warm_live_model()
    runtime.warm_live_model()  # a second call starts nothing
    assert [t.name for t in started] == ["warm-live-model"]
    started[0].join(timeout=60)
    assert not started[0].is_alive()
    assert {"viz.model", "viz.train", "viz.block", "viz.probe", "torch"} <= set(sys.modules)
    # and one throwaway model ran once, so torch's one-time set-up is paid before a visitor comes
    assert built == [model.ModelConfig()]
    assert ran == [(1, 1, 8, 2, 2)]  # layers, batch, heads, tokens, tokens


def test_negative_zero_and_masked_arrays_are_handled() -> None:
    calls, build = counting()
    assert build(0.0) is not build(-0.0)
    masked = np.ma.masked_array([1.0, 2.0], mask=[True, False])
    build(masked)
    build(masked)
    assert len(calls) == 4  # two floats, and the masked array twice (not cached)


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
        assert json.dumps(t("chart.load_failed", lang))[1:-1] in failed
    assert json.dumps(PLOTLY_CONFIG)[1:-1] in script


def test_plotly_js_is_copied_next_to_the_app_when_missing_or_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr(plotly_js, "STATIC_DIR", tmp_path / "static")
    plotly_js._install_plotly_js()
    copied = tmp_path / "static" / "plotly.min.js"
    source = plotly_js.plotly_js_source()
    assert copied.read_bytes() == source.read_bytes()
    copied.write_text("stale")
    plotly_js._install_plotly_js()
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


def test_the_app_makes_full_collections_rarer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's first run in a process sets the full-collection threshold; the young generations keep
    Python's. Later runs leave it alone (runtime.start does its work once per process)."""
    import gc

    from tests.apptest_support import new_app

    before = gc.get_threshold()
    monkeypatch.setattr(runtime, "_started", False)  # as in a fresh server process
    try:
        gc.set_threshold(700, 10, 10)
        new_app().run()
        assert gc.get_threshold() == (700, 10, runtime.GC_FULL_EVERY)
        assert runtime.GC_FULL_EVERY > 10
        gc.set_threshold(700, 10, 10)
        new_app().run()
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
