// The presenter view's chart restyling (viz/ui/presenter), served as static/attention-lab-present.js and
// loaded by the chart component (viz/ui/chart/plot.js) only for a chart whose config says present: so
// the sessions that do not present never receive it. It restyles a copy of the figure in the browser, so
// the figure every session shares stays as it is. Sizes follow the window as the page's text does (its
// width over 1280, at least 1 and at most 2): ticks 16 px, the chart's text 18, axis titles 20, its title
// 22 at 1280 wide. Lines 1.5 times as wide and markers 1.4 times as large (a thin line stays thinner than
// a bold one). The scales that wash out are swapped, found by their colours; traces without a colour of
// their own take the darker colourway. The placeholder becomes presenter.chart_settings() as JSON.
(() => {
  const PRESENTER = __ATTENTION_LAB_PRESENTER__;
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const titled = (title) => (typeof title === 'string' ? { text: title } : isObject(title) ? title : null);

  window.__attentionLabPresent = function presentable(figure) {
    const scale = Math.max(1, Math.min(2, (window.innerWidth || 1280) / 1280));
    const px = (n) => Math.round(n * scale);
    const atLeast = (font, n) =>
      Object.assign({}, isObject(font) ? font : {}, {
        size: Math.max((isObject(font) && font.size) || 0, px(n)),
      });
    const layout = Object.assign({}, figure.layout);
    layout.font = atLeast(layout.font, 18);
    layout.hoverlabel = Object.assign({}, layout.hoverlabel, {
      font: atLeast(layout.hoverlabel?.font, 18),
    });
    layout.legend = Object.assign({}, layout.legend, { font: atLeast(layout.legend?.font, 18) });
    layout.colorway = PRESENTER.colorway;
    const title = titled(layout.title);
    if (title) layout.title = Object.assign({}, title, { font: atLeast(title.font, 22) });
    const swap = (owner) => {
      if (!isObject(owner)) return owner;
      const stops = Array.isArray(owner.colorscale) ? owner.colorscale : null;
      const found = stops && PRESENTER.scales[stops.map((stop) => stop[1]).join('|')];
      return found ? Object.assign({}, owner, { colorscale: found }) : owner;
    };
    const colorbar = (bar) => {
      const out = Object.assign({}, isObject(bar) ? bar : {});
      out.tickfont = atLeast(out.tickfont, 16);
      const barTitle = titled(out.title);
      if (barTitle) out.title = Object.assign({}, barTitle, { font: atLeast(barTitle.font, 18) });
      return out;
    };
    for (const key of Object.keys(layout)) {
      if (/^[xy]axis\d*$/.test(key) && isObject(layout[key])) {
        const axis = Object.assign({}, layout[key]);
        axis.tickfont = atLeast(axis.tickfont, 16);
        const axisTitle = titled(axis.title);
        if (axisTitle) axis.title = Object.assign({}, axisTitle, { font: atLeast(axisTitle.font, 20) });
        layout[key] = axis;
      } else if (/^coloraxis\d*$/.test(key) && isObject(layout[key])) {
        layout[key] = swap(layout[key]);
        layout[key].colorbar = colorbar(layout[key].colorbar);
      }
    }
    if (Array.isArray(layout.annotations)) {
      layout.annotations = layout.annotations.map((note) =>
        isObject(note) ? Object.assign({}, note, { font: atLeast(note.font, 18) }) : note,
      );
    }
    // A chart title over panels' titles, both larger, ran into them in the 80 px margin: the margin holds
    // the title's line, centred in it, and a panel title's line under it.
    const panels = (layout.annotations || []).some(
      (n) => isObject(n) && n.yanchor === 'bottom' && n.y >= 0.999,
    );
    if (title?.text && panels) {
      const need = Math.round(1.3 * px(22) + 2.6 * px(18) + 8);
      if (need > (layout.margin?.t ?? 80)) layout.margin = Object.assign({}, layout.margin, { t: need });
    }
    // at least 70% of the window's height, but never more than 1.6 times the chart's own height (a strip
    // of one row stays a strip), and never more than 78%: a chart that starts in the window's top fifth
    // ends on the first screen (a grid of every head is taller than a window of its own)
    const height = layout.height || 450;
    const screen = window.innerHeight || 720;
    const room = Math.round(0.7 * screen);
    layout.height = Math.min(
      Math.max(height, Math.min(room, Math.round(1.6 * height))),
      Math.round(0.78 * screen),
    );
    const data = (figure.data || []).map((trace) => {
      if (!isObject(trace)) return trace;
      const out = Object.assign({}, swap(trace)); // a copy: the figure itself is drawn again on a resize
      if (isObject(out.colorbar) || out.type === 'heatmap') out.colorbar = colorbar(out.colorbar);
      // a heatmap fits its cells' numbers to the cells (at most the chart's font): left to plotly.js
      if (out.type !== 'heatmap' && (out.textfont || out.texttemplate))
        out.textfont = atLeast(out.textfont, 16);
      if (isObject(out.marker)) {
        out.marker = Object.assign({}, swap(out.marker));
        if (isObject(out.marker.colorbar)) out.marker.colorbar = colorbar(out.marker.colorbar);
        const size = out.marker.size;
        if (typeof size === 'number') out.marker.size = size * 1.4 * scale;
        else if (Array.isArray(size))
          out.marker.size = size.map((s) => (typeof s === 'number' ? s * 1.4 * scale : s));
      }
      if ((out.type === 'scatter' || !out.type) && (!out.mode || out.mode.includes('lines'))) {
        const line = Object.assign({}, out.line);
        line.width = (typeof line.width === 'number' ? line.width : 2) * 1.5 * scale;
        out.line = line;
      }
      return out;
    });
    return { data, layout };
  };
})();
