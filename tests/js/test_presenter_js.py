"""The presenter view's chart restyling (viz/ui/presenter/plot.js, served as a static file) run by Node.js
on figures the app builds and on odd ones: sizes by the window, the projector scales, line and marker
widths in proportion, the figure itself left as it was, and no exception on a figure it cannot read (a
chart is then drawn as it is, never blank)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bench.harness.browser import running_in_ci
from viz import figures
from viz.ui import presenter

NODE = shutil.which("node")


def present(figure: dict[str, Any], tmp_path: Path, width: int = 1280, height: int = 720) -> Any:
    """``window.__attentionLabPresent(figure)`` in Node.js, with a window of ``width`` x ``height``; also
    checks that the figure it was given is unchanged and that a second call gives the same result."""
    if NODE is None:
        if running_in_ci():
            pytest.fail("Node.js is needed (the machine has it: /usr/bin/node)")
        pytest.skip("no Node.js")
    script = tmp_path / "present.js"
    script.write_bytes(
        f"globalThis.window = {{innerWidth: {width}, innerHeight: {height}}};\n".encode()
        + presenter.plot_script()
        + b"\nconst fig = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));\n"
        b"const before = JSON.stringify(fig);\n"
        b"const out = window.__attentionLabPresent(fig);\n"
        b"const again = window.__attentionLabPresent(fig);\n"
        b"console.log(JSON.stringify({out, same: JSON.stringify(fig) === before,"
        b" repeat: JSON.stringify(out) === JSON.stringify(again)}));\n"
    )
    source = tmp_path / "figure.json"
    source.write_text(json.dumps(figure), encoding="utf-8")
    done = subprocess.run([NODE, str(script), str(source)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["same"], "the figure itself was changed"
    assert result["repeat"], "a second call (a resize) gave another result"
    return result["out"]


def plain(fig: Any) -> dict[str, Any]:
    return json.loads(fig.to_json())


def test_a_heatmap_gets_the_projector_scale_and_sizes(tmp_path: Path) -> None:
    fig = plain(figures.heatmap(np.linspace(-1, 1, 12).reshape(3, 4), title="t", x_title="x", y_title="y"))
    out = present(fig, tmp_path)
    trace, layout = out["data"][0], out["layout"]
    assert trace["colorscale"] == presenter.PALETTES[figures.DIVERGING]
    assert trace["colorbar"]["tickfont"]["size"] >= 16
    assert "textfont" not in trace  # a heatmap's numbers fit their cells (plotly.js)
    assert layout["xaxis"]["tickfont"]["size"] == 16 and layout["yaxis"]["tickfont"]["size"] == 16
    assert layout["xaxis"]["title"]["font"]["size"] == 20 and layout["title"]["font"]["size"] == 22
    assert layout["font"]["size"] == 18
    assert layout["colorway"] == list(presenter.COLORWAY)
    assert layout["height"] == min(
        max(fig["layout"]["height"], min(round(0.7 * 720), round(1.6 * fig["layout"]["height"]))),
        round(0.78 * 720),
    )
    assert fig["layout"]["height"] < layout["height"]


def test_a_chart_taller_than_the_window_fits_its_first_screen(tmp_path: Path) -> None:
    """A grid of every head (660 px of its own) ends on the first screen when it starts in the top fifth."""
    fig = plain(figures.heatmap(np.eye(3), title="t", height=660))
    for width, height in ((1280, 720), (1920, 1080)):
        layout = present(fig, tmp_path, width, height)["layout"]
        assert layout["height"] == min(max(660, round(0.7 * height)), round(0.78 * height))
        assert 0.2 * height + layout["height"] <= height


def test_sizes_follow_the_window(tmp_path: Path) -> None:
    fig = plain(figures.heatmap(np.eye(3), title="t"))
    small, large = present(fig, tmp_path), present(fig, tmp_path, 1920, 1080)
    assert small["layout"]["xaxis"]["tickfont"]["size"] == 16
    assert large["layout"]["xaxis"]["tickfont"]["size"] == 24  # 16 x 1920 / 1280
    assert large["layout"]["height"] > small["layout"]["height"]


def test_the_attention_maps_scale_is_swapped_on_their_colour_axis(tmp_path: Path) -> None:
    fig = plain(
        figures.heads_grid(
            [np.full((2, 2), 0.5)] * 2, titles=["a", "b"], x_labels=["x", "y"], y_labels=["x", "y"]
        )
    )
    out = present(fig, tmp_path)
    axes = [v for k, v in out["layout"].items() if k.startswith("coloraxis")]
    assert axes and all(a["colorscale"] == presenter.PALETTES["Blues"] for a in axes)
    assert all(a["colorbar"]["tickfont"]["size"] >= 16 for a in axes)


def test_lines_and_markers_grow_in_proportion(tmp_path: Path) -> None:
    traces = [
        {
            "type": "scatter",
            "mode": "lines+markers",
            "y": [1, 2],
            "line": {"width": 4},
            "marker": {"size": 7},
        },
        {
            "type": "scatter",
            "mode": "lines+markers",
            "y": [2, 1],
            "line": {"width": 1.2},
            "marker": {"size": 4},
        },
        {"type": "scatter", "mode": "lines", "y": [0, 1], "line": {"width": 0}},
        {"type": "scatter", "mode": "markers", "y": [0, 1], "marker": {"size": [3, 6]}},
        {"type": "bar", "y": [1, 2], "marker": {"color": "#7aa6d6"}},
    ]
    out = present({"data": traces, "layout": {}}, tmp_path)["data"]
    bold, thin, hidden, dots, bars = out
    assert bold["line"]["width"] / thin["line"]["width"] == pytest.approx(4 / 1.2)
    assert bold["line"]["width"] > 4 and thin["line"]["width"] > 1.2
    assert bold["marker"]["size"] / thin["marker"]["size"] == pytest.approx(7 / 4)
    assert hidden["line"]["width"] == 0  # an invisible line stays invisible
    assert dots["marker"]["size"][1] / dots["marker"]["size"][0] == pytest.approx(2)
    assert "line" not in dots  # markers only: no line is added
    assert bars["marker"]["color"] == "#7aa6d6" and "line" not in bars


@pytest.mark.parametrize(
    "figure",
    [
        {
            "data": [None, {"type": "heatmap", "z": [[1]], "colorbar": {"title": "v"}}],
            "layout": {"title": "a"},
        },
        {"data": [], "layout": {"coloraxis": None, "xaxis": None, "annotations": [None, {"text": "n"}]}},
        {"data": [{"marker": None, "line": None}]},
        {},
    ],
)
def test_a_figure_it_cannot_read_is_not_an_exception(figure: dict[str, Any], tmp_path: Path) -> None:
    out = present(figure, tmp_path)
    assert isinstance(out["layout"]["height"], int)
    if figure.get("layout", {}).get("title") == "a":
        assert out["layout"]["title"]["text"] == "a"  # a string title keeps its words
        assert out["data"][1]["colorbar"]["title"]["text"] == "v"
