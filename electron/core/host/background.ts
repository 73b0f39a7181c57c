// A thread whose work no key waits on (the suggestion pass) gives way to the ones a rep waits on
// (the window's reads, the bridge, the core's answers to a key) whenever the machine's cores are
// all busy; on an idle machine it runs as fast as before. The writer's thread is not one: a first
// sync's rows wait on its writes. On Linux a thread has a nice value of its own, so raising the
// calling thread's leaves the rest of the process as it was; elsewhere the call would lower the
// whole process, reads included, so it is left alone there.
import { getPriority, setPriority } from 'node:os';

/** How far a background thread's nice value goes above its process's: below normal, still well
 *  above idle. */
export const BACKGROUND_NICE = 5;

export function runInBackground(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(Math.min(19, getPriority() + BACKGROUND_NICE));
  } catch {
    // A sandbox that forbids it changes only how soon the rep's own threads are scheduled.
  }
}
