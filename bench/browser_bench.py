"""Slider-to-chart latency and websocket bytes per rerun, measured in headless Chromium.

Run from the repository root (needs Chromium and a CJK font: `make browser-deps`):

    .venv/bin/python -m bench.browser_bench [--rounds 7] [--out bench/results/browser.md]

For each size (max_len x d_model) the PE page is opened at ``?max_len=L&d_model=D``; then the d_model
slider gets ArrowLeft / ArrowRight alternately (D-1, D, D-1, ...; after the first press everything is
cached) and, in a second pass, ArrowLeft only (every press a value not seen before, D-2, D-3, ...).
Each press is timed in the page,
from the keydown event to the first animation frame at which the heatmap's ``_fullData`` holds the new
table (a new ``z`` whose title names the new d_model), plus two more frames (painted). Bytes are the
websocket payloads the page received from the key press until the app was idle again. A minimal app
(one slider, one small heatmap, ``bench/minimal_app.py``) on its own server is the floor.

The Softmax page is driven by its own d_k select-slider (both patterns), timed to the unscaled q · k
histogram showing the new d_k: at the default settings (d_k 64, 5000 pairs) and at the largest (d_k 1024
and 20000 pairs, both set with the End key before timing starts).

Not a test: numbers depend on the machine. Results go to a Markdown table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import plotly
import streamlit

from bench.harness.browser import (
    REPO_ROOT,
    StreamlitServer,
    animation_frames,
    launch_browser,
    missing_browser_reason,
    plot_eval,
    sidebar_slider,
    slider_value,
    wait_for_idle,
    wait_for_plot,
)
from bench.report import write_report
from viz import encodings, figures
from viz.figures import downsample
from viz.i18n import t
from viz.scores import softmax

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, WebSocket

SIZES: tuple[tuple[int, int], ...] = ((64, 128), (512, 1024), (4096, 1024))
#: The Embedding and Similarity pages: the classroom default and the largest size.
PAGE_SIZES: tuple[tuple[int, int], ...] = ((100, 128), (4096, 1024))
PATTERNS = ("alternate", "new")
#: The Softmax page: (max_len, d_model, d_k, sample size) at the defaults and at the largest settings.
SOFTMAX_SIZES: tuple[tuple[int, int, int, int], ...] = (
    (100, 128, softmax.DEFAULT_DK, softmax.DEFAULT_SAMPLES),
    (4096, 1024, softmax.DK_OPTIONS[-1], softmax.SAMPLE_OPTIONS[-1]),
)
SOFTMAX_HIST = ".st-key-sm_hist_raw"
PE_HEATMAP = ".st-key-pe_heatmap"
MINIMAL_HEATMAP = ".st-key-heatmap"
DEFAULT_OUT = REPO_ROOT / "bench" / "results" / "browser.md"
LOAD_TIMEOUT_MS = 180_000
RERUN_TIMEOUT_MS = 120_000
SETTLE_MS = 250  # after idle, so late frames of this rerun are not counted in the next one

# Polls (one check per animation frame) until the predicate holds for the chart, then waits two more
# frames; returns milliseconds since the keydown the page saw. PREDICATE sees ``el``, the Plotly div.
_MEASURE_JS = """(args) => new Promise((resolve, reject) => {
  const started = window.__benchKeyAt;
  if (typeof started !== 'number') { reject(new Error('no keydown seen')); return; }
  const deadline = performance.now() + args.timeout;
  const find = () => {
    const scope = args.root ? document.querySelector(args.root) : document;
    return scope ? scope.querySelector('.js-plotly-plot') : null;
  };
  const ready = (el) => {
    if (!el || !el._fullData || !el._fullLayout) return false;
    try { return Boolean(PREDICATE); } catch (e) { return false; }
  };
  const tick = () => {
    if (ready(find())) {
      const seen = performance.now() - started;
      requestAnimationFrame(() => requestAnimationFrame(() =>
        resolve({seen: seen, painted: performance.now() - started})));
    } else if (performance.now() > deadline) {
      reject(new Error('the chart did not update within ' + args.timeout + ' ms'));
    } else {
      requestAnimationFrame(tick);
    }
  };
  tick();
})"""

_KEY_LISTENER_JS = """() => {
  if (!window.__benchListening) {
    document.addEventListener('keydown', () => { window.__benchKeyAt = performance.now(); }, true);
    window.__benchListening = true;
  }
  window.__benchKeyAt = null;
}"""


@dataclass
class Row:
    """One measured configuration."""

    app: str
    size: str
    url: str
    pattern: str  # "alternate": D-1, D, D-1, ... (cache hits after the first); "new": D-2, D-3, ...
    cells: str = ""
    load_s: float = math.nan
    load_bytes: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    idle_ms: list[float] = field(default_factory=list)  # key press to the whole rerun finished
    bytes_per_rerun: list[int] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def p95_ms(self) -> float:
        return percentile(self.latencies_ms, 95)

    @property
    def median_bytes(self) -> float:
        return statistics.median(self.bytes_per_rerun)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (with 7 samples, p95 is the slowest one)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


class ByteCounter:
    """Sums the payload bytes the page receives on Streamlit's websocket (``/_stcore/stream``)."""

    def __init__(self) -> None:
        self.bytes = 0
        self.frames = 0

    def attach(self, page: Page) -> None:
        page.on("websocket", self._on_websocket)

    def reset(self) -> None:
        self.bytes = 0
        self.frames = 0

    def _on_websocket(self, ws: WebSocket) -> None:
        if "_stcore/stream" in ws.url:
            ws.on("framereceived", self._on_frame)

    def _on_frame(self, payload: bytes | str) -> None:
        self.bytes += len(payload.encode("utf-8") if isinstance(payload, str) else payload)
        self.frames += 1


def human_bytes(n: float) -> str:
    for unit, size in (("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.0f} B"


@contextmanager
def new_page(browser: Browser) -> Iterator[Page]:
    """A fresh context (so a fresh Streamlit session) with a desktop-sized viewport."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    context.set_default_timeout(RERUN_TIMEOUT_MS)
    context.set_default_navigation_timeout(LOAD_TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


def pe_predicate(d_model: int) -> str:
    """The PE heatmap shows a new table for ``d_model`` (its title names it; all columns when <= 256)."""
    cols = f" && el._fullData[0].z[0].length === {d_model}" if d_model <= 256 else ""
    return (
        "el._fullData[0].z !== window.__benchPrevZ"
        f" && el._fullLayout.title.text.includes('× {d_model} ')" + cols
    )


def panels_predicate(d_model: int) -> str:
    """The Embedding page's E | P | E + P panels show the new width (strided past 256 columns)."""
    cols = downsample.stride(d_model, figures.MAX_COLS, paired=True).shown
    return f"el._fullData[0].z !== window.__benchPrevZ && el._fullData[0].z[0].length === {cols}"


def similarity_width_predicate(d_model: int) -> str:
    """The sinusoidal dot-product curve peaks at PE(50) . PE(50), which depends on d_model."""
    row = encodings.sinusoidal_at([50], d_model)[0]
    peak = float(row @ row)  # d_model / 2 when even
    return (
        "el._fullData[0].y !== window.__benchPrevZ"
        f" && Math.abs(Math.max(...el._fullData[0].y) - {peak}) < 1e-3"
    )


def position_predicate(p: int) -> str:
    """The similarity curve's marker of p (the second trace, a vertical line) stands at the new p."""
    return f"el._fullData[0].y !== window.__benchPrevZ && el._fullData[1].x[0] === {p}"


def position_slider(page: Page) -> Locator:
    return page.locator('.st-key-sim_row_live input[data-name="p"]')  # p's one control: its live strip


def select_slider(page: Page, key: str) -> Locator:
    """The range input of the page's select-slider ``key``: its ``value`` is the option's *index*."""
    return page.locator(f".st-key-{key}").locator('input[type="range"], [role="slider"]').first


def softmax_predicate(n: int) -> Callable[[int], str]:
    """For the d_k option at an index: the q · k histogram is new, for that d_k and ``n`` pairs.

    The select-slider's value is an index into ``softmax.DK_OPTIONS``, so the predicate takes one; the
    curve over the bars is named ``N(0, d_k)`` and the bars ``{n} measured pairs``.
    """

    def predicate(index: int) -> str:
        curve = t("sm.var.curve.raw", "en", d_k=softmax.DK_OPTIONS[index])
        bars = t("sm.var.bars", "en", n=n)
        return (
            "el._fullData[0].y !== window.__benchPrevZ"
            f" && el._fullData[0].name === {json.dumps(bars)} && el._fullData[1].name === {json.dumps(curve)}"
        )

    return predicate


def softmax_setup(d_k: int, n: int) -> Callable[[Page], None]:
    """Before timing: move the Softmax page from its defaults to ``d_k`` and ``n`` with the End key.

    Each of them must be its slider's default or last option. d_k goes first, then the sample size,
    so the only histogram for the new ``n`` cached before timing starts is the one at ``d_k``.
    """
    for value, default, options in (
        (d_k, softmax.DEFAULT_DK, softmax.DK_OPTIONS),
        (n, softmax.DEFAULT_SAMPLES, softmax.SAMPLE_OPTIONS),
    ):
        if value not in (default, options[-1]):
            raise ValueError(f"{value} is neither the default {default} nor the last option {options[-1]}")

    def press_end(page: Page, key: str, shown: str) -> None:
        thumb = select_slider(page, key)
        thumb.focus()
        thumb.press("End")
        wait_for_plot(page, shown, root=SOFTMAX_HIST, timeout_ms=RERUN_TIMEOUT_MS)
        wait_for_idle(page, timeout_ms=RERUN_TIMEOUT_MS)

    def setup(page: Page) -> None:
        index = softmax.DK_OPTIONS.index(d_k)
        if d_k != softmax.DEFAULT_DK:
            press_end(page, "sm_dk", softmax_predicate(softmax.DEFAULT_SAMPLES)(index))
        if n != softmax.DEFAULT_SAMPLES:
            press_end(page, "sm_n", softmax_predicate(n)(index))

    return setup


def minimal_predicate(d_model: int) -> str:
    return f"el._fullData[0].z !== window.__benchPrevZ && el._fullData[0].z[0].length === {d_model}"


def measure(
    browser: Browser,
    row: Row,
    *,
    root: str,
    predicate: Callable[[int], str],
    initial_d_model: int,
    rounds: int,
    slider: Callable[[Page], Locator] | None = None,
    load_predicate: str | None = None,
    setup: Callable[[Page], None] | None = None,
) -> Row:
    """Open ``row.url``, then time ``rounds`` slider steps in ``row.pattern``.

    The slider is the sidebar's d_model unless ``slider`` picks another (``initial_d_model`` is then
    that slider's starting value, and ``predicate`` gets its new value; for a select-slider the value
    is the option's index). The load is timed until ``load_predicate`` (default: ``predicate`` of
    ``initial_d_model``) holds; ``setup``, if given, then moves the page to where timing starts.
    """
    with new_page(browser) as page:
        counter = ByteCounter()
        counter.attach(page)
        started = time.perf_counter()
        page.goto(row.url)
        page.evaluate("() => { window.__benchPrevZ = null; }")
        loaded = predicate(initial_d_model) if load_predicate is None else load_predicate
        wait_for_plot(page, loaded, root=root, timeout_ms=LOAD_TIMEOUT_MS)
        wait_for_idle(page, timeout_ms=LOAD_TIMEOUT_MS)
        row.load_s = time.perf_counter() - started
        page.wait_for_timeout(SETTLE_MS)
        row.load_bytes = counter.bytes
        shape = plot_eval(
            page,
            "el._fullData[0].z ? [el._fullData[0].z.length, el._fullData[0].z[0].length] : null",
            root=root,
        )
        row.cells = (
            f"{shape[0]} x {shape[1]}"
            if shape
            else f"{plot_eval(page, 'el._fullData[0].y.length', root=root)} points"
        )

        if setup is not None:
            setup(page)
            page.wait_for_timeout(SETTLE_MS)
        thumb = sidebar_slider(page, "d_model") if slider is None else slider(page)
        value = slider_value(thumb)
        if value != initial_d_model:
            raise RuntimeError(f"slider shows {value}, expected {initial_d_model}")
        thumb.focus()
        if row.pattern == "new":
            # D-1 was met in the alternate pass on this server (its tables are cached): step past it.
            plot_eval(page, "(window.__benchPrevZ = el._fullData[0].z || el._fullData[0].y, true)", root=root)
            thumb.press("ArrowLeft")
            value -= 1
            wait_for_plot(page, predicate(value), root=root, timeout_ms=RERUN_TIMEOUT_MS)
            wait_for_idle(page, timeout_ms=RERUN_TIMEOUT_MS)
        page.evaluate(_KEY_LISTENER_JS)
        for i in range(rounds):
            left = row.pattern == "new" or i % 2 == 0
            key, target = ("ArrowLeft", value - 1) if left else ("ArrowRight", value + 1)
            plot_eval(page, "(window.__benchPrevZ = el._fullData[0].z || el._fullData[0].y, true)", root=root)
            page.evaluate(_KEY_LISTENER_JS)
            counter.reset()
            thumb.press(key)
            timing = page.evaluate(
                _MEASURE_JS.replace("PREDICATE", predicate(target)),
                {"root": root, "timeout": RERUN_TIMEOUT_MS},
            )
            wait_for_idle(page, timeout_ms=RERUN_TIMEOUT_MS)
            row.idle_ms.append(float(page.evaluate("() => performance.now() - window.__benchKeyAt")))
            page.wait_for_timeout(SETTLE_MS)
            animation_frames(page, 1)
            row.latencies_ms.append(float(timing["painted"]))
            row.bytes_per_rerun.append(counter.bytes)
            value = slider_value(thumb)
            if value != target:
                raise RuntimeError(f"{row.app} {row.size}: slider at {value} after {key}, expected {target}")
            print(
                f"  {row.app} {row.size} {row.pattern} #{i + 1} {key}: {timing['painted']:.0f} ms, idle "
                f"after {row.idle_ms[-1]:.0f} ms, {human_bytes(counter.bytes)} in {counter.frames} frames",
                flush=True,
            )
    return row


def measure_softmax(browser: Browser, base_url: str, pattern: str, rounds: int) -> list[Row]:
    """The Softmax page's d_k select-slider at each of SOFTMAX_SIZES, in ``pattern``.

    Run "alternate" before "new" on the same server, as for the other pages: the "new" pass steps
    past the first neighbour, which the "alternate" pass has cached.
    """
    rows = []
    for max_len, d_model, d_k, n in SOFTMAX_SIZES:
        start = softmax.DK_OPTIONS.index(d_k)
        steps = rounds if pattern == "alternate" else min(rounds, start - 1)  # "new" walks down to d_k = 1
        if steps < rounds:
            print(f"  Softmax page from d_k {d_k}: only {steps} new values below it", flush=True)
        row = Row(
            f"Softmax page, d_k from {d_k} (n = {n})",
            f"{max_len} x {d_model}",
            f"{base_url}/softmax?max_len={max_len}&d_model={d_model}",
            pattern,
        )
        loaded = softmax.DK_OPTIONS.index(softmax.DEFAULT_DK)
        rows.append(
            measure(
                browser,
                row,
                root=SOFTMAX_HIST,
                predicate=softmax_predicate(n),
                initial_d_model=start,
                rounds=steps,
                slider=lambda page: select_slider(page, "sm_dk"),
                load_predicate=softmax_predicate(softmax.DEFAULT_SAMPLES)(loaded),
                setup=softmax_setup(d_k, n),
            )
        )
    return rows


def environment(browser: Browser) -> str:
    return (
        f"{dt.date.today().isoformat()}, {platform.node() or 'host'}: {os.cpu_count()} CPU cores, "
        f"Python {platform.python_version()}, Streamlit {streamlit.__version__}, "
        f"Plotly.py {plotly.__version__}, headless Chromium {browser.version}"
    )


def _table(rows: list[Row]) -> list[str]:
    lines = [
        "| app | max_len x d_model | heatmap cells sent | latency median | latency p95 | first press "
        "| whole rerun, median | bytes per rerun (median) | bytes, first press |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            f"| {r.app} | {r.size} | {r.cells} | {r.median_ms / 1000:.2f} s | {r.p95_ms / 1000:.2f} s "
            f"| {r.latencies_ms[0] / 1000:.2f} s | {statistics.median(r.idle_ms) / 1000:.2f} s "
            f"| {human_bytes(r.median_bytes)} "
            f"| {human_bytes(r.bytes_per_rerun[0])} |"
        )
    return lines


def markdown(
    rows: list[Row], env: str, rounds: int, rss: dict[str, tuple[int, int]], elapsed_s: float
) -> str:
    alternate = [r for r in rows if r.pattern == "alternate"]
    new = [r for r in rows if r.pattern == "new"]
    lines = [
        "# Browser benchmark: slider-to-chart latency and websocket bytes per rerun",
        "",
        f"Measured {env}. Produced by `python -m bench.browser_bench` in {elapsed_s:.0f} s.",
        "",
        "Each row opens the page at `?max_len=L&d_model=D` in a fresh browser context (a new session), "
        f"then presses {rounds} arrow keys on the d_model slider. Latency runs from the keydown (seen in "
        "the page) to the first animation frame at which the heatmap's `_fullData` holds the new table, "
        "plus two frames. The page keeps running below the heatmap after that (the scorecard is computed "
        "last): *whole rerun* is the time until the app is idle again. Bytes are the websocket payloads "
        "the page received from the key press until the app was idle. p95 is nearest-rank: with "
        f"{rounds} samples, the slowest press.",
        "",
        "The Softmax rows press the page's own d_k select-slider instead (one option per press: ..., 48, "
        "64, 96, ... up to 1024) and wait for the unscaled q · k histogram (60 bars, so *cells sent* reads "
        "60 points) to be drawn for the new d_k: the bars named for the sample size n and the curve "
        "`N(0, d_k)`. Their largest setting starts at d_k = 1024 with n = 20000, both set with the End key "
        "before timing (the first load is still timed at the page's defaults, d_k 64 and n 5000).",
        "",
        "## ArrowLeft / ArrowRight alternately (D-1, D, D-1, ...)",
        "",
        "Only the first press meets a new table. After it both values are in Streamlit's caches, and "
        "Streamlit's message cache sends any message of 10 KB or more that this browser already holds as "
        "a hash reference (`global.minCachedMessageSize`): so the median bytes here are what a rerun "
        "costs when the charts come back to a value already seen, not what a new value costs.",
        "",
        *_table(alternate),
        "",
        "## ArrowLeft only (D-2, D-3, ...): every press a new value",
        "",
        "Nothing cached, neither the tables on the server nor the messages in the browser: this is the "
        "full price of moving the slider to a value not seen before. The Embedding and Similarity rows "
        "press the slider their name gives (d_model in the sidebar, or the page's position slider p) and "
        "wait for the E | P | E + P panels (Embedding) or the sinusoidal dot-product curve (Similarity) to "
        "show the new value; the rest of those pages keeps drawing until *whole rerun*. The Softmax rows "
        "step d_k down one option a press (from 1024: 512, 384, ..., 64 after the cached 768).",
        "",
        *_table(new),
        "",
        "## First load and memory",
        "",
        "From `goto` to the heatmap drawn and the app idle, in a new session. The first row on each "
        "server also pays for the server's first run (imports, cold caches).",
        "",
        "| app | max_len x d_model | first load (goto to chart drawn and idle) | bytes received |",
        "| --- | --- | --- | --- |",
    ]
    for r in alternate:
        lines.append(f"| {r.app} | {r.size} | {r.load_s:.2f} s | {human_bytes(r.load_bytes)} |")
    lines += ["", "Server memory at the end of the run (`/proc/PID/status`):", ""]
    lines += ["| server | VmRSS | VmHWM (peak) |", "| --- | --- | --- |"]
    for name, (now, peak) in rss.items():
        lines.append(f"| {name} | {now / 1024:.0f} MiB | {peak / 1024:.0f} MiB |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=7, help="slider steps per size (default 7)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="Markdown file to write")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    reason = missing_browser_reason()
    if reason:
        print(f"cannot run the browser benchmark: {reason}", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    began = time.perf_counter()
    rows: list[Row] = []
    rss: dict[str, tuple[int, int]] = {}
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            env = environment(browser)
            with StreamlitServer("bench/minimal_app.py") as server:
                print(f"minimal app on {server.url} (pid {server.pid})", flush=True)
                for pattern in PATTERNS:
                    row = Row("minimal: 1 slider, 1 heatmap", "16 x 32", f"{server.url}/", pattern)
                    rows.append(
                        measure(
                            browser,
                            row,
                            root=MINIMAL_HEATMAP,
                            predicate=minimal_predicate,
                            initial_d_model=32,
                            rounds=args.rounds,
                        )
                    )
                rss["minimal app (bench/minimal_app.py)"] = (server.rss_kib(), server.rss_kib("VmHWM"))
            with StreamlitServer("app.py") as server:
                print(f"app on {server.url} (pid {server.pid})", flush=True)
                for pattern in PATTERNS:
                    for max_len, d_model in SIZES:
                        url = f"{server.url}/positional_encoding?max_len={max_len}&d_model={d_model}"
                        row = Row("PE page", f"{max_len} x {d_model}", url, pattern)
                        rows.append(
                            measure(
                                browser,
                                row,
                                root=PE_HEATMAP,
                                predicate=pe_predicate,
                                initial_d_model=d_model,
                                rounds=args.rounds,
                            )
                        )
                for max_len, d_model in PAGE_SIZES:
                    query = f"?max_len={max_len}&d_model={d_model}"
                    size = f"{max_len} x {d_model}"
                    for app, url, root, predicate, slider, start in (
                        (
                            "Embedding page, d_model",
                            f"{server.url}/embedding{query}",
                            ".st-key-emb_panels",
                            panels_predicate,
                            None,
                            d_model,
                        ),
                        (
                            "Similarity page, d_model",
                            f"{server.url}/similarity{query}",
                            ".st-key-sim_row_sinusoidal",
                            similarity_width_predicate,
                            None,
                            d_model,
                        ),
                        (
                            "Similarity page, position p",
                            f"{server.url}/similarity{query}",
                            ".st-key-sim_row_sinusoidal",
                            position_predicate,
                            position_slider,
                            min(50, max_len // 2) if max_len <= 50 else 50,
                        ),
                    ):
                        row = Row(app, size, url, "new")
                        rows.append(
                            measure(
                                browser,
                                row,
                                root=root,
                                predicate=predicate,
                                initial_d_model=start,
                                rounds=args.rounds,
                                slider=slider,
                            )
                        )
                for pattern in PATTERNS:
                    rows += measure_softmax(browser, server.url, pattern, args.rounds)
                rss["app.py, after all sizes"] = (server.rss_kib(), server.rss_kib("VmHWM"))
        finally:
            browser.close()

    text = markdown(rows, env, args.rounds, rss, time.perf_counter() - began)
    return write_report(text, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
