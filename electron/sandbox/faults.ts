// Injected faults: latency, 429s, 500s, 400 refusals, connection resets, truncated bodies, malformed JSON and
// fields of the wrong type, each at its own rate and drawn from a PRNG stream of their own, so a
// given seed and request sequence always fails the same way.
//
// When they strike: `latency`, `429`, `500` and `400` act BEFORE the handler runs (nothing changes;
// a 400 is the service refusing the request, which a client must not try again as it is);
// `reset`, `truncate`, `malformed` and `wrongtype` act AFTER it ran, on the way out, so a mutating
// request (a reply, a rename) HAS been applied although the client never sees a clean answer.
import { mixSeed, mulberry32, type Rng } from './prng';

export const FAULT_KINDS = [
  'latency',
  '429',
  '500',
  '400',
  'reset',
  'truncate',
  'malformed',
  'wrongtype',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  /** Probability per request, 0..1. */
  rate: number;
  /** Latency only: bounds of the added delay in milliseconds. */
  minMs?: number;
  maxMs?: number;
}
export type FaultSpec = Partial<Record<FaultKind, FaultRule>>;

const DEFAULT_LATENCY: [number, number] = [20, 200];

export class FaultSpecError extends Error {}

function parseRate(text: string, item: string): number {
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new FaultSpecError(`fault "${item}": rate must be a number from 0 to 1, got "${text}"`);
  }
  return rate;
}

/**
 * Parses `kind[=params]:rate,...`, e.g. `latency=20-200:0.3,429:0.05,reset:0.02` or `all:0.05`.
 * Throws FaultSpecError with a message naming the bad item.
 */
export function parseFaultSpec(spec: string): FaultSpec {
  const out: FaultSpec = {};
  for (const raw of spec.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const colon = item.lastIndexOf(':');
    if (colon < 0) throw new FaultSpecError(`fault "${item}": expected kind[=params]:rate`);
    const head = item.slice(0, colon);
    const rate = parseRate(item.slice(colon + 1), item);
    const [kind = '', params] = head.split('=', 2) as [string, string | undefined];
    if (kind === 'all') {
      if (params !== undefined) throw new FaultSpecError(`fault "${item}": "all" takes no parameters`);
      for (const k of FAULT_KINDS) out[k] = k === 'latency' ? latencyRule(rate, undefined, item) : { rate };
      continue;
    }
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
      throw new FaultSpecError(
        `fault "${item}": unknown kind "${kind}" (known: ${FAULT_KINDS.join(', ')}, all)`,
      );
    }
    if (kind === 'latency') out.latency = latencyRule(rate, params, item);
    else if (params !== undefined) throw new FaultSpecError(`fault "${item}": "${kind}" takes no parameters`);
    else out[kind as FaultKind] = { rate };
  }
  return out;
}

function latencyRule(rate: number, params: string | undefined, item: string): FaultRule {
  if (params === undefined) return { rate, minMs: DEFAULT_LATENCY[0], maxMs: DEFAULT_LATENCY[1] };
  const m = /^(\d+)(?:-(\d+))?$/.exec(params);
  if (!m) throw new FaultSpecError(`fault "${item}": latency takes MS or MIN-MAX milliseconds`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min || max > 60_000)
    throw new FaultSpecError(`fault "${item}": latency range must be MIN <= MAX <= 60000`);
  return { rate, minMs: min, maxMs: max };
}

/** Checks the object form as strictly as the string form. */
export function normalizeFaults(spec: string | FaultSpec | null | undefined): FaultSpec {
  if (spec === null || spec === undefined) return {};
  if (typeof spec === 'string') return parseFaultSpec(spec);
  const out: FaultSpec = {};
  for (const [kind, rule] of Object.entries(spec)) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind))
      throw new FaultSpecError(`unknown fault kind "${kind}"`);
    if (!rule || typeof rule.rate !== 'number' || !(rule.rate >= 0 && rule.rate <= 1)) {
      throw new FaultSpecError(`fault "${kind}": rate must be a number from 0 to 1`);
    }
    out[kind as FaultKind] =
      kind === 'latency'
        ? {
            rate: rule.rate,
            minMs: rule.minMs ?? DEFAULT_LATENCY[0],
            maxMs: rule.maxMs ?? rule.minMs ?? DEFAULT_LATENCY[1],
          }
        : { rate: rule.rate };
  }
  return out;
}

export type Before = '429' | '500' | '400' | null;
export type After = 'reset' | 'truncate' | 'malformed' | 'wrongtype' | null;
export interface FaultPlan {
  delayMs: number;
  before: Before;
  after: After;
}

// '400' after the others: at rate 0 it moves no edge, so older specs fail the same requests.
const BEFORE_KINDS = ['429', '500', '400'] as const;
const AFTER_KINDS = ['reset', 'truncate', 'malformed', 'wrongtype'] as const;

export class FaultInjector {
  private rng: Rng;
  private spec: FaultSpec = {};
  readonly counts: Record<string, number> = {};

  constructor(seed: number) {
    this.rng = mulberry32(mixSeed('faults', seed));
  }

  set(spec: FaultSpec): void {
    this.spec = spec;
  }

  /** Draws the same number of values per request whatever the spec, so streams stay aligned. */
  plan(): FaultPlan {
    const [rLat, rLatMs, rKind] = [this.rng(), this.rng(), this.rng()];
    let delayMs = 0;
    const lat = this.spec.latency;
    if (lat && rLat < lat.rate) {
      const min = lat.minMs ?? DEFAULT_LATENCY[0];
      const max = lat.maxMs ?? min;
      delayMs = Math.round(min + rLatMs * (max - min));
      this.count('latency');
    }
    // One of the other kinds at most per request: their rates partition [0, 1).
    let edge = 0;
    let before: Before = null;
    let after: After = null;
    for (const kind of [...BEFORE_KINDS, ...AFTER_KINDS]) {
      edge += this.spec[kind]?.rate ?? 0;
      if (rKind < edge) {
        if (kind === '429' || kind === '500' || kind === '400') before = kind;
        else after = kind;
        break;
      }
    }
    return { delayMs, before, after };
  }

  count(kind: FaultKind): void {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
  }
}

/** Swaps one field's type (string <-> number, array/object -> string) in the first record found. */
export function corruptType(value: unknown, pickIndex: number): unknown {
  if (!value || typeof value !== 'object') return value;
  const root = structuredClone(value) as Record<string, unknown>;
  let target: Record<string, unknown> = root;
  const data = root.data;
  if (Array.isArray(data) && data.length > 0 && data[0] && typeof data[0] === 'object') {
    target = data[0] as Record<string, unknown>;
  } else if (Array.isArray(data) && root.pagination && typeof root.pagination === 'object') {
    target = root.pagination as Record<string, unknown>;
  }
  const keys = Object.keys(target);
  if (keys.length === 0) return root;
  const key = keys[pickIndex % keys.length]!;
  const v = target[key];
  target[key] =
    typeof v === 'number' ? String(v) : typeof v === 'string' ? v.length : String(JSON.stringify(v));
  return root;
}
