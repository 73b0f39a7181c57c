// The outbox: the chosen account's changes waiting to be sent, failed, or uncertain, the failed and
// uncertain ones of the other accounts (named), what the person decides about them, and what was
// sent in the last week.
import type { OutboxEntry, SentChange } from '../../../electron/shared/contract';
import { call, errorMessage } from '../api';
import { forAccount } from './accountCall';
import { accounts } from './accounts.svelte';
import { notices } from './notices.svelte';
import { campaigns } from './campaigns.svelte';
import { nav } from './nav.svelte';
import { pane } from './pane.svelte';
import { localId } from './threadRef';
import { waiting } from './waiting.svelte';
import { workspaceName } from './workspaces';

/** Another account's changes that need the rep (in All inboxes: all of its changes). */
export interface ElsewhereEntries {
  accountId: string;
  label: string;
  entries: OutboxEntry[];
}

/** A confirmed change, with its workspace named where several are shown (All inboxes). */
export type SentRow = SentChange & { accountId: string; where?: string };

class OutboxStore {
  entries = $state<OutboxEntry[]>([]);
  /** What the service confirmed in the last week, newest first (in All inboxes, of every account). */
  sent = $state<SentRow[]>([]);
  elsewhere = $state<ElsewhereEntries[]>([]);
  /** Discard all failed was asked for: the Outbox asks to confirm. */
  discardAsked = $state(false);
  /** Refusal toasts and the changes they offer to retry: a toast goes once none of its changes is
   *  still failed (undone, discarded, retried, or superseded by a newer change). */
  private refusals: { notice: number; accountId: string; entryIds: number[]; after: number }[] = [];
  /** Lists asked for, and the last one shown: their answers come over the socket and the
   *  refusals over the events, in either order. */
  private asked = 0;
  private shown = 0;

  async load(): Promise<void> {
    const asked = ++this.asked;
    const [c, sent] = await Promise.all([
      forAccount((accountId) => call('outbox.list', { accountId })),
      this.loadSent(),
    ]);
    // A list asked before one already shown is older than it.
    if (asked < this.shown) return;
    this.shown = asked;
    if (c) this.entries = c;
    if (sent) this.sent = sent;
    if (c) this.settleRefusals(asked);
  }

  /** The shown account's sent changes; in All inboxes every account's, merged newest first and
   *  each named by its workspace. */
  private async loadSent(): Promise<SentRow[] | null> {
    if (!accounts.unified) {
      const id = accounts.id;
      const sent = await forAccount((accountId) => call('outbox.sent', { accountId }));
      return sent && id ? sent.map((e) => ({ ...e, accountId: id })) : null;
    }
    const all = await Promise.all(
      accounts.all.map(async (a) =>
        (await call('outbox.sent', { accountId: a.id }).catch(() => [] as SentChange[])).map((e) => ({
          ...e,
          accountId: a.id,
          where: workspaceName(a.id),
        })),
      ),
    );
    return all.flat().sort((x, y) => y.sentAt.localeCompare(x.sentAt));
  }

  /** Drops the toasts of refusals none of whose changes is failed any more, by a list asked for
   *  after the refusal was said: one asked before it may still show the change waiting. */
  private settleRefusals(asked: number): void {
    const failed = new Set(this.entries.filter((e) => e.state === 'failed').map((e) => e.id));
    this.refusals = this.refusals.filter((r) => {
      if (r.accountId !== accounts.id || asked <= r.after || r.entryIds.some((id) => failed.has(id)))
        return true;
      notices.dismiss(r.notice);
      return false;
    });
  }

  /** The failed and uncertain changes of the other accounts that have any; in All inboxes, every
   *  change of every other account (the list shows them all, so its Outbox does too). */
  async loadElsewhere(): Promise<void> {
    const all = accounts.unified;
    const others = all
      ? accounts.all
          .filter((a) => a.id !== accounts.id)
          .map((a) => ({ accountId: a.id, label: workspaceName(a.id) }))
      : waiting.elsewhere;
    const lists = await Promise.all(
      others.map(async (t) => {
        const got = await call('outbox.list', { accountId: t.accountId }).catch(() => [] as OutboxEntry[]);
        const entries = all ? got : got.filter((e) => e.state === 'failed' || e.state === 'uncertain');
        return { accountId: t.accountId, label: t.label, entries };
      }),
    );
    this.elsewhere = lists.filter((l) => l.entries.length > 0);
  }

  /** Every failed change, here and in the other accounts. */
  get failed(): { accountId: string; entry: OutboxEntry }[] {
    const here = accounts.id;
    const out = here
      ? this.entries.filter((e) => e.state === 'failed').map((entry) => ({ accountId: here, entry }))
      : [];
    for (const l of this.elsewhere)
      for (const entry of l.entries)
        if (entry.state === 'failed') out.push({ accountId: l.accountId, entry });
    return out;
  }

  async resolveUncertain(
    entryId: number,
    resolution: 'send_again' | 'mark_sent' | 'discard',
    accountId = accounts.id,
  ): Promise<void> {
    if (!accountId) return;
    try {
      await call('outbox.resolveUncertain', { accountId, entryId, resolution });
      await this.reload(accountId);
    } catch (e) {
      notices.notify(errorMessage(e), 'error');
    }
  }

  /** The service refused changes: said where the rep is, with the service's reason and Retry. */
  sayRefused(
    refused: { entryId: number; summary: string; error: string }[],
    accountId: string | null = accounts.id,
  ): void {
    const first = refused[0];
    if (!first || !accountId) return;
    const entryIds = refused.map((r) => r.entryId);
    // Another account's refusal (seen from All inboxes or another account) names its workspace.
    const where = accountId === accounts.id && !accounts.unified ? '' : `${workspaceName(accountId)}: `;
    if (refused.length === 1) {
      const notice = notices.notify(
        `${where}Not done: ${first.summary}. ${first.error} It waits in the Outbox.`,
        'error',
        {
          action: { label: 'Retry', run: () => void this.act(first.entryId, 'retry', accountId) },
          ms: 12_000,
        },
      );
      this.refusals.push({ notice, accountId, entryIds, after: this.asked });
      return;
    }
    const notice = notices.notify(
      `${where}${refused.length} changes were refused by the service, among them ${first.summary}: ${first.error} They wait in the Outbox.`,
      'error',
      {
        action: {
          label: 'Retry all',
          run: () => void Promise.all(refused.map((r) => this.act(r.entryId, 'retry', accountId))),
        },
        ms: 12_000,
      },
    );
    this.refusals.push({ notice, accountId, entryIds, after: this.asked });
  }

  async act(entryId: number, action: 'retry' | 'discard', accountId = accounts.id): Promise<void> {
    if (!accountId) return;
    try {
      await call(action === 'retry' ? 'outbox.retry' : 'outbox.discard', { accountId, entryId });
      await this.reload(accountId);
    } catch (e) {
      notices.notify(errorMessage(e), 'error');
    }
  }

  /** Retry all (or discard all) failed changes of every account; says how many. */
  async allFailed(action: 'retry' | 'discard'): Promise<void> {
    this.discardAsked = false;
    // What failed elsewhere may be newer than the last look (All inboxes, another account).
    await Promise.all([this.load(), this.loadElsewhere()]);
    const failed = this.failed;
    if (failed.length === 0) {
      notices.notify('No failed change to ' + action + '.');
      return;
    }
    const results = await Promise.allSettled(
      failed.map(({ accountId, entry }) =>
        call(action === 'retry' ? 'outbox.retry' : 'outbox.discard', { accountId, entryId: entry.id }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected').length;
    await Promise.all([this.load(), this.loadElsewhere(), waiting.loadAll()]);
    const done = failed.length - refused;
    const what = action === 'retry' ? 'sent again' : 'discarded';
    notices.notify(
      `${done} failed ${done === 1 ? 'change' : 'changes'} ${what}${refused ? `; ${refused} could not be` : ''}.`,
      refused ? 'error' : 'info',
    );
  }

  /** Enter on a change (waiting or sent): where it was made, the thread open (a verdict, a
   *  reply: the reply shows in it) or the campaign under the cursor. Other kinds stay. */
  async show(accountId: string, kind: string, targetId: string | null): Promise<boolean> {
    if (!targetId) return false;
    const thread = kind === 'reply' || kind === 'thread_status';
    const campaign = kind === 'campaign_rename' || kind === 'campaign_status';
    if (!thread && !campaign) return false;
    if (accountId !== accounts.id && !(thread && accounts.unified)) await accounts.choose(accountId);
    if (campaign) {
      nav.page = 'campaigns';
      campaigns.cursor = Math.max(
        0,
        campaigns.all.findIndex((c) => c.id === targetId),
      );
      return true;
    }
    nav.page = 'threads';
    await pane.openThread(localId(accountId, targetId));
    return true;
  }

  private async reload(accountId: string): Promise<void> {
    if (accountId === accounts.id || accounts.unified) await Promise.all([this.load(), pane.reloadDetail()]);
    else await Promise.all([this.loadElsewhere(), waiting.loadAll()]);
  }
}

export const outbox = new OutboxStore();
