"""``bench.frontend_bench`` puts each CPU-profile sample in one bin by the innermost script on its stack."""

from __future__ import annotations

from typing import Any

from bench.frontend_bench import BINS, bin_samples

STREAMLIT = "http://127.0.0.1:8501/static/js/react-dom.Dzbslgj4.js"
PLOTLY = "http://127.0.0.1:8501/app/static/plotly.min.js"
ST_PLOTLY = "http://127.0.0.1:8501/static/js/PlotlyChart.D9Z0_fxz.js"
COMPONENT = "a0c1d2e3-the-component"  # the inline component script has no file of its own


def node(
    node_id: int, name: str, url: str = "", children: tuple[int, ...] = (), script: str = "0"
) -> dict[str, Any]:
    frame = {"functionName": name, "url": url, "scriptId": script}
    return {"id": node_id, "callFrame": frame, "children": list(children)}


# (root) -> (program) | (idle) | (garbage collector)
#        -> commitRoot [react-dom] -> getBoundingClientRect [native]
#        -> pump [component] -> react [plotly]
#        -> draw [st.plotly_chart's plotly]
#        -> tick [the probe: a script with no file] -> querySelectorAll [native]
NODES = [
    node(1, "(root)", children=(2, 3, 4, 5, 7, 9, 10)),
    node(2, "(program)"),
    node(3, "(idle)"),
    node(4, "(garbage collector)"),
    node(5, "commitRoot", STREAMLIT, children=(6,), script="11"),
    node(6, "getBoundingClientRect"),
    node(7, "pump", COMPONENT, children=(8,), script="12"),
    node(8, "react", PLOTLY, script="13"),
    node(9, "draw", ST_PLOTLY, script="14"),
    node(10, "tick", children=(11,), script="15"),
    node(11, "querySelectorAll"),
]


def test_each_sample_goes_to_the_innermost_script_or_to_what_the_browser_was_doing() -> None:
    samples = [2, 3, 4, 5, 6, 7, 8, 9, 6, 8, 11]
    deltas = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100]
    got = bin_samples({"nodes": NODES, "samples": samples, "timeDeltas": deltas})

    assert got == {
        "browser (style, layout, paint)": 100,
        "idle": 200,
        "GC": 300,
        "Streamlit frontend": 400 + 500 + 900,  # the native layout call counts for its caller
        "chart component": 600,
        "plotly.js": 700 + 800 + 1000,  # the app's plotly.js and st.plotly_chart's
        "the probe": 1100,
    }
    assert set(got) <= set(BINS)
    assert sum(got.values()) == sum(deltas)


def test_a_sample_in_no_script_is_binned_by_itself_whatever_came_before() -> None:
    # (root) sampled itself, then (idle) and (program) under it; then a script's native call and (idle)
    samples, deltas = [1, 3, 2, 6, 3, 11, 3], [5, 10, 20, 30, 40, 50, 60]
    got = bin_samples({"nodes": NODES, "samples": samples, "timeDeltas": deltas})
    assert got == {
        "browser (style, layout, paint)": 5 + 20,
        "idle": 10 + 40 + 60,
        "Streamlit frontend": 30,
        "the probe": 50,
    }
