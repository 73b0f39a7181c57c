// store: writing every thread of the big sandbox the way sync does (one transaction per page of
// 100, through the threads repository: upsert, indexes, full-text triggers) against one prepared
// INSERT of the same rows in one transaction into a bare table, on the same disk.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '../../../electron/core/api/client';
import type { ApiThread } from '../../../electron/core/api/schemas';
import { openDatabase } from '../../../electron/core/store/db';
import { createThreadsRepo } from '../../../electron/core/store/repos/threads';
import { bareInsertThreads } from '../lib/bare';
import type { Suite } from '../lib/suite';

const PAGE = 100;

/** Every thread of the sandbox, page by page, as the client hands them to sync. */
export async function fetchThreadPages(baseUrl: string, apiKey: string): Promise<ApiThread[][]> {
  const client = createClient({ baseUrl, apiKey: () => apiKey });
  const pages: ApiThread[][] = [];
  for await (const p of client.pages((page, limit) => client.listInbox({ page, limit }), PAGE)) {
    if (p.data.length) pages.push(p.data);
  }
  return pages;
}

function writeAsSync(file: string, pages: ApiThread[][]): number {
  const db = openDatabase(file);
  try {
    const repo = createThreadsRepo(db);
    const write = db.transaction((rows: ApiThread[]) => repo.upsertMany(rows));
    const start = performance.now();
    for (const rows of pages) write(rows);
    return performance.now() - start;
  } finally {
    db.close();
  }
}

export const storeSuite: Suite = {
  name: 'store',
  specs: [
    {
      key: 'store.writeThreads',
      label: 'store: write threads as sync does',
      unit: 'ms',
      target: { on: 'ratio', op: '>=', bound: 0.5 },
      bareLabel: 'one prepared INSERT, one transaction',
      ratio: 'bare/value',
    },
  ],
  async run(ctx) {
    const sb = await ctx.fixtures.sandbox('big', ctx.scale.big);
    const pages = await fetchThreadPages(sb.baseUrl, sb.apiKey);
    const rows = pages.flat();
    ctx.log(`store: ${rows.length} threads fetched in ${pages.length} pages`);
    ctx.fixtures.note('store threads written', rows.length);
    // Two rounds each, alternating, fresh files every time; the best of each is kept so a
    // neighbour's burst of disk or CPU does not decide the ratio.
    let ours = Infinity;
    let bare = Infinity;
    for (let round = 0; round < 2; round++) {
      const dir = join(ctx.tmp, `store-${round}`);
      mkdirSync(dir, { recursive: true });
      bare = Math.min(bare, bareInsertThreads(join(dir, 'bare.sqlite'), rows));
      ours = Math.min(ours, writeAsSync(join(dir, 'ours.sqlite'), pages));
      ctx.log(
        `store round ${round + 1}: ours ${ours.toFixed(0)} ms, bare ${bare.toFixed(0)} ms (best so far)`,
      );
    }
    return { 'store.writeThreads': { value: ours, bare } };
  },
};
