// RoPE past its training length (the positional encoding page's RoPE tab): each pair's wavelength,
// YaRN's ramp and the mean score by distance under every method.
((AL) => {
  'use strict';
  const CF = AL.closedForm;
  const { range } = AL.twins;
  const RECIPES = AL.recipes;

  // Each recipe fills figure (a copy the chart owns) from the parameters p and returns what it computed,
  // kept on the chart's element for the tests ({rows, cols, data} of the cells shown). Its Python twin
  // is the figure the view draws itself (its truth): tests/js/test_live_rope_scaling.py holds the two equal.
  // Markers while the pairs can be told apart (viz.views.rope_scaling.pair_mode): each one is an SVG path
  // Plotly redraws, and at 64 pairs and four methods they take half the frame.
  function pairMode(n, p) {
    return n <= p.marked ? 'lines+markers' : 'lines';
  }

  // Each pair's wavelength under every method, with L and s x L as levels (viz.views.rope_scaling).
  RECIPES.rs_waves = (figure, p) => {
    const n = p.d_head / 2;
    const pairs = range(n);
    const out = new Float64Array(p.methods.length * n);
    p.methods.forEach((m, k) => {
      const w = CF.scaledFrequencies(m, p.d_head, p.base, p.scale, p.train_len);
      const waves = Float64Array.from(w, (f) => (2 * Math.PI) / f);
      out.set(waves, k * n);
      figure.data[k].x = pairs;
      figure.data[k].y = waves;
      figure.data[k].mode = pairMode(n, p);
    });
    p.sl = p.scale * p.train_len;
    const ends = [0, Math.max(n - 1, 0)];
    [p.train_len, p.sl].forEach((level, i) => {
      const trace = figure.data[p.methods.length + i];
      if (trace) {
        trace.x = ends;
        trace.y = [level, level];
      }
    });
    return { rows: p.methods, cols: pairs, data: out };
  };
  // YaRN's ramp over the pairs.
  RECIPES.rs_ramp = (figure, p) => {
    const ramp = CF.yarnRamp(p.d_head, p.base, p.train_len);
    figure.data[0].x = range(ramp.length);
    figure.data[0].y = ramp;
    figure.data[0].mode = pairMode(ramp.length, p);
    return { rows: ['ramp'], cols: range(ramp.length), data: ramp };
  };
  // the ramp does not depend on s: a drag of s leaves it as it is (see redraw)
  RECIPES.rs_ramp.inputs = ['d_head', 'base', 'train_len', 'marked'];
  // Each method's mean score near every distance (log-spaced to 2 s L), with marks at L and s L.
  RECIPES.rs_scores = (figure, p) => {
    const x = CF.geomspace(1, 2 * p.scale * p.train_len, p.points);
    const hi = x.map((v) => v * (1 + p.window));
    const out = new Float64Array(p.methods.length * x.length);
    p.methods.forEach((m, k) => {
      const w = CF.scaledFrequencies(m, p.d_head, p.base, p.scale, p.train_len);
      const factor = m === 'yarn' ? CF.yarnTemperature(p.scale) : 1;
      const y = CF.scoreWindow(w, x, hi, factor);
      out.set(y, k * x.length);
      figure.data[k].x = x;
      figure.data[k].y = y;
    });
    p.sl = p.scale * p.train_len;
    [p.train_len, p.sl].forEach((at, i) => {
      const trace = figure.data[p.methods.length + i];
      if (trace) trace.x = [at, at];
    });
    return { rows: p.methods, cols: Array.from(x), data: out };
  };
})(globalThis.AttentionLab);
