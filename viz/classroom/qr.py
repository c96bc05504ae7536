"""The join link as a QR code, drawn here (segno, pure Python, pinned in pyproject.toml): nothing is sent to
an outside service, and a phone's camera opens the link. No Streamlit here."""

from __future__ import annotations

import functools
import io

import segno


@functools.lru_cache(maxsize=64)  # one per class and address: drawn once, shown on every poll
def png(url: str, scale: int = 8) -> bytes:
    """``url`` as a black-on-white QR code (error correction M: a projected code photographed at an angle
    still reads), ``scale`` pixels a module, a quiet zone of two modules."""
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=2, dark="#000000", light="#ffffff")
    return out.getvalue()
