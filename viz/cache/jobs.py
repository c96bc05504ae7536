"""Work that outlives the visit that asked for it: one worker thread for the whole server.

A page that trains for a minute or more (the Attention variants page's zoo) hands the work to this worker
instead of running it in the visitor's script thread. The visitor can then close the tab, change page or
press again without losing or repeating it; every visitor of the same seed sees one job's progress; and
no script thread that serves the class is held for minutes.

One worker thread (a daemon: a server that stops does not wait for it), so two long jobs never compete with
each other for the cores a class shares; a job may work on up to ``lanes`` of its items at once (the zoo
trains two variants side by side, one per core, in child processes that yield to the class). At most
:data:`MAX_WAITING` jobs wait behind it, so a visitor pressing for seed after seed cannot queue an hour of
work (:func:`submit` says no, and the page says so). Jobs are keyed like the memory budget's entries; a
finished job is forgotten after :data:`KEEP_FINISHED` newer ones (its results live in the budget). The heavy
part of a job runs in a child process (viz.cache.child), which leaves the server's GIL to its sessions.
"""

from __future__ import annotations

import functools
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
    """One job's progress, written by the worker's lanes and read by any session."""

    items: tuple[str, ...]
    done: int = 0  # items finished
    started: bool = False
    finished: bool = False
    error: str = ""  # the exception's type (or a child process's exception's), when the work raised
    ended: threading.Event = field(default_factory=threading.Event, repr=False)  # set once finished
    # the items being worked on, each with the share of it done; replaced whole, never changed in place,
    # so a reader's one look at it is consistent
    running: dict[str, float] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def working(self) -> tuple[str, ...]:
        """The items being worked on, in the job's order (none before it starts or once all are done)."""
        running = self.running  # read once: a lane may replace it meanwhile
        return () if self.finished else tuple(i for i in self.items if i in running)

    @property
    def current(self) -> str:
        """The first item being worked on ("" before the job starts, and once its last item is done)."""
        working = self.working
        return working[0] if working else ""

    @property
    def fraction(self) -> float:
        """The share of the first item being worked on that is done."""
        return self.running.get(self.current, 0.0)

    @property
    def progress(self) -> float:
        """Share of the whole job done, in [0, 1]."""
        if self.finished or not self.items:
            return 1.0
        with self._lock:  # the count and the shares of one moment: an item is never counted twice
            part = sum(min(max(f, 0.0), 1.0) for f in self.running.values())
            return min(1.0, (self.done + part) / len(self.items))

    def _report(self, item: str, fraction: float | None) -> None:
        """A lane's news: ``item``'s share done, or (None) that it ended."""
        with self._lock:
            running = dict(self.running)
            if fraction is None:
                running.pop(item, None)
                self.done += 1
            else:
                running[item] = fraction
            self.running = running


_JOBS: OrderedDict[Hashable, Job] = OrderedDict()
_LOCK = threading.Lock()
_QUEUE: queue.SimpleQueue[tuple[Job, Work, Callable[[], None] | None, int]] = queue.SimpleQueue()
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
    key: Hashable,
    items: Sequence[str],
    work: Work,
    finish: Callable[[], None] | None = None,
    lanes: int = 1,
) -> Job | None:
    """Run ``work(item, progress)`` for each of ``items`` on the worker, as the job ``key``, then
    ``finish()`` however the job ended (to let go of what ``work`` set up, such as a child process).
    With ``lanes`` > 1, that many items are worked on at once, each lane on a thread of its own taking
    the next item in order (``work`` must then be safe to call from several threads).

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
    _QUEUE.put((job, work, finish, max(1, lanes)))
    return job


def _run(job: Job, work: Work, finish: Callable[[], None] | None, lanes: int) -> None:
    job.started = True
    waiting = iter(job.items)
    take = threading.Lock()

    def lane() -> None:
        while not job.error:  # a failure in one lane: the others finish their item and stop
            with take:
                item = next(waiting, None)
            if item is None:
                return
            job._report(item, 0.0)
            try:
                work(item, functools.partial(job._report, item))
            except BaseException as exc:  # the worker serves every later job: a failure ends this one only
                _LOG.exception("job failed at %r", item)
                # a child's error names its own type
                job.error = job.error or getattr(exc, "kind", "") or type(exc).__name__
                with job._lock:
                    job.running = {i: f for i, f in job.running.items() if i != item}
                return
            job._report(item, None)

    try:
        if lanes == 1:
            lane()
        else:
            threads = [
                threading.Thread(target=lane, name=f"attention-lab-jobs-lane{i}", daemon=True)
                for i in range(min(lanes, len(job.items)))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    finally:
        if finish is not None:
            try:
                finish()
            except Exception:
                _LOG.exception("a job's finish failed")
        job.running = {}
        job.finished = True
        job.ended.set()


def wait(key: Hashable, timeout: float | None = None) -> bool:
    """Block until the job of ``key`` has finished (True), or ``timeout`` seconds pass (False); True when
    there is no such job. For tests and benchmarks: a page never waits."""
    job = get(key)
    return job is None or job.ended.wait(timeout)
