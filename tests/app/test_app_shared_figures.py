"""Built figures are shared by every session (viz.cache.memo): no page may change one after it is built.

viz.cache.memo fingerprints each figure it builds when a test asks it to (``memo.FINGERPRINTS``); every page
is then run with every section open, then run again (the second run takes the figures from the cache,
where a page changing "its" figure would change everyone's), and no fingerprint may have moved.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from bench.harness.apptest import new_app, ok
from viz import figures
from viz.cache import memo

#: Every page of the app (a new page is watched without editing this file).
PAGES = sorted(f"pages/{p.name}" for p in (Path(__file__).resolve().parents[2] / "pages").glob("*.py"))


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, tuple[str, object, str]]]:
    """Fingerprint every figure built from a cold cache on."""
    seen: dict[int, tuple[str, object, str]] = {}
    monkeypatch.setattr(memo, "FINGERPRINTS", seen)
    memo.memo_clear()
    yield seen
    memo.memo_clear()


def test_a_changed_figure_is_caught(watched: dict[int, tuple[str, object, str]]) -> None:
    """The check can fail: change a built figure the way a careless page would, and it is named."""
    fig = figures.heatmap(np.eye(3), title="shared")
    assert memo.mutated() == []
    fig.update_layout(title={"text": "mine now"})
    assert memo.mutated() == ["viz.figures.heatmaps.heatmap"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_page_changes_a_shared_figure(lang: str, watched: dict[int, tuple[str, object, str]]) -> None:
    at = new_app(lang=lang)
    at.run()
    for _ in range(2):  # the second pass draws the figures the first one built, from the cache
        for page in PAGES:
            ok(at.switch_page(page).run())
    builders = {name for name, _, _ in watched.values()}
    # every kind of figure the pages draw was watched (a page that stopped drawing would pass silently)
    assert {
        "viz.figures.heatmaps.heatmap",
        "viz.figures.heatmaps.heads_grid",
        "viz.figures.lines.lines",
    } <= builders
    assert len(watched) >= 40, len(watched)
    assert memo.mutated() == []
