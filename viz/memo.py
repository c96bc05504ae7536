"""A cache of built figures shared by every session: :func:`memoized` (pure Python and NumPy).

Building a Plotly figure in Python is most of a page's server time: Plotly validates every property of
every trace. A class moving the same sliders asks for the same figures over and over, so
``viz.figures`` keeps the last thousand or so it built, keyed by the builder's arguments (arrays by a
digest of their bytes), and every session shares them.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import ParamSpec, TypeVar, cast

import numpy as np

P = ParamSpec("P")
R = TypeVar("R")

#: Results kept, and about how many bytes of data they may hold together (see :func:`_array_bytes`;
#: the chart JSON viz.ui keeps beside each live figure is about as large again). The load benchmark
#: (five pages at default sizes, one slider cycle each) builds 317 figures holding 1.4 MB: with 256
#: they pushed each other out, so charts were rebuilt on reruns all the time.
MEMO_ENTRIES = 1024
MEMO_BYTES = 96 * 2**20


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


def _array_bytes(value: object) -> int:
    """About how many bytes a result built from ``value`` keeps: a figure holds its own copy of the
    data it was given (arrays at their size, sequences at 8 bytes an item, cell text at 16)."""
    if isinstance(value, np.ndarray):
        return int(value.size * 16 if value.dtype.hasobject else value.nbytes)
    if isinstance(value, Mapping):
        return sum(_array_bytes(v) for v in value.values())
    if isinstance(value, list | tuple | range):
        return 8 * len(value) + sum(_array_bytes(v) for v in value if not isinstance(v, int | float | str))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sum(_array_bytes(getattr(value, f.name)) for f in dataclasses.fields(value))
    return 0


_memo: OrderedDict[object, tuple[object, int]] = OrderedDict()
_memo_bytes = 0
_memo_lock = threading.Lock()


def memoized(builder: Callable[P, R]) -> Callable[P, R]:
    """Keep the last :data:`MEMO_ENTRIES` results ``builder`` made (all builders together), keyed by
    its name and arguments.

    Building a figure is most of a page's server time (Plotly validates every property), and a class
    moving the same sliders asks for the same figures again and again, so every session shares one
    cache. The figure returned may be one another session also holds: treat it as read-only (Streamlit
    only reads it). Arguments the key cannot describe skip the cache.
    """

    @functools.wraps(builder)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        global _memo_bytes
        try:
            key = (f"{builder.__module__}.{builder.__qualname__}", _key(args), _key(sorted(kwargs.items())))
        except _Unkeyable:
            return builder(*args, **kwargs)
        with _memo_lock:
            hit = _memo.get(key)
            if hit is not None:
                _memo.move_to_end(key)
                return cast(R, hit[0])
        fig = builder(*args, **kwargs)
        size = _array_bytes(args) + _array_bytes(kwargs)
        with _memo_lock:
            if key not in _memo:
                _memo[key] = (fig, size)
                _memo_bytes += size
            while _memo and (len(_memo) > MEMO_ENTRIES or _memo_bytes > MEMO_BYTES):
                _memo_bytes -= _memo.popitem(last=False)[1][1]
        return fig

    return wrapper


def memo_clear() -> None:
    """Forget every memoized result (for tests and benchmarks)."""
    global _memo_bytes
    with _memo_lock:
        _memo.clear()
        _memo_bytes = 0
