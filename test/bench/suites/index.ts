// Every suite, in the order a full run measures them.
import type { Suite } from '../lib/suite';
import { rssSuite, searchSuite, windowSuite } from './read';
import { bundleSuite } from './bundle';
import { firstSyncSuite } from './firstSync';
import { shellSuite } from './shell';
import { slowServiceSuite } from './slowService';
import { storeSuite } from './store';
import { suggestSuite } from './suggest';
import { syncSuite } from './sync';
import { unifiedSuite } from './unified';
import { ipcSuite } from './ipc';
import { uiSuite } from './ui';

export const SUITES: Suite[] = [
  storeSuite,
  syncSuite,
  suggestSuite,
  firstSyncSuite,
  slowServiceSuite,
  rssSuite,
  searchSuite,
  windowSuite,
  unifiedSuite,
  ipcSuite,
  uiSuite,
  bundleSuite,
  shellSuite,
];
