// The dispatcher's promises: unknown channels and bad input are validation errors with issues,
// known failures keep their kind and message, anything else is a generic internal error whose
// detail goes only to the log, results are structured-clone safe, and keys are never echoed.
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../electron/shared/contract';
import { AppError } from '../../electron/core/errors';
import { createDispatcher } from '../../electron/core/host/dispatch';

function handlers(overrides: Partial<Record<keyof Handlers, (input: never) => Promise<unknown>>>): Handlers {
  return new Proxy({} as Handlers, {
    get: (_t, name: string) =>
      (overrides as Record<string, unknown>)[name] ??
      (async () => {
        throw new Error(`unexpected call to ${name}`);
      }),
  });
}

describe('dispatch', () => {
  it('refuses an unknown channel as a validation error', async () => {
    const dispatch = createDispatcher(handlers({}));
    const answer = await dispatch('accounts.steal', {});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation', issues: [{ path: 'channel' }] } });
  });

  it('names the field and the reason for invalid input, without calling the handler', async () => {
    let called = false;
    const dispatch = createDispatcher(
      handlers({
        'campaigns.rename': async () => {
          called = true;
        },
      }),
    );
    const answer = await dispatch('campaigns.rename', { accountId: 'a', campaignId: 'nope', name: '   ' });
    expect(called).toBe(false);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.kind).toBe('validation');
    expect(answer.error.issues?.map((i) => i.path).sort()).toEqual(['campaignId', 'name']);
    expect(answer.error.issues?.find((i) => i.path === 'name')?.message).toBe('A campaign needs a name.');
    expect(answer.error.message).toMatch(/^Invalid input for campaigns.rename: /);
  });

  it("passes the contract's own sentence through when it is the first refusal", async () => {
    const dispatch = createDispatcher(handlers({ 'campaigns.rename': async () => undefined }));
    const answer = await dispatch('campaigns.rename', {
      accountId: 'a',
      campaignId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      name: `  ${'x'.repeat(283)}  `,
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.message).toBe('A campaign name has at most 200 characters; this one has 283.');
  });

  it('passes parsed input (trimmed, defaults applied) to the handler and wraps the value', async () => {
    const dispatch = createDispatcher(
      handlers({ 'campaigns.rename': async (input: { name: string }) => input.name }),
    );
    const answer = await dispatch('campaigns.rename', {
      accountId: 'a',
      campaignId: '0123456789abcdef01234567',
      name: '  Q3  ',
    });
    expect(answer).toEqual({ ok: true, value: 'Q3' });
  });

  it('keeps the kind and message of an AppError', async () => {
    const dispatch = createDispatcher(
      handlers({
        'sync.now': async () => {
          throw new AppError('offline', 'You are offline.');
        },
      }),
    );
    expect(await dispatch('sync.now', { accountId: 'a' })).toEqual({
      ok: false,
      error: { kind: 'offline', message: 'You are offline.' },
    });
  });

  it('turns any other failure into a generic internal error and logs the detail', async () => {
    const logged: unknown[] = [];
    const dispatch = createDispatcher(
      handlers({
        'sync.now': async () => {
          throw new TypeError('cannot read secret-detail of undefined');
        },
      }),
      { onInternalError: (_c, e) => logged.push(e) },
    );
    const answer = await dispatch('sync.now', { accountId: 'a' });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(answer)).not.toContain('secret-detail');
    expect(logged).toHaveLength(1);
  });

  it('survives a logger that throws', async () => {
    const dispatch = createDispatcher(
      handlers({
        'sync.now': async () => {
          throw new Error('x');
        },
      }),
      {
        onInternalError: () => {
          throw new Error('disk full');
        },
      },
    );
    expect(await dispatch('sync.now', { accountId: 'a' })).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
  });

  it('refuses a result that cannot cross IPC instead of crashing', async () => {
    const dispatch = createDispatcher(
      handlers({ 'settings.get': async () => ({ theme: 'dark', fn: () => 1 }) }),
    );
    expect(await dispatch('settings.get', {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('blanks a known key out of any message that leaves', async () => {
    const key = 'sk_live_abcdefghijklmnop';
    const dispatch = createDispatcher(
      handlers({
        'accounts.test': async () => {
          throw new AppError('auth', `The key ${key} was refused.`);
        },
      }),
      { secrets: () => [key] },
    );
    const answer = await dispatch('accounts.test', { baseUrl: 'https://x.example', apiKey: key });
    expect(JSON.stringify(answer)).not.toContain(key);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'auth', message: 'The key [redacted] was refused.' },
    });
  });

  it('answers a payload whose getters throw', async () => {
    const dispatch = createDispatcher(handlers({}));
    const hostile = {
      get accountId(): string {
        throw new Error('boom');
      },
    };
    const answer = await dispatch('sync.now', hostile);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});
