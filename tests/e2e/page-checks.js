/* global requestAnimationFrame */
// Checks run inside the demo pages by tests/e2e/layout.spec.ts (injected with page.addScriptTag), so
// they walk the real DOM, shadow roots included.

/** Calls `visit` for every element, inside shadow roots too, with its path of hosts. */
function walk(root, visit, path = '') {
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) walk(el.shadowRoot, visit, `${path}${el.localName} > `);
    visit(el, path);
  }
}

window.__payrailChecks = {
  /**
   * Payrail elements wider than their container or holding content wider than themselves, KPI figures
   * that do not fit, and a page that scrolls sideways.
   */
  overflow() {
    const out = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth)
      out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    walk(document, (el, path) => {
      if (!/^(payrail|prl)-/.test(el.localName) || el.localName.endsWith('-provider')) return;
      const name = `${path}${el.localName}${el.id ? `#${el.id}` : ''}`;
      const parent = el.parentElement ?? el.getRootNode().host;
      const w = el.getBoundingClientRect().width;
      const room = parent.clientWidth || parent.getBoundingClientRect().width;
      if (w > room + 1) out.push(`${name} is ${Math.round(w)}px wide in ${room}px`);
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${name} holds ${el.scrollWidth}px in ${el.clientWidth}px`);
      const value = el.shadowRoot?.querySelector('[part~="value"]');
      if (value && value.scrollWidth > value.clientWidth + 1) out.push(`${name}: the figure is cut off`);
    });
    return out;
  },

  /** True while any element still shows a loading skeleton. */
  loading() {
    let busy = false;
    walk(document, (el) => (busy ||= el.classList.contains('sk-wrap')));
    return busy;
  },

  frames: () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
};
