"""What the benchmarks share at their ends: the machine they ran on, and a Markdown report printed and
written under ``bench/results/``."""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

#: What :func:`host_speed` took on the quickest host these runs have seen (2026-12-01's morning).
QUICK_HOST_S = 0.44


def host_speed() -> float:
    """Seconds a Python loop of 10**7 additions takes here now: the same machine kind has been up to four
    times slower on some days, so a time measured here means little without it."""
    start = time.perf_counter()
    total = 0
    for i in range(10**7):
        total += i
    return time.perf_counter() - start


def host_line() -> str:
    """One sentence on how quick this host is now, for a test run's log or a report."""
    took = host_speed()
    return (
        f"This host: a Python loop of 10**7 additions took {took:.2f} s ({took / QUICK_HOST_S:.1f}x the "
        f"quickest host seen, {QUICK_HOST_S} s), {os.cpu_count()} CPU cores, load average {load_average()}."
    )


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages, as the reports print them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def environment(browser_version: str) -> str:
    """The machine and the versions a browser benchmark ran with, for its report's first line."""
    import plotly
    import streamlit

    return (
        f"{os.cpu_count()} CPU cores, Python {platform.python_version()}, Streamlit {streamlit.__version__}, "
        f"Plotly.py {plotly.__version__}, Chromium {browser_version}"
    )


def measured_line(module: str, argv: list[str], repo_root: Path) -> str:
    """A server benchmark's "Measured ..." sentence: when, where, the machine's load at the start and the
    command that made it (``python -m <module> <argv>``)."""
    import datetime as dt
    import shlex

    import streamlit

    exe = Path(sys.executable)
    exe_text = str(exe.relative_to(repo_root)) if exe.is_relative_to(repo_root) else str(exe)
    return (
        f"Measured {dt.datetime.now():%Y-%m-%d %H:%M}, {platform.node()}: {os.cpu_count()} CPU cores, "
        f"Python {platform.python_version()}, Streamlit {streamlit.__version__}, "
        f"load average {load_average()} at the start, a Python loop of 10**7 additions {host_speed():.2f} s. "
        f"Command: `{shlex.join([exe_text, '-m', module, *argv])}`."
    )


def write_report(report: str, out: Path) -> int:
    """Write ``report`` to ``out`` (creating its folder), print it, say where it went (on stderr) and
    return 0, the benchmark's exit status."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")
    print(report)
    print(f"written to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # make test prints it first: a run's time is read against its host's speed
    print(host_line())
