// All inboxes over stores that are replaced under it: a workspace switch or a Rebuild gives an
// account a new store whose change counters start again, so equal counters say nothing. The merged
// order must follow the store itself, never show another store's threads, and never count them.
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store/index';
import { createUnifiedReads, type UnifiedSource } from '../../electron/core/unified/reads';
import { cleanStores, dirs, open, stores, thread } from './fixtures/store-reads';
import { join } from 'node:path';

afterEach(cleanStores);

const q = { view: 'all' as const, offset: 0, limit: 100 };
const source = (accountId: string, s: ReturnType<typeof open>['s']): UnifiedSource => ({
  accountId,
  threads: s.threads,
  leads: s.leads,
});

describe('All inboxes when an account’s store is replaced', () => {
  it('shows the new store’s threads, not the old one’s, even when both stores counted the same changes', () => {
    const unified = createUnifiedReads();
    const a = open(12).s;
    const old = open(6).s;
    old.db.prepare(`UPDATE threads SET status = 'closed' WHERE rid <= 3`).run();
    const first = unified.list([source('a', a), source('b', old)], q);
    expect(first.total).toBe(18);

    // Another file for account b (a workspace switch): other threads, more of them, with as many
    // changes counted (the old store's six threads and three verdicts, its nine threads), so its
    // change counters read exactly as the old store's did.
    const file = join(dirs[dirs.length - 1]!, 'other.sqlite');
    const fresh = openStore(file);
    stores.push(fresh);
    fresh.tx(() => fresh.threads.upsertMany(Array.from({ length: 9 }, (_, i) => thread(1000 + i))));
    expect(fresh.threads.listStamp()).toBe(old.threads.listStamp());

    const after = unified.list([source('a', a), source('b', fresh)], q);
    expect(after.total).toBe(21);
    const bRows = after.rows.filter((r) => r.accountId === 'b').map((r) => r.id);
    expect(bRows.sort()).toEqual(Array.from({ length: 9 }, (_, i) => thread(1000 + i)._id).sort());
  });
});
