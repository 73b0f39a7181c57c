// The app-wide settings (theme, sync interval, notifications, row density), as the core keeps them.
import type { Settings } from '../../../electron/contract-types';
import { call, errorMessage } from '../api';
import { notices } from './notices.svelte';

class SettingsStore {
  current = $state<Settings>({
    theme: 'system',
    syncIntervalSeconds: 120,
    notifyNewReplies: true,
    rowDensity: 'comfortable',
  });

  async load(): Promise<void> {
    this.current = await call('settings.get', {});
  }

  /** Shows the change at once and keeps it; a refusal puts back what the core holds. */
  async set(patch: Partial<Settings>): Promise<void> {
    this.current = { ...this.current, ...patch };
    try {
      this.current = await call('settings.set', patch);
    } catch (e) {
      notices.notify(errorMessage(e), 'error');
      await this.load().catch(() => {});
    }
  }

  setTheme(theme: Settings['theme']): Promise<void> {
    return this.set({ theme });
  }
}

export const settings = new SettingsStore();
