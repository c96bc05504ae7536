"""Where a slider move's time goes in the browser: a CPU profile of the page's main thread.

Run from the repository root (needs Chromium and a CJK font: `make browser-deps`):

    .venv/bin/python -m bench.frontend_bench [--presses 8] [--out bench/results/frontend.md]

For the minimal app (``bench/minimal_app.py``, the floor) and the slowest rows of ``bench.pages_bench``
at the defaults, a new browser context opens the page and its tab, makes two untimed presses, then
records a V8 CPU profile (Chrome DevTools protocol, a sample every 0.2 ms) over ``--presses`` arrow-key
presses, each waited out as ``bench.pages_bench`` does (the app idle, no chart redrawn for 300 ms).

Each sample is put in one bin by its stack, from the innermost frame out: the first frame that belongs
to a script names the bin (plotly.js; the app's chart component, ``viz/plot.js``; the probe this
benchmark injects to time the presses, ``bench.pages_bench``; any other script is Streamlit's frontend:
React, its widgets and its websocket handling); a sample in no script is the
browser's own work outside JavaScript (style, layout, paint: V8's "(program)"), the garbage collector,
or idle. A native call made from a script (``getBoundingClientRect`` forcing a layout, say) counts for
that script. The figures are milliseconds of main-thread time per press, the 300 ms quiet wait
included in *idle*.

Not a test: numbers depend on the machine. Results go to a Markdown table.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.harness.browser import REPO_ROOT, StreamlitServer, launch_browser, missing_browser_reason
from bench.pages_bench import (
    _PROBE_JS,
    _RESET_JS,
    QUIET_MS,
    PageRun,
    median,
    open_tab,
    seconds,
    wait_settled,
    wait_until_quiet,
    warm_up,
)
from bench.report import environment, write_report

if TYPE_CHECKING:
    from playwright.sync_api import Browser

DEFAULT_OUT = REPO_ROOT / "bench" / "results" / "frontend.md"
SAMPLING_US = 200
WARM_PRESSES = 2
#: The bins, in the report's order.
BROWSER = "browser (style, layout, paint)"
BINS = ("Streamlit frontend", "plotly.js", "chart component", "the probe", BROWSER, "GC", "idle")


@dataclass(frozen=True)
class Case:
    """One slider of one page, pressed with one of the page's tabs open (None: the first)."""

    page: str  # "" for the minimal app
    slider: str
    tab: int | None
    key: str  # ArrowLeft / ArrowRight
    most: int = 99  # at most this many profiled presses (the slider's room after the untimed ones)

    @property
    def label(self) -> str:
        where = "minimal app" if not self.page else self.page
        return f"{where}, `{self.slider}`" + (f", tab {self.tab + 1}" if self.tab else "")


CASES: tuple[Case, ...] = (
    Case("", "d_model", None, "ArrowLeft"),
    Case("positional_encoding", "d_model", None, "ArrowLeft"),
    Case("similarity", "d_model", 1, "ArrowLeft"),
    Case("attention", "att_step_head", 2, "ArrowRight", most=5),  # heads 1-8: 2 untimed + 5
    Case("encoder", "d_model", None, "ArrowLeft"),
)


@dataclass
class Result:
    case: Case
    presses: int = 0
    bins: Counter[str] = field(default_factory=Counter)  # microseconds over all presses
    first_ms: list[float] = field(default_factory=list)
    redraw_ms: list[float] = field(default_factory=list)
    idle_ms: list[float] = field(default_factory=list)
    note: str = ""


def _bin_of(frame: dict[str, Any]) -> str | None:
    """The bin a frame in a script names, or None for a frame in no script."""
    url = str(frame.get("url") or "")
    if not url:
        # A function of a script with no file: the probe this benchmark injects (add_init_script).
        # Native functions (getBoundingClientRect, say) and V8's own entries have script id 0.
        return "the probe" if str(frame.get("scriptId", "0")) != "0" else None
    if url.endswith("plotly.min.js") or "/PlotlyChart." in url:  # the app's, or st.plotly_chart's
        return "plotly.js"
    if "/static/js/" in url or "/static/static/js/" in url:
        return "Streamlit frontend"
    return "chart component"  # the component's code is sent inline (viz/plot.js), under a made-up name


def bin_samples(profile: dict[str, Any]) -> Counter[str]:
    """Microseconds of the profile in each of :data:`BINS` (see the module's docstring)."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", ())}
    memo: dict[int, str] = {}  # nodes whose bin a script on their stack decided

    def bin_of_node(node_id: int) -> str:
        chain, current = [], node_id
        while current in nodes:
            if current in memo:
                found = memo[current]
                break
            chain.append(current)
            found_here = _bin_of(nodes[current]["callFrame"])
            if found_here is not None:
                found = found_here
                break
            current = parent.get(current, -1)
        else:  # no script on the stack: the sample's own entry says what the browser was doing
            name = nodes[node_id]["callFrame"].get("functionName", "")
            return {"(garbage collector)": "GC", "(idle)": "idle"}.get(name, BROWSER)
        for visited in chain:
            memo[visited] = found
        return found

    total: Counter[str] = Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        total[bin_of_node(sample)] += max(0, int(delta))
    return total


def run_case(browser: Browser, url: str, case: Case, presses: int) -> Result:
    result = Result(case)
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    context.add_init_script(_PROBE_JS)
    try:
        page = context.new_page()
        page.goto(f"{url}/{case.page}")
        wait_settled(page)
        if case.tab:
            opened = PageRun(case.page, "default", url)
            open_tab(page, opened, case.tab)
            result.note = "; ".join(opened.notes)
        thumb = page.locator(f".st-key-{case.slider}").locator('input[type="range"], [role="slider"]').first
        for _ in range(WARM_PRESSES):
            page.evaluate(_RESET_JS)
            thumb.press(case.key)
            wait_settled(page)
        cdp = context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": SAMPLING_US})
        cdp.send("Profiler.start")
        for _ in range(min(presses, case.most)):
            page.evaluate(_RESET_JS)
            thumb.press(case.key)
            sample = wait_settled(page)
            result.first_ms.append(sample.first_ms)
            result.redraw_ms.append(sample.redraw_ms)
            result.idle_ms.append(sample.idle_ms)
            result.presses += 1
        result.bins = bin_samples(cdp.send("Profiler.stop")["profile"])
    except Exception as exc:  # a benchmark reports what it saw instead of stopping
        result.note = f"{type(exc).__name__}: {str(exc)[:200]}"
    finally:
        context.close()
    return result


def markdown(results: list[Result], env: str, command: str, elapsed_s: float) -> str:
    lines = [
        "# Where a slider move's time goes in the browser",
        "",
        f"{time.strftime('%Y-%m-%dT%H:%M')}, {env}. Run in {elapsed_s:.0f} s with:",
        "",
        f"    {command}",
        "",
        (__doc__ or "").split("\n\n", 3)[3].split("\n\nNot a test")[0].replace("\n", " "),
        "",
        "Milliseconds of the page's main thread per press (the bins add up to the time from one keydown "
        f"to the next, {QUIET_MS} ms of quiet included in idle), and the press's times as "
        "`bench.pages_bench` measures them (medians).",
        "",
        "| page, slider, tab | presses | " + " | ".join(BINS) + " | first chart | redraw | idle |",
        "| --- | ---: | " + " | ".join("---:" for _ in BINS) + " | ---: | ---: | ---: |",
    ]
    for r in results:
        if not r.presses:
            lines.append(f"| {r.case.label} | 0 | " + " | ".join("" for _ in BINS) + f" | | | {r.note} |")
            continue
        per_press = [f"{r.bins[name] / 1000 / r.presses:.0f}" for name in BINS]
        lines.append(
            f"| {r.case.label} | {r.presses} | "
            + " | ".join(per_press)
            + f" | {seconds(median(r.first_ms))} "
            f"| {seconds(median(r.redraw_ms))} | {seconds(median(r.idle_ms))} |"
        )
    notes = [f"- {r.case.label}: {r.note}" for r in results if r.note]
    return "\n".join(lines + (["", *notes] if notes else [])) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--presses", type=int, default=8, help="profiled presses per row (default 8)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="Markdown report")
    args = parser.parse_args(argv)
    if args.presses < 1:
        parser.error("--presses must be at least 1")
    if reason := missing_browser_reason():
        print(f"cannot run the browser benchmark: {reason}", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    command = shlex.join([".venv/bin/python", "-m", "bench.frontend_bench", *argv])
    began = time.perf_counter()
    results: list[Result] = []
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            env = environment(browser.version)
            for script, cases in (
                ("bench/minimal_app.py", [c for c in CASES if not c.page]),
                ("app.py", [c for c in CASES if c.page]),
            ):
                with StreamlitServer(script) as server:
                    warm_up(browser, server.url)
                    print(f"{script}: quiet after {wait_until_quiet(server.pid):.1f} s more", flush=True)
                    for case in cases:
                        results.append(run_case(browser, server.url, case, args.presses))
                        print(f"{case.label}: {dict(results[-1].bins)}", flush=True)
        finally:
            browser.close()
    return write_report(markdown(results, env, command, time.perf_counter() - began), args.out)


if __name__ == "__main__":
    raise SystemExit(main())
