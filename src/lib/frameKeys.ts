// A message body is a frame of its own document: the keys pressed while the keyboard is in it never
// reach the window's handler. Each is passed on as the window's own key, so j, Esc, Ctrl+K and the
// verdicts work there too; a link or a control in the message keeps Enter and Space, and what the
// window did not take (Tab, Ctrl+C) stays with the frame.

/** Whether the key belongs to what has focus inside the message (a link, a field). Elements of the
 *  frame come from another realm, so they are told by tag name, not by instanceof. */
function keptInFrame(e: KeyboardEvent): boolean {
  const t = e.target as Element | null;
  if (!t || typeof t.closest !== 'function') return false;
  if (t.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return (e.key === 'Enter' || e.key === ' ') && !!t.closest('a[href], button, summary');
}

export function passKeysOn(doc: Document): void {
  doc.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.isComposing || keptInFrame(e)) return;
    const copy = new KeyboardEvent('keydown', {
      key: e.key,
      code: e.code,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
      shiftKey: e.shiftKey,
      repeat: e.repeat,
      cancelable: true,
    });
    window.dispatchEvent(copy);
    if (copy.defaultPrevented) e.preventDefault();
  });
}
