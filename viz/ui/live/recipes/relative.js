// The relative biases' live charts (the similarity page's bias tab): ALiBi, T5's buckets, KERPLE, each
// as a query x key matrix and against the distance.
((AL) => {
  'use strict';
  const CF = AL.closedForm;
  const { range, colour } = AL.twins;
  const RECIPES = AL.recipes;

  // Each recipe fills figure (a copy the chart owns) from the parameters p and returns what it computed,
  // kept on the chart's element for the tests ({rows, cols, data} of the cells shown). Its Python twin
  // is the figure the view draws itself (its truth): tests/js/test_live_relative.py holds the two equal.
  // KERPLE's bias as a query x key matrix (viz.views.relative.query_key_matrix): blank future keys.
  RECIPES.kerple_matrix = (figure, p) =>
    queryKey(figure, CF.kerpleLog(p.length, p.r1, p.r2, p.causal).data, p);
  // A length x length query x key matrix as the heatmap's cells, labels and colours.
  function queryKey(figure, data, p) {
    const n = p.length;
    const z = new Array(n);
    for (let i = 0; i < n; i++) z[i] = data.subarray(i * n, (i + 1) * n);
    const trace = figure.data[0];
    trace.z = z;
    trace.x = range(n).map(String);
    trace.y = range(n).map(String);
    colour(trace, data, p.scales);
    return { rows: range(n), cols: range(n), data: data };
  }
  // One ALiBi head's bias as a query x key matrix; the head shown is the page's, kept within the heads
  // as the page's slider keeps it (widgets.bounded_slider).
  RECIPES.alibi_matrix = (figure, p) => {
    p.shown_head = Math.min(p.head, p.heads);
    p.slope = CF.alibiSlopes(p.heads)[p.shown_head - 1];
    return queryKey(figure, CF.alibi(p.length, p.slope, p.causal).data, p);
  };
  // Every head's bias against the distance, -m_h d (viz.encodings.relative.by_distance): the shell has a trace for
  // each head the slider offers, those past the heads hidden; their names' slopes are m_0, m_1 ...
  RECIPES.alibi_lines = (figure, p) => {
    const d = range(p.length);
    const slopes = CF.alibiSlopes(p.heads);
    const out = new Float64Array(p.heads * p.length);
    figure.data.forEach((trace, h) => {
      const shown = h < p.heads;
      trace.visible = shown;
      trace.x = shown ? d : [];
      trace.y = shown ? Float64Array.from(d, (x) => -slopes[h] * x) : [];
      if (shown) {
        out.set(trace.y, h * p.length);
        p[`m${h}`] = slopes[h];
      }
    });
    return { rows: range(p.heads), cols: d, data: out };
  };
  // T5's bucket of every (query, key) pair; a causal model's future keys blank (viz.views.relative.t5).
  // A max distance the buckets leave no room for throws: the chart stays as it was until the release.
  RECIPES.t5_matrix = (figure, p) => {
    const n = p.length;
    const data = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        data[i * n + j] =
          !p.bidirectional && j > i ? NaN : CF.t5Bucket(j - i, p.bidirectional, p.buckets, p.max_distance);
      }
    }
    return queryKey(figure, data, p);
  };
  // The bucket against the key's offset, -(L - 1) .. L - 1.
  RECIPES.t5_lines = (figure, p) => {
    const x = range(2 * p.length - 1).map((i) => i - (p.length - 1));
    const y = Float64Array.from(x, (r) => CF.t5Bucket(r, p.bidirectional, p.buckets, p.max_distance));
    figure.data[0].x = x;
    figure.data[0].y = y;
    return { rows: ['bucket'], cols: x, data: y };
  };
  // KERPLE against the distance, beside the ALiBi line of the same first slope m = r1 r2.
  RECIPES.kerple_lines = (figure, p) => {
    const d = range(p.length);
    const kerple = Float64Array.from(d, (x) => -p.r1 * Math.log1p(p.r2 * x));
    p.m = p.r1 * p.r2;
    const alibi = Float64Array.from(d, (x) => -p.m * x);
    figure.data[0].x = d;
    figure.data[0].y = kerple;
    figure.data[1].x = d;
    figure.data[1].y = alibi;
    const both = new Float64Array(2 * d.length);
    both.set(kerple, 0);
    both.set(alibi, d.length);
    return { rows: ['kerple', 'alibi'], cols: d, data: both };
  };
})(globalThis.AttentionLab);
