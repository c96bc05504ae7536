// One position against the others, from the closed-form tables (closed_form/positional_encoding.js),
// held to viz.encodings.similarity by tests/js/test_closed_form_js.py.
((AL) => {
  'use strict';
  const CF = AL.closedForm;

  // measure(PE(p), PE(j)) for every position j (viz.encodings.similarity.against_all): "dot", "cosine" (NaN
  // against a zero vector) or "distance" (sqrt(|a|^2 + |b|^2 - 2 a.b), clipped at 0 against rounding).
  function againstAll(pe, p, measure) {
    if (!(p >= 0 && p < pe.rows)) throw new RangeError('position outside the table');
    const d = pe.cols;
    const f = against(pe.data.subarray(p * d, (p + 1) * d), measure);
    const out = new Float64Array(pe.rows);
    for (let j = 0; j < pe.rows; j++) out[j] = f(pe.data.subarray(j * d, (j + 1) * d));
    return out;
  }

  // The same without the table: row p from the formula, every other row as eachRow makes it.
  function againstAllRows(spec, p, measure) {
    if (!(p >= 0 && p < spec.maxLen)) throw new RangeError('position outside the table');
    const cell = CF.cellFunction(spec);
    const f = against(
      Float64Array.from({ length: spec.dModel }, (_, c) => cell(p, c)),
      measure,
    );
    const out = new Float64Array(spec.maxLen);
    CF.eachRow(spec, (j, row) => {
      out[j] = f(row);
    });
    return out;
  }

  // measure(PE(p), row) for any row (viz.encodings.similarity.against_all's dot, cosine and distance).
  function against(self, measure) {
    const d = self.length;
    let selfSq = 0;
    for (let c = 0; c < d; c++) selfSq += self[c] * self[c];
    if (measure !== 'dot' && measure !== 'cosine' && measure !== 'distance') {
      throw new RangeError(`unknown measure ${String(measure)}`);
    }
    return (row) => {
      let dot = 0;
      let sq = 0;
      for (let c = 0; c < d; c++) {
        dot += self[c] * row[c];
        sq += row[c] * row[c];
      }
      if (measure === 'dot') return dot;
      if (measure === 'cosine') {
        const denom = Math.sqrt(selfSq) * Math.sqrt(sq);
        return denom > 0 ? dot / denom : NaN;
      }
      return Math.sqrt(Math.max(selfSq + sq - 2 * dot, 0));
    };
  }

  // The sinusoidal table's PE(p) . PE(j) as a function of k = p - j: sum over pairs of cos(w_i k)
  // (viz.encodings.similarity.sinusoid_dot_by_offset).
  function sinusoidDotByOffset(offsets, dModel, base) {
    const w = CF.frequencies(dModel, base);
    const pairs = Math.floor(dModel / 2);
    const out = new Float64Array(offsets.length);
    for (let n = 0; n < offsets.length; n++) {
      let sum = 0;
      for (let i = 0; i < pairs; i++) sum += Math.cos(offsets[n] * w[i]);
      out[n] = sum;
    }
    return out;
  }

  Object.assign(CF, {
    againstAll: againstAll,
    againstAllRows: againstAllRows,
    sinusoidDotByOffset: sinusoidDotByOffset,
  });
})(globalThis.AttentionLab);
