// A live *strip* (live.live_strip): native range inputs, so the browser gives them arrow keys,
// Home/End, Page Up/Down and touch, and screen readers read their value. Every input event stores the
// value in its group and redraws the group's charts on the next animation frame (runtime.js); letting
// go (or a key press) sends the values to Streamlit once, with a sequence number the server echoes
// back as "ack". Until that echo arrives the strip keeps the visitor's values: a rerun already under
// way cannot pull the slider back under a quick hand.
((AL) => {
  'use strict';
  const { group, drawGroup, shownValue } = AL.runtime;

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
      input.value = String(Math.max(at, 0));
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
        for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'])
          input.addEventListener(type, letGo);
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

  window.__attentionLabLive.strip = strip;
})(globalThis.AttentionLab);
