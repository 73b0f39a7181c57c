// The app-wide settings (theme, sync interval, notifications), as the core keeps them.
import type { Settings } from '../../../electron/contract-types';
import { call, errorMessage } from '../api';
import { notices } from './notices.svelte';

class SettingsStore {
  current = $state<Settings>({ theme: 'system', syncIntervalSeconds: 120, notifyNewReplies: true });

  async load(): Promise<void> {
    this.current = await call('settings.get', {});
  }

  async setTheme(theme: Settings['theme']): Promise<void> {
    this.current = { ...this.current, theme };
    try {
      this.current = await call('settings.set', { theme });
    } catch (e) {
      notices.notify(errorMessage(e), 'error');
    }
  }
}

export const settings = new SettingsStore();
