// Small JSON documents in the data folder (the account registry, settings): read through a zod
// schema, written atomically and durably (temp file, fsync, rename, fsync of the folder) so a crash
// or power loss mid-write leaves the old file or the new one, never half a file or an empty one.
// A file that fails to parse is kept aside as `<name>.corrupt-<time>` rather than overwritten.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

export function readJson<T>(file: string, schema: z.ZodType<T>, fallback: T): T {
  if (!existsSync(file)) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: keep the unreadable file for a person to look at
  }
  renameSync(file, `${file}.corrupt-${Date.now()}`);
  return fallback;
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(value, null, 2));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  syncDir(dirname(file));
}

/** Makes a rename durable. Some systems (Windows) cannot open a folder: the rename stands anyway. */
function syncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // not supported here
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
