// Every suite, in the order a full run measures them.
import type { Suite } from '../lib/suite';

export const SUITES: Suite[] = [];
