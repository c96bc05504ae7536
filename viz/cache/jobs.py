"""Work that outlives the visit that asked for it: one worker thread for the whole server.

A page that trains for a minute or more (the Attention variants page's zoo) hands the work to this worker
instead of running it in the visitor's script thread. The visitor can then close the tab, change page or
press again without losing or repeating it; every visitor of the same seed sees one job's progress; and
no script thread that serves the class is held for minutes.

One worker thread (a daemon: a server that stops does not wait for it), so two long jobs never compete
with each other for the two cores a class shares; at most :data:`MAX_WAITING` jobs wait behind it, so a
visitor pressing for seed after seed cannot queue an hour of work (:func:`submit` says no, and the page
says so). Jobs are keyed like the memory budget's entries; a finished job is forgotten after
:data:`KEEP_FINISHED` newer ones (its results live in the budget). The heavy part of a job runs in a
child process (viz.cache.child), which leaves the server's GIL to its sessions.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

_LOG = logging.getLogger(__name__)

#: Jobs allowed to wait behind the running one, server-wide.
MAX_WAITING = 3
#: Finished jobs remembered (for their error, if any) before the oldest is dropped.
KEEP_FINISHED = 16

Work = Callable[[str, Callable[[float], None]], None]


@dataclass
class Job:
    """One job's progress, written by the worker and read by any session (plain attribute writes)."""

    items: tuple[str, ...]
    done: int = 0  # items finished
    fraction: float = 0.0  # of the current item
    started: bool = False
    finished: bool = False
    error: str = ""  # the exception's type (or a child process's exception's), when the work raised
    ended: threading.Event = field(default_factory=threading.Event, repr=False)  # set once finished

    @property
    def current(self) -> str:
        """The item being worked on ("" before the job starts, and once its last item is done)."""
        done = self.done  # read once: the worker may move it meanwhile
        working = self.started and not self.finished and done < len(self.items)
        return self.items[done] if working else ""

    @property
    def progress(self) -> float:
        """Share of the whole job done, in [0, 1]."""
        if self.finished or not self.items:
            return 1.0
        return min(1.0, (self.done + min(max(self.fraction, 0.0), 1.0)) / len(self.items))


_JOBS: OrderedDict[Hashable, Job] = OrderedDict()
_LOCK = threading.Lock()
_QUEUE: queue.SimpleQueue[tuple[Job, Work, Callable[[], None] | None]] = queue.SimpleQueue()
_WORKER: list[threading.Thread] = []  # started on the first job


def _worker() -> None:
    while True:
        try:
            _run(*_QUEUE.get())
        except BaseException:  # even SystemExit from a job must not end the server's only worker
            _LOG.exception("the job worker caught an exception that ends a job")


def get(key: Hashable) -> Job | None:
    """The job of ``key`` (running, waiting or recently finished), if there is one."""
    with _LOCK:
        return _JOBS.get(key)


def active(key: Hashable) -> Job | None:
    """The job of ``key`` if it is waiting or running."""
    job = get(key)
    return job if job is not None and not job.finished else None


def submit(
    key: Hashable, items: Sequence[str], work: Work, finish: Callable[[], None] | None = None
) -> Job | None:
    """Run ``work(item, progress)`` for each of ``items`` on the worker, as the job ``key``, then
    ``finish()`` however the job ended (to let go of what ``work`` set up, such as a child process).

    A job of ``key`` already waiting or running is returned as it is (two presses make one job). None when
    :data:`MAX_WAITING` jobs already wait: the caller says the server is busy.
    """
    with _LOCK:
        job = _JOBS.get(key)
        if job is not None and not job.finished:
            return job
        waiting = sum(1 for j in _JOBS.values() if not j.started and not j.finished)
        if waiting >= MAX_WAITING:
            return None
        job = Job(tuple(items))
        _JOBS[key] = job
        _JOBS.move_to_end(key)
        finished = [k for k, j in _JOBS.items() if j.finished]
        for old in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del _JOBS[old]
        if not _WORKER:
            # a daemon: a server that stops does not wait for a training to end
            _WORKER.append(threading.Thread(target=_worker, name="attention-lab-jobs", daemon=True))
            _WORKER[0].start()
    _QUEUE.put((job, work, finish))
    return job


def _run(job: Job, work: Work, finish: Callable[[], None] | None) -> None:
    job.started = True
    try:
        for item in job.items:

            def progress(fraction: float) -> None:
                job.fraction = fraction

            job.fraction = 0.0
            work(item, progress)
            job.fraction = 0.0  # before the count moves on, so progress never counts an item twice
            job.done += 1
    except Exception as exc:  # the worker serves every later job: a failure ends this one only
        _LOG.exception("job failed at %r", job.current)
        job.error = getattr(exc, "kind", "") or type(exc).__name__  # a child's error names its own type
    finally:
        if finish is not None:
            try:
                finish()
            except Exception:
                _LOG.exception("a job's finish failed")
        job.fraction = 0.0
        job.finished = True
        job.ended.set()


def wait(key: Hashable, timeout: float | None = None) -> bool:
    """Block until the job of ``key`` has finished (True), or ``timeout`` seconds pass (False); True when
    there is no such job. For tests and benchmarks: a page never waits."""
    job = get(key)
    return job is None or job.ended.wait(timeout)
