"""One memory budget for every cache the server keeps (pure Python; NumPy, and PyTorch and Plotly objects
measured without importing either).

Every cache keyed by what a visitor can choose (live models, trained models, attention maps, encoder
paths, encoding tables, built figures...) keeps its entries in one :class:`Store`. Each entry's size is
measured once, when it is stored (:func:`measure`); when the entries together would pass the budget,
the least recently used ones go, whichever cache they belong to. A visitor who walks through hundreds
of settings then costs the server at most the budget, however many distinct models they build.

Entries are shared by every session and never changed: eviction only drops the store's reference, so a
session still holding an evicted model or array keeps a valid object until it lets go of it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import functools
import inspect
import itertools
import logging
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from types import FunctionType, ModuleType
from typing import Any, Generic, ParamSpec, TypeVar, cast

import numpy as np

P = ParamSpec("P")
R = TypeVar("R")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The environment variable that sets the budget, in MB (10^6 bytes), for a server with less (or more)
#: memory to spare.
BUDGET_ENV = "ATTENTION_LAB_CACHE_MB"
#: The default budget, in MB. The target is a server under 1.5 GB of RSS while a class uses it.
#: Measured here: the server takes about 450 MB once every page was opened (Python, Streamlit, Plotly,
#: pandas, PyTorch), and 40 sessions at the default sizes add about 50 MB of their own
#: (bench/results/load.md). The largest single entry a visitor can make is a six-layer d_model 1024
#: encoder (201 MB of weights), and building one while answering a rerun needs about as much again for
#: a moment; two visitors may each be building one. 600 MB of cached entries leaves about 450 MB for
#: that below 1.5 GB, and still holds two of the largest models, or every model, map and figure a class
#: at the default sizes asks for. With it, bench/memory_bench.py (the issue's visitor cycling seeds of
#: that model, then 300 distinct settings by two visitors) levelled off at 0.86 GB and peaked at
#: 1.37 GB (bench/results/memory.md); before, the same visitor reached 1.68 GB after five seeds.
DEFAULT_BUDGET_MB = 600
#: What a built Plotly figure holds besides the arrays, text and numbers of its data and layout (its
#: figure, trace and validator objects), measured with tracemalloc: 8-9 KB for a line or one heatmap,
#: 22 KB for a grid of 16 heatmaps, so a fixed part and a part per trace.
FIGURE_OVERHEAD = 8_000
TRACE_OVERHEAD = 1_000
#: How deep :func:`measure` follows nested containers and objects (results are a few levels deep).
_MAX_DEPTH = 24

MB = 1_000_000
log = logging.getLogger(__name__)


def budget_from_env(environ: Mapping[str, str] | None = None) -> int:
    """The budget in bytes: :data:`BUDGET_ENV` (whole or decimal MB, at least 0) or the default."""
    raw = (os.environ if environ is None else environ).get(BUDGET_ENV, "").strip()
    if raw:
        try:
            mb = float(raw)
        except ValueError:
            mb = -1.0
        if mb >= 0 and mb == mb and mb != float("inf"):  # not NaN, not infinite
            return int(mb * MB)
        log.warning("%s=%r is not a number of MB >= 0: using %d MB", BUDGET_ENV, raw, DEFAULT_BUDGET_MB)
    return DEFAULT_BUDGET_MB * MB


# ---- sizes ---------------------------------------------------------------------------------------------
def measure(value: object, *, freeze: bool = False) -> int:
    """About how many bytes ``value`` keeps alive: NumPy arrays (their whole buffer, once however many
    views share it), PyTorch modules (parameters and buffers) and tensors, Plotly figures (their data and
    layout, plus :data:`FIGURE_OVERHEAD`), pandas frames, dataclasses, containers and plain objects
    (their fields), text and numbers (:func:`sys.getsizeof`).

    With ``freeze``, every NumPy array found is made read-only on the way: a cached result is shared by
    every session, and an accidental write into it would change what the others see.
    """
    return _measure(value, set(), freeze, 0)


def _torch_kind(value: object) -> str | None:
    """ "tensor" or "module" when ``value`` is a torch tensor or ``nn.Module``, else None, read from its
    classes alone (never from the torch module, which another thread may be importing)."""
    for klass in type(value).__mro__:
        if klass.__module__ == "torch" and klass.__qualname__ == "Tensor":
            return "tensor"
        if klass.__module__ == "torch.nn.modules.module" and klass.__qualname__ == "Module":
            return "module"
    return None


def _measure(value: object, seen: set[object], freeze: bool, depth: int) -> int:
    if value is None or isinstance(value, bool):
        return 0  # singletons
    if isinstance(value, int | float | complex | str | bytes | np.generic):
        return sys.getsizeof(value)
    if isinstance(value, type | ModuleType | FunctionType) or depth > _MAX_DEPTH:
        return 0  # shared by everything; not the entry's to count
    if isinstance(value, np.ndarray):
        if freeze:
            value.flags.writeable = False
        root: Any = value
        while isinstance(root.base, np.ndarray):
            root = root.base
        if id(root) in seen:
            return 0
        seen.add(id(root))
        if root.dtype.hasobject:  # the pointers, and the objects (cell text) they point to
            return int(root.nbytes) + sum(_measure(v, seen, freeze, depth + 1) for v in root.ravel())
        return int(root.nbytes)
    if id(value) in seen:
        return 0
    seen.add(id(value))
    # Torch, Plotly and pandas objects can only be here if their package was imported. Torch is told by
    # the value's classes, not by ``sys.modules``: the warm-up thread imports torch while pages run, and
    # a half-imported torch module has no ``Tensor`` or ``nn`` yet.
    kind = _torch_kind(value)
    if kind == "tensor":
        return _storage_bytes(cast(Any, value), seen)
    if kind == "module":  # its weights
        module = cast(Any, value)
        tensors = itertools.chain(module.parameters(), module.buffers())
        return sys.getsizeof(value) + sum(_storage_bytes(t, seen) for t in tensors)
    plotly, pandas = (sys.modules.get(m) for m in ("plotly.basedatatypes", "pandas"))
    if plotly is not None and isinstance(value, plotly.BaseFigure):
        fig = cast(Any, value)
        inner = _measure(fig._data, seen, freeze, depth + 1) + _measure(fig._layout, seen, freeze, depth + 1)
        return FIGURE_OVERHEAD + TRACE_OVERHEAD * len(fig._data) + inner
    if pandas is not None and isinstance(value, pandas.DataFrame | pandas.Series):
        usage = value.memory_usage(deep=True)
        return int(usage.sum() if hasattr(usage, "sum") else usage)
    size = sys.getsizeof(value)
    deeper = (seen, freeze, depth + 1)
    if isinstance(value, Mapping):
        items = value.items()
        return size + sum(_measure(k, *deeper) + _measure(v, *deeper) for k, v in items)
    if isinstance(value, list | tuple | set | frozenset):
        return size + sum(_measure(v, *deeper) for v in value)
    if dataclasses.is_dataclass(value):
        return size + sum(_measure(getattr(value, f.name), *deeper) for f in dataclasses.fields(value))
    fields = getattr(value, "__dict__", None)
    if isinstance(fields, dict):
        return size + _measure(fields, seen, freeze, depth + 1)
    return size


def _storage_bytes(tensor: Any, seen: set[object]) -> int:
    """A tensor's storage, once however many tensors (views, tied weights) share it."""
    storage = tensor.untyped_storage()
    mark = ("storage", storage.data_ptr())
    if mark in seen:
        return 0
    seen.add(mark)
    return int(storage.nbytes())


# ---- the store -----------------------------------------------------------------------------------------
@dataclasses.dataclass
class _Entry:
    value: Any
    size: int
    namespace: str


class Store:
    """Entries of every cache, least recently used first, their sizes adding up to at most ``limit``.

    Thread-safe: a session's script runs in its own thread. Sizes are measured once, when an entry is
    stored (outside the lock); a hit only moves the entry to the most recent end. A namespace (one cache)
    may also cap its number of entries, so that thousands of tiny entries do not make a long list.
    """

    def __init__(self, limit: int) -> None:
        self._lock = threading.Lock()
        self._entries: OrderedDict[Hashable, _Entry] = OrderedDict()
        self._by_namespace: dict[str, OrderedDict[Hashable, None]] = {}
        self._ids: dict[int, Hashable] = {}  # id(value) -> its key, for :meth:`charge`
        self._flights: dict[Hashable, list[Any]] = {}  # key -> [lock, waiting callers]: one build a key
        self.limit = limit
        self.total = 0
        self.evictions = 0

    # -- reading ------------------------------------------------------------------------------------------
    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value stored for ``key`` (now the most recently used), or ``default``."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return default
            self._touch(key, entry)
            return entry.value

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def sizes(self, namespace: str | None = None) -> dict[Hashable, int]:
        """Each entry's measured size (of one namespace, or all), least recently used first."""
        with self._lock:
            items = self._entries.items()
            return {k: e.size for k, e in items if namespace is None or e.namespace == namespace}

    # -- writing ------------------------------------------------------------------------------------------
    def put(
        self, key: Hashable, value: Any, size: int, namespace: str = "", max_entries: int | None = None
    ) -> bool:
        """Store ``value`` under ``key`` as the most recently used entry, evicting the least recently used
        entries (of any namespace) until everything fits in the budget, and the oldest of ``namespace``
        past ``max_entries``. A value larger than the whole budget is not stored (False): keeping it
        would empty every other cache and still pass the budget."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._forget(key, old)
            if size > self.limit:
                return False
            if max_entries is not None:
                mine = self._by_namespace.get(namespace)
                while mine and len(mine) >= max_entries:
                    oldest = next(iter(mine))
                    self._forget(oldest, self._entries.pop(oldest))
                    self.evictions += 1
            self._evict_to(self.limit - size)
            self._entries[key] = _Entry(value, size, namespace)
            self._by_namespace.setdefault(namespace, OrderedDict())[key] = None
            self._ids[id(value)] = key
            self.total += size
            return True

    def get_or_build(
        self,
        key: Hashable,
        build: Callable[[], R],
        *,
        namespace: str = "",
        max_entries: int | None = None,
        freeze: bool = False,
    ) -> R:
        """The value for ``key``, built with ``build()`` (and measured, and stored) on a miss. Callers
        asking for the same key at once wait for one build instead of each building it."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._touch(key, entry)
                return cast(R, entry.value)
            flight = self._flights.setdefault(key, [threading.Lock(), 0])
            flight[1] += 1
        try:
            with flight[0]:
                with self._lock:
                    entry = self._entries.get(key)
                    if entry is not None:  # built by the caller we waited for
                        self._touch(key, entry)
                        return cast(R, entry.value)
                value = build()
                self.put(key, value, measure(value, freeze=freeze), namespace, max_entries)
                return value
        finally:
            with self._lock:
                flight[1] -= 1
                if not flight[1]:
                    self._flights.pop(key, None)

    def charge(self, value: object, size: int) -> None:
        """Count ``size`` more bytes against the entry holding ``value`` (if one does): what something
        else keeps for as long as the value lives, such as a figure's JSON (viz.ui keeps it beside the
        figure). The entry is then the most recently used, and older ones go if the budget is passed."""
        with self._lock:
            key = self._ids.get(id(value))
            entry = self._entries.get(key) if key is not None else None
            if entry is None or entry.value is not value:
                return
            entry.size += size
            self.total += size
            self._touch(key, entry)
            if entry.size > self.limit:
                self._forget(key, self._entries.pop(key))
            self._evict_to(self.limit)

    def discard(self, namespace: str | None = None) -> None:
        """Forget every entry (of one namespace, or all). Callers holding a value keep it."""
        with self._lock:
            for key in [k for k, e in self._entries.items() if namespace is None or e.namespace == namespace]:
                self._forget(key, self._entries.pop(key))

    def set_limit(self, limit: int) -> None:
        """A new budget, evicting the least recently used entries at once if they no longer fit."""
        with self._lock:
            self.limit = limit
            self._evict_to(limit)

    # -- internals (called with the lock held) ----------------------------------------------------------
    def _touch(self, key: Hashable, entry: _Entry) -> None:
        self._entries.move_to_end(key)
        self._by_namespace[entry.namespace].move_to_end(key)

    def _forget(self, key: Hashable, entry: _Entry) -> None:
        self.total -= entry.size
        mine = self._by_namespace.get(entry.namespace)
        if mine is not None:
            mine.pop(key, None)
            if not mine:
                del self._by_namespace[entry.namespace]
        if self._ids.get(id(entry.value)) == key:
            del self._ids[id(entry.value)]

    def _evict_to(self, room: int) -> None:
        while self._entries and self.total > room:
            key, entry = self._entries.popitem(last=False)
            self._forget(key, entry)
            self.evictions += 1


#: Allocations at least this large get a memory mapping of their own from glibc's malloc, given back to
#: the system as soon as they are freed. glibc starts at 128 KiB but raises its threshold to the size
#: of any mapped block freed (up to 32 MiB), so once the first model was evicted, the next models'
#: 4-8 MB weight matrices came from the heap, whose freed middle glibc never gives back: the server
#: kept the memory of every model it had evicted (each session's thread has its own heap, so several
#: times over). With 1 MiB, a d_model 1024 encoder page whose seed changed seven times (one model
#: kept, 300 MB budget) stayed at 610 MB of RSS instead of 817 MB; smaller blocks (a 48-token forward
#: pass's activations) still come from the heap, as fast as before.
MMAP_THRESHOLD = 1 << 20
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number, from glibc's malloc.h


def release_large_allocations(threshold: int = MMAP_THRESHOLD) -> bool:
    """Make glibc's malloc map every block of ``threshold`` bytes or more on its own (and so give it
    back when it is freed), fixing the threshold for this process; False where that is not glibc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(_M_MMAP_THRESHOLD, threshold))
    except (OSError, AttributeError):  # another C library (musl has no mallopt)
        return False


#: The server's one store: every cache of this process shares its budget. An evicted entry's memory
#: goes back to the system only if malloc lets it: set that once, when the store is made.
STORE = Store(budget_from_env())
release_large_allocations()


# ---- caches on top of it -------------------------------------------------------------------------------
def _param(value: object) -> object:
    """One argument of a cached function as part of its key: parameters, never arrays (hashing an
    array's bytes on every call would cost as much as some of the results). Typed, so that 1, 1.0 and
    True are three keys."""
    if isinstance(value, np.ndarray) or _torch_kind(value) == "tensor":
        raise TypeError("cache on parameters, not arrays")
    hash(value)  # a list or a dict: a TypeError here, where the mistake is
    return (type(value).__qualname__, value)


def cached(
    *, max_entries: int | None = None, store: Store | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Cache a function of hashable parameters in the shared store (:data:`STORE`), one entry per set of
    arguments (positional or by keyword, defaults filled in), at most ``max_entries`` of this function.

    What it returns is shared by every session: its NumPy arrays are made read-only, and a model it
    returns must never be changed. The wrapper's ``clear()`` forgets this function's entries.
    """

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        signature = inspect.signature(fn)
        name = f"{fn.__module__}.{fn.__qualname__}"

        @functools.wraps(fn)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            key = (name, tuple(_param(v) for v in bound.arguments.values()))
            where = STORE if store is None else store
            return where.get_or_build(
                key, lambda: fn(*args, **kwargs), namespace=name, max_entries=max_entries, freeze=True
            )

        def clear() -> None:
            (STORE if store is None else store).discard(name)

        wrapper.clear = clear  # type: ignore[attr-defined]
        return wrapper

    return decorate


_cache_ids = itertools.count()


class Cache(Generic[K, V]):
    """A dictionary-like view of one namespace of the shared store, for results made outside a cached
    function (trained models: training reports progress to the page as it goes). Each instance is a
    namespace of its own; values are measured (and their arrays made read-only) when set."""

    def __init__(self, name: str, *, max_entries: int | None = None, store: Store | None = None) -> None:
        self.namespace = f"{name}#{next(_cache_ids)}"
        self.max_entries = max_entries
        self._store = STORE if store is None else store

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value for ``key`` (now the most recently used of every cache), or ``default``."""
        return cast("V | None", self._store.get((self.namespace, key), default))

    def __setitem__(self, key: K, value: V) -> None:
        size = measure(value, freeze=True)
        self._store.put((self.namespace, key), value, size, self.namespace, self.max_entries)

    def __contains__(self, key: K) -> bool:
        return (self.namespace, key) in self._store

    def __len__(self) -> int:
        return len(self._store.sizes(self.namespace))

    def clear(self) -> None:
        self._store.discard(self.namespace)
