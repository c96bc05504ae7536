"""A process that ends while the background warm-up (viz.ui.warm_live_model) is inside PyTorch must exit
cleanly: it used to be aborted by the C++ runtime ("terminate called without an active exception",
exit code -6 / 134), which failed a CI run once (a subprocess AppTest in tests/test_budget.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import sys, time
from viz import ui
ui.WARM_DELAY_S = 0.0
ui.warm_live_model()
time.sleep(float(sys.argv[1]))
"""


@pytest.mark.parametrize("ends_after_s", [0.5, 1.0, 1.5, 2.0, 2.5])
def test_a_process_ending_during_the_warm_up_exits_cleanly(ends_after_s: float) -> None:
    # Ending at several moments covers the import of torch and its first model (about 1-3 s here).
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(ends_after_s)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
