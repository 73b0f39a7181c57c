// Which keys belong to the focused control rather than the keymap: text fields keep their typing,
// selects, radios, checkboxes and buttons the keys they act on.
export function isTextField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA') return true;
  if (el.tagName !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

const SELECT_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageUp', 'PageDown', 'Enter', 'Space']);
const ARROWS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']);

/** Keys a focused control uses itself: a select's or a radio group's arrows, Space on a checkbox,
 *  Enter and Space on buttons and links. Its other keys are the keymap's, `?` and `j` too. */
export function controlKeeps(el: EventTarget | null, key: string): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.tagName === 'SELECT') return SELECT_KEYS.has(key);
  if (el instanceof HTMLInputElement && el.type === 'radio') return ARROWS.has(key) || key === 'Space';
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return key === 'Space';
  return (key === 'Enter' || key === 'Space') && !!el.closest('button, a, li[data-campaign-row]');
}
