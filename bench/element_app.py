"""The app for ``bench.element_bench``: the floor's sidebar slider, then ``n`` elements of one ``kind``.

``?kind=markdown&n=40``: what forty captions cost a rerun beside the slider alone (``n=0``). Each kind is
one of the elements a page of the app is made of, keyed where the app keys it.
"""

from __future__ import annotations

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
