// Draws a Plotly figure in place: the first run creates the chart, every later run updates the same
// chart with Plotly.react, which redraws only what changed. (st.plotly_chart in Streamlit 1.67 unmounts
// a chart whose figure changed and draws it from scratch: about twice the time, see bench/replay_bench.py.)
// plotly.js is static/plotly.min.js, served by Streamlit's static serving: plotly.js's cartesian
// bundle, or the plotly package's full one when their versions differ (plotly_js.py). The figure's JSON
// carries the page's language as config.locale (chart/__init__.py, _plot): the toolbar speaks it.
// The one placeholder below becomes a JSON object (chart/__init__.py, settings()): the charts' Plotly
// config (figures.PLOTLY_CONFIG plus responsive: true), the message shown in a chart's place when
// plotly.js cannot be fetched or does not run (by language), and the languages with a plotly.js locale
// in static/ (plotly-locale-LANG.js; English is plotly.js's own).
const SETTINGS = __ATTENTION_LAB_SETTINGS__;
const CONFIG = SETTINGS.config;
const LOAD_FAILED = SETTINGS.loadFailed;
const LOCALES = SETTINGS.locales;
const PRESENTER = SETTINGS.presenter;

// The presenter view (viz/ui/presenter): the chart restyled for a projector, here in the browser so that
// the figure every session shares stays as it is. Sizes follow the window as the page's text does (its
// width over 1280, at least 1): ticks 16 px, the chart's text 18, axis titles 20, its title 22 at 1280
// wide. Scales that wash out are swapped by their colours; lines and markers get thicker.
function presentable(figure) {
  const scale = Math.max(1, Math.min(2, (window.innerWidth || 1280) / 1280));
  const px = (n) => Math.round(n * scale);
  const atLeast = (font, n) => Object.assign({}, font, { size: Math.max((font && font.size) || 0, px(n)) });
  const layout = Object.assign({}, figure.layout);
  layout.font = atLeast(layout.font, 18);
  layout.hoverlabel = Object.assign({}, layout.hoverlabel, { font: atLeast((layout.hoverlabel || {}).font, 18) });
  layout.legend = Object.assign({}, layout.legend, { font: atLeast((layout.legend || {}).font, 18) });
  layout.colorway = PRESENTER.colorway;
  if (layout.title) {
    const title = typeof layout.title === 'string' ? { text: layout.title } : layout.title;
    layout.title = Object.assign({}, title, { font: atLeast(title.font, 22) });
  }
  const swap = (owner) => {
    const scaleOf = owner && Array.isArray(owner.colorscale) ? owner.colorscale : null;
    const found = scaleOf && PRESENTER.scales[scaleOf.map((stop) => stop[1]).join('|')];
    return found ? Object.assign({}, owner, { colorscale: found }) : owner;
  };
  const colorbar = (bar) =>
    Object.assign({}, bar, {
      tickfont: atLeast((bar || {}).tickfont, 16),
      title: Object.assign({}, (bar || {}).title, { font: atLeast(((bar || {}).title || {}).font, 18) }),
    });
  for (const key of Object.keys(layout)) {
    if (/^[xy]axis\d*$/.test(key)) {
      const axis = Object.assign({}, layout[key]);
      axis.tickfont = atLeast(axis.tickfont, 16);
      const title = typeof axis.title === 'string' ? { text: axis.title } : axis.title;
      if (title) axis.title = Object.assign({}, title, { font: atLeast(title.font, 20) });
      layout[key] = axis;
    } else if (/^coloraxis\d*$/.test(key)) {
      layout[key] = swap(layout[key]);
      layout[key].colorbar = colorbar(layout[key].colorbar);
    }
  }
  if (Array.isArray(layout.annotations)) {
    layout.annotations = layout.annotations.map((note) => Object.assign({}, note, { font: atLeast(note.font, 18) }));
  }
  const height = layout.height || 450;
  layout.height = Math.max(height, Math.min(Math.round(0.7 * (window.innerHeight || 720)), Math.round(1.6 * height)));
  const data = (figure.data || []).map((trace) => {
    const out = swap(trace);
    if (out.colorbar || out.type === 'heatmap') out.colorbar = colorbar(out.colorbar);
    if (out.textfont || out.texttemplate) out.textfont = atLeast(out.textfont, 16);
    if (out.marker) {
      out.marker = swap(out.marker);
      if (out.marker.colorbar) out.marker.colorbar = colorbar(out.marker.colorbar);
      if (typeof out.marker.size === 'number') out.marker.size = Math.max(out.marker.size, px(9));
    }
    if (out.type === 'scatter' && (!out.mode || out.mode.includes('lines'))) {
      out.line = Object.assign({}, out.line, { width: Math.max((out.line && out.line.width) || 2, 3.5) });
    }
    return out;
  });
  return { data, layout };
}

function staticUrl(name) {
  return new URL('app/static/' + name, document.baseURI.replace(/[^/]*$/, '')).href;
}

// One <script> per file and page; a failed one is removed so that the next chart tries again.
function loadScript(name, loaded) {
  const cache = (window.__attentionLabScripts = window.__attentionLabScripts || {});
  if (!cache[name]) {
    cache[name] = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = staticUrl(name);
      const fail = (why) => {
        script.remove();
        cache[name] = null;
        reject(new Error(name + ' ' + why));
      };
      // A truncated or broken file still fires onload, without defining anything: check it ran.
      script.onload = () => (loaded() ? resolve() : fail('did not run'));
      script.onerror = () => fail('could not be loaded');
      document.head.appendChild(script);
    });
  }
  return cache[name];
}

function loadPlotly() {
  const ok = () => Boolean(window.Plotly && typeof window.Plotly.react === 'function');
  if (ok()) return Promise.resolve(window.Plotly);
  return loadScript('plotly.min.js', ok).then(() => window.Plotly);
}

// The page language's plotly.js locale, loaded once per page (a failed one is not tried again: the
// toolbar then stays in English).
function loadLocale(lang) {
  if (!LOCALES.includes(lang)) return Promise.resolve();
  const locales = (window.__attentionLabLocales = window.__attentionLabLocales || {});
  if (!locales[lang]) locales[lang] = loadScript('plotly-locale-' + lang + '.js', () => true).catch(() => {});
  return locales[lang];
}

// Redraw at the new width when the chart's column changes width (the sidebar opened or closed, the
// window resized); a change of height alone (the chart itself drawing) is ignored.
function followWidth(el, Plotly) {
  if (el.__alResize || typeof ResizeObserver === 'undefined') return;
  let width = el.clientWidth;
  el.__alResize = new ResizeObserver(() => {
    if (el.clientWidth === width || !el.isConnected) return;
    width = el.clientWidth;
    Plotly.Plots.resize(el);
  });
  el.__alResize.observe(el);
}

// Charts waiting to be drawn, in page order, one entry per chart (a newer figure replaces a waiting
// one). They are drawn one per task, so the browser paints each chart as it is ready: drawn in one go, a
// page of ten charts showed nothing until the last was done.
const pending = new Map();
let pumping = false;

function pump() {
  const next = pending.entries().next();
  if (next.done) {
    pumping = false;
    return;
  }
  const [el, draw] = next.value;
  pending.delete(el);
  try {
    if (el.isConnected) draw();
  } finally {
    setTimeout(pump, 0);
  }
}

function schedule(el, draw) {
  pending.set(el, draw);
  if (!pumping) {
    pumping = true;
    setTimeout(pump, 0);
  }
}

export default function (component) {
  const { data, parentElement } = component;
  // Without a figure (the sidebar's instance): only start fetching plotly.js, early in the page.
  if (!data || (typeof data === 'object' && !data.byteLength && !data.buffer)) {
    loadPlotly().catch(() => {});
    return;
  }
  let el = parentElement.querySelector('.al-plot');
  if (!el) {
    el = document.createElement('div');
    el.className = 'al-plot';
    parentElement.appendChild(el);
  }
  // The figure arrives as the bytes of its Plotly JSON (cheaper for the server than a dict), with the
  // page's language as config.locale.
  const figure = JSON.parse(new TextDecoder().decode(data));
  const lang = (figure.config && figure.config.locale) || 'en';
  const config = Object.assign({}, CONFIG, { locale: lang });
  const shown = figure.config && figure.config.present ? presentable(figure) : figure;
  el.style.minHeight = (shown.layout && shown.layout.height ? shown.layout.height : 450) + 'px';
  loadPlotly()
    .then((Plotly) => loadLocale(lang).then(() => Plotly))
    .then(
      (Plotly) =>
        schedule(el, () => {
          if (!el._fullLayout) el.textContent = ''; // a load-failure message from an earlier run
          Plotly.react(el, shown.data, shown.layout, config);
          followWidth(el, Plotly);
        }),
      () => {
        el.textContent = LOAD_FAILED[lang] || LOAD_FAILED.en;
      },
    );
  // Streamlit calls this when the chart is re-rendered or removed; only a chart that has left the
  // page gives its memory and listeners back.
  return () => {
    setTimeout(() => {
      if (el.isConnected) return;
      pending.delete(el);
      if (el.__alResize) el.__alResize.disconnect();
      if (window.Plotly) window.Plotly.purge(el);
    }, 0);
  };
}
