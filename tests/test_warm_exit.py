"""A process that ends while the background warm-up (viz.ui.runtime.warm_live_model) is inside PyTorch
must exit cleanly: it used to be aborted by the C++ runtime ("terminate called without an active exception",
exit code -6 / 134), which failed a CI run once (a subprocess AppTest in tests/test_budget.py), and
later crashed it (exit -11) while an exit handler of ours waited for the thread: PyTorch's own exit
handlers, registered after ours, had already run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import sys, time
from viz.ui import runtime
runtime.WARM_DELAY_S = 0.0
runtime.warm_live_model()
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


# Every exit handler registered in the process checks, when it runs, that the warm-up thread is over;
# the process ends right after PyTorch registered its handlers, while the warm-up still builds a model.
ORDER_SCRIPT = """
import atexit, os, sys, threading

original_register = atexit.register
torch_registered = threading.Event()


def warm_up_alive():
    return any(t.name == "warm-live-model" and t.is_alive() for t in threading.enumerate())


def register(fn, *args, **kwargs):
    name = f"{getattr(fn, '__module__', None)}.{getattr(fn, '__qualname__', fn)}"

    def checked(*a, **k):
        if warm_up_alive():
            sys.stderr.write(f"exit handler {name} ran while the warm-up was inside PyTorch\\n")
            sys.stderr.flush()
            os._exit(3)
        return fn(*a, **k)

    if name.startswith("torch._dynamo"):
        torch_registered.set()
    return original_register(checked, *args, **kwargs)


atexit.register = register
from viz.ui import runtime
from viz.ui import runtime

runtime.WARM_DELAY_S = 0.0
runtime.warm_live_model()
assert torch_registered.wait(120), "PyTorch registered no exit handler"
"""


def test_no_exit_handler_runs_while_the_warm_up_is_inside_pytorch() -> None:
    done = subprocess.run(
        [sys.executable, "-c", ORDER_SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
