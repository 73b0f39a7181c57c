// Small JSON documents in the data folder (the account registry, settings): read through a zod
// schema, written atomically (temp file + rename) so a crash mid-write never leaves half a file.
// A file that fails to parse is kept aside as `<name>.corrupt-<time>` rather than overwritten.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  writeFileSync(tmp, JSON.stringify(value, null, 2), { mode: 0o600 });
  renameSync(tmp, file);
}
