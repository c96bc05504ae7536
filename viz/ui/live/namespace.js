// The one namespace every file of the live charts registers into, declared here, first of the
// files served as static/attention-lab-live.js (viz/ui/live/__init__.py lists them in order):
//   closedForm  the closed-form maths, DOM-free (closed_form/<topic>.js)
//   twins       JavaScript twins of the Python rules the recipes share (twins.js)
//   recipes     name -> recipe(figure, params), one file per topic (recipes/<topic>.js)
//   runtime     groups, frames and the text filling the strip widget uses (runtime.js)
// AttentionLabClosedForm names the closed form alone for the benches and tests that load only it.
globalThis.AttentionLab = { closedForm: {}, twins: {}, recipes: {}, runtime: {} };
globalThis.AttentionLabClosedForm = globalThis.AttentionLab.closedForm;
