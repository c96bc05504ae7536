// The live charts' runtime: charts that follow a slider while it is dragged. Served with the other
// files of viz/ui/live/ as static/attention-lab-live.js (viz/ui/static_files.py) and loaded by plot.js
// the first time a page shows a live strip or a live chart.
//
// A live *chart* (live.live_chart) arrives as a figure without its data plus the parameters of a
// recipe (recipes/<topic>.js). The recipe computes the data from the parameters (closed_form/, held to
// viz/ at 1e-6 by the tests) and fills the figure: the same path draws the server's parameters and a
// dragged value. Charts belong to groups: a strip (strip.js) stores a moved value in its group and
// asks for the group's redraw on the next animation frame (drawGroup).
((AL) => {
  'use strict';
  const RECIPES = AL.recipes;
  window.__attentionLabLiveGroups = window.__attentionLabLiveGroups || {};
  const groups = window.__attentionLabLiveGroups;

  function group(name) {
    // drawn: frames drawn while a slider moved (bench/drag_bench.py counts them)
    if (!groups[name]) groups[name] = { values: {}, active: false, charts: new Set(), frame: 0, drawn: 0 };
    return groups[name];
  }

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
        name in p ? formatted(p[name], spec?.slice(1)) : all,
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
    if (!recipe) throw new Error(`no recipe ${live.recipe}`);
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
    const inputs = RECIPES[state.live.recipe]?.inputs;
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
                redraw(el, g?.active ? g.values : null);
              } catch {
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
      } catch {
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
    const values = g?.active ? g.values : null;
    const drawn = el.__alLiveResult;
    if (!force && before && drawn && before.shellKey === shellKey) {
      if (JSON.stringify(Object.assign({}, live.params, values || {})) === drawn.asked) {
        el.__alLive.shown = before.shown; // the filled figure on screen
        return;
      }
    }
    redraw(el, values);
  }

  Object.assign(AL.runtime, { group: group, drawGroup: drawGroup, shownValue: shownValue });
  // what plot.js calls (strip.js adds strip) and the tests read
  window.__attentionLabLive = {
    chart: chart,
    fill: fill,
    get recipes() {
      return Object.keys(RECIPES);
    },
  };
})(globalThis.AttentionLab);
