"""The real models' costs, in one fresh process: load time and resident memory of each model, and the
time from a new text to its maps (tokenize, run every layer, measure every head, build the overview's
figure), at 8, 16, 32 and 64 tokens; then a change of the head shown alone (the run cached).

    .venv/bin/python -m bench.real_bench [--repeat 5] [--out bench/results/real.md]

Not a test: prints a Markdown report. Needs the models' files (``python -m viz.pretrained``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench.report import write_report

WORDS = (
    "the",
    "small",
    "cat",
    "sat",
    "on",
    "a",
    "warm",
    "mat",
    "near",
    "the",
    "old",
    "red",
    "door",
    "while",
    "rain",
    "fell",
    "over",
    "quiet",
    "streets",
    "and",
    "children",
    "read",
    "books",
    "about",
    "ships",
    "stars",
    "rivers",
    "forests",
    "mountains",
)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / 1e6
    return float("nan")


def text_of(n_words: int, shift: int) -> str:
    return " ".join(WORDS[(i + shift) % len(WORDS)] for i in range(n_words))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", default="bench/results/real.md")
    args = parser.parse_args()

    import torch  # noqa: F401  (its import is part of every model page's cost, not of a model's)

    from viz import figures, pretrained
    from viz.i18n import t
    from viz.ui import chart
    from viz.views import pretrained as views

    base = rss_mb()
    lines = [
        "# The real models: load, memory, first maps",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} in one fresh process. Command: "
        f"`.venv/bin/python -m bench.real_bench --repeat {args.repeat}`. Resident memory after importing "
        f"PyTorch, NumPy and the app's modules: {base:,.0f} MB. Each text is new to the run cache, so "
        "every row runs the whole model (load: hashes checked, files read; memory: resident after load, "
        "file-backed pages counted once touched); medians over "
        f"{args.repeat} texts of the same length.",
        "",
        "| model | load (once per process) | memory added | tokens | tokenize + run + measure (median) | "
        "+ overview figure, built and encoded (median), its bytes | head change, run cached (median) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key in pretrained.MODELS:
        before = rss_mb()
        started = time.perf_counter()
        pretrained.load(key)
        load_s = time.perf_counter() - started
        added = rss_mb() - before
        for n in (8, 16, 32, 64):
            runs, figs, heads = [], [], []
            for r in range(args.repeat):
                text = text_of(n, r * 7 + n)
                started = time.perf_counter()
                pieces = pretrained.tokenize(key, text)
                result = pretrained.run(key, pieces.ids)
                runs.append(time.perf_counter() - started)
                started = time.perf_counter()
                small, k = views.patterns.coarse(result.attention, views.OVERVIEW_CELLS)
                grid, rows, cols, x_ticks, y_ticks = views.tiled(small, len(pieces.ids), "en", k)
                fig = figures.heatmap(
                    grid, x_labels=cols, y_labels=rows, x_ticks=x_ticks, y_ticks=y_ticks, zmin=0.0, zmax=1.0
                )
                sent = len(chart._figure_bytes(fig))
                figs.append(time.perf_counter() - started)
                started = time.perf_counter()
                again = pretrained.run(key, pieces.ids)  # a head change: the same run, from the cache
                assert again is result
                heads.append(time.perf_counter() - started)
            tokens = len(pieces.ids)
            name = t(f"real.model.{key}", "en").split(" (")[0]
            lines.append(
                f"| {name} | {load_s:.2f} s | {added:,.0f} MB | {tokens} | "
                f"{statistics.median(runs) * 1000:.0f} ms | {statistics.median(figs) * 1000:.0f} ms, "
                f"{sent / 1000:.0f} KB | {statistics.median(heads) * 1e6:.0f} µs |"
            )
    lines += ["", f"Resident memory at the end, both models loaded: {rss_mb():,.0f} MB."]
    write_report("\n".join(lines) + "\n", Path(args.out))


if __name__ == "__main__":
    main()
