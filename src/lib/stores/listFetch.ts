// The calls behind the thread list's windows: one account's list, or All inboxes (every
// account's threads, or the one workspace it is narrowed to), each row's id then naming its
// account (threadRef.ts). The first window brings the counts with it.
import type {
  Counts,
  SuggestedVerdict,
  ThreadWindow,
  UnifiedCounts,
} from '../../../electron/shared/contract';
import { call } from '../api';
import { accounts } from './accounts.svelte';
import { unifiedId } from './threadRef';

export interface Filter {
  view: 'inbox' | 'all' | 'snoozed' | 'status' | 'suggested';
  status?: string;
  /** view 'suggested': the Inbox's threads with this suggestion. */
  suggested?: SuggestedVerdict;
  campaignId?: string;
  emailAccountId?: string;
}

type Sort = 'newest' | 'waiting';
type Fetch = (offset: number, limit: number) => Promise<ThreadWindow>;

/** The Inbox's first window of `accountId`, already asked for (with its counts) by the window's
 *  first calls (firstCalls.ts): the list's first window is that answer. */
export interface FirstWindow {
  accountId: string;
  window: Promise<ThreadWindow>;
}

export function accountFetcher(
  f: Filter,
  search: string,
  sort: Sort,
  counts: (c: Counts) => void,
  first: FirstWindow | null = null,
): Fetch {
  const accountId = accounts.id;
  let countsWanted = true;
  return async (offset, limit) => {
    if (!accountId) return { total: 0, offset, rows: [] };
    const withCounts = countsWanted;
    countsWanted = false;
    const asked = offset === 0 && first?.accountId === accountId ? first.window : null;
    first = null;
    const w = asked
      ? await asked
      : await call('threads.list', {
          accountId,
          view: f.view,
          ...(f.status ? { status: f.status } : {}),
          ...(f.suggested ? { suggested: f.suggested } : {}),
          ...(f.campaignId ? { campaignId: f.campaignId } : {}),
          ...(f.emailAccountId ? { emailAccountId: f.emailAccountId } : {}),
          ...(search ? { search } : {}),
          ...(sort !== 'newest' ? { sort } : {}),
          ...(withCounts ? { withCounts } : {}),
          offset,
          limit,
        });
    if (w.counts && accounts.id === accountId && !accounts.unified) counts(w.counts);
    return w;
  };
}

export function unifiedFetcher(
  f: Filter,
  search: string,
  sort: Sort,
  counts: (c: UnifiedCounts) => void,
): Fetch {
  const only = accounts.only;
  let countsWanted = true;
  return async (offset, limit) => {
    const withCounts = countsWanted;
    countsWanted = false;
    const w = await call('unified.list', {
      view: f.view,
      ...(f.status ? { status: f.status } : {}),
      ...(f.suggested ? { suggested: f.suggested } : {}),
      ...(only ? { accountIds: [only] } : {}),
      ...(search ? { search } : {}),
      ...(sort !== 'newest' ? { sort } : {}),
      ...(withCounts ? { withCounts } : {}),
      offset,
      limit,
    });
    if (w.counts && accounts.unified && accounts.only === only) counts(w.counts);
    return { ...w, rows: w.rows.map((r) => ({ ...r, id: unifiedId(r.accountId!, r.id) })) };
  };
}
