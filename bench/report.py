"""The benchmarks' common ending: a Markdown report printed and written under ``bench/results/``."""

from __future__ import annotations

import sys
from pathlib import Path


def write_report(report: str, out: Path) -> int:
    """Write ``report`` to ``out`` (creating its folder), print it, say where it went (on stderr) and
    return 0, the benchmark's exit status."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")
    print(report)
    print(f"written to {out}", file=sys.stderr)
    return 0
