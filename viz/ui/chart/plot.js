// Draws a Plotly figure in place: the first run creates the chart, every later run updates the same
// chart with Plotly.react, which redraws only what changed. (st.plotly_chart in Streamlit 1.67 unmounts
// a chart whose figure changed and draws it from scratch: about twice the time, see bench/replay_bench.py.)
// plotly.js is static/plotly.min.js, served by Streamlit's static serving: plotly.js's cartesian
// bundle, or the plotly package's full one when their versions differ (plotly_js.py). The figure's JSON
// carries the page's language as config.locale (chart/__init__.py, _plot): the toolbar speaks it.
// The one placeholder below becomes a JSON object (chart/__init__.py, settings()): the charts' Plotly
// config (figures.PLOTLY_CONFIG plus responsive: true), the message shown in a chart's place when
// plotly.js cannot be fetched or does not run (by language), the languages with a plotly.js locale
// in static/ (plotly-locale-LANG.js; English is plotly.js's own), and a chart's label when the server
// sent no summary (by language).
const SETTINGS = __ATTENTION_LAB_SETTINGS__;
const CONFIG = SETTINGS.config;
const LOAD_FAILED = SETTINGS.loadFailed;
const LOCALES = SETTINGS.locales;
const CHART_LABEL = SETTINGS.chartLabel;
function staticUrl(name) {
  return new URL(`app/static/${name}`, document.baseURI.replace(/[^/]*$/, '')).href;
}

// One <script> per file and page; a failed one is removed so that the next chart tries again.
function loadScript(name, loaded) {
  window.__attentionLabScripts = window.__attentionLabScripts || {};
  const cache = window.__attentionLabScripts;
  if (!cache[name]) {
    cache[name] = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = staticUrl(name);
      const fail = (why) => {
        script.remove();
        cache[name] = null;
        reject(new Error(`${name} ${why}`));
      };
      // A truncated or broken file still fires onload, without defining anything: check it ran.
      script.onload = () => (loaded() ? resolve() : fail('did not run'));
      script.onerror = () => fail('could not be loaded');
      document.head.appendChild(script);
    });
  }
  return cache[name];
}

// The presenter view's restyling (static/attention-lab-present.js, viz/ui/presenter/plot.js), fetched once
// by the first chart that asks for it. Without it (a failed fetch, or a figure it cannot read) the chart is
// drawn as it is: never a blank chart.
function presented(figure) {
  if (!figure.config?.present) return Promise.resolve(figure);
  const ok = () => typeof window.__attentionLabPresent === 'function';
  return loadScript('attention-lab-present.js', ok).then(
    () => {
      try {
        return window.__attentionLabPresent(figure);
      } catch {
        return figure;
      }
    },
    () => figure,
  );
}

// Live strips and charts (viz/ui/live/: the files its __init__.py lists), fetched once by the first
// live element of a page.
function loadLive() {
  return loadScript('attention-lab-live.js', () => Boolean(window.__attentionLabLive)).then(
    () => window.__attentionLabLive,
  );
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
  window.__attentionLabLocales = window.__attentionLabLocales || {};
  const locales = window.__attentionLabLocales;
  if (!locales[lang]) locales[lang] = loadScript(`plotly-locale-${lang}.js`, () => true).catch(() => {});
  return locales[lang];
}

// A phone (a window under PHONE_PX CSS px wide): the figure every session shares keeps its layout, and
// this draws a copy whose title breaks over two lines instead of running off a narrow chart, whose
// number axes show larger and fewer tick labels, and whose side margins are narrow. Axes of words (the
// tokens of an attention map) keep every label.
const PHONE_PX = 640;
const PHONE_TICK_PX = 12;
const PHONE_TICKS = 6;
// a line of a chart's title (its font with line spacing), and a panel's title above its plot, in CSS px
const TITLE_LINE_PX = 24;
const PANEL_TITLE_PX = 30;
// the middle of a broken title's first line, below the chart's top
const TITLE_TOP_PX = 22;
// a panel title's character, in ems of its type (Hangul counts two)
const PANEL_UNIT_EM = 0.53;
// a legend's entry, one a line
const LEGEND_ROW_PX = 22;
// a named cell's label on a phone: a line of tick text with a little room
const CATEGORY_PX = 16;

function isPhone() {
  return (window.innerWidth || PHONE_PX) < PHONE_PX;
}

function numeric(data, letter) {
  const values = data?.[0]?.[letter];
  return Array.isArray(values) ? typeof values[0] === 'number' : values !== undefined;
}

// The title's words in lines of at most `room` units, a character of a wide script (Hangul, CJK) counting
// two: what fits a phone's chart.
function brokenTitle(text, room) {
  if (typeof text !== 'string' || text.includes('<br>')) return text;
  const units = (word) => [...word].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  if (units(text) <= room) return text;
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && units(`${line} ${word}`) > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('<br>');
}

// The layout changes the server sends for a phone (layout.meta.phone: a grid of heads in fewer columns),
// merged into each axis; its other keys (the panels' titles, the height) replace the figure's, and its
// `data`, when given, the figure's traces (Home's diagram in two columns).
function phoneHeight(figure) {
  return (isPhone() && figure.layout?.meta?.phone?.height) || figure.layout?.height || 450;
}

function onPhone(figure, width) {
  if (!isPhone()) return figure;
  const layout = Object.assign({}, figure.layout);
  const { data: phoneData, ...changes } = layout.meta?.phone || {};
  for (const [key, change] of Object.entries(changes)) {
    layout[key] = /^[xy]axis\d*$/.test(key) ? Object.assign({}, layout[key], change) : change;
  }
  if (phoneData) figure = Object.assign({}, figure, { data: phoneData });
  for (const key of Object.keys(layout)) {
    const axis = layout[key];
    const found = /^([xy])axis\d*$/.exec(key);
    if (!found || !axis || typeof axis !== 'object') continue;
    const size = Math.max(PHONE_TICK_PX, axis.tickfont?.size || 0);
    const phone = Object.assign({}, axis, { tickfont: Object.assign({}, axis.tickfont, { size: size }) });
    if (!axis.tickvals && numeric(figure.data, found[1]))
      phone.nticks = Math.min(axis.nticks || PHONE_TICKS, PHONE_TICKS);
    else if (!axis.tickvals) {
      // named cells (a block's stages, tokens): as many labels as fit a line of text each, the rest
      // left to the hover (twenty-five stages in 300 px were printed over each other)
      const span = axis.domain ? axis.domain[1] - axis.domain[0] : 1;
      const px =
        found[1] === 'x' ? ((width || window.innerWidth) - 60) * span : ((layout.height || 450) - 120) * span;
      const most = Math.max(2, Math.floor(px / CATEGORY_PX));
      phone.nticks = Math.min(axis.nticks || most, most);
    }
    layout[key] = phone;
  }
  // about 9 px a unit at the title's size: the chart's own width, or the window's before it is laid out
  const room = Math.max(16, Math.floor((width || window.innerWidth) / 9) - 2);
  const margin = { l: Math.min(layout.margin?.l ?? 60, 48), r: Math.min(layout.margin?.r ?? 30, 12) };
  const text = layout.title?.text ? brokenTitle(layout.title.text, room) : '';
  if (text) layout.title = Object.assign({}, layout.title, { text: text });
  const lines = text ? text.split('<br>').length : 0;
  // A legend under the plot sat on the axis's title once a phone's larger ticks took more room, and one
  // above it on the chart's title: it goes above the plot, under the title, one entry a line.
  const legend = layout.legend;
  const entries = (figure.data || []).filter(
    (tr) => tr.showlegend !== false && tr.name && tr.type !== 'heatmap',
  );
  const outside = legend && legend.yref !== 'container' && ((legend.y ?? -0.1) < 0 || legend.y > 1);
  const moved = outside && legend.orientation === 'h' && entries.length > 0;
  if (moved)
    layout.legend = Object.assign({}, legend, {
      orientation: 'v',
      x: 0,
      xanchor: 'left',
      y: 1,
      yanchor: 'bottom',
      yref: 'paper',
    });
  // Centred in the top margin, a broken title ran down into the panels' titles (or a legend above the
  // plot): Plotly centres its first line and writes the others below it. The first line goes near the
  // chart's top instead, and the margin grows to hold the lines, the legend and a panel's title.
  if (lines > 1 || moved) {
    const top = layout.margin?.t ?? 80;
    const under =
      (moved ? entries.length * LEGEND_ROW_PX : 0) + (layout.annotations?.length ? PANEL_TITLE_PX : 8);
    margin.t = Math.max(top, TITLE_TOP_PX + lines * TITLE_LINE_PX + under);
    layout.height = (layout.height || 450) + margin.t - top; // the plot keeps its height
    if (lines)
      layout.title = Object.assign({}, layout.title, {
        yref: 'container',
        yanchor: 'middle',
        y: 1 - TITLE_TOP_PX / layout.height,
      });
  }
  layout.margin = Object.assign({}, layout.margin, margin);
  return Object.assign({}, figure, { layout: layout });
}

// The figure as drawn at `width`: a phone's copy (onPhone), and panels' titles broken over lines to fit
// their cells (at 1400 px a block's stages, "FFN hidden: ReLU(· W₁ + b₁), 256 wide", ran into their
// neighbours'); a top row's broken titles get room in the top margin, from the plot (the chart keeps its
// height: the presenter view's is fitted to the window).
function fitted(figure, width) {
  const phone = onPhone(figure, width);
  const notes = phone.layout?.annotations;
  if (!Array.isArray(notes) || notes.length < 2) return phone;
  const margin = phone.layout.margin || {};
  // the plot's width: the chart's, less its margins and a colour bar
  const plot = Math.max(120, (width || window.innerWidth) - (margin.l ?? 80) - (margin.r ?? 80) - 60);
  let extra = 0;
  const titles = notes.map((a) => {
    if (a.xref !== 'paper' || a.yanchor !== 'bottom' || typeof a.text !== 'string') return a;
    const gaps = notes.filter((b) => b !== a && b.y === a.y).map((b) => Math.abs(b.x - a.x));
    const cell = gaps.length ? Math.min(...gaps) * plot : plot;
    const size = a.font?.size || 16; // larger in the presenter view
    const text = brokenTitle(a.text, Math.max(8, Math.floor(cell / (size * PANEL_UNIT_EM)) - 1));
    if (text === a.text) return a;
    if (a.y >= 0.999) extra = Math.max(extra, (text.split('<br>').length - 1) * Math.round(1.25 * size));
    return Object.assign({}, a, { text: text });
  });
  const layout = Object.assign({}, phone.layout, { annotations: titles });
  if (extra) {
    // twice as much under a chart title Plotly centres in the margin (its middle moves half as far)
    const grow = layout.title?.text && layout.title.y === undefined ? 2 * extra : extra;
    layout.margin = Object.assign({}, margin, { t: (margin.t ?? 80) + grow });
  }
  return Object.assign({}, phone, { layout: layout });
}

// Redraw at the new width when the chart's column changes width (the sidebar opened or closed, the
// window resized); a change of height alone (the chart itself drawing) is ignored. A presented chart is
// restyled again (its sizes follow the window: a teacher's F11, a window dragged to the projector).
function followWidth(el, Plotly) {
  if (el.__alResize || typeof ResizeObserver === 'undefined') return;
  let width = el.clientWidth;
  let phone = isPhone();
  el.__alResize = new ResizeObserver(() => {
    if (el.clientWidth === width || !el.isConnected) return;
    width = el.clientWidth;
    const changed = phone !== isPhone();
    phone = isPhone();
    if (el.__alRestyle || changed) el.__alRedraw();
    else Plotly.Plots.resize(el);
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
  const { data, parentElement, setTriggerValue } = component;
  // Without a figure (the sidebar's instance): only start fetching plotly.js, early in the page.
  if (!data || (typeof data === 'object' && !data.byteLength && !data.buffer)) {
    loadPlotly().catch(() => {});
    return;
  }
  // The figure arrives as the bytes of its Plotly JSON (cheaper for the server than a dict), with the
  // page's language as config.locale.
  const figure = JSON.parse(new TextDecoder().decode(data));
  const lang = figure.config?.locale || 'en';
  // A live strip (sliders only, no chart; not an .al-plot, which every chart is): its released values
  // go back to Streamlit as a trigger.
  if (figure.strip) {
    let holder = parentElement.querySelector('.al-strip');
    if (!holder) {
      holder = document.createElement('div');
      holder.className = 'al-strip';
      parentElement.appendChild(holder);
    }
    loadLive().then(
      (Live) => Live.strip(holder, figure.strip, (message) => setTriggerValue('released', message)),
      () => {
        holder.textContent = LOAD_FAILED[lang] || LOAD_FAILED.en;
      },
    );
    return;
  }
  let el = parentElement.querySelector('.al-plot');
  if (!el) {
    el = document.createElement('div');
    el.className = 'al-plot';
    // A stop for the keyboard, announced by a screen reader as a figure named by its summary. Not
    // role="img": that makes Plotly's own focusable parts (the toolbar, the legend) nested controls.
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'figure');
    parentElement.appendChild(el);
  }
  // The chart's computed summary (viz.figures.summary), sent beside the figure as figure.summary.
  el.setAttribute('aria-label', figure.summary || (CHART_LABEL[lang] ?? CHART_LABEL.en));
  // A live chart: its data is computed here from figure.live's parameters (viz/ui/live/).
  const live = figure.live ? loadLive() : Promise.resolve(null);
  const config = Object.assign({}, CONFIG, { locale: lang });
  const height = (shown) => `${phoneHeight(shown)}px`;
  el.style.minHeight = height(figure);
  // A live chart's figure without its parameters: the same one twice, with the same parameters, is not
  // drawn again (a released slider: the server's answer is the picture the drag drew).
  // Nor its summary, which follows the parameters (a released slider must not redraw the chart).
  const shellKey = figure.live
    ? JSON.stringify(
        Object.assign({}, figure, { summary: null, live: Object.assign({}, figure.live, { params: null }) }),
      )
    : null;
  const react = (Plotly, shown, Live, force) => {
    if (Live && figure.live) {
      const restyle = shown !== figure ? window.__attentionLabPresent : null;
      const draw = (f) => {
        const drawn = fitted(f, el.clientWidth);
        Plotly.react(el, drawn.data, drawn.layout, config);
      };
      Live.chart(
        el,
        shown,
        figure.live,
        draw,
        restyle,
        shellKey + (shown !== figure ? '|present' : ''),
        force,
      );
    } else {
      const drawn = fitted(shown, el.clientWidth);
      Plotly.react(el, drawn.data, drawn.layout, config);
    }
  };
  Promise.all([loadPlotly(), live])
    .then(([Plotly, Live]) =>
      loadLocale(lang)
        .then(() => presented(figure))
        .then((shown) => [Plotly, shown, Live]),
    )
    .then(
      ([Plotly, shown, Live]) =>
        schedule(el, () => {
          if (!el._fullLayout) el.textContent = ''; // a load-failure message from an earlier run
          el.style.minHeight = height(shown);
          react(Plotly, shown, Live);
          // drawn again from the figure: restyled for a projector's new size, or for a phone or not
          el.__alRedraw = () =>
            presented(figure).then((again) => {
              if (!el.isConnected) return;
              el.style.minHeight = height(again); // a phone's grid of heads is taller
              react(Plotly, again, Live, true);
            });
          el.__alRestyle = shown === figure ? null : el.__alRedraw;
          followWidth(el, Plotly);
          if (shown.layout?.meta?.lines) followWords(el, Plotly);
          if (shown.layout?.meta?.boxes) followBoxes(el);
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
