// The person's settings in `settings.json` in the data folder, with defaults for anything missing.
import { join } from 'node:path';
import { z } from 'zod';
import type { Settings } from '../../shared/contract';
import { DEFAULT_SETTINGS } from '../../shared/settings-defaults';
import { readJson, writeJson } from './json-file';

const stored = z.object({
  theme: z.enum(['system', 'light', 'dark']).catch(DEFAULT_SETTINGS.theme),
  syncIntervalSeconds: z.number().int().min(15).max(86_400).catch(DEFAULT_SETTINGS.syncIntervalSeconds),
  notifyNewReplies: z.boolean().catch(DEFAULT_SETTINGS.notifyNewReplies),
  rowDensity: z.enum(['comfortable', 'compact']).catch(DEFAULT_SETTINGS.rowDensity),
  waitingAlertHours: z.number().int().min(1).max(720).catch(DEFAULT_SETTINGS.waitingAlertHours),
  suggestions: z.boolean().catch(DEFAULT_SETTINGS.suggestions),
  outOfOfficeDays: z.number().int().min(1).max(60).catch(DEFAULT_SETTINGS.outOfOfficeDays),
  autoUpdates: z.boolean().catch(DEFAULT_SETTINGS.autoUpdates),
});

export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

export function openSettings(dataDir: string): SettingsStore {
  const file = join(dataDir, 'settings.json');
  let current: Settings = { ...DEFAULT_SETTINGS, ...readJson(file, stored.partial(), {}) };
  return {
    get: () => ({ ...current }),
    set: (patch) => {
      const next = { ...current };
      for (const [key, value] of Object.entries(patch)) {
        if (value !== undefined) (next as Record<string, unknown>)[key] = value;
      }
      writeJson(file, next);
      current = next;
      return { ...current };
    },
  };
}
