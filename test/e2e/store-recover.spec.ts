// The window after a damaged local store: it says in words what happened and what was saved (and
// the notice goes when the rep has read it), and a store from a newer app shows Retry, Rebuild and
// Remove while the window stays alive; Rebuild brings the list back.
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { startWebBridge, type WebBridge } from '../../electron/web/bridge';
import { shot } from './fixtures/triage';

// Its own apps, not the shared fixture's: each test damages a store on disk between two starts of
// the app over the same data folder.
let sandbox: Sandbox;
let dir: string;
const keychainService = `Outreach Triage test ${randomBytes(6).toString('hex')}`;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'triage-recover-e2e-'));
  sandbox = await startSandbox({ port: 0, seed: 5, threads: 40, leads: 60, campaigns: 4, rateLimit: false });
});
test.afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bridgeAt = (dataDir: string): Promise<WebBridge> =>
  startWebBridge({ dataDir, port: 0, rendererDir: 'out/renderer', keychainService });

async function syncedAccount(dataDir: string): Promise<string> {
  const bridge = await bridgeAt(dataDir);
  const a = await bridge.app.handlers['accounts.add']({
    label: 'Acme',
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
  });
  await bridge.app.handlers['sync.now']({ accountId: a.id });
  await bridge.close();
  return a.id;
}

test('a store healed at start is said in words, with what was saved and where the old file is', async ({
  page,
}) => {
  const dataDir = join(dir, 'healed');
  const id = await syncedAccount(dataDir);
  const fd = openSync(join(dataDir, 'accounts', id, 'data-default.sqlite'), 'r+');
  writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
  closeSync(fd);
  const bridge = await bridgeAt(dataDir);
  try {
    await page.goto(bridge.url);
    const notice = page.getByRole('status').filter({ hasText: 'local copy was damaged' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('No change was waiting to be sent');
    await expect(notice).toContainText('broken');
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    await shot(page, 'store-healed');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toHaveCount(0);
  } finally {
    await bridge.close();
  }
});

test('a store from a newer app: the window lives, says why and offers Retry, Rebuild and Remove', async ({
  page,
}) => {
  const dataDir = join(dir, 'future');
  const id = await syncedAccount(dataDir);
  const db = new Database(join(dataDir, 'accounts', id, 'data-default.sqlite'));
  db.pragma('user_version = 999');
  db.close();
  const bridge = await bridgeAt(dataDir);
  try {
    await page.goto(bridge.url);
    const banner = page.getByRole('alert').filter({ hasText: 'is paused' });
    await expect(banner).toContainText('newer version of Outreach Triage', { timeout: 30_000 });
    await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Remove the account' })).toBeVisible();
    // No "Connecting…" that never ends: the status bar says where the account stands.
    await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('cannot be opened');
    await shot(page, 'store-failed');
    await banner.getByRole('button', { name: 'Rebuild from the service' }).click();
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await bridge.close();
  }
});
