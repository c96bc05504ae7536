"""RoPE past its training length, live (viz/ui/live/recipes/rope_scaling.js: each pair's wavelength under
every method with L and s x L as levels, YaRN's ramp, the mean score by distance) filled in Node.js as the
positional encoding page's RoPE tab sends them, on a grid of its sliders and their edges, equal to the
figures the server draws itself (tests/support/live_charts.py)."""

from __future__ import annotations

import pytest

from tests.support import live_charts
from viz.ui import live

TOPIC = "rope_scaling"
ALL = {"rs_waves", "rs_ramp", "rs_scores"}
#: A link's query and the topic's recipes the page then draws.
CASES: list[tuple[dict[str, str], set[str]]] = [
    ({}, ALL),
    ({"L": "256", "s": "1", "dh": "16"}, ALL),  # the low ends: no scaling at all, markers on the pairs
    ({"L": "8192", "s": "32", "dh": "256"}, ALL),  # the high ends: lines only past 32 pairs
    ({"L": "256", "s": "32", "dh": "64", "base": "2"}, ALL),  # a base so small the ramp is all 1
    ({"L": "1024", "s": "2", "dh": "32", "base": "1000000"}, ALL),  # 16 pairs: the last marked width
]


@pytest.mark.parametrize(("query", "recipes"), CASES, ids=live_charts.case_id)
def test_the_recipes_draw_the_servers_figures(
    query: dict[str, str], recipes: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    live_charts.check_page(TOPIC, "positional_encoding", query, recipes, monkeypatch)


def test_the_grid_covers_every_recipe_of_the_topic() -> None:
    assert set().union(*(recipes for _, recipes in CASES)) == set(live.TOPICS[TOPIC])
