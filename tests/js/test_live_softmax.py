"""The softmax page's live charts (viz/ui/live/recipes/softmax.js: one row of scores at a temperature,
the scaling picture's histograms at a d_k) filled in Node.js as the page sends them, on a grid of its
parameters and their edges, equal to the figures the server draws itself (tests/support/live_charts.py)."""

from __future__ import annotations

import pytest

from tests.support import live_charts
from viz.ui import live

TOPIC = "softmax"
BOTH = {"sm_row", "sm_hist"}
#: A link's query and the topic's recipes the page then draws.
CASES: list[tuple[dict[str, str], set[str]]] = [
    ({}, BOTH),
    ({"dk": "1", "temp": "0.1", "keys": "2", "n": "500"}, BOTH),  # the low ends: a sharp softmax
    ({"dk": "1024", "temp": "5", "keys": "16", "n": "20000", "seed": "3"}, BOTH),  # the high ends
    ({"dk": "3", "temp": "0.7", "seed": "11"}, BOTH),  # an odd d_k, a temperature of two digits
]


@pytest.mark.parametrize(("query", "recipes"), CASES, ids=live_charts.case_id)
def test_the_recipes_draw_the_servers_figures(
    query: dict[str, str], recipes: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    live_charts.check_page(TOPIC, "softmax", query, recipes, monkeypatch)


def test_the_grid_covers_every_recipe_of_the_topic() -> None:
    assert set().union(*(recipes for _, recipes in CASES)) == set(live.TOPICS[TOPIC])
