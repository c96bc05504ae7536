"""The attention zoo's training: every variant of viz.model.multihead on the zoo's recall task, as the
Attention variants page trains it.

Run from the repository root (CPU only, no browser or server needed):

    .venv/bin/python -m bench.zoo_bench [--seeds 0] [--out bench/results/zoo.md]

For each seed, every variant is trained as a press of the page's "Train them all" does it
(``viz.views.zoo.start_training``: the server's worker, ``LANES`` child processes at the lowest priority, each
training one variant with ``viz.model.zoo.train`` at the page's ``ZooConfig``), and the table gives the step
at which the held-out accuracy first reached 99% (the run stops there), the training thread's CPU seconds (the
robust figure on a shared machine: the page's runs stop on it too) and the wall seconds, the final accuracy,
the parameters, the bytes cached per token at 8k tokens and the share of attention on the first token. The
zoo's total is the sum of the variants' CPU seconds (what one press costs the cores) and the press's wall time
until every run is kept (what a class waits). ``--lanes 1`` trains one variant at a time, as the page did
before.

Not a test: wall times depend on the machine and whatever else runs (the load average is recorded).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import time
from pathlib import Path

from viz.cache import jobs
from viz.model.multihead import VARIANTS
from viz.views import zoo as views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--lanes", type=int, default=views.LANES, help="variants trained at once")
    parser.add_argument("--out", type=Path, default=Path("bench/results/zoo.md"))
    args = parser.parse_args()
    views.LANES = args.lanes
    load_before = os.getloadavg()[0]
    lines = [
        "# The attention zoo's training",
        "",
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, load {load_before:.1f} before; `python -m bench.zoo_bench "
        f"--seeds {' '.join(map(str, args.seeds))} --lanes {args.lanes}`.",
        "",
        "| seed | variant | step at 99% | CPU s | wall s | final accuracy | parameters | bytes/token at 8k "
        "| first-token share |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for seed in args.seeds:
        cpu = 0.0
        reached = 0
        started = time.perf_counter()
        if not views.start_training(seed) or not jobs.wait(views.job_key(seed), timeout=1800):
            raise SystemExit(f"seed {seed}: the worker did not train the zoo")
        job = jobs.get(views.job_key(seed))
        if job is not None and job.error:
            raise SystemExit(f"seed {seed}: the training stopped with {job.error}")
        press = time.perf_counter() - started
        runs = views.kept(seed)
        for variant in VARIANTS:
            run = runs[variant]
            hit = [int(s) for s, a in zip(run.steps, run.accuracy, strict=True) if a >= run.config.target]
            reached += bool(hit)
            cpu = cpu + run.cpu_seconds
            cells = (
                seed,
                variant,
                hit[0] if hit else "—",
                f"{run.cpu_seconds:.1f}",
                f"{run.seconds:.1f}",
                f"{run.final_accuracy:.3f}",
                f"{run.params:,}",
                f"{run.cache_bytes:,.2f}",
                f"{run.first_token:.3f}",
            )
            row = "| " + " | ".join(map(str, cells)) + " |"
            print(row, flush=True)
            lines.append(row)
        total = f"{reached} of {len(VARIANTS)} reached"
        zoo = f"**the zoo** ({args.lanes} at once)"
        lines.append(f"| {seed} | {zoo} | {total} | {cpu:.1f} | {press:.1f} | | | | |")
    lines += ["", f"Load average after: {os.getloadavg()[0]:.1f}."]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
