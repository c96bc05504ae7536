"""``bench.element_browser_bench``: its app draws the floor's chart after the elements, and its table's
arithmetic (cost per element, what fits in 1.25x of the floor) follows from the medians."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from bench.element_browser_bench import BOUND, Case, rows, shell_line

APP = Path(__file__).resolve().parents[3] / "bench" / "element_app.py"


@pytest.mark.parametrize("floor", ["1", "0"])
def test_the_floors_chart_comes_last_and_only_when_asked(floor: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"kind": "markdown", "n": "3", "floor": floor})
    at.run()
    assert not at.exception
    assert [c.value for c in at.caption] == [f"element {i}: d_model 32" for i in range(3)]
    charts = at.get("plotly_chart")
    assert len(charts) == (1 if floor == "1" else 0)
    if charts:
        main = list(at.main)
        assert main[-1].type == "plotly_chart"  # after every element: its redraw waits for them all
        z = json.loads(charts[0].proto.spec)["data"][0]["z"]  # a typed array: its dtype, shape and bytes
        assert z["shape"] == "16, 32"  # the floor's 16 positions x d_model


def test_the_table_takes_each_kinds_cost_from_the_medians() -> None:
    floor = Case("markdown", 0, press_ms=[190.0, 200.0, 210.0])
    dear = Case("markdown", 20, press_ms=[250.0, 260.0, 400.0], messages=[26, 26, 27])
    free = Case("toggle", 20, press_ms=[180.0, 200.0, 205.0], messages=[26, 26, 26])
    got = rows(floor, [dear, free])

    room = (BOUND - 1) * 200.0  # 50 ms of room above the floor's median
    each = (260.0 - 200.0) / 20  # 3 ms per caption
    assert got[0].startswith("| the floor (none) | 0 | 200 | 190–210 |")
    assert f"| 1.30× | {each:.1f} | {room / each:.0f} |" in got[1]  # 260 / 200; 16 captions fit
    assert "| 26 |" in got[1]  # the median of the messages
    assert got[2].endswith("| 0.0 | any |")  # no dearer than the floor: any number fits


def test_the_shell_is_put_against_the_floors_rerun_and_its_whole_press() -> None:
    floor = Case("markdown", 0, press_ms=[200.0, 210.0], idle_ms=[70.0, 90.0])
    shell = Case("shell", 0, "join", idle_ms=[150.0, 170.0], messages=[27, 27])
    got = shell_line(floor, shell)
    assert "27 messages a press" in got
    assert "160 ms after the keydown (range 150–170)" in got
    assert "2.00× the floor's rerun (80 ms" in got  # 160 / 80
    assert "0.78× the floor's whole press" in got  # 160 / 205
