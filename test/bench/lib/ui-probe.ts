// Timing inside the page, on the page's own clock. Plain JavaScript strings on purpose: functions
// serialized from TypeScript can carry helpers (e.g. `__name`) that do not exist in the page.
//
// "Painted" is taken as a task posted from the requestAnimationFrame callback of the frame that
// first shows the change: it runs once that frame's style, layout and paint are done.

/** Installed before any page script: records when the first element matching a selector is painted. */
export function firstPaintProbe(rowSelector: string): string {
  return `(() => {
    const sel = ${JSON.stringify(rowSelector)};
    const b = (window.__bench = window.__bench || {});
    b.firstRowsPainted = null;
    const afterPaint = (fn) => { const ch = new MessageChannel(); ch.port1.onmessage = fn; ch.port2.postMessage(0); };
    const tick = () => {
      if (document.querySelector(sel)) afterPaint(() => { b.firstRowsPainted = performance.now(); });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

/**
 * Defines window.__bench.arm(signatureSelector): remembers what the element matching the selector
 * looks like now, then on the next keydown takes the event's time and watches every frame until
 * that element (or its absence) changes; window.__bench.result resolves to the milliseconds from
 * the key event to the painted frame that shows the change.
 */
export const KEY_PROBE = `(() => {
  const b = (window.__bench = window.__bench || {});
  const afterPaint = (fn) => { const ch = new MessageChannel(); ch.port1.onmessage = fn; ch.port2.postMessage(0); };
  const sig = (sel) => { const el = document.querySelector(sel); return el ? el.outerHTML : ''; };
  let armed = null;
  window.addEventListener('keydown', (e) => {
    if (!armed || armed.t0 !== null) return;
    armed.t0 = e.timeStamp;
    const a = armed;
    const deadline = performance.now() + 5000;
    const frame = () => {
      if (sig(a.sel) !== a.before) afterPaint(() => a.resolve(performance.now() - a.t0));
      else if (performance.now() > deadline) a.resolve(-1);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, true);
  b.arm = (sel) => {
    let resolve;
    b.result = new Promise((r) => (resolve = r));
    armed = { sel, before: sig(sel), t0: null, resolve: (ms) => { armed = null; resolve(ms); } };
    return true;
  };
})();`;

/** A static list of 100 rows that answers j and a verdict key with the least possible work: the bare limit. */
export function barePage(rows = 100): string {
  const items = Array.from(
    { length: rows },
    (_, i) =>
      `<div class="row" role="option" aria-selected="${i === 0}" data-i="${i}">Prospect ${i} · Company ${i} · Subject line ${i}</div>`,
  ).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    .row { height: 36px; border-bottom: 1px solid #ddd; font: 14px sans-serif; padding: 8px; }
    .row[aria-selected="true"] { background: #dbeafe; }
  </style></head><body><div id="list" role="listbox">${items}</div><script>
    let i = 0;
    const list = document.getElementById('list');
    const select = (n) => { list.children[i]?.setAttribute('aria-selected', 'false'); i = Math.min(n, list.children.length - 1); list.children[i]?.setAttribute('aria-selected', 'true'); };
    window.addEventListener('keydown', (e) => {
      if (e.key === 'j') select(i + 1);
      if (e.key === 'e') { list.children[i]?.remove(); select(i); }
    });
  </script></body></html>`;
}
