// The settings a new install starts with: the core fills anything missing from these, and the
// window shows them until the core's answer arrives. Free of Node, DOM and Electron imports.
import type { Settings } from './contract-records';

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  syncIntervalSeconds: 120,
  notifyNewReplies: true,
  rowDensity: 'comfortable',
  waitingAlertHours: 24,
  suggestions: true,
  outOfOfficeDays: 7,
  autoUpdates: true,
};
