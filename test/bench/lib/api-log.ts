// A logger for an account the bench opens in its own process: counts the 429s the app met, those
// of the operations a figure times apart from the rest (the pull's).
import type { Logger } from '../../../electron/core/log';

export interface Counting429 extends Logger {
  /** 429s met by the timed operations. */
  mine: number;
  /** 429s met by every other request (the pull's). */
  others: number;
}

export function counting429(timedOps: readonly string[]): Counting429 {
  const log: Counting429 = {
    mine: 0,
    others: 0,
    debug(msg, data) {
      const d = data as { op?: string; status?: number } | undefined;
      if (msg !== 'api error' || d?.status !== 429) return;
      if (d.op !== undefined && timedOps.includes(d.op)) log.mine++;
      else log.others++;
    },
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
  return log;
}
