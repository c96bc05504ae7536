// The chart component's own code, sent with every chart on every run: a loader of plot.js, which the
// browser fetches once (static/attention-lab-plot.js, its content's hash in the address, so a new
// version is fetched anew) and keeps. Sending plot.js itself cost about 8 KB per chart per run.
// Placeholders: __PLOT_URL__ (the served file, relative to the app) and __LOAD_FAILED__ (the
// message shown in a chart's place when it cannot be fetched, by language).
let plot = null;
export default function (component) {
  if (!plot) {
    const url = new URL(__PLOT_URL__, document.baseURI.replace(/[^/]*$/, '')).href;
    plot = import(url).catch((error) => {
      plot = null;
      throw error;
    });
  }
  let cleanup = null;
  let gone = false;
  plot.then(
    (module) => {
      if (!gone) cleanup = module.default(component);
    },
    () => {
      const failed = __LOAD_FAILED__;
      const lang = document.documentElement.lang;
      if (!gone && component.parentElement) component.parentElement.textContent = failed[lang] || failed.en;
    },
  );
  return () => {
    gone = true;
    if (typeof cleanup === 'function') cleanup();
  };
}
