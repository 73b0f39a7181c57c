// Where the keymap's commands apply: each scope is active in a view of the window, and the list's
// moves also move between the items of some other pages.
import { composer } from './stores/composer.svelte';
import { nav } from './stores/nav.svelte';
import { pane } from './stores/pane.svelte';
import { threadList } from './stores/threadList.svelte';
import type { CommandId, Scope } from './keymap';

export function scopeActive(scope: Scope): boolean {
  switch (scope) {
    case 'global':
      return true;
    case 'list':
      return nav.page === 'threads';
    case 'thread':
      return nav.page === 'threads' && pane.openId !== null;
    case 'composer':
      return composer.open;
    case 'campaigns':
      return nav.page === 'campaigns' || (nav.page === 'threads' && !!threadList.filter.campaignId);
    case 'outbox':
      return nav.page === 'outbox';
  }
}

/** The list's moves also move between the items of these pages (a change, a setting). */
export const ITEM_MOVES = new Set<CommandId>(['cursor.down', 'cursor.up']);
export const onItemPage = (): boolean => nav.page === 'outbox' || nav.page === 'settings';
