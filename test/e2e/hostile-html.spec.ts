// Hostile message HTML opened in the thread view, in Chromium, through the browser bridge: none of
// the corpus runs, and nothing remote loads until the person allows images. Every payload calls a
// canary if it ever runs or loads: `top.__xss(ID)` (a page function this test watches, exposed
// in every frame) and `fetch(<canary>/hit/ID)` or a URL on the canary server (a loopback HTTP
// server that records hits). A control first renders the same corpus raw, to prove the canaries fire.
import { expect, test, type Page, type Request } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { xssCorpus, type XssPayload } from '../fixtures/xss/corpus';
import { startCanaryServer, type CanaryServer } from '../reliability/canary-server';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';
import { startWebBridge, type WebBridge } from '../../electron/web/bridge';

const THREADS = 10;

let canary: CanaryServer;
let corpus: XssPayload[];

test.beforeAll(async () => {
  canary = await startCanaryServer();
  corpus = xssCorpus(canary.origin);
});
test.afterAll(async () => {
  await canary?.close();
});

interface SeenRequest {
  url: string;
  /** Issued by a message frame rather than the app itself. */
  fromMessage: boolean;
  /** Stopped by a Content Security Policy before it left the page. */
  blockedByCsp: boolean;
}

/** Records every canary call made through the page function (from any frame), every request, and dialogs. */
async function watchPage(
  page: Page,
): Promise<{ calls: number[]; requests: SeenRequest[]; dialogs: string[] }> {
  const calls: number[] = [];
  const requests: SeenRequest[] = [];
  const byRequest = new Map<Request, SeenRequest>();
  const dialogs: string[] = [];
  await page.exposeFunction('__xss', (id: number) => void calls.push(Number(id)));
  page.on('request', (r) => {
    const seen = {
      url: r.url(),
      // Any frame but the page's own: a message frame's document may carry the page's URL.
      fromMessage: r.frame() !== page.mainFrame(),
      blockedByCsp: false,
    };
    byRequest.set(r, seen);
    requests.push(seen);
  });
  page.on('requestfailed', (r) => {
    const seen = byRequest.get(r);
    if (seen && /csp/i.test(r.failure()?.errorText ?? '')) seen.blockedByCsp = true;
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { calls, requests, dialogs };
}

test('control: the corpus rendered raw in a bare page does fire the canaries', async ({ page }) => {
  canary.reset();
  const seen = await watchPage(page);
  await page.goto(`${canary.origin}/control.html`);
  // Each payload in its own same-origin document with scripts allowed: what an unsafe viewer does.
  await page.evaluate(
    (bodies: string[]) => {
      for (const html of bodies) {
        const f = document.createElement('iframe');
        f.srcdoc = html;
        document.body.append(f);
      }
    },
    corpus.map((p) => p.html),
  );
  const fired = (): Set<number> =>
    new Set([...seen.calls, ...canary.hits.flatMap((h) => (h.id === null ? [] : [h.id]))]);
  // Script, handler and remote-load payloads must fire here, or the canaries are broken. The
  // machine may be busy: wait for them rather than for a fixed time.
  const floor = 40;
  await expect.poll(() => fired().size, { timeout: 30_000 }).toBeGreaterThanOrEqual(floor);
  await page.waitForTimeout(1_000);
  console.log(
    `reliability hostile-html control: ${fired().size} of ${corpus.length} payloads run or load in a bare page (${seen.calls.length} canary calls, ${canary.hits.length} canary hits)`,
  );
  for (const family of ['script', 'event', 'remote', 'css'] as const) {
    expect(corpus.some((p) => p.category === family && fired().has(p.id))).toBe(true);
  }
});

// Its own app, not the shared fixture's: the payloads go into the service before the account's
// first sync, so they arrive as any mail does.
test.describe('hostile HTML in the thread view', () => {
  let bridge: WebBridge;
  let sandbox: Sandbox;
  let dataDir: string;
  /** Each thread's prospect name (to find its row) and the payloads put into it. */
  const threads: { name: string; payloads: XssPayload[] }[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(join(tmpdir(), 'triage-hostile-html-'));
    // The service runs here (its admin face adds the payloads); the app's core runs in the
    // bridge's core process.
    sandbox = await startSandbox({
      threads: 60,
      leads: 120,
      campaigns: 4,
      seed: 21,
      port: 0,
      apiKey: `demo_${randomBytes(24).toString('hex')}`,
      dataDir: join(dataDir, 'service'),
    });
    bridge = await startWebBridge({
      dataDir: join(dataDir, 'app'),
      port: 0,
      keychainService: `Outreach Triage test ${randomBytes(6).toString('hex')}`,
    });
    const res = await fetch(`${sandbox.url}/inbox?status=open&limit=${THREADS}`, {
      headers: { 'x-api-key': sandbox.apiKey },
    });
    type Thread = { _id: string; prospect: { firstName: string; lastName: string } };
    const open = ((await res.json()) as { data: Thread[] }).data;
    expect(open).toHaveLength(THREADS);
    for (const t of open)
      threads.push({ name: `${t.prospect.firstName} ${t.prospect.lastName}`, payloads: [] });
    corpus.forEach((p, i) => {
      sandbox.admin.addMessage(open[i % THREADS]!._id, {
        direction: 'inbound',
        bodyHtml: p.html,
        subject: `Payload ${p.id}`,
      });
      threads[i % THREADS]!.payloads.push(p);
    });
    const account = await bridge.app.handlers['accounts.add']({
      label: 'Demo',
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      workspaceId: sandbox.teams[0]!.id,
    });
    await bridge.app.handlers['sync.now']({ accountId: account.id });
  });

  test.afterAll(async () => {
    // Removing the accounts deletes the key this run stored in the keychain.
    for (const account of (await bridge?.app.handlers['accounts.list']({})) ?? []) {
      await bridge.app.handlers['accounts.remove']({ accountId: account.id }).catch(() => undefined);
    }
    await bridge?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('no payload runs and nothing remote loads, in any thread', async ({ page }) => {
    test.setTimeout(240_000);
    canary.reset();
    const seen = await watchPage(page);
    await page.goto(bridge.url);
    const rows = page.getByRole('option');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });

    let framesSeen = 0;
    for (const thread of threads) {
      await rows.filter({ hasText: thread.name }).first().click();
      // The pane keeps the previous thread on screen (aria-busy) while this one loads and then
      // reuses its frames: count frames only once this thread is the one shown.
      const pane = page.locator('.reading');
      await expect(pane).toHaveAttribute('aria-busy', 'false');
      await expect(pane).toContainText(thread.name);
      const frames = page.locator('iframe[title^="Message from"]').filter({ visible: true });
      await expect(frames.first()).toBeVisible();
      // Older messages open folded: unfold every one, as a reader going through the thread would.
      const folded = page.locator('.reading li.message.collapsed button.collapsed-head');
      while ((await folded.count()) > 0) await folded.first().click();
      const count = await frames.count();
      framesSeen += count;
      // What a curious reader does: hover and click everything in every message.
      for (let f = 0; f < count; f++) {
        const frame = frames.nth(f);
        await frame.hover({ force: true }).catch(() => undefined);
        const inner = frame.contentFrame();
        // Only what a reader can see: a hidden element (folded quote) cannot be clicked by a person,
        // and Playwright would spend each click's whole timeout trying to scroll to it.
        for (const el of await inner.locator('a, area, summary, div, p').filter({ visible: true }).all()) {
          await el.click({ force: true, timeout: 500 }).catch(() => undefined);
        }
      }
      await page.keyboard.press('Escape');
    }
    await page.waitForTimeout(1_500);

    // A request "leaves the page" unless the message frame's CSP stopped it; the app's own
    // requests to the bridge are the only ones allowed through.
    const remote = seen.requests.filter((r) => r.fromMessage || !r.url.startsWith(bridge.origin));
    const left = remote
      .filter((r) => !r.blockedByCsp && !/^(data|about|blob):/.test(r.url))
      .map((r) => r.url);
    const canaryHits = canary.hits.map((h) => h.path);
    const risky = seen.dialogs.filter((d) => /javascript:|data:|127\.0\.0\.1:\d+\/hit/i.test(d));
    console.log(
      `reliability hostile-html: ${corpus.length} payloads in ${THREADS} threads, ${framesSeen} message frames opened; executed ${seen.calls.length}, canary hits ${canaryHits.length}, ` +
        `remote loads attempted ${remote.length} (blocked by the frame CSP ${remote.length - left.length}, left the page ${left.length}), risky link prompts ${risky.length}`,
    );
    expect(seen.calls).toEqual([]);
    expect(canaryHits).toEqual([]);
    expect(left).toEqual([]);
    expect(risky).toEqual([]);
    expect(framesSeen).toBeGreaterThanOrEqual(corpus.length);
  });

  test('after "Show images", only images load; still nothing runs', async ({ page }) => {
    canary.reset();
    const seen = await watchPage(page);
    await page.goto(bridge.url);
    const rows = page.getByRole('option');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // The thread holding the plain tracking pixel (the first 'remote' payload).
    const pixel = corpus.find((p) => p.category === 'remote')!;
    const thread = threads.find((t) => t.payloads.includes(pixel))!;
    await rows.filter({ hasText: thread.name }).first().click();
    await page.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => canary.hits.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1_000);

    const hitIds = canary.hits.map((h) => h.id);
    const wrong = hitIds.filter((id) => id === null || !corpus[id - 1]?.loadsRemote);
    console.log(
      `reliability hostile-html images allowed: ${hitIds.length} image loads, ${wrong.length} from script payloads, ${seen.calls.length} executed`,
    );
    expect(hitIds).toContain(pixel.id);
    expect(wrong).toEqual([]);
    expect(seen.calls).toEqual([]);

    // Images were allowed for that thread alone: the threads read after it, in the same frames
    // and with every message unfolded, load nothing remote.
    const before = canary.hits.length;
    const others = threads.filter((t) => t !== thread);
    expect(others.flatMap((t) => t.payloads).filter((p) => p.loadsRemote).length).toBeGreaterThan(0);
    const folded = page.locator('.reading li.message.collapsed button.collapsed-head');
    for (const other of others) {
      await rows.filter({ hasText: other.name }).first().click();
      await expect(page.locator('.reading')).toHaveAttribute('aria-busy', 'false');
      await expect(page.locator('.reading')).toContainText(other.name);
      while ((await folded.count()) > 0) await folded.first().click();
    }
    await page.waitForTimeout(1_000);
    expect(canary.hits.slice(before)).toEqual([]);
    expect(seen.calls).toEqual([]);
  });
});
