"""The floor for ``bench.browser_bench``: one slider and one small Plotly heatmap, nothing else.

Whatever this costs per rerun (websocket, Streamlit's frontend, Plotly drawing) no page can beat.
The slider is labelled ``d_model`` and sits in the sidebar so the benchmark drives it like the app's.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

ROWS = 16

n = st.sidebar.slider("d_model", 2, 64, 32, step=1, key="d_model")
z = np.sin(np.outer(np.arange(ROWS), 1.0 / (1.0 + np.arange(n)))).astype(np.float32)  # (ROWS, n)
fig = go.Figure(go.Heatmap(z=z, colorscale="RdBu_r", zmid=0.0))
fig.update_layout(title={"text": f"{ROWS} positions × {n} dimensions"}, height=360)
st.plotly_chart(fig, key="heatmap")
