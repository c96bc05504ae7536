"""The ablation and patching grids, computed in a worker process of low priority.

A grid runs SmolLM2 hundreds of times (seconds of a core). Run in the server's own threads, ten visitors
asking for grids at once took a class's p95 rerun on the same server from 0.23 s to 1.75 s
(bench/results/intervene.md). Here one worker process per server process computes them, one at a time, at
the lowest scheduling priority (nice 19, in Linux's idle class), so the operating system serves the
class first. The worker maps the same converted weights as the server (viz.pretrained.mapped): no second
copy of them.

The worker is ``python -m viz.pretrained.worker``, started on the first grid and spoken to over its
standard input and output with :mod:`multiprocessing.connection` messages. Not multiprocessing's own
"spawn": a process started that way from a Streamlit script imports the script's ``__main__`` (the app
itself, run again in the worker). The caller sees a plain function: :func:`grid` blocks until the grid is
done, calling ``progress`` with the share done as the worker reports it. A worker that dies (killed, out
of memory) fails the grid it was computing (:class:`GridFailed`) and is replaced on the next call.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import numpy as np

#: How often the waiting caller looks for the worker's messages (seconds).
POLL_S = 0.1
#: The worker's scheduling priority: the lowest, so that reruns of every page come first.
NICE = 19
#: A worker that reports nothing for this long is taken for stuck (it reports after every layer of a
#: batch, a fraction of a second; a batch of 16-token runs on a busy server takes a few seconds).
SILENT_S = 120.0

_lock = threading.Lock()  # one grid at a time per server process, and one worker
_worker: tuple[subprocess.Popen[bytes], _Pair] | None = None


class GridFailed(RuntimeError):
    """The worker process stopped while computing a grid."""


class _Pair:
    """One end for sending and one for receiving, as one connection."""

    def __init__(self, out: Connection, back: Connection) -> None:
        self.out, self.back = out, back

    def send(self, value: object) -> None:
        self.out.send(value)

    def poll(self, timeout: float) -> bool:
        return self.back.poll(timeout)

    def recv(self) -> Any:
        return self.back.recv()

    def close(self) -> None:
        for end in (self.out, self.back):
            with contextlib.suppress(OSError):
                end.close()


def _start() -> tuple[subprocess.Popen[bytes], _Pair]:
    # the worker reads its requests from its stdin and writes its replies to its stdout; it runs in the
    # server's folder (relative settings resolve alike) and imports this same package
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}
    process = subprocess.Popen(
        [sys.executable, "-m", "viz.pretrained.worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    to_worker = Connection(os.dup(process.stdin.fileno()), readable=False)
    from_worker = Connection(os.dup(process.stdout.fileno()), writable=False)
    process.stdin.close()
    process.stdout.close()
    return process, _Pair(to_worker, from_worker)


def _stop() -> None:
    global _worker
    if _worker is not None:
        process, conn = _worker
        conn.close()
        with contextlib.suppress(OSError):
            process.kill()
        process.wait()
        _worker = None


def pid() -> int | None:
    """The worker's process id, if one is running (the tests stop it)."""
    return None if _worker is None else _worker[0].pid


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
    with _lock:
        if started is not None:
            started()
        conn = _running()
        message = None
        try:
            conn.send(("grid", kind, tuple(ids), tuple(other), option, good, bad))
            quiet = 0.0
            while message is None or message[0] == "progress":
                if not conn.poll(POLL_S):
                    quiet += POLL_S
                    if quiet > SILENT_S:
                        raise GridFailed(f"the grid's worker said nothing for {SILENT_S:.0f} s")
                    continue
                message, quiet = conn.recv(), 0.0
                if message[0] == "progress" and progress is not None:
                    progress(float(message[1]))
        except (EOFError, OSError) as exc:
            _stop()
            raise GridFailed("the grid's worker process stopped") from exc
        except BaseException:
            # the caller stopped waiting (a rerun, a closed tab, the silence above): the worker's replies
            # to this grid would be read by the next one, so this worker goes and the next starts anew
            _stop()
            raise
    if message[0] == "error":  # the worker is well: only this grid failed
        raise GridFailed(str(message[1]))
    return np.asarray(message[1])


def _running() -> _Pair:
    """The worker's connection, a new worker started when there is none or it has stopped (caller holds
    the lock)."""
    global _worker
    if _worker is None or _worker[0].poll() is not None:
        _stop()
        _worker = _start()
    return _worker[1]


# ---- the worker -----------------------------------------------------------------------------------------
def _compute(
    conn: Any, kind: str, ids: tuple[int, ...], other: tuple[int, ...], option: str, good: int, bad: int
) -> np.ndarray:
    from viz import pretrained
    from viz.pretrained import intervene

    model = pretrained.load("smollm2").model
    run = intervene.trace(model, ids)

    def report(share: float) -> None:
        conn.send(("progress", share))

    if kind == "ablation":
        return intervene.ablation_grid(model, run, good, option, report)  # type: ignore[arg-type]
    corrupt = intervene.trace(model, other)
    return intervene.patch_grid(model, run, corrupt, good, bad, option, report)  # type: ignore[arg-type]


def serve(conn: Any) -> None:
    """The worker's loop: a request at a time, until its input closes."""
    with contextlib.suppress(OSError):  # no nice on the platform: the grids run at the usual priority
        os.nice(NICE)
    # Linux's idle class besides: a core goes to the worker only when no other process wants it, and a
    # rerun that wakes takes it back at once (nice 19 alone still leaves the worker a share of the core)
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    import torch

    torch.set_num_threads(1)
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request[0] == "nice":
            conn.send(("done", os.nice(0)))
            continue
        try:
            conn.send(("done", _compute(conn, *request[1:])))
        except Exception as exc:  # said to the caller, which shows it in the page
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


def niceness() -> int:
    """The worker's scheduling priority, as it reads it (the tests check it)."""
    with _lock:
        conn = _running()
        conn.send(("nice",))
        return int(conn.recv()[1])


if __name__ == "__main__":
    # stdout carries the replies: anything printed goes to stderr instead
    out = Connection(os.dup(sys.stdout.fileno()), readable=False)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # what anything prints goes to stderr, not the replies
    sys.stdout = sys.stderr
    serve(_Pair(out, Connection(os.dup(sys.stdin.fileno()), writable=False)))
