"""The relative biases' live charts (viz/ui/live/recipes/relative.js: ALiBi's, T5's and KERPLE's query x
key matrices and their curves by distance) filled in Node.js as the similarity page's bias tab sends them,
on a grid of its parameters and their edges, equal to the figures the server draws itself
(tests/support/live_charts.py)."""

from __future__ import annotations

import pytest

from tests.support import live_charts
from viz.ui import live

TOPIC = "relative"
ALIBI, T5, KERPLE = (
    {"alibi_matrix", "alibi_lines"},
    {"t5_matrix", "t5_lines"},
    {"kerple_matrix", "kerple_lines"},
)
#: A link's query and the topic's recipes the page then draws.
CASES: list[tuple[dict[str, str], set[str]]] = [
    ({"bias": "alibi"}, ALIBI),
    ({"bias": "alibi", "blen": "4", "bheads": "1"}, ALIBI),  # the low ends
    ({"bias": "alibi", "blen": "256", "bheads": "16", "bhead": "16", "causal": "0"}, ALIBI),  # the high ends
    ({"bias": "alibi", "bheads": "3", "bhead": "3", "blen": "37"}, ALIBI),  # heads not a power of two
    ({"bias": "t5"}, T5),
    ({"bias": "t5", "buckets": "8", "maxdist": "16", "bidir": "0", "blen": "4"}, T5),  # the low ends
    ({"bias": "t5", "buckets": "64", "maxdist": "1024", "blen": "256"}, T5),  # the high ends
    ({"bias": "kerple"}, KERPLE),
    ({"bias": "kerple", "r1": "0.1", "r2": "0.1", "blen": "4", "causal": "0"}, KERPLE),  # the low ends
    ({"bias": "kerple", "r1": "5", "r2": "5", "blen": "256"}, KERPLE),  # the high ends
    ({"bias": "kerple", "r1": "2.5", "r2": "4.5"}, KERPLE),  # m = 11.25: Python's 11.2, not 11.3
]


@pytest.mark.parametrize(("query", "recipes"), CASES, ids=live_charts.case_id)
def test_the_recipes_draw_the_servers_figures(
    query: dict[str, str], recipes: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    live_charts.check_page(TOPIC, "similarity", query, recipes, monkeypatch)


def test_the_grid_covers_every_recipe_of_the_topic() -> None:
    assert set().union(*(recipes for _, recipes in CASES)) == set(live.TOPICS[TOPIC])
