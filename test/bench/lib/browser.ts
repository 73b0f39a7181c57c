// Chromium driven by Playwright, and the in-page measurements the UI figures are made of.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { KEY_PROBE, barePage, firstPaintProbe } from './ui-probe';

/** The thread list's rows and its cursor row in the app's window (and in its frozen copy). */
export const APP_ROW = '.list[role="listbox"] [role="option"][data-thread-id]';
export const APP_CURSOR = '.list[role="listbox"] .row.cursor';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // performance.memory and the heap figures without rounding; gc() for a settled heap.
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(browser: Browser, rowSelector: string): Promise<Page> {
  return pageIn(await browser.newContext({ viewport: { width: 1400, height: 860 } }), rowSelector);
}

/** A page of a context that already has one: its storage (the account last chosen) and cache kept. */
export async function pageIn(context: BrowserContext, rowSelector: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(firstPaintProbe(rowSelector));
  await page.addInitScript(KEY_PROBE);
  return page;
}

/** Navigates and answers milliseconds from navigation start to the first row painted. */
export async function navigationToFirstRows(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await until(page, 'window.__bench && window.__bench.firstRowsPainted !== null', 60_000);
  return (await page.evaluate('window.__bench.firstRowsPainted')) as number;
}

/** Polls an expression from outside the page: the app's CSP forbids the eval that
 *  page.waitForFunction uses, while page.evaluate goes through DevTools. */
export async function until(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(`!!(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Presses `key` `count` times, `pauseMs` apart; each sample is key event → painted frame where `watch` changed. */
export async function keyLatencies(
  page: Page,
  key: string,
  watch: string,
  count: number,
  pauseMs = 0,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    // A rep's pace: the work a key started (opening the next thread) may finish before the next key.
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    await page.evaluate(`window.__bench.arm(${JSON.stringify(watch)})`);
    await page.keyboard.press(key);
    const ms = (await page.evaluate('window.__bench.result')) as number;
    if (ms < 0) throw new Error(`pressing "${key}" changed nothing on screen within 5 s (watching ${watch})`);
    out.push(ms);
  }
  return out;
}

/** The JS heap after a full garbage collection, in MB. */
export async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/** A loopback server of one HTML page, so a bare page's navigation pays for HTTP like the app's. */
export async function servePage(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The bare page (the least work for the same keys), served on loopback. */
export function serveBarePage(): Promise<{ url: string; server: Server }> {
  return servePage(barePage());
}
