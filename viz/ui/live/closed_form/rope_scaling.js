// RoPE past its training length (Position Interpolation, NTK-aware, YaRN), held to
// viz.encodings.rope_scaling by tests/js/test_closed_form_js.py.
((AL) => {
  'use strict';
  const CF = AL.closedForm;

  // ---- RoPE past its training length (viz.encodings.rope_scaling) -------------------------------------------------
  const YARN_ALPHA = 1;
  const YARN_BETA = 32;
  const METHODS = ['rope', 'pi', 'ntk', 'yarn'];

  function ropePairs(dHead) {
    if (!(dHead >= 2 && dHead % 2 === 0)) throw new RangeError('RoPE needs an even head width of at least 2');
    return dHead / 2;
  }

  function ntkBase(base, scale, dHead) {
    return dHead <= 2 ? base : base * scale ** (dHead / (dHead - 2));
  }

  // YaRN's blend of each pair, 0 (keeps its frequency) to 1 (divided by s).
  function yarnRamp(dHead, base, trainLen) {
    const n = ropePairs(dHead);
    const turning = (turns) => (dHead * Math.log(trainLen / (turns * 2 * Math.PI))) / (2 * Math.log(base));
    const low = Math.max(Math.floor(turning(YARN_BETA)), 0);
    let high = Math.min(Math.ceil(turning(YARN_ALPHA)), dHead - 1);
    if (low === high) high += 0.001;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.min(Math.max((i - low) / (high - low), 0), 1);
    return out;
  }

  function yarnTemperature(scale) {
    return scale <= 1 ? 1 : 0.1 * Math.log(scale) + 1;
  }

  function scaledFrequencies(method, dHead, base, scale, trainLen) {
    const n = ropePairs(dHead);
    const theta = CF.frequencies(dHead, base).subarray(0, n);
    if (method === 'rope') return Float64Array.from(theta);
    if (method === 'pi') return theta.map((w) => w / scale);
    if (method === 'ntk') return CF.frequencies(dHead, ntkBase(base, scale, dHead)).subarray(0, n);
    if (method === 'yarn') {
      const ramp = yarnRamp(dHead, base, trainLen);
      return theta.map((w, i) => w * (1 - ramp[i]) + (w / scale) * ramp[i]);
    }
    throw new RangeError(`unknown method ${String(method)}`);
  }

  // The mean over pairs of the mean of cos(theta x) for x from lo[k] to hi[k], times factor^2
  // (viz.encodings.rope_scaling.score_window).
  function scoreWindow(freqs, lo, hi, factor) {
    const out = new Float64Array(lo.length);
    for (let k = 0; k < lo.length; k++) {
      let sum = 0;
      for (let i = 0; i < freqs.length; i++) {
        const w = freqs[i] * (hi[k] - lo[k]);
        sum +=
          w > 0 ? (Math.sin(freqs[i] * hi[k]) - Math.sin(freqs[i] * lo[k])) / w : Math.cos(freqs[i] * lo[k]);
      }
      out[k] = (factor * factor * sum) / freqs.length;
    }
    return out;
  }

  // n points from a to b, evenly spaced on a log scale (numpy.geomspace).
  function geomspace(a, b, n) {
    const out = new Float64Array(n);
    const la = Math.log(a);
    const lb = Math.log(b);
    for (let i = 0; i < n; i++) out[i] = Math.exp(la + ((lb - la) * i) / Math.max(n - 1, 1));
    out[0] = a;
    if (n > 1) out[n - 1] = b;
    return out;
  }

  Object.assign(CF, {
    METHODS: METHODS,
    yarnRamp: yarnRamp,
    yarnTemperature: yarnTemperature,
    scaledFrequencies: scaledFrequencies,
    scoreWindow: scoreWindow,
    geomspace: geomspace,
  });
})(globalThis.AttentionLab);
