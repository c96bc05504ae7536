"""A cache of built figures shared by every session: :func:`memoized` (pure Python and NumPy).

Building a Plotly figure in Python is most of a page's server time: Plotly validates every property of
every trace. A class moving the same sliders asks for the same figures over and over, so
``viz.figures`` keeps the last thousand or so it built, keyed by the builder's arguments (arrays by a
digest of their bytes), and every session shares them. They count against the server's one memory
budget (:mod:`viz.cache.budget`) with every other cache.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from collections.abc import Callable, Mapping
from typing import ParamSpec, TypeVar

import numpy as np

from viz.cache import budget

P = ParamSpec("P")
R = TypeVar("R")

#: Results kept at most (all builders together); their bytes count against the shared budget
#: (:data:`viz.cache.budget.STORE`). The load benchmark (five pages at default sizes, one slider cycle each)
#: builds 317 figures: with 256 they pushed each other out, so charts were rebuilt on reruns all the
#: time. The count keeps the list short; the budget keeps the bytes in check.
MEMO_ENTRIES = 1024
#: The memo's namespace in the shared store.
NAMESPACE = "viz.cache.memo"

#: Off (None) in the app. A test sets it to a dict to fingerprint every result the memo builds, as
#: id -> (builder name, result, digest), and :func:`mutated` then names any shared result someone changed
#: after it was built. A fingerprint costs one JSON dump per figure, so the app does not pay it.
FINGERPRINTS: dict[int, tuple[str, object, str]] | None = None


def fingerprint(value: object) -> str:
    """A digest of ``value`` as it stands now: a figure's JSON (``to_json``), else its repr."""
    to_json = getattr(value, "to_json", None)
    text = to_json() if callable(to_json) else repr(value)
    return hashlib.blake2b(str(text).encode("utf-8")).hexdigest()


def mutated() -> list[str]:
    """The builders whose fingerprinted results (see :data:`FINGERPRINTS`) changed since they were built."""
    seen = FINGERPRINTS or {}
    return sorted({name for name, value, digest in list(seen.values()) if fingerprint(value) != digest})


class _Unkeyable(Exception):
    """An argument the memo cannot turn into a key: build the figure without caching it."""


def _key(value: object) -> object:
    """A hashable key equal for equal arguments: arrays by dtype, shape and a digest of their bytes."""
    if isinstance(value, np.ndarray):
        if type(value) is not np.ndarray or value.dtype.names is not None:
            raise _Unkeyable(type(value).__name__)  # masked or structured arrays: not worth the risk
        if value.dtype.hasobject:  # cell text: the strings, not the pointers
            return ("obj", value.shape, tuple(repr(v) for v in value.ravel()))
        data = np.ascontiguousarray(value)
        return ("nd", data.dtype.str, data.shape, hashlib.blake2b(data.tobytes()).digest())
    if isinstance(value, float | np.floating):
        return (type(value).__name__, float(value).hex())  # -0.0 and 0.0 apart
    if value is None or isinstance(value, str | bool | int | np.integer | np.bool_):
        return (type(value).__name__, value)
    if isinstance(value, Mapping):
        return ("map", tuple((_key(k), _key(v)) for k, v in value.items()))
    if isinstance(value, list | tuple | range):
        return ("seq", tuple(_key(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple(_key(getattr(value, f.name)) for f in dataclasses.fields(value)))
    raise _Unkeyable(type(value).__name__)


def memoized(builder: Callable[P, R]) -> Callable[P, R]:
    """Keep the last :data:`MEMO_ENTRIES` results ``builder`` made (all builders together), keyed by
    its name and arguments, in the server's shared store (each measured once, when it is built).

    Building a figure is most of a page's server time (Plotly validates every property), and a class
    moving the same sliders asks for the same figures again and again, so every session shares one
    cache. The figure returned may be one another session also holds: treat it as read-only (Streamlit
    only reads it; arrays in other results are made read-only). Arguments the key cannot describe skip
    the cache.
    """
    name = f"{builder.__module__}.{builder.__qualname__}"

    @functools.wraps(builder)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            key = (NAMESPACE, name, _key(args), _key(sorted(kwargs.items())))
        except _Unkeyable:
            return builder(*args, **kwargs)

        def build() -> R:
            value = builder(*args, **kwargs)
            if FINGERPRINTS is not None:  # a test watching for changes to shared results
                FINGERPRINTS[id(value)] = (name, value, fingerprint(value))
            return value

        return budget.STORE.get_or_build(
            key, build, namespace=NAMESPACE, max_entries=MEMO_ENTRIES, freeze=True
        )

    return wrapper


def memo_clear() -> None:
    """Forget every cached result of the server, figures, models and maps alike (for tests and
    benchmarks: a cold start)."""
    budget.STORE.discard()
