// What some charts do under the pointer, beyond Plotly's own hover: served after plot.js, in the same
// module (viz.ui.chart.served_plot_script), which calls these once a chart that needs them is drawn
// (exported only so that each file, linted alone, uses what it declares).

// A chart of attention as lines (viz/figures/flow.py: each line a segment of a path shape, and
// layout.meta.lines.shapes listing what each shape draws as [panel, query, key, weight]; the model view's
// panels stand where layout.meta.lines.panels says, the head view's all at the origin): hovering a word,
// or tapping it on a phone, shows only that word's lines in every head (a left word's lines to the words
// it reads, a right word's from the words that read it); leaving it, or tapping it again, shows them all.
// A word's dot names its word by its customdata (the model view has a dot per word and layer), else by
// its place. A head hidden by its legend entry stays hidden.
export function followWords(el, Plotly) {
  if (el.__alLines) return;
  el.__alLines = true;
  const wordOf = (point) => point.customdata ?? point.pointIndex;
  let pinned = null;
  const show = (point) => {
    const drawn = el.layout?.meta?.lines?.shapes;
    const shapes = el.layout?.shapes;
    if (!Array.isArray(drawn) || !Array.isArray(shapes)) return;
    const side = point?.data?.meta;
    const word = point ? wordOf(point) : null;
    const panels = el.layout.meta.lines.panels;
    const segment = ([p, q, k]) => {
      const [x, y] = panels?.[p] ?? [0, 0];
      return `M${x},${y + q}L${x + 1},${y + k}`;
    };
    const update = {};
    drawn.forEach((lines, i) => {
      if (!shapes[i] || shapes[i].visible === 'legendonly') return;
      const mine = lines.filter(([, q, k]) => word === null || (side === 'query' ? q === word : k === word));
      update[`shapes[${i}].path`] = mine.map(segment).join('') || 'M0,0';
      update[`shapes[${i}].visible`] = mine.length > 0;
    });
    Plotly.relayout(el, update);
  };
  const word = (event) => event?.points?.find((p) => p.data?.meta === 'query' || p.data?.meta === 'key');
  el.on('plotly_hover', (event) => {
    const point = word(event);
    if (point && !pinned) show(point);
  });
  el.on('plotly_unhover', () => {
    if (!pinned) show(null);
  });
  el.on('plotly_click', (event) => {
    const point = word(event);
    if (!point) return;
    const same = pinned && pinned.data.meta === point.data.meta && wordOf(pinned) === wordOf(point);
    pinned = same ? null : point;
    show(pinned);
  });
}

// Home's diagram of the model (viz.figures.diagram: layout.meta.boxes, a box's id as its marker's
// customdata): a click on a box presses the page's own button for it (.st-key-map_link_<id>), which
// opens that step's page and tab in the same session. On a touch screen the first tap on a box shows its
// arithmetic (Plotly's hover), and a second tap on the same box opens it. One tap can reach Plotly as
// two clicks (the touch, then the mouse click the browser makes of it): a click within TAP_MS of the
// tap that armed the box is that same tap.
// The chart is drawn before the run reaches the buttons under it, so a quick click (or a slow server)
// can come before its button exists: the click waits for it, up to PRESS_WAIT_MS, and a later click on
// another box takes its place (only the last box asked for is opened).
const TAP_MS = 500;
const PRESS_WAIT_MS = 15000;
const PRESS_POLL_MS = 100;
export function followBoxes(el) {
  if (el.__alBoxes) return;
  el.__alBoxes = true;
  const touch = window.matchMedia('(hover: none)').matches;
  let armed = null;
  let armedAt = 0;
  let wanted = null;
  const press = (id, until) => {
    if (wanted !== id) return;
    const button = document.querySelector(`.st-key-map_link_${id} button`);
    if (button) {
      wanted = null;
      button.click();
    } else if (performance.now() < until) {
      setTimeout(() => press(id, until), PRESS_POLL_MS);
    } else {
      wanted = null;
    }
  };
  el.on('plotly_click', (event) => {
    const point = event?.points?.find((p) => p.data?.meta === 'boxes');
    if (!point) return;
    const id = point.customdata;
    const now = performance.now();
    if (touch && armed === id && now - armedAt < TAP_MS) return;
    if (touch && armed !== id) {
      armed = id;
      armedAt = now;
      return;
    }
    armed = null;
    wanted = id;
    press(id, now + PRESS_WAIT_MS);
  });
}
