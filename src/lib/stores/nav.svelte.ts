// Which page the main area shows and which dialog is over it.

export type Page = 'threads' | 'campaigns' | 'outbox' | 'accounts';

export type Overlay = 'help' | 'palette' | 'snooze' | 'dnc' | null;

class NavStore {
  page = $state<Page>('threads');
  overlay = $state<Overlay>(null);
}

export const nav = new NavStore();
