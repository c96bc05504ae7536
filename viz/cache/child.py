"""A spawned process that runs long calls for the server, at a lower priority than the server itself.

Training a model in the server's own process, even on a thread of its own, slows every session's rerun:
a training step is hundreds of small PyTorch calls, and between them the training thread holds the GIL
that every script thread needs (a class's p95 rerun went from 0.20 s to 1.12 s beside the zoo's training,
bench/results/load_zoo_none.md and load_zoo.md). A child process has its own interpreter; its niceness
leaves the cores to the server first. It is spawned (not forked: the server has threads and sockets), so
its first call pays for its imports (PyTorch: about two seconds).

The calls' functions and arguments must pickle (a module-level function and a dataclass); the function is
called as ``func(arg, progress)`` and ``progress(fraction)`` reaches the caller's ``progress`` over the pipe.
The child runs at niceness +10 in Linux's idle scheduling class. An exception in the child ends that call with
:class:`ChildError` naming the exception's type; a child that dies (killed, out of memory) ends it too, and
the next :class:`Child` starts afresh.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from types import TracebackType
from typing import TypeVar

A = TypeVar("A")
R = TypeVar("R")

#: Added to the child's niceness: the server's sessions get the cores first.
NICE = 10


class ChildError(RuntimeError):
    """The call raised in the child, or the child died or did not answer in time; ``kind`` names what
    happened in a word (the child's exception's type, "ended" or "timeout")."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind


def _serve(conn: Connection) -> None:
    """The child's loop: run each (func, arg) sent, send progress and then the result or the error."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    # and Linux's idle class: a core goes to the child only when no other process wants it, so two
    # children (one per core) leave a rerun of the class a core the moment it wakes
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    while True:
        try:
            message = conn.recv()
        except EOFError:  # the server closed its end
            return
        if message is None:
            return
        func, arg = message
        try:
            result = func(arg, lambda fraction: conn.send(("progress", float(fraction))))
        except Exception as exc:  # reported to the caller, who shows a message; the child serves on
            conn.send(("error", type(exc).__name__))
        else:
            conn.send(("done", result))


class Child:
    """One spawned worker process, used from one thread at a time; close it (or use ``with``)."""

    def __init__(self) -> None:
        context = mp.get_context("spawn")
        self._conn, theirs = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(theirs,), name="attention-lab-child", daemon=True
        )
        self._process.start()
        theirs.close()

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def call(
        self,
        func: Callable[[A, Callable[[float], None]], R],
        arg: A,
        progress: Callable[[float], None],
        timeout: float | None = None,
    ) -> R:
        """``func(arg, progress)`` in the child; blocks until it returns, forwarding its progress. With a
        ``timeout``, a child silent that long (no progress, no result) is killed: the server's one worker
        must not wait forever on a hung child, while a long call that keeps reporting, or one slowed
        by a busy server (the child runs in the idle class), goes on."""
        try:
            self._conn.send((func, arg))
            while True:
                if timeout is not None and not self._conn.poll(timeout):
                    self._process.kill()
                    raise ChildError("timeout", f"no word within {timeout:g} s")
                kind, value = self._conn.recv()
                if kind == "progress":
                    progress(value)
                elif kind == "done":
                    return value
                else:
                    raise ChildError(str(value))
        except (EOFError, BrokenPipeError, ConnectionResetError) as exc:
            raise ChildError("ended", f"the child process ended ({type(exc).__name__})") from exc

    def close(self) -> None:
        """Ask the child to stop, and make sure it has."""
        with contextlib.suppress(OSError, ValueError):
            self._conn.send(None)
        self._process.join(timeout=5)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout=5)
        self._conn.close()

    def __enter__(self) -> Child:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
