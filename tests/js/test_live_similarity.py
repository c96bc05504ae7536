"""The similarity page's live charts (viz/ui/live/recipes/similarity.js: one position against every other,
every pair of the grid by offset with the formula's curve) filled in Node.js as the page sends them, on a
grid of its parameters and their edges, equal to the figures the server draws itself
(tests/support/live_charts.py)."""

from __future__ import annotations

import pytest

from tests.support import live_charts
from viz.ui import live

TOPIC = "similarity"
BOTH = {"sim_row", "sim_offset"}
#: A link's query and the topic's recipes the page then draws (for both compared tables).
CASES: list[tuple[dict[str, str], set[str]]] = [
    ({}, BOTH),
    ({"enc": "rope", "vs": "integer", "measure": "cosine", "p": "0"}, BOTH),  # NaN against a zero row
    ({"enc": "normalized", "vs": "binary", "measure": "cosine", "max_len": "50", "p": "49"}, BOTH),  # flat
    ({"measure": "distance", "d_model": "33", "base": "2"}, BOTH),  # an odd width: no formula's curve
    ({"d_model": "1024", "max_len": "4096", "base": "1000000", "p": "4095"}, BOTH),  # the high ends
    ({"d_model": "2", "max_len": "2", "measure": "cosine"}, BOTH),  # the low ends the row draws at
    ({"enc": "sinusoidal", "vs": "learned", "layout": "split"}, BOTH),  # beside a table of the server's
]


@pytest.mark.parametrize(("query", "recipes"), CASES, ids=live_charts.case_id)
def test_the_recipes_draw_the_servers_figures(
    query: dict[str, str], recipes: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    live_charts.check_page(TOPIC, "similarity", query, recipes, monkeypatch)


def test_the_grid_covers_every_recipe_of_the_topic() -> None:
    assert set().union(*(recipes for _, recipes in CASES)) == set(live.TOPICS[TOPIC])
