"""Work done once per server process: the warm-up of the live model, GC tuning, installing plotly.js."""

from __future__ import annotations

import gc
import logging
import threading
from pathlib import Path

from viz.model import model_cache
from viz.ui import static_files

_warm_lock = threading.Lock()
_warm_started = False
#: Seconds the background import waits, so the first page a visitor opens is drawn before it starts.
WARM_DELAY_S = 1.5


#: Middle-generation collections between two full ones (Python's default: 10). A full collection walks
#: everything the server holds (Streamlit, Plotly, pandas, torch, every session's state and the cached
#: figures) with the GIL held: under the 40-session load each took 0.44 s, about nine a minute, and
#: every session's rerun waited for them. At 100 there were one to three a minute in the same runs,
#: measured with ``gc.callbacks`` (README, Benchmarks).
GC_FULL_EVERY = 100


def tune_gc() -> None:
    """Make Python's full garbage collections rarer in this process (see :data:`GC_FULL_EVERY`).

    The young generations are collected as often as before, so short-lived cycles are freed as
    soon as they were; only the survivors wait longer for a full collection.
    """
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, GC_FULL_EVERY)


def warm_live_model() -> None:
    """Import PyTorch and the live-model modules once per server process, in a background thread, and
    build one throwaway model (torch's first model and forward pass set it up: 1.3 s here).

    Importing torch takes about 2 s here; without this, the first visitor of an attention page in a
    server's life waits for it. The pages that do not use the model never import torch themselves,
    and the import waits :data:`WARM_DELAY_S` so it does not compete with the first page's run. A
    failure here is ignored: the page that needs the model imports it again and reports the error.
    """
    global _warm_started
    with _warm_lock:
        if _warm_started:
            return
        _warm_started = True

    def _import() -> None:
        import importlib
        import time

        time.sleep(WARM_DELAY_S)
        try:
            for name in ("viz.model.encoder", "viz.model.train", "viz.model.block", "viz.model.probe"):
                importlib.import_module(name)
            # PyTorch's first model and forward pass in a process pay its one-time set-up (1.3 s here):
            # one throwaway model pays it now instead of the first visitor of an attention page.
            from viz.model import encoder, probe

            config = encoder.ModelConfig()
            probe.attention_maps(
                encoder.build(config), model_cache.sentence_x(("warm", "up"), config.d_model)
            )
        except Exception:  # the page that needs the model does all this again and reports any error
            logging.getLogger(__name__).warning("warming up the live model failed", exc_info=True)

    # Not a daemon: a process that ends while this thread is inside PyTorch (a short AppTest run, a
    # server stopped early) was aborted by the C++ runtime (exit -6) or crashed (exit -11). The
    # interpreter joins non-daemon threads before it runs any exit handler, and PyTorch registers
    # handlers of its own that tear down what this thread may still be using; joining from an exit
    # handler of ours came too late, since handlers registered after ours (PyTorch's) run first.
    threading.Thread(target=_import, name="warm-live-model", daemon=False).start()


_start_lock = threading.Lock()
_started = False


def start(static_dir: Path | None = None) -> None:
    """Everything done once per server process, called by app.py at the top of every run (only the
    first call does anything): fewer full garbage collections, the served files installed in
    ``static_dir`` (app.py's static/), and the
    live model's warm-up started in the background."""
    global _started
    # The work is done under the lock: a second session's first run waits for plotly.js to be in
    # static/ before its page asks the browser to load it.
    with _start_lock:
        if _started:
            return
        tune_gc()
        static_files.install(static_dir)
        warm_live_model()
        _started = True
