"""The host line every test run prints first (bench/report.py): a run's minutes mean little without it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from bench import report


def test_the_host_line_says_how_long_the_loop_took_against_the_quickest_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(report, "host_speed", lambda: 1.32)
    line = report.host_line()
    assert "took 1.32 s (3.0x the quickest host seen, 0.44 s)" in line, line
    assert re.search(r"\d+ CPU cores, load average \d+\.\d\d, \d+\.\d\d, \d+\.\d\d\.$", line), line


def test_the_loop_is_timed_and_the_module_prints_the_line() -> None:
    took = report.host_speed()
    assert 0.01 < took < 60, took
    done = subprocess.run(
        [sys.executable, "-m", "bench.report"], capture_output=True, text=True, check=True, timeout=120
    )
    assert re.fullmatch(r"This host: a Python loop of 10\*\*7 additions took \d+\.\d\d s .*\n", done.stdout)
