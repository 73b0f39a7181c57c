// The new-reply notification of the shell (electron/main/announce.ts) against the Electron
// stand-in: shown once per sync, and, when the system refuses to show it (an unsigned macOS app
// since Electron 42), said in the log without disturbing the app.
import { afterEach, describe, expect, it, vi } from 'vitest';

const standIn = '../fixtures/electron-stand-in/electron.mjs';
vi.mock('electron', async () => await import(/* @vite-ignore */ standIn));

interface Shown {
  options: { title: string; body: string };
  shown: boolean;
  listenerCount(event: string): number;
}
interface Record {
  notifications: Shown[];
  notificationError: string | null;
}

const { notifyReplies } = await import('../../electron/main/announce');
const record = (globalThis as unknown as { __electronStandIn: Record }).__electronStandIn;

afterEach(() => {
  record.notifications.length = 0;
  record.notificationError = null;
  vi.restoreAllMocks();
});

describe('new-reply notification', () => {
  it('shows one notice for the replies of a sync, saying how many', () => {
    notifyReplies(() => null, { accountId: 'a', count: 3, threadIds: ['t1', 't2', 't3'] }, true);
    expect(record.notifications).toHaveLength(1);
    expect(record.notifications[0]!.options.title).toBe('3 new replies');
    expect(record.notifications[0]!.shown).toBe(true);
  });

  it('says in the log when the system refuses to show it, and throws nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    record.notificationError = 'the app is not code-signed';
    notifyReplies(() => null, { accountId: 'a', count: 1, threadIds: ['t1'] }, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(record.notifications[0]!.shown).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'Outreach Triage: the new-reply notification could not be shown: the app is not code-signed',
    );
  });

  it('shows nothing when the rep turned notices off', () => {
    notifyReplies(() => null, { accountId: 'a', count: 2, threadIds: ['t1', 't2'] }, false);
    expect(record.notifications).toHaveLength(0);
  });
});
