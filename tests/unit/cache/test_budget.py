"""viz.cache.budget: every cache of the server shares one memory budget, least recently used first, by
bytes."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
import threading
from collections.abc import Iterator

import numpy as np
import pytest

from viz.cache import budget, memo
from viz.cache.budget import Store, cached
from viz.cache.sizes import measure
from viz.model import model_cache as live
from viz.ui import chart


@pytest.fixture(autouse=True)
def _empty_store() -> Iterator[None]:
    memo.memo_clear()
    yield
    memo.memo_clear()


def array(n_bytes: int, fill: float = 0.0) -> np.ndarray:
    return np.full(n_bytes // 8, fill)  # float64: 8 bytes a cell


# ---- sizes ---------------------------------------------------------------------------------------------
def test_arrays_are_measured_by_their_buffer_once_however_many_views_share_it() -> None:
    a = np.zeros((100, 50), np.float32)
    assert measure(a) == 20_000
    assert measure((a, a[10:20], a.T)) - measure((None, None, None)) == 20_000
    assert measure([np.zeros(10, np.int8), np.zeros(10, np.float64)]) - measure([None, None]) == 90


@dataclasses.dataclass(frozen=True)
class Result:
    label: str
    weights: np.ndarray
    per_layer: tuple[np.ndarray, ...]


def test_dataclasses_of_arrays_are_measured_by_their_fields_and_frozen_when_asked() -> None:
    r = Result("x", np.zeros(1000, np.float32), (np.zeros(10), np.zeros(20)))
    arrays = 4000 + 80 + 160
    size = measure(r)
    assert arrays < size < arrays + 1000  # plus a few small Python objects
    assert r.weights.flags.writeable
    measure(r, freeze=True)
    assert not r.weights.flags.writeable and not r.per_layer[1].flags.writeable


def test_a_torch_model_is_measured_by_its_parameters_and_buffers() -> None:
    torch = pytest.importorskip("torch")
    from viz.model import encoder as model

    config = model.ModelConfig(d_model=64, n_heads=4, n_layers=2)
    encoder = model.build(config)
    tensors = [*encoder.parameters(), *encoder.buffers()]
    weights = sum(t.numel() * t.element_size() for t in tensors)
    assert weights > 100_000
    assert weights <= measure(encoder) < weights + 10_000
    tied = torch.nn.Linear(8, 8)
    assert measure([tied.weight, tied.weight]) - measure([None, None]) == 8 * 8 * 4  # one storage


def test_a_half_imported_torch_does_not_break_measuring_or_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    # The warm-up thread imports torch while pages run: for a moment sys.modules holds a torch module
    # without Tensor or nn, and every cached call of every page raised AttributeError (seen in review).
    import types

    monkeypatch.setitem(sys.modules, "torch", types.ModuleType("torch"))

    @dataclasses.dataclass
    class Result:
        values: np.ndarray

    assert measure(Result(array(800))) >= 800
    calls = []

    @cached(max_entries=2)
    def double(n: int) -> np.ndarray:
        calls.append(n)
        return np.full(4, 2.0 * n)

    assert double(3)[0] == 6.0 and double(3)[0] == 6.0 and calls == [3]


def test_a_figure_is_measured_by_its_data_plus_its_objects() -> None:
    """Against tracemalloc: what building the figure left allocated, once its garbage was collected."""
    import gc
    import tracemalloc

    import plotly.graph_objects as go

    rng = np.random.default_rng(0)
    for shape, traces in (((200, 300), 1), ((8, 8), 16)):
        zs = [rng.random(shape).astype(np.float32) for _ in range(traces)]
        go.Figure([go.Heatmap(z=z) for z in zs])  # Plotly's first figure of a kind sets up validators
        gc.collect()
        tracemalloc.start()
        try:
            fig = go.Figure([go.Heatmap(z=z) for z in zs])
            gc.collect()
            held = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        assert sum(z.nbytes for z in zs) < measure(fig)
        assert 0.7 * held < measure(fig) < 1.5 * held, (shape, traces, held, measure(fig))


def test_a_memoized_figures_json_is_charged_to_its_entry_when_it_is_drawn() -> None:
    from viz import figures

    z = np.random.default_rng(1).random((40, 60)).astype(np.float32)
    fig = figures.heatmap(z, title="t")
    (key, before), *_ = budget.STORE.sizes(memo.NAMESPACE).items()
    encoded = chart._figure_bytes(fig)
    assert json.loads(encoded)["data"][0]["type"] == "heatmap"
    assert budget.STORE.sizes()[key] == before + len(encoded)
    chart._figure_bytes(fig)  # served from the JSON kept beside it: not charged twice
    assert budget.STORE.sizes()[key] == before + len(encoded)


def test_a_figure_encoded_by_two_sessions_at_once_is_charged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from viz import figures

    fig = figures.heatmap(np.random.default_rng(2).random((30, 20)).astype(np.float32), title="t")
    (key, before), *_ = budget.STORE.sizes(memo.NAMESPACE).items()
    both_encoding = threading.Barrier(2, timeout=10)
    to_json = chart.pio.to_json

    def encode_together(*args: object, **kwargs: object) -> str:
        both_encoding.wait()  # neither has stored its JSON yet when the other starts encoding
        return to_json(*args, **kwargs)

    monkeypatch.setattr(chart.pio, "to_json", encode_together)
    got: list[bytes] = []
    threads = [threading.Thread(target=lambda: got.append(chart._figure_bytes(fig))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 2 and got[0] == got[1]
    assert budget.STORE.sizes()[key] == before + len(got[0])


# ---- least recently used, by bytes, across caches -------------------------------------------------------
def test_a_big_entry_in_one_cache_evicts_the_oldest_of_another() -> None:
    store = Store(10_000)
    calls: list[str] = []

    @cached(store=store)
    def maps(seed: int) -> np.ndarray:
        calls.append(f"maps {seed}")
        return array(3000, seed)

    @cached(store=store)
    def model(seed: int) -> np.ndarray:
        calls.append(f"model {seed}")
        return array(6000, seed)

    first, second = maps(1), maps(2)
    assert maps(1) is first  # a hit: 1 is now more recent than 2
    model(1)  # 6000 bytes: 2 (the least recently used, of the other cache) must go
    assert store.total <= 10_000
    assert maps(1) is first
    assert maps(2) is not second
    assert calls == ["maps 1", "maps 2", "model 1", "maps 2"]


def test_sizes_add_up_and_an_entry_per_argument_set() -> None:
    store = Store(1_000_000)

    @cached(store=store)
    def table(n: int, scale: float = 1.0) -> np.ndarray:
        return np.ones(n) * scale

    table(10)
    assert table(10, 1.0) is table(10) is table(n=10, scale=1.0)  # one key however it is called
    table(10, 2.0)
    table(20)
    assert len(store) == 3
    assert store.total == sum(store.sizes().values()) == sum(measure(np.ones(n)) for n in (10, 10, 20))


def test_ints_floats_and_bools_are_different_keys_and_arrays_are_refused() -> None:
    store = Store(1_000_000)

    @cached(store=store)
    def echo(x: object) -> str:
        return repr(x)

    assert [echo(1), echo(1.0), echo(True)] == ["1", "1.0", "True"]
    with pytest.raises(TypeError, match="parameters, not arrays"):
        echo(np.zeros(3))
    with pytest.raises(TypeError):
        echo([1, 2])  # unhashable: not a parameter


def test_results_are_shared_read_only() -> None:
    store = Store(1_000_000)

    @cached(store=store)
    def table(n: int) -> np.ndarray:
        return np.arange(n, dtype=np.float64)

    t = table(5)
    with pytest.raises(ValueError, match="read-only"):
        t[0] = 1.0
    assert table(5) is t


def test_an_entry_larger_than_the_budget_is_returned_but_not_kept() -> None:
    """Keeping it would empty every other cache and still pass the budget."""
    store = Store(5000)
    calls: list[int] = []

    @cached(store=store)
    def table(n: int) -> np.ndarray:
        calls.append(n)
        return array(n)

    small = table(2000)
    big = table(8000)
    assert big.nbytes == 8000
    assert table(2000) is small  # the small one was not pushed out for nothing
    assert table(8000) is not big and calls == [2000, 8000, 8000]
    assert store.total == measure(small) and len(store) == 1


def test_a_cache_may_also_cap_its_number_of_entries() -> None:
    store = Store(1_000_000)

    @cached(max_entries=2, store=store)
    def small(n: int) -> int:
        return n

    @cached(store=store)
    def other(n: int) -> int:
        return n

    other(0)
    for n in range(5):
        small(n)
    assert len(store) == 3  # two of ``small`` and the other cache's entry, which its cap does not touch
    names = [str(key[0]) for key in store.sizes() if isinstance(key, tuple)]
    assert sum(name.endswith(".other") for name in names) == 1


def test_lowering_the_budget_evicts_at_once_and_clear_forgets_one_cache() -> None:
    store = Store(100_000)

    @cached(store=store)
    def table(n: int) -> np.ndarray:
        return array(10_000, n)

    for n in range(8):
        table(n)
    store.set_limit(30_000)
    assert store.total <= 30_000 and len(store) == 30_000 // measure(array(10_000))
    table.clear()  # type: ignore[attr-defined]
    assert len(store) == 0 and store.total == 0


def test_an_evicted_model_still_works_for_the_caller_holding_it() -> None:
    torch = pytest.importorskip("torch")
    from viz.model import encoder as model
    from viz.model import probe

    store = Store(1)  # so small that nothing is kept: every model is evicted as soon as it is built

    @cached(store=store)
    def live(config: model.ModelConfig) -> model.Encoder:
        return model.build(config)

    config = model.ModelConfig(d_model=32, n_heads=4, n_layers=2, seed=3)
    held = live(config)
    assert len(store) == 0
    other = live(dataclasses.replace(config, seed=4))  # another model where the first was
    x = model.sentence_input(np.random.default_rng(0).standard_normal((5, 32)).astype(np.float32))
    fresh = model.build(config)
    # the same weights, unchanged by the eviction: compared exactly, tensor by tensor
    held_state, fresh_state = held.state_dict(), fresh.state_dict()
    assert held_state.keys() == fresh_state.keys()
    assert all(torch.equal(held_state[name], fresh_state[name]) for name in held_state)
    # and the held model still runs. Its maps match the fresh model's to float32 rounding, not bit for
    # bit: a matrix product's last bits can depend on where its operands sit in memory (one full run
    # saw a 1e-5 difference).
    maps = probe.attention_maps(held, x)
    np.testing.assert_allclose(maps, probe.attention_maps(fresh, x), rtol=0, atol=1e-5)
    assert not np.allclose(maps, probe.attention_maps(other, x))


def test_the_budget_comes_from_the_environment() -> None:
    assert budget.budget_from_env({}) == budget.DEFAULT_BUDGET_MB * budget.MB
    assert budget.budget_from_env({budget.BUDGET_ENV: "250"}) == 250_000_000
    assert budget.budget_from_env({budget.BUDGET_ENV: " 64.5 "}) == 64_500_000
    for tiny in ("0", "0.5", "6"):  # nothing could be kept: every rerun would rebuild everything
        assert budget.budget_from_env({budget.BUDGET_ENV: tiny}) == budget.MIN_BUDGET_MB * budget.MB
    for bad in ("lots", "-3", "nan", "inf"):
        assert budget.budget_from_env({budget.BUDGET_ENV: bad}) == budget.DEFAULT_BUDGET_MB * budget.MB


# ---- threads -------------------------------------------------------------------------------------------
def test_many_threads_hitting_and_inserting_keep_the_store_within_budget_and_consistent() -> None:
    store = Store(200_000)
    builds: dict[int, int] = {}
    lock = threading.Lock()
    errors: list[BaseException] = []

    @cached(store=store)
    def table(n: int) -> np.ndarray:
        with lock:
            builds[n] = builds.get(n, 0) + 1
        return array(8 * (500 + 100 * (n % 17)), n)  # 4-18 KB

    def work(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(400):
                n = rng.randrange(60)
                got = table(n)
                assert got[0] == n and got.nbytes == 8 * (500 + 100 * (n % 17))
                assert store.total <= store.limit
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    sizes = store.sizes()
    assert store.total == sum(sizes.values()) <= store.limit
    assert len(sizes) > 5  # it kept what fitted


def test_callers_asking_for_the_same_key_at_once_wait_for_one_build() -> None:
    store = Store(1_000_000)
    started, release = threading.Event(), threading.Event()
    builds: list[int] = []

    @cached(store=store)
    def slow(n: int) -> np.ndarray:
        builds.append(n)
        started.set()
        release.wait(10)
        return np.zeros(n)

    got: list[np.ndarray] = []
    threads = [threading.Thread(target=lambda: got.append(slow(7))) for _ in range(4)]
    threads[0].start()
    started.wait(10)
    for t in threads[1:]:
        t.start()
    release.set()
    for t in threads:
        t.join()
    assert builds == [7]
    assert len(got) == 4 and all(g is got[0] for g in got)


def test_callers_asking_at_once_for_a_value_larger_than_the_budget_share_one_build() -> None:
    store = Store(1000)
    release = threading.Event()
    builds: list[int] = []

    @cached(store=store)
    def huge(n: int) -> np.ndarray:
        builds.append(n)
        release.wait(10)
        return np.zeros(n)  # 8 * n bytes: more than the whole budget, never stored

    got: list[np.ndarray] = []
    threads = [threading.Thread(target=lambda: got.append(huge(500))) for _ in range(4)]
    for t in threads:
        t.start()
    for _ in range(1000):  # until all four are in the one flight (the first building, three waiting)
        flights = list(store._flights.values())
        if flights and flights[0][1] == 4:
            break
        threading.Event().wait(0.01)
    release.set()
    for t in threads:
        t.join()
    assert builds == [500]
    assert len(got) == 4 and all(g is got[0] for g in got) and len(store) == 0


# ---- what must not be lost ------------------------------------------------------------------------------
@dataclasses.dataclass
class HalfBuilt:
    ready: np.ndarray
    later: int = dataclasses.field(init=False)  # unset: reading it raises AttributeError


def test_a_value_that_cannot_be_measured_is_kept_at_its_plain_size(caplog: pytest.LogCaptureFixture) -> None:
    store = Store(1_000_000)
    builds: list[int] = []

    @cached(store=store)
    def build(n: int) -> HalfBuilt:
        builds.append(n)
        return HalfBuilt(np.zeros(n))

    with pytest.raises(AttributeError):
        measure(HalfBuilt(np.zeros(3)))
    first = build(3)
    assert build(3) is first and builds == [3]  # returned, stored, served again
    assert store.total == sys.getsizeof(first)
    build(4)
    assert sum("could not measure a HalfBuilt" in r.getMessage() for r in caplog.records) == 1  # once a type


def test_pinned_entries_count_but_only_their_own_cache_evicts_them() -> None:
    """Trained models cost seconds of a core each: cheap entries must not push them out."""
    store = Store(10_000)
    trained = budget.Cache[int, np.ndarray]("trained", max_entries=2, pinned=True, store=store)
    figures_ = budget.Cache[int, np.ndarray]("figures", store=store)
    trained[1] = array(3000)
    for i in range(20):  # many cheap entries, each recent
        figures_[i] = array(2000)
    assert 1 in trained and store.total <= store.limit
    assert store.sizes(trained.namespace) == {(trained.namespace, 1): measure(array(3000))}
    trained[2], trained[3] = array(3000), array(3000)  # a newer run pushes out the oldest run
    assert 1 not in trained and 2 in trained and 3 in trained and store.total <= store.limit
    with pytest.raises(ValueError):
        budget.Cache("unbounded", pinned=True, store=store)


def test_the_app_keeps_trained_runs_pinned() -> None:

    done = live._TrainedStore().done
    assert done.pinned and done.max_entries == live._TrainedStore.LIMIT


def test_evictions_give_memory_back_to_the_system_once_past_a_threshold() -> None:
    store = Store(100 * budget.MB)
    store.put("a", object(), 60 * budget.MB)
    for _ in range(3):
        store.get("a")  # a hit never trims
    assert store.trims == 0
    store.put("b", object(), 60 * budget.MB)  # evicts 60 MB: past the threshold
    assert store.trims == 1 and "a" not in store
    store.put("c", object(), 10 * budget.MB)
    assert store.trims == 1  # nothing evicted
    store.put("d", object(), 40 * budget.MB)  # evicts b, the least recently used: 60 MB more
    assert store.trims == 2 and "b" not in store
    assert budget.trim_malloc() == sys.platform.startswith("linux")


# ---- the app's caches ----------------------------------------------------------------------------------
def test_the_app_caches_share_one_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Distinct live models, maps and a trained run, each cache within its own old limit, together pass a
    small budget: the store keeps them under it. Before the shared budget, st.cache_resource kept six
    models and st.cache_data sixteen maps however large."""
    from viz.model import encoder as model

    monkeypatch.setattr(budget.STORE, "limit", 400_000)
    tokens = ("the", "cat", "sat", "down")
    held = []
    for seed in range(6):
        config = model.ModelConfig(d_model=64, n_heads=4, n_layers=2, seed=seed)  # ~170 KB of weights
        held.append(live.live_model(config))
        live.sentence_maps(config, tokens)
        assert budget.STORE.total <= 400_000
    assert live.live_model(config) is held[-1]  # the most recent is still there
    assert live.live_model(model.ModelConfig(d_model=64, n_heads=4, n_layers=2, seed=0)) is not held[0]


#: Run in a fresh interpreter, so the budget comes from the environment as in a server: a visitor of the
#: Encoder page sets the model seed to 1, 2, ..., 5 (each a new six-layer model), and then what the
#: process still holds is counted: every live torch parameter, whoever keeps it.
_VISITOR = """
import gc, sys
import torch
from bench.harness.apptest import new_app_with_tabs
from viz.cache import budget
budget.STORE.set_limit(int(sys.argv[1]))  # below the least budget the environment may set
at = new_app_with_tabs(d_model="64", heads="4")
at.run()
at.switch_page("pages/encoder.py").run()
for seed in range(1, 6):
    at.number_input(key="enc_seed").set_value(seed).run()
    assert not at.exception, at.exception
del at
gc.collect()
held = {}
for obj in gc.get_objects():
    if isinstance(obj, torch.nn.Parameter):
        storage = obj.untyped_storage()
        held[storage.data_ptr()] = storage.nbytes()
print(sum(held.values()))
"""


def test_a_visitor_cycling_model_seeds_leaves_the_server_holding_at_most_the_budget() -> None:
    """Fails on the code before the shared budget: st.cache_resource kept six models whatever their size."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from viz.model import encoder as model

    root = Path(__file__).resolve().parents[3]
    one = measure(model.build(model.ModelConfig(d_model=64, n_heads=4, n_layers=6)))
    limit = int(2.5 * one)  # room for two of the page's models (with their maps and figures, fewer)
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", _VISITOR, str(limit)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    held = int(done.stdout.split()[-1])
    assert one <= held <= limit, (held, limit, one)
