"""viz.cache.memo: the figure cache shared by every session must never hand back a figure for other data."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import pytest

from viz import figures
from viz.cache import memo


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    memo.memo_clear()
    yield
    memo.memo_clear()


def counting() -> tuple[list[object], Callable[..., object]]:
    calls: list[object] = []

    @memo.memoized
    def build(*args: object, **kwargs: object) -> dict[str, object]:
        calls.append((args, kwargs))
        return {"args": args, "kwargs": kwargs}

    return calls, build


def test_equal_arguments_share_one_result_and_builder_runs_once() -> None:
    calls, build = counting()
    z = np.arange(12.0).reshape(3, 4)
    first = build(z, title="t", labels=["a", "b"])
    second = build(z.copy(), labels=["a", "b"], title="t")  # kwargs in another order
    assert second is first
    assert len(calls) == 1


def test_one_changed_cell_of_a_large_array_is_a_different_key() -> None:
    """Streamlit's own hasher samples big arrays; this key reads every byte."""
    calls, build = counting()
    z = np.zeros((1000, 1000), dtype=np.float32)
    a = build(z)
    z2 = z.copy()
    z2[517, 893] = 1e-7
    b = build(z2)
    assert a is not b and len(calls) == 2


@pytest.mark.parametrize(
    ("x", "y"),
    [
        (np.zeros(3, np.float32), np.zeros(3, np.float64)),  # dtype
        (np.zeros(6).reshape(2, 3), np.zeros(6).reshape(3, 2)),  # shape
        (1, 1.0),  # type
        (True, 1),
        ("1", 1),
        ([1, 2], [2, 1]),
        ({"a": 1}, {"a": 2}),
    ],
)
def test_different_arguments_are_different_keys(x: object, y: object) -> None:
    calls, build = counting()
    assert build(x) is not build(y)
    assert len(calls) == 2


def test_object_arrays_are_keyed_by_their_strings_not_their_pointers() -> None:
    calls, build = counting()
    text = np.array([["0.50", "−∞"], ["1.00", "0.25"]], dtype=object)
    a = build(text)
    assert build(np.array([["0.50", "−∞"], ["1.00", "0.25"]], dtype=object)) is a
    other = text.copy()
    other[1, 1] = "0.26"
    assert build(other) is not a
    assert len(calls) == 2


def test_dataclasses_are_keyed_by_their_fields() -> None:
    @dataclass(frozen=True)
    class Panel:
        title: str
        z: np.ndarray

    calls, build = counting()
    a = build([Panel("p", np.ones(3))])
    assert build([Panel("p", np.ones(3))]) is a
    assert build([Panel("p", np.zeros(3))]) is not a
    assert len(calls) == 2


def test_unkeyable_arguments_build_every_time() -> None:
    calls, build = counting()
    build({1, 2})
    build({1, 2})
    assert len(calls) == 2


def test_two_builders_never_share_a_result() -> None:
    _, one = counting()

    @memo.memoized
    def other(*args: object) -> str:
        return "other"

    assert one(1) != other(1)


def test_least_recently_used_entries_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "MEMO_ENTRIES", 2)
    calls, build = counting()
    a = build(1)
    build(2)
    assert build(1) is a  # 1 is now the most recent
    build(3)  # evicts 2
    assert build(1) is a
    build(2)
    assert len(calls) == 4


def test_results_count_against_the_shared_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from viz.cache import budget

    monkeypatch.setattr(budget.STORE, "limit", 3000)
    calls, build = counting()
    big = np.zeros(200)  # 1600 bytes, kept by the result
    a = build(big)
    build(np.ones(200))  # two of them pass the budget: the older one goes
    assert build(big) is not a
    assert len(calls) == 3
    assert budget.STORE.total <= 3000


def test_memoized_figures_are_the_same_figure_only_for_the_same_data() -> None:
    z = np.linspace(-1, 1, 12).reshape(3, 4)
    fig = figures.heatmap(z, title="t")
    assert figures.heatmap(z.copy(), title="t") is fig
    z2 = z.copy()
    z2[2, 3] = 5.0
    other = figures.heatmap(z2, title="t")
    assert other is not fig
    assert float(np.asarray(other.data[0].z)[2, 3]) == 5.0
    assert float(np.asarray(fig.data[0].z)[2, 3]) == pytest.approx(1.0)
    assert figures.heatmap(z, title="t ") is not fig  # any argument counts


def test_negative_zero_and_masked_arrays_are_handled() -> None:
    calls, build = counting()
    assert build(0.0) is not build(-0.0)
    masked = np.ma.masked_array([1.0, 2.0], mask=[True, False])
    build(masked)
    build(masked)
    assert len(calls) == 4  # two floats, and the masked array twice (not cached)
