"""What drawing the app's charts costs in the browser, without the rest of the page.

Run from the repository root (needs Chromium and a CJK font: `make browser-deps`):

    .venv/bin/python -m bench.replay_bench [--presses 7] [--out bench/results/replay.md]

For each page, the figures it shows at the default settings are captured with AppTest and replayed by
``bench/replay_app.py``: one sidebar slider whose every move changes each chart's title and scales
its data, so every chart is redrawn with new values and nothing else is on the page. Each press is
timed in headless Chromium from the keydown to the animation frame at which every chart shows the
new title. Two ways of drawing: ``st.plotly_chart`` (Streamlit 1.67 unmounts a chart whose figure
changed and draws it anew), and ``inplace``, a small component that calls ``Plotly.react`` on the
existing chart. Not a test.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import plotly
import streamlit
from streamlit.testing.v1 import AppTest

from bench.browser_bench import percentile
from bench.harness.apptest import charts
from bench.harness.browser import (
    REPO_ROOT,
    StreamlitServer,
    launch_browser,
    missing_browser_reason,
    sidebar_slider,
    wait_for_idle,
)
from bench.report import write_report
from viz.ui import sections
from viz.ui.chart import plotly_js

PAGES = ("positional_encoding", "embedding", "similarity", "softmax", "attention", "encoder")
MODES = ("plotly_chart", "inplace")
DEFAULT_OUT = REPO_ROOT / "bench" / "results" / "replay.md"
STATIC = REPO_ROOT / "bench" / "static"  # gitignored: plotly.js for the in-place component

_ALL_SHOW = """([title, count]) => new Promise((resolve, reject) => {
  const deadline = performance.now() + 60000;
  const tick = () => {
    const els = [...document.querySelectorAll('.js-plotly-plot')];
    const done = els.length === count
      && els.every((el) => el._fullLayout && String(el._fullLayout.title.text).includes(title));
    if (done) resolve(performance.now() - window.__replayKey);
    else if (performance.now() > deadline) reject(new Error('charts not redrawn'));
    else requestAnimationFrame(tick);
  };
  tick();
})"""


def capture(page: str) -> list[list[str]]:
    """(key, Plotly JSON) of every chart ``page`` draws at the default settings, all its tabs included."""
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=300)
    at.session_state[sections.ALL_SECTIONS] = True
    at.switch_page(f"pages/{page}.py").run()
    return [[c.proto.id.rsplit("-", 1)[-1], c.proto.spec] for c in charts(at)]


def time_presses(url: str, count: int, presses: int) -> list[float]:
    """Seconds from each ArrowLeft on the slider to every chart showing the new title."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_browser(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        page.wait_for_function(
            "(n) => [...document.querySelectorAll('.js-plotly-plot')].filter((e) => e._fullData).length"
            " === n",
            arg=count,
            timeout=120_000,
        )
        wait_for_idle(page)
        page.wait_for_timeout(1000)
        out = []
        for i in range(presses):
            thumb = sidebar_slider(page, "d_model")
            thumb.focus()
            page.evaluate("() => { window.__replayKey = performance.now(); }")
            thumb.press("ArrowLeft")
            out.append(page.evaluate(_ALL_SHOW, [f"· {63 - i}", count]) / 1000)
            wait_for_idle(page)
            page.wait_for_timeout(300)
        browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=7)
    parser.add_argument("--pages", nargs="*", default=list(PAGES))
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    if (reason := missing_browser_reason()) is not None:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    STATIC.mkdir(exist_ok=True)
    shutil.copyfile(plotly_js.plotly_js_source(), STATIC / "plotly.min.js")  # the app's plotly.js
    started = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for page in args.pages:
            specs = capture(page)
            if not specs:
                print(f"{page}: no charts captured, skipped", flush=True)
                continue
            path = Path(tmp) / f"{page}.json"
            path.write_text(json.dumps(specs), encoding="utf-8")
            for mode in MODES:
                env = {**os.environ, "REPLAY_SPECS": str(path), "REPLAY_MODE": mode}
                extra = ("--server.enableStaticServing", "true")
                with StreamlitServer("bench/replay_app.py", env=env, extra_args=extra) as server:
                    times = time_presses(server.url, len(specs), args.presses)
                median = statistics.median(times)
                rows.append((page, len(specs), mode, median, percentile(times, 95), median / len(specs)))
                print(f"{page} {mode}: {len(specs)} charts, median {median:.2f} s", flush=True)
    lines = [
        "# Replaying each page's charts: what drawing them costs",
        "",
        f"{dt.datetime.now():%Y-%m-%d %H:%M}, {platform.node() or 'this machine'}: Python "
        f"{platform.python_version()}, Streamlit {streamlit.__version__}, Plotly.py {plotly.__version__}. "
        f"`.venv/bin/python -m bench.replay_bench --presses {args.presses}` in "
        f"{time.perf_counter() - started:.0f} s.",
        "",
        "Each page's charts at the default settings, alone on a page (`bench/replay_app.py`); every press "
        "changes every chart's title and scales its data, so every chart is redrawn with new values. "
        "Seconds from the keydown to every chart "
        "showing the new title; *plotly_chart* is `st.plotly_chart` (Streamlit remounts a changed chart), "
        "*inplace* a component calling `Plotly.react` on the existing one. p95 is nearest-rank.",
        "",
        "| page | charts | drawn with | median | p95 | median per chart |",
        "| --- | ---: | --- | ---: | ---: | ---: |",
        *(
            f"| {page} | {n} | {mode} | {med:.2f} s | {p95:.2f} s | {per * 1000:.0f} ms |"
            for page, n, mode, med, p95, per in rows
        ),
        "",
    ]
    return write_report("\n".join(lines), args.out)


if __name__ == "__main__":
    raise SystemExit(main())
