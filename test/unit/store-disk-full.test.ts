// A full disk is said, not hidden: the refused write leaves nothing half-done, what was saved
// stays readable, the message names the folder and the room to free, and once room is made the
// next write succeeds with the same open store. A real small disk (tmpfs) where this machine
// allows mounting one, else SQLite's own page limit, which fails writes the same way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/core/store/index';
import { diskProblem } from '../../electron/core/store/diskErrors';

const dir = mkdtempSync(join(tmpdir(), 'store-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', dir], { stdio: 'ignore' });
  mounted = true;
} catch {
  // Not allowed here: the page limit below stands in for the small disk.
}
afterAll(() => {
  if (mounted) execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(24, '0');

describe(`a full disk (${mounted ? 'a 6 MB tmpfs' : "SQLite's page limit"})`, () => {
  it('is said with the folder and the room to free, keeps what was saved, and writing resumes once there is room', () => {
    const file = join(dir, 'data-default.sqlite');
    const filler = join(dir, 'filler.bin');
    const store: Store = openStore(file);
    if (mounted) writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024));
    else
      store.db.pragma(
        `max_page_count = ${(store.db.pragma('page_count', { simple: true }) as number) + 200}`,
      );

    const big = 'x'.repeat(20_000);
    let saved = 0;
    let refusal: unknown = null;
    for (let i = 0; i < 2000 && !refusal; i++) {
      try {
        store.outbox.add(
          'thread_status',
          hex(i),
          { threadId: hex(i), status: 'interested', previous: 'open', note: big },
          `Verdict ${i}`,
        );
        saved++;
      } catch (err) {
        refusal = err;
      }
    }
    expect(refusal).not.toBeNull();
    expect((refusal as { code: string }).code).toBe('SQLITE_FULL');
    const said = diskProblem(refusal, file)!;
    expect(said).toContain(dir);
    expect(said).toMatch(/is full/);
    expect(said).toMatch(/Free at least 100 MB/);
    if (mounted) expect(said).toMatch(/\(\d+ MB free\)/);

    // Everything saved before the refusal is there; the refused change left nothing behind.
    expect(store.outbox.list()).toHaveLength(saved);
    expect(store.db.pragma('quick_check', { simple: true })).toBe('ok');

    // Room is made (a file deleted, or the limit raised): the same store writes again.
    if (mounted) rmSync(filler);
    else store.db.pragma(`max_page_count = 1073741823`);
    store.outbox.add(
      'thread_status',
      hex(9999),
      { threadId: hex(9999), status: 'done', previous: 'open' },
      'After room',
    );
    expect(store.outbox.list().at(-1)!.summary).toBe('After room');
    store.close();
  });

  it('a read-only folder and an I/O error are said too; other errors are not the disk’s', () => {
    expect(diskProblem({ code: 'SQLITE_READONLY' }, '/data/acc/data.sqlite')).toMatch(
      /may not write to \/data\/acc/,
    );
    expect(diskProblem({ code: 'SQLITE_IOERR_WRITE' }, '/data/acc/data.sqlite')).toMatch(/refused the write/);
    expect(diskProblem({ code: 'SQLITE_CONSTRAINT' }, '/data/acc/data.sqlite')).toBeNull();
    expect(diskProblem(new Error('boom'), '/data/acc/data.sqlite')).toBeNull();
  });
});
