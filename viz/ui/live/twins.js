// JavaScript twins of the Python rules several recipes share: the striding rule, a recipe's
// parameters as a closed-form spec, numpy's arange and rint, figures.heatmap's colours. Each names
// its Python original; the recipes' tests in Node.js (tests/js/test_live_<topic>.py) hold them to it.
((AL) => {
  'use strict';

  // viz.figures.downsample.stride: every index up to limit, else every step-th one from 0 (pairs kept together).
  function stride(n, limit, paired) {
    const out = [];
    if (n <= limit) {
      for (let i = 0; i < n; i++) out.push(i);
      return { idx: out, step: 1 };
    }
    if (paired) {
      const pairs = Math.floor((n + 1) / 2);
      const step = Math.max(1, Math.ceil(pairs / Math.max(Math.floor(limit / 2), 1)));
      for (let s = 0; s < pairs; s += step) {
        out.push(2 * s);
        if (2 * s + 1 < n) out.push(2 * s + 1);
      }
      return { idx: out, step: step };
    }
    const step = Math.max(1, Math.ceil(n / Math.max(limit, 1)));
    for (let i = 0; i < n; i += step) out.push(i);
    return { idx: out, step: step };
  }

  // viz.ui.live.spec_params read back: a recipe's parameters as a closed-form table's spec.
  function specOf(p) {
    return {
      kind: p.kind,
      maxLen: p.max_len,
      dModel: p.d_model,
      base: p.base,
      layout: p.layout || 'interleaved',
    };
  }

  function range(n) {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = i;
    return out;
  }

  // NumPy's rint: halves to the even neighbour.
  function rint(x) {
    const r = Math.round(x);
    return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
  }

  // figures.heatmap's colours: diverging around 0 when the values have both signs, else sequential
  // from their least to their largest.
  function colour(trace, data, scales) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < data.length; i++) {
      const v = data[i];
      if (Number.isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    if (lo === Infinity) {
      lo = 0;
      hi = 1;
    }
    const twoSigned = lo < 0 && 0 < hi;
    trace.colorscale = twoSigned ? scales.diverging : scales.sequential;
    trace.zmid = twoSigned ? 0 : null;
    trace.zmin = twoSigned ? null : lo;
    trace.zmax = twoSigned ? null : hi;
  }

  Object.assign(AL.twins, { stride: stride, specOf: specOf, range: range, rint: rint, colour: colour });
})(globalThis.AttentionLab);
