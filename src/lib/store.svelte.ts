// The renderer's state: which account and view are shown, the thread list, the open thread, and
// every action the person takes. Views read it; the keymap's commands call its methods. It talks to
// the app only through `call` and `on` (src/lib/api.ts).
import { SvelteSet } from 'svelte/reactivity';
import type {
  Account,
  Campaign,
  Counts,
  DataScope,
  EmailAccount,
  Message,
  OutboxEntry,
  Settings,
  Snippet,
  SyncState,
  ThreadDetail,
  ThreadRow,
  TriageResult,
} from '../../electron/contract-types';
import { frameSlot, nextFrame } from './afterFrame';
import { call, errorKind, errorMessage, on } from './api';
import { statusLabel } from './format';
import { idSet } from './ids';
import { ThreadWindows } from './threadWindows.svelte';

export type Page = 'threads' | 'campaigns' | 'outbox' | 'accounts';

export interface Filter {
  view: 'inbox' | 'all' | 'snoozed' | 'status';
  status?: string;
  campaignId?: string;
  emailAccountId?: string;
}

export type Overlay = 'help' | 'palette' | 'snooze' | 'dnc' | null;

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

const LAST_ACCOUNT = 'triage.lastAccount';
const DRAFT_DELAY_MS = 600;
/** A list refresh after our own change waits for the triager to pause: one refresh per burst. */
const SETTLE_MS = 400;
/** ...but no longer than this after the first wish for one. */
const REFRESH_MAX_WAIT_MS = 2000;
/** How long a `data.changed` about threads we just changed counts as the echo of our change. */
const OWN_ECHO_MS = 5000;

export class TriageStore {
  accounts = $state<Account[]>([]);
  accountId = $state<string | null>(null);
  /** accounts.list has answered once. */
  booted = $state(false);
  settings = $state<Settings>({ theme: 'system', syncIntervalSeconds: 120, notifyNewReplies: true });

  page = $state<Page>('threads');
  filter = $state<Filter>({ view: 'inbox' });
  search = $state('');

  counts = $state<Counts | null>(null);
  campaigns = $state<Campaign[]>([]);
  emailAccounts = $state<EmailAccount[]>([]);
  sync = $state<SyncState | null>(null);
  outbox = $state<OutboxEntry[]>([]);
  snippets = $state<Snippet[]>([]);

  list: ThreadWindows;
  cursor = $state(0);
  selected = new SvelteSet<string>();
  openId = $state<string | null>(null);
  detail = $state<ThreadDetail | null>(null);
  detailLoading = $state(false);

  composerOpen = $state(false);
  /** Set by `r`: the composer takes focus once, then clears it. */
  composerFocusWanted = $state(false);
  composerText = $state('');
  composerError = $state<string | null>(null);
  aiBusy = $state(false);
  sending = $state(false);

  overlay = $state<Overlay>(null);
  /** The campaign whose name is being edited in place. */
  renaming = $state<string | null>(null);
  /** The campaign the cursor of the campaigns view is on. */
  campaignCursor = $state(0);
  notices = $state<Notice[]>([]);

  /** The `previous` of each verdict, newest last, for `z`. */
  private undoStack: TriageResult['previous'][] = [];
  private mutations = 0;
  private refreshWanted = false;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshWantedSince = 0;
  /** Threads this window changed lately, with when that counts as over: their echoes settle. */
  // Plain on purpose: bookkeeping, never drawn.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private ownChanges = new Map<string, number>();
  /** The reading pane follows the cursor a frame after a key, so the list paints first. */
  private paneSlot = frameSlot();
  /** What the pane is about to show (an id, or null to close) while that is scheduled. */
  private paneNext: { id: string | null } | null = null;
  /** `r` pressed while this thread was still loading: the composer opens once it is in. */
  private replyWantedFor: string | null = null;
  private draftTimer: ReturnType<typeof setTimeout> | null = null;
  private detailToken = 0;
  private noticeId = 0;
  private unsubscribe: (() => void)[] = [];

  constructor() {
    this.list = new ThreadWindows(() => Promise.resolve({ total: 0, offset: 0, rows: [] }));
  }

  // ------------------------------------------------------------------ start

  async start(): Promise<void> {
    // Ask for the first rows before anything else: the last account is remembered, so the list
    // does not wait for accounts.list.
    const remembered = localStorage.getItem(LAST_ACCOUNT);
    if (remembered) {
      this.accountId = remembered;
      void this.resetList();
    }
    this.subscribe();
    const [accounts, settings] = await Promise.all([
      call('accounts.list', {}).catch(() => [] as Account[]),
      call('settings.get', {}).catch(() => null),
    ]);
    if (settings) this.settings = settings;
    this.accounts = accounts;
    const chosen = accounts.find((a) => a.id === remembered) ?? accounts[0] ?? null;
    this.booted = true;
    if (!chosen) {
      this.accountId = null;
      this.page = 'accounts';
      return;
    }
    if (chosen.id !== remembered) await this.chooseAccount(chosen.id);
    else void this.loadAccountData();
  }

  stop(): void {
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  private subscribe(): void {
    this.unsubscribe.push(
      on('data.changed', (e) => {
        if (e.accountId !== null && e.accountId !== this.accountId) return;
        this.onDataChanged(e.scopes, e.threadIds);
      }),
      on('sync.state', (s) => {
        if (s.accountId === this.accountId) this.sync = s;
      }),
      on('connectivity', (c) => {
        if (c.accountId === this.accountId && this.sync) this.sync = { ...this.sync, online: c.online };
      }),
      on('outbox.changed', (o) => {
        if (o.accountId !== this.accountId) return;
        if (this.sync) {
          this.sync = {
            ...this.sync,
            pendingChanges: o.pending,
            failedChanges: o.failed,
            uncertainChanges: o.uncertain,
          };
        }
        void this.loadOutbox();
      }),
      on('replies.new', (r) => {
        if (r.accountId === this.accountId && r.count > 0) {
          this.notify(`${r.count === 1 ? 'A new reply' : `${r.count} new replies`} arrived`);
        }
      }),
    );
  }

  private onDataChanged(scopes: DataScope[], threadIds?: string[]): void {
    const s = idSet(scopes);
    if (s.has('accounts')) void this.loadAccounts();
    if (s.has('settings')) void call('settings.get', {}).then((v) => (this.settings = v));
    if (!this.accountId) return;
    if (s.has('threads')) {
      this.refreshSoon(this.isOwnEcho(threadIds) ? SETTLE_MS : undefined);
      if (this.openId && (!threadIds || threadIds.includes(this.openId))) void this.reloadDetail();
    }
    if (s.has('campaigns')) void this.loadCampaigns();
    if (s.has('emailAccounts')) void this.loadEmailAccounts();
    if (s.has('outbox')) {
      void this.loadOutbox();
      if (this.openId) void this.reloadDetail();
    }
    if (s.has('leads') && this.openId) void this.reloadDetail();
  }

  // ------------------------------------------------------------------ accounts

  get account(): Account | null {
    return this.accounts.find((a) => a.id === this.accountId) ?? null;
  }

  async loadAccounts(): Promise<void> {
    this.accounts = await call('accounts.list', {});
    if (this.accountId && !this.accounts.some((a) => a.id === this.accountId)) {
      const next = this.accounts[0];
      if (next) await this.chooseAccount(next.id);
      else {
        this.accountId = null;
        this.page = 'accounts';
      }
    }
  }

  async chooseAccount(id: string): Promise<void> {
    this.accountId = id;
    localStorage.setItem(LAST_ACCOUNT, id);
    this.closeThread();
    this.selected.clear();
    this.undoStack = [];
    this.filter = { view: 'inbox' };
    this.search = '';
    if (this.page === 'accounts') this.page = 'threads';
    await Promise.all([this.resetList(), this.loadAccountData()]);
  }

  async openDemo(): Promise<void> {
    try {
      const account = await call('accounts.demo', {});
      await this.loadAccounts();
      await this.chooseAccount(account.id);
      this.page = 'threads';
    } catch (e) {
      this.notify(`The demo workspace could not start: ${errorMessage(e)}`, 'error');
    }
  }

  private async loadAccountData(): Promise<void> {
    await Promise.all([
      this.loadCounts(),
      this.loadCampaigns(),
      this.loadEmailAccounts(),
      this.loadSync(),
      this.loadOutbox(),
      this.loadSnippets(),
    ]);
  }

  private guard<T>(fn: (accountId: string) => Promise<T>): Promise<T | undefined> {
    const id = this.accountId;
    if (!id) return Promise.resolve(undefined);
    return fn(id).catch((e) => {
      if (errorKind(e) !== 'not_found') console.warn(errorMessage(e));
      return undefined;
    });
  }

  async loadCounts(): Promise<void> {
    const c = await this.guard((accountId) => call('threads.counts', { accountId }));
    if (c) this.counts = c;
  }
  async loadCampaigns(): Promise<void> {
    const c = await this.guard((accountId) => call('campaigns.list', { accountId }));
    if (c) this.campaigns = c;
  }
  async loadEmailAccounts(): Promise<void> {
    const c = await this.guard((accountId) => call('emailAccounts.list', { accountId }));
    if (c) this.emailAccounts = c;
  }
  async loadSync(): Promise<void> {
    const c = await this.guard((accountId) => call('sync.state', { accountId }));
    if (c) this.sync = c;
  }
  async loadOutbox(): Promise<void> {
    const c = await this.guard((accountId) => call('outbox.list', { accountId }));
    if (c) this.outbox = c;
  }
  async loadSnippets(): Promise<void> {
    const c = await this.guard((accountId) => call('snippets.list', { accountId }));
    if (c) this.snippets = c;
  }

  // ------------------------------------------------------------------ the list

  private fetcher() {
    const accountId = this.accountId;
    const f = { ...this.filter };
    const search = this.search.trim();
    return (offset: number, limit: number) => {
      if (!accountId) return Promise.resolve({ total: 0, offset, rows: [] });
      return call('threads.list', {
        accountId,
        view: f.view,
        ...(f.status ? { status: f.status } : {}),
        ...(f.campaignId ? { campaignId: f.campaignId } : {}),
        ...(f.emailAccountId ? { emailAccountId: f.emailAccountId } : {}),
        ...(search ? { search } : {}),
        offset,
        limit,
      });
    };
  }

  resetList(): Promise<void> {
    this.cursor = 0;
    this.selected.clear();
    return this.list.reset(this.fetcher());
  }

  /** Re-asks for the list and counts once no local change is on its way and `delayMs` passed
   *  without another wish for one (at most REFRESH_MAX_WAIT_MS after the first). */
  refreshSoon(delayMs = 30): void {
    const now = Date.now();
    if (!this.refreshWanted) this.refreshWantedSince = now;
    this.refreshWanted = true;
    if (this.mutations > 0) return;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    const wait = Math.max(0, Math.min(delayMs, this.refreshWantedSince + REFRESH_MAX_WAIT_MS - now));
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (this.mutations > 0 || !this.refreshWanted) return;
      this.refreshWanted = false;
      void this.refreshNow();
    }, wait);
  }

  private markOwn(ids: Iterable<string>): void {
    const until = Date.now() + OWN_ECHO_MS;
    for (const id of ids) this.ownChanges.set(id, until);
  }

  /** Whether a change event names only threads this window changed itself a moment ago. */
  private isOwnEcho(threadIds: string[] | undefined): boolean {
    if (!threadIds || threadIds.length === 0) return false;
    const now = Date.now();
    for (const [id, until] of this.ownChanges) if (until < now) this.ownChanges.delete(id);
    return threadIds.every((id) => this.ownChanges.has(id));
  }

  private async refreshNow(): Promise<void> {
    // The cursor stays on its thread (the open one first) as rows move around it, unless the
    // person moved it while the answer was on its way.
    const keep = this.openId ?? this.list.at(this.cursor)?.id;
    const cursorBefore = this.cursor;
    await Promise.all([this.list.refresh(), this.loadCounts()]);
    if (keep && this.cursor === cursorBefore) {
      const i = this.list.indexOf(keep);
      if (i >= 0) this.cursor = i;
    }
    this.clampCursor();
  }

  private clampCursor(): void {
    const max = Math.max(0, this.list.total - 1);
    if (this.cursor > max) this.cursor = max;
  }

  setFilter(filter: Filter): void {
    this.page = 'threads';
    this.filter = filter;
    this.closeThread();
    void this.resetList();
  }

  setSearch(text: string): void {
    this.search = text;
    this.closeThread();
    void this.resetList();
  }

  get cursorRow(): ThreadRow | undefined {
    return this.list.at(this.cursor);
  }

  moveCursor(delta: number, extendSelection = false): void {
    if (this.list.total === 0) return;
    if (extendSelection) {
      const here = this.cursorRow;
      if (here) this.selected.add(here.id);
    }
    const next = Math.min(Math.max(0, this.cursor + delta), this.list.total - 1);
    this.cursor = next;
    if (extendSelection) {
      const row = this.list.at(next);
      if (row) this.selected.add(row.id);
    }
    // With a thread open, moving opens the next one (the reading pane follows the cursor, a frame
    // later, so the cursor paints first).
    if (this.paneNext ? this.paneNext.id !== null : this.openId) {
      const row = this.list.at(next);
      if (row) this.openAfterFrame(row.id);
    }
  }

  /** Opens a thread (or closes the pane, for null) once the frame in progress is painted. */
  private openAfterFrame(id: string | null): void {
    this.paneNext = { id };
    this.paneSlot.schedule(() => {
      this.paneNext = null;
      if (id) void this.openNow(id);
      else this.closeNow();
    });
  }

  private cancelPaneChange(): void {
    this.paneSlot.cancel();
    this.paneNext = null;
  }

  toggleSelected(): void {
    const row = this.cursorRow;
    if (!row) return;
    if (this.selected.has(row.id)) this.selected.delete(row.id);
    else this.selected.add(row.id);
  }

  // ------------------------------------------------------------------ the open thread

  async openThread(id: string): Promise<void> {
    this.cancelPaneChange();
    return this.openNow(id);
  }

  private async openNow(id: string): Promise<void> {
    if (this.openId !== id) {
      this.saveDraftNow();
      this.composerOpen = false;
      this.composerFocusWanted = false;
      this.composerText = '';
      this.composerError = null;
    }
    this.openId = id;
    const i = this.list.indexOf(id);
    if (i >= 0) this.cursor = i;
    await this.reloadDetail(true);
    const d = this.detail;
    if (d && d.thread.id === id) {
      if (d.draft) {
        this.composerText = d.draft;
        this.composerOpen = true;
      }
      if (d.thread.unread && this.accountId) {
        this.list.patchLocal(idSet([id]), { unread: false });
        void call('threads.markRead', { accountId: this.accountId, threadIds: [id], read: true }).catch(
          () => {},
        );
      }
      if (this.openId === id && this.replyWantedFor === id) this.startReply();
    }
  }

  openCursor(): void {
    const row = this.cursorRow;
    if (row) void this.openThread(row.id);
  }

  async reloadDetail(showLoading = false): Promise<void> {
    const id = this.openId;
    const accountId = this.accountId;
    if (!id || !accountId) return;
    const token = ++this.detailToken;
    if (showLoading && this.detail?.thread.id !== id) this.detailLoading = true;
    try {
      const d = await call('threads.get', { accountId, threadId: id });
      if (token !== this.detailToken) return;
      this.detail = d;
    } catch (e) {
      if (token === this.detailToken) this.notify(errorMessage(e), 'error');
    } finally {
      if (token === this.detailToken) this.detailLoading = false;
    }
  }

  closeThread(): void {
    this.cancelPaneChange();
    this.closeNow();
  }

  private closeNow(): void {
    this.replyWantedFor = null;
    this.saveDraftNow();
    this.openId = null;
    this.detail = null;
    this.composerOpen = false;
    this.composerText = '';
    this.composerError = null;
  }

  // ------------------------------------------------------------------ triage

  /** Threads a verdict applies to: the selection, or the thread under the cursor. */
  private targets(): ThreadRow[] {
    if (this.selected.size > 0) {
      const rows: ThreadRow[] = [];
      for (let i = 0; i < this.list.total; i++) {
        const r = this.list.at(i);
        if (r && this.selected.has(r.id)) rows.push(r);
      }
      return rows;
    }
    // The pane may still show a thread the last verdict moved on from: the cursor is what counts then.
    const paneId = this.paneNext ? null : this.openId;
    const row = paneId ? (this.list.at(this.list.indexOf(paneId)) ?? this.cursorRow) : this.cursorRow;
    return row ? [row] : [];
  }

  /** Whether a thread with this status still belongs in the list being shown. */
  private staysInView(status: string): boolean {
    switch (this.filter.view) {
      case 'inbox':
        return status === 'open';
      case 'status':
        return status === this.filter.status;
      default:
        return true;
    }
  }

  async verdict(status: string): Promise<void> {
    const accountId = this.accountId;
    const targets = this.targets().filter((r) => r.status !== status);
    if (!accountId || targets.length === 0) return;
    const ids = idSet(targets.map((r) => r.id));
    const indexes = targets.map((r) => this.list.indexOf(r.id)).filter((i) => i >= 0);
    const stays = this.staysInView(status);

    // This frame: the list, the counts and the cursor change before the call is made. The reading
    // pane (the next thread, its message frames) follows once that frame is painted.
    if (stays) this.list.patchLocal(ids, { status, pending: true });
    else this.list.removeLocal(ids);
    this.adjustCounts(targets, status);
    this.selected.clear();
    const first = indexes.length ? Math.min(...indexes) : this.cursor;
    const last = indexes.length ? Math.max(...indexes) : this.cursor;
    this.cursor = stays ? last + 1 : first;
    this.clampCursor();
    const next = this.list.at(this.cursor);
    this.openAfterFrame(next && !ids.has(next.id) ? next.id : null);

    this.markOwn(ids);
    this.mutations++;
    try {
      // The call (and the core's work for it, on the same few CPU cores) waits for the frame
      // that shows the change.
      await nextFrame();
      const result =
        ids.size === 1
          ? await call('threads.setStatus', { accountId, threadId: targets[0]!.id, status })
          : await call('threads.setStatusMany', { accountId, threadIds: [...ids], status });
      this.undoStack.push(result.previous);
      const who = targets.length === 1 ? targets[0]!.prospectName : `${targets.length} threads`;
      this.notify(`${who}: ${statusLabel(status)}. Press z to undo.`);
    } catch (e) {
      this.notify(`The status could not be set: ${errorMessage(e)}`, 'error');
    } finally {
      this.mutations--;
      this.refreshSoon(SETTLE_MS);
    }
  }

  private adjustCounts(targets: ThreadRow[], status: string): void {
    const c = this.counts;
    if (!c) return;
    const byStatus = { ...c.byStatus };
    let inbox = c.inbox;
    for (const t of targets) {
      byStatus[t.status] = Math.max(0, (byStatus[t.status] ?? 0) - 1);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const snoozed = t.snoozedUntil !== null && Date.parse(t.snoozedUntil) > Date.now();
      if (!snoozed && t.status === 'open') inbox--;
      if (!snoozed && status === 'open') inbox++;
    }
    this.counts = { ...c, byStatus, inbox: Math.max(0, inbox) };
  }

  async undo(): Promise<void> {
    const accountId = this.accountId;
    const previous = this.undoStack.pop();
    if (!accountId || !previous) {
      this.notify('Nothing to undo.');
      return;
    }
    this.mutations++;
    try {
      await call('threads.restoreStatuses', { accountId, previous });
    } catch (e) {
      this.undoStack.push(previous);
      this.notify(`Undo failed: ${errorMessage(e)}`, 'error');
      return;
    } finally {
      this.mutations--;
    }
    await this.refreshNow();
    const back = previous[0]!.threadId;
    const i = this.list.indexOf(back);
    if (i >= 0) {
      this.cursor = i;
      void this.openThread(back);
    }
    this.notify(previous.length === 1 ? 'Undone.' : `Undone for ${previous.length} threads.`);
  }

  async snooze(until: Date | null): Promise<void> {
    const accountId = this.accountId;
    const targets = this.targets();
    this.overlay = null;
    if (!accountId || targets.length === 0) return;
    const ids = idSet(targets.map((r) => r.id));
    const leaves = this.filter.view === 'inbox' || (this.filter.view === 'snoozed' && until === null);
    const first = Math.min(...targets.map((r) => this.list.indexOf(r.id)).filter((i) => i >= 0), this.cursor);
    if (leaves) this.list.removeLocal(ids);
    else this.list.patchLocal(ids, { snoozedUntil: until ? until.toISOString() : null });
    this.selected.clear();
    if (leaves) {
      this.cursor = first;
      this.clampCursor();
      const next = this.list.at(this.cursor);
      if (this.openId) this.openAfterFrame(next?.id ?? null);
    }
    this.markOwn(ids);
    this.mutations++;
    try {
      await nextFrame();
      await call('threads.snooze', {
        accountId,
        threadIds: [...ids],
        until: until ? until.toISOString() : null,
      });
      const when = until
        ? until.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' })
        : null;
      this.notify(when ? `Snoozed until ${when}.` : 'Back in the Inbox.');
    } catch (e) {
      this.notify(`Snooze failed: ${errorMessage(e)}`, 'error');
    } finally {
      this.mutations--;
      this.refreshSoon(SETTLE_MS);
    }
  }

  // ------------------------------------------------------------------ replying

  /** The detail of the open thread, not the one still on screen while the next loads. */
  get openDetail(): ThreadDetail | null {
    return this.detail && this.detail.thread.id === this.openId ? this.detail : null;
  }

  startReply(): void {
    if (!this.openDetail) {
      this.replyWantedFor = this.paneNext ? this.paneNext.id : this.openId;
      return;
    }
    this.replyWantedFor = null;
    this.composerFocusWanted = true;
    if (!this.composerOpen) {
      this.composerOpen = true;
      if (!this.composerText) this.composerText = this.signatureBlock();
    }
  }

  /** The email account's signature as text, below two empty lines for the reply. */
  signatureBlock(): string {
    const ea = this.emailAccounts.find((a) => a.id === this.detail?.thread.emailAccountId);
    if (!ea?.signature) return '';
    const text = new DOMParser().parseFromString(ea.signature.replace(/<br\s*\/?>/gi, '\n'), 'text/html').body
      .textContent;
    return text ? `\n\n${text.trim()}` : '';
  }

  setComposerText(text: string): void {
    this.composerText = text;
    this.composerError = null;
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.saveDraftNow(), DRAFT_DELAY_MS);
  }

  private saveDraftNow(): void {
    if (this.draftTimer) {
      clearTimeout(this.draftTimer);
      this.draftTimer = null;
    } else return;
    const accountId = this.accountId;
    const threadId = this.openId;
    if (!accountId || !threadId) return;
    const body = this.composerText.trim() === '' ? null : this.composerText;
    void call('drafts.save', { accountId, threadId, bodyHtml: body }).catch(() => {});
  }

  async aiSuggestion(): Promise<string | null> {
    const accountId = this.accountId;
    const threadId = this.openId;
    if (!accountId || !threadId) return null;
    this.aiBusy = true;
    try {
      const { suggestion } = await call('reply.aiSuggestion', { accountId, threadId });
      return suggestion;
    } catch (e) {
      const kind = errorKind(e);
      this.composerError =
        kind === 'offline'
          ? 'The AI suggestion needs a connection: you are offline.'
          : kind === 'not_supported'
            ? 'This service does not offer AI suggestions.'
            : `No AI suggestion: ${errorMessage(e)}`;
      return null;
    } finally {
      this.aiBusy = false;
    }
  }

  async send(html: string): Promise<Message | null> {
    const accountId = this.accountId;
    const detail = this.openDetail;
    if (!accountId || !detail || this.sending) return null;
    this.sending = true;
    try {
      const msg = await call('reply.send', {
        accountId,
        threadId: detail.thread.id,
        bodyHtml: html,
        emailAccountId: detail.thread.emailAccountId,
      });
      if (this.draftTimer) clearTimeout(this.draftTimer);
      this.draftTimer = null;
      this.composerText = '';
      this.composerOpen = false;
      this.composerError = null;
      if (this.detail?.thread.id === detail.thread.id) {
        this.detail = { ...this.detail, messages: [...this.detail.messages, msg], draft: null };
      }
      void call('drafts.save', { accountId, threadId: detail.thread.id, bodyHtml: null }).catch(() => {});
      this.notify(
        this.sync?.online === false ? 'Reply queued: it is sent when you are back online.' : 'Reply queued.',
      );
      return msg;
    } catch (e) {
      this.composerError = errorMessage(e);
      return null;
    } finally {
      this.sending = false;
    }
  }

  async resolveUncertain(entryId: number, resolution: 'send_again' | 'mark_sent' | 'discard'): Promise<void> {
    const accountId = this.accountId;
    if (!accountId) return;
    try {
      await call('outbox.resolveUncertain', { accountId, entryId, resolution });
      await Promise.all([this.loadOutbox(), this.reloadDetail()]);
    } catch (e) {
      this.notify(errorMessage(e), 'error');
    }
  }

  async outboxAction(entryId: number, action: 'retry' | 'discard'): Promise<void> {
    const accountId = this.accountId;
    if (!accountId) return;
    try {
      await call(action === 'retry' ? 'outbox.retry' : 'outbox.discard', { accountId, entryId });
      await this.loadOutbox();
    } catch (e) {
      this.notify(errorMessage(e), 'error');
    }
  }

  async addDnc(entry: string): Promise<boolean> {
    const accountId = this.accountId;
    if (!accountId) return false;
    try {
      await call('dnc.add', { accountId, entries: [entry] });
      this.notify(`${entry} is on the do-not-contact list.`);
      return true;
    } catch (e) {
      this.notify(`Could not add ${entry}: ${errorMessage(e)}`, 'error');
      return false;
    }
  }

  // ------------------------------------------------------------------ campaigns

  /** Renames a campaign; returns an error message for the field, or null when done. */
  async renameCampaign(campaignId: string, name: string): Promise<string | null> {
    const accountId = this.accountId;
    if (!accountId) return 'No account.';
    const trimmed = name.trim();
    if (!trimmed) return 'A campaign needs a name.';
    if (trimmed.length > 200) return 'A campaign name has at most 200 characters.';
    const before = this.campaigns;
    this.campaigns = this.campaigns.map((c) =>
      c.id === campaignId ? { ...c, name: trimmed, pending: true } : c,
    );
    try {
      const updated = await call('campaigns.rename', { accountId, campaignId, name: trimmed });
      this.campaigns = this.campaigns.map((c) => (c.id === campaignId ? updated : c));
      this.refreshSoon();
      return null;
    } catch (e) {
      this.campaigns = before;
      return errorMessage(e);
    }
  }

  // ------------------------------------------------------------------ misc

  async setTheme(theme: Settings['theme']): Promise<void> {
    this.settings = { ...this.settings, theme };
    try {
      this.settings = await call('settings.set', { theme });
    } catch (e) {
      this.notify(errorMessage(e), 'error');
    }
  }

  async syncNow(): Promise<void> {
    const accountId = this.accountId;
    if (!accountId) return;
    try {
      await call('sync.now', { accountId });
    } catch (e) {
      this.notify(`Sync failed: ${errorMessage(e)}`, 'error');
    }
  }

  notify(text: string, tone: Notice['tone'] = 'info'): void {
    const id = ++this.noticeId;
    this.notices = [...this.notices.slice(-2), { id, text, tone }];
    setTimeout(
      () => (this.notices = this.notices.filter((n) => n.id !== id)),
      tone === 'error' ? 8000 : 4000,
    );
  }
}

export const store = new TriageStore();
