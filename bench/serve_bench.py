"""Faults and hostile clients through the balancer: does the class behind HAProxy notice?

Run from the repository root (HAProxy installed: ``make haproxy``):

    .venv/bin/python -m bench.serve_bench [--processes 2] [--sessions 40] [--seconds 40]
        [--scenarios quiet idle noread burst kill balancer] [--out bench/results/serve_faults.md]

One deployment (``deploy.serve.launched``, warmed up) serves every scenario in turn. In each, a class
of ``--sessions`` websocket clients (``deploy/st_client.py``, spread round-robin over ``--pages``) moves
its pages' sliders every ``--interval`` s as in ``bench/load_bench.py``, for ``--seconds``, while:

- ``quiet``: nothing else happens (the baseline the others are compared with);
- ``idle``: ``--idle`` more visitors opened the home page and keep their websockets open, doing nothing;
- ``noread``: ``--noread`` clients send a rerun of the Positional encoding page every 0.1 s and never
  read an answer (their sockets' buffers fill and stay full);
- ``burst``: one more visitor sends ``--burst`` reruns back to back (a held arrow key: the server runs
  the newest and drops the ones it overtook), reads what comes, and does it again;
- ``flood``: one more visitor asks for ``--burst`` reruns one after another, each as soon as the last
  one finished, and again, for the whole run (a script hammering the server: every rerun runs);
- ``kill``: app1 gets SIGKILL at a third of the run; its sessions reconnect through HAProxy, each with
  its address (``deploy.serve`` starts the process again; HAProxy takes it out and back in);
- ``balancer``: HAProxy gets SIGKILL at a third of the run; every session reconnects once
  ``deploy.serve`` has started it again.

A session whose rerun fails (closed socket, timeout) counts an error and opens its page again at the
address it had, every 0.25 s until that works; the report gives how long that took. Memory and CPU per
app process come from /proc. Not a test: it measures, it does not assert; it exits 0 once it ran.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench import report
from bench.harness.browser import REPO_ROOT
from bench.load_bench import STEPS, open_section, proc_cpu_seconds, rss_or_zero
from bench.report import write_report
from deploy.serve import Launched, launched
from deploy.st_client import Session, open_session, set_slider, summary

SCENARIOS = ("quiet", "idle", "noread", "burst", "flood", "kill", "balancer")
PAGES = ("encoder", "attention", "softmax", "positional_encoding", "similarity")
RETRY_S = 0.25
MB = 1_000_000


@dataclass
class ClassStats:
    """What the class saw in one scenario."""

    seconds: list[float] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)  # when each rerun was sent, since the run began
    errors: list[str] = field(default_factory=list)
    recoveries: list[float] = field(default_factory=list)  # failed rerun -> the page works again (s)
    lost: int = 0  # sessions that never got their page back

    def error(self, note: str) -> None:
        self.errors.append(note[:200].replace("\n", " ").replace("|", "/"))


async def _reopen(url: str, page: str, query: str, deadline: float, timeout: float) -> Session | None:
    """Open ``page`` at ``query`` (the address the tab had) again and again until it works or time runs
    out, as the browser's reconnecting page does."""
    loop = asyncio.get_running_loop()
    while loop.time() < deadline:
        try:
            session, first = await asyncio.wait_for(open_session(url, page, query), timeout)
            if first.ok:
                await open_section(session, page, timeout)
                return session
            await session.close()
        except Exception:  # the balancer or the process is not back yet
            pass
        await asyncio.sleep(RETRY_S)
    return None


async def _student(
    url: str, page: str, position: int, stats: ClassStats, args: argparse.Namespace, t0: float
) -> None:
    """One member of the class: opens its page, then moves its slider every interval until the end."""
    loop = asyncio.get_running_loop()
    rng = random.Random(args.seed * 1000 + position)
    steps = STEPS[page]
    end = t0 + args.seconds
    await asyncio.sleep(rng.uniform(0, args.interval))
    session = await _reopen(url, page, "", end + args.timeout, args.timeout)
    while session is not None and loop.time() < end:
        key, value = steps[position % len(steps)]
        position += 1
        sent = loop.time()
        try:
            set_slider(session, key, value)
            result = await asyncio.wait_for(session.rerun(args.timeout), args.timeout)
        except Exception as exc:
            stats.error(f"{page} {key}={value}: {type(exc).__name__}: {exc}")
            query = session.query_string  # what the tab's address holds: the view comes back from it
            with contextlib.suppress(Exception):
                await session.close()
            session = await _reopen(url, page, query, loop.time() + args.timeout, args.timeout)
            if session is None:
                stats.lost += 1
            else:
                stats.recoveries.append(loop.time() - sent)
            continue
        stats.seconds.append(result.seconds)
        stats.sent.append(sent - t0)
        if not result.ok:
            stats.error(f"{page} {key}={value}: exception={result.exception} status={result.status}")
        await asyncio.sleep(max(0.0, min(args.interval * rng.uniform(0.8, 1.2), end - loop.time())))
    if session is not None:
        with contextlib.suppress(Exception):
            await session.close()


async def _idle(url: str, count: int, opened: list[Session]) -> None:
    """``count`` visitors who opened the home page and left their tab alone."""

    async def one() -> None:
        with contextlib.suppress(Exception):
            session, _ = await asyncio.wait_for(open_session(url), 60)
            opened.append(session)

    for start in range(0, count, 20):  # 20 at a time: a class arriving, not a flood of first loads
        await asyncio.gather(*(one() for _ in range(start, min(count, start + 20))))
        print(f"  {len(opened)} idle visitors connected", file=sys.stderr, flush=True)


async def _never_reads(url: str, stop: asyncio.Event, notes: list[str], sent_by: list[int]) -> None:
    """A client that asks for the Positional encoding page at a new width every 0.1 s and reads
    nothing: websockets stops reading the socket once 16 frames wait (max_queue), and nothing reads
    them, so the server's writes back up."""
    try:
        session, _ = await asyncio.wait_for(open_session(url, "positional_encoding"), 60)
    except Exception as exc:
        notes.append(f"never-reading client did not connect: {exc!r}")
        return
    # no keepalive pings: a ping is answered only while reading, and this client must not hang up itself
    await session.close()
    session.ws = await websockets.connect(
        session.url, subprotocols=[websockets.Subprotocol("streamlit")], ping_interval=None, max_queue=1
    )
    sent = 0
    try:
        while not stop.is_set():
            set_slider(session, "d_model", 64 + 2 * (sent % 200))
            await asyncio.wait_for(session.ws.send(session.rerun_message().SerializeToString()), 5)
            sent += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.1)
    except Exception as exc:  # the server may hang up on it: that is allowed
        notes.append(f"a never-reading client was cut off after {sent} reruns: {type(exc).__name__}")
    sent_by.append(sent)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(session.ws.close(), 2)


async def _bursts(url: str, size: int, stop: asyncio.Event, notes: list[str]) -> None:
    """One visitor sends ``size`` reruns back to back (a held arrow key), reads until the last one has
    finished, and starts again."""
    session, _ = await asyncio.wait_for(open_session(url, "positional_encoding"), 60)
    bursts, finished, took = 0, 0, []
    while not stop.is_set():
        started = time.perf_counter()
        for i in range(size):
            set_slider(session, "d_model", 64 + 2 * ((bursts * size + i) % 200))
            await session.ws.send(session.rerun_message().SerializeToString())
        # the server runs the newest request and drops the ones a newer one overtook; read until a run
        # finishes normally and nothing more comes for a second
        done = False
        while True:
            try:
                data = await asyncio.wait_for(session.ws.recv(), 1.0 if done else 60)
            except TimeoutError:
                break
            fwd = ForwardMsg()
            fwd.ParseFromString(data)
            if fwd.WhichOneof("type") == "script_finished":
                finished += 1
                done = done or fwd.script_finished == 0
        took.append(time.perf_counter() - started - 1.0)
        bursts += 1
    notes.append(
        f"{bursts} bursts of {size} reruns from one visitor; {finished} runs finished of "
        f"{bursts * size} asked for (the rest were overtaken); a burst took {summary(took)[0]:.2f} s "
        "(median) to settle"
    )
    await session.close()


async def _flood(url: str, size: int, stop: asyncio.Event, notes: list[str]) -> None:
    """One visitor reruns the Positional encoding page at a new width as soon as each rerun finished,
    ``size`` at a time, until the scenario ends."""
    session, _ = await asyncio.wait_for(open_session(url, "positional_encoding"), 60)
    took: list[float] = []
    while not stop.is_set():
        for _ in range(size):
            set_slider(session, "d_model", 64 + 2 * (len(took) % 200))
            took.append((await asyncio.wait_for(session.rerun(60), 60)).seconds)
    notes.append(
        f"the flooding visitor ran {len(took)} reruns, one after another (median {summary(took)[0]:.2f} s)"
    )
    await session.close()


async def _kill(deployment: Launched, what: str, at: float, notes: list[str]) -> None:
    """SIGKILL app1 (``what`` = "kill") or HAProxy at ``at`` seconds and note when HAProxy counts the
    process out, and when every server is up again."""
    await asyncio.sleep(at)
    state = deployment.state()
    pid = int(state["apps"][0]["pid"] if what == "kill" else state["haproxy_pid"])
    os.kill(pid, signal.SIGKILL)
    killed = time.perf_counter()
    down_seen: float | None = None
    while time.perf_counter() - killed < 120:
        await asyncio.sleep(0.1)
        try:
            up = deployment.up()
        except OSError:  # HAProxy is not back yet
            continue
        if down_seen is None and not up.get("app1", True):
            down_seen = time.perf_counter() - killed
        if all(up.values()) and deployment.state()["apps"][0]["restarts"] + (what != "kill") > 0:
            back = time.perf_counter() - killed
            name = "app1" if what == "kill" else "HAProxy"
            seen = f" HAProxy counted it out after {down_seen:.1f} s;" if down_seen is not None else ""
            notes.append(f"{name} killed at {at:.0f} s;{seen} every server up again after {back:.1f} s")
            return
    notes.append(f"{what}: not every server was up 120 s after the kill")


@dataclass
class Result:
    name: str
    stats: ClassStats
    notes: list[str]
    rss0: list[int]
    rss_peak: list[int]
    rss_end: list[int]
    cpu: list[float]
    wall: float
    tracebacks: int
    tenths: list[list[int]]  # each process's RSS at the end of each tenth of the run


async def _scenario(deployment: Launched, name: str, args: argparse.Namespace) -> Result:
    loop = asyncio.get_running_loop()
    notes: list[str] = []
    stop = asyncio.Event()
    idle: list[Session] = []
    if name == "idle":
        await _idle(deployment.url, args.idle, idle)
        notes.append(f"{len(idle)} of {args.idle} idle visitors connected before the class started")
    pids0 = deployment.pids
    rss0 = [rss_or_zero(p) for p in pids0]
    peak = list(rss0)
    cpu0 = [proc_cpu_seconds(p) for p in pids0]
    timeline: list[tuple[float, list[int]]] = []
    tracebacks0 = deployment.output().count("Traceback (most recent call last)")

    async def sample() -> None:
        while not stop.is_set():
            now = [rss_or_zero(pid) for pid in deployment.pids]  # a restarted process has a new PID
            timeline.append((loop.time(), now))
            for i, rss in enumerate(now):
                peak[i] = max(peak[i], rss)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)

    extra = []
    sent_by: list[int] = []
    if name == "noread":
        never = (_never_reads(deployment.url, stop, notes, sent_by) for _ in range(args.noread))
        extra = [asyncio.create_task(task) for task in never]
    elif name == "burst":
        extra = [asyncio.create_task(_bursts(deployment.url, args.burst, stop, notes))]
    elif name == "flood":
        extra = [asyncio.create_task(_flood(deployment.url, args.burst, stop, notes))]
    elif name in ("kill", "balancer"):
        extra = [asyncio.create_task(_kill(deployment, name, args.seconds / 3, notes))]
    sampler = asyncio.create_task(sample())
    stats = ClassStats()
    t0 = loop.time()
    await asyncio.gather(
        *(
            _student(deployment.url, args.pages[i % len(args.pages)], i // len(args.pages), stats, args, t0)
            for i in range(args.sessions)
        )
    )
    wall = loop.time() - t0
    stop.set()
    await asyncio.gather(*extra, return_exceptions=True)
    if sent_by:
        notes.append(
            f"{len(sent_by)} never-reading clients sent {min(sent_by)}-{max(sent_by)} reruns each, read none"
        )
    await sampler
    pids = deployment.pids
    # a process started again: its successor's CPU time since it started
    cpu = [proc_cpu_seconds(p) - (c if p == p0 else 0) for p, p0, c in zip(pids, pids0, cpu0, strict=True)]
    rss_end = [rss_or_zero(p) for p in pids]
    tenths = [
        [rss for at, rss in timeline if at - t0 <= wall * k / 10][-1] if timeline else rss0
        for k in range(1, 11)
    ]
    for session in idle:
        with contextlib.suppress(Exception):
            await session.close()
    tracebacks = deployment.output().count("Traceback (most recent call last)") - tracebacks0
    return Result(name, stats, notes, rss0, peak, rss_end, cpu, wall, tracebacks, tenths)


def _mb(kib: float) -> str:
    return f"{kib * 1024 / MB:,.0f}"


def _or_dash(value: float, unit: str = "") -> str:
    """One decimal, or a dash where there is nothing to show (no quiet run, no failed rerun)."""
    return "—" if math.isnan(value) else f"{value:.1f}{unit}"


def _table(results: list[Result], args: argparse.Namespace) -> list[str]:
    quiet = next((r for r in results if r.name == "quiet"), None)
    base = summary(quiet.stats.seconds)[1] if quiet else float("nan")
    lines = [
        "| scenario | class reruns | median (s) | p95 (s) | p95 / quiet | max (s) | errors "
        "| back after (s, max) | lost | RSS per process: start → peak → end (MB) | CPU per process (s) "
        "| tracebacks |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |",
    ]
    for r in results:
        med, p95 = summary(r.stats.seconds)
        back = max(r.stats.recoveries, default=float("nan"))
        rss = "; ".join(
            f"{_mb(a)} → {_mb(b)} → {_mb(c)}" for a, b, c in zip(r.rss0, r.rss_peak, r.rss_end, strict=True)
        )
        lines.append(
            f"| {r.name} | {len(r.stats.seconds)} | {med:.2f} | {p95:.2f} | {_or_dash(p95 / base, 'x')} "
            f"| {max(r.stats.seconds, default=float('nan')):.2f} | {len(r.stats.errors)} | {_or_dash(back)} "
            f"| {r.stats.lost} | {rss} | {', '.join(f'{c:.0f}' for c in r.cpu)} | {r.tracebacks} |"
        )
    lines.append("")
    for r in results:
        said = [*dict.fromkeys(r.notes), *(f"first error: `{e}`" for e in r.stats.errors[:2])]
        if said:
            lines.append(f"- {r.name}: " + "; ".join(said) + ".")
    lines += [
        "",
        "Each process's RSS (MB) at the end of each tenth of the run (flat late tenths: memory levelled "
        "off):",
        "",
        "| scenario | process | " + " | ".join(f"{k}/10" for k in range(1, 11)) + " |",
        "| --- | --- |" + " ---: |" * 10,
    ]
    for r in results:
        for i in range(len(r.rss0)):
            row = " | ".join(_mb(tenth[i]) if i < len(tenth) else "" for tenth in r.tenths)
            lines.append(f"| {r.name} | app{i + 1} | {row} |")
    return lines


def _header(args: argparse.Namespace, argv: list[str]) -> list[str]:
    return [
        "# Faults and hostile clients behind the balancer",
        "",
        report.measured_line("bench.serve_bench", argv, REPO_ROOT),
        "",
        f"{args.processes} app processes behind HAProxy (deploy.serve, warmed up), one deployment for every "
        f"scenario in turn. In each, a class of {args.sessions} websocket clients (deploy/st_client.py; "
        f"pages {', '.join(args.pages)}, round-robin) moves its slider every {args.interval:g} s ± 20 % "
        f"for {args.seconds:g} s (bench/load_bench.py's cycles) while the scenario's visitors do their "
        "worst (see the module's docstring). p95 is nearest-rank over the class's reruns; an error is a "
        "rerun that failed; *back after* is the longest time from a failed rerun to the page working "
        "again at its address; *lost* are sessions that never got it back. MB = 10^6 bytes; a killed "
        "process's CPU and memory are its successor's.",
        "",
    ]


def _dump_tasks() -> None:
    """SIGUSR1: print where every task waits (a hung scenario shows its culprit without a debugger)."""
    for task in asyncio.all_tasks():
        task.print_stack(limit=6, file=sys.stderr)


async def _main(args: argparse.Namespace, argv: list[str]) -> list[str]:
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, _dump_tasks)
    results: list[Result] = []
    with (
        tempfile.TemporaryDirectory() as work,
        launched(args.processes, Path(work), warm_up=True, restart_delay=args.restart_delay) as dep,
    ):
        for name in args.scenarios:
            print(f"scenario {name} ...", file=sys.stderr, flush=True)
            results.append(await _scenario(dep, name, args))
            print(_table(results[-1:], args)[2], file=sys.stderr, flush=True)
            await asyncio.sleep(2)  # let closed sessions go before the next scenario
    return _header(args, argv) + _table(results, args)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--interval", type=float, default=3.0)
    parser.add_argument("--pages", nargs="+", choices=sorted(STEPS), default=list(PAGES))
    parser.add_argument("--scenarios", nargs="+", choices=SCENARIOS, default=list(SCENARIOS))
    parser.add_argument("--idle", type=int, default=200, help="idle websockets in the idle scenario")
    parser.add_argument("--noread", type=int, default=5, help="clients that never read (noread)")
    parser.add_argument("--burst", type=int, default=100, help="reruns per burst (burst)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per rerun")
    parser.add_argument(
        "--restart-delay",
        type=float,
        default=3.0,
        help="seconds before deploy.serve starts a dead process again (so HAProxy's check sees it gone)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "serve_faults.md")
    args = parser.parse_args(argv)
    try:
        lines = asyncio.run(_main(args, argv))
    except Exception as exc:
        print(f"serve benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
