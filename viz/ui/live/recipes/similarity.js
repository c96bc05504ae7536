// The similarity page's live charts: one position against every other, and every pair by offset.
((AL) => {
  'use strict';
  const CF = AL.closedForm;
  const { stride, specOf, range, rint } = AL.twins;

  // One position against all: dragging p reads the same table frame after frame, so it is kept (a few,
  // keyed by their spec); a table asked for once (d_model or base dragged: a new one every frame) is
  // read row by row as it is made, never held (32 MB at 4096 x 1024).
  const tables = new Map();
  const lastOfKind = new Map(); // a group may draw two encodings' rows each frame
  function againstAll(spec, p, measure) {
    const key = JSON.stringify(spec);
    let found = tables.get(key);
    const again = key === lastOfKind.get(spec.kind);
    lastOfKind.set(spec.kind, key);
    if (!found && !again) return CF.againstAllRows(spec, p, measure);
    if (!found) {
      found = CF.encode(spec);
      tables.set(key, found);
      if (tables.size > 2) tables.delete(tables.keys().next().value);
    }
    return CF.againstAll(found, p, measure);
  }

  // Each recipe fills figure (a copy the chart owns) from the parameters p and returns what it computed,
  // kept on the chart's element for the tests ({rows, cols, data} of the cells shown). Its Python twin
  // is the figure the view draws itself (its truth): tests/js/test_live_similarity.py holds the two equal.
  Object.assign(AL.recipes, {
    // One position against every other (pages/similarity.py, its first tab): the line and the p marker.
    sim_row(figure, p) {
      const values = againstAll(specOf(p), p.p, p.measure);
      const trace = figure.data[0];
      trace.x = range(p.max_len);
      trace.y = values;
      if (figure.data[1]) figure.data[1].x = [p.p, p.p]; // the dashed line at p (figures.lines' mark_x)
      return { rows: [p.p], cols: trace.x, data: values };
    },
  });
  const RECIPES = AL.recipes;

  // ---- the similarity page's offsets ---------------------------------------------------------------------
  // measure(PE(a), PE(b)) for every pair of the grid's positions, keyed by offset a - b, NaN dropped
  // (viz.encodings.similarity.by_offset).
  function offsetPairs(spec, positions, measure) {
    const d = spec.dModel;
    const n = positions.length;
    const rows = CF.encodeCells(spec, positions, range(d)).data;
    const norms = new Float64Array(n);
    for (let a = 0; a < n; a++) {
      let sq = 0;
      for (let c = 0; c < d; c++) sq += rows[a * d + c] * rows[a * d + c];
      norms[a] = Math.sqrt(sq);
    }
    // PE(a) . PE(b) = PE(b) . PE(a): each pair's product once (16 M multiply-adds at 128 positions and
    // 1024 columns become 8 M), in the order viz.encodings.similarity.by_offset lists the pairs
    const dots = new Float64Array(n * n);
    for (let a = 0; a < n; a++) {
      for (let b = a; b < n; b++) {
        let dot = 0;
        for (let c = 0; c < d; c++) dot += rows[a * d + c] * rows[b * d + c];
        dots[a * n + b] = dot;
        dots[b * n + a] = dot;
      }
    }
    const offsets = [];
    const values = [];
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        const dot = dots[a * n + b];
        let v = dot;
        if (measure === 'cosine') {
          const denom = norms[a] * norms[b];
          v = denom > 0 ? dot / denom : NaN;
        } else if (measure === 'distance') {
          v = Math.sqrt(Math.max(norms[a] * norms[a] + norms[b] * norms[b] - 2 * dot, 0));
        }
        if (!Number.isNaN(v)) {
          offsets.push(positions[a] - positions[b]);
          values.push(v);
        }
      }
    }
    return { offsets: offsets, values: values };
  }

  // One point per occupied cell of (offset, one of levels bins of the values' range), the first in order
  // (viz.encodings.similarity.pixel_distinct).
  function pixelDistinct(x, y, levels) {
    if (!y.length) return [];
    let low = Infinity;
    let high = -Infinity;
    let xmin = Infinity;
    for (let i = 0; i < y.length; i++) {
      low = Math.min(low, y[i]);
      high = Math.max(high, y[i]);
      xmin = Math.min(xmin, x[i]);
    }
    const span = high - low;
    // viz.encodings.similarity.FLAT_SPAN: a range within rounding of the values is no spread
    const flat = span <= 1e-9 * Math.max(Math.abs(low), Math.abs(high));
    const seen = new Set();
    const kept = [];
    for (let i = 0; i < y.length; i++) {
      const level = flat ? 0 : rint(((y[i] - low) / span) * levels);
      const cell = (x[i] - xmin) * (levels + 1) + level;
      if (!seen.has(cell)) {
        seen.add(cell);
        kept.push(i);
      }
    }
    return kept;
  }

  // viz.encodings.similarity.drawn_points: one level per pixel, coarser while more than maxPoints remain.
  function drawnPoints(x, y, p) {
    let levels = p.pixel_levels;
    let kept = pixelDistinct(x, y, levels);
    while (kept.length > p.max_points && Math.floor(levels / 2) >= p.marker_levels) {
      levels = Math.floor(levels / 2);
      kept = pixelDistinct(x, y, levels);
    }
    return kept;
  }

  // The same values against the offset, and the formula's curve where one exists (a table of rotations
  // with an even d_model: viz.encodings.similarity.theory_by_offset).
  RECIPES.sim_offset = (figure, p) => {
    const positions = stride(p.max_len, p.grid, false).idx;
    const pairs = offsetPairs(specOf(p), positions, p.measure);
    const drawn = drawnPoints(pairs.offsets, pairs.values, p);
    figure.data[0].x = drawn.map((i) => pairs.offsets[i]);
    figure.data[0].y = drawn.map((i) => pairs.values[i]);
    const curve = figure.data[1];
    if (curve) {
      const theory = p.relative && p.d_model % 2 === 0;
      const k = Array.from(new Set(pairs.offsets)).sort((a, b) => a - b);
      const dot = theory ? CF.sinusoidDotByOffset(k, p.d_model, p.base) : new Float64Array(0);
      const half = p.d_model / 2;
      const y = Array.from(dot, (v) =>
        p.measure === 'dot'
          ? v
          : p.measure === 'cosine'
            ? v / half
            : Math.sqrt(Math.max(p.d_model - 2 * v, 0)),
      );
      curve.x = theory ? k : [];
      curve.y = y;
      curve.visible = theory;
    }
    return { rows: pairs.offsets, cols: drawn, data: Float64Array.from(pairs.values) };
  };
})(globalThis.AttentionLab);
