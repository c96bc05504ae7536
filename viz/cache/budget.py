"""One memory budget for every cache the server keeps (pure Python; NumPy, and PyTorch and Plotly objects
measured without importing either).

Every cache keyed by what a visitor can choose (live models, trained models, attention maps, encoder
paths, encoding tables, built figures...) keeps its entries in one :class:`Store`. Each entry's size is
measured once, when it is stored (:func:`viz.cache.sizes.measure`); when the entries together would pass the
budget, the least recently used ones go, whichever cache they belong to. A visitor who walks through hundreds
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
from typing import Any, Generic, ParamSpec, TypeVar, cast

import numpy as np

from viz.cache.sizes import safe_measure, torch_kind

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
#: 1.36 GB (bench/results/memory.md); before, the same visitor reached 1.68 GB after five seeds.
DEFAULT_BUDGET_MB = 600
#: The least budget the environment may set, in MB: below it (0, or a typo such as "6" for "600") every
#: entry would be larger than the budget, nothing would be kept, and every rerun would rebuild its
#: models and maps from scratch: slower for everyone and no less memory at the peak.
MIN_BUDGET_MB = 64

MB = 1_000_000
log = logging.getLogger(__name__)


def budget_from_env(environ: Mapping[str, str] | None = None) -> int:
    """The budget in bytes: :data:`BUDGET_ENV` (whole or decimal MB, at least :data:`MIN_BUDGET_MB`) or
    the default."""
    raw = (os.environ if environ is None else environ).get(BUDGET_ENV, "").strip()
    if raw:
        try:
            mb = float(raw)
        except ValueError:
            mb = -1.0
        if mb >= 0 and mb == mb and mb != float("inf"):  # not NaN, not infinite
            if mb < MIN_BUDGET_MB:
                log.warning("%s=%r is below the least budget: using %d MB", BUDGET_ENV, raw, MIN_BUDGET_MB)
            return int(max(mb, MIN_BUDGET_MB) * MB)
        log.warning("%s=%r is not a number of MB >= 0: using %d MB", BUDGET_ENV, raw, DEFAULT_BUDGET_MB)
    return DEFAULT_BUDGET_MB * MB


_UNBUILT = object()  # a flight whose value is not built yet


# ---- the store -----------------------------------------------------------------------------------------
@dataclasses.dataclass
class _Entry:
    value: Any
    size: int
    namespace: str
    pinned: bool = False


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
        self._freed = 0  # bytes evicted since malloc was last asked to give memory back
        self.trims = 0

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
        self,
        key: Hashable,
        value: Any,
        size: int,
        namespace: str = "",
        max_entries: int | None = None,
        pinned: bool = False,
    ) -> bool:
        """Store ``value`` under ``key`` as the most recently used entry, evicting the least recently used
        entries (of any namespace) until everything fits in the budget, and the oldest of ``namespace``
        past ``max_entries``. A value larger than the whole budget is not stored (False): keeping it
        would empty every other cache and still pass the budget.

        A ``pinned`` entry counts against the budget but is never evicted to make room: only its own
        namespace's ``max_entries`` (which a pinned namespace must set) pushes it out. For results that
        cost seconds of a core to make (trained models), which cheap entries must not push out."""
        try:
            return self._put(key, value, size, namespace, max_entries, pinned)
        finally:
            self._give_back()

    def _put(
        self, key: Hashable, value: Any, size: int, namespace: str, max_entries: int | None, pinned: bool
    ) -> bool:
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
                    dropped = self._entries.pop(oldest)
                    self._forget(oldest, dropped)
                    self.evictions += 1
                    self._freed += dropped.size
            self._evict_to(self.limit - size)
            self._entries[key] = _Entry(value, size, namespace, pinned)
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
            # [lock, waiting callers, the value built]: a value too large to store is handed to the
            # callers who waited for it, instead of each of them building it again.
            flight = self._flights.setdefault(key, [threading.Lock(), 0, _UNBUILT])
            flight[1] += 1
        try:
            with flight[0]:
                with self._lock:
                    entry = self._entries.get(key)
                    if entry is not None:  # built by the caller we waited for
                        self._touch(key, entry)
                        return cast(R, entry.value)
                    if flight[2] is not _UNBUILT:  # built by the caller we waited for, too large to keep
                        return cast(R, flight[2])
                value = build()
                flight[2] = value
                self.put(key, value, safe_measure(value, freeze=freeze), namespace, max_entries)
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
        self._give_back()

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
        self._give_back()

    def _give_back(self) -> None:
        """Once evictions freed :data:`TRIM_AFTER` bytes, ask malloc to give its free memory back to
        the system (outside the lock: trimming a large heap takes a few milliseconds; never on a hit)."""
        with self._lock:
            if self._freed < TRIM_AFTER:
                return
            self._freed = 0
            self.trims += 1
        trim_malloc()

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
        while self.total > room:
            # the least recently used entry that is not pinned (pinned ones are few: capped by count)
            key = next((k for k, e in self._entries.items() if not e.pinned), None)
            if key is None:
                return
            entry = self._entries.pop(key)
            self._forget(key, entry)
            self.evictions += 1
            self._freed += entry.size


#: Bytes evicted after which malloc is asked to give its free memory back (:func:`trim_malloc`).
#: glibc gives a freed block back only from the top of its heaps and from blocks it mapped on its own
#: (at least 128 KiB, a threshold it raises to the size of any mapped block freed, up to 32 MiB): the
#: 4-8 MB weight matrices of an evicted model end up in the middle of a heap (each session's thread has
#: its own), where they stay the server's. malloc_trim gives every free page of every heap back. Once
#: per 32 MB evicted, it costs a few milliseconds per model-sized eviction, and nothing to a hit.
#: (A fixed 1 MiB mmap threshold did this job before; it made every large allocation a system call:
#: training a d_model 512 model spent ~3 s of system CPU instead of 0.44 s.)
TRIM_AFTER = 32 * MB


@functools.cache
def _libc() -> Any:
    """glibc's handle where there is one (Linux with glibc), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_trim  # noqa: B018  -- musl and others have none
    except (OSError, AttributeError):
        return None
    return libc


def trim_malloc() -> bool:
    """Ask glibc's malloc to give the free memory of its heaps back to the system; False where that is
    not glibc (nothing to do there)."""
    libc = _libc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True


#: The server's one store: every cache of this process shares its budget.
STORE = Store(budget_from_env())


# ---- caches on top of it -------------------------------------------------------------------------------
def _param(value: object) -> object:
    """One argument of a cached function as part of its key: parameters, never arrays (hashing an
    array's bytes on every call would cost as much as some of the results). Typed, so that 1, 1.0 and
    True are three keys."""
    if isinstance(value, np.ndarray) or torch_kind(value) == "tensor":
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
    namespace of its own; values are measured (and their arrays made read-only) when set. A ``pinned``
    cache's entries are never evicted for other caches' (see :meth:`Store.put`)."""

    def __init__(
        self, name: str, *, max_entries: int | None = None, pinned: bool = False, store: Store | None = None
    ) -> None:
        if pinned and max_entries is None:
            raise ValueError("a pinned cache needs max_entries: nothing else bounds it")
        self.namespace = f"{name}#{next(_cache_ids)}"
        self.max_entries = max_entries
        self.pinned = pinned
        self._store = STORE if store is None else store

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value for ``key`` (now the most recently used of every cache), or ``default``."""
        return cast("V | None", self._store.get((self.namespace, key), default))

    def __setitem__(self, key: K, value: V) -> None:
        size = safe_measure(value, freeze=True)
        self._store.put((self.namespace, key), value, size, self.namespace, self.max_entries, self.pinned)

    def __contains__(self, key: K) -> bool:
        return (self.namespace, key) in self._store

    def __len__(self) -> int:
        return len(self._store.sizes(self.namespace))

    def clear(self) -> None:
        self._store.discard(self.namespace)
