"""What the benchmarks share at their ends: the machine they ran on, and a Markdown report printed and
written under ``bench/results/``."""

from __future__ import annotations

import os
import platform
import sys
from pathlib import Path


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
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"Measured {dt.datetime.now():%Y-%m-%d %H:%M}, {platform.node()}: {os.cpu_count()} CPU cores, "
        f"Python {platform.python_version()}, Streamlit {streamlit.__version__}, load average {load} "
        f"at the start. Command: `{shlex.join([exe_text, '-m', module, *argv])}`."
    )


def write_report(report: str, out: Path) -> int:
    """Write ``report`` to ``out`` (creating its folder), print it, say where it went (on stderr) and
    return 0, the benchmark's exit status."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")
    print(report)
    print(f"written to {out}", file=sys.stderr)
    return 0
