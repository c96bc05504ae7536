"""Every encoding, to parametrize a test over. A trained table (MiniLM's) is read from its model's files,
which the README's two commands fetch; a checkout without them skips that case, except under CI, where
the files must be there and the case fails without them (as tests/unit/pretrained/test_pretrained.py's
``real`` does)."""

from __future__ import annotations

import os

import pytest

from viz.encodings import ENCODING_KINDS, info
from viz.pretrained import files, positions


def _missing(kind: str) -> bool:
    if info(kind).size is None:  # type: ignore[arg-type]
        return False
    pin = files.PINS[positions.SOURCES[kind][0]]
    return files.status(pin, check_hash=False).state is not files.State.READY


KINDS = [
    pytest.param(
        kind,
        marks=pytest.mark.skipif(
            _missing(kind) and not os.environ.get("CI"), reason=f"needs {files.FETCH_COMMAND}"
        ),
    )
    for kind in ENCODING_KINDS
]
