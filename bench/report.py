"""The benchmarks' common ending: a Markdown report printed and written under ``bench/results/``."""

from __future__ import annotations

from pathlib import Path


def write_report(lines: list[str], out: Path) -> int:
    """Print ``lines`` as one report, write it to ``out`` (creating its folder) and return 0 (success)."""
    report = "\n".join(lines) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")
    print(report)
    return 0
