"""What one element costs a rerun on the server: the CPU a page pays per element it shows.

Run from the repository root:

    .venv/bin/python -m bench.element_bench [--n 40] [--cycles 3] [--out bench/results/elements.md]

One ``streamlit run bench/element_app.py`` and one session at a time (``deploy/st_client.py``, no
browser): for each kind of element a page of the app is made of (a caption, a keyed toggle or
selectbox, a horizontal container, a CSV button, the chart component), a session opens the app with
``--n`` of them under the floor's slider, moves the slider through the cost benchmark's floor cycle once,
then ``--cycles`` more times (measured). The row with none is the slider alone. Per element: (CPU per
rerun with n, less CPU per rerun with none) / n. A page's rerun is roughly its elements times their
cost (``bench.cost_bench`` counts a page's messages): what the app can save by showing fewer. Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from bench.cost_bench import FLOOR_STEPS, wait_until_quiet
from bench.harness.browser import REPO_ROOT, StreamlitServer
from bench.load_bench import proc_cpu_seconds
from bench.report import measured_line, write_report
from deploy.st_client import open_session, set_slider

KINDS = ("markdown", "toggle", "selectbox", "container", "download", "chart")


async def _cost(url: str, pid: int, kind: str, n: int, cycles: int) -> tuple[float, float]:
    """(server CPU ms per rerun, median messages per rerun) with ``n`` elements of ``kind``."""
    session, _ = await open_session(url, "", f"kind={kind}&n={n}")
    try:
        for key, value in FLOOR_STEPS:
            set_slider(session, key, value)
            await session.rerun()
        await wait_until_quiet(pid)
        cpu0, messages, reruns = proc_cpu_seconds(pid), [], 0
        for _ in range(cycles):
            for key, value in FLOOR_STEPS:
                set_slider(session, key, value)
                rerun = await session.rerun()
                if not rerun.ok:
                    raise RuntimeError(f"{kind} x {n}: the rerun failed: {session.last_exception}")
                messages.append(rerun.messages)
                reruns += 1
        return 1000 * (proc_cpu_seconds(pid) - cpu0) / reruns, statistics.median(messages)
    finally:
        await session.close()


async def _main(args: argparse.Namespace) -> list[str]:
    rows = []
    with StreamlitServer("bench/element_app.py") as server:
        base_ms, base_msgs = await _cost(server.url, server.pid, "markdown", 0, args.cycles)
        rows.append(f"| the slider alone | 0 | {base_ms:.1f} | {base_msgs:.0f} | — |")
        for kind in KINDS:
            print(f"{kind} ...", file=sys.stderr, flush=True)
            ms, msgs = await _cost(server.url, server.pid, kind, args.n, args.cycles)
            each = (ms - base_ms) / args.n
            rows.append(f"| {kind} | {args.n} | {ms:.1f} | {msgs:.0f} | {each:.2f} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    """Measure every kind, print the table and write it to ``--out``; 1 when the run itself failed."""
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=40)
    parser.add_argument("--cycles", type=int, default=3)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "elements.md")
    args = parser.parse_args(argv)
    measured = measured_line("bench.element_bench", argv, REPO_ROOT)  # the load before the run
    started = time.perf_counter()
    try:
        rows = asyncio.run(_main(args))
    except Exception as exc:  # the server did not start, a rerun failed, ...
        print(f"element benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    lines = [
        "# What one element costs a rerun on the server",
        "",
        f"{measured} Run in {time.perf_counter() - started:.0f} s.",
        "",
        f"One session at a time on one server (`bench/element_app.py`): the floor's slider and {args.n} "
        f"elements of a kind, the slider moved {len(FLOOR_STEPS)} times {args.cycles} times (measured, "
        "after one untimed cycle). CPU is the server process's, all threads. A container holds one "
        "caption (two messages); a toggle and a selectbox are keyed, as the app's are.",
        "",
        "| elements | how many | server CPU (ms / rerun) | messages / rerun | ms per element |",
        "| --- | ---: | ---: | ---: | ---: |",
        *rows,
    ]
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
