// The closed-form tables of the position pages, computed in the browser (issue 25: charts that follow a
// slider while it is dragged, before the server hears of the new value). The Python functions in viz/ are
// the reference; tests/js/test_closed_form_js.py runs this file in Node.js on a grid of parameters and
// compares every value with them at 1e-6, so the two cannot drift apart.
//
// Tables are row-major Float64Arrays: {rows, cols, data}, data[r * cols + c]. Nothing here touches the
// DOM, so the same file runs in a page, a Web Worker or Node.js.
(function (root) {
  "use strict";

  function checkSizes(maxLen, dModel) {
    if (!(maxLen >= 1 && dModel >= 1)) throw new RangeError("max_len and d_model must be >= 1");
  }

  // omega_i = base^(-2i / d_model) for each sine/cosine pair i (viz.encodings.sinusoid.frequencies).
  function frequencies(dModel, base) {
    if (!(base > 0)) throw new RangeError("base must be > 0");
    const n = Math.floor((dModel + 1) / 2);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.pow(base, (-2 * i) / dModel);
    return out;
  }

  function table(rows, cols) {
    return { rows: rows, cols: cols, data: new Float64Array(rows * cols) };
  }

  // sin(pos w_i) and cos(pos w_i) for every i, position after position: each step turns the last ones by
  // w_i (the angle-addition formulas, four multiplies) instead of calling a sine and a cosine, which was
  // most of a 4096 x 1024 table's time. Every ANCHOR positions they are set to the exact values again,
  // so rounding cannot build up past a few dozen ulps (about 1e-14; the tests hold 1e-6).
  const ANCHOR = 64;
  const BIT_LIMIT = 2 ** 31; // positions whose bits JavaScript's shifts read exactly
  function eachAngle(maxLen, w, visit) {
    const n = w.length;
    const s = new Float64Array(n);
    const c = new Float64Array(n);
    const s1 = Float64Array.from(w, Math.sin);
    const c1 = Float64Array.from(w, Math.cos);
    for (let pos = 0; pos < maxLen; pos++) {
      if (pos % ANCHOR === 0) {
        for (let i = 0; i < n; i++) {
          s[i] = Math.sin(pos * w[i]);
          c[i] = Math.cos(pos * w[i]);
        }
      } else {
        for (let i = 0; i < n; i++) {
          const next = s[i] * c1[i] + c[i] * s1[i];
          c[i] = c[i] * c1[i] - s[i] * s1[i];
          s[i] = next;
        }
      }
      visit(pos, s, c);
    }
  }

  // PE[pos, 2i] = sin(pos w_i), PE[pos, 2i+1] = cos(pos w_i); "split": every sine, then every cosine
  // (viz.encodings.sinusoidal and sinusoidal_split). An odd d_model's last sine has no cosine.
  function sinusoidal(maxLen, dModel, base, layout) {
    return fromRows({ kind: "sinusoidal", maxLen: maxLen, dModel: dModel, base: base, layout: layout });
  }

  function fromRows(spec) {
    const out = table(spec.maxLen, spec.dModel);
    eachRow(spec, (pos, row) => out.data.set(row, pos * spec.dModel));
    return out;
  }

  // PE[pos, :] = pos (viz.encodings.integer_index), or pos / (max_len - 1) (normalized_index).
  function index(maxLen, dModel, normalized) {
    checkSizes(maxLen, dModel);
    const out = table(maxLen, dModel);
    const scale = normalized ? Math.max(maxLen - 1, 1) : 1;
    for (let pos = 0; pos < maxLen; pos++) out.data.fill(pos / scale, pos * dModel, (pos + 1) * dModel);
    return out;
  }

  // PE[pos, i] = floor(pos / 2^i) mod 2 (viz.encodings.binary); 2^i past every position gives 0.
  function binary(maxLen, dModel) {
    checkSizes(maxLen, dModel);
    const out = table(maxLen, dModel);
    for (let pos = 0; pos < maxLen; pos++) {
      for (let i = 0; i < dModel; i++) out.data[pos * dModel + i] = Math.floor(pos / Math.pow(2, i)) % 2;
    }
    return out;
  }

  // RoPE's rotation at each position applied to the constant vector 1/sqrt(2) (viz.encodings.rope):
  // out[2i] = x cos - x sin, out[2i+1] = x sin + x cos; an odd last column is not rotated.
  function rope(maxLen, dModel, base) {
    return fromRows({ kind: "rope", maxLen: maxLen, dModel: dModel, base: base });
  }

  // Every row of a closed-form table in turn, in one buffer used again for each (visit(pos, row)): what
  // reads a table once needs none of its memory (32 MB at 4096 x 1024, allocated on every frame while
  // d_model was dragged).
  function eachRow(spec, visit) {
    const d = spec.dModel;
    const cell = cellFunction(spec); // checks the sizes and the kind
    const row = new Float64Array(d);
    if (spec.kind !== "sinusoidal" && spec.kind !== "rope") {
      const scale = spec.kind === "normalized" ? Math.max(spec.maxLen - 1, 1) : 1;
      for (let pos = 0; pos < spec.maxLen; pos++) {
        if (spec.kind !== "binary") row.fill(pos / scale);
        else if (pos < BIT_LIMIT) {
          // floor(pos / 2^c) mod 2 is bit c of pos: shifts instead of a power and a division per cell
          row.fill(0);
          for (let c = 0; c < Math.min(d, 31); c++) row[c] = (pos >>> c) & 1;
        } else for (let c = 0; c < d; c++) row[c] = cell(pos, c);
        visit(pos, row);
      }
      return;
    }
    const w = frequencies(d, spec.base);
    const pairs = Math.floor(d / 2);
    const x = 1 / Math.sqrt(2);
    const split = spec.layout === "split";
    eachAngle(spec.maxLen, w, (pos, s, c) => {
      if (spec.kind === "rope") {
        for (let i = 0; i < pairs; i++) {
          row[2 * i] = x * c[i] - x * s[i];
          row[2 * i + 1] = x * s[i] + x * c[i];
        }
        if (d % 2) row[d - 1] = x;
      } else {
        for (let i = 0; i < w.length; i++) {
          row[split ? i : 2 * i] = s[i];
          if (i < pairs) row[split ? w.length + i : 2 * i + 1] = c[i];
        }
      }
      visit(pos, row);
    });
  }

  // The encodings whose table is a closed-form function of the sliders (the learned and trained ones
  // come from the server). spec: {kind, maxLen, dModel, base, layout}.
  const KINDS = ["sinusoidal", "integer", "normalized", "binary", "rope"];

  function encode(spec) {
    switch (spec.kind) {
      case "sinusoidal":
        return sinusoidal(spec.maxLen, spec.dModel, spec.base, spec.layout);
      case "integer":
        return index(spec.maxLen, spec.dModel, false);
      case "normalized":
        return index(spec.maxLen, spec.dModel, true);
      case "binary":
        return binary(spec.maxLen, spec.dModel);
      case "rope":
        return rope(spec.maxLen, spec.dModel, spec.base);
      default:
        throw new RangeError("no closed form for the encoding " + String(spec.kind));
    }
  }

  // One value of a closed-form table, for the cells a strided chart shows (computing only those keeps a
  // 4096 x 1024 table as cheap as the chart's few hundred rows and columns).
  function cellFunction(spec) {
    const d = spec.dModel;
    checkSizes(spec.maxLen, d);
    if (spec.kind === "integer") return (pos) => pos;
    if (spec.kind === "normalized") return (pos) => pos / Math.max(spec.maxLen - 1, 1);
    if (spec.kind === "binary") return (pos, c) => Math.floor(pos / Math.pow(2, c)) % 2;
    const w = frequencies(d, spec.base);
    if (spec.kind === "rope") {
      const x = 1 / Math.sqrt(2);
      return (pos, c) => {
        if (d % 2 && c === d - 1) return x;
        const a = pos * w[c >> 1];
        return c % 2 ? x * Math.sin(a) + x * Math.cos(a) : x * Math.cos(a) - x * Math.sin(a);
      };
    }
    if (spec.kind !== "sinusoidal") {
      throw new RangeError("no closed form for the encoding " + String(spec.kind));
    }
    if (spec.layout === "split") {
      const sines = w.length;
      return (pos, c) => (c < sines ? Math.sin(pos * w[c]) : Math.cos(pos * w[c - sines]));
    }
    return (pos, c) => (c % 2 ? Math.cos(pos * w[c >> 1]) : Math.sin(pos * w[c >> 1]));
  }

  // The rows x cols cells of the table at the given positions and columns (each in range).
  function encodeCells(spec, rows, cols) {
    const cell = cellFunction(spec);
    const out = table(rows.length, cols.length);
    for (let r = 0; r < rows.length; r++) {
      for (let c = 0; c < cols.length; c++) out.data[r * cols.length + c] = cell(rows[r], cols[c]);
    }
    return out;
  }

  // measure(PE(p), PE(j)) for every position j (viz.encodings.similarity.against_all): "dot", "cosine" (NaN
  // against a zero vector) or "distance" (sqrt(|a|^2 + |b|^2 - 2 a.b), clipped at 0 against rounding).
  function againstAll(pe, p, measure) {
    if (!(p >= 0 && p < pe.rows)) throw new RangeError("position outside the table");
    const d = pe.cols;
    const f = against(pe.data.subarray(p * d, (p + 1) * d), measure);
    const out = new Float64Array(pe.rows);
    for (let j = 0; j < pe.rows; j++) out[j] = f(pe.data.subarray(j * d, (j + 1) * d));
    return out;
  }

  // The same without the table: row p from the formula, every other row as eachRow makes it.
  function againstAllRows(spec, p, measure) {
    if (!(p >= 0 && p < spec.maxLen)) throw new RangeError("position outside the table");
    const cell = cellFunction(spec);
    const f = against(Float64Array.from({ length: spec.dModel }, (_, c) => cell(p, c)), measure);
    const out = new Float64Array(spec.maxLen);
    eachRow(spec, (j, row) => {
      out[j] = f(row);
    });
    return out;
  }

  // measure(PE(p), row) for any row (viz.encodings.similarity.against_all's dot, cosine and distance).
  function against(self, measure) {
    const d = self.length;
    let selfSq = 0;
    for (let c = 0; c < d; c++) selfSq += self[c] * self[c];
    if (measure !== "dot" && measure !== "cosine" && measure !== "distance") {
      throw new RangeError("unknown measure " + String(measure));
    }
    return (row) => {
      let dot = 0;
      let sq = 0;
      for (let c = 0; c < d; c++) {
        dot += self[c] * row[c];
        sq += row[c] * row[c];
      }
      if (measure === "dot") return dot;
      if (measure === "cosine") {
        const denom = Math.sqrt(selfSq) * Math.sqrt(sq);
        return denom > 0 ? dot / denom : NaN;
      }
      return Math.sqrt(Math.max(selfSq + sq - 2 * dot, 0));
    };
  }

  // The sinusoidal table's PE(p) . PE(j) as a function of k = p - j: sum over pairs of cos(w_i k)
  // (viz.encodings.similarity.sinusoid_dot_by_offset).
  function sinusoidDotByOffset(offsets, dModel, base) {
    const w = frequencies(dModel, base);
    const pairs = Math.floor(dModel / 2);
    const out = new Float64Array(offsets.length);
    for (let n = 0; n < offsets.length; n++) {
      let sum = 0;
      for (let i = 0; i < pairs; i++) sum += Math.cos(offsets[n] * w[i]);
      out[n] = sum;
    }
    return out;
  }

  // softmax(scores / temperature), stable (viz.scores.softmax.softmax): -Infinity is "no weight", a row of
  // only -Infinity gets zeros, +Infinity entries share the weight equally.
  function softmax(scores, temperature) {
    if (!(Number.isFinite(temperature) && temperature > 0)) {
      throw new RangeError("temperature must be a positive number");
    }
    const n = scores.length;
    const x = new Float64Array(n);
    let top = -Infinity;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(scores[i])) throw new RangeError("scores contain NaN");
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

  // KERPLE's logarithmic bias -r1 ln(1 + r2 |i - j|) for query i (rows) and key j (viz.encodings.relative.kerple_log
  // for one head); a causal model's future keys (j > i) are NaN, drawn blank (the server's -inf).
  function kerpleLog(length, r1, r2, causal) {
    if (!(r1 > 0 && r2 > 0)) throw new RangeError("KERPLE's r1 and r2 must be > 0");
    const out = table(length, length);
    for (let i = 0; i < length; i++) {
      for (let j = 0; j < length; j++) {
        out.data[i * length + j] = causal && j > i ? NaN : -r1 * Math.log1p(r2 * Math.abs(i - j));
      }
    }
    return out;
  }

  // ALiBi's slope of each head (viz.encodings.relative.alibi_slopes): 2^(-8h/H) for a power of two H; otherwise
  // the slopes of the power of two below H, then every other slope of the next one for the heads left.
  function alibiSlopes(heads) {
    if (!(heads >= 1 && Number.isInteger(heads))) throw new RangeError("heads must be >= 1");
    if ((heads & (heads - 1)) === 0) {
      return Float64Array.from({ length: heads }, (_, h) => Math.pow(2, (-8 * (h + 1)) / heads));
    }
    const below = 2 ** Math.floor(Math.log2(heads));
    const extra = alibiSlopes(2 * below).filter((_, i) => i % 2 === 0).slice(0, heads - below);
    const out = new Float64Array(heads);
    out.set(alibiSlopes(below));
    out.set(extra, below);
    return out;
  }

  // One head's ALiBi bias (viz.encodings.relative.alibi): -m (i - j) on keys j <= i, NaN (-inf) after them when
  // causal; -m |i - j| everywhere otherwise.
  function alibi(length, slope, causal) {
    const out = table(length, length);
    for (let i = 0; i < length; i++) {
      for (let j = 0; j < length; j++) {
        out.data[i * length + j] = causal && j > i ? NaN : -slope * Math.abs(i - j);
      }
    }
    return out;
  }

  // T5's bucket of a key's offset rel = key - query (viz.encodings.relative.t5_bucket): half the buckets each way
  // when bidirectional; within a half of n, offsets below n/2 exact, then log-spaced buckets up to
  // maxDistance, computed in float32 as the reference code (and viz) does, so the edges fall alike.
  function t5Bucket(rel, bidirectional, buckets, maxDistance) {
    const f = Math.fround;
    let n = buckets;
    let bucket = 0;
    let distance;
    if (bidirectional) {
      n = Math.floor(n / 2);
      if (rel > 0) bucket += n;
      distance = Math.abs(rel);
    } else distance = Math.max(-rel, 0);
    const exact = Math.floor(n / 2);
    if (!(maxDistance > exact)) throw new RangeError("max_distance must exceed the exact buckets");
    if (distance < exact) return bucket + distance;
    const ratio = f(f(Math.max(distance, 1)) / f(exact));
    const scaled = f(f(f(Math.log(ratio)) / f(Math.log(maxDistance / exact))) * f(n - exact));
    return bucket + Math.min(exact + Math.trunc(scaled), n - 1);
  }

  // ---- RoPE past its training length (viz.encodings.rope_scaling) -------------------------------------------------
  const YARN_ALPHA = 1;
  const YARN_BETA = 32;
  const METHODS = ["rope", "pi", "ntk", "yarn"];

  function ropePairs(dHead) {
    if (!(dHead >= 2 && dHead % 2 === 0)) throw new RangeError("RoPE needs an even head width of at least 2");
    return dHead / 2;
  }

  function ntkBase(base, scale, dHead) {
    return dHead <= 2 ? base : base * Math.pow(scale, dHead / (dHead - 2));
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
    const theta = frequencies(dHead, base).subarray(0, n);
    if (method === "rope") return Float64Array.from(theta);
    if (method === "pi") return theta.map((w) => w / scale);
    if (method === "ntk") return frequencies(dHead, ntkBase(base, scale, dHead)).subarray(0, n);
    if (method === "yarn") {
      const ramp = yarnRamp(dHead, base, trainLen);
      return theta.map((w, i) => w * (1 - ramp[i]) + (w / scale) * ramp[i]);
    }
    throw new RangeError("unknown method " + String(method));
  }

  // The mean over pairs of the mean of cos(theta x) for x from lo[k] to hi[k], times factor^2
  // (viz.encodings.rope_scaling.score_window).
  function scoreWindow(freqs, lo, hi, factor) {
    const out = new Float64Array(lo.length);
    for (let k = 0; k < lo.length; k++) {
      let sum = 0;
      for (let i = 0; i < freqs.length; i++) {
        const w = freqs[i] * (hi[k] - lo[k]);
        sum += w > 0 ? (Math.sin(freqs[i] * hi[k]) - Math.sin(freqs[i] * lo[k])) / w : Math.cos(freqs[i] * lo[k]);
      }
      out[k] = (factor * factor * sum) / freqs.length;
    }
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

  const api = {
    KINDS: KINDS,
    frequencies: frequencies,
    sinusoidal: sinusoidal,
    encode: encode,
    encodeCells: encodeCells,
    againstAll: againstAll,
    againstAllRows: againstAllRows,
    eachRow: eachRow,
    sinusoidDotByOffset: sinusoidDotByOffset,
    softmax: softmax,
    normalPdf: normalPdf,
    kerpleLog: kerpleLog,
    alibiSlopes: alibiSlopes,
    alibi: alibi,
    t5Bucket: t5Bucket,
    METHODS: METHODS,
    yarnRamp: yarnRamp,
    yarnTemperature: yarnTemperature,
    scaledFrequencies: scaledFrequencies,
    scoreWindow: scoreWindow,
    geomspace: geomspace,
    linspace: linspace,
  };
  root.AttentionLabClosedForm = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
