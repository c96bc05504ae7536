"""Figure builders: what they send (float32, bounded cell counts) and that hover maps to true indices."""

from __future__ import annotations

import base64
import itertools
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from viz import figures
from viz.encodings import sinusoidal
from viz.figures import downsample
from viz.figures.grid import PHONE_GAP_PX, PHONE_PANEL_PX, grid_frame

ROOT = Path(__file__).resolve().parents[3]


def decode(z: object) -> np.ndarray:
    """Plotly's JSON form of an array: a list, or {'dtype', 'bdata', 'shape'}."""
    if isinstance(z, dict):
        flat = np.frombuffer(base64.b64decode(z["bdata"]), z["dtype"])
        shape = tuple(int(s) for s in str(z.get("shape", flat.size)).split(","))
        return flat.reshape(shape)
    return np.asarray(z)


def test_heatmap_payload_is_binary_float32_with_true_labels() -> None:
    pe = sinusoidal(4096, 1024)
    rows = downsample.stride(pe.shape[0], figures.MAX_ROWS)
    cols = downsample.stride(pe.shape[1], figures.MAX_COLS, paired=True)
    shown = pe[np.ix_(rows.idx, cols.idx)]
    fig = figures.heatmap(shown, x=cols.idx, y=rows.idx, title="t", hovertemplate="%{x} %{y} %{z}")
    spec = json.loads(fig.to_json())
    trace = spec["data"][0]
    assert isinstance(trace["z"], dict) and trace["z"]["dtype"] == "f4"
    np.testing.assert_array_equal(decode(trace["z"]), shown.astype(np.float32))
    assert trace["x"] == cols.labels
    assert trace["y"] == rows.labels
    assert len(fig.to_json()) < 1_000_000  # under the ~1 MB budget per chart


def test_small_heatmap_shows_every_cell() -> None:
    pe = sinusoidal(64, 128)
    assert not downsample.stride(64, figures.MAX_ROWS).strided
    assert not downsample.stride(128, figures.MAX_COLS, paired=True).strided
    fig = figures.heatmap(pe)
    assert decode(json.loads(fig.to_json())["data"][0]["z"]).shape == (64, 128)


def test_heatmap_colours_diverge_only_for_two_signed_data() -> None:
    signed = json.loads(figures.heatmap(np.array([[-1.0, 2.0]])).to_json())["data"][0]
    assert signed["zmid"] == 0.0
    positive = json.loads(figures.heatmap(np.array([[1.0, 2.0]])).to_json())["data"][0]
    assert "zmid" not in positive and positive["zmin"] == 1.0


def test_log_markers_reference_line_does_not_stretch_the_axis() -> None:
    fig = figures.log_markers(
        np.arange(4), np.array([6.0, 60.0, 600.0, 6000.0]), hline=100, hline_label="max_len"
    )
    spec = json.loads(fig.to_json())
    assert spec["layout"]["yaxis"]["type"] == "log"
    assert not spec["layout"].get("annotations")
    line = spec["data"][1]
    assert decode(line["y"]).tolist() == [100, 100] and line["name"] == "max_len"


def test_escape_label_neutralises_markup() -> None:
    assert figures.escape_label("<b>x</b> & <a href='j'>") == "&lt;b&gt;x&lt;/b&gt; &amp; &lt;a href='j'&gt;"


def test_long_curves_open_on_a_window_but_send_everything() -> None:
    x = np.arange(4096)
    long = json.loads(figures.lines(x, {"a": np.sin(x)}, x_window=256).to_json())
    assert long["layout"]["xaxis"]["range"] == [0.0, 256.0]
    assert long["layout"]["xaxis"]["rangeslider"]["visible"] is True
    assert decode(long["data"][0]["y"]).size == 4096
    short = json.loads(figures.lines(np.arange(100), {"a": np.zeros(100)}, x_window=256).to_json())
    assert "range" not in short["layout"]["xaxis"]


def test_heatmap_text_labels_on_both_axes_are_escaped() -> None:
    fig = figures.heatmap(np.eye(2), x_labels=["<b>x</b>", "ok"], y_labels=["<i>", "b"])
    assert list(fig.data[0].x) == [figures.escape_label("<b>x</b>"), "ok"]
    assert all("<" not in v for v in list(fig.data[0].x) + list(fig.data[0].y))


def test_density_histogram_sends_bins_and_the_curve() -> None:
    centers, density = np.array([-1.0, 0.0, 1.0]), np.array([0.1, 0.4, 0.1])
    curve_x = np.linspace(-2, 2, 5)
    fig = figures.density_histogram(
        centers, density, width=1.0, curve_x=curve_x, curve_y=curve_x**2, bar_name="bars", curve_name="N"
    )
    bars, curve = fig.data
    assert bars.type == "bar" and bars.width == 1.0 and fig.layout.bargap == 0
    np.testing.assert_allclose(bars.y, density)
    assert curve.name == "N"
    np.testing.assert_allclose(curve.y, curve_x**2)


def test_measured_curves_error_bars_references_and_mark() -> None:
    x = np.array([1.0, 10.0, 100.0])
    fig = figures.measured_curves(
        x,
        {"m": x * 1.1},
        errors={"m": np.array([0.1, 0.2, 0.3])},
        references={"var = d": x},
        mark_x=10.0,
        mark_label="now",
    )
    by_name = {d.name: d for d in fig.data}
    np.testing.assert_allclose(by_name["m"].error_y.array, [0.2, 0.4, 0.6])  # ± 2 standard errors
    assert by_name["var = d"].line.dash == "dash" and by_name["var = d"].error_y.array is None
    assert fig.layout.xaxis.type == "log" and fig.layout.yaxis.type == "log"
    # The mark is a trace on a hidden 0..1 axis, so the log axes are not stretched.
    assert list(by_name["now"].x) == [10.0, 10.0] and by_name["now"].yaxis == "y3"
    assert fig.layout.yaxis3.visible is False


def test_grouped_bars_colour_lines_like_their_bars() -> None:
    fig = figures.grouped_bars(
        ["a", "b"],
        {"one": np.array([1, 2]), "two": np.array([3, 4])},
        y2={"s1": np.array([0, 1]), "s2": np.array([1, 0])},
        colors=["#111111", "#222222"],
    )
    colours = [(d.type, d.marker.color if d.type == "bar" else d.line.color) for d in fig.data]
    assert colours == [("bar", "#111111"), ("bar", "#222222"), ("scatter", "#111111"), ("scatter", "#222222")]


def test_panel_grid_shares_one_symmetric_scale_over_panels_of_different_widths() -> None:
    a = np.array([[1.0, -2.0], [0.5, 0.0]])
    b = np.array([[4.0, 0.0, 1.0], [-1.0, 2.0, 3.0]])
    panels = [figures.Panel("<b>in</b>", a, ["0", "1"]), figures.Panel("hidden", b, ["0", "2", "4"])]
    fig = figures.panel_grid(panels, y_labels=["<i>x</i>", "y"], cols=2, x_title="dim")
    spec = json.loads(fig.to_json())
    z = [decode(tr["z"]) for tr in spec["data"]]
    np.testing.assert_array_equal(z[0], a.astype(np.float32))
    np.testing.assert_array_equal(z[1], b.astype(np.float32))
    assert all(decode(tr["z"]).dtype == np.float32 for tr in spec["data"])
    assert spec["layout"]["coloraxis"]["cmin"] == -4.0 and spec["layout"]["coloraxis"]["cmax"] == 4.0
    assert spec["data"][1]["x"] == ["0", "2", "4"] and spec["data"][0]["y"][0] == "&lt;i&gt;x&lt;/i&gt;"
    titles = [ann["text"] for ann in spec["layout"]["annotations"]]
    assert "&lt;b&gt;in&lt;/b&gt;" in titles
    fixed = figures.panel_grid(panels, y_labels=["x", "y"], cols=1, zmax=1.0)
    assert fixed.layout.coloraxis.cmax == 1.0 and fixed.layout.coloraxis.cmin == -1.0
    # one column: both panels stacked, the x title only under the last one
    one = figures.panel_grid(panels, y_labels=["x", "y"], cols=1, x_title="stage")
    assert one.layout.xaxis.title.text is None and one.layout.xaxis2.title.text == "stage"


def test_stage_lines_bold_names_escape_and_shade() -> None:
    fig = figures.stage_lines(
        ["input", "L1.1 <attn>"],
        {"mean": [1.0, 2.0], "<img src=x>": np.array([0.5, 3.0])},
        bold=["mean"],
        shade=(1, 1),
    )
    spec = json.loads(fig.to_json())
    assert [tr["name"] for tr in spec["data"]] == ["mean", "&lt;img src=x&gt;"]
    assert spec["data"][0]["x"] == ["input", "L1.1 &lt;attn&gt;"]
    assert spec["data"][0]["line"]["width"] > spec["data"][1]["line"]["width"]
    np.testing.assert_array_equal(decode(spec["data"][1]["y"]), np.array([0.5, 3.0], dtype=np.float32))
    (rect,) = spec["layout"]["shapes"]
    assert rect["x0"] == 0.5 and rect["x1"] == 1.5
    assert "shapes" not in json.loads(figures.stage_lines(["a"], {"m": [1.0]}).to_json())["layout"]


def test_number_text_writes_minus_infinity() -> None:
    text = figures.number_text(np.array([[1.234, -np.inf], [0.0, -2.5]]))
    assert text.tolist() == [["1.23", "−∞"], ["0.00", "-2.50"]]


def test_heads_grid_one_trace_per_head_on_one_scale() -> None:
    maps = np.random.default_rng(2).random((6, 3, 3))
    fig = figures.heads_grid(
        maps,
        titles=[f"h{i}" for i in range(6)],
        x_labels=["<a>", "b", "c"],
        y_labels=["<a>", "b", "c"],
        cols=4,
    )
    assert len(fig.data) == 6
    assert all(tr.coloraxis == "coloraxis" for tr in fig.data)
    assert fig.layout.coloraxis.cmin == 0.0 and fig.layout.coloraxis.cmax == 1.0
    assert tuple(fig.data[0].y) == ("&lt;a&gt;", "b", "c")  # labels escaped
    np.testing.assert_array_equal(np.asarray(fig.data[5].z), maps[5].astype(np.float32))
    assert [a.text for a in fig.layout.annotations] == [f"h{i}" for i in range(6)]


@pytest.mark.parametrize("heads", [3, 6, 8, 12])
def test_a_phone_draws_a_grid_of_heads_two_panels_wide(heads: int) -> None:
    # What viz/ui/chart/plot.js does on a phone: each axis's change merged into the wide grid's axis, the
    # other keys replacing the figure's. The result must be the two-column grid, axis for axis.
    maps = np.random.default_rng(3).random((heads, 4, 4))
    labels = ["a", "b", "c", "d"]
    titles = [f"head {i + 1}" for i in range(heads)]
    fig = figures.heads_grid(
        maps, titles=titles, x_labels=labels, y_labels=labels, cols=4, x_title="key", y_title="query"
    )
    wide = fig.layout.to_plotly_json()
    phone = wide["meta"]["phone"]
    merged = {k: ({**wide.get(k, {}), **v} if k[1:].startswith("axis") else v) for k, v in phone.items()}
    rows = -(-heads // 2)
    narrow = grid_frame(
        heads,
        2,
        titles=titles,
        h_spacing=0.08,
        v_spacing=min(0.3 / rows, 0.06) if rows > 1 else 0.0,
        shared_x=True,
        shared_y=True,
        x_title="key",
        x_titled="bottom",
        y_title="query",
    )
    for key, axis in narrow.items():
        if key == "annotations":
            continue
        assert isinstance(axis, dict)
        shown = {k: v for k, v in merged[key].items() if v is not None}
        assert {k: shown[k] for k in ("domain", "anchor")} == {k: axis[k] for k in ("domain", "anchor")}, key
        assert shown.get("matches") == axis.get("matches"), key
        assert shown.get("showticklabels", True) == axis.get("showticklabels", True), key
        assert (shown.get("title") or {}).get("text", "") == (axis.get("title") or {}).get("text", ""), key
    # the wide grid's empty cells (beyond the heads) are hidden on a phone
    hidden = {k for k, v in merged.items() if k[1:].startswith("axis") and v.get("visible") is False}
    empty = {k for k in set(wide) | set(narrow) if k[1:].startswith("axis") and int(k[5:] or 1) > heads}
    assert hidden == empty
    xs = sorted({round(a["x"], 6) for a in merged["annotations"]})
    assert len(xs) == 2 and [a["text"] for a in merged["annotations"]] == titles
    assert merged["height"] == 140 + rows * PHONE_PANEL_PX > wide["height"]


def on_phone(fig: object) -> dict:
    """The layout viz/ui/chart/plot.js draws on a phone: each axis's change merged into its wide axis,
    the other keys of ``layout.meta.phone`` replacing the figure's."""
    wide = fig.layout.to_plotly_json()  # type: ignore[attr-defined]
    phone = wide["meta"]["phone"]
    merged = {k: ({**wide.get(k, {}), **v} if k[1:].startswith("axis") else v) for k, v in phone.items()}
    return {**wide, **merged}


@pytest.mark.parametrize("own_scales", [False, True])
@pytest.mark.parametrize("panels", [2, 3, 4])
def test_a_phone_stacks_panels_side_by_side_one_above_another(panels: int, own_scales: bool) -> None:
    # E, P and E + P (and a segment panel) side by side ran their titles into each other on a phone
    mats = {f"panel title {i}": np.random.default_rng(i).normal(size=(5, 8)) * (i + 1) for i in range(panels)}
    fig = figures.heatmap_panels(
        mats, y_labels=list("abcde"), x=range(8), x_title="dim", y_title="token", shared_scale=not own_scales
    )
    drawn = on_phone(fig)
    xs = [drawn[f"xaxis{'' if i == 0 else i + 1}"] for i in range(panels)]
    ys = [drawn[f"yaxis{'' if i == 0 else i + 1}"] for i in range(panels)]
    assert all(x["domain"] == [0.0, 1.0] for x in xs)  # each panel the chart's whole width
    tops = [y["domain"] for y in ys]
    assert all(a[0] > b[1] for a, b in itertools.pairwise(tops))  # stacked top down, apart
    assert all(y.get("matches") is None and y.get("showticklabels", True) for y in ys)  # own row labels
    assert [x.get("title", {}).get("text", "") for x in xs] == [""] * (panels - 1) + ["dim"]
    assert [a["text"] for a in drawn["annotations"]] == list(mats)
    assert len({round(a["x"], 6) for a in drawn["annotations"]}) == 1
    tall = fig.layout.height - 130  # each panel as tall as on a wide screen
    assert drawn["height"] == 130 + panels * tall + (panels - 1) * PHONE_GAP_PX
    bars = [drawn[k] for k in drawn if k.startswith("coloraxis")]
    assert len(bars) == (panels if own_scales else 1)
    if own_scales:  # each bar beside its own panel, as long as it
        for bar, y in zip(bars, tops, strict=True):
            assert bar["colorbar"]["y"] == pytest.approx(sum(y) / 2)
            assert bar["colorbar"]["len"] == pytest.approx(y[1] - y[0])
            assert bar["colorbar"]["x"] > 1.0 and bar["cmax"] == -bar["cmin"] > 0


def test_a_phone_stacks_a_blocks_stages() -> None:
    panels = [
        figures.Panel(f"stage {i}", np.ones((3, 4 if i % 2 else 6)), list("abcdef")[: 4 if i % 2 else 6])
        for i in range(6)
    ]
    fig = figures.panel_grid(panels, y_labels=list("xyz"), cols=3, x_title="dim")
    drawn = on_phone(fig)
    doms = [drawn[f"yaxis{'' if i == 0 else i + 1}"]["domain"] for i in range(6)]
    assert all(a[0] > b[1] for a, b in itertools.pairwise(doms))
    assert all(drawn[f"xaxis{'' if i == 0 else i + 1}"]["domain"] == [0.0, 1.0] for i in range(6))
    assert len({round(a["x"], 6) for a in drawn["annotations"]}) == 1


def test_a_grid_two_panels_wide_or_less_has_nothing_to_change_on_a_phone() -> None:
    fig = figures.heads_grid(np.ones((2, 3, 3)), titles=["a", "b"], x_labels="abc", y_labels="abc", cols=4)
    assert fig.layout.meta is None


def test_matrix_draws_masked_cells_grey_under_the_values() -> None:
    z = np.array([[1.0, -np.inf], [0.5, 2.0]])
    fig = figures.matrix(
        z, x_labels=["a", "b"], y_labels=["a", "b"], text=figures.number_text(z), highlight=(0, 1)
    )
    assert len(fig.data) == 2
    grey, values = np.asarray(fig.data[0].z, dtype=float), np.asarray(fig.data[1].z, dtype=float)
    np.testing.assert_array_equal(np.isfinite(grey), z == -np.inf)
    np.testing.assert_array_equal(np.isnan(values), z == -np.inf)
    assert fig.layout.shapes[0].x0 == -0.5 and fig.layout.shapes[0].x1 == 0.5
    plain = figures.matrix(np.ones((2, 2)), x_labels=["a", "b"], y_labels=["a", "b"])
    assert len(plain.data) == 1


def test_importing_the_figures_changes_no_global_plotly_setting() -> None:
    """Each figure carries the app's template in its own layout; Plotly's default stays Plotly's."""
    code = (
        "import plotly.io as pio; before = pio.templates.default; import viz.figures as f; "
        "import numpy as np; fig = f.heatmap(np.eye(2)); "
        "print(before == pio.templates.default, fig.layout.template.layout.font.family)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    unchanged, family = done.stdout.split(" ", 1)
    assert unchanged == "True"
    assert "Noto Sans CJK KR" in family


def test_the_one_grid_builder_lays_out_titled_cells_row_by_row() -> None:
    """heatmap_grid: three cells in two columns, titles escaped over their cells, shared y on the right."""
    cells = [[{"z": np.full((2, 2), i, dtype=np.float32), "coloraxis": "coloraxis"}] for i in range(3)]
    fig = figures.heatmap_grid(
        cells,
        cols=2,
        titles=["<b>a</b>", "b", "c"],
        shared_y=True,
        x_title="key",
        x_titled="ends",
        y_title="query",
        coloraxes={"coloraxis": {"cmin": 0.0, "cmax": 2.0}},
    )
    spec = json.loads(fig.to_json())
    layout = spec["layout"]
    assert [t["xaxis"] for t in spec["data"]] == ["x", "x2", "x3"]
    assert [a["text"] for a in layout["annotations"]] == ["&lt;b&gt;a&lt;/b&gt;", "b", "c"]
    # row by row from the top left: cell 2 sits under cell 0, in the left half
    assert layout["xaxis3"]["domain"] == layout["xaxis"]["domain"]
    assert layout["yaxis3"]["domain"][1] <= layout["yaxis"]["domain"][0] < layout["yaxis"]["domain"][1]
    # the right column's y-axis follows the left one's; the first column carries the y title
    assert layout["yaxis2"]["matches"] == "y" and layout["yaxis2"]["showticklabels"] is False
    assert layout["yaxis"]["title"]["text"] == "query" and layout["yaxis3"]["title"]["text"] == "query"
    # "ends": the last cell of each column carries the x title (cell 1 has nothing under it)
    titled = {
        k for k, v in layout.items() if k.startswith("xaxis") and v.get("title", {}).get("text") == "key"
    }
    assert titled == {"xaxis2", "xaxis3"}
    assert layout["coloraxis"]["cmax"] == 2.0


def test_the_template_ends_the_layout_as_plotlys_default_did() -> None:
    """Charts send the bytes they sent when the template was Plotly's global default: it comes last."""
    for fig in (figures.heatmap(np.eye(2)), figures.lines([0, 1], {"a": np.zeros(2)}, title="t")):
        assert list(json.loads(fig.to_json())["layout"])[-1] == "template"


# ---- issue 36: charts that mislead at a glance ------------------------------------------------------------
def test_twin_bar_axes_put_zero_at_the_same_height_and_keep_every_value() -> None:
    """Weights in [0, 1] on the left, scores from -3 to 4 on the right: both axes get 0 at 3/7 of their
    height (the right's share below zero), and every value stays inside its axis."""
    fig = figures.grouped_bars(
        ["a", "b"],
        {"w": np.array([0.2, 0.8])},
        y2={"s": np.array([-3.0, 4.0])},
        y_range=(0.0, 1.12),
    )
    left, right = fig.layout.yaxis.range, fig.layout.yaxis2.range
    zero = [-lo / (hi - lo) for lo, hi in (left, right)]
    assert abs(zero[0] - zero[1]) < 1e-9
    assert left[0] <= 0 and left[1] >= 1.12 and right[0] <= -3 and right[1] >= 4
    lo, hi = right
    assert abs(-lo / (hi - lo) - 3 / 7) < 0.05  # the padded right axis sets the share


def test_bars_without_a_fixed_range_start_at_0_when_every_value_is_positive() -> None:
    fig = figures.grouped_bars(["a", "b"], {"c": np.array([0.5, 0.9])}, y2={"r": np.array([0.1, 0.2])})
    assert fig.layout.yaxis.range[0] == 0 and fig.layout.yaxis2.range[0] == 0
    assert 0.9 <= fig.layout.yaxis.range[1] <= 1.0  # fits the bars, not -1..1


def test_a_curve_under_an_equal_one_is_drawn_wider_and_past_the_colours_dashed() -> None:
    x = np.arange(5)
    fig = figures.lines(x, {"below": x * 1.0, "above": x * 1.0 + 1e-4, "apart": -x * 1.0})
    below, above, apart = fig.data
    assert below.line.width >= (above.line.width or 2) + 2  # a halo around the curve drawn over it
    assert apart.line.width is None
    many = figures.lines(x, {f"h{i}": x * float(i + 1) for i in range(12)})
    assert [tr.line.dash for tr in many.data[9:]] == [None, "dash", "dash"]  # the 11th repeats a colour


def test_each_vertical_mark_has_its_own_dash() -> None:
    fig = figures.lines([1, 2], {"a": np.array([1.0, 2.0])}, marks={"L": 1.0, "s × L": 2.0})
    dashes = [tr.line.dash for tr in fig.data if tr.name in ("L", "s × L")]
    assert len(set(dashes)) == 2
