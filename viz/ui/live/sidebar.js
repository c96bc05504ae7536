// The sidebar's shared settings (d_model, max_len, base) drive the live charts while they are dragged, so
// a page shows one slider per value: a strip draws no copy of them (live.live_strip). A live chart names
// the settings it follows (live.follow); while a hand holds one of those sliders (a mouse or a finger),
// every value the slider passes through is stored in the chart's group and the group is redrawn on the
// next animation frame, as a strip's own input does. Streamlit sends the value when the slider is let go;
// from then on the server's answer is what the charts show. Added once per document.
((AL) => {
  'use strict';
  // Node.js runs the served script without a page (tests/js, bench/): nothing to follow there
  if (typeof document === 'undefined' || window.__attentionLabSidebarLive) return;
  window.__attentionLabSidebarLive = true;
  const { drawGroup } = AL.runtime;
  const groups = window.__attentionLabLiveGroups;
  const SIDEBAR = '[data-testid="stSidebar"]';

  // The setting a sidebar slider holds: its widget key (Streamlit's st-key-<key> class).
  function settingOf(el) {
    const box = el.closest?.('[class*="st-key-"]');
    const found = box?.className.match(/st-key-(\w+)/);
    return found ? found[1] : null;
  }

  // A slider's value as it reads on screen: Streamlit's thumb is a visually hidden range input whose
  // aria-valuetext it sets to the shown value on every move (its value property, an index for a select
  // slider, changes no attribute).
  function readValue(thumb) {
    const text = thumb.getAttribute('aria-valuetext');
    const value = Number(String(text).replace(/[^0-9.eE+-]/g, ''));
    return Number.isFinite(value) ? value : null;
  }

  // The groups whose charts follow `name`.
  function following(name) {
    return Object.keys(groups).filter((key) =>
      [...groups[key].charts].some((el) => el.isConnected && el.__alLive?.live.follow?.includes(name)),
    );
  }

  let held = null; // the setting whose slider a hand is dragging now
  function moved(thumb) {
    const name = settingOf(thumb);
    if (!name || name !== held) return;
    const value = readValue(thumb);
    if (value === null) return;
    following(name).forEach((key) => {
      const g = groups[key];
      if (g.values[name] === value) return;
      g.values[name] = value;
      g.active = true;
      if (!g.frame) g.frame = requestAnimationFrame(() => drawGroup(key));
    });
  }

  // Let go: the charts wait for the server's answer (the picture on screen is the dragged value's), and
  // take the server's values from then on.
  function letGo() {
    if (!held) return;
    const name = held;
    held = null;
    following(name).forEach((key) => {
      delete groups[key].values[name];
      groups[key].active = Object.keys(groups[key].values).length > 0 && groups[key].active;
    });
  }

  function start(event) {
    const slider = event.target.closest?.(`${SIDEBAR} [data-testid="stSlider"]`);
    if (slider) held = settingOf(slider);
  }
  // A drag only: a key press moves the slider one step and Streamlit sends it at once, so the server's answer
  // is as quick as a frame computed here, and computing both cost the by-offset chart a third more per press.
  document.addEventListener('pointerdown', start, true);
  for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, letGo, true);

  const observer = new MutationObserver((records) => {
    if (!held) return;
    records.forEach((record) => {
      if (record.target.matches?.('input[type="range"]')) moved(record.target);
    });
  });
  function watch() {
    const sidebar = document.querySelector(SIDEBAR);
    if (!sidebar) {
      setTimeout(watch, 500);
      return;
    }
    observer.observe(sidebar, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-valuetext'],
    });
  }
  watch();
})(globalThis.AttentionLab);
