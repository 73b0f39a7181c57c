// The app-wide settings (theme, sync interval, notifications, row density), as the core keeps them.
import type { Settings } from '../../../electron/shared/contract';
import { DEFAULT_SETTINGS } from '../../../electron/shared/settings-defaults';
import { call, errorMessage } from '../api';
import { notices } from './notices.svelte';

/** This window's own settings (kept in the renderer, not the core). */
const UNDO_SEND_KEY = 'triage.undoSendSeconds';
export const UNDO_SEND_CHOICES = [0, 5, 10, 20, 30] as const;

function storedUndoSend(): number {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(UNDO_SEND_KEY);
  const n = raw === null ? NaN : Number(raw);
  return (UNDO_SEND_CHOICES as readonly number[]).includes(n) ? n : 5;
}

class SettingsStore {
  current = $state<Settings>({ ...DEFAULT_SETTINGS });
  /** How long a sent reply waits, undoable, before it enters the outbox (0: at once). */
  undoSendSeconds = $state(storedUndoSend());

  setUndoSend(seconds: number): void {
    this.undoSendSeconds = seconds;
    localStorage.setItem(UNDO_SEND_KEY, String(seconds));
  }

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
