// Chromium with no DevTools domain but Runtime enabled on the page: Playwright turns on the
// Network domain of every page it drives, and Chromium then copies every WebSocket frame's
// payload to it, so a page driven by Playwright pays for each byte a socket receives twice.
// This runs one expression in a page of the app opened in a Chromium of its own, driven over
// its DevTools socket with Runtime.evaluate only, to time what a rep's browser pays.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './browser';

export async function evaluateInPlainChromium(
  url: string,
  ready: string,
  expression: string,
): Promise<unknown> {
  const profile = mkdtempSync(join(tmpdir(), 'triage-plain-chromium-'));
  const proc = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let err = '';
      proc.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
        if (m) resolve(m[1]!);
      });
      proc.once('exit', () => reject(new Error(`chromium exited: ${err.slice(-500)}`)));
    });
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 2 ** 20 });
    await new Promise((ok, fail) => {
      ws.once('open', ok);
      ws.once('error', fail);
    });
    let next = 1;
    const waiting = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
      if (m.id !== undefined) waiting.get(m.id)?.(m);
    });
    const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result as T)));
        ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url });
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const evaluate = async (expr: string): Promise<unknown> => {
      const r = await send<{ result: { value: unknown }; exceptionDetails?: unknown }>(
        'Runtime.evaluate',
        { expression: expr, awaitPromise: true, returnByValue: true },
        sessionId,
      );
      if (r.exceptionDetails)
        throw new Error(`in the page: ${JSON.stringify(r.exceptionDetails).slice(0, 500)}`);
      return r.result.value;
    };
    const deadline = Date.now() + 60_000;
    while (!(await evaluate(`!!(${ready})`).catch(() => false))) {
      if (Date.now() > deadline) throw new Error('the app did not start in the plain browser');
      await new Promise((r) => setTimeout(r, 50));
    }
    // The app's own start (counts, the first windows, the events stream) settles first.
    await new Promise((r) => setTimeout(r, 1500));
    const value = await evaluate(expression);
    await send('Browser.close').catch(() => undefined);
    ws.close();
    return value;
  } finally {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill();
      await exited;
    }
    // Its helper processes may still be writing the profile for a moment.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        rmSync(profile, { recursive: true, force: true });
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }
}
