"""Server-side cost of the Encoder block page: what one rerun of the page script takes, and what it sends.

Run from the repository root (no browser or server needed):

    .venv/bin/python -m bench.encoder_bench [--repeats 5] [--out bench/results/encoder.md]

For each size (the defaults: d_model 128, 8 heads, N = 6; d_model 512 with N = 6, the largest size whose
gradient chart is drawn; and the largest: d_model 1024 with 16 heads and with 1024 heads, N = 6)
the page runs under Streamlit's AppTest, which executes the real page script in-process
(``pages/encoder.py`` with app.py around it), and we time:

- the first run of the page at that size with empty caches ("cold": builds the model, runs the stack,
  the decoder and, within its limit, two training steps);
- a rerun with nothing changed ("warm": every computation comes from the caches, so this is the cost of
  building and serialising the charts);
- a change of N (6 -> 5, new cache entries), a switch to pre-norm, a new decoder target (the
  decoder section is a fragment, but AppTest reruns the whole script, so this is an upper bound) and a
  new model seed (a new model: everything is computed again, the gradient steps included).

Each is the median (and max) of ``--repeats`` runs; "cold" clears Streamlit's caches and the shared
figure cache (``viz.cache.memo``) before each run.
Bytes are the sum of the page's Plotly specs (what the websocket carries for the charts, before
compression). The process's peak RSS growth (ru_maxrss) is reported per size. This measures the server
only: the browser's drawing time comes on top (see bench/browser_bench.py).

Not a test: numbers depend on the machine and its load (the load average is recorded).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import resource
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import streamlit as st
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts
from bench.report import write_report
from viz.cache import memo
from viz.ui import sections
from viz.ui.widgets import choice_key

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "bench" / "results" / "encoder.md"
PAGE = "pages/encoder.py"


LONG = " ".join(["the cat chased the mouse because it was hungry"] * 6)  # 54 words, cut to 48 tokens


@dataclass(frozen=True)
class Size:
    label: str
    d_model: int
    heads: int
    text: str = "I am good"


SIZES = (
    Size("defaults: d_model 128, 8 heads, N 6, 3 tokens", 128, 8),
    Size("d_model 512, 8 heads, N 6, 48 tokens (largest with the gradient chart)", 512, 8, LONG),
    Size("d_model 128, 8 heads, N 6, 48 tokens", 128, 8, LONG),
    Size("largest: d_model 1024, 16 heads, N 6, 48 tokens", 1024, 16, LONG),
    Size("largest: d_model 1024, 1024 heads, N 6, 48 tokens", 1024, 1024, LONG),
)


def check(at: AppTest) -> None:
    if at.exception:
        raise RuntimeError([e.value for e in at.exception])


def spec_bytes(at: AppTest) -> int:
    return sum(len(el.proto.spec) for el in charts(at))


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Clock:
    """Times page runs into named lists, checking each run for exceptions."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.times: dict[str, list[float]] = {name: [] for name in names}
        self.start = 0.0

    def __enter__(self) -> Clock:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.elapsed = time.perf_counter() - self.start

    def add(self, name: str, at: AppTest) -> AppTest:
        check(at)
        self.times[name].append(self.elapsed)
        return at


@dataclass
class Row:
    label: str
    times: dict[str, list[float]]
    bytes: int
    charts: int
    rss_growth: float


def measure(size: Size, repeats: int) -> Row:
    clock = Clock(("cold", "warm", "N 6 → 5", "pre-norm", "new target", "new seed"))
    rss_before = rss_mib()
    n_bytes = n_charts = 0
    for _ in range(repeats):
        st.cache_data.clear()
        st.cache_resource.clear()
        memo.memo_clear()  # the figures too: a cold run builds every one
        at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=600)
        at.session_state[sections.ALL_SECTIONS] = True  # every section, as before the page had tabs
        at.query_params["d_model"] = str(size.d_model)
        at.query_params["heads"] = str(size.heads)
        at.run()
        at.session_state["enc_text"] = size.text
        with clock:
            at.switch_page(PAGE).run()
        clock.add("cold", at)
        with clock:
            at.run()
        clock.add("warm", at)
        n_bytes, n_charts = spec_bytes(at), len(charts(at))
        with clock:
            at.slider(key="enc_layers").set_value(5).run()
        clock.add("N 6 → 5", at)
        with clock:
            at.radio(key=choice_key("enc_norm", "en")).set_value("pre").run()
        clock.add("pre-norm", at)
        with clock:
            at.text_input(key="enc_target").input("고양이가 쥐를 쫓았다").run()
        clock.add("new target", at)
        with clock:
            at.number_input(key="enc_seed").set_value(1).run()
        clock.add("new seed", at)
    return Row(size.label, clock.times, n_bytes, n_charts, rss_mib() - rss_before)


def markdown(rows: list[Row], repeats: int) -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    cols = list(rows[0].times)
    lines = [
        "# Encoder block page: server-side rerun cost",
        "",
        f"`.venv/bin/python -m bench.encoder_bench --repeats {repeats}` on "
        f"{dt.date.today().isoformat()}: Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {load}. Seconds per page run under AppTest, median (max) of {repeats}; "
        'sentence "I am good" (the default) or 48 tokens; the decoder target is then changed to 3 words.',
        "",
        "| size | " + " | ".join(cols) + " | chart bytes | charts | peak RSS growth |",
        "| --- | " + " | ".join("---:" for _ in cols) + " | ---: | ---: | ---: |",
    ]
    for r in rows:
        cells = [f"{statistics.median(v):.2f} ({max(v):.2f})" for v in r.times.values()]
        lines.append(
            f"| {r.label} | "
            + " | ".join(cells)
            + f" | {r.bytes / 1024:.0f} KB | {r.charts} | {r.rss_growth:.0f} MiB |"
        )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    os.chdir(REPO_ROOT)
    measure(Size("warm-up", 16, 2), 1)  # imports (torch ~2 s) and first-call costs, not counted
    rows = []
    for size in SIZES:
        row = measure(size, args.repeats)
        print(row.label, {k: round(statistics.median(v), 2) for k, v in row.times.items()}, flush=True)
        rows.append(row)
    text = markdown(rows, args.repeats)
    return write_report(text, args.out)


if __name__ == "__main__":
    sys.exit(main())
