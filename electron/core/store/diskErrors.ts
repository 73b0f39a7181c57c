// A write that the disk refused, said in words a rep can act on: which folder, how much room is
// there and how much to free. SQLite rolls the transaction back, so nothing half-written stays,
// the connection stays usable, and the next write after room is made simply succeeds.
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** Room to ask for: the write-ahead log may grow to 64 MB before it is folded back, plus margin. */
export const ROOM_NEEDED_BYTES = 100 * 1024 * 1024;

const mb = (bytes: number): string => `${Math.max(0, Math.floor(bytes / (1024 * 1024)))} MB`;

function freeBytes(folder: string): number | null {
  try {
    const s = statfsSync(folder);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

/** The words for a refused write, or null when the error is not the disk's. */
export function diskProblem(err: unknown, file: string): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const folder = dirname(file);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    const free = freeBytes(folder);
    return (
      `The change was not saved: the disk holding ${folder} is full` +
      (free === null ? '' : ` (${mb(free)} free)`) +
      `. Free at least ${mb(ROOM_NEEDED_BYTES)} there; the app goes on by itself once there is room, and the changes saved before are kept.`
    );
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return `The change was not saved: the app may not write to ${folder} (the folder is read-only or not yours). Make it writable again; reading goes on meanwhile, and the changes saved before are kept.`;
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN' || code === 'EIO')
    return `The change was not saved: the disk holding ${folder} refused the write (${code}). Check the disk; reading goes on meanwhile, and the changes saved before are kept.`;
  return null;
}
