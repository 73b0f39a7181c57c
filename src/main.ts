// The app: loaded by src/boot.ts once the first rows are painted (or at once when it drew none).
// It mounts the window over those rows and takes them away once its own list shows them.
import { mount } from 'svelte';
import App from './App.svelte';
import { replayEarlyKeys } from './lib/earlyKeys';
import { FIRST_PAINT_ID } from './lib/firstPaint';
import { start } from './lib/stores/session.svelte';

// The mount waits for the same start (App.svelte), which takes the first calls' answers.
const started = start();
const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });

/** The app's list shows its rows and its head their count: it looks as the first rows did. */
const listDrawn = (): boolean =>
  !!target.querySelector('.list [role="option"][data-thread-id]') &&
  !!target.querySelector('.list-head .total')?.textContent;

/** Frames to wait, once started, for the app's list to draw rows it may not have (a change). */
const MAX_FRAMES_AFTER_START = 30;

/** Takes the first rows away in the frame the app's list draws its own, then hands the keys
 *  pressed meanwhile to the app. */
function takeOver(first: HTMLElement): void {
  let settled = false;
  let frames = 0;
  void started.finally(() => (settled = true));
  const check = (): void => {
    if (!listDrawn() && (!settled || frames++ < MAX_FRAMES_AFTER_START)) {
      requestAnimationFrame(check);
      return;
    }
    target?.removeAttribute('inert');
    target?.removeAttribute('aria-hidden');
    // The keyboard moves to the app's list before the first rows go, so it never falls to the page.
    if (first.contains(document.activeElement)) target?.querySelector<HTMLElement>('.list')?.focus();
    first.remove();
    void replayEarlyKeys();
  };
  requestAnimationFrame(check);
}

const first = document.getElementById(FIRST_PAINT_ID);
// With no first rows drawn, the app answers the keys from its start, as it always has.
if (first) takeOver(first);
else void replayEarlyKeys();
