"""The ablation and patching grids, computed in a worker process of low priority.

A grid runs SmolLM2 hundreds of times (seconds of a core). Run in the server's own threads, ten visitors
asking for grids at once took a class's p95 rerun on the same server from 0.23 s to 1.75 s
(bench/results/intervene.md): the grids held a core and the interpreter's lock. Here one worker process
per server process computes them, one at a time, at the lowest scheduling priority (nice 19), so the
operating system gives both cores to the class first and the grid takes what is left. The worker maps the
same converted weights as the server (viz.pretrained.mapped), so it costs no second copy of them.

The caller sees a plain function: :func:`grid` blocks until the grid is done, calling ``progress`` with
the share done as the worker reports it. A worker that dies (killed, out of memory) is replaced on the
next call; the call that lost it raises :class:`GridFailed`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import numpy as np

#: How often the waiting caller reads the worker's progress (seconds).
POLL_S = 0.1
#: The worker's scheduling priority: the lowest, so that reruns of every page come first.
NICE = 19

_lock = threading.Lock()  # one grid at a time per server process, and the pool made once
_pool: ProcessPoolExecutor | None = None
_done: Any = None  # a multiprocessing.Value("d"): the running grid's share done, written by the worker
_shared: Any = None  # the same value, in the worker


class GridFailed(RuntimeError):
    """The worker process died while computing a grid."""


def _start(done: Any) -> None:
    """The worker's first step: low priority, one PyTorch thread (as the server's), the progress value."""
    global _shared
    with contextlib.suppress(OSError):  # no nice on the platform: the grid runs at the usual priority
        os.nice(NICE)
    import torch

    torch.set_num_threads(1)
    _shared = done


def _report(share: float) -> None:
    _shared.value = share


def _niceness() -> int:
    """In the worker: its scheduling priority (the tests check it)."""
    return os.nice(0)


def _job(
    kind: str, ids: tuple[int, ...], other: tuple[int, ...], option: str, good: int, bad: int
) -> np.ndarray:
    """In the worker: the grid ``kind`` ("ablation": ``option`` is how; "patch": what is patched)."""
    from viz import pretrained
    from viz.pretrained import intervene

    model = pretrained.load("smollm2").model
    run = intervene.trace(model, ids)
    if kind == "ablation":
        return intervene.ablation_grid(model, run, good, option, _report)  # type: ignore[arg-type]
    corrupt = intervene.trace(model, other)
    return intervene.patch_grid(model, run, corrupt, good, bad, option, _report)  # type: ignore[arg-type]


def _pool_now() -> ProcessPoolExecutor:
    global _pool, _done
    if _pool is None:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no server threads copied
        _done = context.Value("d", 0.0, lock=False)
        _pool = ProcessPoolExecutor(1, mp_context=context, initializer=_start, initargs=(_done,))
    return _pool


def grid(
    kind: str,
    ids: tuple[int, ...],
    option: str,
    good: int,
    bad: int = -1,
    other: tuple[int, ...] = (),
    progress: Callable[[float], None] | None = None,
    started: Callable[[], None] | None = None,
) -> np.ndarray:
    """The grid ``kind`` on SmolLM2, computed by the worker: "ablation" (``option``: zero or mean; the
    change in ``good``'s log-probability, layers x heads) or "patch" (``option``: resid or heads; the
    share of ``good`` over ``bad`` restored when the clean text ``ids`` is patched into ``other``).
    ``started`` is called once this call's grid is the one being computed (others wait their turn)."""
    global _pool
    with _lock:
        if started is not None:
            started()
        pool = _pool_now()
        _done.value = 0.0
        try:
            future = pool.submit(_job, kind, ids, other, option, good, bad)
            while not future.done():
                time.sleep(POLL_S)
                if progress is not None:
                    progress(min(1.0, float(_done.value)))
            return np.asarray(future.result())
        except BrokenProcessPool as exc:
            _pool = None  # the next call starts a new worker
            raise GridFailed("the grid's worker process stopped") from exc
