// The softmax page's live charts: one row at a temperature, and the scaling picture at a d_k.
((AL) => {
  'use strict';
  const CF = AL.closedForm;
  const { range } = AL.twins;
  const RECIPES = AL.recipes;

  // Each recipe fills figure (a copy the chart owns) from the parameters p and returns what it computed,
  // kept on the chart's element for the tests ({rows, cols, data} of the cells shown). Its Python twin
  // is the figure the view draws itself (its truth): tests/js/test_live_softmax.py holds the two equal.
  Object.assign(RECIPES, {
    // One row of scores through softmax at a temperature, unscaled and scaled by 1/sqrt(d_k).
    sm_row(figure, p) {
      const raw = CF.softmax(p.scores, p.temperature);
      const scaled = CF.softmax(p.scaled_scores, p.temperature);
      figure.data[0].y = raw;
      figure.data[1].y = scaled;
      const both = new Float64Array(raw.length * 2);
      both.set(raw, 0);
      both.set(scaled, raw.length);
      return { rows: ['raw', 'scaled'], cols: range(raw.length), data: both };
    },
  });

  // The scaling picture at d_k: the server's bin counts of q · k (unscaled or over √d_k) for that option,
  // as a density over ±4.5 standard deviations, and the normal curve theory says
  // (viz.scores.softmax.histogram).
  RECIPES.sm_hist = (figure, p) => {
    const at = p.options.indexOf(p.d_k);
    if (at < 0) throw new Error(`no measured d_k ${p.d_k}`);
    const variance = p.which === 'raw' ? p.d_k : 1;
    const half = 4.5 * Math.sqrt(variance);
    const edges = CF.linspace(-half, half, p.bins + 1);
    const width = edges[1] - edges[0];
    const centers = new Float64Array(p.bins);
    const density = new Float64Array(p.bins);
    for (let i = 0; i < p.bins; i++) {
      centers[i] = 0.5 * (edges[i] + edges[i + 1]);
      density[i] = p.counts[at][i] / (p.n * width);
    }
    const x = CF.linspace(-half, half, p.curve_points);
    const y = Float64Array.from(
      x,
      (v) => Math.exp((-0.5 * v * v) / variance) / Math.sqrt(2 * Math.PI * variance),
    );
    Object.assign(figure.data[0], { x: centers, y: density, width: width });
    Object.assign(figure.data[1], { x: x, y: y });
    const both = new Float64Array(p.bins + p.curve_points);
    both.set(density);
    both.set(y, p.bins);
    return { rows: ['density', 'curve'], cols: Array.from(centers).concat(Array.from(x)), data: both };
  };
})(globalThis.AttentionLab);
