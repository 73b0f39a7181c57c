// The sandbox's pure parts: the fault spec language, the token bucket, ids and bodies.
import { describe, expect, it } from 'vitest';
import { decodeKind, encodeKind, htmlToText, renderBody } from '../../electron/sandbox/bodies';
import { corruptType, FaultInjector, normalizeFaults, parseFaultSpec } from '../../electron/sandbox/faults';
import { IdMaker, mulberry32 } from '../../electron/sandbox/prng';
import { RateLimiter } from '../../electron/sandbox/ratelimit';

describe('fault spec', () => {
  it('parses kinds, rates and a latency range', () => {
    expect(
      parseFaultSpec(
        'latency=20-200:0.3,429:0.05,500:0.05,reset:0.02,truncate:0.02,malformed:0.02,wrongtype:0.02',
      ),
    ).toEqual({
      latency: { rate: 0.3, minMs: 20, maxMs: 200 },
      '429': { rate: 0.05 },
      '500': { rate: 0.05 },
      reset: { rate: 0.02 },
      truncate: { rate: 0.02 },
      malformed: { rate: 0.02 },
      wrongtype: { rate: 0.02 },
    });
    expect(parseFaultSpec('latency=50:1')).toEqual({ latency: { rate: 1, minMs: 50, maxMs: 50 } });
    expect(parseFaultSpec(' ')).toEqual({});
  });

  it('"all" switches every kind on at one rate', () => {
    const all = parseFaultSpec('all:0.05');
    expect(Object.keys(all).sort()).toEqual([
      '400',
      '429',
      '500',
      'latency',
      'malformed',
      'reset',
      'truncate',
      'wrongtype',
    ]);
    expect(Object.values(all).every((r) => r.rate === 0.05)).toBe(true);
  });

  it.each([
    ['reset', /expected kind\[=params\]:rate/],
    ['reset:', /rate must be a number from 0 to 1/],
    ['reset:1.5', /rate must be a number from 0 to 1/],
    ['reset:-0.1', /rate must be a number from 0 to 1/],
    ['boom:0.1', /unknown kind "boom"/],
    ['reset=3:0.1', /takes no parameters/],
    ['latency=fast:0.1', /latency takes MS or MIN-MAX/],
    ['latency=200-20:0.1', /latency range/],
    ['all=1:0.1', /takes no parameters/],
  ])('refuses %s with a message naming it', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(message);
    expect(() => parseFaultSpec(spec)).toThrow(spec.split(':')[0]!);
  });

  it('checks the object form too', () => {
    expect(normalizeFaults(null)).toEqual({});
    expect(normalizeFaults({ reset: { rate: 0.5 } })).toEqual({ reset: { rate: 0.5 } });
    expect(() => normalizeFaults({ nope: { rate: 0.5 } } as never)).toThrow(/unknown fault kind/);
  });

  it('plans the same faults for the same seed', () => {
    const plans = (seed: number) => {
      const f = new FaultInjector(seed);
      f.set(parseFaultSpec('all:0.1'));
      return Array.from({ length: 200 }, () => f.plan());
    };
    expect(plans(1)).toEqual(plans(1));
    expect(plans(1)).not.toEqual(plans(2));
  });

  it('a wrong-type fault changes the type of one field of the first record', () => {
    const value = { data: [{ _id: 'abc', n: 3 }], pagination: { page: 1 } };
    const bad = corruptType(value, 0) as { data: { _id: unknown }[] };
    expect(typeof bad.data[0]!._id).toBe('number');
    expect(value.data[0]!._id).toBe('abc');
    const empty = corruptType({ data: [], pagination: { total: 0 } }, 0) as {
      pagination: { total: unknown };
    };
    expect(empty.pagination.total).toBe('0');
  });
});

describe('rate limiter', () => {
  it('allows a burst, refills at the rate, and answers whole seconds to wait', () => {
    let now = 0;
    const rl = new RateLimiter({ perSecond: 2, burst: 3 }, () => now);
    expect([rl.take('k'), rl.take('k'), rl.take('k')].every((r) => r.ok)).toBe(true);
    expect(rl.take('k')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(rl.take('other').ok).toBe(true);
    now = 500;
    expect(rl.take('k').ok).toBe(true);
    expect(rl.take('k').ok).toBe(false);
    const slow = new RateLimiter({ perSecond: 0.25, burst: 1 }, () => now);
    slow.take('k');
    expect(slow.take('k')).toEqual({ ok: false, retryAfterSeconds: 4 });
    expect(new RateLimiter(false).take('k').ok).toBe(true);
  });
});

describe('ids and bodies', () => {
  it('makes unique 24-hex ids that carry their time', () => {
    const ids = new IdMaker(1);
    const a = ids.next(8, Date.UTC(2026, 0, 1));
    const b = ids.next(8, Date.UTC(2026, 0, 1));
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
    expect(parseInt(a.slice(0, 8), 16)).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect(new IdMaker(1).next(8, 0)).toBe(new IdMaker(1).next(8, 0));
    expect(new IdMaker(1).next(8, 0)).not.toBe(new IdMaker(2).next(8, 0));
  });

  it('mulberry32 is a fixed sequence', () => {
    const r = mulberry32(42);
    const first = [r(), r(), r()];
    const again = mulberry32(42);
    expect([again(), again(), again()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('renders the same body from the same kind and seed, with text alongside', () => {
    const ctx = {
      kind: encodeKind('interested', 'script'),
      seed: 99,
      prospectFirst: 'Ana',
      prospectLast: 'Silva',
      company: 'Acme Labs',
      senderName: 'Bo Chen',
    };
    const body = renderBody(ctx);
    expect(renderBody(ctx)).toEqual(body);
    expect(body.bodyHtml).toContain('<script>');
    expect(body.bodyText).not.toContain('<script>');
    expect(body.bodyText).toContain('Hi Bo,');
    expect(body.bodyText).toContain('> Hi Ana,');
    expect(decodeKind(ctx.kind)).toEqual({ intent: 'interested', hostile: 'script' });
    const huge = renderBody({ ...ctx, kind: encodeKind('question', 'huge') });
    expect(huge.bodyHtml.length).toBeGreaterThan(900_000);
  });

  it('turns reply HTML into text', () => {
    expect(htmlToText('<p>Hi &amp; bye</p><script>x()</script><p>Line<br>two</p>')).toBe(
      'Hi & bye\nLine\ntwo',
    );
  });
});
