"""The positional encoding page's live charts (viz/ui/live/recipes/positional_encoding.js: the table as a
strided heatmap, the chosen columns over position) filled in Node.js as the page sends them, on a grid of
its parameters and their edges, equal to the figures the server draws itself (tests/support/live_charts.py).
"""

from __future__ import annotations

import pytest

from tests.support import live_charts
from viz.ui import live

TOPIC = "positional_encoding"
BOTH = {"pe_table", "pe_curves"}
#: A link's query and the topic's recipes the page then draws.
CASES: list[tuple[dict[str, str], set[str]]] = [
    ({}, BOTH),
    ({"d_model": "2", "max_len": "1", "base": "2"}, BOTH),  # the sliders' low ends
    ({"d_model": "1024", "max_len": "4096", "base": "1000000"}, BOTH),  # their high ends: strided
    ({"enc": "rope", "d_model": "33", "max_len": "7", "dims": "0,1,32"}, BOTH),  # an odd width's last column
    ({"enc": "binary", "d_model": "65", "max_len": "333", "base": "500"}, BOTH),
    ({"enc": "integer", "d_model": "7", "max_len": "100"}, BOTH),
    ({"enc": "normalized", "max_len": "1"}, BOTH),  # one position: pos / max(max_len - 1, 1)
    ({"layout": "split", "d_model": "17", "max_len": "300", "base": "20"}, BOTH),
    ({"enc": "learned"}, set()),  # a trained table is the server's chart
]


@pytest.mark.parametrize(("query", "recipes"), CASES, ids=live_charts.case_id)
def test_the_recipes_draw_the_servers_figures(
    query: dict[str, str], recipes: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    live_charts.check_page(TOPIC, "positional_encoding", query, recipes, monkeypatch)


def test_the_grid_covers_every_recipe_of_the_topic() -> None:
    assert set().union(*(recipes for _, recipes in CASES)) == set(live.TOPICS[TOPIC])
