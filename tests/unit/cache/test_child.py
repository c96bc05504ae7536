"""The server's child process (viz.cache.child): a call runs there and its progress and result come back;
an exception there is named here; a child that dies ends its call with an error, not a hang; it runs at a
lower priority than the server."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable

import pytest

from viz.cache.child import NICE, Child, ChildError


def squares(n: int, progress: Callable[[float], None]) -> dict[str, object]:
    """Sent to the child by reference (a module-level function): its progress, its pid and niceness."""
    for i in range(n):
        progress((i + 1) / n)
    return {
        "squares": [i * i for i in range(n)],
        "pid": os.getpid(),
        "nice": os.nice(0),
        "policy": os.sched_getscheduler(0) if hasattr(os, "sched_getscheduler") else None,
    }


def fails(kind: str, progress: Callable[[float], None]) -> None:
    raise {"value": ValueError, "key": KeyError}[kind]("no")


def dies(_: int, progress: Callable[[float], None]) -> None:
    progress(0.5)
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_call_runs_in_the_child_and_reports_its_progress() -> None:
    seen: list[float] = []
    with Child() as child:
        result = child.call(squares, 4, seen.append)
        again = child.call(squares, 2, seen.append)  # one child serves call after call
    assert result["squares"] == [0, 1, 4, 9] and seen == [0.25, 0.5, 0.75, 1.0, 0.5, 1.0]
    assert result["pid"] == again["pid"] == child.pid and result["pid"] != os.getpid()
    assert result["nice"] == min(os.nice(0) + NICE, 19)  # the server's sessions come first
    if hasattr(os, "SCHED_IDLE"):  # Linux: a core goes to the child only when the sessions leave one
        assert result["policy"] == os.SCHED_IDLE


def test_an_exception_in_the_child_is_named_and_the_child_serves_on() -> None:
    with Child() as child:
        with pytest.raises(ChildError, match=r"^ValueError$"):
            child.call(fails, "value", lambda _: None)
        with pytest.raises(ChildError, match=r"^KeyError$"):
            child.call(fails, "key", lambda _: None)
        assert child.call(squares, 3, lambda _: None)["squares"] == [0, 1, 4]


def test_a_child_that_dies_ends_its_call_with_an_error() -> None:
    seen: list[float] = []
    child = Child()
    with pytest.raises(ChildError, match="ended"):
        child.call(dies, 0, seen.append)
    assert seen == [0.5]
    child.close()  # closing a dead child is fine
    with Child() as fresh:  # and a new one works
        assert fresh.call(squares, 1, lambda _: None)["squares"] == [0]


def sleeps(seconds: float, progress: Callable[[float], None]) -> None:
    progress(0.0)
    time.sleep(seconds)


def test_a_child_that_does_not_answer_in_time_is_killed() -> None:
    child = Child()
    started = time.monotonic()
    with pytest.raises(ChildError) as caught:
        child.call(sleeps, 60.0, lambda _: None, timeout=10.0)
    assert caught.value.kind == "timeout" and time.monotonic() - started < 30
    child.close()
    assert child.pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(child.pid, 0)  # gone
