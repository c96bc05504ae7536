"""The real models' weights in one read-only file per model that every server process maps into memory.

Loading a model from its pinned file costs seconds and a private copy in every process (SmolLM2: the
GGUF's 4-bit weights dequantised, 270 MB in float16; MiniLM: 90 MB of float32 read from its
safetensors). So each model is converted once, by the setup (``python -m viz.pretrained``) or else by
the first process that needs it, into ``mapped/weights.pt`` in the model's folder: PyTorch's own format,
whose tensors ``torch.load(mmap=True)`` maps instead of reading. Every process maps the same file, the
operating system keeps one copy of it in its page cache, and a model loads in a fraction of a second.

A copy is used only while its manifest (``mapped/manifest.json``) says it was made, in this format,
from the pinned files as they are now: each pinned file's SHA-256 (checked when the copy was made), size
and modification time, and the copy's own size and time. A pinned file changed since, even to one of the
same size, has another time: the copy is then made again, from files whose hashes are checked first.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from viz.pretrained import files

if TYPE_CHECKING:
    import torch

#: Bumped whenever what a copy holds changes: an older copy is then made again.
FORMAT = 1
SUBDIR = "mapped"
WEIGHTS, MANIFEST, TOKENIZER, LOCK = "weights.pt", "manifest.json", "tokenizer.json", ".lock"


@dataclass(frozen=True)
class Copy:
    """A model's mapped weights (read-only: every process shares their pages) and what was stored beside."""

    weights: dict[str, torch.Tensor]
    meta: dict[str, Any]
    folder: Path  # where the copy's files are (its tokenizer, when one was stored)


def folder(pin: files.Pin, root: Path | None = None) -> Path:
    return files.folder(pin, root) / SUBDIR


def _stamp(path: Path) -> dict[str, int]:
    found = path.stat()
    return {"size": found.st_size, "mtime_ns": found.st_mtime_ns}


def _sources(pin: files.Pin, root: Path | None) -> dict[str, dict[str, Any]]:
    base = files.folder(pin, root)
    return {f.name: {"sha256": f.sha256, **_stamp(base / f.name)} for f in pin.files}


def is_current(pin: files.Pin, root: Path | None = None) -> bool:
    """Whether the copy exists and was made, in this format, from the pinned files as they are now."""
    where = folder(pin, root)
    try:
        manifest = json.loads((where / MANIFEST).read_text(encoding="utf-8"))
        return bool(
            manifest.get("format") == FORMAT
            and manifest.get("sources") == _sources(pin, root)
            and manifest.get("weights") == _stamp(where / WEIGHTS)
        )
    except (OSError, ValueError):  # a file missing, or a manifest that is not ours
        return False


def open_copy(pin: files.Pin, root: Path | None = None) -> Copy | None:
    """The model's mapped weights, or None when there is no current copy (:func:`is_current`)."""
    if not is_current(pin, root):
        return None
    import torch

    where = folder(pin, root)
    manifest = json.loads((where / MANIFEST).read_text(encoding="utf-8"))
    weights = torch.load(where / WEIGHTS, mmap=True, weights_only=True, map_location="cpu")
    for tensor in weights.values():
        tensor.requires_grad_(False)
    return Copy(weights, manifest.get("meta", {}), where)


def _write(path: Path, write: Any) -> None:
    """Write through a temporary file renamed over ``path``: a reader never sees half a file."""
    part = path.with_name(path.name + ".part")
    with part.open("wb") as f:
        write(f)
        f.flush()
        os.fsync(f.fileno())
    part.replace(path)


def make(
    pin: files.Pin,
    weights: Mapping[str, torch.Tensor],
    meta: Mapping[str, Any],
    tokenizer: str | None = None,
    root: Path | None = None,
) -> None:
    """Write the copy of ``weights`` (stored as they are: the caller picks the dtype), ``meta`` (plain
    JSON) and ``tokenizer`` (a ``tokenizers`` JSON string), the manifest last. The caller has checked the
    pinned files' hashes and holds :func:`converting`."""
    import torch

    where = folder(pin, root)
    where.mkdir(parents=True, exist_ok=True)
    (where / MANIFEST).unlink(missing_ok=True)  # no manifest: no copy, while the files change
    state = {name: tensor.detach().contiguous() for name, tensor in weights.items()}
    _write(where / WEIGHTS, lambda f: torch.save(state, f))
    if tokenizer is not None:
        _write(where / TOKENIZER, lambda f: f.write(tokenizer.encode("utf-8")))
    manifest = {"format": FORMAT, "sources": _sources(pin, root), "weights": _stamp(where / WEIGHTS)}
    manifest["meta"] = dict(meta)
    text = json.dumps(manifest, indent=1, sort_keys=True)
    _write(where / MANIFEST, lambda f: f.write(text.encode("utf-8")))


@contextmanager
def converting(pin: files.Pin, root: Path | None = None) -> Iterator[None]:
    """Held while a copy is made: a process arriving meanwhile waits, then maps the copy just made,
    instead of making its own (two processes started together, each warming up the models)."""
    where = folder(pin, root)
    where.mkdir(parents=True, exist_ok=True)
    with (where / LOCK).open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
