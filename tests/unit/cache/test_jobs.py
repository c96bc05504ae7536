"""The server's worker (viz.cache.jobs): two presses make one job, the queue is bounded, a failing job
ends alone and the worker serves the next, progress is read while the work runs."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from viz.cache import jobs


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """Work that waits for the test: set the event to let every held job finish."""
    event = threading.Event()
    yield event
    event.set()  # and wait for what the test left running: the next test starts with an idle worker
    with jobs._LOCK:
        keys = list(jobs._JOBS)
    assert all(jobs.wait(key, timeout=60) for key in keys)


def held(gate: threading.Event, log: list[str]) -> jobs.Work:
    def work(item: str, progress: Callable[[float], None]) -> None:
        progress(0.5)
        assert gate.wait(30)
        log.append(item)

    return work


def test_a_second_submit_of_a_running_key_is_the_same_job(gate: threading.Event) -> None:
    log: list[str] = []
    first = jobs.submit(("t", "same"), ["a", "b"], held(gate, log))
    again = jobs.submit(("t", "same"), ["a", "b"], held(gate, log))
    assert first is not None and again is first
    assert jobs.active(("t", "same")) is first
    gate.set()
    assert jobs.wait(("t", "same"), timeout=30)
    assert log == ["a", "b"]  # done once
    assert first.finished and first.done == 2 and first.progress == 1.0 and not first.error
    assert jobs.active(("t", "same")) is None


def test_progress_is_seen_while_the_work_runs(gate: threading.Event) -> None:
    log: list[str] = []
    job = jobs.submit(("t", "progress"), ["x", "y"], held(gate, log))
    assert job is not None
    for _ in range(300):  # the worker starts the job and reports half of "x"
        if job.started and job.fraction == 0.5:
            break
        threading.Event().wait(0.01)
    assert job.current == "x" and job.progress == pytest.approx(0.25)
    gate.set()
    assert jobs.wait(("t", "progress"), timeout=30) and job.current == ""


def test_the_queue_behind_the_worker_is_bounded(gate: threading.Event) -> None:
    log: list[str] = []
    running = jobs.submit(("t", "run"), ["r"], held(gate, log))
    assert running is not None
    for _ in range(300):
        if running.started:
            break
        threading.Event().wait(0.01)
    waiting = [jobs.submit(("t", "wait", i), ["w"], held(gate, log)) for i in range(jobs.MAX_WAITING)]
    assert all(job is not None and not job.started for job in waiting)
    assert jobs.submit(("t", "one too many"), ["w"], held(gate, log)) is None
    gate.set()
    assert all(jobs.wait(("t", "wait", i), timeout=30) for i in range(jobs.MAX_WAITING))
    assert log == ["r"] + ["w"] * jobs.MAX_WAITING  # one at a time, in order
    assert jobs.submit(("t", "one too many"), ["w"], held(gate, log)) is not None  # room again


def test_a_failing_job_ends_alone_and_the_worker_goes_on() -> None:
    def boom(item: str, progress: Callable[[float], None]) -> None:
        if item == "bad":
            raise RuntimeError("no")

    failed = jobs.submit(("t", "fails"), ["ok", "bad", "never"], boom)
    assert failed is not None and jobs.wait(("t", "fails"), timeout=30)
    assert failed.error == "RuntimeError" and failed.done == 1 and failed.finished
    after = jobs.submit(("t", "after"), ["ok"], boom)
    assert after is not None and jobs.wait(("t", "after"), timeout=30)
    assert after.done == 1 and not after.error
    again = jobs.submit(("t", "fails"), ["ok"], boom)  # a finished job's key can run again
    assert again is not None and again is not failed


def test_finished_jobs_are_forgotten_beyond_the_limit() -> None:
    def nothing(item: str, progress: Callable[[float], None]) -> None:
        pass

    for i in range(jobs.KEEP_FINISHED + 5):
        assert jobs.submit(("t", "many", i), ["n"], nothing) is not None
        assert jobs.wait(("t", "many", i), timeout=30)
    jobs.submit(("t", "many", "last"), ["n"], nothing)
    assert jobs.wait(("t", "many", "last"), timeout=30)
    assert jobs.get(("t", "many", 0)) is None  # the oldest went
    assert jobs.get(("t", "many", jobs.KEEP_FINISHED + 4)) is not None


def test_no_current_item_once_the_last_is_done_even_before_the_job_ends() -> None:
    """Between the last item's end and the job's end a reader must not index past the items."""
    job = jobs.Job(("a", "b"), done=2, started=True)
    assert job.current == "" and job.progress == 1.0 and not job.finished
    working = jobs.Job(("a", "b"), done=1, started=True, running={"b": 0.3})
    assert working.current == "b" and working.fraction == 0.3 and working.progress == pytest.approx(0.65)
    assert jobs.Job(("a", "b")).current == ""  # waiting


def test_a_child_process_error_is_named_by_its_own_kind() -> None:
    from viz.cache.child import ChildError

    def child_fails(item: str, progress: Callable[[float], None]) -> None:
        raise ChildError("MemoryError")

    job = jobs.submit(("t", "child kind"), ["x"], child_fails)
    assert job is not None and jobs.wait(("t", "child kind"), timeout=30)
    assert job.error == "MemoryError"


def test_lanes_work_on_items_side_by_side_and_count_each_once(gate: threading.Event) -> None:
    log: list[str] = []
    threads: set[int] = set()

    def work(item: str, progress: Callable[[float], None]) -> None:
        threads.add(threading.get_ident())
        held(gate, log)(item, progress)

    job = jobs.submit(("t", "lanes"), ["a", "b", "c"], work, lanes=2)
    assert job is not None
    for _ in range(300):  # both lanes take an item and report half of it
        if job.running == {"a": 0.5, "b": 0.5}:
            break
        threading.Event().wait(0.01)
    assert job.working == ("a", "b") and job.current == "a" and job.progress == pytest.approx(1 / 3)
    gate.set()
    assert jobs.wait(("t", "lanes"), timeout=30)
    assert sorted(log) == ["a", "b", "c"] and len(threads) == 2  # each item once, on two threads
    assert job.done == 3 and job.progress == 1.0 and not job.working and not job.error


def test_a_failing_lane_stops_the_job_after_the_other_lanes_item() -> None:
    other_started, known = threading.Event(), threading.Event()
    log: list[str] = []
    box: list[jobs.Job] = []

    def work(item: str, progress: Callable[[float], None]) -> None:
        if item == "bad":
            assert other_started.wait(30)
            raise RuntimeError("no")
        other_started.set()
        assert known.wait(30)
        for _ in range(3000):  # still working until the other lane has failed
            if box[0].error:
                break
            threading.Event().wait(0.01)
        log.append(item)

    job = jobs.submit(("t", "lane fails"), ["bad", "ok", "never", "nor"], work, lanes=2)
    assert job is not None
    box.append(job)
    known.set()
    assert jobs.wait(("t", "lane fails"), timeout=60)
    assert job.error == "RuntimeError" and log == ["ok"] and job.done == 1 and not job.working


def test_a_lane_ended_by_systemexit_fails_its_job_and_the_worker_goes_on() -> None:
    def work(item: str, progress: Callable[[float], None]) -> None:
        if item == "exit":
            raise SystemExit(3)

    job = jobs.submit(("t", "exit"), ["ok", "exit", "never"], work, lanes=1)
    assert job is not None and jobs.wait(("t", "exit"), timeout=30)
    assert job.error == "SystemExit" and job.done == 1 and job.finished and not job.working
    after = jobs.submit(("t", "after exit"), ["ok"], work)
    assert after is not None and jobs.wait(("t", "after exit"), timeout=30) and after.done == 1
