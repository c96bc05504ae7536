"""The app's own charts without the app: for ``bench.replay_bench``, which finds what drawing costs.

Reads figure specs (Plotly JSON captured from a page by ``bench.replay_bench``) from the file in
``REPLAY_SPECS`` and draws them all under one sidebar slider labelled ``d_model``. Every slider move
changes each chart's title and scales its data (every ``z``, or every numeric ``y``) by a factor that
depends on the slider, so every chart is redrawn with new values, as a real slider move does. With
``REPLAY_MODE=inplace`` the charts go through a small component that calls ``Plotly.react`` on the
existing chart (plotly.js from ``bench/static/``, served by Streamlit's static serving) instead of
``st.plotly_chart``, which Streamlit 1.67 remounts whenever a figure changes.
"""

from __future__ import annotations

import contextlib
import json
import os

import numpy as np
import plotly.io as pio
import streamlit as st

_INPLACE_JS = r"""
function loadPlotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window.__replayPlotly) {
    window.__replayPlotly = new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = './app/static/plotly.min.js';
      s.onload = () => resolve(window.Plotly);
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }
  return window.__replayPlotly;
}
export default function (component) {
  const { data, parentElement } = component;
  loadPlotly().then((Plotly) => {
    let el = parentElement.querySelector('.replay-plot');
    if (!el) {
      el = document.createElement('div');
      el.className = 'replay-plot';
      parentElement.appendChild(el);
    }
    const fig = JSON.parse(data.spec);
    Plotly.react(el, fig.data, fig.layout, {displaylogo: false, responsive: true});
  });
}
"""

with open(os.environ["REPLAY_SPECS"], encoding="utf-8") as f:
    specs: list[list[str]] = json.load(f)
inplace = os.environ.get("REPLAY_MODE") == "inplace"
draw = st.components.v2.component("replay_plot", js=_INPLACE_JS, isolate_styles=False) if inplace else None

n = st.sidebar.slider("d_model", 2, 128, 64, step=1, key="d_model")
for key, spec in specs:
    fig = pio.from_json(spec)
    fig.update_layout(title={"text": f"{key} · {n}"})
    factor = 1.0 + (n - 64) / 256
    for trace in fig.data:
        for name in ("z", "y"):
            with contextlib.suppress(AttributeError, TypeError, ValueError):
                values = getattr(trace, name)
                if values is not None:
                    setattr(trace, name, np.asarray(values, dtype=np.float64) * factor)
                    break
    if draw is not None:
        draw(data={"spec": fig.to_json()}, key=key)
    else:
        st.plotly_chart(fig, key=key, width="stretch", config={"displaylogo": False})
