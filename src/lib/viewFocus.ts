// Where the keyboard is in a view that is not the thread list: a view takes it when it opens (its
// `[data-view-start]`, else its first item or control), and the list's j/k, ↓/↑ move it
// between the view's `[data-item]`s (a row of the Outbox, a setting). An item that is not itself
// focusable passes focus to its checked radio or its first control.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

function visible(el: HTMLElement): boolean {
  return el.offsetParent !== null || el.getClientRects().length > 0;
}

function items(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-item]')].filter(visible);
}

function focusItem(item: HTMLElement): void {
  const target = item.matches(FOCUSABLE)
    ? item
    : (item.querySelector<HTMLElement>('input:checked:not([disabled])') ??
      item.querySelector<HTMLElement>(FOCUSABLE));
  (target ?? item).focus();
  (target ?? item).scrollIntoView({ block: 'nearest' });
}

/** Gives the view the keyboard, unless something in it has it already (a view that placed it). */
export function focusView(root: HTMLElement | null | undefined): void {
  if (!root || root.contains(document.activeElement)) return;
  const start =
    root.querySelector<HTMLElement>('[data-view-start], [data-autofocus]') ??
    items(root)[0] ??
    root.querySelector<HTMLElement>(FOCUSABLE) ??
    root.querySelector<HTMLElement>('[tabindex="-1"]');
  if (start) focusItem(start);
}

/** Moves the keyboard to the next (1) or previous (-1) item of the view; from outside every item,
 *  to the first. Answers false when the view has no items. */
export function moveItem(root: HTMLElement | null | undefined, delta: 1 | -1): boolean {
  if (!root) return false;
  const all = items(root);
  if (all.length === 0) return false;
  const here = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const at = all.findIndex((el) => here !== null && el.contains(here));
  const next = at < 0 ? 0 : Math.min(all.length - 1, Math.max(0, at + delta));
  focusItem(all[next]!);
  return true;
}
