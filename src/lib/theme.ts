// Which theme the window shows: the rep's choice, or the system's when it is "system". One rule
// for the first rows drawn before the app (firstPaint.ts) and for the app (App.svelte).
import type { Settings } from '../../electron/shared/contract';

export const SYSTEM_DARK = '(prefers-color-scheme: dark)';

export function isDark(theme: Settings['theme'], systemDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemDark);
}

/** Sets the theme the stylesheets read (data-theme on <html>). */
export function applyTheme(dark: boolean): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}
