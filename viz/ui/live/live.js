// Charts that follow a slider while it is dragged (issue 25). Served, after closed_form.js, as
// static/attention-lab-live.js (viz/ui/chart/plotly_js.py) and loaded by plot.js the first time a page
// shows a live strip or a live chart.
//
// A live *strip* (live.live_strip) holds native range inputs: the browser gives them arrow keys,
// Home/End, Page Up/Down and touch, and screen readers read their value. Every input event stores the
// value in its group and redraws the group's charts on the next animation frame; letting go (or a key
// press) sends the values to Streamlit once, with a sequence number the server echoes back as "ack".
// Until that echo arrives the strip keeps the visitor's values: a rerun already under way cannot pull the
// slider back under a quick hand.
//
// A live *chart* (live.live_chart) arrives as a figure without its data plus the parameters of a
// recipe below. The recipe computes the data from the parameters (closed_form.js, held to viz/ at 1e-6 by
// the tests) and fills the figure: the same path draws the server's parameters and a dragged value.
(function () {
  'use strict';
  const CF = window.AttentionLabClosedForm;
  const groups = (window.__attentionLabLiveGroups = window.__attentionLabLiveGroups || {});

  function group(name) {
    // drawn: frames drawn while a slider moved (bench/drag_bench.py counts them)
    if (!groups[name]) groups[name] = { values: {}, active: false, charts: new Set(), frame: 0, drawn: 0 };
    return groups[name];
  }

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

  function specOf(p) {
    return { kind: p.kind, maxLen: p.max_len, dModel: p.d_model, base: p.base, layout: p.layout || 'interleaved' };
  }

  function range(n) {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = i;
    return out;
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

  // Each recipe fills figure (a copy the chart owns) from the parameters p and returns what it computed,
  // kept on the chart's element for the tests ({rows, cols, data} of the cells shown).
  const RECIPES = {
    // The encoding table as a strided heatmap (viz.views.encoding.overview_heatmap).
    pe_table(figure, p) {
      const rows = stride(p.max_len, p.max_rows, false).idx;
      const cols = stride(p.d_model, p.max_cols, Boolean(p.paired)).idx;
      const cells = CF.encodeCells(specOf(p), rows, cols);
      const z = new Array(rows.length);
      for (let r = 0; r < rows.length; r++) z[r] = cells.data.subarray(r * cols.length, (r + 1) * cols.length);
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
    // One position against every other (pages/similarity.py, its first tab): the line and the p marker.
    sim_row(figure, p) {
      const values = againstAll(specOf(p), p.p, p.measure);
      const trace = figure.data[0];
      trace.x = range(p.max_len);
      trace.y = values;
      if (figure.data[1]) figure.data[1].x = [p.p, p.p]; // the dashed line at p (figures.lines' mark_x)
      return { rows: [p.p], cols: trace.x, data: values };
    },
    // One row of scores through softmax at a temperature, unscaled and scaled by 1/sqrt(d_k).
    sm_row(figure, p) {
      const raw = CF.softmax(p.scores, p.temperature);
      const scaled = CF.softmax(p.scaled_scores, p.temperature);
      figure.data[0].y = raw;
      figure.data[1].y = scaled;
      const both = new Float64Array(raw.length * 2);
      both.set(raw, 0);
      both.set(scaled, raw.length);
      return { rows: ['raw', 'scaled'], cols: range(raw.length), data: both };
    },
  };

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

  // NumPy's rint: halves to the even neighbour.
  function rint(x) {
    const r = Math.round(x);
    return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
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
    const seen = new Set();
    const kept = [];
    for (let i = 0; i < y.length; i++) {
      const level = span === 0 ? 0 : rint(((y[i] - low) / span) * levels);
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
  RECIPES.sim_offset = function (figure, p) {
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
        p.measure === 'dot' ? v : p.measure === 'cosine' ? v / half : Math.sqrt(Math.max(p.d_model - 2 * v, 0)),
      );
      curve.x = theory ? k : [];
      curve.y = y;
      curve.visible = theory;
    }
    return { rows: pairs.offsets, cols: drawn, data: Float64Array.from(pairs.values) };
  };

  // ---- the tabs beyond the 2017 paper ------------------------------------------------------------------
  // KERPLE's bias as a query x key matrix (viz.views.relative.query_key_matrix): blank future keys.
  RECIPES.kerple_matrix = function (figure, p) {
    return queryKey(figure, CF.kerpleLog(p.length, p.r1, p.r2, p.causal).data, p);
  };
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
  RECIPES.alibi_matrix = function (figure, p) {
    p.shown_head = Math.min(p.head, p.heads);
    p.slope = CF.alibiSlopes(p.heads)[p.shown_head - 1];
    return queryKey(figure, CF.alibi(p.length, p.slope, p.causal).data, p);
  };
  // Every head's bias against the distance, -m_h d (viz.encodings.relative.by_distance): the shell has a trace for
  // each head the slider offers, those past the heads hidden; their names' slopes are m_0, m_1 ...
  RECIPES.alibi_lines = function (figure, p) {
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
        p['m' + h] = slopes[h];
      }
    });
    return { rows: range(p.heads), cols: d, data: out };
  };
  // T5's bucket of every (query, key) pair; a causal model's future keys blank (viz.views.relative.t5).
  // A max distance the buckets leave no room for throws: the chart stays as it was until the release.
  RECIPES.t5_matrix = function (figure, p) {
    const n = p.length;
    const data = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        data[i * n + j] = !p.bidirectional && j > i ? NaN : CF.t5Bucket(j - i, p.bidirectional, p.buckets, p.max_distance);
      }
    }
    return queryKey(figure, data, p);
  };
  // The bucket against the key's offset, -(L - 1) .. L - 1.
  RECIPES.t5_lines = function (figure, p) {
    const x = range(2 * p.length - 1).map((i) => i - (p.length - 1));
    const y = Float64Array.from(x, (r) => CF.t5Bucket(r, p.bidirectional, p.buckets, p.max_distance));
    figure.data[0].x = x;
    figure.data[0].y = y;
    return { rows: ['bucket'], cols: x, data: y };
  };
  // KERPLE against the distance, beside the ALiBi line of the same first slope m = r1 r2.
  RECIPES.kerple_lines = function (figure, p) {
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
  // Markers while the pairs can be told apart (viz.views.rope_scaling.pair_mode): each one is an SVG path
  // Plotly redraws, and at 64 pairs and four methods they were half the frame.
  function pairMode(n, p) {
    return n <= p.marked ? 'lines+markers' : 'lines';
  }

  // Each pair's wavelength under every method, with L and s x L as levels (viz.views.rope_scaling).
  RECIPES.rs_waves = function (figure, p) {
    const n = p.d_head / 2;
    const pairs = range(n);
    const out = new Float64Array(p.methods.length * n);
    p.methods.forEach((m, k) => {
      const w = CF.scaledFrequencies(m, p.d_head, p.base, p.scale, p.train_len);
      const waves = Float64Array.from(w, (f) => (2 * Math.PI) / f);
      out.set(waves, k * n);
      figure.data[k].x = pairs;
      figure.data[k].y = waves;
      figure.data[k].mode = pairMode(n, p);
    });
    p.sl = p.scale * p.train_len;
    const ends = [0, Math.max(n - 1, 0)];
    [p.train_len, p.sl].forEach((level, i) => {
      const trace = figure.data[p.methods.length + i];
      if (trace) {
        trace.x = ends;
        trace.y = [level, level];
      }
    });
    return { rows: p.methods, cols: pairs, data: out };
  };
  // YaRN's ramp over the pairs.
  RECIPES.rs_ramp = function (figure, p) {
    const ramp = CF.yarnRamp(p.d_head, p.base, p.train_len);
    figure.data[0].x = range(ramp.length);
    figure.data[0].y = ramp;
    figure.data[0].mode = pairMode(ramp.length, p);
    return { rows: ['ramp'], cols: range(ramp.length), data: ramp };
  };
  // the ramp does not depend on s: a drag of s leaves it as it is (see redraw)
  RECIPES.rs_ramp.inputs = ['d_head', 'base', 'train_len', 'marked'];
  // Each method's mean score near every distance (log-spaced to 2 s L), with marks at L and s L.
  RECIPES.rs_scores = function (figure, p) {
    const x = CF.geomspace(1, 2 * p.scale * p.train_len, p.points);
    const hi = x.map((v) => v * (1 + p.window));
    const out = new Float64Array(p.methods.length * x.length);
    p.methods.forEach((m, k) => {
      const w = CF.scaledFrequencies(m, p.d_head, p.base, p.scale, p.train_len);
      const factor = m === 'yarn' ? CF.yarnTemperature(p.scale) : 1;
      const y = CF.scoreWindow(w, x, hi, factor);
      out.set(y, k * x.length);
      figure.data[k].x = x;
      figure.data[k].y = y;
    });
    p.sl = p.scale * p.train_len;
    [p.train_len, p.sl].forEach((at, i) => {
      const trace = figure.data[p.methods.length + i];
      if (trace) trace.x = [at, at];
    });
    return { rows: p.methods, cols: Array.from(x), data: out };
  };

  // The scaling picture at d_k: the server's bin counts of q · k (unscaled or over √d_k) for that option,
  // as a density over ±4.5 standard deviations, and the normal curve theory says
  // (viz.scores.softmax.histogram).
  RECIPES.sm_hist = function (figure, p) {
    const at = p.options.indexOf(p.d_k);
    if (at < 0) throw new Error('no measured d_k ' + p.d_k);
    const variance = p.which === 'raw' ? p.d_k : 1;
    const half = 4.5 * Math.sqrt(variance);
    const edges = CF.linspace(-half, half, p.bins + 1);
    const width = edges[1] - edges[0];
    const centers = new Float64Array(p.bins);
    const density = new Float64Array(p.bins);
    for (let i = 0; i < p.bins; i++) {
      centers[i] = 0.5 * (edges[i] + edges[i + 1]);
      density[i] = p.counts[at][i] / (p.n * width);
    }
    const x = CF.linspace(-half, half, p.curve_points);
    const y = Float64Array.from(x, (v) => Math.exp((-0.5 * v * v) / variance) / Math.sqrt(2 * Math.PI * variance));
    Object.assign(figure.data[0], { x: centers, y: density, width: width });
    Object.assign(figure.data[1], { x: x, y: y });
    const both = new Float64Array(p.bins + p.curve_points);
    both.set(density);
    both.set(y, p.bins);
    return { rows: ['density', 'curve'], cols: Array.from(centers).concat(Array.from(x)), data: both };
  };

  // A parameter as Python's str() writes it ("{temperature:g}"-like: no trailing zeros).
  function shownValue(v) {
    return typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toPrecision(6))) : String(v);
  }

  // {name}, {name:.Nf} (N decimals) or {name:.Ng} (N significant digits), as Python formats them.
  function formatted(v, spec) {
    if (!spec || typeof v !== 'number') return shownValue(v);
    const digits = Number(spec.slice(1, -1));
    const fixed = spec.endsWith('f');
    const w = evenTie(v, digits, fixed) ? v - v * 1e-15 : v;
    return fixed ? w.toFixed(digits) : String(Number(w.toPrecision(digits)));
  }

  // Whether v lies exactly halfway between two roundings to `digits` places with an even digit kept, as
  // ALiBi's slope 2^-5 = 0.03125 does to three: Python keeps the even digit (0.0312), toPrecision and
  // toFixed round up (0.0313). V8 prints a number's exact digits up to 100 of them.
  function evenTie(v, digits, fixed) {
    if (!Number.isFinite(v) || v === 0) return false;
    const exact = fixed ? Math.abs(v).toFixed(100) : Math.abs(v).toPrecision(100);
    const mantissa = exact.split('e')[0];
    const plain = mantissa.replace('.', '');
    const cut = fixed ? mantissa.indexOf('.') + digits : plain.search(/[1-9]/) + digits;
    return cut > 0 && /^50*$/.test(plain.slice(cut)) && Number(plain[cut - 1]) % 2 === 0;
  }

  function fillTexts(figure, texts, p) {
    for (const path in texts || {}) {
      const text = texts[path].replace(/\{(\w+)(:\.\d[fg])?\}/g, (all, name, spec) =>
        name in p ? formatted(p[name], spec && spec.slice(1)) : all,
      );
      const keys = path.split('.');
      let at = figure;
      for (let i = 0; i < keys.length - 1 && at; i++) at = at[keys[i]];
      if (at) at[keys[keys.length - 1]] = text;
    }
  }

  function fill(figure, live, values) {
    const p = Object.assign({}, live.params, values || {});
    // what was asked for, before a recipe adds the numbers it derives (RoPE's s x L): a chart is not drawn
    // again for the same request (see chart)
    const asked = JSON.stringify(p);
    const recipe = RECIPES[live.recipe];
    if (!recipe) throw new Error('no recipe ' + live.recipe);
    const computed = recipe(figure, p);
    fillTexts(figure, live.texts, p);
    return { params: p, asked: asked, computed: computed };
  }

  // ---- charts ------------------------------------------------------------------------------------------
  // A chart's drawing: el.__alLive = {shown (the restyled figure), live, draw(figure)}.
  // dragged: a frame of a held strip. A recipe that names its inputs is not drawn again while none of
  // them moved; its result takes the new parameters, as the same picture is theirs too.
  function redraw(el, values, dragged) {
    const state = el.__alLive;
    if (!state || !el.isConnected) return;
    const inputs = (RECIPES[state.live.recipe] || {}).inputs;
    const drawn = el.__alLiveResult;
    if (dragged && inputs && drawn && !el.__alStale) {
      const p = Object.assign({}, state.live.params, values || {});
      if (inputs.every((name) => p[name] === drawn.params[name])) {
        el.__alLiveResult = Object.assign({}, drawn, { params: p, asked: JSON.stringify(p) });
        return;
      }
    }
    // A chart out of view is not drawn while a slider is dragged: it is drawn as it scrolls into view
    // (the observer below), or by the server's answer on release.
    if (dragged && el.__alHidden) {
      el.__alStale = true;
      return;
    }
    el.__alStale = false;
    const result = fill(state.shown, state.live, values);
    el.__alLiveResult = result;
    state.draw(state.shown);
  }

  // Which live charts are on screen. A chart drawn while out of view and scrolled in mid-drag takes its
  // group's values then.
  const watcher =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          entries.forEach((entry) => {
            const el = entry.target;
            el.__alHidden = !entry.isIntersecting;
            const state = el.__alLive;
            if (entry.isIntersecting && el.__alStale && state) {
              const g = state.live.group ? group(state.live.group) : null;
              try {
                redraw(el, g && g.active ? g.values : null);
              } catch (err) {
                // as in drawGroup: the server's answer follows on release
              }
            }
          });
        })
      : null;

  function drawGroup(name) {
    const g = group(name);
    g.frame = 0;
    g.drawn++;
    g.charts.forEach((el) => {
      if (!el.isConnected) {
        g.charts.delete(el);
        if (watcher) watcher.unobserve(el);
        return;
      }
      try {
        redraw(el, g.values, true);
      } catch (err) {
        // a value the formulas refuse leaves the chart as it was; the server's answer follows on release
      }
    });
  }

  // restyle: the presenter view's restyling (null outside it): the colour scales a recipe picks from are
  // swapped as the figure's own were.
  // shellKey: the figure as the server sent it without its parameters. When it and the parameters are
  // those of the picture on screen (a slider let go: the server's answer is what the drag drew), nothing
  // is drawn again, unless force (a presenter restyle after a resize).
  function chart(el, shown, live, draw, restyle, shellKey, force) {
    if (restyle && live.params.scales) {
      const scales = {};
      for (const name in live.params.scales) {
        const probe = { data: [{ type: 'heatmap', colorscale: live.params.scales[name] }], layout: {} };
        scales[name] = restyle(probe).data[0].colorscale;
      }
      live = Object.assign({}, live, { params: Object.assign({}, live.params, { scales: scales }) });
    }
    const before = el.__alLive;
    el.__alLive = { shown: shown, live: live, draw: draw, shellKey: shellKey };
    const g = live.group ? group(live.group) : null;
    if (g && !g.charts.has(el)) {
      g.charts.add(el);
      if (watcher) watcher.observe(el);
    }
    // While a strip of its group is held or waiting for the server, the strip's values win.
    const values = g && g.active ? g.values : null;
    const drawn = el.__alLiveResult;
    if (!force && before && drawn && before.shellKey === shellKey) {
      if (JSON.stringify(Object.assign({}, live.params, values || {})) === drawn.asked) {
        el.__alLive.shown = before.shown; // the filled figure on screen
        return;
      }
    }
    redraw(el, values);
  }

  // ---- strips --------------------------------------------------------------------------------------------
  const PENDING_MS = 5000; // a release the server never answered (a lost rerun) stops holding the values

  // A slider of fractions shows two decimals (T = 1.00), as Streamlit's own sliders do; whole numbers none.
  function decimals(s) {
    if (s.options || Number.isInteger(s.step)) return 0;
    const text = String(s.step);
    return Math.max(2, text.includes('.') ? text.split('.')[1].length : 0);
  }

  function sliderValue(s, input) {
    return s.options ? s.options[Number(input.value)] : Number(input.value);
  }

  function setInput(s, input, value) {
    if (s.options) {
      const at = s.options.indexOf(value);
      input.value = String(at < 0 ? 0 : at);
    } else input.value = String(value);
  }

  function strip(root, data, report) {
    let el = root.querySelector('.al-live');
    if (!el) {
      el = document.createElement('div');
      el.className = 'al-live';
      el.setAttribute('role', 'group');
      el.__alState = { pending: 0, pendingAt: 0, seq: 0, ack: 0, holding: false, inputs: {} };
      root.appendChild(el);
    }
    const state = el.__alState;
    const g = group(data.group);
    el.setAttribute('aria-label', data.title);
    el.dataset.group = data.group;
    // the last release the server applied (kept across reloads in its session): new numbers follow it
    state.ack = Math.max(state.ack, data.ack || 0);
    const waiting = state.pending && data.ack < state.pending && Date.now() - state.pendingAt < PENDING_MS;
    if (!waiting) state.pending = 0;
    let badge = el.querySelector('.al-live-badge');
    if (!badge) {
      badge = document.createElement('span');
      badge.className = 'al-live-badge';
      el.appendChild(badge);
    }
    badge.textContent = data.title;
    badge.title = data.hint;
    const names = new Set();
    data.sliders.forEach((s) => {
      names.add(s.name);
      let row = state.inputs[s.name];
      if (!row) {
        const label = document.createElement('label');
        label.className = 'al-live-slider';
        const text = document.createElement('span');
        const input = document.createElement('input');
        input.type = 'range';
        input.dataset.name = s.name;
        const out = document.createElement('output');
        label.append(text, input, out);
        el.appendChild(label);
        row = state.inputs[s.name] = { label: label, text: text, input: input, out: out, spec: s };
        const show = () => {
          const value = sliderValue(row.spec, input);
          const text = decimals(row.spec) ? value.toFixed(decimals(row.spec)) : shownValue(value);
          out.textContent = text;
          input.setAttribute('aria-valuetext', text);
          return value;
        };
        row.show = show;
        input.addEventListener('input', () => {
          g.values[row.spec.name] = show();
          g.active = true;
          if (!g.frame) g.frame = requestAnimationFrame(() => drawGroup(data.group));
        });
        // a range input captures the pointer it is dragged with: its own events say when it is let go
        input.addEventListener('pointerdown', () => {
          state.holding = true;
        });
        const letGo = () => {
          state.holding = false;
        };
        ['pointerup', 'pointercancel', 'lostpointercapture'].forEach((type) => input.addEventListener(type, letGo));
        // A release goes out before the group is drawn: Streamlit sends it from a zero-delay timer, and an
        // animation frame due first would hold the page for the whole redraw (RoPE's three charts: 50 ms),
        // so the frame is traded for a timer queued after Streamlit's and the round trip runs while the
        // charts are drawn. Presses in quick succession each send theirs (as a Streamlit slider's do); the
        // acknowledgements keep the slider where the hand left it.
        input.addEventListener('change', () => {
          state.seq = Math.max(state.seq, state.pending, state.ack) + 1;
          state.pending = state.seq;
          state.pendingAt = Date.now();
          const values = {};
          Object.keys(state.inputs).forEach((name) => {
            values[name] = sliderValue(state.inputs[name].spec, state.inputs[name].input);
          });
          report({ seq: state.seq, values: values });
          if (g.frame > 0) {
            cancelAnimationFrame(g.frame);
            g.frame = -1;
            setTimeout(() => drawGroup(data.group), 0);
          }
        });
      }
      row.spec = s;
      row.text.textContent = s.label;
      row.input.setAttribute('aria-label', s.label);
      row.input.min = '0';
      if (s.options) {
        row.input.max = String(s.options.length - 1);
        row.input.step = '1';
      } else {
        row.input.min = String(s.min);
        row.input.max = String(s.max);
        row.input.step = String(s.step);
      }
      if (!waiting && !state.holding) {
        setInput(s, row.input, s.value);
        g.values[s.name] = s.value;
      }
      row.show();
    });
    Object.keys(state.inputs).forEach((name) => {
      if (!names.has(name)) {
        state.inputs[name].label.remove();
        delete state.inputs[name];
        delete g.values[name];
      }
    });
    g.active = Boolean(waiting || state.holding);
  }

  window.__attentionLabLive = { chart: chart, strip: strip, fill: fill, recipes: Object.keys(RECIPES) };
})();
