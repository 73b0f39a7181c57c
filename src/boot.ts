// The page's first script, and a small one: window.triage for a plain browser, the window's first
// calls, and the first rows drawn from their answers (lib/firstPaint.ts) before the app's own
// script (src/main.ts) is loaded, compiled and run. Keys pressed meanwhile are kept for the app.
import { installWebClient } from '../electron/web/client';
import type { ThreadWindow } from '../electron/shared/contract';
import { nextFrame } from './lib/afterFrame';
import { keepEarlyKeys } from './lib/earlyKeys';
import { sendFirstCalls, type FirstCalls } from './lib/firstCalls';
import { drawFirstRows, drawable } from './lib/firstPaint';
import { warmFormatters } from './lib/format';
import { SYSTEM_DARK, applyTheme, isDark } from './lib/theme';
import './theme.css';
import './styles.css';

// In a plain browser (the web bridge) there is no preload: the bridge's client provides window.triage.
if (!('triage' in window)) installWebClient();
const calls = sendFirstCalls();
keepEarlyKeys();
// The locale data the rows' times need is opened while the calls are on their way.
warmFormatters();

/** The Inbox the app will show first, when its rows can be drawn before it: the first account's
 *  (a window that remembers nothing) or the remembered one's, working (no banner over it). */
async function firstWindow(first: FirstCalls): Promise<ThreadWindow | null> {
  if (first.start) {
    const { accounts, inbox } = await first.start;
    const account = accounts[0];
    return account && account.state === 'ok' && inbox?.accountId === account.id ? inbox.window : null;
  }
  if (!first.inbox || !first.accounts) return null;
  const [accounts, window] = await Promise.all([first.accounts, first.inbox.window]);
  const account = accounts.find((a) => a.id === first.inbox?.accountId);
  return account?.state === 'ok' ? window : null;
}

/** How long the app's script waits for the first rows to draw: a core that answers later (busy
 *  at start) gets the app's frame and its keys first, and the app draws the rows when they come. */
const FIRST_ROWS_WAIT_MS = 800;
let gaveUp = false;

/** Draws the first rows once their answer has come with the settings, then waits for their paint. */
async function drawFirst(): Promise<void> {
  const window = await firstWindow(calls).catch(() => null);
  // The settings come beside the rows: rows drawn with a guess at them could change their look.
  const settings = await Promise.race([
    calls.settings,
    new Promise<null>((r) => setTimeout(() => r(null), 0)),
  ]);
  if (gaveUp || !window || !settings || !drawable(window, settings)) return;
  applyTheme(isDark(settings.theme, matchMedia(SYSTEM_DARK).matches));
  drawFirstRows(window, settings);
  // The app's script is asked for once the rows are painted: compiling it would delay them.
  await nextFrame();
}

const waited = new Promise<void>((r) => setTimeout(r, FIRST_ROWS_WAIT_MS));
void Promise.race([drawFirst().catch(() => undefined), waited]).then(() => {
  gaveUp = true;
  return import('./main');
});
