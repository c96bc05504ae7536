// The closed-form tables of the position pages, computed in the browser so their charts follow a
// dragged slider before the server hears of the new value. The Python functions in viz/ are the
// reference; tests/js/test_closed_form_js.py runs this code in Node.js on a grid of parameters and
// compares every value with them at 1e-6, so the two cannot drift apart.
//
// Tables are row-major Float64Arrays: {rows, cols, data}, data[r * cols + c]. Nothing here touches the
// DOM, so the same file runs in a page, a Web Worker or Node.js.
((AL) => {
  'use strict';
  const CF = AL.closedForm;

  function checkSizes(maxLen, dModel) {
    if (!(maxLen >= 1 && dModel >= 1)) throw new RangeError('max_len and d_model must be >= 1');
  }

  // omega_i = base^(-2i / d_model) for each sine/cosine pair i (viz.encodings.sinusoid.frequencies).
  function frequencies(dModel, base) {
    if (!(base > 0)) throw new RangeError('base must be > 0');
    const n = Math.floor((dModel + 1) / 2);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = base ** ((-2 * i) / dModel);
    return out;
  }

  function table(rows, cols) {
    return { rows: rows, cols: cols, data: new Float64Array(rows * cols) };
  }

  // sin(pos w_i) and cos(pos w_i) for every i, position after position: each step turns the last ones by
  // w_i (the angle-addition formulas, four multiplies) instead of calling a sine and a cosine, which would
  // be most of a 4096 x 1024 table's time. Every ANCHOR positions they are set to the exact values again,
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
    return fromRows({ kind: 'sinusoidal', maxLen: maxLen, dModel: dModel, base: base, layout: layout });
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
      for (let i = 0; i < dModel; i++) out.data[pos * dModel + i] = Math.floor(pos / 2 ** i) % 2;
    }
    return out;
  }

  // RoPE's rotation at each position applied to the constant vector 1/sqrt(2) (viz.encodings.rope):
  // out[2i] = x cos - x sin, out[2i+1] = x sin + x cos; an odd last column is not rotated.
  function rope(maxLen, dModel, base) {
    return fromRows({ kind: 'rope', maxLen: maxLen, dModel: dModel, base: base });
  }

  // Every row of a closed-form table in turn, in one buffer used again for each (visit(pos, row)): what
  // reads a table once needs none of its memory (32 MB at 4096 x 1024, which a drag of d_model would
  // allocate on every frame).
  function eachRow(spec, visit) {
    const d = spec.dModel;
    const cell = cellFunction(spec); // checks the sizes and the kind
    const row = new Float64Array(d);
    if (spec.kind !== 'sinusoidal' && spec.kind !== 'rope') {
      const scale = spec.kind === 'normalized' ? Math.max(spec.maxLen - 1, 1) : 1;
      for (let pos = 0; pos < spec.maxLen; pos++) {
        if (spec.kind !== 'binary') row.fill(pos / scale);
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
    const split = spec.layout === 'split';
    eachAngle(spec.maxLen, w, (pos, s, c) => {
      if (spec.kind === 'rope') {
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
  const KINDS = ['sinusoidal', 'integer', 'normalized', 'binary', 'rope'];

  function encode(spec) {
    switch (spec.kind) {
      case 'sinusoidal':
        return sinusoidal(spec.maxLen, spec.dModel, spec.base, spec.layout);
      case 'integer':
        return index(spec.maxLen, spec.dModel, false);
      case 'normalized':
        return index(spec.maxLen, spec.dModel, true);
      case 'binary':
        return binary(spec.maxLen, spec.dModel);
      case 'rope':
        return rope(spec.maxLen, spec.dModel, spec.base);
      default:
        throw new RangeError(`no closed form for the encoding ${String(spec.kind)}`);
    }
  }

  // One value of a closed-form table, for the cells a strided chart shows (computing only those keeps a
  // 4096 x 1024 table as cheap as the chart's few hundred rows and columns).
  function cellFunction(spec) {
    const d = spec.dModel;
    checkSizes(spec.maxLen, d);
    if (spec.kind === 'integer') return (pos) => pos;
    if (spec.kind === 'normalized') return (pos) => pos / Math.max(spec.maxLen - 1, 1);
    if (spec.kind === 'binary') return (pos, c) => Math.floor(pos / 2 ** c) % 2;
    const w = frequencies(d, spec.base);
    if (spec.kind === 'rope') {
      const x = 1 / Math.sqrt(2);
      return (pos, c) => {
        if (d % 2 && c === d - 1) return x;
        const a = pos * w[c >> 1];
        return c % 2 ? x * Math.sin(a) + x * Math.cos(a) : x * Math.cos(a) - x * Math.sin(a);
      };
    }
    if (spec.kind !== 'sinusoidal') {
      throw new RangeError(`no closed form for the encoding ${String(spec.kind)}`);
    }
    if (spec.layout === 'split') {
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

  Object.assign(CF, {
    KINDS: KINDS,
    frequencies: frequencies,
    table: table,
    sinusoidal: sinusoidal,
    encode: encode,
    cellFunction: cellFunction,
    encodeCells: encodeCells,
    eachRow: eachRow,
  });
})(globalThis.AttentionLab);
