// The health of one account's local file, said in words. Opening checks what opening touches
// (the header, the schema, the migrations) and heals at once; the full check reads the whole file
// (seconds at 100,000 threads), so it runs after start, off the core's thread when a checker is
// given, and a damaged file found then is healed the same way: moved aside, the waiting changes
// carried, everything else fetched again by a full sync.
import { FutureSchemaError } from '../store/db';
import { diskProblem } from '../store/diskErrors';
import { checkFile, heal, type HealReport } from '../store/heal';
import type { CarriedMarks } from '../store/marks';

/** Why a store could not be opened, in words that say what to do. */
export function storeProblem(err: unknown, file: string): string {
  if (err instanceof FutureSchemaError)
    return `${err.message} The file was left as it is (${file}); Rebuild from the service starts a new copy beside it.`;
  const disk = diskProblem(err, file);
  if (disk) return disk.replace('The change was not saved', 'The local copy could not be opened');
  const why = err instanceof Error ? err.message : String(err);
  return `The local copy of this account could not be opened (${why.slice(0, 160)}). Retry, or Rebuild from the service: the old file is kept in a broken/ folder beside it.`;
}

/** What happened to a damaged file, for the rep: where it went, what was saved and what was not. */
export function healNotice(r: HealReport): string {
  const saved =
    r.saved === 0
      ? 'No change was waiting to be sent'
      : `${r.saved} change${r.saved === 1 ? '' : 's'} waiting to be sent ${r.saved === 1 ? 'was' : 'were'} saved`;
  const lost =
    r.lost === null
      ? '; whether others were waiting could not be read'
      : r.lost > 0
        ? `; ${r.lost} could not be read`
        : '';
  return `This account's local copy was damaged (${r.reason.replace(/\.$/, '')}), so the app replaced it and is fetching everything again from the service. ${saved}${lost}.${marksKept(r.marks)} The old file is kept at ${r.movedTo}.`;
}

/** " 2 drafts, 1 snooze and 3 read marks are kept." or nothing when there were none. */
function marksKept(m: CarriedMarks): string {
  const one = (n: number, what: string, many = `${what}s`): string | null =>
    n === 0 ? null : `${n} ${n === 1 ? what : many}`;
  const parts = [
    one(m.drafts, 'draft'),
    one(m.snoozes, 'snooze'),
    one(m.unread, 'unread mark'),
    one(m.verdicts, 'verdict the suggestions learn from', 'verdicts the suggestions learn from'),
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return '';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return ` Your ${list} ${parts.length === 1 && /^1 /.test(list!) ? 'is' : 'are'} kept and come back with each thread.`;
}

/** Checks a file where no checker thread is given: deferred a moment, then on this thread. */
export function checkHere(file: string, nativeBinding?: string): Promise<string | null> {
  return new Promise((resolve) =>
    setTimeout(() => {
      try {
        resolve(checkFile(file, nativeBinding));
      } catch (err) {
        resolve(err instanceof Error ? err.message : String(err));
      }
    }, 50),
  );
}

/** Moves a damaged file aside and starts a fresh one with the readable waiting changes. The caller
 *  has closed its connection. */
export function replaceDamaged(file: string, problem: string, nativeBinding?: string): HealReport {
  const { db, healed } = heal(file, problem, nativeBinding ? { nativeBinding } : {});
  db.close();
  return healed;
}
