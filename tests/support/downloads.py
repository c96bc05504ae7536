"""What a page's CSV buttons would download, under AppTest: every chart's download recorded by its key."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pandas as pd
import pytest

from viz.ui import chart as chart_module


@contextmanager
def recorded() -> Iterator[dict[str, tuple[bytes, Any]]]:
    """While open, each chart's download (its figure's payload and its CSV maker) by the chart's key."""
    found: dict[str, tuple[bytes, Any]] = {}
    original = chart_module.download

    def spy(payload: bytes, *, key: str, lang: str, csv: Any, file_name: str | None) -> None:
        found[key] = (payload, csv)
        original(payload, key=key, lang=lang, csv=csv, file_name=file_name)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(chart_module, "download", spy)
        yield found


def table(found: dict[str, tuple[bytes, Any]], key: str, lang: str = "en") -> pd.DataFrame:
    """The CSV the chart ``key`` offers, read as a table (its leading notes skipped)."""
    payload, make = found[key]
    text = chart_module.csv_bytes(payload, lang, make).decode("utf-8-sig")
    # the file's own notes are its first lines, each starting with "#"; a token may hold "#" too (MiniLM's
    # "##s"), so only those leading lines are skipped
    lines = text.splitlines()
    notes = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    return pd.read_csv(io.StringIO(text), skiprows=notes, keep_default_na=False)
