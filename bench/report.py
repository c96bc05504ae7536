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


def write_report(report: str, out: Path) -> int:
    """Write ``report`` to ``out`` (creating its folder), print it, say where it went (on stderr) and
    return 0, the benchmark's exit status."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")
    print(report)
    print(f"written to {out}", file=sys.stderr)
    return 0
