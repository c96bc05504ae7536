"""The app for ``bench.element_bench``: the floor's sidebar slider, then ``n`` elements of one ``kind``.

``?kind=markdown&n=40``: what forty captions cost a rerun beside the slider alone (``n=0``). Each kind is
one of the elements a page of the app is made of, keyed where the app keys it. ``&floor=1`` draws the
floor's heatmap (``bench/minimal_app.py``'s, through ``st.plotly_chart``) after them, last, so that a press
in the browser is over when that chart is redrawn: the floor with ``n`` elements more
(``bench.element_browser_bench``).
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from viz.ui import chart

#: The most elements an address may ask for (a benchmark's app, but an address is still input).
MOST = 200
#: A tiny figure's JSON, as the chart component gets it (the app's are memoized bytes too).
FIGURE = b'{"data":[{"type":"heatmap","z":[[0,1],[1,0]]}],"layout":{"height":120}}'

kind = st.query_params.get("kind", "markdown")
try:
    n = max(0, min(MOST, int(st.query_params.get("n", "0"))))
except ValueError:
    n = 0

d = st.sidebar.slider("d_model", 2, 64, 32, step=1, key="d_model")
for i in range(n):
    if kind == "markdown":
        st.caption(f"element {i}: d_model {d}")
    elif kind == "toggle":
        st.toggle(f"switch {i}", key=f"toggle_{i}")
    elif kind == "container":
        with st.container(horizontal=True):
            st.caption(f"element {i}")
    elif kind == "download":
        st.download_button(
            f"CSV {i}", data=lambda: b"a,b\n", file_name="x.csv", key=f"csv_{i}", on_click="ignore"
        )
    elif kind == "chart":
        chart.mount(FIGURE, key=f"chart_{i}", summary=f"chart {i}")
    elif kind == "selectbox":
        st.selectbox(f"choice {i}", [1, 2, 3], key=f"select_{i}")

if st.query_params.get("floor") == "1":
    # the floor's own chart, built as bench/minimal_app.py builds it (a script run by path imports no bench)
    z = np.sin(np.outer(np.arange(16), 1.0 / (1.0 + np.arange(d)))).astype(np.float32)
    fig = go.Figure(go.Heatmap(z=z, colorscale="RdBu_r", zmid=0.0))
    fig.update_layout(title={"text": f"16 positions × {d} dimensions"}, height=360)
    st.plotly_chart(fig, key="heatmap")
