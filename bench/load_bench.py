"""Load benchmark: many concurrent sessions on one Streamlit server, each moving a slider every few seconds.

Run from the repository root:

    .venv/bin/python -m bench.load_bench [--sessions 40] [--seconds 60] [--interval 3]
        [--pages encoder attention ...] [--single encoder] [--zoo SEED] [--out bench/results/load.md]

Scenario 1 spreads the sessions round-robin over ``--pages`` (the heaviest pages); scenario 2 puts them
all on ``--single`` (``--single ''`` skips it). Each scenario gets a fresh ``streamlit run app.py``
(``bench.harness.browser.StreamlitServer``); a warm-up opens every page once so first-run imports are
not measured. Then every session (an asyncio coroutine speaking the websocket protocol through
``deploy/st_client.py``) opens its page (the first load), and for ``--seconds`` waits ``--interval``
± 20 % (seeded), sets its page's slider to the next value of a cycle and times the rerun until
``script_finished``. An error is a rerun that raised (timeout, closed socket), drew an exception or
did not finish normally. With ``--zoo SEED`` one more session presses the Attention variants page's
"Train them all" for SEED as the measured period begins (the server's worker trains beside the class)
and looks at that seed's page every 2 s until the runs are drawn. Server memory comes from
/proc/PID/status (VmRSS sampled every 0.5 s, VmHWM) and its CPU time from /proc/PID/stat. Not a test:
it always exits 0 once the run itself worked.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import report
from bench.harness.browser import REPO_ROOT, ServerError, StreamlitServer
from bench.report import write_report
from deploy.serve import Launched, launched
from deploy.st_client import Rerun, Session, open_session, set_slider, set_tab, summary
from viz.i18n import t
from viz.ui.sections import ALL_SECTIONS
from viz.ui.widgets import choice_key

Step = tuple[str, float | str]
_HEADS = [("att_step_head", h) for h in (2, 3, 4, 5, 6, 7, 8, 1)]
_LAYERS = [("att_layers", n) for n in (2, 3, 4, 3, 2, 1, 2, 1)]
#: The setting each page's sessions change: (widget key, value) in a cycle; every value is valid.
STEPS: dict[str, list[Step]] = {
    "encoder": [("enc_layers", n) for n in (5, 4, 3, 2, 1, 2, 3, 4, 5, 6)],
    "attention": [step for pair in zip(_HEADS, _LAYERS, strict=True) for step in pair],
    "softmax": [("sm_dk", str(d)) for d in (48, 32, 24, 16, 12, 8, 12, 16, 24, 32, 48, 64, 96, 128, 96, 64)],
    "positional_encoding": [("d_model", d) for d in (*range(126, 110, -2), *range(112, 130, 2))],
    "similarity": [("sim_p", p) for p in (0, 10, 25, 50, 75, 99, 60, 30)],
    # One head large, half the sessions on each model (see QUERIES): each step shows another head or
    # layer of the same (cached) run; every value exists in both models.
    "pretrained": [
        step
        for pair in zip(
            [("real_head", h) for h in (2, 5, 8, 3, 6, 9, 4, 7, 1)],
            [("real_layer", n) for n in (2, 4, 6, 5, 3, 1, 2, 6, 1)],
            strict=True,
        )
        for step in pair
    ],
}
#: The addresses a page's sessions open it with (the view their cycle works in), taken in turn: the
#: Real models page's sessions alternate between its two models, so both are loaded.
QUERIES: dict[str, tuple[str, ...]] = {"pretrained": ("model=smollm2&tab=one", "model=minilm&tab=one")}


def query_for(page: str, index: int) -> str:
    """The address the ``index``-th session of ``page`` opens it with."""
    queries = QUERIES.get(page, ("",))
    return queries[index % len(queries)]


#: Pages whose cycle moves a slider in another tab than the first: (tabs key, the tab's label).
TABS: dict[str, tuple[str, str]] = {"attention": ("att_section", t("steps.title", "en"))}
TARGET_P95_S = 1.0
FIRST_ROUND_S = 10.0  # the report splits latencies into reruns sent before and after this
ZOO_LOOK_S = 2.0  # how often --zoo's viewer looks at the training (as the page's progress bar does)
TARGET_MEMORY_MB = 1500.0  # 1.5 GB
MB = 1_000_000


@dataclass
class PageStats:
    """What the sessions of one page saw in one scenario."""

    sessions: int = 0
    first: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    started: list[float] = field(default_factory=list)  # when each rerun was sent (perf_counter)
    bytes: list[float] = field(default_factory=list)
    errors: int = 0
    notes: list[str] = field(default_factory=list)

    def error(self, note: str) -> None:
        self.errors += 1
        if len(self.notes) < 3:
            self.notes.append(note[:300].replace("\n", " ").replace("|", "/"))


def proc_status_kib(pid: int, key: str) -> int:
    """A field of /proc/PID/status (VmRSS, VmHWM) in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii", errors="replace").splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise ServerError(f"no {key} in /proc/{pid}/status")


def rss_or_zero(pid: int) -> int:
    """VmRSS in KiB; 0 for a process that has just died (a zombie has none, a reaped one no file)."""
    try:
        return proc_status_kib(pid, "VmRSS")
    except (OSError, RuntimeError):
        return 0


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU time of the process, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def busy_cpu_seconds() -> float:
    """CPU time all processes on the machine have used (non-idle jiffies in /proc/stat)."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(
        int, Path("/proc/stat").read_text(encoding="ascii").split()[1:9]
    )
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _mb(kib: float) -> str:
    return f"{kib * 1024 / MB:,.0f} MB"


def _total(pids: list[int], key: str) -> int:
    """A /proc/PID/status field summed over the app's processes (one, or each behind the balancer)."""
    return sum(proc_status_kib(pid, key) for pid in pids)


async def _sample_rss(pids: list[int], peak: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], _total(pids, "VmRSS"))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


async def _open(
    url: str, page: str, stats: PageStats, args: argparse.Namespace, rng: random.Random, query: str = ""
) -> Session | None:
    """A session's first load of its page (students do not all arrive at the same instant)."""
    await asyncio.sleep(rng.uniform(0, args.interval))
    stats.sessions += 1
    try:
        session, first = await asyncio.wait_for(open_session(url, page, query), args.timeout)
    except Exception as exc:
        stats.error(f"first load: {type(exc).__name__}: {exc}")
        return None
    stats.first.append(first.seconds)
    if not first.ok:
        stats.error(f"first load: exception={first.exception} status={first.status}")
    try:
        opened = await open_section(session, page, args.timeout, every=args.all_sections)
    except Exception as exc:
        stats.error(f"opening the tab: {type(exc).__name__}: {exc}")
        return None
    if opened is not None and not opened.ok:
        stats.error(f"opening the tab: exception={opened.exception} status={opened.status}")
    return session


async def open_section(session: Session, page: str, timeout: float, *, every: bool = False) -> Rerun | None:
    """Open the tab of ``page`` whose slider its cycle moves (:data:`TABS`), as a click would, or with
    ``every`` switch on the sidebar's "every section at once"; None when there is nothing to do (the
    cycle's sliders are in the tab the page opens on)."""
    if every:
        session.widget_by_key(ALL_SECTIONS).value = True
    elif page in TABS:
        key, label = TABS[page]
        set_tab(session, choice_key(key, "en"), label)
    else:
        return None
    return await asyncio.wait_for(session.rerun(), timeout)


async def _drive(
    session: Session | None,
    url: str,
    page: str,
    stats: PageStats,
    args: argparse.Namespace,
    position: int,
    rng: random.Random,
    query: str = "",
) -> None:
    """Change the page's setting every interval (± 20 %) until ``--seconds`` have passed."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + args.seconds
    steps = STEPS[page]
    await asyncio.sleep(rng.uniform(0, args.interval))
    while session is not None and loop.time() < deadline:
        key, value = steps[position % len(steps)]
        position += 1
        try:
            set_slider(session, key, value)
            sent = time.perf_counter()
            result = await asyncio.wait_for(session.rerun(args.timeout), args.timeout)
        except Exception as exc:
            stats.error(f"{key}={value}: {type(exc).__name__}: {exc}")
            await session.close()
            try:  # the socket may still hold the late rerun's messages: start over on a new one
                session, _ = await asyncio.wait_for(open_session(url, page, query), args.timeout)
            except Exception as again:
                stats.error(f"reconnect: {type(again).__name__}: {again}")
                session = None
            continue
        stats.seconds.append(result.seconds)
        stats.started.append(sent)
        stats.bytes.append(result.bytes)
        if not result.ok:
            stats.error(f"{key}={value}: exception={result.exception} status={result.status}")
        pause = args.interval * rng.uniform(0.8, 1.2)
        await asyncio.sleep(min(pause, max(0.0, deadline - loop.time())))
    if session is not None:
        await session.close()


async def _scenario(
    server: StreamlitServer | Launched, pages: list[str], args: argparse.Namespace
) -> list[str]:
    """Warm up, run the sessions, return the scenario's report lines."""
    pids = server.pids if isinstance(server, Launched) else [server.pid]
    lines: list[str] = []
    warm, warm0 = [], time.perf_counter()
    for page in dict.fromkeys(pages):
        for query in QUERIES.get(page, ("",)):  # every model a page's sessions use is loaded here
            session, first = await asyncio.wait_for(open_session(server.url, page, query), args.timeout)
            shown = f"{page}?{query}" if query else page
            warm.append(f"{shown} {first.seconds:.2f} s" + (" (EXCEPTION)" if first.exception else ""))
            await session.close()
    warm_total, rss_start = time.perf_counter() - warm0, _total(pids, "VmRSS")
    peak, stop = [rss_start], asyncio.Event()
    sampler = asyncio.create_task(_sample_rss(pids, peak, stop))
    stats = {page: PageStats() for page in dict.fromkeys(pages)}
    assigned = [pages[i % len(pages)] for i in range(args.sessions)]
    rngs = [random.Random(args.seed * 1000 + i) for i in range(args.sessions)]
    sessions = await asyncio.gather(
        *(
            _open(server.url, page, stats[page], args, rng, query_for(page, i // len(pages)))
            for i, (page, rng) in enumerate(zip(assigned, rngs, strict=True))
        )
    )
    cpus0 = [proc_cpu_seconds(pid) for pid in pids]
    client0, busy0 = time.process_time(), busy_cpu_seconds()
    wall0 = time.perf_counter()
    zoo_done: list[float] = []
    watcher = asyncio.create_task(_train_zoo(server.url, args, wall0, zoo_done)) if args.zoo >= 0 else None
    # Sessions on one page start at different points of its cycle, so they do not all ask for one value.
    await asyncio.gather(
        *(
            _drive(
                session,
                server.url,
                page,
                stats[page],
                args,
                i // len(pages),
                rng,
                query_for(page, i // len(pages)),
            )
            for i, (session, page, rng) in enumerate(zip(sessions, assigned, rngs, strict=True))
        )
    )
    wall = time.perf_counter() - wall0
    if watcher is not None:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
    cpus = [proc_cpu_seconds(pid) - c0 for pid, c0 in zip(pids, cpus0, strict=True)]
    cpu, client = sum(cpus), time.process_time() - client0
    others = max(busy_cpu_seconds() - busy0 - cpu - client, 0.0)  # rounding can make it slightly negative
    rss_ends = [proc_status_kib(pid, "VmRSS") for pid in pids]
    rss_end, hwm = sum(rss_ends), _total(pids, "VmHWM")
    stop.set()
    await sampler
    lines += [
        f"Fresh server, PID {', '.join(map(str, pids))}. Warm-up, one session per page one after another "
        "(first-run imports, "
        f"not measured below): {', '.join(warm)}; {warm_total:.1f} s in all.",
        "",
        "| page | sessions | reruns | first load median (s) | rerun median (s) | p95 (s) | max (s) "
        "| errors | median bytes / rerun |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    total = PageStats()
    for page, s in [*stats.items(), ("**all**", total)]:
        if s is not total:
            for name in ("first", "seconds", "started", "bytes"):
                getattr(total, name).extend(getattr(s, name))
            total.notes += [f"{page}: {note}" for note in s.notes]
            total.sessions, total.errors = total.sessions + s.sessions, total.errors + s.errors
        (med, p95), slowest = summary(s.seconds), max(s.seconds, default=float("nan"))
        lines.append(
            f"| {page} | {s.sessions} | {len(s.seconds)} | {summary(s.first)[0]:.2f} | {med:.2f} | {p95:.2f} "
            f"| {slowest:.2f} | {s.errors} | {summary(s.bytes)[0] / 1000:,.0f} KB |"
        )
    p95 = summary(total.seconds)[1]
    # Every session starts at its own step of its page's cycle, so the first moves ask for many figures
    # nobody has built yet; later, most moves ask for figures another session of the page asked for.
    early = [sec for sec, at in zip(total.seconds, total.started, strict=True) if at - wall0 < FIRST_ROUND_S]
    later = [sec for sec, at in zip(total.seconds, total.started, strict=True) if at - wall0 >= FIRST_ROUND_S]
    peak_mb = max(peak[0], hwm) * 1024 / MB
    lines += [
        "",
        f"{len(total.seconds)} reruns in {wall:.0f} s ({len(total.seconds) / wall:.1f} per second). "
        f"Sent in the first {FIRST_ROUND_S:g} s (the first moves, when most figures are new): "
        f"{len(early)}, median {summary(early)[0]:.2f} s, p95 {summary(early)[1]:.2f} s; sent after: "
        f"{len(later)}, median {summary(later)[0]:.2f} s, p95 {summary(later)[1]:.2f} s.",
        f"Server memory: {_mb(rss_start)} RSS after warm-up, peak {_mb(peak[0])} (sampled every 0.5 s "
        "from the first loads to the end), "
        f"{_mb(rss_end)} at the end (sessions still open), VmHWM {_mb(hwm)}.",
        f"Server CPU: {cpu:.1f} s in the measured {wall:.0f} s ({100 * cpu / wall:.0f} % of one core). "
        f"Client (this process, all sessions): {client:.1f} s ({100 * client / wall:.0f} % of one core)"
        + (" — high: the client may be part of the latency." if client / wall > 0.5 else ".")
        + f" Other processes on the machine: {others:.1f} s ({100 * others / wall:.0f} % of one core)"
        + (" — they competed with the server for the cores." if others / wall > 0.2 else "."),
        *(
            [
                f"Per process behind the balancer (app1, app2, ...): memory at the end "
                f"{', '.join(_mb(r) for r in rss_ends)}; CPU {', '.join(f'{c:.1f} s' for c in cpus)}; "
                f"reruns per minute {len(total.seconds) / wall * 60:.0f} in all.",
            ]
            if len(pids) > 1 or isinstance(server, Launched)
            else []
        ),
        "",
        f"Targets: no errors — {total.errors} ({'met' if not total.errors else 'NOT met'}); "
        f"p95 rerun <= {TARGET_P95_S:.0f} s — {p95:.2f} s ({'met' if p95 <= TARGET_P95_S else 'NOT met'}); "
        f"server memory <= 1.5 GB — peak {peak_mb * MB / 1e9:.2f} GB "
        f"({'met' if peak_mb <= TARGET_MEMORY_MB else 'NOT met'}).",
    ]
    if args.zoo >= 0:
        lines += [
            "",
            f"Beside the class: one more visitor pressed the Attention variants page's “Train them all” "
            f"(seed {args.zoo}) as the measured period began; "
            + (
                f"a viewer of that seed, looking every {ZOO_LOOK_S:g} s, saw the eleven runs "
                f"{zoo_done[0]:.0f} s later."
                if zoo_done
                else "the training had not finished when the period ended."
            ),
        ]
    log = server.output()  # every process's
    tracebacks = log.count("Traceback (most recent call last)")
    if tracebacks:
        ends = _first_error(log)
        lines += ["", f"The server log holds {tracebacks} traceback(s); the first ends: `{ends}`."]
    if total.notes:
        lines += ["", "First errors: " + "; ".join(f"`{note}`" for note in total.notes[:5])]
    return lines


def _first_error(log: str) -> str:
    """The line that names the first traceback's exception (the first unindented line after it)."""
    after = log[log.find("Traceback (most recent call last)") :].splitlines()[1:]
    return next((line.strip() for line in after if line and not line.startswith(" ")), "?")[:300]


async def _train_zoo(url: str, args: argparse.Namespace, wall0: float, done: list[float]) -> None:
    """Press "Train them all" on /zoo for ``args.zoo``, then look at the seed's page every ZOO_LOOK_S
    seconds, as a viewer's progress bar does, until it draws no progress bar: the time goes in ``done``."""
    session, _ = await open_session(url, "zoo", f"seed={args.zoo}")
    try:
        session.widget_by_key("zoo_train").value = True
        await session.rerun(args.timeout)
        session.widget_by_key("zoo_train").value = None
        while True:
            await asyncio.sleep(ZOO_LOOK_S)
            look = await session.rerun(args.timeout)
            if look.ok and "progress" not in session.drawn:  # a whole run, with no job's bar
                done.append(time.perf_counter() - wall0)
                return
    finally:
        await session.close()


def _cycle_text(steps: list[Step]) -> str:
    keys = {key for key, _ in steps}
    if len(keys) == 1:
        return f"`{keys.pop()}` " + ", ".join(str(value) for _, value in steps)
    return ", ".join(f"`{key}` {value}" for key, value in steps)


def _header(args: argparse.Namespace, argv: list[str]) -> list[str]:
    return [
        "# Load benchmark: concurrent sessions on one Streamlit server",
        "",
        report.measured_line("bench.load_bench", argv, REPO_ROOT),
        "",
        f"Each session opens its page (the first loads start at random within the first {args.interval:g} s, "
        f"so they overlap), then every {args.interval:g} s ± 20 % (seed {args.seed}) sets the page's slider "
        f"to the next value of a cycle and reruns, for {args.seconds:g} s. Latency is the "
        "server's time to `script_finished` as seen by a websocket client on the same machine "
        "(deploy/st_client.py, no browser drawing). An error is a rerun that raised (timeout "
        f"{args.timeout:g} s, closed socket), drew an exception, or did not finish normally. p95 is "
        "nearest-rank. Targets from the issue: 40 sessions with no errors, p95 rerun <= 1 s, server "
        "memory <= 1.5 GB. MB = 10^6 bytes. "
        + (
            "Every session first switches on the sidebar's *Every section at once*: each rerun runs and "
            "sends every section of its page. "
            if args.all_sections
            else "Each page shows its sections as tabs and runs only the open one; the attention sessions "
            "first open the step-by-step tab, where their head slider is. "
        )
        + "The cycles (the i-th session of a page starts at its i-th step; all other settings at their "
        "defaults):",
        "",
        *(
            f"- {page}: {_cycle_text(STEPS[page])}"
            for page in dict.fromkeys([*args.pages, args.single])
            if page
        ),
    ]


async def _main(args: argparse.Namespace, argv: list[str]) -> list[str]:
    lines = _header(args, argv)
    scenarios = [(f"{args.sessions} sessions over {len(args.pages)} pages, round-robin", list(args.pages))]
    if args.single:
        scenarios.append((f"{args.sessions} sessions all on {args.single}", [args.single]))
    for number, (title, pages) in enumerate(scenarios, start=1):
        print(f"scenario {number}: {title} ...", file=sys.stderr, flush=True)
        if args.processes:
            # several processes behind HAProxy (deploy/serve.py): every session connects to the balancer
            with tempfile.TemporaryDirectory() as work, launched(args.processes, Path(work)) as deployment:
                title += f", {args.processes} process(es) behind HAProxy"
                lines += ["", f"## Scenario {number}: {title}", "", *await _scenario(deployment, pages, args)]
            continue
        with StreamlitServer() as server:
            lines += ["", f"## Scenario {number}: {title}", "", *await _scenario(server, pages, args)]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the scenarios, print the report and write it to ``--out``; 1 when the run itself failed."""
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--interval", type=float, default=3.0)
    parser.add_argument("--pages", nargs="+", choices=sorted(STEPS), default=list(STEPS))
    parser.add_argument("--single", choices=["", *sorted(STEPS)], default="encoder")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per rerun")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--all-sections",
        action="store_true",
        help="every session switches on the sidebar's 'Every section at once' (all tabs drawn)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N app processes behind HAProxy (deploy/serve.py) instead of one plain server (0)",
    )
    parser.add_argument(
        "--zoo",
        type=int,
        default=-1,
        help="one more session trains the attention zoo of this seed beside the class (-1: none)",
    )
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "load.md")
    args = parser.parse_args(argv)
    try:
        lines = asyncio.run(_main(args, argv))
    except Exception as exc:  # the server did not start, a page is missing, ...
        print(f"load benchmark could not run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
