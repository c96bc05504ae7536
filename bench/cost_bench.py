"""Server CPU per rerun, page by page: what decides how many students one server can take.

Run from the repository root:

    .venv/bin/python -m bench.cost_bench [--cycles 5] [--out bench/results/cost.md]

One fresh ``streamlit run app.py`` and one session at a time (``deploy/st_client.py``, no browser): for
each page of the load benchmark, the session opens the page, moves the page's slider once through the
load benchmark's cycle (``bench.load_bench.STEPS``) so every figure is built and cached, then through
it ``--cycles`` more times (the rows of :data:`OWN_STEPS` move one tab's own control instead). For those
reruns it reports the server's CPU time per rerun (user + system from /proc/PID/stat, all threads), the
median time to ``script_finished``, the ForwardMsgs and bytes a rerun sends.

With one change every 3 s, 40 sessions ask for 13.3 reruns a second; Streamlit runs every session's
script in one process, under one GIL, so what they can have is about one core: the last column is the
share of a core 40 sessions would need at that page's cost, if nothing else cost anything (under load
each rerun costs more: threads contend for the GIL, the garbage collector runs; compare the CPU per
rerun in bench/results/load.md). Not a test: numbers move with the machine's load
by ±30 % between runs (the load average is recorded).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import platform
import shlex
import statistics
import sys
import time
from pathlib import Path

import streamlit

from bench.harness.browser import REPO_ROOT, StreamlitServer
from bench.load_bench import QUERIES, STEPS, open_section, proc_cpu_seconds
from bench.report import write_report
from deploy.st_client import open_session, set_slider

SESSIONS = 40
INTERVAL_S = 3.0


#: The floor (bench/minimal_app.py): its one slider moved through as many distinct values as a page's.
FLOOR = "minimal app (floor)"
FLOOR_STEPS = [("d_model", d) for d in (*range(30, 14, -2), *range(16, 34, 2))]
QUIET_CPU_SHARE = 0.05  # below this share of a core over QUIET_WINDOW_S, the server is at rest
QUIET_WINDOW_S = 1.0


#: Rows that press one tab's own control instead of the load benchmark's cycle: (the page, its steps). The
#: Attention page's cycle alternates the head (the step-by-step's own slider) with the layers (a model
#: control): that row is the head alone; the Encoder's cycle moves the blocks in the stack (a model
#: control): that row picks the block its first tab shows. The ``*_d_model`` rows move the sidebar's d_model
#: on pages whose cycle moves a control of their own, through the PE page's cycle (which is d_model).
_D_MODELS = STEPS["positional_encoding"]
OWN_STEPS: dict[str, tuple[str, list[tuple[str, float | str]]]] = {
    "attention_head": ("attention", [("att_step_head", h) for h in (2, 3, 4, 5, 6, 7, 8, 1)]),
    "encoder_block": ("encoder", [("enc_layer", b) for b in (2, 3, 4, 5, 6, 1)]),  # the block shown
    "embedding_d_model": ("embedding", _D_MODELS),
    "similarity_d_model": ("similarity", _D_MODELS),
    "softmax_d_model": ("softmax", _D_MODELS),
    # the shell nearly alone: the join page before a student joins (a title, a sentence, the form) under the
    # sidebar every page shares, its d_model moved as the PE page's is
    "join_d_model": ("join", _D_MODELS),
}


async def wait_until_quiet(pid: int, timeout: float = 120.0) -> float:
    """Wait until the server uses less than :data:`QUIET_CPU_SHARE` of a core over a window: a fresh
    process first imports PyTorch and builds a throwaway model in a background thread (viz.ui.runtime),
    whose CPU would otherwise be counted against the reruns measured meanwhile. Returns the wait."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        cpu0 = proc_cpu_seconds(pid)
        await asyncio.sleep(QUIET_WINDOW_S)
        if proc_cpu_seconds(pid) - cpu0 < QUIET_CPU_SHARE * QUIET_WINDOW_S:
            break
    return time.perf_counter() - started


async def _page(url: str, pid: int, page: str, cycles: int) -> tuple[str, float]:
    """One page's row and its CPU per rerun (ms)."""
    # The first of the page's addresses the load benchmark uses (the real models' page: one model, one tab).
    path, own = OWN_STEPS.get(page, (page, None))
    query = QUERIES.get(path, ("",))[0]
    session, first = await open_session(url, "" if page == FLOOR else path, query)
    try:
        if page != FLOOR:
            await open_section(session, path, 120.0)
        steps = FLOOR_STEPS if page == FLOOR else own or STEPS[page]
        for key, value in steps:  # every figure of the cycle built and cached
            set_slider(session, key, value)
            if not (await session.rerun()).ok:
                raise RuntimeError(f"{page}: {key}={value} did not finish: {session.last_exception}")
        await wait_until_quiet(pid)
        cpu0, seconds, messages, sent = proc_cpu_seconds(pid), [], [], []
        for _ in range(cycles):
            for key, value in steps:
                set_slider(session, key, value)
                rerun = await session.rerun()
                if not rerun.ok:
                    raise RuntimeError(f"{page}: {key}={value} did not finish: {session.last_exception}")
                seconds.append(rerun.seconds)
                messages.append(rerun.messages)
                sent.append(rerun.bytes)
        cpu_ms = 1000 * (proc_cpu_seconds(pid) - cpu0) / len(seconds)
    finally:
        await session.close()
    share = cpu_ms / 1000 * SESSIONS / INTERVAL_S
    return (
        f"| {page} | {len(seconds)} | {cpu_ms:.1f} | @RATIO@ | {1000 * statistics.median(seconds):.0f} "
        f"| {statistics.median(messages):.0f} | {statistics.median(sent) / 1000:.1f} KB "
        f"| {first.seconds:.2f} | {100 * share:.0f} % |"
    ), cpu_ms


async def _main(args: argparse.Namespace) -> list[str]:
    with StreamlitServer("bench/minimal_app.py") as server:
        print("the floor ...", file=sys.stderr, flush=True)
        floor_row, floor_ms = await _page(server.url, server.pid, FLOOR, args.cycles)
    rows = [floor_row.replace("@RATIO@", "1.00x")]
    with StreamlitServer() as server:
        for page in args.pages:
            print(f"{page} ...", file=sys.stderr, flush=True)
            row, cpu_ms = await _page(server.url, server.pid, page, args.cycles)
            rows.append(row.replace("@RATIO@", f"{cpu_ms / floor_ms:.2f}x"))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Measure every page, print the table and write it to ``--out``; 1 when the run itself failed."""
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cycles", type=int, default=5)
    parser.add_argument(
        "--pages", nargs="+", choices=sorted({*STEPS, *OWN_STEPS}), default=[*STEPS, *OWN_STEPS]
    )
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "cost.md")
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    started = time.perf_counter()
    try:
        rows = asyncio.run(_main(args))
    except Exception as exc:  # the server did not start, a page failed, ...
        print(f"cost benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    lines = [
        "# Server CPU per rerun, page by page",
        "",
        f"Measured {dt.datetime.now():%Y-%m-%d %H:%M}, {platform.node()}: {os.cpu_count()} CPU cores, "
        f"Python {platform.python_version()}, Streamlit {streamlit.__version__}, load average {load} at "
        f"the start; {time.perf_counter() - started:.0f} s. Command: "
        f"`{shlex.join(['.venv/bin/python', '-m', 'bench.cost_bench', *argv])}`.",
        "",
        "One session at a time on a fresh server, each page's slider moved through the load benchmark's "
        f"cycle once to build its figures, then {args.cycles} more times (measured), once the server "
        "is at rest (a fresh process warms PyTorch up in the background first). CPU is the server "
        "process's, all threads, per rerun; the floor is `bench/minimal_app.py` (one slider, one "
        "heatmap) on its own server, its slider moved as often. A widget inside `st.fragment` reruns "
        f"only its fragment, as in the browser. Last column: the share of one core {SESSIONS} sessions "
        f"would need at one change every {INTERVAL_S:g} s ({SESSIONS / INTERVAL_S:.1f} reruns a second).",
        "",
        "| page | reruns | server CPU (ms / rerun) | against the floor | median rerun (ms) "
        f"| messages / rerun | bytes / rerun | first load (s) | {SESSIONS} sessions need |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *rows,
    ]
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
