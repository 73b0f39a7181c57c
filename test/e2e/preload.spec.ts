// The BUILT preload (out/preload/index.cjs) run in Chromium before the real renderer, with a
// stand-in for `electron`: contextBridge.exposeInMainWorld puts the API on window, ipcRenderer
// carries 'triage:invoke' and 'triage:event' to the core over the web bridge (the core in its
// own process, as main forwards to the utilityProcess). The page then never loads the web
// client: every call of the session below goes through the preload's own code. What only a real
// Electron run shows: the isolated world, the OS sandbox and Electron's own structured clone.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { standInScript } from './fixtures/preload-stand-in';
import { test, expect, cursorThreadId, expectServiceStatus, type Triage } from './fixtures/triage';

async function openThroughPreload(page: Page, triage: Triage): Promise<void> {
  const preload = readFileSync('out/preload/index.cjs', 'utf8');
  await page.addInitScript(standInScript(preload, triage.bridge.token));
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  // No token in the address: the page can only reach the core through window.triage.
  await page.goto(triage.bridge.origin);
  await expect(page.getByRole('listbox', { name: /threads/ })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  expect(sockets).toEqual([]);
}

test('the preload file is CommonJS for a sandboxed renderer, with no bundler helpers', () => {
  const preload = readFileSync('out/preload/index.cjs', 'utf8');
  expect(preload).toMatch(/require\(["']electron["']\)/);
  expect(preload).toContain('exposeInMainWorld("triage"');
  expect(preload).not.toMatch(/^\s*(import|export)\s/m);
  expect(preload).not.toMatch(/__esModule|__toESM|__commonJS|__require|executeInMainWorld/);
});

test('a triage session through the built preload: verdicts reach the service, errors keep their kind', async ({
  page,
  triage,
}) => {
  await openThroughPreload(page, triage);
  expect(
    await page.evaluate(() => (window as unknown as { __standIn: { exposed: string[] } }).__standIn.exposed),
  ).toEqual(['triage']);
  const list = page.getByRole('listbox', { name: /threads/ });
  await page.keyboard.press('Enter');
  const done: { id: string; status: string }[] = [];
  for (const [key, status] of [
    ['1', 'interested'],
    ['3', 'not_interested'],
    ['e', 'closed'],
  ] as const) {
    const id = await cursorThreadId(page);
    await page.keyboard.press(key);
    await expect(list.locator(`[data-thread-id="${id}"]`)).toHaveCount(0);
    done.push({ id, status });
  }
  for (const d of done) await expectServiceStatus(triage, d.id, d.status);

  // Every call went through the preload's one channel.
  const invokes = await page.evaluate(
    () => (window as unknown as { __standIn: { invokes: [string, string][] } }).__standIn.invokes,
  );
  expect(invokes.length).toBeGreaterThan(5);
  expect(new Set(invokes.map(([ipc]) => ipc))).toEqual(new Set(['triage:invoke']));
  expect(invokes.map(([, channel]) => channel)).toContain('threads.setStatus');

  // The API the page sees: two functions, frozen; an error envelope stays data until api.ts.
  const seen = await page.evaluate(async () => {
    const api = window.triage as unknown as Record<string, unknown>;
    const bad = (await (api.invoke as (c: string, i: unknown) => Promise<unknown>)('settings.set', {
      theme: 'purple',
    })) as { ok: boolean; error: { kind: string } };
    return { keys: Object.keys(api).sort(), frozen: Object.isFrozen(api), bad };
  });
  expect(seen.keys).toEqual(['invoke', 'on']);
  expect(seen.frozen).toBe(true);
  expect(seen.bad).toMatchObject({ ok: false, error: { kind: 'validation' } });
});
