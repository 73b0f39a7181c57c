// Which page the main area shows, which dialog is over it, and the folds of the layout.

export type Page = 'threads' | 'campaigns' | 'outbox' | 'accounts' | 'emailAccounts' | 'settings';

export type Overlay = 'help' | 'palette' | 'snooze' | 'dnc' | 'draftDone' | null;

class NavStore {
  page = $state<Page>('threads');
  overlay = $state<Overlay>(null);
  /** The lead panel beside the thread; folded by default where the window is narrow. */
  leadOpen = $state(typeof window === 'undefined' || window.innerWidth >= 1280);
  /** Where the window is too narrow for the sidebar (200% zoom of a small window), it opens over
   *  the page from a button at the left edge; choosing a folder folds it again. */
  foldersOpen = $state(false);
  /** Set by "Add an account…": the accounts view focuses its form once, then clears it. */
  addAccountWanted = $state(false);
}

export const nav = new NavStore();
