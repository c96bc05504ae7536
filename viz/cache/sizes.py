"""How many bytes a cached value holds: NumPy arrays (their buffers, once however many views share them),
PyTorch tensors and modules (their storages) and Plotly figures, measured without importing torch or
Plotly; containers and plain objects are walked a few levels deep. Used by :mod:`viz.cache.budget`."""

from __future__ import annotations

import dataclasses
import itertools
import logging
import sys
from collections.abc import Mapping
from types import FunctionType, ModuleType
from typing import Any, cast

import numpy as np

log = logging.getLogger(__name__)

#: What a built Plotly figure holds besides the arrays, text and numbers of its data and layout (its
#: figure, trace and validator objects), measured with tracemalloc: 8-9 KB for a line or one heatmap,
#: 22 KB for a grid of 16 heatmaps, so a fixed part and a part per trace.
FIGURE_OVERHEAD = 8_000
TRACE_OVERHEAD = 1_000
#: How deep :func:`measure` follows nested containers and objects (results are a few levels deep).
_MAX_DEPTH = 24


def measure(value: object, *, freeze: bool = False) -> int:
    """About how many bytes ``value`` keeps alive: NumPy arrays (their whole buffer, once however many
    views share it), PyTorch modules (parameters and buffers) and tensors, Plotly figures (their data and
    layout, plus :data:`FIGURE_OVERHEAD`), pandas frames, dataclasses, containers and plain objects
    (their fields), text and numbers (:func:`sys.getsizeof`).

    With ``freeze``, every NumPy array found is made read-only on the way: a cached result is shared by
    every session, and an accidental write into it would change what the others see.
    """
    return _measure(value, set(), freeze, 0)


def torch_kind(value: object) -> str | None:
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
    kind = torch_kind(value)
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


_measure_failed: set[str] = set()  # type names whose measuring failed, logged once each


def safe_measure(value: object, *, freeze: bool = False) -> int:
    """:func:`measure`, or :func:`sys.getsizeof` when measuring fails (a tensor without storage, an
    unset field...): losing a value that took seconds to build over its size would be worse than
    counting it too small. Logged once a type."""
    try:
        return measure(value, freeze=freeze)
    except Exception:
        name = type(value).__qualname__
        if name not in _measure_failed:
            _measure_failed.add(name)
            log.warning("could not measure a %s: counting sys.getsizeof", name, exc_info=True)
        return sys.getsizeof(value)
