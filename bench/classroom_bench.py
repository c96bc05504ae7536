"""The class store under a class: how long an answer takes to reach the projector's count, on each back end,
with and without a flood of bogus answers beside it.

Run from the repository root (no browser; Redis from Debian, `make redis`):

    .venv/bin/python -m bench.classroom_bench [--students 120] [--processes 3] [--seconds 20]

A class is opened; ``--students`` join. ``--processes`` writer processes (as many server processes as
`make serve N=3` runs) each answer for their share of the students, every student once, at a random moment
of ``--seconds``, and record when each answer was committed. The projector (this process) asks the store
for the step's counts every ``--poll`` seconds, as the presenter view will, and notes when the total first
counts each answer. An answer's delay runs from its commit to that poll: what a teacher waits for, at most
about the poll interval plus the time a count takes. With ``--flood N``, one more process sends N answers a
second under tokens nobody was given (each refused by the store) for the whole run.

Not a test: times depend on the machine and on what else runs (the load average is recorded).
"""

from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing as mp
import os
import platform
import random
import tempfile
import time
from pathlib import Path

import numpy as np

from deploy.redis_server import RedisServer
from viz.classroom import backends
from viz.classroom.store import StoreError


def _writer(url: str, code: str, tokens: list[str], seconds: float, seed: int, out: mp.Queue) -> None:
    store = backends.open_store(url)
    rng = random.Random(seed)
    start = time.time()
    plan = sorted((rng.uniform(0, seconds), token) for token in tokens)
    done = []
    for at, token in plan:
        time.sleep(max(0.0, start + at - time.time()))
        store.answer(code, token, 0, rng.randrange(4))
        done.append(time.time())  # committed: answer() returns after the write is durable
    out.put(done)
    store.close()


def _flood(url: str, code: str, per_second: int, seconds: float, out: mp.Queue) -> None:
    store = backends.open_store(url)
    sent = refused = 0
    start = time.time()
    while time.time() - start < seconds:
        try:
            store.answer(code, f"bogus{sent}", 0, 1)
        except StoreError:
            refused += 1
        sent += 1
        time.sleep(max(0.0, start + sent / per_second - time.time()))
    out.put((sent, refused))
    store.close()


def run(url: str, students: int, processes: int, seconds: float, poll: float, flood: int) -> dict[str, float]:
    store = backends.open_store(url)
    keys = store.open_class("bench")
    tokens = [store.join(keys.code, f"s{i}") for i in range(students)]
    context = mp.get_context("spawn")
    out: mp.Queue = context.Queue()
    writers = [
        context.Process(target=_writer, args=(url, keys.code, tokens[i::processes], seconds, i, out))
        for i in range(processes)
    ]
    flooder = (
        context.Process(target=_flood, args=(url, keys.code, flood, seconds + 2, out)) if flood else None
    )
    for p in [*writers, *([flooder] if flooder else [])]:
        p.start()
    seen: list[tuple[float, int]] = []  # (time of the poll's answer, total counted)
    count_cost: list[float] = []
    deadline = time.time() + seconds + 30
    while time.time() < deadline:
        asked = time.time()
        total = sum(store.counts(keys.code, 0).values())
        now = time.time()
        seen.append((now, total))
        count_cost.append(now - asked)
        if total >= students:
            break
        time.sleep(poll)
    results = [out.get(timeout=60) for _ in range(len(writers) + (1 if flooder else 0))]
    for p in [*writers, *([flooder] if flooder else [])]:
        p.join(timeout=30)
    commits = sorted(t for r in results if isinstance(r, list) for t in r)
    flood_sent, flood_refused = next((r for r in results if isinstance(r, tuple)), (0, 0))
    delays = []
    for rank, committed in enumerate(commits):
        shown = next((at for at, total in seen if total >= rank + 1 and at >= committed), None)
        if shown is not None:
            delays.append(shown - committed)
    store.close()
    return {
        "answers": len(commits),
        "counted": seen[-1][1] if seen else 0,
        "p50": nearest_rank(delays, 0.50),
        "p95": nearest_rank(delays, 0.95),
        "max": float(max(delays)),
        "count_ms": 1000 * float(np.median(count_cost)),
        "flood_sent": flood_sent,
        "flood_refused": flood_refused,
    }


def _rows(folder: str, redis_url: str, args: argparse.Namespace) -> list[str]:
    rows = []
    for name, url in (("SQLite (WAL)", f"sqlite:///{Path(folder) / 'classroom.db'}"), ("Redis", redis_url)):
        for flood in (0, args.flood):
            r = run(url, args.students, args.processes, args.seconds, args.poll, flood)
            row = (
                f"| {name} | {flood:,} | {r['answers']:.0f} | {r['counted']:.0f} | {r['p50']:.2f} | "
                f"**{r['p95']:.2f}** | {r['max']:.2f} | {r['count_ms']:.2f} | "
                f"{r['flood_refused']:,.0f} of {r['flood_sent']:,.0f} |"
            )
            print(row, flush=True)
            rows.append(row)
    return rows


def nearest_rank(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(np.ceil(share * len(ordered))) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=120)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--poll", type=float, default=0.5)
    parser.add_argument("--flood", type=int, default=1000, help="bogus answers a second in the second run")
    parser.add_argument("--out", type=Path, default=Path("bench/results/classroom_store.md"))
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "redis").mkdir()
        with RedisServer(Path(folder) / "redis") as redis_server:
            rows += _rows(folder, redis_server.url, args)
    lines = [
        "# The class store under a class: from an answer to the projector's count",
        "",
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, load "
        f"{load:.1f} before; `python -m bench.classroom_bench --students {args.students} --processes "
        f"{args.processes} --seconds {args.seconds:g} --poll {args.poll:g} --flood {args.flood}`.",
        "",
        f"{args.students} students answer once each at random moments of {args.seconds:g} s, from "
        f"{args.processes} writer processes; the projector polls the counts every {args.poll:g} s. Delay: "
        "from an answer's commit to the first poll that counts it (p95 nearest-rank over the answers). Bogus "
        "answers: sent under tokens nobody was given, a second, beside the class.",
        "",
        "| store | bogus answers / s | answers | counted | delay p50 (s) | delay p95 (s) | max (s) "
        "| a count (ms, median) | bogus refused |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *rows,
        "",
        f"Load average after: {os.getloadavg()[0]:.1f}.",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
