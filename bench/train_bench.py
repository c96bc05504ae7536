"""Training speed of the live model: steps per second and the time to reach the stated accuracy.

Run from the repository root (CPU only, no browser or server needed):

    .venv/bin/python -m bench.train_bench [--repeats 3] [--forward-runs 20] [--threads N]
        [--out bench/results/train.md]

At the default settings (``ModelConfig()``: d_model 128, 8 heads, 1 layer, sinusoidal encoding, seed 0)
each task of :data:`viz.model.train.TASKS` is trained with ``viz.model.train.train`` exactly as the app does
it, ``--repeats`` times. Training is deterministic, so the step at which the held-out accuracy first reaches
``TARGET_ACCURACY`` (``History.reached_at``) is the same every time; the wall time to get there
(``History.seconds``: the training loop, evaluations every ``EVAL_EVERY`` steps included, what ``train`` does
before the loop not) varies, so its median and min-max are reported. Steps per second are steps run /
``History.seconds``.

The "reverse" task is also trained with 2 layers at the defaults, and at the largest sizes the page
trains (d_model 256 with 4 layers; d_model 512 with 1 layer, also on "match"), once each. d_model 1024
with 4 layers, which the page does not train, runs 25 steps to show its rate.
For every size the table also gives the parameter count, the growth of the process's peak RSS
(``ru_maxrss``) during its first training run (the peak is reset first where Linux allows it), and one
forward pass without gradients of a 48-token sentence (``model.run(x)``, x of shape (1, 48, d_model)),
which is what every page rerun costs: the median and min-max of ``--forward-runs`` runs after one warm-up.

Not a test: numbers depend on the machine and on whatever else runs on it (the load average is recorded).
Importing :mod:`viz.model.encoder` pins torch to one thread, as the app runs; ``--threads N`` overrides that,
but with more than one thread training slows down many times over when other processes keep the cores busy
(the threads wait for each other). Results go to a Markdown table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import math
import os
import platform
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import torch

from bench.report import write_report
from viz.encodings import embedding
from viz.model.encoder import Encoder, ModelConfig, sentence_input
from viz.model.train import (
    EVAL_EVERY,
    MAX_STEPS,
    TARGET_ACCURACY,
    TASKS,
    Task,
    TrainConfig,
    task_model_config,
    train,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "bench" / "results" / "train.md"
SENTENCE_LEN = 48  # sentences are cut to 48 tokens on the pages


@dataclass(frozen=True)
class Size:
    """A model size to train: its settings, the tasks, the step cap and whether to repeat the runs."""

    label: str
    model: ModelConfig
    tasks: tuple[Task, ...]
    max_steps: int = MAX_STEPS
    repeat: bool = True  # False: one run (the big sizes take too long to repeat)


SIZES: tuple[Size, ...] = (
    Size("defaults: d_model 128, 8 heads, 1 layer", ModelConfig(), TASKS),
    Size("d_model 128, 8 heads, 2 layers", ModelConfig(n_layers=2), ("reverse",)),
    # The largest sizes the page trains (viz.model.train.TRAIN_PARAM_LIMIT), each with its own step size.
    Size("d_model 256, 8 heads, 4 layers", ModelConfig(d_model=256, n_layers=4), ("reverse",), repeat=False),
    Size("d_model 512, 8 heads, 1 layer", ModelConfig(d_model=512), ("reverse", "match"), repeat=False),
    # Beyond the limit the page does not train: about a second per step on 2 cores. One evaluation's
    # worth of steps shows the rate.
    Size("d_model 1024, 8 heads, 4 layers", ModelConfig(d_model=1024, n_layers=4), ("reverse",), 25, False),
)


@dataclass
class TrainRow:
    """Every run of one task at one size."""

    size: Size
    task: str
    reached_at: int | None = None
    steps_run: int = 0
    final_accuracy: float = 0.0
    seconds: list[float] = field(default_factory=list)  # History.seconds of each run
    setup_s: list[float] = field(default_factory=list)  # train() wall time minus the loop

    @property
    def steps_per_s(self) -> list[float]:
        return [self.steps_run / s for s in self.seconds]


@dataclass
class SizeRow:
    """Per-size figures: parameters, memory and the cost of one forward pass."""

    size: Size
    params: int = 0
    rss_growth_kib: int = 0
    rss_peak_kib: int = 0
    forward_ms: list[float] = field(default_factory=list)


def reset_peak_rss() -> bool:
    """Reset this process's peak RSS (VmHWM, which ``ru_maxrss`` reports) to the current RSS, if possible.

    Linux >= 4.0: writing 5 to /proc/self/clear_refs. Returns whether it worked.
    """
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
    except OSError:
        return False
    return True


def max_rss_kib() -> int:
    """Peak resident set size of this process (KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def spread(values: list[float], fmt: str) -> str:
    """Median and, for more than one value, (min-max)."""
    med = format(statistics.median(values), fmt)
    if len(values) < 2:
        return med
    return f"{med} ({format(min(values), fmt)}–{format(max(values), fmt)})"


def forward_times_ms(model: Encoder, runs: int) -> list[float]:
    """``model.run(x)`` on one 48-token sentence, without gradients: one warm-up, then ``runs`` timings."""
    tokens = [f"word{i}" for i in range(SENTENCE_LEN)]
    x = sentence_input(embedding.token_vectors(tokens, model.config.d_model))  # (1, 48, d_model)
    times = []
    with torch.no_grad():
        model.run(x)
        for _ in range(runs):
            start = time.perf_counter()
            model.run(x)
            times.append((time.perf_counter() - start) * 1000)
    return times


def measure_size(
    size: Size, repeats: int, forward_runs: int, resettable: bool
) -> tuple[SizeRow, list[TrainRow]]:
    """Train every task of ``size`` (``repeats`` times, or once), then time the forward pass."""
    srow = SizeRow(size)
    rows: list[TrainRow] = []
    last: Encoder | None = None
    for task in size.tasks:
        row = TrainRow(size, task)
        config = TrainConfig(task_model_config(task, size.model), task, max_steps=size.max_steps)
        for i in range(repeats if size.repeat else 1):
            first = not rows and i == 0
            last = None
            gc.collect()
            if first and resettable:
                reset_peak_rss()
            rss_before = max_rss_kib()
            start = time.perf_counter()
            # No wall-time bound: this measures how long training takes, which the app's bound would cut.
            trained = train(config, time_limit=math.inf)
            wall = time.perf_counter() - start
            if first:
                srow.rss_peak_kib = max_rss_kib()
                srow.rss_growth_kib = srow.rss_peak_kib - rss_before
                srow.params = sum(p.numel() for p in trained.model.parameters())
            h = trained.history
            row.reached_at, row.steps_run, row.final_accuracy = h.reached_at, h.steps[-1], h.final_accuracy
            row.seconds.append(h.seconds)
            row.setup_s.append(wall - h.seconds)
            reached = f"reached target at step {h.reached_at}" if h.reached_at else "target not reached"
            print(
                f"  {size.label}, {task} #{i + 1}: {h.steps[-1]} steps in {h.seconds:.2f} s "
                f"({h.steps[-1] / h.seconds:.1f} steps/s), {reached}, accuracy {h.final_accuracy:.3f}",
                flush=True,
            )
            last = trained.model
        rows.append(row)
    assert last is not None
    srow.forward_ms = forward_times_ms(last, forward_runs)
    print(f"  {size.label}: forward pass {spread(srow.forward_ms, '.2f')} ms", flush=True)
    return srow, rows


def load_average() -> str:
    """The 1, 5 and 15 minute load averages: other work on the machine slows every row."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"


def environment() -> str:
    return (
        f"{dt.date.today().isoformat()}, {platform.node() or 'host'}: {os.cpu_count()} CPU cores, "
        f"Python {platform.python_version()}, torch {torch.__version__} with "
        f"torch.get_num_threads() = {torch.get_num_threads()}, load average at start {load_average()}"
    )


def markdown(
    command: str,
    sizes: list[SizeRow],
    rows: list[TrainRow],
    env: str,
    repeats: int,
    forward_runs: int,
    resettable: bool,
    elapsed_s: float,
) -> str:
    rss_note = (
        "the peak was reset to the current RSS just before (`/proc/self/clear_refs`), so this is the "
        "memory the run added on top of what the process held"
        if resettable
        else "the peak could not be reset, so this only counts memory beyond the earlier peak"
    )
    lines = [
        "# Training benchmark: steps per second and time to the stated accuracy",
        "",
        f"Measured {env}. Produced by `{command}` in {elapsed_s:.0f} s; load average at the end "
        f"{load_average()}.",
        "",
        f"Each run is `viz.model.train.train(TrainConfig(task_model_config(task, model), task))`, as the app "
        f"trains its live model: Adam, batch 64, held-out accuracy on 512 sequences every {EVAL_EVERY} "
        f"steps, stopping at {TARGET_ACCURACY:.0%} or at the step cap. *Time to target* is "
        "`History.seconds` of a run that reached the target (the training loop with its evaluations; "
        "what `train()` does before the loop, such as building the model, is not in it: see *setup*). "
        f"*Steps/s* is steps run / `History.seconds`, evaluations included. Rows marked ×{repeats} were "
        f"run {repeats} times: training is deterministic, so the step is the same each time, and times "
        "are the median (min–max). The "
        f"larger sizes were run once, with a step cap below the app's {MAX_STEPS}: a row that did not "
        "reach the target there may still reach it later.",
        "",
        "## Training",
        "",
        "| model | task | step cap | reached target at step | time to target | steps/s | final accuracy "
        "| setup (train() wall − loop) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        runs = f" ×{len(r.seconds)}" if len(r.seconds) > 1 else ""
        reached = str(r.reached_at) if r.reached_at else f"not reached in {r.steps_run} steps"
        to_target = f"{spread(r.seconds, '.2f')} s" if r.reached_at else "—"
        lines.append(
            f"| {r.size.label}{runs} | {r.task} | {r.size.max_steps} | {reached} | {to_target} "
            f"| {spread(r.steps_per_s, '.1f')} | {r.final_accuracy:.3f} | {spread(r.setup_s, '.2f')} s |"
        )
    lines += [
        "",
        "## Per size: parameters, memory, one forward pass",
        "",
        "Parameters of the model trained on the size's first task (the answer layer differs by task: 10 "
        "symbols, or 8 positions for *match*). Peak RSS growth is `ru_maxrss` after the size's first "
        f"training run minus before it: {rss_note}. The forward pass is `model.run(x)` on the trained "
        f"model without gradients, x a 48-token sentence of shape (1, 48, d_model) as the pages build it: "
        f"median (min–max) of {forward_runs} runs after one warm-up.",
        "",
        "| model | parameters | peak RSS growth in training | peak RSS after | forward pass, 1 x 48 tokens |",
        "| --- | --- | --- | --- | --- |",
    ]
    for s in sizes:
        lines.append(
            f"| {s.size.label} | {s.params:,} | {s.rss_growth_kib / 1024:.0f} MiB "
            f"| {s.rss_peak_kib / 1024:.0f} MiB | {spread(s.forward_ms, '.2f')} ms |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=3, help="runs per task at the small sizes (default 3)")
    parser.add_argument("--forward-runs", type=int, default=20, help="timed forward passes (default 20)")
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help="torch.set_num_threads (default: as viz.model.encoder sets it)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="Markdown file to write")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.forward_runs < 1:
        parser.error("--repeats and --forward-runs must be at least 1")
    if args.threads is not None:
        if args.threads < 1:
            parser.error("--threads must be at least 1")
        torch.set_num_threads(args.threads)

    began = time.perf_counter()
    env = environment()
    print(env, flush=True)
    resettable = reset_peak_rss()
    sizes: list[SizeRow] = []
    rows: list[TrainRow] = []
    for size in SIZES:  # smallest first
        srow, trows = measure_size(size, args.repeats, args.forward_runs, resettable)
        sizes.append(srow)
        rows += trows

    elapsed = time.perf_counter() - began
    given = sys.argv[1:] if argv is None else argv
    command = " ".join([".venv/bin/python -m bench.train_bench", *given])
    text = markdown(command, sizes, rows, env, args.repeats, args.forward_runs, resettable, elapsed)
    return write_report(text, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
