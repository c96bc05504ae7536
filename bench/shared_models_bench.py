"""What the real models cost in memory and time, in one process and in two: mapped copies against
private ones.

Run from the repository root (after ``python -m viz.pretrained``, which makes the mapped copies):

    .venv/bin/python -m bench.shared_models_bench [--out bench/results/shared_models.md]

Each worker is a fresh Python process, as an app process would be: it imports PyTorch and runs the live
model's warm-up (``viz.ui.runtime`` does this in the background of every app process);
it then loads both real models and runs each on the Real models page's default text, timing
each model's first use (load and first run). Once every worker is ready, each reads its proportional
set size (PSS: a page two processes map counts half in each). The models' memory is the PSS summed
over the workers minus the same sum for as many workers that load no model. ``mapped``
loads the app's way (``pretrained.load``: the mapped copies); ``private`` reads each model from its
pinned files as every process did before (``pretrained._read``), for comparison in the same run.
Not a test: figures move with the machine's load.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.harness.browser import REPO_ROOT
from bench.report import measured_line, write_report

_WORKER = """
import sys, time
mode = sys.argv[1]
from viz.model import encoder, model_cache, probe
config = encoder.ModelConfig()
probe.attention_maps(encoder.build(config), model_cache.sentence_x(("warm", "up"), config.d_model))
from viz import pretrained
from viz.state.link import REAL_EXAMPLES
seconds = []
for key in pretrained.MODELS if mode != "none" else ():
    start = time.perf_counter()
    if mode == "mapped":
        pretrained.load(key)
    else:
        pretrained._loaded[key] = pretrained._read(key)[0]
    pretrained.run(key, pretrained.tokenize(key, REAL_EXAMPLES[0]).ids)
    seconds.append(time.perf_counter() - start)
print("loaded", *seconds, flush=True)
sys.stdin.readline()  # every worker is ready: measure now, while all of them hold what they loaded
pss = next(int(line.split()[1]) for line in open("/proc/self/smaps_rollup") if line.startswith("Pss:"))
print("pss", pss, flush=True)
sys.stdin.readline()
"""


def measure(mode: str, workers: int) -> tuple[float, list[list[float]]]:
    """The PSS summed over ``workers`` processes (MB) and each one's first-use seconds per model."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    started = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(workers)
    ]
    try:
        firsts = []
        for process in started:
            assert process.stdout is not None
            word, *values = process.stdout.readline().split()
            if word != "loaded":
                raise RuntimeError(f"a worker did not get ready ({mode})")
            firsts.append([float(v) for v in values])
        total_kb = 0
        for process in started:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write("\n")
            process.stdin.flush()
            total_kb += int(process.stdout.readline().split()[1])
        return total_kb / 1024, firsts
    finally:
        for process in started:
            process.communicate("\n", timeout=60)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench" / "results" / "shared_models.md")
    args = parser.parse_args(argv)
    from viz import pretrained
    from viz.pretrained import files, mapped

    for key in pretrained.MODELS:
        if not mapped.is_current(files.PINS[key]):
            print(f"{key}: no mapped copy; run {files.FETCH_COMMAND} first", file=sys.stderr)
            return 1
    started = time.perf_counter()
    rows: list[str] = []
    alone: dict[str, float] = {}
    for workers in (1, 2):
        print(f"{workers} process(es) without the models ...", file=sys.stderr, flush=True)
        bare, _ = measure("none", workers)
        for mode in ("mapped", "private"):
            print(f"{mode}, {workers} process(es) ...", file=sys.stderr, flush=True)
            total, firsts = measure(mode, workers)
            megabytes = total - bare
            alone.setdefault(mode, megabytes)
            first_use = " / ".join(f"{max(f[i] for f in firsts):.2f}" for i in range(len(pretrained.MODELS)))
            rows.append(
                f"| {mode} | {workers} | {bare:.0f} | {total:.0f} | {megabytes:.0f} "
                f"| {megabytes / alone[mode]:.2f}x | {first_use} |"
            )
    lines = [
        "# The real models' memory and first use: one process and two, mapped and private copies",
        "",
        measured_line("bench.shared_models_bench", argv, REPO_ROOT)
        + f" {time.perf_counter() - started:.0f} s.",
        "",
        "Each process: PyTorch imported and the live model warmed up first (as in every app process), "
        "then both real models loaded and run once on the page's default text. Memory: the processes' "
        "proportional set sizes (PSS: a page two processes map counts half in each) summed, read while "
        "every process holds its models, minus the same sum for as many processes that did not load "
        "them. First use: load plus first run, the slowest process "
        f"({' / '.join(pretrained.MODELS)}). `mapped` is the app's way (one file every process maps); "
        "`private` reads each model from its pinned files into the process's own memory, as before.",
        "",
        "| copies | processes | PSS without the models (MB) | PSS with them (MB) | the models' (MB) "
        "| vs one process | first use (s) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        *rows,
    ]
    return write_report("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    sys.exit(main())
