// The suggestion pass runs on a thread that gives way to the ones a rep waits on (the window's
// reads, the answers to a key): on Linux the classifier's real worker thread takes a nice value
// above the rest of its process; the process's own threads keep theirs, and so does the writer's
// (a first sync's rows wait on its writes).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from '../../electron/core/host/background';
import { startClassifier } from '../../electron/core/host/classifier-client';
import { startWriter } from '../../electron/core/host/writer-client';
import { openStore } from '../../electron/core/store/index';
import { emptyLearned } from '../../electron/core/suggest/learned';
import { CLASSIFIER_ENTRY, WRITER_ENTRY } from '../../electron/web/core-child-parts';
import { tsWorker } from '../../electron/web/ts-worker';

/** The nice value of each thread of this process (Linux's /proc: the 19th field of a task's stat). */
function nices(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}

const own = (): number => nices()[0]!;
const given = (): number => nices().filter((n) => n === own() + BACKGROUND_NICE).length;

describe('background threads (Linux)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'triage-background-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the classifier's thread gives way; the writer's and the process's own threads keep their priority", async () => {
    const before = own();
    expect(given()).toBe(0);
    const file = join(dir, 'store.sqlite');
    openStore(file).close();
    const writer = startWriter((port) => tsWorker(WRITER_ENTRY, { port }, [port]));
    const classifier = startClassifier((port) => tsWorker(CLASSIFIER_ENTRY, { port }, [port]));
    try {
      // Each call starts its thread and is answered by it (null would mean it did the work in place).
      expect(await writer.write(file, 'threads', { pages: [] })).toEqual({ changed: [] });
      expect(given()).toBe(0);
      expect(await classifier.classify([], { account: 'a', version: '1', model: emptyLearned() })).toEqual(
        [],
      );
      expect(given()).toBe(1);
      expect(own()).toBe(before);
    } finally {
      await writer.close();
      await classifier.close();
    }
  });
});
