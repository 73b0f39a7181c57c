// The desktop app's updates as Settings shows them: the version, where the updater is (off, up to
// date, downloading, ready to restart, failed, in words from the shell), Check now and Restart to
// update. The automatic-checks switch is a setting like the others (settings.svelte.ts).
import type { UpdateStatus } from '../../../electron/shared/contract';
import { call, errorMessage, on } from '../api';
import { notices } from './notices.svelte';

class UpdatesStore {
  status = $state<UpdateStatus | null>(null);

  /** Keeps the newest status: a call's answer can arrive after events that followed it. */
  private take(status: UpdateStatus): void {
    if (!this.status || status.revision >= this.status.revision) this.status = status;
  }

  async load(): Promise<void> {
    try {
      this.take(await call('updates.status', {}));
    } catch (e) {
      notices.notify(`The update status could not be read: ${errorMessage(e)}`, 'error');
    }
  }

  /** Follows the updater while Settings is open; answers the function that stops following. */
  follow(): () => void {
    return on('updates.changed', (status) => this.take(status));
  }

  /** Looks for a new version now; how it goes arrives as updates.changed. */
  async check(): Promise<void> {
    try {
      this.take(await call('updates.check', {}));
    } catch (e) {
      notices.notify(`The check for a new version could not start: ${errorMessage(e)}`, 'error');
    }
  }

  /** Restarts into the downloaded version. */
  async install(): Promise<void> {
    try {
      this.take(await call('updates.install', {}));
    } catch (e) {
      notices.notify(`The app could not restart to update: ${errorMessage(e)}`, 'error');
    }
  }
}

export const updates = new UpdatesStore();
