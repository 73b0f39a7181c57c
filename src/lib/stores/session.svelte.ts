// Starting the renderer: the remembered account's first rows, then accounts and settings; and
// following the core's events (data changed, sync state, outbox, new replies) into the stores.
import type { Account, DataScope } from '../../../electron/shared/contract';
import { on } from '../api';
import { idSet } from '../ids';
import { takeFirstCalls, type FirstCalls } from '../firstCalls';
import { accounts } from './accounts.svelte';
import { campaignFigures } from './campaignFigures.svelte';
import { hub } from './hub';
import { triage } from './triage.svelte';
import { announceReplies, askNotificationPermission } from './announce';
import { campaigns } from './campaigns.svelte';
import { composer } from './composer.svelte';
import { emailAccounts } from './emailAccounts.svelte';
import { nav } from './nav.svelte';
import { outbox } from './outbox.svelte';
import { pane } from './pane.svelte';
import { forgetReadAhead } from './readAhead';
import { settings } from './settings.svelte';
import { sync } from './sync.svelte';
import { SETTLE_MS, threadList } from './threadList.svelte';
import { waiting } from './waiting.svelte';
import { localId, localIds } from './threadRef';
import { unread } from './unread.svelte';

let unsubscribe: (() => void)[] = [];

// Another account is shown: nothing of the last one stays (the open thread, the selection, the
// undo stack, the figures, the view), and its list and data load.
hub.on('account.chosen', async () => {
  pane.closeThread();
  triage.clearUndo();
  campaignFigures.clear();
  await Promise.all([threadList.startOver(), loadAccountData(), waiting.loadAll()]);
});

/** Everything shown about the chosen account besides the list, its counts (they come with the
 *  list's first window) and the open thread. */
export async function loadAccountData(): Promise<void> {
  await Promise.all([
    campaigns.load(),
    emailAccounts.load(),
    sync.load(),
    outbox.load(),
    composer.loadSnippets(),
  ]);
}

let starting: Promise<void> | null = null;

/** Starts the renderer once: src/main.ts sends the first calls before the app's modules are
 *  evaluated (firstCalls.ts), so the core answers them while the window's parts are made; this
 *  takes their answers. The window's mount waits for the same start. */
export function start(): Promise<void> {
  return (starting ??= begin());
}

async function begin(): Promise<void> {
  const first = takeFirstCalls();
  try {
    await startWith(first);
  } finally {
    first.stopListening();
  }
  // The first answers may have been read before a change they do not show.
  if (first.changed.has('accounts')) await accounts.load().catch(() => undefined);
  if (first.changed.has('threads') || first.changed.has('unread')) threadList.refreshSoon();
}

async function startWith(first: FirstCalls): Promise<void> {
  const { remembered } = first;
  // The remembered account's rows were asked for first: the list does not wait for the accounts.
  if (remembered) {
    accounts.id = remembered;
    accounts.unified = first.unified;
    if (first.inbox) threadList.startFrom(first.inbox);
    void threadList.reset();
  }
  subscribe();
  unread.refreshSoon();
  const [started, listed, current] = await Promise.all([
    first.start?.catch(() => null) ?? null,
    first.accounts?.catch(() => [] as Account[]) ?? null,
    first.settings,
  ]);
  if (current) settings.current = current;
  if (settings.current.notifyNewReplies) void askNotificationPermission();
  const all = started?.accounts ?? listed ?? [];
  accounts.all = all;
  const chosen = all.find((a) => a.id === remembered) ?? all[0] ?? null;
  accounts.booted = true;
  if (!chosen) {
    accounts.id = null;
    nav.page = 'accounts';
    return;
  }
  if (chosen.id === remembered) void Promise.all([loadAccountData(), waiting.loadAll()]);
  // The window closed on All inboxes opens on it, also when the account it kept is gone.
  else if (first.unified) {
    accounts.id = chosen.id;
    await accounts.chooseAll();
  } else {
    // A window that remembered nothing: the first account's rows came with the accounts.
    const inbox = started?.inbox;
    if (inbox && inbox.accountId === chosen.id)
      threadList.startFrom({ accountId: inbox.accountId, window: Promise.resolve(inbox.window) });
    await accounts.choose(chosen.id);
  }
}

export function stop(): void {
  for (const u of unsubscribe) u();
  unsubscribe = [];
  starting = null;
}

function subscribe(): void {
  unsubscribe.push(
    on('data.changed', (e) => {
      if (e.scopes.some((x) => x === 'threads' || x === 'unread' || x === 'accounts')) unread.refreshSoon();
      // Every account's outbox counts: a failure elsewhere is still said.
      if (e.outbox && e.accountId !== null) waiting.set(e.accountId, e.outbox);
      if (e.accountId !== null && e.accountId !== accounts.id) {
        // All inboxes shows every account's threads and says every account's refusals.
        if (!accounts.unified) return;
        if (e.refused) outbox.sayRefused(e.refused, e.accountId);
        onThreadsChanged(e.scopes, e.threadIds && localIds(e.accountId, e.threadIds));
        return;
      }
      if (e.outbox && sync.state) {
        sync.state = {
          ...sync.state,
          pendingChanges: e.outbox.pending,
          failedChanges: e.outbox.failed,
          uncertainChanges: e.outbox.uncertain,
        };
      }
      if (e.refused) outbox.sayRefused(e.refused);
      onDataChanged(e.scopes, e.threadIds && e.accountId ? localIds(e.accountId, e.threadIds) : e.threadIds);
    }),
    on('sync.state', (s) => {
      waiting.fromState(s);
      if (s.accountId === accounts.id) sync.state = s;
    }),
    on('connectivity', (c) => {
      waiting.setOnline(c.accountId, c.online);
      if (c.accountId === accounts.id && sync.state) sync.state = { ...sync.state, online: c.online };
    }),
    on('notification.open', (n) => {
      if (n.accountId !== accounts.id && !accounts.unified) return;
      nav.page = 'threads';
      void pane.openThread(localId(n.accountId, n.threadId));
    }),
    on('replies.new', (r) => {
      // Every account's new replies are said, naming the workspace when it is not the one shown.
      if (r.count > 0) void announceReplies(r.count, localIds(r.accountId, r.threadIds), r.accountId);
    }),
  );
}

/** Another account's threads moved: All inboxes shows them, and the open thread may be one. */
function onThreadsChanged(scopes: DataScope[], threadIds?: string[]): void {
  const s = idSet(scopes);
  if (s.has('threads')) forgetReadAhead(threadIds);
  if (s.has('threads') || s.has('unread'))
    threadList.refreshSoon(threadList.isOwnEcho(threadIds) ? SETTLE_MS : undefined);
  const open = pane.openId;
  if (open && s.has('threads') && (!threadIds || threadIds.includes(open))) void pane.reloadDetail();
}

function onDataChanged(scopes: DataScope[], threadIds?: string[]): void {
  const s = idSet(scopes);
  if (s.has('accounts')) void accounts.load().then(() => waiting.loadAll());
  if (s.has('settings')) void settings.load();
  if (!accounts.id) return;
  if (s.has('threads') || s.has('outbox')) forgetReadAhead(threadIds);
  if (s.has('leads')) forgetReadAhead();
  if (s.has('threads') || s.has('unread'))
    threadList.refreshSoon(threadList.isOwnEcho(threadIds) ? SETTLE_MS : undefined);
  if (s.has('campaigns')) void campaigns.load();
  if (s.has('emailAccounts')) void emailAccounts.load();
  if (s.has('outbox')) void outbox.load();
  // The open thread is asked for once, whatever else the change named.
  const open = pane.openId;
  const openThreadMoved = s.has('threads') && (!threadIds || (open !== null && threadIds.includes(open)));
  if (open && (openThreadMoved || s.has('outbox') || s.has('leads'))) void pane.reloadDetail();
}
