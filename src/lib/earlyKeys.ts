// Keys pressed while the first rows are shown and the app's script is still on its way: kept in
// order, then handed to the app once its list has taken over the rows (src/main.ts), so `j`,
// `k` or a verdict typed right after the rows appear acts on the rows the rep saw. Letters typed
// after a key that opened a field (the palette, the search box) are typed into it.

interface EarlyKey {
  key: string;
  code: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

let kept: EarlyKey[] | null = null;

function keep(e: KeyboardEvent): void {
  // The keys handed on below are the page's own (untrusted): they go through.
  if (!kept || !e.isTrusted || e.isComposing) return;
  // Only the window's own keys: the app does not exist yet to answer them.
  e.preventDefault();
  e.stopImmediatePropagation();
  const { key, code, ctrlKey, shiftKey, altKey, metaKey } = e;
  kept.push({ key, code, ctrlKey, shiftKey, altKey, metaKey });
}

/** Starts keeping the window's keys (before the app listens to them). */
export function keepEarlyKeys(): void {
  if (kept) return;
  kept = [];
  window.addEventListener('keydown', keep, true);
}

/** Whether keys are being kept (the first rows are shown, the app not yet in charge). */
export function keepingKeys(): boolean {
  return kept !== null;
}

const isField = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type));

/** Presses the kept keys, in order, where the keyboard now is, then stops keeping them; a key
 *  pressed meanwhile waits its turn behind them. */
export async function replayEarlyKeys(): Promise<void> {
  while (kept && kept.length > 0) {
    const k = kept.shift()!;
    const target = document.activeElement ?? document.body;
    const e = new KeyboardEvent('keydown', { ...k, bubbles: true, cancelable: true, composed: true });
    const typed = target.dispatchEvent(e);
    // A letter the app did not take, with the keyboard in a field: the field takes it as typed.
    if (typed && isField(target) && k.key.length === 1 && !k.ctrlKey && !k.metaKey && !k.altKey)
      document.execCommand('insertText', false, k.key);
    // What a key starts (a dialog drawn and taking the keyboard) happens before the next one.
    await new Promise<void>((r) => setTimeout(r, 0));
  }
  window.removeEventListener('keydown', keep, true);
  kept = null;
}
