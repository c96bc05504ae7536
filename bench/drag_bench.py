"""Drag benchmark: how many frames a second the browser can compute and redraw the PE heatmap itself.

Run from the repository root:

    .venv/bin/python -m bench.drag_bench [--frames 120] [--out bench/results/drag.md]

Issue 25 (charts that follow a dragged slider) asks for >= 30 frames a second at the default size and
says what is reached at 4096 x 1024. This measures the part the browser would do, before any component
exists: a bare page in headless Chromium holds plotly.js (the app's bundle, viz/ui/chart/vendor/) and
viz/ui/live/closed_form/, and sweeps the base from 10 to 10,000 in ``--frames`` steps, as a drag
would. Each frame computes the sinusoidal table, keeps the cells a chart shows (at most 320 rows and 128
sine/cosine pairs, every k-th, as viz/figures/downsample.py does), hands them to ``Plotly.react`` and waits
for
the next animation frame. Two ways: ``table`` computes the whole table and strides it; ``cells``
computes only the shown cells (``encodeCells``). Then the app itself (its live charts, viz/ui/live):
for each of ``CASES`` a page is opened and its strip's input moved once per animation frame by input
events, counting the frames its charts were redrawn. Not a test: it measures; it exits 0 once it ran.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from bench import report
from bench.harness.browser import REPO_ROOT, StreamlitServer, launch_browser, wait_for_idle
from bench.report import write_report
from viz.state.settings import DEFAULT_D_MODEL, DEFAULT_MAX_LEN
from viz.ui import live

PLOTLY_JS = REPO_ROOT / "viz" / "ui" / "chart" / "vendor" / "plotly-cartesian.min.js"
SIZES = ((DEFAULT_MAX_LEN, DEFAULT_D_MODEL), (4096, 1024))
MODES = ("table", "cells")

SWEEP = """
async ({maxLen, dModel, frames, mode}) => {
  const api = window.AttentionLabClosedForm;
  const div = document.getElementById('plot');
  const rowStep = Math.ceil(maxLen / 320);
  const pairs = Math.ceil(dModel / 2);
  const pairStep = Math.ceil(pairs / 128);
  const rows = [];
  for (let r = 0; r < maxLen; r += rowStep) rows.push(r);
  const cols = [];
  for (let i = 0; i < pairs; i += pairStep) {
    cols.push(2 * i);
    if (2 * i + 1 < dModel) cols.push(2 * i + 1);
  }
  const layout = {width: 900, height: 600, margin: {t: 30}};
  await Plotly.newPlot(div, [{type: 'heatmap', z: [[0]]}], layout);
  const nextFrame = () => new Promise((done) => requestAnimationFrame(done));
  const compute = [], draw = [];
  let bytes = 0;
  const started = performance.now();
  for (let f = 0; f < frames; f++) {
    const spec = {kind: 'sinusoidal', maxLen, dModel, base: Math.pow(10, 1 + (3 * f) / (frames - 1)),
                  layout: 'interleaved'};
    const c0 = performance.now();
    let z;
    if (mode === 'cells') {
      const t = api.encodeCells(spec, rows, cols);
      z = rows.map((_, r) => t.data.subarray(r * cols.length, (r + 1) * cols.length));
    } else {
      const t = api.encode(spec);
      z = rows.map((r) => Float64Array.from(cols, (c) => t.data[r * dModel + c]));
    }
    const c1 = performance.now();
    await Plotly.react(div, [{type: 'heatmap', z, x: cols, y: rows, zmin: -1, zmax: 1,
                              colorscale: 'RdBu', reversescale: true}], layout);
    await nextFrame();
    compute.push(c1 - c0);
    draw.push(performance.now() - c1);
    if (f === 0) bytes = JSON.stringify(z.map((row) => Array.from(row, (v) => +v.toPrecision(6)))).length;
  }
  return {seconds: (performance.now() - started) / 1000, compute, draw, shown: [rows.length, cols.length],
          bytes, params: JSON.stringify({kind: 'sinusoidal', maxLen, dModel, base: 10000}).length};
}
"""


# The app's own component: a strip's input moved once per animation frame (input events only, as a held
# mouse button makes; no release), from lo to hi and back in steps of the input's own values, counting the
# frames its group's live charts were recomputed and redrawn.
COMPONENT_SWEEP = """
async ({group, name, frames, lo, hi}) => {
  const g = window.__attentionLabLiveGroups[group];
  const strip = document.querySelector('.al-live[data-group="' + group + '"]');
  const input = strip.querySelector('input[data-name="' + name + '"]');
  const nextFrame = () => new Promise((done) => requestAnimationFrame(done));
  const span = Math.max(1, Math.min(hi - lo, 30));  // at most 30 values each way
  // the strip at the top of the window, as one scrolls to drag it: the charts below it in view (runtime.js
  // draws no chart out of view while dragging)
  strip.scrollIntoView({block: 'start'});
  await nextFrame();
  await nextFrame();
  const inView = [...g.charts].filter((el) => el.isConnected && !el.__alHidden).length;
  const drawn0 = g.drawn;
  const started = performance.now();
  for (let f = 0; f < frames; f++) {
    const at = f % (2 * span);
    const step = at <= span ? at : 2 * span - at;
    input.value = String(lo + Math.round(((hi - lo) * step) / span));
    input.dispatchEvent(new Event('input', {bubbles: true}));
    await nextFrame();
  }
  await nextFrame();
  await nextFrame();
  return {seconds: (performance.now() - started) / 1000, drawn: g.drawn - drawn0, inView,
          charts: [...g.charts].filter((el) => el.isConnected).length};
}
"""
LARGEST = "max_len=4096&d_model=1024"


@dataclass(frozen=True)
class Case:
    """One live chart to drag: its page, the strip's group and input, and the input's values to sweep."""

    name: str
    path: str
    chart: str  # the live chart's key: drawn when its element holds a result
    group: str
    slider: str
    lo: int
    hi: int
    height: int = 900  # the window's height: how many of the group's charts are in view


#: The base from 10 to 10,000 is option 2 to 11 of viz.state.settings.BASE_OPTIONS.
CASES = (
    Case(
        "PE heatmap, base 10 to 10,000",
        "positional_encoding",
        "pe_heatmap",
        "pe_heatmap_group",
        "base",
        2,
        11,
    ),
    Case(
        "the same at 4096 x 1024",
        f"positional_encoding?{LARGEST}",
        "pe_heatmap",
        "pe_heatmap_group",
        "base",
        2,
        11,
    ),
    Case("similarity row, p 0 to 99", "similarity", "sim_row_sinusoidal", "sim_row", "p", 0, 99),
    Case(
        "the same at 4096 x 1024, p 0 to 4095",
        f"similarity?{LARGEST}",
        "sim_row_sinusoidal",
        "sim_row",
        "p",
        0,
        4095,
    ),
    Case(
        "similarity row at 4096 x 1024, d_model 1024 to 994",
        f"similarity?{LARGEST}",
        "sim_row_sinusoidal",
        "sim_row",
        "d_model",
        994,
        1024,
    ),
    Case(
        "similarity by offset at 4096 x 1024, d_model 1024 to 994",
        f"similarity?tab=offset&{LARGEST}",
        "sim_offset_sinusoidal",
        "sim_offset",
        "d_model",
        994,
        1024,
    ),
    Case("softmax row, T 0.1 to 5", "softmax?tab=row", "sm_row", "sm_row", "temperature", 0, 5),
    Case("softmax scaling picture, d_k 1 to 1024", "softmax", "sm_hist_raw", "sm_var", "d_k", 0, 19),
    Case(
        "KERPLE matrix and curve, 256 positions, r1",
        "similarity?tab=bias&bias=kerple&blen=256",
        "rel_kerple_matrix",
        "rel_kerple",
        "r1",
        0,
        5,
    ),
    Case(
        "ALiBi matrix and lines, heads 1 to 16",
        "similarity?tab=bias",
        "rel_alibi_matrix",
        "rel_alibi",
        "heads",
        1,
        16,
    ),
    Case(
        "T5 buckets matrix and lines, buckets 8 to 64",
        "similarity?tab=bias&bias=t5",
        "rel_t5_matrix",
        "rel_t5",
        "buckets",
        0,
        3,
    ),
    Case(
        "ALiBi matrix and lines, length 4 to 256",
        "similarity?tab=bias",
        "rel_alibi_matrix",
        "rel_alibi",
        "length",
        4,
        256,
    ),
    Case(
        "T5 buckets matrix and lines, length 4 to 256",
        "similarity?tab=bias&bias=t5",
        "rel_t5_matrix",
        "rel_t5",
        "length",
        4,
        256,
    ),
    Case(
        "RoPE scaling, three charts, s 1 to 32",
        "positional_encoding?tab=rope",
        "rs_waves",
        "rs",
        "scale",
        0,
        5,
    ),
    # L and d move all three charts (s leaves YaRN's ramp as it is); d crosses the markers' limit
    Case(
        "RoPE scaling, three charts, L 256 to 8192",
        "positional_encoding?tab=rope",
        "rs_waves",
        "rs",
        "train_len",
        0,
        5,
    ),
    Case(
        "RoPE scaling, L 256 to 8192, a window 1,500 high",
        "positional_encoding?tab=rope",
        "rs_waves",
        "rs",
        "train_len",
        0,
        5,
        1500,
    ),
    Case(
        "RoPE scaling, three charts, d 16 to 256",
        "positional_encoding?tab=rope",
        "rs_waves",
        "rs",
        "d_head",
        0,
        4,
    ),
)


def measure_component(frames: int, only: str = "") -> list[dict[str, object]]:
    """Each case's live charts in the app itself (those whose name holds ``only``)."""
    from playwright.sync_api import sync_playwright

    results: list[dict[str, object]] = []
    with StreamlitServer() as server, sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            for case in (c for c in CASES if only in c.name):
                page = browser.new_page(viewport={"width": 1400, "height": case.height})
                page.goto(f"{server.url}/{case.path}")
                page.wait_for_function(
                    "(key) => { const el = document.querySelector('.st-key-' + key + ' .al-plot');"
                    " return Boolean(el && el.__alLiveResult && el._fullData); }",
                    arg=case.chart,
                    timeout=120_000,
                )
                wait_for_idle(page)
                args = {
                    "group": case.group,
                    "name": case.slider,
                    "frames": frames,
                    "lo": case.lo,
                    "hi": case.hi,
                }
                page.evaluate(COMPONENT_SWEEP, {**args, "frames": 5})  # a warm-up the JIT compiles on
                out = page.evaluate(COMPONENT_SWEEP, args)
                results.append({"case": case.name, "frames": frames, **out})
                print(f"  {case.name}: {out}", flush=True)
                page.close()
        finally:
            browser.close()
    return results


def _component_report(results: list[dict[str, object]]) -> list[str]:
    lines = [
        "",
        "## The app's live charts",
        "",
        "Each live chart in the running app (`viz/ui/live`), its strip's input moved once per animation "
        "frame by input events alone (a held mouse button: nothing is sent to the server until it is let "
        "go), back and forth over the values named, with the strip scrolled to the top of the window. "
        "*drawn / s*: the frames its group's charts were recomputed and redrawn, per second (the screen's "
        "cap is 60); a chart out of view is not drawn while the slider moves (it is as it scrolls in), "
        "so *in view* says how many of the group's charts each frame drew. Window 1400 x 900 unless "
        "named, headless, software rendering.",
        "",
        "| chart, slider | in view | input events | drawn | seconds | drawn / s |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        seconds = float(str(r["seconds"]))
        drawn = int(str(r["drawn"]))
        lines.append(
            f"| {r['case']} | {r['inView']} of {r['charts']} | {r['frames']} | {drawn} | {seconds:.2f} "
            f"| {drawn / seconds:.0f} |"
        )
    return lines


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def measure(frames: int) -> tuple[str, list[dict[str, object]]]:
    """Run every size and way in one headless Chromium; its version and one result per run."""
    from playwright.sync_api import sync_playwright

    results: list[dict[str, object]] = []
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.set_content('<div id="plot"></div>')
            page.add_script_tag(path=str(PLOTLY_JS))
            page.add_script_tag(content=live.closed_form_script().decode("utf-8"))
            for max_len, d_model in SIZES:
                for mode in MODES:
                    args = {"maxLen": max_len, "dModel": d_model, "frames": frames, "mode": mode}
                    page.evaluate(SWEEP, {**args, "frames": 5})  # a warm-up the JIT compiles on
                    out = page.evaluate(SWEEP, args)
                    results.append({"max_len": max_len, "d_model": d_model, "mode": mode, **out})
        finally:
            version = browser.version
            browser.close()
    return version, results


def _report(version: str, results: list[dict[str, object]], frames: int, argv: list[str]) -> str:
    lines = [
        "# Drag benchmark: the PE heatmap computed and redrawn in the browser",
        "",
        f"Measured with {report.environment(version)}; headless, software rendering. Command: "
        f"`{' '.join(['.venv/bin/python', '-m', 'bench.drag_bench', *argv])}`.",
        "",
        f"{frames} frames per run, the base swept from 10 to 10,000 (log steps), one `Plotly.react` and one "
        "animation frame each (see the module's docstring). *compute*: the table and the shown cells in "
        "JS; *draw*: `Plotly.react` until the next animation frame. Medians over the frames. *bytes*: what "
        "the browser would be sent for one frame's picture (the shown cells as JSON, 6 digits) against "
        "the parameters that make it.",
        "",
        "| size (positions x d_model) | way | shown cells | frames / s | compute (ms) | draw (ms) "
        "| bytes: cells / parameters |",
        "| --- | --- | --- | ---: | ---: | ---: | --- |",
    ]
    for r in results:
        shown = r["shown"]
        assert isinstance(shown, list)
        compute, draw = r["compute"], r["draw"]
        assert isinstance(compute, list) and isinstance(draw, list)
        seconds = float(str(r["seconds"]))
        lines.append(
            f"| {r['max_len']} x {r['d_model']} | {r['mode']} | {shown[0]} x {shown[1]} "
            f"| {frames / seconds:.0f} | {_median(compute):.2f} | {_median(draw):.1f} "
            f"| {int(str(r['bytes'])):,} / {r['params']} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "drag.md")
    parser.add_argument("--json", action="store_true", help="also print the raw results as JSON")
    parser.add_argument("--cases", default="", help="only the app's cases whose name holds this text")
    args = parser.parse_args(argv)
    try:
        version, results = measure(max(args.frames, 2))
        component = measure_component(max(args.frames, 2), args.cases)
    except Exception as exc:
        print(f"drag benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"bare": results, "component": component}))
    text = _report(version, results, args.frames, argv) + "\n".join(_component_report(component)) + "\n"
    return write_report(text, args.out)


if __name__ == "__main__":
    sys.exit(main())
