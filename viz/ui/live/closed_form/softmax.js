// Softmax with a temperature and the normal density of the scaling picture, held to viz.scores.softmax
// by tests/js/test_closed_form_js.py.
((AL) => {
  'use strict';
  const CF = AL.closedForm;

  // softmax(scores / temperature), stable (viz.scores.softmax.softmax): -Infinity is "no weight", a row of
  // only -Infinity gets zeros, +Infinity entries share the weight equally.
  function softmax(scores, temperature) {
    if (!(Number.isFinite(temperature) && temperature > 0)) {
      throw new RangeError('temperature must be a positive number');
    }
    const n = scores.length;
    const x = new Float64Array(n);
    let top = -Infinity;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(scores[i])) throw new RangeError('scores contain NaN');
      x[i] = scores[i] / temperature;
      if (x[i] > top) top = x[i];
    }
    const out = new Float64Array(n);
    if (n === 0 || top === -Infinity) return out;
    if (top === Infinity) {
      let hits = 0;
      for (let i = 0; i < n; i++) hits += x[i] === Infinity ? 1 : 0;
      for (let i = 0; i < n; i++) out[i] = x[i] === Infinity ? 1 / hits : 0;
      return out;
    }
    let sum = 0;
    for (let i = 0; i < n; i++) {
      out[i] = Math.exp(x[i] - top);
      sum += out[i];
    }
    for (let i = 0; i < n; i++) out[i] /= sum;
    return out;
  }

  // The N(0, variance) density (viz.scores.softmax.normal_pdf).
  function normalPdf(xs, variance) {
    const out = new Float64Array(xs.length);
    const norm = Math.sqrt(2 * Math.PI * variance);
    for (let i = 0; i < xs.length; i++) out[i] = Math.exp((-0.5 * xs[i] * xs[i]) / variance) / norm;
    return out;
  }

  // n points from a to b, evenly spaced (numpy.linspace: start + i * step, the last one b itself).
  function linspace(a, b, n) {
    const out = new Float64Array(n);
    const step = (b - a) / Math.max(n - 1, 1);
    for (let i = 0; i < n; i++) out[i] = a + i * step;
    if (n > 1) out[n - 1] = b;
    return out;
  }

  Object.assign(CF, { softmax: softmax, normalPdf: normalPdf, linspace: linspace });
})(globalThis.AttentionLab);
