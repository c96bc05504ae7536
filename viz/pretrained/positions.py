"""Real models' trained position tables, as the Positional-encoding and Similarity pages compare them
with the formulas: all-MiniLM-L6-v2's 512 x 384 table (``embeddings.position_embeddings.weight``).

Only that one tensor is read from the safetensors file (with NumPy: no torch, no model), after the file's
hash is checked, once per server process; every session shares the same read-only array. When the Real
models page has already loaded MiniLM, its table is the one used.
"""

from __future__ import annotations

import threading

import numpy as np

from viz import pretrained
from viz.pretrained import files

#: Which model each trained encoding (viz.encodings.TRAINED_KINDS) comes from, and its tensor's name.
SOURCES: dict[str, tuple[str, str, str]] = {
    "minilm": ("minilm", "model.safetensors", "embeddings.position_embeddings.weight"),
}

_lock = threading.Lock()
_tables: dict[str, np.ndarray] = {}


def table(kind: str) -> np.ndarray:
    """The trained position table of ``kind`` (rows are positions), float32 and read-only.

    Raises :class:`viz.pretrained.NotReady` when the model's files are missing or differ from the pinned
    ones (a changed file stays refused until a restart, as on the Real models page).
    """
    found = _tables.get(kind)
    if found is not None:
        return found
    key, file_name, tensor = SOURCES[kind]
    with _lock:
        if kind in _tables:
            return _tables[kind]
        loaded = pretrained.loaded(key)
        if loaded is not None:
            values = np.asarray(loaded.model.positions, dtype=np.float32)
        else:
            pretrained.check_files(key)
            from safetensors import safe_open

            with safe_open(str(files.folder(files.PINS[key]) / file_name), framework="numpy") as f:
                values = np.ascontiguousarray(f.get_tensor(tensor), dtype=np.float32)
        values = values.copy()
        values.flags.writeable = False
        _tables[kind] = values
        return values
