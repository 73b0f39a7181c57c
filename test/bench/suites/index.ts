// Every suite, in the order a full run measures them.
import type { Suite } from '../lib/suite';
import { storeSuite } from './store';

export const SUITES: Suite[] = [storeSuite];
