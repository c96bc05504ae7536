// The presenter view's one script (viz/ui/presenter): a click on a folded explanation opens it, a second
// click folds it again. Links and controls inside it still work. Added once per document; fixed code.
(() => {
  const root = document.documentElement;
  if (root.dataset.alPresenter === 'on') return;
  root.dataset.alPresenter = 'on';
  const fold = __FOLD__;
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!target?.closest || target.closest('a, button, input, label, summary')) return;
    let box = null;
    try {
      box = target.closest(fold);
    } catch {
      return; // a browser without :has(): nothing is folded for it to open (the stylesheet drops too)
    }
    if (!box) return;
    if (box.hasAttribute('data-al-open')) box.removeAttribute('data-al-open');
    else box.setAttribute('data-al-open', '');
  });
})();
