// The positional encoding pages' live charts: the table as a strided heatmap, the chosen columns
// over position.
((AL) => {
  'use strict';
  const CF = AL.closedForm;
  const { stride, specOf, range, colour } = AL.twins;

  // Each recipe fills figure (a copy the chart owns) from the parameters p and returns what it computed,
  // kept on the chart's element for the tests ({rows, cols, data} of the cells shown). Its Python twin
  // is the figure the view draws itself (its truth): tests/js/test_live_positional_encoding.py holds the two equal.
  Object.assign(AL.recipes, {
    // The encoding table as a strided heatmap (viz.views.encoding.overview_heatmap).
    pe_table(figure, p) {
      const rows = stride(p.max_len, p.max_rows, false).idx;
      const cols = stride(p.d_model, p.max_cols, Boolean(p.paired)).idx;
      const cells = CF.encodeCells(specOf(p), rows, cols);
      const z = new Array(rows.length);
      for (let r = 0; r < rows.length; r++)
        z[r] = cells.data.subarray(r * cols.length, (r + 1) * cols.length);
      const trace = figure.data[0];
      trace.z = z;
      trace.x = cols.map(String);
      trace.y = rows.map(String);
      colour(trace, cells.data, p.scales);
      return { rows: rows, cols: cols, data: cells.data };
    },
    // The chosen columns over position (viz.views.positional_encoding.curves): one trace per column,
    // empty for a column past d_model while d_model is dragged below it.
    pe_curves(figure, p) {
      const positions = range(p.max_len);
      const dims = p.dims.filter((d) => d < p.d_model);
      const cells = CF.encodeCells(specOf(p), positions, dims);
      p.dims.forEach((d, i) => {
        const at = dims.indexOf(d);
        const trace = figure.data[i];
        if (!trace) return;
        trace.x = at < 0 ? [] : positions;
        trace.y = at < 0 ? [] : Float64Array.from(positions, (r) => cells.data[r * dims.length + at]);
      });
      return { rows: positions, cols: dims, data: cells.data };
    },
  });
})(globalThis.AttentionLab);
