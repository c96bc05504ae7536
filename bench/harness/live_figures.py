"""What a live chart (viz.ui.live) shows, for the tests that cannot run its JavaScript (AppTest).

A live chart arrives without its data: live.js computes it in the browser from its parameters. Here the
same data comes from the Python reference in viz/ (which tests/browser/test_browser_live.py holds live.js to
at
1e-6), so the AppTest modules read a live chart's figure as a browser draws it. A live strip (sliders, no
figure) is not a chart.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from viz import encodings
from viz.encodings import EncodingSpec, relative, rope_scaling, similarity
from viz.figures import downsample
from viz.scores import softmax
from viz.ui import live
from viz.views import rope_scaling as rope_scaling_views


def is_strip(spec: str) -> bool:
    return spec.startswith('{"config":') and '"strip":' in spec[:200]


def _spec(p: dict[str, Any]) -> EncodingSpec:
    return EncodingSpec(p["kind"], int(p["max_len"]), int(p["d_model"]), float(p["base"]), p["layout"])


def materialize(spec: str) -> str:
    """``spec`` (a chart's JSON) with a live chart's data filled in as live.js would; others unchanged."""
    figure = json.loads(spec)
    drawing = figure.get("live")
    if not drawing:
        return spec
    p = drawing["params"]
    data = figure["data"]
    if drawing["recipe"] == "pe_table":
        rows = downsample.stride(p["max_len"], p["max_rows"]).idx
        cols = downsample.stride(p["d_model"], p["max_cols"], paired=bool(p["paired"])).idx
        _heatmap(data[0], encodings.encode(_spec(p))[np.ix_(rows, cols)], rows, cols, p["scales"])
    elif drawing["recipe"] == "kerple_matrix":
        bias = relative.kerple_log(int(p["length"]), p["r1"], p["r2"], causal=bool(p["causal"]))[0]
        every = np.arange(int(p["length"]))
        _heatmap(data[0], np.where(np.isfinite(bias), bias, np.nan), every, every, p["scales"])
    elif drawing["recipe"] == "alibi_matrix":
        heads, length = int(p["heads"]), int(p["length"])
        p["shown_head"] = min(int(p["head"]), heads)
        p["slope"] = float(relative.alibi_slopes(heads)[p["shown_head"] - 1])
        bias = relative.alibi(length, heads, causal=bool(p["causal"]))[p["shown_head"] - 1]
        every = np.arange(length)
        _heatmap(data[0], np.where(np.isfinite(bias), bias, np.nan), every, every, p["scales"])
    elif drawing["recipe"] == "alibi_lines":
        heads = int(p["heads"])
        d, values = relative.by_distance(relative.alibi(int(p["length"]), heads, causal=bool(p["causal"])))
        for h, trace in enumerate(data):
            shown = h < heads
            trace.update(visible=shown, x=d.tolist() if shown else [], y=values[h].tolist() if shown else [])
        p.update({f"m{h}": float(m) for h, m in enumerate(relative.alibi_slopes(heads))})
    elif drawing["recipe"] == "t5_matrix":
        found = relative.t5_buckets(
            int(p["length"]),
            bidirectional=bool(p["bidirectional"]),
            num_buckets=int(p["buckets"]),
            max_distance=int(p["max_distance"]),
        ).astype(np.float64)
        if not p["bidirectional"]:
            found[np.triu_indices(int(p["length"]), 1)] = np.nan
        every = np.arange(int(p["length"]))
        _heatmap(data[0], found, every, every, p["scales"])
    elif drawing["recipe"] == "t5_lines":
        offsets = np.arange(-(int(p["length"]) - 1), int(p["length"]))
        found = relative.t5_bucket(
            offsets,
            bidirectional=bool(p["bidirectional"]),
            num_buckets=int(p["buckets"]),
            max_distance=int(p["max_distance"]),
        )
        data[0].update(x=offsets.tolist(), y=found.astype(np.float64).tolist())
    elif drawing["recipe"] == "kerple_lines":
        d = np.arange(int(p["length"]), dtype=np.float64)
        p["m"] = p["r1"] * p["r2"]
        data[0].update(x=d.tolist(), y=(-p["r1"] * np.log1p(p["r2"] * d)).tolist())
        data[1].update(x=d.tolist(), y=(-p["m"] * d).tolist())
    elif drawing["recipe"] in ("rs_waves", "rs_ramp", "rs_scores"):
        _rope_scaling(drawing["recipe"], data, p)
    elif drawing["recipe"] == "pe_curves":
        table = encodings.encode(_spec(p))
        for trace, d in zip(data, p["dims"], strict=False):
            shown = d < table.shape[1]
            trace.update(
                x=list(range(table.shape[0])) if shown else [], y=table[:, d].tolist() if shown else []
            )
    elif drawing["recipe"] == "sim_row":
        values = similarity.against_all(encodings.encode(_spec(p)), int(p["p"]), p["measure"])
        data[0].update(
            x=list(range(int(p["max_len"]))), y=[None if np.isnan(v) else float(v) for v in values]
        )
        data[1]["x"] = [p["p"], p["p"]]
    elif drawing["recipe"] == "sim_offset":
        table_spec = _spec(p)
        views = similarity.views(
            encodings.encode(table_spec), table_spec.kind, p["measure"], table_spec.d_model, table_spec.base
        )
        offsets, values = views.drawn_pairs
        data[0].update(x=offsets.tolist(), y=values.tolist())
        if len(data) > 1:
            theory = views.theory
            data[1].update(
                x=[] if theory is None else theory[0].tolist(),
                y=[] if theory is None else theory[1].tolist(),
                visible=theory is not None,
            )
    elif drawing["recipe"] == "sm_row":
        temperature = float(p["temperature"])
        data[0]["y"] = softmax.softmax(np.asarray(p["scores"]) / temperature).tolist()
        data[1]["y"] = softmax.softmax(np.asarray(p["scaled_scores"]) / temperature).tolist()
    elif drawing["recipe"] == "sm_hist":
        measured = softmax.variance_argument(int(p["d_k"]), int(p["n"]), int(p["seed"]))
        hist = measured.raw if p["which"] == "raw" else measured.scaled
        data[0].update(x=hist.centers.tolist(), y=hist.density.tolist(), width=hist.width)
        data[1].update(x=hist.curve_x.tolist(), y=hist.curve_y.tolist())
    else:
        raise AssertionError(f"no Python twin for the recipe {drawing['recipe']!r}")
    live.fill_texts(figure, drawing["texts"], p)  # with the parameters a recipe derives (m, sl)
    return json.dumps(figure)


def _heatmap(trace: dict[str, Any], z: np.ndarray, rows: np.ndarray, cols: np.ndarray, scales: Any) -> None:
    """figures.heatmap's cells, labels and colours (diverging around 0 when the values have both signs)."""
    lo, hi = float(np.nanmin(z)), float(np.nanmax(z))
    two = lo < 0 < hi
    trace.update(
        z=z.tolist(),
        x=[str(int(c)) for c in cols],
        y=[str(int(r)) for r in rows],
        colorscale=scales["diverging" if two else "sequential"],
        zmid=0.0 if two else None,
        zmin=None if two else lo,
        zmax=None if two else hi,
    )


def _rope_scaling(recipe: str, data: list[dict[str, Any]], p: dict[str, Any]) -> None:
    d_head, base, scale, length = int(p["d_head"]), float(p["base"]), float(p["scale"]), int(p["train_len"])
    found = rope_scaling.scaling(d_head, base, scale, length)
    methods = p["methods"]
    p["sl"] = p["scale"] * p["train_len"]
    pairs = list(range(d_head // 2))
    mode = rope_scaling_views.pair_mode(len(pairs))
    if recipe == "rs_ramp":
        data[0].update(x=pairs, y=found.ramp.tolist(), mode=mode)
        return
    if recipe == "rs_waves":
        for trace, m in zip(data, methods, strict=False):
            trace.update(x=pairs, y=found.wavelengths(m).tolist(), mode=mode)
        for trace, level in zip(data[len(methods) :], (p["train_len"], p["sl"]), strict=False):
            trace.update(x=[0, max(len(pairs) - 1, 0)], y=[level, level])
        return
    x = np.geomspace(1.0, 2.0 * scale * length, int(p["points"]))
    for trace, m in zip(data, methods, strict=False):
        factor = found.temperature if m == "yarn" else 1.0
        y = rope_scaling.score_window(found.frequencies[m], x, x * (1 + p["window"]), factor)
        trace.update(x=x.tolist(), y=y.tolist())
    for trace, at in zip(data[len(methods) :], (p["train_len"], p["sl"]), strict=False):
        trace["x"] = [at, at]
