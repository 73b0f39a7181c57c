import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../electron/core/log';
import { createKeychain } from '../../electron/core/accounts/keychain';
import { harness, type Harness } from './fixtures/core-harness';

const A = { accountId: 'acc1' };

describe('the API key', () => {
  let h: Harness;
  const service = `Outreach Triage test ${randomBytes(6).toString('hex')}`;
  const keychain = createKeychain(service);
  beforeAll(async () => {
    h = await harness({ threads: 60, leads: 80, campaigns: 4 });
  });
  afterAll(async () => {
    await keychain.delete('acc1');
    await h.cleanup();
  });

  it('is stored, read and deleted through the real keychain', async () => {
    expect(await keychain.get('acc1')).toBeNull();
    await keychain.set('acc1', 'first-key-value');
    expect(await keychain.get('acc1')).toBe('first-key-value');
    await keychain.set('acc1', 'second-key-value');
    expect(await keychain.get('acc1')).toBe('second-key-value');
    expect(await keychain.delete('acc1')).toBe(true);
    expect(await keychain.get('acc1')).toBeNull();
    expect(await keychain.delete('acc1')).toBe(false);
  });

  it('appears in no SQLite file, no log line and no event, even when the service refuses it', async () => {
    await keychain.set('acc1', h.sb.apiKey);
    const logFile = join(h.dir, 'logs', 'core.log');
    const log = createLogger({ file: logFile, level: 'debug', redact: () => [h.sb.apiKey] });
    const states: string[] = [];
    const acc = h.open({ getApiKey: () => keychain.get('acc1'), log, onStateChange: (s) => states.push(s) });
    await acc.syncNow();
    const t = (await acc.handlers['threads.list']({ ...A, view: 'inbox', offset: 0, limit: 1 })).rows[0]!;
    await acc.handlers['threads.setStatus']({ ...A, threadId: t.id, status: 'closed' });
    await acc.syncNow();
    log.info('a careless line', { headers: { 'x-api-key': h.sb.apiKey }, text: `key=${h.sb.apiKey}` });

    // A wrong key: the account pauses, and the message names no key.
    await keychain.set('acc1', 'wrong-key-0123456789');
    acc.resume();
    await acc.syncNow();
    expect(states).toContain('auth_failed');
    const st = await acc.handlers['sync.state'](A);
    expect(st.lastError).toMatch(/refused the API key/);
    await expect(acc.handlers['sync.now'](A)).rejects.toMatchObject({ kind: 'auth' });
    await acc.stop();

    const keys = [h.sb.apiKey, 'wrong-key-0123456789'];
    const files = readdirSync(h.dir, { recursive: true }) as string[];
    expect(files.some((f) => f.endsWith('.sqlite'))).toBe(true);
    for (const f of files) {
      const path = join(h.dir, f);
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        continue; // a folder
      }
      for (const k of keys) expect(bytes.includes(Buffer.from(k)), `${f} holds the key`).toBe(false);
    }
    const lines = readFileSync(logFile, 'utf8');
    expect(lines).toContain('a careless line');
    expect(lines).toContain('[redacted]');
    for (const e of h.events) for (const k of keys) expect(JSON.stringify(e.payload)).not.toContain(k);
  });
});
