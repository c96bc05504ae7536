// Relative position biases (ALiBi, T5's buckets, KERPLE), held to viz.encodings.relative by
// tests/js/test_closed_form_js.py.
((AL) => {
  'use strict';
  const CF = AL.closedForm;
  const table = CF.table;

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
    if (!(heads >= 1 && Number.isInteger(heads))) throw new RangeError('heads must be >= 1');
    if ((heads & (heads - 1)) === 0) {
      return Float64Array.from({ length: heads }, (_, h) => 2 ** ((-8 * (h + 1)) / heads));
    }
    const below = 2 ** Math.floor(Math.log2(heads));
    const extra = alibiSlopes(2 * below)
      .filter((_, i) => i % 2 === 0)
      .slice(0, heads - below);
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
    if (!(maxDistance > exact)) throw new RangeError('max_distance must exceed the exact buckets');
    if (distance < exact) return bucket + distance;
    const ratio = f(f(Math.max(distance, 1)) / f(exact));
    const scaled = f(f(f(Math.log(ratio)) / f(Math.log(maxDistance / exact))) * f(n - exact));
    return bucket + Math.min(exact + Math.trunc(scaled), n - 1);
  }

  Object.assign(CF, { kerpleLog: kerpleLog, alibiSlopes: alibiSlopes, alibi: alibi, t5Bucket: t5Bucket });
})(globalThis.AttentionLab);
