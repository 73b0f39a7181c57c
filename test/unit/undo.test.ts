// The one undo stack and the undo-send window, driven by a hand-cranked clock.
import { describe, expect, it } from 'vitest';
import { holdSend, UndoStack } from '../../src/lib/undo';

function fakeTimers() {
  const due: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
  let next = 1;
  return {
    set: (fn: () => void, ms: number) => {
      due.push({ at: now + ms, fn, id: next });
      return next++;
    },
    clear: (id: unknown) => {
      const i = due.findIndex((d) => d.id === id);
      if (i >= 0) due.splice(i, 1);
    },
    advance(ms: number) {
      now += ms;
      for (const d of due.filter((x) => x.at <= now)) {
        due.splice(due.indexOf(d), 1);
        d.fn();
      }
    },
  };
}

describe('undo stack', () => {
  it('undoes exactly the last action, then the one before, then says there is nothing', async () => {
    const s = new UndoStack();
    const done: string[] = [];
    s.push({ label: 'Interested for Ana', undo: () => void done.push('verdict') });
    const snooze = s.push({ label: 'Snooze of Boris', undo: () => void done.push('snooze') });
    expect(s.peek()).toBe('Snooze of Boris');
    await s.pop()!.undo();
    expect(done).toEqual(['snooze']);
    expect(s.pop()!.label).toBe('Interested for Ana');
    expect(s.pop()).toBeNull();
    // Taking off an entry that is gone already changes nothing.
    s.remove(snooze);
    expect(s.size).toBe(0);
  });

  it('forgets an action that can no longer be undone, wherever it sits', () => {
    const s = new UndoStack();
    const a = s.push({ label: 'a', undo: () => undefined });
    s.push({ label: 'b', undo: () => undefined });
    s.remove(a);
    expect(s.pop()!.label).toBe('b');
    expect(s.pop()).toBeNull();
  });

  it('takes the newest action of one view, leaving those of the others in their order', () => {
    const s = new UndoStack();
    s.push({ label: 'snooze', undo: () => undefined, place: 'threads' });
    s.push({ label: 'pause', undo: () => undefined, place: 'campaigns' });
    s.push({ label: 'verdict', undo: () => undefined, place: 'threads' });
    expect(s.pop('campaigns')!.label).toBe('pause');
    expect(s.pop('campaigns')).toBeNull();
    expect(s.newest()!.label).toBe('verdict');
    expect(s.pop('threads')!.label).toBe('verdict');
    expect(s.pop('threads')!.label).toBe('snooze');
    expect(s.size).toBe(0);
  });
});

describe('undo-send window', () => {
  it('sends when the window ends, and a cancel inside it means never sent', () => {
    const t = fakeTimers();
    const sent: string[] = [];
    const first = holdSend(5000, () => sent.push('first'), t);
    const second = holdSend(5000, () => sent.push('second'), t);
    t.advance(4999);
    expect(second.cancel()).toBe(true);
    t.advance(1);
    expect(sent).toEqual(['first']);
    expect(first.cancel()).toBe(false);
    t.advance(60_000);
    expect(sent).toEqual(['first']);
    expect(second.flush()).toBe(false);
  });

  it('sends at once with no window, and flush skips the rest of one', () => {
    const t = fakeTimers();
    const sent: string[] = [];
    expect(holdSend(0, () => sent.push('now'), t).cancel()).toBe(false);
    const held = holdSend(5000, () => sent.push('flushed'), t);
    expect(held.flush()).toBe(true);
    t.advance(5000);
    expect(sent).toEqual(['now', 'flushed']);
  });
});
