"""What one element costs a slider press in the browser: the floor with ``n`` elements more, against it.

Run from the repository root (needs Chromium: `make browser-deps`):

    .venv/bin/python -m bench.element_browser_bench [--n 20] [--presses 7] [--cycles 2]
        [--out bench/results/elements_browser.md]

``bench.element_bench`` counts what an element costs the server; this counts what it costs the press a
student sees. One ``streamlit run bench/element_app.py``; each case opens ``/?kind=K&n=N&floor=1`` in a new
browser context (a new session, 1400 x 1000): the floor's sidebar slider, ``n`` elements of one kind a page
of the app is made of, then the floor's own heatmap, last. After two untimed presses, ``--presses``
ArrowLeft presses on the slider are timed as ``bench.pages_bench`` times them: from the keydown to the
heatmap's last redraw before the app settled (idle, nothing redrawn for 300 ms). The heatmap's message is
the rerun's last, so its redraw waits for every element before it. The case with none (``n=0``) is the
floor; each cycle runs it, then every kind, so a slow spell of the machine falls on all of them alike.

Per element: (median press with ``n``, less the floor's median) / ``n``. What 1.25x of the floor leaves room
for follows: (0.25 x the floor's median) / that. Beside it, on a server of the app, the shell every page
carries is pressed the same way: the join page before a student joins (the sidebar, a title, a sentence, a
form; no chart), timed to its rerun's end (the app idle), against the floor's rerun and its whole press.
Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from bench.browser_bench import ByteCounter
from bench.element_bench import KINDS
from bench.harness.browser import (
    REPO_ROOT,
    StreamlitServer,
    launch_browser,
    missing_browser_reason,
    wait_for_idle,
)
from bench.pages_bench import _RESET_JS, probe_context, wait_settled, wait_until_quiet, warm_up
from bench.report import measured_line, write_report

if TYPE_CHECKING:
    from playwright.sync_api import Browser

#: The issue's bound for a press at the defaults, as a multiple of the floor's.
BOUND = 1.25
#: The app's shell nearly alone: the join page before a student joins (a title, a sentence, the form) under
#: the sidebar every page shares, whose d_model is pressed.
SHELL = "join"
#: Untimed presses first: the slider's and the chart's code loaded, the first rerun's one-off work done.
UNTIMED = 2


@dataclass
class Case:
    """Every timed press of one kind at one count, over all cycles."""

    kind: str
    n: int
    path: str = ""  # a page of the app instead (no chart: its rerun's end, idle, is what is timed)
    press_ms: list[float] = field(default_factory=list)
    idle_ms: list[float] = field(default_factory=list)
    messages: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.press_ms) if self.press_ms else float("nan")

    @property
    def idle(self) -> float:
        return statistics.median(self.idle_ms) if self.idle_ms else float("nan")


def run_case(browser: Browser, url: str, case: Case, presses: int) -> None:
    """One new session on the case's address, ``presses`` timed presses added to ``case``."""
    context = probe_context(browser)
    try:
        page = context.new_page()
        counter = ByteCounter()
        counter.attach(page)
        if case.path:
            page.goto(f"{url}/{case.path}")
            wait_for_idle(page)
            page.wait_for_timeout(1000)  # the page's one-off scripts (the language's, plotly.js's preload)
        else:
            page.goto(f"{url}/?kind={case.kind}&n={case.n}&floor=1")
            wait_settled(page)
        thumb = page.locator(".st-key-d_model").locator('input[type="range"], [role="slider"]').first
        for i in range(UNTIMED + presses):
            page.evaluate(_RESET_JS)
            counter.reset()
            thumb.press("ArrowLeft")
            sample = wait_settled(page)
            if sample.redraws == 0 and not case.path:  # the floor's chart follows every press
                case.notes.append(f"{case.kind} x {case.n}: press {i + 1} redrew nothing")
            elif i >= UNTIMED:
                if not case.path:  # a page without a chart has only its rerun's end
                    case.press_ms.append(sample.redraw_ms)
                case.idle_ms.append(sample.idle_ms)
                case.messages.append(counter.frames)
    except Exception as exc:  # a benchmark reports what it saw instead of stopping
        case.notes.append(f"{case.kind} x {case.n}: {type(exc).__name__}: {str(exc)[:200]}")
    finally:
        context.close()


def measure(n: int, presses: int, cycles: int) -> tuple[Case, list[Case], Case, str]:
    """The floor's case, every kind's, the app's shell's, and the browser's version."""
    from playwright.sync_api import sync_playwright

    floor, cases, shell = Case("markdown", 0), [Case(kind, n) for kind in KINDS], Case("shell", 0, SHELL)
    with (
        StreamlitServer("bench/element_app.py") as server,
        StreamlitServer() as app,
        sync_playwright() as playwright,
    ):
        browser = launch_browser(playwright)
        try:
            for each in (server, app):
                warm_up(browser, each.url)
                wait_until_quiet(each.pid)
            for cycle in range(cycles):
                for case in (floor, *cases, shell):
                    print(f"cycle {cycle + 1}: {case.kind} x {case.n} ...", file=sys.stderr, flush=True)
                    run_case(browser, (app if case.path else server).url, case, presses)
            return floor, cases, shell, browser.version
        finally:
            browser.close()


def rows(floor: Case, cases: list[Case]) -> list[str]:
    """The report's table: the floor, then each kind with its cost per element and what fits in the bound."""
    room = (BOUND - 1) * floor.median

    def row(case: Case, each: str, fits: str) -> str:
        spread = f"{min(case.press_ms):.0f}–{max(case.press_ms):.0f}" if case.press_ms else "–"
        messages = statistics.median(case.messages) if case.messages else float("nan")
        ratio = case.median / floor.median
        return (
            f"| {case.kind if case.n else 'the floor (none)'} | {case.n} | {case.median:.0f} | {spread} | "
            f"{messages:.0f} | {ratio:.2f}× | {each} | {fits} |"
        )

    out = [row(floor, "—", "—")]
    for case in cases:
        each = (case.median - floor.median) / case.n
        fits = f"{room / each:.0f}" if each > 0 else "any"
        out.append(row(case, f"{each:.1f}", fits))
    return out


def shell_line(floor: Case, shell: Case) -> str:
    """What the app's shell alone costs a press, against the floor's rerun and its whole press."""
    messages = statistics.median(shell.messages) if shell.messages else float("nan")
    return (
        f"The app's shell nearly alone (`/{SHELL}` on `app.py`: the sidebar every page shares, a title, a "
        f"sentence and a form; {messages:.0f} messages a press, no chart): its rerun is over (the app idle) "
        f"{shell.idle:.0f} ms after the keydown (range {min(shell.idle_ms, default=float('nan')):.0f}–"
        f"{max(shell.idle_ms, default=float('nan')):.0f}), {shell.idle / floor.idle:.2f}× the floor's rerun "
        f"({floor.idle:.0f} ms, its chart still to redraw) and {shell.idle / floor.median:.2f}× the floor's "
        "whole press. A page's press adds its own elements and its chart's redraw to that."
    )


def main(argv: list[str] | None = None) -> int:
    """Measure, print the table and write it to ``--out``; 1 when the run itself could not start."""
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=20, help="elements of each kind (default 20)")
    parser.add_argument("--presses", type=int, default=7, help="timed presses per case and cycle (default 7)")
    parser.add_argument("--cycles", type=int, default=2)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "elements_browser.md")
    args = parser.parse_args(argv)
    if (reason := missing_browser_reason()) is not None:
        print(f"element browser benchmark skipped: {reason}", file=sys.stderr)
        return 1
    measured = measured_line("bench.element_browser_bench", argv, REPO_ROOT)
    started = time.perf_counter()
    try:
        floor, cases, shell, version = measure(args.n, args.presses, args.cycles)
    except Exception as exc:  # the server or the browser did not start
        print(f"element browser benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    notes = [note for case in (floor, *cases, shell) for note in case.notes]
    lines = [
        "# What one element costs a slider press in the browser",
        "",
        f"{measured} Chromium {version}. Run in {time.perf_counter() - started:.0f} s.",
        "",
        f"The floor's slider and heatmap with {args.n} elements of a kind between them "
        f"(`bench/element_app.py`, `floor=1`), each case a new session, {args.presses} timed presses a "
        f"cycle, {args.cycles} cycles. *Press*: keydown to the heatmap's last redraw (the rerun's last "
        "message), median and range. *Messages*: websocket frames a press. *Fits in 1.25×*: how many of "
        f"that kind a press can add before it costs more than {BOUND}× the floor's. A container holds one "
        "caption; a toggle and a selectbox are keyed, as the app's are.",
        "",
        "| elements | how many | press (ms, median) | range | messages | / floor | ms per element | "
        "fit in 1.25× |",
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
        *rows(floor, cases),
        "",
        shell_line(floor, shell),
        "",
        "## Notes",
        "",
        *([f"- {note}" for note in notes] or ["- none: every press redrew the floor's chart."]),
    ]
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
