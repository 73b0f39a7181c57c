// The rate budget's two lanes: the rep's requests never queue; the pull goes unpaced until the
// service says its budget is spent, then waits as asked and keeps below what the service accepted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGate, type Gate } from '../../electron/core/api/lanes';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

/** Starts `n` background requests; `gone` lists them as they may go. */
function queueBackground(
  gate: Gate,
  n: number,
  signal?: AbortSignal,
): { gone: number[]; ends: Promise<unknown>[] } {
  const gone: number[] = [];
  const ends = Array.from({ length: n }, (_, i) =>
    gate.enter('background', signal).then(
      () => gone.push(i),
      (err: unknown) => err,
    ),
  );
  return { gone, ends };
}

/** The service spends its budget: `accepted` answers over the last 2 s, then the requests in
 *  flight all meet a 429. */
function spendBudget(gate: Gate, accepted: number, retryAfterMs = 1000): void {
  for (let i = 0; i < accepted; i++) gate.answered(null);
  for (let i = 0; i < 6; i++) gate.answered(retryAfterMs);
}

describe('the rate budget’s lanes', () => {
  it('lets the pull go unpaced while the service refuses nothing', async () => {
    const gate = createGate();
    const { gone } = queueBackground(gate, 50);
    await vi.advanceTimersByTimeAsync(0);
    expect(gone).toHaveLength(50);
    expect(gate.pace()).toBe(Infinity);
  });

  it('makes only its own request wait for 429s here and there (a blip)', async () => {
    const gate = createGate();
    for (let i = 0; i < 20; i++) gate.answered(i % 3 === 0 ? 1000 : null);
    const { gone } = queueBackground(gate, 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(gone).toHaveLength(3);
  });

  it('holds the pull for the wait the service asked once its budget is spent, never the rep', async () => {
    const gate = createGate();
    spendBudget(gate, 40);
    const { gone } = queueBackground(gate, 2);
    let urgent = false;
    void gate.enter('urgent').then(() => (urgent = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(urgent).toBe(true);
    expect(gone).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(gone.length).toBeGreaterThan(0);
  });

  it('then paces the pull below the rate the service accepted, and the rep’s requests go first', async () => {
    const gate = createGate();
    // 40 accepted in 2 s: 20/s, half of it taken as the rate the first time, 80% of that paced.
    spendBudget(gate, 40);
    expect(gate.pace()).toBe(8);
    const { gone } = queueBackground(gate, 20);
    await vi.advanceTimersByTimeAsync(1000 + 1000);
    const inASecond = gone.length;
    expect(inASecond).toBeGreaterThanOrEqual(7);
    expect(inASecond).toBeLessThanOrEqual(10);
    // Five of the rep's requests go at once, ahead of the queued pull, which gives them back.
    for (let i = 0; i < 5; i++) await gate.enter('urgent');
    await vi.advanceTimersByTimeAsync(1000);
    expect(gone.length - inASecond).toBeLessThanOrEqual(4);
  });

  it('grows the pace back after a quiet while', async () => {
    const gate = createGate();
    spendBudget(gate, 40);
    await vi.advanceTimersByTimeAsync(60_000);
    await gate.enter('urgent');
    expect(gate.pace()).toBeGreaterThan(8 * 1.5);
  });

  it('lets a cancelled pull request out of the queue', async () => {
    const gate = createGate();
    spendBudget(gate, 40);
    const stop = new AbortController();
    const { ends } = queueBackground(gate, 2, stop.signal);
    stop.abort();
    const outcomes = await Promise.all(ends);
    expect(outcomes.map((e) => (e as { kind?: string }).kind)).toEqual(['cancelled', 'cancelled']);
  });
});
