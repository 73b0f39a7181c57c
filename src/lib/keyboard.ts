// The one keyboard handler: turns keys into the keymap's commands for the scopes that are active,
// and runs commands (from keys, the palette and buttons alike).
import { SUGGESTED_VERDICTS } from '../../electron/shared/contract-values';
import { accounts } from './stores/accounts.svelte';
import { composer } from './stores/composer.svelte';
import { draftDone } from './stores/draftDone.svelte';
import { campaigns } from './stores/campaigns.svelte';
import { nav } from './stores/nav.svelte';
import { notices } from './stores/notices.svelte';
import { outbox } from './stores/outbox.svelte';
import { pane } from './stores/pane.svelte';
import { reading } from './stores/reading.svelte';
import { settings } from './stores/settings.svelte';
import { suggestions } from './stores/suggestions.svelte';
import { sync } from './stores/sync.svelte';
import { threadList } from './stores/threadList.svelte';
import { triage } from './stores/triage.svelte';
import { typeAhead } from './stores/typeAhead';
import { KEYMAP, KeySequencer, keyOf, VERDICTS, worksInTextField, type CommandId } from './keymap';
import { ITEM_MOVES, onItemPage, scopeActive } from './keyScopes';
import { setThreadCommandRunner, waitsForThread } from './threadCommands';
import { controlKeeps, isTextField } from './keyTargets';

/** What the key handler needs from the window's layout. */
export interface KeyboardUi {
  focusList(): void;
  /** Gives the keyboard to the view shown (the thread list, or the first item of another view). */
  focusView(): void;
  /** Moves the keyboard between the items of a view that is not the thread list. */
  moveItem(delta: 1 | -1): void;
  /** Focuses the search box with its text selected. */
  focusSearch(): void;
  isSearchField(el: EventTarget | null): boolean;
}

/** `g y`: the first Suggested folder that holds threads; from one of them, the next one. */
function goSuggested(): void {
  if (!settings.current.suggestions) {
    notices.notify('Suggestions are off (Settings).');
    return;
  }
  const counts = threadList.counts?.bySuggestion ?? {};
  const groups = SUGGESTED_VERDICTS.filter((v) => (counts[v] ?? 0) > 0);
  if (groups.length === 0) {
    notices.notify('No suggestions wait in the Inbox.');
    return;
  }
  const f = threadList.filter;
  const at = f.view === 'suggested' && f.suggested ? groups.indexOf(f.suggested) : -1;
  threadList.setFilter({ view: 'suggested', suggested: groups[(at + 1) % groups.length]! });
}

export function createKeyboard(ui: KeyboardUi): {
  onkeydown: (e: KeyboardEvent) => void;
  run: (command: CommandId) => void;
} {
  const sequencer = new KeySequencer();

  function onkeydown(e: KeyboardEvent): void {
    if (e.defaultPrevented || e.isComposing) return;
    // Dialogs handle their own keys.
    if (nav.overlay) return;
    const inField = isTextField(e.target);
    // Right after `r`, before the reply box could open, typing is the reply's.
    if (!inField && typeAhead.takes(e)) {
      e.preventDefault();
      return typeAhead.type(e.key);
    }
    const key = keyOf(e);
    if (!key) return;
    if (inField && !worksInTextField(key)) return;
    if (inField && key === 'Escape') {
      if (campaigns.renaming) return; // the rename field handles its own Esc
      if (ui.isSearchField(e.target)) return; // the search box clears itself
      e.preventDefault();
      (e.target as HTMLElement).blur();
      ui.focusView();
      return;
    }
    if (controlKeeps(e.target, key)) return;
    const hit = sequencer.feed(key);
    if (hit === 'prefix') {
      e.preventDefault();
      return;
    }
    if (!hit) return;
    const command = hit.find((c) => {
      const b = KEYMAP.find((k) => k.command === c);
      return b && (scopeActive(b.scope) || (ITEM_MOVES.has(c) && onItemPage()));
    });
    if (!command) {
      if (key === 'Escape') {
        if (threadList.selected.size > 0) threadList.selected.clear();
        else if (threadList.search) threadList.setSearch('');
      }
      return;
    }
    e.preventDefault();
    run(command);
  }

  function run(command: CommandId): void {
    // `r` on the list opens the cursor's thread to reply to it.
    if (command === 'reply.start' && !pane.openId) pane.openCursor();
    // Given while its thread is on its way: kept, and run once the thread is shown.
    if (waitsForThread(command)) {
      // Keys typed right after `r` are the reply's, not commands.
      if (command === 'reply.start') typeAhead.begin();
      return;
    }
    const status = VERDICTS[command];
    if (status !== undefined) {
      if (nav.page !== 'threads') return;
      // Done would leave a half-written reply behind: ask first.
      if (status === 'closed' && draftDone.ask()) return;
      void triage.verdict(status);
      if (!composer.open) ui.focusList();
      return;
    }
    switch (command) {
      case 'cursor.down':
        return onItemPage() ? ui.moveItem(1) : threadList.moveCursor(1);
      case 'cursor.up':
        return onItemPage() ? ui.moveItem(-1) : threadList.moveCursor(-1);
      case 'cursor.first':
        return threadList.moveCursor(-Infinity);
      case 'cursor.last':
        return threadList.moveCursor(Infinity);
      case 'select.down':
        return threadList.moveCursor(1, true);
      case 'select.up':
        return threadList.moveCursor(-1, true);
      case 'select.toggle':
        return threadList.toggleSelected();
      case 'thread.open':
        pane.openCursor();
        return ui.focusList();
      case 'thread.close':
        pane.closeThread();
        return ui.focusList();
      case 'suggest.accept':
        void suggestions.accept();
        if (!composer.open) ui.focusList();
        return;
      case 'suggest.acceptAll':
        void suggestions.acceptGroup();
        return ui.focusList();
      case 'go.suggested':
        goSuggested();
        return ui.focusList();
      case 'triage.undo':
        // The rep stays where they are: the toast says what was undone.
        return void triage.undo();
      case 'thread.snooze':
        if (nav.page === 'threads' && (threadList.cursorRow || threadList.selected.size))
          nav.overlay = 'snooze';
        return;
      case 'reply.start':
        return composer.startReply();
      case 'reply.send':
        if (composer.open) void composer.sendHeld(false);
        return;
      case 'reply.sendDone':
        if (composer.open) void composer.sendHeld(true);
        return;
      case 'snippet.pick':
        if (pane.openDetail) {
          composer.startReply();
          composer.pickerOpen = true;
        }
        return;
      case 'draft.discard':
        return composer.discard();
      case 'lead.toggle':
        nav.leadOpen = !nav.leadOpen;
        return;
      case 'reply.ai':
        return void composer.putAiSuggestion();
      case 'thread.dnc':
        if (pane.openDetail) nav.overlay = 'dnc';
        return;
      case 'search.focus':
        if (nav.page !== 'threads') nav.page = 'threads';
        return ui.focusSearch();
      case 'palette.open':
        nav.overlay = 'palette';
        return;
      case 'help.open':
        nav.overlay = 'help';
        return;
      case 'go.inbox':
        threadList.setFilter({ view: 'inbox' });
        return ui.focusList();
      case 'go.all':
        threadList.setFilter({ view: 'all' });
        return ui.focusList();
      case 'go.snoozed':
        threadList.setFilter({ view: 'snoozed' });
        return ui.focusList();
      case 'go.unified':
        void accounts.chooseAll().then(() => ui.focusList());
        return;
      case 'workspace.next':
        if (!accounts.unified) notices.notify('Go to All inboxes (g u) to narrow it to one workspace.');
        else threadList.nextWorkspace();
        return ui.focusList();
      case 'go.campaigns':
        nav.page = 'campaigns';
        return;
      case 'go.outbox':
        nav.page = 'outbox';
        return;
      case 'go.accounts':
        nav.page = 'accounts';
        return;
      case 'account.add':
        nav.page = 'accounts';
        nav.addAccountWanted = true;
        return;
      case 'go.emailAccounts':
        nav.page = 'emailAccounts';
        return;
      case 'campaign.toggleStatus': {
        const c =
          nav.page === 'campaigns'
            ? campaigns.all[campaigns.cursor]
            : campaigns.all.find((x) => x.id === threadList.filter.campaignId);
        if (c) void campaigns.toggleStatus(c.id);
        return;
      }
      case 'campaign.rename': {
        const inView = threadList.filter.campaignId;
        if (nav.page === 'threads' && inView) {
          nav.page = 'campaigns';
          campaigns.cursor = Math.max(
            0,
            campaigns.all.findIndex((c) => c.id === inView),
          );
          campaigns.renaming = inView;
        } else if (nav.page === 'campaigns') {
          const c = campaigns.all[campaigns.cursor];
          if (c) campaigns.renaming = c.id;
        }
        return;
      }
      case 'sync.now':
        return void sync.now();
      case 'pane.pageDown':
        return reading.page(1);
      case 'pane.pageUp':
        return reading.page(-1);
      case 'message.next':
        return reading.step(1);
      case 'message.previous':
        return reading.step(-1);
      case 'message.toggle':
        return reading.toggleCurrent();
      case 'list.sortWaiting':
        threadList.setSort(threadList.sort === 'waiting' ? 'newest' : 'waiting');
        return ui.focusList();
      case 'go.settings':
        nav.page = 'settings';
        return;
      case 'outbox.retryAll':
        return void outbox.allFailed('retry');
      case 'outbox.discardAll':
        // A question first: discarded changes are never sent.
        if (outbox.failed.length > 0) outbox.discardAsked = true;
        else notices.notify('No failed change to discard.');
        return;
      case 'theme.toggle': {
        const order = ['system', 'light', 'dark'] as const;
        const next = order[(order.indexOf(settings.current.theme) + 1) % order.length]!;
        notices.notify(`Theme: ${next}`);
        return void settings.setTheme(next);
      }
    }
  }

  setThreadCommandRunner(run, (command) => command === 'reply.start' && typeAhead.cancel());
  return { onkeydown, run };
}
