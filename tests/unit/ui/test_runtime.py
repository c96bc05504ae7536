"""viz.ui.runtime: the work done once per server process (the live model's warm-up, GC tuning).

A process that ends while the background warm-up (viz.ui.runtime.warm_live_model) is inside PyTorch
must exit cleanly: it used to be aborted by the C++ runtime ("terminate called without an active exception",
exit code -6 / 134), which failed a CI run once (a subprocess AppTest in tests/unit/cache/test_budget.py), and
later crashed it (exit -11) while an exit handler of ours waited for the thread: PyTorch's own exit
handlers, registered after ours, had already run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from viz.ui import runtime

ROOT = Path(__file__).resolve().parents[3]

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
# the process ends right after PyTorch registered its first handler, while the warm-up is still inside
# PyTorch (importing it, then building a model).
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

    if name.startswith("torch."):  # e.g. torch.utils.data's, registered while torch is imported
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


def test_the_live_model_is_imported_and_warmed_once_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys
    import threading

    started: list[threading.Thread] = []

    class Counting(threading.Thread):
        def start(self) -> None:
            started.append(self)
            super().start()

    from viz.model import encoder as model
    from viz.model import probe

    built: list[model.ModelConfig] = []
    ran: list[tuple[int, ...]] = []

    def build(config: model.ModelConfig) -> model.Encoder:
        built.append(config)
        return original_build(config)

    def maps(encoder: model.Encoder, x: object, mask: object = None) -> np.ndarray:
        result = original_maps(encoder, x, mask)  # type: ignore[arg-type]
        ran.append(result.shape)
        return result

    original_build, original_maps = model.build, probe.attention_maps
    monkeypatch.setattr(model, "build", build)
    monkeypatch.setattr(probe, "attention_maps", maps)
    monkeypatch.setattr(runtime, "WARM_DELAY_S", 0.0)
    monkeypatch.setattr(runtime, "_warm_started", False)
    monkeypatch.setattr(runtime.threading, "Thread", Counting)
    runtime.warm_live_model()
    runtime.warm_live_model()  # a second call starts nothing
    assert [t.name for t in started] == ["warm-live-model"]
    started[0].join(timeout=60)
    assert not started[0].is_alive()
    assert {"viz.model.encoder", "viz.model.train", "viz.model.block", "viz.model.probe", "torch"} <= set(
        sys.modules
    )
    # and one throwaway model ran once, so torch's one-time set-up is paid before a visitor comes
    assert built == [model.ModelConfig()]
    assert ran == [(1, 1, 8, 2, 2)]  # layers, batch, heads, tokens, tokens


def test_the_app_makes_full_collections_rarer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's first run in a process sets the full-collection threshold; the young generations keep
    Python's. Later runs leave it alone (runtime.start does its work once per process)."""
    import gc

    from bench.harness.apptest import new_app

    before = gc.get_threshold()
    monkeypatch.setattr(runtime, "_started", False)  # as in a fresh server process
    try:
        gc.set_threshold(700, 10, 10)
        new_app().run()
        assert gc.get_threshold() == (700, 10, runtime.GC_FULL_EVERY)
        assert runtime.GC_FULL_EVERY > 10
        gc.set_threshold(700, 10, 10)
        new_app().run()
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
